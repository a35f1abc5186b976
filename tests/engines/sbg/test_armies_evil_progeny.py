"""The Spider Queen's Progeny (BSData 706c-e0ef-fc5f-d441, rules/armies/evil/progeny.py): Will
spent for Broodlings placed within 3" of her, never touching an enemy; a Broodling moves the
turn it arrives and its casualty does not count towards Broken. Fails when the unit is
removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.checks import invariant_breaches
from battlesim.engines.sbg.core.state import Phase, Removal
from battlesim.engines.sbg.rules.armies.evil.progeny import PROGENY
from tests.engines.sbg.builders import WARRIOR, add, battle

QUEEN = replace(
    WARRIOR,
    name="The Spider Queen",
    will=3,
    wounds=3,
    base_mm=60.0,
    keywords=frozenset({"spider", "mirkwood", "monster", "infantry", "hero"}),
    rules=("Progeny",),
)


def test_progeny_summons_broodlings_for_will_near_her_and_not_touching_enemies() -> None:
    """An enemy 10" away and two friends: the heuristic spends every Will point but one (2
    Broodlings) as the Move phase starts; each stands within 3" of her, touches no enemy, is
    of her side, and the battle's invariants hold; its casualty is none of her army's."""
    state = battle()
    queen = add(state, "B1", 1, 20, 20, QUEEN)
    enemy = add(state, "A1", 0, 20 + queen.radius + 10, 20)
    add(state, "B2", 1, 40, 40)
    add(state, "B3", 1, 42, 40)
    state.begin_phase(Phase.MOVE)
    brood = [m for m in state.living(1) if m.profile.name == "Broodling"]
    assert len(brood) == 2 and queen.will == 1
    for b in brood:
        gap = state.distance(queen, b)  # base to base
        assert 0 <= gap <= 3.0 and b.profile.name == "Broodling"
        assert b.uid not in state.touching[enemy.uid] and not state.engaged(b)
        assert not b.done_moving and not b.moved
    assert invariant_breaches(state) == []
    before = state.casualties[1]
    state.remove(brood[0], Removal.SLAIN, "test")
    assert state.casualties[1] == before
    assert invariant_breaches(state) == []


def test_progeny_no_enemy_near_no_broodling() -> None:
    state = battle()
    queen = add(state, "B1", 1, 5, 5, QUEEN)
    add(state, "A1", 0, 40, 40)
    state.begin_phase(Phase.MOVE)
    assert queen.will == 3 and len(state.living(1)) == 1
    assert PROGENY in queen.triggers
