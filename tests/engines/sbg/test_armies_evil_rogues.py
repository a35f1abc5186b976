"""Evil army rules XII (issue 19): Sharkey's Ruffians against Hobbits, Fimbul's Hunt Master
and Narzug's Lethal Aim, from the BattleScribe rule text cited by name; each test fails when
the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import Phase
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.kinds import sure_footed
from battlesim.engines.sbg.rules.magic.powers_rare import paralysed
from battlesim.engines.sbg.rules.might import MightRoll, budget
from battlesim.engines.sbg.rules.monsters.core import BPAS, BpaFight, BpaOption, options_for
from tests.engines.sbg.builders import WARRIOR, add, battle

RUFFIAN = replace(WARRIOR, keywords=frozenset({"man", "ruffian", "infantry", "warrior"}))
HOBBIT = replace(WARRIOR, strength=2, keywords=frozenset({"hobbit", "infantry", "warrior"}))
ORC_HERO = replace(WARRIOR, might=1, will=1, fate=1, keywords=frozenset({"orc", "hero"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def _touch(state, a, b) -> None:  # type: ignore[no-untyped-def]
    state.set_position(b, (a.x + a.radius + b.radius, a.y))


def _fight(state, winner, losers) -> BpaFight:  # type: ignore[no-untyped-def]
    return BpaFight(state, Combat(winner, losers), winner, HeuristicPlayer(), [winner], losers)


def test_put_em_in_chains_binds_a_hobbit_on_a_roll_over_its_strength() -> None:
    """BSData Put 'em in Chains: instead of Strikes (no Monster needed), a D6 higher than the
    Hobbit's Strength (3 > 2) binds it: Paralysed; a 2 does not; a Man cannot be chained."""
    state = battle([3])
    sid = add(state, "S", 1, 10, 10, _with(RUFFIAN, "Put 'em in Chains"))
    hobbit = add(state, "H", 0, 11, 10, HOBBIT)
    man = add(state, "M", 0, 10, 11, WARRIOR)
    fight = _fight(state, sid, [hobbit, man])
    assert {o.target for o in options_for(fight)} == {"H"}
    BPAS["put 'em in chains"].resolve(fight, hobbit)
    assert paralysed(state, hobbit)
    again = battle([2])
    other = add(again, "S", 1, 10, 10, _with(RUFFIAN, "Put 'em in Chains"))
    lucky = add(again, "H", 0, 11, 10, HOBBIT)
    BPAS["put 'em in chains"].resolve(_fight(again, other, [lucky]), lucky)
    assert not paralysed(again, lucky)
    plain = battle()
    ruffian = add(plain, "S", 1, 10, 10, RUFFIAN)
    assert options_for(_fight(plain, ruffian, [add(plain, "H", 0, 11, 10, HOBBIT)])) == []


def test_at_em_lads_adds_fight_against_hobbits_and_chains_them() -> None:
    """BSData At 'em Lads!: +1 Fight value in a fight with a Hobbit (not with a Man); the
    same chains."""
    state = battle()
    ruffian = add(state, "R", 1, 10, 10, _with(RUFFIAN, "At 'em Lads!"))
    hobbit = add(state, "H", 0, 20, 10, HOBBIT)
    _touch(state, ruffian, hobbit)
    assert modifier(Hook.FIGHT, HookContext(state, ruffian)) == 1
    assert BpaOption("at 'em lads!", "H") in options_for(_fight(state, ruffian, [hobbit]))
    other = battle()
    lad = add(other, "R", 1, 10, 10, _with(RUFFIAN, "At 'em Lads!"))
    man = add(other, "M", 0, 20, 10)
    _touch(other, lad, man)
    assert modifier(Hook.FIGHT, HookContext(other, lad)) == 0


def test_lethal_aim_a_free_might_point_on_shots_only() -> None:
    """BSData Lethal Aim (Narzug; played by the shared might.FREE_SHOOTING_POINT): one free
    Might point each turn (even with none) on his shots' rolls; none for a Duel."""
    state = battle()
    narzug = add(state, "N", 1, 10, 10, _with(ORC_HERO, "Lethal Aim", might=0))
    state.phase = Phase.SHOOT
    assert budget(state, narzug, MightRoll.TO_HIT) == 1
    assert budget(state, narzug, MightRoll.TO_WOUND) == 1
    assert budget(state, narzug, MightRoll.DUEL) == 0
    state.phase = Phase.FIGHT
    assert budget(state, narzug, MightRoll.TO_WOUND) == 0


def test_hunt_master_ignores_the_cavalry_terrain_penalties() -> None:
    """BSData Hunt Master: mounted, Fimbul does not pay Cavalry's fourfold cost in
    difficult terrain (CAV-MOVE-03) nor lose his charge bonuses in it (CAV-MOVE-04)."""
    from battlesim.engines.sbg.rules.movement import _cavalry

    rider = replace(ORC_HERO, keywords=frozenset({"orc", "hero", "cavalry"}))
    state = battle()
    fimbul = add(state, "F", 1, 10, 10, _with(rider, "Hunt Master"))
    other = add(state, "O", 1, 20, 10, rider)
    assert not _cavalry(fimbul) and _cavalry(other)
    assert sure_footed(fimbul) and not sure_footed(other)
