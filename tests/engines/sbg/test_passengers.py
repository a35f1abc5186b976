"""Passengers (checklist part 2 §10.3, ADV-PASS-01..08; 002:L2966-2996), scripted dice.

A foot model rides behind a friendly Cavalry model in narrative games only; each expected
outcome is read from the French text (lines cited)."""

from __future__ import annotations

from typing import Any

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.phases.shoot import run_shoot_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import fighting, passengers
from battlesim.engines.sbg.rules.game_types import GameMode, set_mode
from battlesim.engines.sbg.rules.movement import apply_action
from battlesim.engines.sbg.rules.rider_status import rider_turns
from battlesim.engines.sbg.rules.shooting import shoot
from tests.engines.sbg.builders import add, battle, profile
from tests.engines.sbg.test_cavalry import mounted

BOW = profile(name="Archer", wargear=("sword", "bow"))


class Lifts(HeuristicPlayer):
    """Answers yes to the passenger questions it is told to, and records what it is asked."""

    def __init__(self, seat: bool = True, down: bool = False, aim: bool = True) -> None:
        super().__init__()
        self.seat, self.down, self.aim = seat, down, aim
        self.asked: list[str] = []

    def decide(self, state: Any, decision: Any) -> Any:
        answers = {
            passengers.TakeSeat: self.seat,
            passengers.SetDown: self.down,
            passengers.StrikePassenger: self.aim,
        }
        if type(decision) in answers:
            self.asked.append(type(decision).__name__)
            return answers[type(decision)]
        return super().decide(state, decision)


def _lift(dice, mode=GameMode.NARRATIVE, player=None, foot=None):
    """A rider at (24, 10) and a foot friend at (20, 10) who walks into contact with it."""
    state = battle(dice)
    set_mode(state, mode)
    player = player or Lifts()
    state.players = (player, Lifts(seat=False))
    rider = add(state, "A1", 0, 24.0, 10.0, mounted())
    walker = add(state, "A2", 0, 20.0, 10.0, foot or profile(name="Walker"))
    gap = rider.radius + walker.radius
    apply_action(state, walker, Move("A2", (24.0 - gap, 10.0)))
    return state, rider, walker, player


def test_adv_pass_01_not_offered_in_matched_play():
    """ADV-PASS-01 (002:L2970), GAME-COMP-02: « Les règles des Passagers ne sont pas
    utilisées en partie compétitive »: in matched play nobody is asked, nothing is rolled."""
    state, rider, walker, player = _lift([], mode=GameMode.MATCHED)
    assert player.asked == [] and passengers.passenger_of(state, rider) is None
    assert walker in state.living(0)


def test_adv_pass_03_a_one_and_neither_moves_again():
    """ADV-PASS-03 (002:L2982): the Leap test, 1: it does not get on and neither model may
    move again this turn."""
    state, rider, walker, player = _lift([1])
    assert player.asked == ["TakeSeat"]
    assert passengers.passenger_of(state, rider) is None and walker in state.living(0)
    assert rider.done_moving and walker.done_moving


def test_adv_pass_02_03_two_to_five_it_rides_on_the_mounts_base():
    """ADV-PASS-03: 2-5, it rides and neither moves again this turn; ADV-PASS-02 (002:L2978):
    on the mount's base: no base of its own on the table, it goes where the rider goes."""
    state, rider, walker, _ = _lift([4])
    assert passengers.passenger_of(state, rider) is walker
    assert walker not in state.living(0) and rider.done_moving
    rider.reset_turn()
    apply_action(state, rider, Move("A1", (24.0, 18.0)))
    assert walker.position == rider.position == (24.0, 18.0)


def test_adv_pass_03_a_six_and_the_rider_goes_on_less_the_greater_distance():
    """ADV-PASS-03, reading 30: 6, it rides and the Cavalry model may go on, its Move less
    the greater of the distances moved (the walker's 2.8 inch here, the rider's none)."""
    state, rider, walker, _ = _lift([6])
    assert passengers.passenger_of(state, rider) is walker
    assert abs(rider.spent - walker.spent) < 1e-9 and rider.spent > 2.8
    assert not rider.done_moving and passengers.goes_on(state, rider)
    assert not passengers.goes_on(state, rider)  # once


def test_adv_pass_04_set_down_touching_and_moves_no_more():
    """ADV-PASS-04 (002:L2986): at the end of the rider's move the passenger is put on foot
    in base contact with it and cannot move again this turn."""
    player = Lifts(down=True)
    state, rider, walker, _ = _lift([3], player=player)
    rider.reset_turn()
    walker.reset_turn()
    apply_action(state, rider, Move("A1", (24.0, 16.0)))
    assert passengers.passenger_of(state, rider) is None and walker in state.living(0)
    assert state.in_contact(walker, rider) and walker.done_moving


def test_adv_pass_05_a_passenger_does_not_shoot():
    """ADV-PASS-05 (002:L2990): « ne peut pas tirer ou combattre »: the seated archer does
    not shoot at the enemy 12 inch away in the Shoot phase."""
    state, rider, walker, _ = _lift([3], foot=BOW)
    add(state, "B1", 1, 24.0, 22.0)
    walker.reset_turn()
    run_shoot_phase(state, state.players)
    assert not any(e.data["shooter"] == "A2" for e in state.log.of_kind("shot"))


def test_adv_pass_06_a_shot_at_the_rider_hits_the_passenger_on_one_to_three():
    """ADV-PASS-06 (002:L2992): a hit (4) on the Cavalry model falls on the rider (5:
    CAV-SHOOT-02, 4-6), then D6: 3, the passenger is hit instead; a bow's S2 against its
    Defence 4 wounds on 5: it is slain and the seat is empty."""
    state, rider, walker, _ = _lift([3, 4, 5, 3, 5])
    archer = add(state, "B1", 1, 24.0, 30.0, BOW)
    shoot(state, archer, rider)
    assert not walker.alive and rider.alive
    assert passengers.passenger_of(state, rider) is None


def test_adv_pass_06_on_four_to_six_the_rider_is_hit():
    """ADV-PASS-06: the same shot, the D6 a 4: the rider takes it (wounded on 5: slain, the
    horse gone with him; ADV-PASS-08 follows: the passenger is thrown, 6 unharmed)."""
    state, rider, walker, _ = _lift([3, 4, 5, 4, 5, 6])
    archer = add(state, "B1", 1, 24.0, 30.0, BOW)
    shoot(state, archer, rider)
    assert not rider.alive
    assert walker.alive and walker in state.living(0)


def test_adv_pass_07_a_blow_may_be_aimed_at_the_passenger():
    """ADV-PASS-07 (002:L2994): « au choix de l'attaquant »: the striker aims at the
    passenger; S3 against its Defence 4 wounds on 5: it is slain, the rider untouched."""
    state, rider, walker, _ = _lift([3, 5])
    foe = add(state, "B1", 1, 24.0, 10.0 + rider.radius + 0.49)
    fighting._blow(state, Lifts(aim=True), foe, rider, False)  # noqa: SLF001
    assert not walker.alive and rider.alive and rider.wounds == 1


def test_adv_pass_07_or_at_the_rider():
    """ADV-PASS-07: aimed at the rider instead (the striker's other choice), the passenger
    is untouched."""
    state, rider, walker, _ = _lift([3, 1])
    foe = add(state, "B1", 1, 24.0, 10.0 + rider.radius + 0.49)
    fighting._blow(state, Lifts(aim=False), foe, rider, False)  # noqa: SLF001
    assert walker.alive and passengers.passenger_of(state, rider) is walker


def test_adv_pass_08_rider_slain_throws_the_passenger_who_tests():
    """ADV-PASS-08 (002:L2996): the rider slain, the passenger is thrown and takes a Thrown
    Rider test: 3 (CAV-THROWN-02) it does nothing more this turn."""
    state, rider, walker, _ = _lift([3, 3])
    state.wound(rider, "test")
    assert walker.alive and walker in state.living(0)
    assert rider_turns(walker).thrown_turn == state.turn
    assert passengers.passenger_of(state, rider) is None


def test_adv_pass_08_a_one_is_a_flying_leap():
    """ADV-PASS-08, CAV-THROWN-01 (002:L1357): the rider's mount slain outside a fight
    throws the rider (6: no harm), and the passenger (1): Prone, one S3 hit (5 against
    Defence 4: wounded, slain)."""
    state, rider, walker, _ = _lift([3, 6, 1, 5])
    assert rider.mount is not None
    rider.mount.wounds = 1
    state.wound(rider, "test", at_mount=True)
    assert not walker.alive
    assert [e.data["model"] for e in state.log.of_kind("thrown_rider")] == ["A1", "A2"]


def test_se_wound_04_an_engine_hit_on_the_cavalry_model_hits_its_passenger_too():
    """SE-WOUND-04 (002:L3102): « le cavalier, la monture et tout Passager » are all hit:
    the ballista (S9, 3+ against D4) misses the mount and the rider (2, 2); knocked Prone,
    the rider is thrown (CAV-LOOSE-03) and so is the passenger (ADV-PASS-08, 3), the rider's
    S3 hit fails (1); then the passenger's To Wound, 3: slain outright."""
    from battlesim.engines.sbg.core.units import SiegeEngineSpec, engine_profile
    from battlesim.engines.sbg.rules import siege_engines as se

    state, rider, walker, _ = _lift([3, 4, 6, 2, 2, 3, 1, 3])
    card = engine_profile(SiegeEngineSpec("Ballista", 9, 10, 3, False, ()))
    engine = add(state, "E1", 1, 24.0, 40.0, card)
    add(state, "C1", 1, 24.0 - engine.radius - 0.49, 40.0)
    state.engines["E1"] = ["C1"]
    crew = se.crewing(state, engine)
    assert crew is not None
    se.fire(state, engine, crew, rider)
    purposes = [e.data["purpose"] for e in state.log.of_kind("roll")]
    assert any(p.startswith("engine to wound E1->A2") for p in purposes)
    assert not walker.alive and rider.alive
