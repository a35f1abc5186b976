"""Evil army rules XIII (issue 19): Gollum's The Precious and Amdûr's The Lord of Blades,
from the BattleScribe rule text; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.state import Phase, Removal, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.armies.evil.precious import _lord_of_blades
from battlesim.engines.sbg.rules.one_ring import RING, bears_ring
from tests.engines.sbg.builders import WARRIOR, add, battle, players

HERO = replace(WARRIOR, might=2, will=1, fate=1, keywords=frozenset({"man", "infantry", "hero"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_gollum_has_the_ring_unless_another_bearer_is_in_play() -> None:
    """BSData The Precious: no other Ringbearer: Gollum has the Ring as the turn starts;
    with Frodo carrying it, he has not."""
    state = battle()
    gollum = add(state, "G", 1, 10, 10, _with(HERO, "The Precious", name="Gollum"))
    tick(state, Tick.TURN_START)
    assert bears_ring(gollum)
    other = battle()
    smeagol = add(other, "G", 1, 10, 10, _with(HERO, "The Precious", name="Gollum"))
    add(other, "F", 0, 20, 10, replace(HERO, name="Frodo", wargear=("the one ring",)))
    tick(other, Tick.TURN_START)
    assert not bears_ring(smeagol)


def test_gollum_recovers_the_ring_from_a_bearer_he_slays() -> None:
    """BSData The Precious: the Ringbearer slain in a fight with Gollum: he has the Ring."""
    state = battle()
    gollum = add(state, "G", 1, 10, 10, _with(HERO, "The Precious", name="Gollum"))
    frodo = add(state, "F", 0, 11, 10, replace(HERO, name="Frodo", wargear=("the one ring",)))
    assert RING in frodo.triggers and not bears_ring(gollum)
    state.remove(frodo, Removal.SLAIN, "struck by G")
    assert bears_ring(gollum)


def test_the_lord_of_blades_answers_a_heroic_strike_for_free() -> None:
    """BSData The Lord of Blades: an enemy in contact declares a Heroic Strike: Amdûr
    declares one too, spending no Might."""
    state = battle()
    amdur = add(state, "A", 1, 10, 10, _with(HERO, "The Lord of Blades", might=0))
    foe = add(state, "H", 0, 20, 10, HERO)
    state.set_position(foe, (10 + amdur.radius + foe.radius, 10))
    state.phase = Phase.FIGHT
    state.players = players()
    _lord_of_blades(state, state.players, Phase.FIGHT, ha.Declaration("H", ha.HEROIC_STRIKE, 0))
    mine = [d for d in ha.declarations(state) if d.hero == "A"]
    assert [d.action for d in mine] == [ha.HEROIC_STRIKE] and amdur.might == 0
