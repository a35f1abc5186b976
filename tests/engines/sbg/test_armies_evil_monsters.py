"""Evil army rules VIII (issue 19 item 2): the monsters' special attacks, from the BattleScribe
rule text cited by its rule id (Smaug's Breathe Fire, Missing Scale, Unstoppable Momentum and
Desolator of the North); each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.overrides import Stat, value
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    notify,
    tick,
)
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import special_shots
from battlesim.engines.sbg.rules.ablaze import burning
from battlesim.engines.sbg.rules.cavalry import knock_to_ground
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.magic.powers_rare import paralysed
from battlesim.engines.sbg.rules.monsters.core import BPAS, BpaFight, BpaOption, options_for
from battlesim.engines.sbg.rules.shooting import shoot
from battlesim.engines.sbg.rules.will import pay_will
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

DRAGON = replace(
    WARRIOR,
    name="Smaug",
    fight=8,
    shoot=2,
    strength=9,
    defence=9,
    attacks=4,
    wounds=20,
    courage=6,
    might=3,
    will=3,
    fate=0,
    keywords=frozenset({"dragon", "monster", "infantry", "hero"}),
    wargear=(),
)


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_breathe_fire_slays_the_wounded_and_sets_the_rest_ablaze() -> None:
    """BSData ff32-f09c-bb9f-2ff4: a bow of 18" costing a Will point; on a hit, the target and
    every model within 2" of it suffer a Strength 10 hit (a wound slays outright: a Warrior
    of 2 Wounds falls to one) and burn if they live; a model 5" away is untouched."""
    state = battle([2, 6, 1])  # to hit (Shoot 2+), then S10 v D4 for each model caught
    smaug = add(state, "S", 1, 10, 10, _with(DRAGON, "Breathe Fire", will=1))
    target = add(state, "T", 0, 25, 10, replace(WARRIOR, wounds=2))
    beside = add(state, "B", 0, 25, 10 + BASE_GAP + 1.5)
    away = add(state, "F", 0, 25, 16)
    offered = special_shots.options(state, smaug)
    assert special_shots.ShotOption("breathe fire", "T") in offered
    special_shots.take(state, smaug, special_shots.ShotOption("breathe fire", "T"))
    assert not target.alive and beside.alive and burning(state, beside)
    assert away.alive and not burning(state, away) and smaug.will == 0
    assert special_shots.options(state, smaug) == []  # no Will left, and it has shot


def test_a_dragon_without_will_cannot_breathe_and_none_without_the_rule() -> None:
    """BSData ff32-f09c-bb9f-2ff4: "A Dragon must expend a point of Will to Breathe Fire"."""
    state = battle()
    spent = add(state, "S", 1, 10, 10, _with(DRAGON, "Breathe Fire", will=0))
    plain = add(state, "P", 1, 10, 20, _with(DRAGON, will=3))
    add(state, "T", 0, 25, 10)
    assert special_shots.options(state, spent) == []
    assert special_shots.options(state, plain) == []


def test_desolator_of_the_north_breathes_on_the_free_will_point() -> None:
    """BSData Desolator of the North: one Will point each turn without depleting his store."""
    state = battle([2, 1])
    smaug = add(state, "S", 1, 10, 10, _with(DRAGON, "Breathe Fire", "*Desolator of the North"))
    add(state, "T", 0, 25, 10)
    special_shots.take(state, smaug, special_shots.ShotOption("breathe fire", "T"))
    assert smaug.will == 3


def test_desolator_re_rolls_ones_to_wound_against_dwarves_only() -> None:
    state = battle()
    smaug = add(state, "S", 1, 10, 10, _with(DRAGON, "*Desolator of the North"))
    dwarf = add(state, "D", 0, 20, 10, replace(WARRIOR, keywords=frozenset({"dwarf"})))
    man = add(state, "M", 0, 20, 14)
    assert allowed(Roll.TO_WOUND_IN_COMBAT, HookContext(state, smaug, dwarf)) is Reroll.ONES
    assert allowed(Roll.TO_WOUND_IN_COMBAT, HookContext(state, smaug, man)) is Reroll.NONE


def _archer() -> Profile:
    return profile_from_data({**profile_to_data(WARRIOR), "wargear": ["crossbow"]})


def test_missing_scale_a_natural_six_to_hit_wounds_by_the_missile_strength() -> None:
    """BSData Missing Scale: a natural 6 To Hit then a wound: as many Wounds as the crossbow's
    Strength (4); the same wound after a 5 To Hit is one Wound."""
    state = battle([6, 6, 4, 5, 6, 4])  # hit on 6, wound 6/4; then hit on 5, wound 6/4
    smaug = add(state, "S", 1, 10, 10, _with(DRAGON, "Missing Scale"))
    archer = add(state, "A", 0, 20, 10, _archer())
    shoot(state, archer, smaug)
    assert smaug.wounds == 16
    shoot(state, archer, smaug)
    assert smaug.wounds == 15


def test_unstoppable_momentum_knocks_down_every_opponent_after_a_charge() -> None:
    """BSData Unstoppable Momentum: Smaug charged and won: his opponents are Knocked to the
    Ground (a plain Monster's charge knocks none of them down)."""
    state = battle()
    smaug = add(state, "S", 1, 10, 10, _with(DRAGON, "Unstoppable Momentum"))
    foe = add(state, "F", 0, 12, 10)
    smaug.charged = True
    trapped: set[str] = set()
    knock_to_ground(state, [smaug], [foe], trapped)
    assert foe.prone and "F" in trapped
    plain = battle()
    other = add(plain, "S", 1, 10, 10, DRAGON)
    standing = add(plain, "F", 0, 12, 10)
    other.charged = True
    knock_to_ground(plain, [other], [standing], set())
    assert not standing.prone


SAURON = replace(
    DRAGON,
    name="The Dark Lord Sauron",
    strength=8,
    defence=10,
    wounds=5,
    keywords=frozenset({"spirit", "mordor", "monster", "infantry", "hero"}),
)


def _bpa_fight(state: BattleState, monster: ModelState, foes: list[ModelState]) -> BpaFight:
    combat = Combat(monster, foes)
    return BpaFight(state, combat, monster, HeuristicPlayer(), [monster], foes)


def test_unstoppable_hits_every_enemy_of_the_fight_with_strength_eight() -> None:
    """BSData Unstoppable! (Brutal Power Attack): one S8 hit on every enemy of the fight; it
    is offered only to a profile naming it (MON-BPA-01)."""
    state = battle([3, 2])  # S8 v D4 wounds on 3+: the first falls, the second stands
    sauron = add(state, "S", 1, 10, 10, _with(SAURON, "Unstoppable! (Brutal Power Attack)"))
    first = add(state, "A", 0, 10 + 1.6, 10)
    second = add(state, "B", 0, 10, 10 + 1.6)
    fight = _bpa_fight(state, sauron, [first, second])
    assert BpaOption("unstoppable!") in options_for(fight)
    BPAS["unstoppable!"].resolve(fight, None)
    assert not first.alive and second.alive
    plain = battle()
    other = add(plain, "S", 1, 10, 10, SAURON)
    foe = add(plain, "A", 0, 10 + 1.6, 10)
    assert BpaOption("unstoppable!") not in options_for(_bpa_fight(plain, other, [foe]))


def test_the_flames_of_evil_sets_a_survivor_ablaze() -> None:
    """BSData The Flames of Evil: one Strike (S8 v D4, a 1 fails); the survivor, unwounded,
    is Set Ablaze: an S9 hit (a 1 fails) and it burns."""
    state = battle([1, 1])
    sauron = add(state, "S", 1, 10, 10, _with(SAURON, "The Flames of Evil (Brutal Power Attack)"))
    foe = add(state, "A", 0, 10 + 1.6, 10, replace(WARRIOR, wounds=2))
    fight = _bpa_fight(state, sauron, [foe])
    assert BpaOption("the flames of evil", "A") in options_for(fight)
    BPAS["the flames of evil"].resolve(fight, foe)
    assert foe.alive and foe.wounds == 2 and burning(state, foe)


def test_saurons_one_ring_restores_a_wound_on_a_two() -> None:
    """BSData Sauron's One Ring: a blow that would remove him: a D6, on a 2+ one Wound is
    restored; a 1 and he falls. In the Fight phase, a blow of 2 Wounds on his last: two rolls."""
    state = battle([2, 1])
    sauron = add(state, "S", 1, 10, 10, _with(SAURON, "**The One Ring", wounds=1, might=0))
    state.wound(sauron, "struck by X")
    assert sauron.alive and sauron.wounds == 1
    state.wound(sauron, "struck by X")
    assert not sauron.alive
    fight = battle([5, 1])
    held = add(fight, "S", 1, 10, 10, _with(SAURON, "**The One Ring", wounds=1, might=0))
    fight.phase = Phase.FIGHT
    fight.wound(held, "struck by X", count=2)
    assert not held.alive


def test_the_lord_of_the_rings_spends_one_will_each_turn_for_free() -> None:
    """BSData The Lord of the Rings: one Will point each turn without reducing his store."""
    state = battle()
    sauron = add(state, "S", 1, 10, 10, _with(SAURON, "*The Lord of the Rings", will=6))
    pay_will(state, sauron, 2)
    assert sauron.will == 5
    plain = add(state, "P", 1, 20, 10, _with(SAURON, will=6))
    pay_will(state, plain, 2)
    assert plain.will == 4


SPIDER = replace(WARRIOR, name="Mirkwood Spider", shoot=5, keywords=frozenset({"spider"}))


def test_spider_webs_paralyse_the_model_hit_without_a_wound_roll() -> None:
    """BSData Spider Webs: a throwing weapon of 8" (Shoot 5+: a 5 hits); no To Wound roll:
    the target is Paralysed (Prone, held); a spider without the rule has no such shot."""
    state = battle([5])
    spider = add(state, "S", 1, 10, 10, _with(SPIDER, "Spider Webs"))
    foe = add(state, "F", 0, 16, 10)
    add(state, "G", 0, 30, 10)  # 19" away: out of the web's range
    assert [o.target for o in special_shots.options(state, spider)] == ["F"]
    special_shots.take(state, spider, special_shots.ShotOption("spider webs", "F"))
    assert foe.alive and foe.prone and paralysed(state, foe)
    plain = battle()
    other = add(plain, "S", 1, 10, 10, SPIDER)
    add(plain, "F", 0, 16, 10)
    assert special_shots.options(plain, other) == []


def test_a_hero_dodges_the_web_with_fate() -> None:
    """BSData Spider Webs: a Hero may spend Fate as if wounded: a 4 saves him."""
    state = battle([5, 4])
    spider = add(state, "S", 1, 10, 10, _with(SPIDER, "Spider Webs"))
    hero = add(state, "H", 0, 16, 10, replace(WARRIOR, fate=1, keywords=frozenset({"hero"})))
    special_shots.take(state, spider, special_shots.ShotOption("spider webs", "H"))
    assert not paralysed(state, hero) and hero.fate == 0


def test_caught_in_a_web_paralyses_a_wounded_survivor() -> None:
    """BSData Caught in a Web (Brutal Power Attack): one S7 hit (S7 v D4: a 3 wounds) on a
    model that is not a Monster; wounded and alive, it is Paralysed; a Monster is no target."""
    state = battle([3])
    shelob = add(state, "S", 1, 10, 10, _with(SAURON, "Caught in a Web (Brutal Power Attack)"))
    foe = add(state, "F", 0, 10 + 1.6, 10, replace(WARRIOR, wounds=3))
    troll = add(state, "T", 0, 10, 10 + 1.6, replace(WARRIOR, keywords=frozenset({"monster"})))
    fight = _bpa_fight(state, shelob, [foe, troll])
    offered = {o.target for o in options_for(fight) if o.name == "caught in a web"}
    assert offered == {"F"}
    BPAS["caught in a web"].resolve(fight, foe)
    assert foe.wounds == 2 and paralysed(state, foe)


TROLL = replace(
    WARRIOR,
    name="Tom the Troll",
    fight=6,
    strength=6,
    defence=6,
    attacks=3,
    wounds=3,
    might=1,
    will=3,
    fate=1,
    keywords=frozenset({"troll", "monster", "infantry", "hero"}),
)


def test_squash_em_to_jelly_hits_every_foe_and_floors_the_survivors() -> None:
    """BSData Squash 'em to Jelly (Brutal Power Attack): S6 on every enemy of the fight
    (S6 v D4: 3+), survivors knocked Prone."""
    state = battle([3, 2])
    tom = add(state, "T", 1, 10, 10, _with(TROLL, "Squash 'em to Jelly (Brutal Power Attack)"))
    first = add(state, "A", 0, 10 + 1.6, 10)
    second = add(state, "B", 0, 10, 10 + 1.6)
    BPAS["squash 'em to jelly"].resolve(_bpa_fight(state, tom, [first, second]), None)
    assert not first.alive and second.alive and second.prone


def test_mince_em_fine_deals_the_difference_in_wounds() -> None:
    """BSData Mince 'em Fine: D6 + Strength each; Bill 5 + 6 = 11 against 2 + 3 = 5: six
    Wounds (the victim has 3: slain); a tie deals none."""
    state = battle([5, 2])
    bill = add(state, "T", 1, 10, 10, _with(TROLL, "Mince 'em Fine (Brutal Power Attack)"))
    victim = add(state, "A", 0, 10 + 1.6, 10, replace(WARRIOR, wounds=3))
    BPAS["mince 'em fine"].resolve(_bpa_fight(state, bill, [victim]), victim)
    assert not victim.alive
    tie = battle([1, 4])
    other = add(tie, "T", 1, 10, 10, _with(TROLL, "Mince 'em Fine (Brutal Power Attack)"))
    lucky = add(tie, "A", 0, 10 + 1.6, 10, replace(WARRIOR, wounds=3))
    BPAS["mince 'em fine"].resolve(_bpa_fight(tie, other, [lucky]), lucky)
    assert lucky.wounds == 3


def test_keep_em_for_later_bags_a_man_sized_model_not_a_troll() -> None:
    """BSData Keep 'em for Later: one Man-sized (or smaller) model of the fight counts as
    Paralysed; a Monster cannot be bagged."""
    state = battle()
    bert = add(state, "T", 1, 10, 10, _with(TROLL, "Keep 'em for Later"))
    man = add(state, "A", 0, 10 + 1.6, 10)
    troll = add(state, "B", 0, 10, 12, TROLL)
    fight = _bpa_fight(state, bert, [man, troll])
    assert {o.target for o in options_for(fight) if o.name == "keep 'em for later"} == {"A"}
    BPAS["keep 'em for later"].resolve(fight, man)
    assert paralysed(state, man) and man.prone


def test_lingering_cold_halves_the_fight_of_a_foe_in_contact() -> None:
    """BSData Lingering Cold: a Will point halves one foe's Fight value (7 -> 4)."""
    state = battle()
    tom = add(state, "T", 1, 10, 10, _with(TROLL, "Lingering Cold"))
    elf = add(state, "E", 0, 20, 10, replace(WARRIOR, fight=7))
    state.set_position(elf, (10 + tom.radius + elf.radius, 10))
    assert state.contacts(tom) == [elf]
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_START)
    assert tom.will == 2
    assert modifier(Hook.FIGHT, HookContext(state, elf)) == -3


BAT = replace(WARRIOR, name="War Bat", strength=4, rules=("Fly",))


def test_piercing_talons_minus_two_defence_after_a_charge() -> None:
    """BSData Piercing Talons: having charged, the War Bat strikes at Defence -2 (6 -> 4);
    not having charged, at 6."""
    state = battle()
    bat = add(state, "B", 1, 10, 10, _with(BAT, "Piercing Talons"))
    foe = add(state, "F", 0, 11, 10, replace(WARRIOR, defence=6))
    striking = HookContext(state, bat, foe)
    assert value(Stat.STRUCK_DEFENCE, striking, 6) == 6
    bat.charged = True
    assert value(Stat.STRUCK_DEFENCE, striking, 6) == 4


def test_pluck_hits_and_floors_a_model_flown_over() -> None:
    """BSData Pluck: at the end of its move, an unengaged Man-sized enemy it moved over: a 4
    hits at S4 (S4 v D4: a 3 fails), a 5 knocks it down; an enemy beside the path is not."""
    state = battle([4, 3, 5])
    bat = add(state, "B", 1, 10, 10, _with(BAT, "Pluck"))
    under = add(state, "U", 0, 15, 10)
    add(state, "X", 0, 15, 14)
    notify(state, On.MOVE_DECLARED, Happening(bat))
    state.set_position(bat, (20, 10))
    notify(state, On.MOVE_ENDED, Happening(bat))
    assert under.alive and under.prone


def test_crushing_blow_hits_each_model_the_brute_moves_into() -> None:
    """BSData Crushing Blow: the model the Troll Brute moves into base contact with suffers a
    Strength 10 hit (S10 v D4: a 3 wounds); a model it touched before its move does not."""
    state = battle([3])
    brute = add(state, "T", 1, 10, 10, replace(TROLL, rules=("Crushing Blow",)))
    foe = add(state, "F", 0, 20, 10)
    notify(state, On.MOVE_DECLARED, Happening(brute))
    state.set_position(brute, (20 - foe.radius - brute.radius, 10))
    notify(state, On.MOVE_ENDED, Happening(brute))
    assert not foe.alive
    again = battle([3])
    other = add(again, "T", 1, 10, 10, replace(TROLL, rules=("Crushing Blow",)))
    old = add(again, "F", 0, 10 + other.radius + 0.492, 10)
    notify(again, On.MOVE_DECLARED, Happening(other))
    notify(again, On.MOVE_ENDED, Happening(other))
    assert old.alive
