"""Evil army rules V (issue 19): Gothmog, Goroth, Delgamar, the Corsair Arbalester's pavise
and the Mûmak War Leader, from the BattleScribe rule text cited by its rule id; each test
fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import Happening, On, Phase, notify
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.courage import stand_fast_hero
from battlesim.engines.sbg.rules.fighting import duel
from battlesim.engines.sbg.rules.howdah import howdah
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players

ORC = replace(WARRIOR, keywords=frozenset({"mordor", "orc", "infantry", "warrior"}))
MAN = replace(WARRIOR, keywords=frozenset({"man", "infantry", "warrior"}))
HERO = replace(WARRIOR, might=1, will=1, fate=0, keywords=frozenset({"man", "infantry", "hero"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_the_age_of_men_is_over_gives_nearby_mordor_orcs_hatred_of_men() -> None:
    """BSData 0090-71a9-2707-5aed: Gothmog and Mordor Orcs within 3" have Hatred (Man):
    +1 To Wound against a Man in combat; not against an Orc, nor an Orc 5" away."""
    state = battle()
    add(state, "G", 1, 10, 10, _with(ORC, "The Age of Men is Over (Passive)"))
    near = add(state, "O", 1, 12, 10, ORC)
    far = add(state, "F", 1, 16, 10, ORC)
    man = add(state, "M", 0, 12 + BASE_GAP, 10, MAN)
    orc = add(state, "E", 0, 12, 10 + BASE_GAP, ORC)
    assert modifier(Hook.WOUND_ROLL, HookContext(state, near, man)) == 1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, near, orc)) == 0
    assert modifier(Hook.WOUND_ROLL, HookContext(state, far, man)) == 0


def test_the_time_of_the_orc_rerolls_failed_wounds_the_turn_it_is_called() -> None:
    """BSData d062-742a-cfd5-2c9c: called at the start of a Fight phase (the heuristic calls
    it with three engaged Orcs near), Mordor Orcs within 12" re-roll failed To Wound rolls
    that turn; the next turn they do not."""
    state = battle()
    add(state, "G", 1, 10, 10, _with(ORC, "The Time of the Orc has Come (Active)"))
    orcs = [add(state, f"O{i}", 1, 14, 5 + 3 * i, ORC) for i in range(3)]
    for i in range(len(orcs)):
        add(state, f"M{i}", 0, 14 + BASE_GAP, 5 + 3 * i, MAN)
    context = HookContext(state, orcs[0])
    state.begin_phase(Phase.MOVE)
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.NONE
    state.begin_phase(Phase.FIGHT)
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.FAILED
    state.turn = 2
    assert allowed(Roll.TO_WOUND_IN_COMBAT, context) is Reroll.NONE


def test_come_here_maggot_passes_a_slaying_wound_to_an_orc_on_a_two() -> None:
    """BSData f67c-bbd3-31d2-eb32: a Wound that would slay Goroth: a D6, on a 2+ a friendly
    Mordor Orc within 1" suffers it instead; on a 1 Goroth takes it."""
    goroth = _with(ORC, '"Come here Maggot!"', wounds=1)  # the data's name, tag dropped
    state = battle([2])
    captain = add(state, "G", 1, 10, 10, goroth)
    orc = add(state, "O", 1, 10 + BASE_GAP, 10, ORC)
    state.wound(captain, "struck by X")
    assert captain.alive and not orc.alive
    unlucky = battle([1])
    captain = add(unlucky, "G", 1, 10, 10, goroth)
    add(unlucky, "O", 1, 10 + BASE_GAP, 10, ORC)
    unlucky.wound(captain, "struck by X")
    assert not captain.alive


def test_ruthless_commander_rerolls_a_corsair_die_and_hits_it_if_the_duel_is_lost() -> None:
    """BSData deb9-fba9-b100-d7e9: a Corsair Warrior within 3" of Delgamar re-rolls a single
    Duel die; failing to win after it, it suffers a Strength 2 hit: Good 5, Corsair 2
    re-rolled to 3, Good wins; the S2 hit on D4 wounds on a 6."""
    corsair = replace(MAN, keywords=frozenset({"man", "corsair", "infantry", "warrior"}))
    state = battle([5, 2, 3, 6])
    foe = add(state, "F", 0, 10, 10, WARRIOR)
    warrior = add(state, "C", 1, 10 + BASE_GAP, 10, corsair)
    add(state, "D", 1, 10 + BASE_GAP, 12, _with(MAN, "Ruthless Commander (Active)"))
    combat = Combat(foe, [warrior])
    winner = duel(state, combat)
    assert winner == 0
    notify(state, On.DUEL_ROLLED, Happening(foe, models=(foe, warrior), winner=winner))
    assert not warrior.alive


def test_pavise_gives_three_defence_when_not_engaged() -> None:
    """BSData (Corsair Arbalester's Pavise): +3 Defence while not Engaged, and a shield for
    Shielding."""
    arbalester = profile_from_data({**profile_to_data(MAN), "wargear": ["Pavise", "Crossbow"]})
    assert "shield" in arbalester.gear
    state = battle()
    model = add(state, "A", 1, 10, 10, arbalester)
    assert modifier(Hook.DEFENCE, HookContext(state, model)) == 3
    add(state, "E", 0, 10 + BASE_GAP, 10, WARRIOR)
    assert modifier(Hook.DEFENCE, HookContext(state, model)) == 0


def test_high_king_of_mahud_stands_fast_at_twelve_inches() -> None:
    """BSData 638d-0ee0-4543-f8a8: the Mûmak War Leader's Stand Fast! reaches 12"."""
    state = battle()
    king = add(state, "K", 1, 10, 10, _with(HERO, "High King of Mahûd (Passive)"))
    king.tested = True
    warrior = add(state, "W", 1, 10 + BASE_GAP + 10, 10, MAN)
    assert stand_fast_hero(state, warrior) is king


def test_imposing_presence_cancels_an_enemy_heroic_move_on_a_four() -> None:
    """BSData 9874-5f14-d012-c416: riding his Mûmak, the first enemy Heroic Move each turn
    within 12" is cancelled on a 4+ (its Might lost); the second is not tested."""
    state = battle([4])
    leader = add(state, "L", 1, 10, 10, _with(HERO, "Imposing Presence (Passive)"))
    howdah(leader).riding = "beast"
    hero = add(state, "H", 0, 18, 10, HERO)
    other = add(state, "H2", 0, 18, 14, HERO)
    ha._declare(state, players(), 0, Phase.MOVE, (hero.uid, ha.HEROIC_MOVE))
    ha._declare(state, players(), 0, Phase.MOVE, (other.uid, ha.HEROIC_MOVE))
    live = [d.hero for d in ha.declared(state, ha.HEROIC_MOVE)]
    assert live == ["H2"] and hero.might == 0


def test_the_serpents_weapon_adds_two_fight_against_the_chosen_hero() -> None:
    """BSData 72ac-9c66-47de-bd2c: at the start of the game Râza picks an enemy Hero (the
    heuristic: the costliest); Engaged with it he has +2 Fight value, not against another."""
    from battlesim.engines.sbg.core.state import Tick, tick

    state = battle()
    raza = add(state, "R", 1, 10, 10, _with(HERO, "The Serpent's Weapon (Active)"))
    cheap = add(state, "C", 0, 30, 10, replace(HERO, points=50))
    dear = add(state, "D", 0, 30, 20, replace(HERO, points=150))
    tick(state, Tick.TURN_START)
    state.set_position(cheap, (10 + BASE_GAP, 10))
    assert modifier(Hook.FIGHT, HookContext(state, raza)) == 0
    state.set_position(dear, (10, 10 + BASE_GAP))
    assert modifier(Hook.FIGHT, HookContext(state, raza)) == 2


def test_the_royal_war_mumaks_upgrades() -> None:
    """BSData 847b-d97f-bc49-1bd8: Tusk Weapons, four trample hits rather than three;
    3248-5008-4945-c78c: Fight 5 rather than 4; 48e7-8561-f92d-756f: Sigils of Defiance, a
    howdah model ignores a Wound on a 6 and has Resistant to Magic."""
    from battlesim.engines.sbg.core.overrides import Stat, value
    from battlesim.engines.sbg.core.state import Tick, tick

    royal = _with(
        replace(WARRIOR, fight=4, trample_hits=3),
        "Tusk Weapons",
        "Royal War Mûmak (Passive)",
        "Sigils of Defiance",
    )
    state = battle([6, 5])
    beast = add(state, "B", 1, 10, 10, royal)
    rider = add(state, "R", 1, 30, 30, HERO)
    howdah(rider).riding = beast.uid
    assert value(Stat.TRAMPLE_HITS, HookContext(state, beast), 3) == 4
    assert modifier(Hook.FIGHT, HookContext(state, beast)) == 1
    tick(state, Tick.TURN_START)
    assert "resistant to magic" in rider.triggers
    state.wound(rider, "shot by X")  # the 6 ignores it
    assert rider.alive and rider.wounds == 1
    state.wound(rider, "shot by X")  # a 5 does not
    assert not rider.alive
