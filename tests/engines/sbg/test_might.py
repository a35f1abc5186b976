"""Might modifies dice (checklist part 1 §9.2, HERO-MIGHT-02..06, seed 002:L1516-1568)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.actions import Charge, Move
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.coverage import profile_coverage
from battlesim.engines.sbg.game import BattleOptionError, play_game
from battlesim.engines.sbg.phases.priority import run_priority_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.fighting import duel, resolve_combat, strike
from battlesim.engines.sbg.rules.might import MightAsk, MightRoll, boost
from battlesim.engines.sbg.rules.movement import apply_action
from battlesim.engines.sbg.rules.shooting import shoot
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile, rolls
from tests.engines.sbg.test_cavalry import mounted
from tests.engines.sbg.test_monsters import TOUCH, named
from tests.engines.sbg.test_monsters import Scripted as Monstrous

HERO = frozenset({"man", "infantry", "hero"})
X, Y = 24.0, 24.0


class Scripted(HeuristicPlayer):
    """Answers each Might question with the next scripted number of points."""

    def __init__(self, answers: list[int]) -> None:
        super().__init__()
        self.answers: Iterator[int] = iter(answers)
        self.asked: list[MightAsk] = []

    def spend_might(self, state: BattleState, model: ModelState, ask: MightAsk) -> int:
        self.asked.append(ask)
        return next(self.answers, 0)


def _with_players(state: BattleState, a=None, b=None) -> BattleState:  # type: ignore[no-untyped-def]
    state.players = (a or HeuristicPlayer(), b or HeuristicPlayer())
    return state


def _hero(**changes: object) -> object:
    return profile(**{"keywords": HERO, "wounds": 2, "fate": 0, **changes})


def _mights(state: BattleState) -> list[tuple[str, int, int]]:
    return [(e.data["roll"], e.data["value"], e.data["result"]) for e in state.log.of_kind("might")]


# --- HERO-MIGHT-02/03: +1 per point, after the dice, never past 6 ---------------------------


def test_hero_might_02_each_point_changes_the_die_by_one() -> None:
    """HERO-MIGHT-02 (002:L1518): a Hero's 3 on a Fate-like 4+ roll becomes 4 for 1 point."""
    state = _with_players(battle())
    hero = add(state, "h", 0, X, Y, _hero(might=2))
    assert boost(state, hero, MightRoll.LEAP, 3, 4) == 4
    assert hero.might == 1
    assert _mights(state) == [("leap", 3, 4)]


def test_hero_might_02_lowering_only_where_a_rule_says_so() -> None:
    """HERO-MIGHT-02 (002:L1518): a rule may let Might lower a roll (e.g. the Maelstrom
    deployment roll): 4 lowered to 2 costs 2 points; never below 1 (DICE-MOD-01)."""
    state = _with_players(battle(), Scripted([2, 4]))
    hero = add(state, "h", 0, X, Y, _hero(might=6))
    assert boost(state, hero, MightRoll.LEAP, 4, 2, lower=True) == 2
    assert boost(state, hero, MightRoll.LEAP, 4, 1, lower=True) == 4  # 4 - 4 = 0: refused
    assert hero.might == 4 and state.log.of_kind("refused")


def test_hero_might_03_a_die_never_goes_above_six() -> None:
    """HERO-MIGHT-03, DICE-MOD-01 (002:L1520, L251): asking to push a 5 to 7 is refused and
    nothing is spent; more points than the store are refused too."""
    state = _with_players(battle(), Scripted([2, 3]))
    hero = add(state, "h", 0, X, Y, _hero(might=2))
    assert boost(state, hero, MightRoll.FATE, 5, 7) == 5
    assert boost(state, hero, MightRoll.FATE, 1, 4) == 1
    assert hero.might == 2
    assert len(state.log.of_kind("refused")) == 2


def test_hero_might_03_spent_after_every_duel_die_and_reroll() -> None:
    """HERO-MIGHT-03 (002:L1520), EQP-BAN-02: Might is asked only once both sides rolled and
    the banner re-roll is made; the Hero's 3 becomes 5 to beat the Orc's 4 (Fight 5 v 3)."""
    state = _with_players(battle([3, 4]))
    hero = add(state, "A1", 0, X, Y, _hero(fight=5, might=3))
    add(state, "B1", 1, X + BASE_GAP, Y)
    winner = duel(state, Combat(hero, [state.models["B1"]]))
    kinds = [e.kind for e in state.log.events if e.kind in ("roll", "might", "duel")]
    assert kinds == ["roll", "roll", "might", "duel"]
    assert winner == 0 and hero.might == 2  # Fight 5 > 3: a 4 ties and wins, 1 point


# --- HERO-MIGHT-04: the bidding between two Heroes ------------------------------------------


def _thorin_azog(thorin_player: HeuristicPlayer, azog_player: HeuristicPlayer) -> BattleState:
    state = _with_players(battle([1, 2, 3, 2, 3, 4], priority=0), thorin_player, azog_player)
    add(state, "A1", 0, X, Y, _hero(fight=6, attacks=3, might=3))
    add(state, "B1", 1, X + BASE_GAP, Y, _hero(fight=7, attacks=3, might=3))
    return state


def test_hero_might_04_thorin_and_azog_bid_in_turn() -> None:
    """HERO-MIGHT-04 (002:L1522, L1560-1564): Thorin (F6) 1,2,3 v Azog (F7) 2,3,4. Thorin,
    losing, spends 2 (3->5); Azog answers 1 (4->5, wins on Fight); Thorin spends his last
    (5->6); Azog does the same and wins the Duel on Fight."""
    thorin, azog = Scripted([2, 1]), Scripted([1, 1])
    state = _thorin_azog(thorin, azog)
    a, b = state.models["A1"], state.models["B1"]
    assert duel(state, Combat(a, [b])) == 1
    assert _mights(state) == [("duel", 3, 5), ("duel", 4, 5), ("duel", 5, 6), ("duel", 5, 6)]
    assert (a.might, b.might) == (0, 1)
    assert [ask.need for ask in thorin.asked] == [5, 6]  # Azog wins ties: Thorin needs +1


def test_hero_might_04_a_sensible_thorin_does_not_start_a_war_he_cannot_win() -> None:
    """HERO-MIGHT-04 (002:L1522): Azog can reach 6 and wins ties, so Thorin's Might would be
    wasted: the heuristic keeps it and Azog, already winning, spends nothing."""
    state = _thorin_azog(HeuristicPlayer(), HeuristicPlayer())
    a, b = state.models["A1"], state.models["B1"]
    assert duel(state, Combat(a, [b])) == 1
    assert (a.might, b.might) == (3, 3)


def test_hero_might_04_beorn_turns_a_four_into_a_six() -> None:
    """HERO-MIGHT-04 (002:L1568): Beorn spends 2 Might to make his 4 a 6 and wins on his
    higher Fight; Bolg, already on a 6, can do nothing about it."""
    state = _with_players(battle([4, 6]))
    beorn = add(state, "A1", 0, X, Y, _hero(fight=7, might=3))
    bolg = add(state, "B1", 1, X + BASE_GAP, Y, _hero(fight=6, might=3))
    assert duel(state, Combat(beorn, [bolg])) == 0
    assert (beorn.might, bolg.might) == (1, 3)


def test_hero_might_05_only_the_heros_own_dice() -> None:
    """HERO-MIGHT-05 (002:L1524): Hero (F5, 3 Might) rolls 2 and its Warrior friend 4 against
    an Orc's 5: the Hero cannot raise the friend's 4 (1 point); it raises its own 2 to 5."""
    state = _with_players(battle([2, 4, 5]))
    hero = add(state, "A1", 0, X, Y, _hero(fight=5, might=3))
    friend = add(state, "A2", 0, X, Y + 2 * BASE_GAP)
    orc = add(state, "B1", 1, X, Y + BASE_GAP)
    assert duel(state, Combat(orc, [hero, friend])) == 0
    assert hero.might == 0 and _mights(state) == [("duel", 2, 5)]


# --- HERO-MIGHT-06: the rolls Might may modify ----------------------------------------------


def test_hero_might_06_to_wound_one_point_raises_both_dice_of_a_6_4() -> None:
    """HERO-MIGHT-06 item 4 (002:L1544), ambiguity A37: S4 v D9 needs 6/4+; a 5 then a 3
    with 1 Might (5+/3+) wounds; the point counts for both dice."""
    state = _with_players(battle([5, 3]))
    hero = add(state, "A1", 0, X, Y, _hero(strength=4, might=2))
    enemy = add(state, "B1", 1, X + BASE_GAP, Y, _hero(defence=9))
    strike(state, hero, enemy, trapped=False)
    assert enemy.wounds == 1 and hero.might == 1
    assert _mights(state) == [("to wound", 5, 6)]


def test_hero_might_06_to_wound_second_die_raised_after_a_six() -> None:
    """HERO-MIGHT-06 item 4 (002:L1544): a natural 6 then a 3 on a 6/4+: one point for the
    second die wounds."""
    state = _with_players(battle([6, 3]))
    hero = add(state, "A1", 0, X, Y, _hero(strength=4, might=1))
    enemy = add(state, "B1", 1, X + BASE_GAP, Y, _hero(defence=9))
    strike(state, hero, enemy, trapped=False)
    assert enemy.wounds == 1 and hero.might == 0


@pytest.mark.parametrize(
    ("might", "fate", "slain"), [(1, 0, False), (1, 1, False), (2, 1, True), (3, 0, True)]
)
def test_hero_might_06_heuristic_spends_on_a_plain_warrior_only_with_spare_might(
    might: int, fate: int, slain: bool
) -> None:
    """HERO-MIGHT-06 item 4: against an ordinary one-Wound Warrior (a 4 needing 5+) the
    heuristic spends only if a point stays afterwards (for the next Duel or a Fate roll)."""
    state = _with_players(battle([4]))
    hero = add(state, "A1", 0, X, Y, _hero(strength=3, might=might, fate=fate))
    enemy = add(state, "B1", 1, X + BASE_GAP, Y)
    strike(state, hero, enemy, trapped=False)
    assert enemy.alive is not slain and hero.might == might - slain


def test_hero_might_06_to_hit_and_shoot() -> None:
    """HERO-MIGHT-06 item 3 (002:L1540): a Hero shooting 4+ rolls 3 at an enemy Hero: one
    point hits; the wound roll (S2 v D4, 6+) of 6 wounds."""
    state = _with_players(battle([3, 6]))
    archer = add(state, "A1", 0, 10, 10, _hero(wargear=("sword", "bow"), might=1))
    target = add(state, "B1", 1, 10, 20, _hero())
    shoot(state, archer, target)
    assert state.log.of_kind("shot")[0].data["hit"] is True
    assert target.wounds == 1 and archer.might == 0


def test_hero_might_06_bard_passes_the_in_the_way_test() -> None:
    """HERO-MIGHT-06 item 3 (002:L1510-1514): Bard rolls 6 to hit, then 3 for the obstacle
    in the way (4+ needed); one Might point passes it and the shot goes on."""
    state = _with_players(battle([6, 3, 6], alignments=(Alignment.EVIL, Alignment.GOOD)))
    bard = add(state, "A1", 0, 10, 10, _hero(wargear=("sword", "bow"), might=2, fate=1))
    add(state, "A2", 0, 10, 15)  # a friend in the way (Evil may shoot past friends)
    target = add(state, "B1", 1, 10, 20, _hero())
    shoot(state, bard, target)
    assert _mights(state)[0] == ("in the way", 3, 4)
    assert target.wounds == 1 and not state.log.of_kind("in_the_way_hit")


def test_hero_might_06_courage_with_might_and_will() -> None:
    """HERO-MIGHT-06 item 5, HERO-WILL-04, COUR-TEST-05 (002:L1548, L1756): Courage 4 rolls
    2+2 = 8; 1 Will and 1 Might make 10 (Might and Will combined)."""
    state = _with_players(battle([2, 2]))
    hero = add(state, "h", 0, X, Y, _hero(courage=4, might=2, will=1))
    assert courage_test(state, hero, "test")
    assert (hero.might, hero.will) == (1, 0)


def test_hero_might_06_courage_might_cannot_lift_the_dice_past_twelve() -> None:
    """HERO-MIGHT-06 item 5, DICE-MOD-01: 6+6 + Courage 1 = 13 passes; 1+1 + Courage 1 = 3
    needs 7 points: Might alone is asked with a ceiling of 12 on the dice."""
    player = Scripted([0])
    state = _with_players(battle([1, 1]), player)
    hero = add(state, "h", 0, X, Y, _hero(courage=1, might=6))
    assert not courage_test(state, hero, "test")
    assert player.asked[0].ceiling == 13 and hero.might == 6


def _wall() -> Table:
    wall = TerrainPiece("wall", TerrainKind.OBSTACLE, ((0, 12), (48, 12)), 0.8, 0.3)
    return Table("t", (wall,))


def test_hero_might_06_leap_test_a_one_becomes_a_two() -> None:
    """HERO-MIGHT-06 item 1 (002:L1532): a Hero rolling 1 to leap a wall would stop before
    it; 1 Might makes it 2: it lands on the far side (MOVE-LEAP table)."""
    state = _with_players(battle([1], table=_wall()))
    hero = add(state, "A1", 0, 10, 10, _hero(might=1))
    apply_action(state, hero, Move("A1", (10, 15)))
    assert rolls(state) == [("leap A1 over wall", [1])]
    assert hero.y > 12.5 and hero.might == 0


def test_hero_might_06_thrown_rider_and_fate_rolls_take_might() -> None:
    """HERO-MIGHT-06 items 1 and 7 (002:L1532, L1556), CAV-THROWN-04: the Thrown Rider test
    and the Fate roll are rolls the Hero's player raises when it can."""
    state = _with_players(battle())
    hero = add(state, "h", 0, X, Y, _hero(might=3))
    assert boost(state, hero, MightRoll.THROWN_RIDER, 1, 2) == 2
    assert boost(state, hero, MightRoll.FATE, 2, 4) == 4
    assert hero.might == 0


# --- players -------------------------------------------------------------------------------


def test_no_players_nobody_is_asked() -> None:
    """HERO-MIGHT-03 "may": a bare rule test (no players) never spends Might."""
    state = battle()
    hero = add(state, "h", 0, X, Y, _hero(might=3))
    assert boost(state, hero, MightRoll.FATE, 3, 4) == 3 and hero.might == 3


def test_heuristic_no_might_never_spends() -> None:
    """The benchmark's handicapped side: its Heroes keep all their Might."""
    state = _with_players(battle([3, 4]), HeuristicPlayer(spend_might=False))
    hero = add(state, "A1", 0, X, Y, _hero(fight=5, might=3))
    add(state, "B1", 1, X + BASE_GAP, Y)
    assert duel(state, Combat(hero, [state.models["B1"]])) == 1 and hero.might == 3


def test_random_player_spends_a_random_legal_amount() -> None:
    """HERO-MIGHT-02: the random player picks 0..min(store, room) with a logged die."""
    state = _with_players(battle([3]), RandomPlayer())
    hero = add(state, "h", 0, X, Y, _hero(might=5))
    assert boost(state, hero, MightRoll.FATE, 4, 5) == 6  # room 2: picks among 0, 1, 2
    assert hero.might == 3 and rolls(state)[0][0] == "random player: h might on fate"


def test_players_option_knows_heuristic_no_might() -> None:
    """``players``: the name heuristic_no_might is accepted; an unknown one is refused."""
    options = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"], "turn_limit": 1}
    result = play_game(seed=1, options={**options, "players": ["heuristic", "heuristic_no_might"]})
    assert result.termination
    with pytest.raises(BattleOptionError):
        play_game(seed=1, options={**options, "players": ["heuristic", "nobody"]})


def test_winner_strikes_with_might_in_a_whole_fight() -> None:
    """HERO-MIGHT-06 items 2 and 4 in one fight: the Hero raises its Duel die (2 -> 3 ties
    the enemy's 3 and wins on Fight 5 v 4), then its To Wound die against an enemy Hero
    (3 -> 5 with S4 v D5)."""
    state = _with_players(battle([2, 3, 3]))
    hero = add(state, "A1", 0, X, Y, _hero(fight=5, strength=4, might=3, attacks=1))
    enemy = add(state, "B1", 1, X + BASE_GAP, Y, _hero(fight=4, defence=5))
    resolve_combat(state, Combat(hero, [enemy]), state.players)
    assert _mights(state) == [("duel", 2, 3), ("to wound", 3, 5)]
    assert enemy.wounds == 1 and hero.might == 0


@pytest.mark.parametrize("seed", range(20))
def test_pools_never_go_below_zero_in_random_battles(seed: int) -> None:
    """HERO-MIGHT-01, HERO-MWF-01, HERO-FATE-02, CHAR-CAP-01 (A25): over seeded battles with
    random and heuristic players, no pool is ever overdrawn and spending adds up."""
    forces = ["gondor_captains_skirmish", "gondor_captains_skirmish" if seed % 2 else "mordor"]
    kinds = ["random", "heuristic", "heuristic_no_might"]
    players = [kinds[seed % 3], kinds[(seed // 3) % 3]]
    options = {"forces": forces, "players": players, "turn_limit": 6}
    result = play_game(seed=seed, options=options)
    spent: dict[tuple[str, str], int] = {}
    for kind, left in (("might", "might_left"), ("will", "will_left"), ("fate", "fate_left")):
        for event in result.log.of_kind(kind):
            assert event.data[left] >= 0
            key = (event.data["model"], kind)
            spent[key] = spent.get(key, 0) + event.data.get("points", 1)
    profiles = {}
    for force in result.log.of_kind("setup")[0].data["forces"]:
        for uid, name in force["models"].items():
            profiles[uid] = force["profiles"][name]
    for (uid, kind), points in spent.items():
        assert points <= profiles[uid][kind]
    assert not any("Might" in e.data["reason"] for e in result.log.of_kind("refused"))


def test_heuristic_leader_with_might_leads_the_charge() -> None:
    """A leader Hero is kept behind the line, unless its player spends Might and it has at
    least 3 points: its Might wins its Duels (HERO-MIGHT-06 item 2), so it charges."""
    for allowed, charges in ((True, True), (False, False)):
        state = battle()
        state.forces = (replace(state.forces[0], leader="A1"), state.forces[1])
        add(state, "A1", 0, 10, 10, _hero(fight=6, attacks=3, wounds=3, might=6, fate=3))
        add(state, "B1", 1, 10, 14)
        action = HeuristicPlayer(spend_might=allowed).choose_move(state, state.models["A1"])
        assert isinstance(action, Charge) is charges


def test_sr_mightyhero_one_free_point_per_turn() -> None:
    """SR-MIGHTYHERO (002:L2789-2791): a Mighty Hero spends 1 free Might point per turn
    without drawing on its store, even an empty one; a second point that turn is refused."""
    state = _with_players(battle())
    hero = add(state, "h", 0, X, Y, _hero(might=0, rules=("Mighty Hero (Passive)",)))
    assert boost(state, hero, MightRoll.FATE, 3, 4) == 4
    assert boost(state, hero, MightRoll.FATE, 3, 4) == 3  # used this turn: nothing to spend
    state.turn += 1
    hero.might = 1
    assert boost(state, hero, MightRoll.FATE, 2, 4) == 4  # the free point, then the store
    assert hero.might == 0
    assert "mighty hero" in profile_coverage(hero.profile).implemented


def test_prio_05_might_cannot_modify_the_priority_roll() -> None:
    """PRIO-05 (002:L1518, L1528): the Priority roll is not on the list of HERO-MIGHT-06:
    a Hero with Might losing it 2 v 5 spends nothing."""
    state = _with_players(battle([2, 5]))
    state.turn = 2
    hero = add(state, "A1", 0, X, Y, _hero(might=6))
    run_priority_phase(state)
    assert state.priority == 1 and hero.might == 6 and not state.log.of_kind("might")


def test_hero_might_06_a_hero_monster_may_raise_its_rend_dice() -> None:
    """HERO-MIGHT-06 item 4 with MON-BPA-02 (part 2 ambiguity 2: Might allowed on the Hero's
    own Rend dice): the Goblin King (S5, 1 Might) rends Thorin (S4, 4+) and rolls 3; one
    point makes it 4 and Thorin is wounded."""
    king = profile(
        strength=5, attacks=1, might=1, keywords=frozenset({"monster", "hero"}), base_mm=40.0
    )
    state = battle([6, 1, 3])
    add(state, "A1", 0, X, Y, king)
    add(state, "B1", 1, X + TOUCH, Y, _hero(strength=4, defence=7))
    state.players = (Monstrous(named("rend", "B1")), Monstrous())
    resolve_combat(state, Combat(state.models["A1"], [state.models["B1"]]), state.players)
    assert state.models["B1"].wounds == 1 and state.models["A1"].might == 0
    assert _mights(state) == [("to wound", 3, 4)]


def test_cav_thrown_04_a_hero_spends_might_to_avoid_the_flying_leap() -> None:
    """CAV-THROWN-04, HERO-MIGHT-06 item 1 (002:L1532): a Hero rider whose mount is slain
    rolls 1 on the Thrown Rider table; 1 Might makes it 2: no flying leap (not prone, no S3
    hit), but no move this turn (CAV-THROWN-02)."""
    state = _with_players(battle([1]))
    rider = add(state, "A1", 0, X, Y, mounted(might=1, keywords=HERO | {"cavalry"}))
    state.wound(rider, "test", at_mount=True)
    assert rider.mount is None and not rider.prone and rider.might == 0
    assert rider.thrown_turn == state.turn
    assert _mights(state) == [("thrown rider", 1, 2)]
