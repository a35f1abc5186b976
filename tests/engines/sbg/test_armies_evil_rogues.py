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


def test_a_dismounted_khandish_horseman_drops_his_bow_or_his_axe() -> None:
    """BSData Khandish Horseman: dismounted, he drops his bow or his hand-and-a-half axe (the
    controller's choice; heuristic: the bow with an enemy near); a rider without the rule
    keeps both."""
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
    from battlesim.engines.sbg.rules.cavalry import unhorse

    def rider(*rules: str) -> Profile:
        base = replace(WARRIOR, rules=rules, wargear=("hand-and-a-half axe", "bow"))
        return profile_from_data({**profile_to_data(base), "options": ["horse"]})

    state = battle()
    horseman = add(state, "K", 1, 10, 10, rider("Khandish Horseman"))
    add(state, "E", 0, 16, 10)
    plain = add(state, "P", 1, 30, 30, rider())
    unhorse(state, horseman)
    unhorse(state, plain)
    assert horseman.missile is None and horseman.weapon is not None
    assert plain.missile is not None


def test_whoever_strikes_sharkey_is_accursed() -> None:
    """BSData Whoever Strikes me shall be Accursed: the model that struck Sharkey tests its
    Courage (2D6 3+3 + Courage 3 = 9: failed) and suffers a S4 hit (S4 v D4: a 4 wounds)."""
    from battlesim.engines.sbg.core.state import Happening, On, notify
    from battlesim.engines.sbg.rules.armies.evil.sharkey import _curse

    state = battle([3, 3, 4])
    wizard = replace(WARRIOR, keywords=frozenset({"wizard", "hero"}), rules=())
    sharkey = add(state, "S", 1, 10, 10, _with(wizard, "Whoever Strikes me shall be Accursed"))
    hobbit = add(state, "H", 0, 11, 10, WARRIOR)
    bystander = add(state, "B", 0, 30, 10, WARRIOR)
    notify(state, On.STRIKE, Happening(hobbit, other=sharkey))
    _curse(state, [hobbit, bystander], [sharkey])
    assert not hobbit.alive and bystander.alive


def test_a_two_handed_staff_is_a_two_handed_weapon() -> None:
    """Sharkey's Two-handed Staff (no rule text): two-handed, striking as a staff (Stun)."""
    from battlesim.engines.sbg.core.arms import HAND_WEAPONS, Handedness

    staff = HAND_WEAPONS["two-handed staff"]
    assert staff.handedness is Handedness.TWO_HANDED


def test_smoke_bombs_transfix_a_survivor_without_will_and_can_run_out() -> None:
    """BSData Smoke Bombs: a throwing weapon of S1 (Shoot 4+: a 4 hits; S1 v D4 cannot
    wound on a 1): the Warrior hit, alive and without Will, is Transfixed (channelled: held,
    Fight and Attacks halved); a Hero spends a Will point instead; a 1 To Hit ends the
    supply."""
    from battlesim.engines.sbg.core import effects
    from battlesim.engines.sbg.core.effects import Bar
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
    from battlesim.engines.sbg.rules import special_shots
    from battlesim.engines.sbg.rules.special_shots import ShotOption

    data = {**profile_to_data(ORC_HERO), "wargear": ["Smoke Bombs", "Sword"]}
    state = battle([4, 1, 4, 1, 1])
    dalamyr = add(state, "D", 1, 10, 10, profile_from_data(data))
    warrior = add(state, "W", 0, 14, 10, replace(WARRIOR, fight=4))
    hero = add(state, "H", 0, 14, 14, replace(ORC_HERO, will=2))
    special_shots.take(state, dalamyr, ShotOption("smoke bombs", "W"))
    assert warrior.alive and effects.barred(state, warrior, Bar.MOVE)
    dalamyr.shot = False
    special_shots.take(state, dalamyr, ShotOption("smoke bombs", "H"))
    assert hero.will == 1 and not effects.barred(state, hero, Bar.MOVE)
    dalamyr.shot = False
    special_shots.take(state, dalamyr, ShotOption("smoke bombs", "H"))  # a 1 To Hit
    dalamyr.shot = False
    assert special_shots.options(state, dalamyr) == []


def test_mindless_killers_far_from_the_bosun_rampage_on_a_failed_test() -> None:
    """BSData Mindless Killers: a Reaver 6" or more from its Bo'sun tests its Courage (1 + 1
    + 3: failed): it must charge the nearest enemy, has +1 To Wound and charges Terror
    untested; one beside the Bo'sun does not test."""
    from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
    from battlesim.engines.sbg.core.permissions import May, permitted
    from battlesim.engines.sbg.rules.movement import MUST_CHARGE

    state = battle([1, 1])
    reaver = add(state, "R", 1, 10, 10, _with(WARRIOR, "Mindless Killers"))
    add(state, "B", 1, 30, 30, replace(WARRIOR, name="Corsair Bo'sun"))
    near = add(state, "N", 0, 14, 10)
    far = add(state, "F", 0, 20, 10)
    tests = [t for t in (rule(state, reaver) for rule in MUST_CHARGE) if t is not None]
    assert tests and tests[0](near) and not tests[0](far)
    assert modifier(Hook.WOUND_ROLL, HookContext(state, reaver, near)) == 1
    terror = HookContext(state, reaver, details={"reason": "terror"})
    assert permitted(May.PASS_COURAGE_UNTESTED, terror)
    calm = battle()
    steady = add(calm, "R", 1, 10, 10, _with(WARRIOR, "Mindless Killers"))
    add(calm, "B", 1, 12, 10, replace(WARRIOR, name="Corsair Bo'sun"))
    add(calm, "N", 0, 14, 14)
    assert all(rule(calm, steady) is None for rule in MUST_CHARGE)
