"""Evil army rules I (issue 19): Orcs, Goblins, Bats, Berserkers and the Mûmak's presence,
each from the BattleScribe rule text cited by its rule id; every test fails when the rule's
unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import Phase
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.fighting import assign_supporters, duel, strike
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, rolls

ORC = replace(WARRIOR, name="Test Orc", keywords=frozenset({"orc", "infantry", "warrior"}))
HERO = replace(ORC, name="Test Orc Hero", might=1, will=0, fate=0, keywords=ORC.keywords | {"hero"})


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


# --- Names the data gives a rulebook rule under (core/names_evil.yaml) ---------------------


def test_swift_movement_is_the_rulebook_spider_climb() -> None:
    """BSData c586-a0bc-b512-a547 Swift Movement repeats SR-SPIDERCLIMB (002:L2837): full
    speed through any difficult terrain."""
    state = battle()
    spider = add(state, "S", 1, 10, 10, _with(ORC, "Swift Movement (Active)"))
    plain = add(state, "P", 1, 20, 10, ORC)
    assert permitted(May.CROSS_DIFFICULT_AS_OPEN, HookContext(state, spider))
    assert not permitted(May.CROSS_DIFFICULT_AS_OPEN, HookContext(state, plain))


def test_fell_sight_is_the_rulebook_see_the_unseen() -> None:
    """BSData edf7-86c5-28cd-59d1 Fell Sight repeats SR-SEEUNSEEN (002:L2885-2887): charges
    without Line of Sight and targets Stealth models without penalty."""
    state = battle()
    warg = add(state, "W", 1, 10, 10, _with(ORC, "Fell Sight (Passive)"))
    assert permitted(May.CHARGE_UNSEEN, HookContext(state, warg))
    assert permitted(May.SEE_STEALTHY, HookContext(state, warg))


# --- Many Blades, Blinding Swarm, For the Dark Lord! -----------------------------------------


def test_many_blades_gives_an_infantry_model_one_more_attack() -> None:
    """BSData bc3c-f670-85e1-2310: +1 Attack whilst the model has the Infantry keyword."""
    state = battle()
    hunter = add(state, "H", 1, 10, 10, _with(ORC, "Many Blades (Active)"))
    rider = add(
        state,
        "R",
        1,
        20,
        10,
        _with(ORC, "Many Blades (Active)", keywords=frozenset({"orc", "cavalry", "warrior"})),
    )
    assert modifier(Hook.ATTACKS, HookContext(state, hunter)) == 1
    assert modifier(Hook.ATTACKS, HookContext(state, rider)) == 0


def test_blinding_swarm_halves_the_fight_value_of_an_engaged_enemy() -> None:
    """BSData 89c6-d516-952f-b339: an enemy Engaged with a Bat Swarm has its Fight value
    halved, rounding down: F5 becomes F2 in contact, stays F5 out of contact."""
    state = battle()
    bats = add(state, "B", 1, 10, 10, _with(ORC, "Blinding Swarm (Passive)"))
    hero = add(state, "E", 0, 10 + BASE_GAP, 10, replace(WARRIOR, fight=5))
    far = add(state, "F", 0, 30, 10, replace(WARRIOR, fight=5))
    assert bats.alive
    assert modifier(Hook.FIGHT, HookContext(state, hero)) == -3
    assert modifier(Hook.FIGHT, HookContext(state, far)) == 0


def test_for_the_dark_lord_sets_courage_to_six_while_a_ringwraith_lives() -> None:
    """BSData 41a8-6de9-a625-8e2d: Courage 6 while a friendly Ringwraith is on the
    battlefield: 2+2 on the dice with Courage 6 reaches 10 and passes (Courage 4 fails)."""
    captain = _with(HERO, "For the Dark Lord! (Passive)", courage=4)
    wraith = replace(ORC, name="Ringwraith", keywords=frozenset({"ringwraith", "infantry"}))
    state = battle([2, 2, 2, 2])
    model = add(state, "C", 1, 10, 10, captain)
    add(state, "N", 1, 20, 10, wraith)
    assert courage_test(state, model, "test")
    alone = battle([2, 2])
    lonely = add(alone, "C", 1, 10, 10, captain)
    assert not courage_test(alone, lonely, "test")


# --- Whip of the Masters, Power from Death ----------------------------------------------------


def _declare_move(dice: list[int], master_at: float) -> tuple[object, list[int]]:
    state = battle(dice)
    hero = add(state, "H", 1, 10, 10, HERO)
    add(state, "T", 1, master_at, 10, _with(ORC, "Whip of the Masters (Active)"))
    ha._declare(state, players(), 1, Phase.MOVE, (hero.uid, ha.HEROIC_MOVE))
    return hero, [d for _, ds in rolls(state) for d in ds]


def test_whip_of_the_masters_refunds_the_might_on_a_four() -> None:
    """BSData e4f9-3fa2-607e-f5d0: a Hero within 6" of the Taskmaster declaring a Heroic
    Move rolls a D6; on a 4+ the action costs no Might; on a 3 the point is spent."""
    hero, dice = _declare_move([4], master_at=14)
    assert hero.might == 1 and dice == [4]  # type: ignore[attr-defined]
    hero, dice = _declare_move([3], master_at=14)
    assert hero.might == 0 and dice == [3]  # type: ignore[attr-defined]
    hero, dice = _declare_move([6], master_at=30)  # the Taskmaster is too far: no roll
    assert hero.might == 0 and dice == []  # type: ignore[attr-defined]


def test_power_from_death_regains_a_will_point_on_a_kill_in_combat() -> None:
    """BSData 3547-040f-8a26-d601: Muzgúr regains one Will point spent earlier when he slays
    an enemy in combat (S3 v D4: a 5 wounds the one-Wound Warrior)."""
    shaman = _with(HERO, "Power from Death (Active)", will=3)
    state = battle([5])
    muzgur = add(state, "M", 1, 10, 10, shaman)
    muzgur.will = 1
    foe = add(state, "F", 0, 10 + BASE_GAP, 10, WARRIOR)
    strike(state, muzgur, foe, trapped=False)
    assert not foe.alive and muzgur.will == 2


# --- Oblivious to Pain ----------------------------------------------------------------------------


def test_oblivious_to_pain_ignores_a_wound_on_a_six() -> None:
    """BSData 5767-f867-77ce-110f: each Wound suffered, a D6; a 6 ignores it as a Fate
    point would. Wound roll 5 then 6: the Berserker lives; then 5 and 5: it falls."""
    berserker = _with(ORC, "Oblivious to Pain (Passive)")
    state = battle([5, 6])
    foe = add(state, "F", 0, 10, 10, WARRIOR)
    target = add(state, "B", 1, 10 + BASE_GAP, 10, berserker)
    strike(state, foe, target, trapped=False)
    assert target.alive
    other = battle([5, 5])
    foe2 = add(other, "F", 0, 10, 10, WARRIOR)
    target2 = add(other, "B", 1, 10 + BASE_GAP, 10, berserker)
    strike(other, foe2, target2, trapped=False)
    assert not target2.alive


# --- Chittering Hordes, Awesome Presence ----------------------------------------------------


def test_chittering_hordes_support_only_another_horde_model() -> None:
    """BSData c74c-8c88-2807-2eff: Support as if with a spear, only a model with Chittering
    Hordes: the Goblin behind a Goblin supports; behind an Orc it does not."""
    goblin = _with(ORC, "Chittering Hordes (Active)", name="Goblin")
    state = battle()
    foe = add(state, "F", 0, 10, 10, WARRIOR)
    front = add(state, "G1", 1, 10 + BASE_GAP, 10, goblin)
    add(state, "G2", 1, 10 + 2 * BASE_GAP, 10, goblin)
    combat = Combat(foe, [front])
    assign_supporters(state, combat)
    assert list(combat.supporters) == ["G2"]
    mixed = battle()
    foe = add(mixed, "F", 0, 10, 10, WARRIOR)
    orc = add(mixed, "O1", 1, 10 + BASE_GAP, 10, ORC)
    add(mixed, "G2", 1, 10 + 2 * BASE_GAP, 10, goblin)
    combat = Combat(foe, [orc])
    assign_supporters(mixed, combat)
    assert combat.supporters == {}


def test_awesome_presence_rerolls_one_duel_die_of_a_losing_haradrim() -> None:
    """BSData 8bcb-455b-45e0-5abf: a Haradrim within 3" of the Mûmak re-rolls a single Duel
    D6: Good rolls 4, the Haradrim 2 then 5 on the re-roll and wins (F3 each)."""
    harad = replace(ORC, name="Haradrim", keywords=frozenset({"haradrim", "infantry", "warrior"}))
    mumak = _with(ORC, "Awesome Presence (Passive)", name="Mumak")
    state = battle([4, 2, 5])
    foe = add(state, "F", 0, 10, 10, WARRIOR)
    warrior = add(state, "H", 1, 10 + BASE_GAP, 10, harad)
    add(state, "M", 1, 10 + BASE_GAP, 12, mumak)
    assert duel(state, Combat(foe, [warrior])) == 1
    far = battle([4, 2, 5])
    foe = add(far, "F", 0, 10, 10, WARRIOR)
    warrior = add(far, "H", 1, 10 + BASE_GAP, 10, harad)
    add(far, "M", 1, 10 + BASE_GAP, 20, mumak)
    assert duel(far, Combat(foe, [warrior])) == 0


def test_war_leader_of_the_north_gives_orc_warriors_hatred_of_elves() -> None:
    """BSData 8c44-644a-0153-1a3a: Orc Captains, Orc Warriors and Warg Riders in Razgûsh's
    army have Hatred (Elf): +1 To Wound against an Elf in combat, not a Man; not a Goblin."""
    state = battle()
    add(state, "R", 1, 40, 40, _with(HERO, "War Leader of the North (Passive)"))
    orc = add(state, "O", 1, 10, 10, replace(ORC, name="Orc Warrior"))
    goblin = add(state, "G", 1, 10, 20, replace(ORC, name="Goblin Warrior"))
    elf = add(state, "E", 0, 10 + BASE_GAP, 10, replace(WARRIOR, keywords=frozenset({"elf"})))
    man = add(state, "M", 0, 10, 10 + BASE_GAP, WARRIOR)
    assert modifier(Hook.WOUND_ROLL, HookContext(state, orc, elf)) == 1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, orc, man)) == 0
    assert modifier(Hook.WOUND_ROLL, HookContext(state, goblin, elf)) == 0
