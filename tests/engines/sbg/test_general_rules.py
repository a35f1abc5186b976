"""General principles, characteristics, dice, measuring, keywords, the turn sequence and the
Priority phase (checklist part 1 §1-3) that the phase tests do not already cover."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.core.hooks import _REGISTRY, Hook, HookContext, modifier, register
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.game import deploy, new_battle, play_battle, play_game
from battlesim.engines.sbg.phases.end import run_end_phase
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.phases.move import stand_up
from battlesim.engines.sbg.phases.priority import run_priority_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules.combat import roll_to_wound, wound_need
from battlesim.engines.sbg.rules.equipment import starting_defence
from battlesim.engines.sbg.rules.movement import check_action
from battlesim.engines.sbg.rules.shooting import can_shoot, shoot
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, profile, rolls

SKIRMISH = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"]}


# --- 1.1 sides and turns ---------------------------------------------------------------------


def test_gen_turn_01_turns_follow_until_the_scenario_ends_the_game() -> None:
    """GEN-TURN-01 (002:L229-231, L319): a series of turns; the scenario decides the end,
    here its limit of two turns."""
    result = play_game(seed=5, options={**SKIRMISH, "turn_limit": 2})
    assert result.termination == "turn_limit"
    assert [e.data["turn"] for e in result.log.of_kind("end_of_turn")] == [1, 2]


def test_turn_01_five_phases_in_order() -> None:
    """TURN-01 (002:L325-335): Priority, Move, Shoot, Fight, End, every turn."""
    result = play_game(seed=5, options={**SKIRMISH, "turn_limit": 2})
    steps = [
        e.data["phase"] if e.kind == "phase" else e.kind
        for e in result.log
        if e.kind in ("phase", "end_of_turn")
    ]
    assert steps == ["priority", "move", "shoot", "fight", "end_of_turn"] * 2


def test_turn_02_each_player_rolls_a_die_for_priority() -> None:
    """TURN-02 (002:L327): one die per player; the higher has Priority (4 v 5: side 1)."""
    state = battle([4, 5])
    run_priority_phase(state)
    assert rolls(state) == [("priority side 0", [4]), ("priority side 1", [5])]
    assert state.priority == 1


class _Order(HeuristicPlayer):
    """A Priority player that resolves the combats in a fixed order."""

    def __init__(self, order: list[int]) -> None:
        super().__init__()
        self.order = order

    def combat_order(self, state: BattleState, combats: Sequence[object]) -> list[int]:
        return self.order


def _two_fights(order: list[int]) -> BattleState:
    state = battle(Dice(3))
    for k, x in enumerate((10.0, 30.0), start=1):
        add(state, f"A{k}", 0, x, 20)
        add(state, f"B{k}", 1, x + BASE_GAP, 20)
    run_fight_phase(state, (_Order(order), HeuristicPlayer()))
    return state


def test_turn_05_every_combat_is_fought_in_the_priority_players_order() -> None:
    """TURN-05 (002:L333): every engaged model fights; the Priority player (side 0) chose
    the second combat first."""
    duels = [p for p, _ in rolls(_two_fights([1, 0])) if p.startswith("duel A")]
    assert duels == ["duel A2", "duel A1"]


def test_turn_05_an_order_that_is_not_a_permutation_is_refused() -> None:
    """TURN-05: the engine checks the player's order; a bad one is logged and ignored."""
    state = _two_fights([0, 0])
    assert state.log.of_kind("refused")[0].data["reason"] == "combat order [0, 0]"
    assert [p for p, _ in rolls(state) if p.startswith("duel A")] == ["duel A1", "duel A2"]


def test_turn_05_both_players_give_a_permutation() -> None:
    """TURN-05: the heuristic player keeps the split order; the random one shuffles with
    logged rolls (a die of 3 sides, then of 2)."""
    state = battle([2, 2])
    combats = ["c0", "c1", "c2"]
    assert HeuristicPlayer().combat_order(state, combats) == [0, 1, 2]
    assert RandomPlayer().combat_order(state, combats) == [1, 2, 0]
    assert len(rolls(state)) == 2


def test_turn_06_the_end_phase_clears_turn_state_and_keeps_the_rest() -> None:
    """TURN-06 (002:L335), ambiguity A24: moved/shot/fought flags and spent Move go; wounds,
    prone, positions and Might/Will/Fate stay."""
    state = battle([])
    hero = add(state, "A1", 0, 10, 10, profile(wounds=3, might=2, keywords=frozenset({"hero"})))
    hero.moved = hero.shot = hero.fought = hero.charged = True
    hero.spent, hero.wounds, hero.prone, hero.might = 3.0, 1, True, 1
    run_end_phase(state)
    assert not (hero.moved or hero.shot or hero.fought or hero.charged)
    assert hero.spent == 0.0
    assert (hero.wounds, hero.prone, hero.might, hero.position) == (1, True, 1, (10, 10))


# --- 1.2 characteristics -----------------------------------------------------------------------


def _difficulty(strength: int, defence: int) -> tuple[int, int]:
    need = wound_need(strength, defence)
    return (7, 7) if need is None else (need.first, need.second or 0)


@pytest.mark.parametrize("value", range(1, 10))
def test_char_s_01_d_01_strength_helps_and_defence_hinders_wounding(value: int) -> None:
    """CHAR-S-01, CHAR-D-01 (002:L94-96): more Strength never makes wounding harder, more
    Defence never makes it easier (the wound chart, 002:L880-892)."""
    for other in range(1, 11):
        assert _difficulty(value + 1, other) <= _difficulty(value, other)
        assert _difficulty(other, value + 1) >= _difficulty(other, value)


def test_char_a_01_attacks_are_duel_dice_and_strikes() -> None:
    """CHAR-A-01 (002:L98): A2 rolls two Duel dice and, winning, strikes twice: 5 and 6
    against a D4 two-Wound enemy (5+ needed) slay it."""
    state = battle([5, 2, 3, 5, 6])
    add(state, "A1", 0, 20, 20, profile(attacks=2))
    add(state, "B1", 1, 20 + BASE_GAP, 20, profile(wounds=2))
    run_fight_phase(state, players())
    assert rolls(state)[:2] == [("duel A1", [5, 2]), ("duel B1", [3])]
    assert [p for p, _ in rolls(state)].count("strike A1->B1 (S3 D4)") == 2
    assert not state.models["B1"].alive


def test_char_w_01_a_model_at_zero_wounds_is_removed_at_once() -> None:
    """CHAR-W-01 (002:L100): two Wounds: the first wound leaves it on the table, the second
    removes it immediately (the casualty is logged right after the wound)."""
    state = battle([])
    model = add(state, "A1", 0, 10, 10, profile(wounds=2))
    state.wound(model, "test")
    assert model.alive and model.wounds == 1
    state.wound(model, "test")
    assert not model.alive and state.casualties == [1, 0]
    assert [e.kind for e in state.log][-2:] == ["wound", "casualty"]


def test_char_half_01_half_a_move_is_an_exact_distance() -> None:
    """CHAR-HALF-01 (002:L245) AMBIGUOUS reading: halving a distance (standing up, shooting
    after moving) is exact: Move 5" -> 2.5" spent, and a bow may still shoot after 2.5"."""
    state = battle([])
    model = add(state, "A1", 0, 10, 10, profile(move=5.0, wargear=("bow",)))
    model.prone = True
    stand_up(state, model)
    assert model.spent == 2.5
    assert can_shoot(state, model)


# --- 1.3 profiles ------------------------------------------------------------------------------


def test_prof_05_equipment_on_the_card_brings_its_rules() -> None:
    """PROF-05 (002:L139-141): the card's equipment is part of the profile: its armour is
    already in the card's Defence, its bow gives the model a missile weapon."""
    card = profile(defence=5, wargear=("sword", "armour", "bow"))
    assert starting_defence(card) == 5
    state = battle([])
    model = add(state, "A1", 0, 10, 10, card)
    assert model.missile is not None and model.missile.range == 24.0


# --- 1.4 dice ----------------------------------------------------------------------------------


def test_dice_d6_01_every_rule_die_is_a_d6() -> None:
    """DICE-D6-01 (002:L237, L251): a whole battle between heuristic players rolls only D6
    (other dice, such as a random player's choices, are not rule dice)."""
    from battlesim.engines.sbg.game import setup_from_options

    dice = Dice(11)
    setup = setup_from_options({**SKIRMISH, "turn_limit": 3}, dice)
    state = new_battle(setup, dice, EventLog())
    both = (HeuristicPlayer(setup.scenario), HeuristicPlayer(setup.scenario))
    deploy(state, setup.scenario, both)
    play_battle(state, setup.scenario, both)
    assert dice.rolls and {r.sides for r in dice.rolls} == {6}


def test_dice_reroll_01_the_second_result_stands_even_if_worse() -> None:
    """DICE-REROLL-01 (002:L257): the banner re-rolls A1's 2 into a 1: the 1 counts, B1
    wins the Duel 5 v 1."""
    state = battle([2, 5, 1, 1])
    add(state, "A1", 0, 20, 20)
    add(state, "A9", 0, 17.5, 20, profile(wargear=("sword", "banner")))
    add(state, "B1", 1, 20 + BASE_GAP, 20)
    run_fight_phase(state, players())
    assert rolls(state)[2] == ("banner re-roll A1", [1])
    duel = state.log.of_kind("duel")[0].data
    assert duel["dice"][0] == [1] and duel["winner"] == 1


def test_dice_reroll_02_a_rerolled_die_is_never_rerolled_again() -> None:
    """DICE-REROLL-02 (002:L257): a To Wound 1 re-rolled (Feint, Stab) into another 1 stays
    a failure: exactly two dice are rolled."""
    state = battle([1, 1])
    assert roll_to_wound(state, 3, 4, 0, "strike", reroll_ones=True) is False
    assert rolls(state) == [("strike", [1]), ("strike (re-roll of a 1)", [1])]


def test_dice_nat_01_a_natural_six_hits_whatever_the_modifier(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DICE-NAT-01 (002:L261), SHOOT-MOVE-01 (A15): the die as rolled, before any modifier:
    a 6+ shooter with -1 To Hit still hits on a natural 6, and misses on a 5."""
    from battlesim.engines.sbg.core.hooks import Registration

    dazzled = Registration("test dazzle", lambda context: -1)
    monkeypatch.setitem(_REGISTRY, Hook.TO_HIT, [*_REGISTRY[Hook.TO_HIT], dazzled])
    for die, hit in ((6, True), (5, False)):
        state = battle([die, 1])
        shooter = add(state, "A1", 0, 10, 10, profile(shoot=6, wargear=("bow",)))
        shooter.triggers = shooter.triggers | {"test dazzle"}
        shoot(state, shooter, add(state, "B1", 1, 10, 20))
        assert state.log.of_kind("shot")[0].data["hit"] is hit


# --- 1.6 measuring -----------------------------------------------------------------------------


def test_meas_01_distances_are_inches_between_bases() -> None:
    """MEAS-01 (002:L279), MEAS-02: 25 mm bases whose centres stand 2" apart are
    2 - 25/25.4 inches apart; a 1" move is 1 inch of Move."""
    state = battle([])
    a = add(state, "A1", 0, 10, 10)
    b = add(state, "B1", 1, 12, 10)
    assert state.distance(a, b) == pytest.approx(2 - 25 / 25.4)
    check_action(state, a, Move("A1", (10, 4)))  # 6" of Move 6
    with pytest.raises(ValueError, match="MOVE-GEN-03"):
        check_action(state, a, Move("A1", (10, 3.9)))


# --- 1.7 keywords ------------------------------------------------------------------------------


def _attacks_bonus(monkeypatch: pytest.MonkeyPatch, *triggers: str) -> None:
    monkeypatch.setitem(_REGISTRY, Hook.ATTACKS, [])
    for trigger in triggers:
        register(Hook.ATTACKS, trigger)(lambda context: 1)


def _bonus(keywords: set[str]) -> int:
    state = battle([])
    model = add(state, "A1", 0, 10, 10, profile(keywords=frozenset(keywords)))
    return modifier(Hook.ATTACKS, HookContext(state, model))


def test_kw_01_kw_05_rules_select_models_by_keyword(monkeypatch: pytest.MonkeyPatch) -> None:
    """KW-01 (002:L289-291), KW-05 (002:L299): a rule names the keyword it affects; a model
    may be in several categories (Monster and Infantry) and gets the rules of each."""
    _attacks_bonus(monkeypatch, "monster", "infantry")
    assert _bonus({"troll", "monster", "infantry"}) == 2
    assert _bonus({"man", "infantry"}) == 1
    assert _bonus({"man", "cavalry"}) == 0


def test_kw_02_a_rule_naming_several_keywords_needs_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """KW-02 (002:L293): "Man & Gondor" affects a Man of Gondor, not a Man of Rohan."""
    _attacks_bonus(monkeypatch, "Man & Gondor")
    assert _bonus({"man", "gondor", "infantry"}) == 1
    assert _bonus({"man", "rohan", "infantry"}) == 0
    assert _bonus({"elf", "gondor"}) == 0


def test_kw_04_a_rule_naming_man_also_affects_woman(monkeypatch: pytest.MonkeyPatch) -> None:
    """KW-04 (002:L295): a rule naming Man applies to models with the keyword Woman."""
    _attacks_bonus(monkeypatch, "man")
    assert _bonus({"woman", "rohan"}) == 1
    assert _bonus({"elf"}) == 0


# --- 3 Priority --------------------------------------------------------------------------------


def test_prio_01_matched_play_rolls_for_the_first_turn_too() -> None:
    """PRIO-01 (002:L347) applies to narrative scenarios only; the engine plays matched-play
    scenarios (data.ASSUMPTIONS "narrative-priority"): Good does not get turn 1 Priority
    for free, the dice decide (1 v 6: Evil)."""
    state = battle([1, 6], alignments=(Alignment.GOOD, Alignment.EVIL))
    run_priority_phase(state)
    assert state.priority == 1


def test_prio_05_might_never_changes_the_priority_roll() -> None:
    """PRIO-05 (002:L1518, L1528): Might only modifies the Hero's own dice: a Hero with
    Might on the side that rolled 2 against 5 loses Priority and keeps its Might."""
    state = battle([2, 5])
    hero = add(state, "A1", 0, 10, 10, profile(might=3, keywords=frozenset({"hero"})))
    run_priority_phase(state)
    assert state.priority == 1 and hero.might == 3
    assert not state.log.of_kind("might")


@pytest.mark.parametrize(
    ("rule_id", "key"),
    [
        ("GEN-DISPUTE-01", "disputes"),
        ("DICE-COCKED-01", "cocked-dice"),
        ("MEAS-04", "measuring"),
        ("DICE-REROLL-03", "rerolls"),
        ("DICE-REROLL-04", "rerolls"),
    ],
)
def test_rules_without_effect_in_a_simulation_are_documented(rule_id: str, key: str) -> None:
    """GEN-DISPUTE-01, DICE-COCKED-01, MEAS-04, DICE-REROLL-03/04: what cannot arise in a
    simulation (disputes, cocked dice, guessing distances, choosing re-rolls in turn) is
    settled by a documented assumption naming the rule."""
    from battlesim.engines.sbg.core.data import ASSUMPTIONS

    assert rule_id in ASSUMPTIONS[key]


SEER = profile(name="Saruman", rules=("The Palantír (Active)",), keywords=frozenset({"hero"}))


class _Claims(HeuristicPlayer):
    """A player that always declares its Palantír when it may."""

    def claim_priority(self, state: BattleState, side: int, holders: Sequence[str]) -> str | None:
        return holders[0]


def test_prio_04_the_palantir_wins_priority_once_per_game() -> None:
    """PRIO-04, PROF-11 (002:L355, L190): declared before any die, the Palantír gives
    Priority without a roll; used once, the next turn is rolled again (3 v 5: side 1)."""
    state = battle([3, 5])
    add(state, "A1", 0, 10, 10, SEER)
    add(state, "B1", 1, 10, 40)
    both = (_Claims(), _Claims())
    run_priority_phase(state, both)
    assert state.priority == 0 and rolls(state) == []
    assert state.log.of_kind("auto_priority")[0].data == {"player": 0, "model": "A1"}
    state.turn = 2
    run_priority_phase(state, both)
    assert state.priority == 1 and len(rolls(state)) == 2


def test_prio_04_two_palantirs_declared_cancel_and_the_dice_decide() -> None:
    """PRIO-04 (data.ASSUMPTIONS "auto-priority"): both sides declare: both uses are spent
    and the dice decide (2 v 4: side 1)."""
    state = battle([2, 4])
    add(state, "A1", 0, 10, 10, SEER)
    add(state, "B1", 1, 10, 40, SEER)
    run_priority_phase(state, (_Claims(), _Claims()))
    assert state.priority == 1 and state.priority_rule_used == {"A1", "B1"}


@pytest.mark.parametrize(("gap", "claimed"), [(10.0, True), (20.0, False)])
def test_prio_04_the_heuristic_player_keeps_the_palantir_until_the_lines_meet(
    gap: float, claimed: bool
) -> None:
    """PRIO-04: a sensible player spends it when an enemy is within 12" (charges next)."""
    state = battle([])
    add(state, "A1", 0, 10, 10, SEER)
    add(state, "B1", 1, 10, 10 + BASE_GAP + gap)
    choice = HeuristicPlayer().claim_priority(state, 0, ["A1"])
    assert (choice == "A1") is claimed


def test_prio_04_the_palantir_is_reported_as_played() -> None:
    """Coverage: the Palantír counts as implemented, not ignored."""
    from battlesim.engines.sbg.coverage import profile_coverage

    assert "the palantír" in profile_coverage(SEER).implemented


def test_kw_06_a_mount_makes_cavalry_instead_of_infantry() -> None:
    """KW-06 (002:L301, L303, L1264): an Infantry model that buys a horse counts as Cavalry
    instead of Infantry (rules naming Infantry no longer reach it); on foot it is Infantry
    again, and a horse that lost its rider is Infantry too."""
    from dataclasses import replace as changed

    from battlesim.engines.sbg.core.mounts import loose_profile
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data

    data = {**profile_to_data(changed(WARRIOR, name="Rider")), "options": ["horse"]}
    state = battle([])
    rider = add(state, "A1", 0, 10, 10, profile_from_data(data))
    assert "cavalry" in rider.triggers and "infantry" not in rider.triggers
    assert rider.mount is not None
    assert {"infantry"} <= rider.mount.foot.keywords and "cavalry" not in rider.mount.foot.keywords
    loose = loose_profile(rider.mount, rider.profile)
    assert "infantry" in loose.keywords and "cavalry" not in loose.keywords
