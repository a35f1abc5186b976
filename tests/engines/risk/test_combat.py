"""Part II, combat (003:L66-100), with scripted dice."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlesim.engines.dice import Dice
from battlesim.engines.risk.actions import Attack, CardPlay, IllegalActionError
from battlesim.engines.risk.combat import (
    attack_options,
    check_attack,
    conquer,
    eliminate_if_beaten,
    resolve_throw,
    throw,
)
from battlesim.engines.risk.data import Seat, Timing
from battlesim.engines.risk.players import Player
from battlesim.engines.risk.state import GameState
from battlesim.engines.risk.turn import invade
from tests.engines.risk.conftest import adventure, card, give, players_for, position


class Fixed(Player):
    """Defends with the dice it is told and moves in the least it may."""

    def __init__(self, dice: Dice, defence: int = 2) -> None:
        super().__init__(dice)
        self.defence = defence

    def defend(self, state: GameState, seat: Seat, attack: Attack) -> int:
        return min(self.defence, state.armies[attack.target])

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return least

    def play_power(
        self,
        state: GameState,
        seat: Seat,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None:
        return None


def test_ties_go_to_the_defender() -> None:
    """003:L82: the higher number wins, with defender winning ties."""
    assert resolve_throw((5,), (5,)) == (1, 0)
    assert resolve_throw((6, 4), (6, 3)) == (1, 1)


def test_second_dice_compared_and_extra_dice_ignored() -> None:
    """003:L86: compare the second dice; with no die to compare to, ignore that die."""
    assert resolve_throw((6, 5, 1), (4, 4)) == (0, 2)
    assert resolve_throw((6, 2, 2), (4,)) == (0, 1)
    assert resolve_throw((3,), (4, 1)) == (1, 0)


def test_leader_adds_one_to_the_highest_attack_die() -> None:
    """003:L74: a leader in the attacking territory gives +1 to the highest attack die."""
    assert resolve_throw((4, 2), (4, 3)) == (2, 0)
    assert resolve_throw((4, 2), (4, 3), attack_bonus=1) == (1, 1)


def test_leader_and_stronghold_give_the_defender_two() -> None:
    """003:L78: a defending leader +1, a stronghold +1 more: +2 on the highest defence die."""
    state = position([6, 5])
    give(state, 0, 4, "Gap of Rohan")
    give(state, 1, 3, "Minas Tirith")
    state.leaders["Minas Tirith"] = 1
    result = throw(state, Attack("Gap of Rohan", "Minas Tirith", 1), 1)
    assert (result.defence_bonus, result.attacker_losses, result.defender_losses) == (2, 1, 0)
    assert state.armies["Gap of Rohan"] == 3


def test_stronghold_bonus_alone() -> None:
    """003:L78: a stronghold adds 1 to the highest defence die; 6 v 5+1 ties: defender wins."""
    state = position([6, 5])
    give(state, 0, 4, "Gap of Rohan")
    give(state, 1, 3, "Minas Tirith")
    result = throw(state, Attack("Gap of Rohan", "Minas Tirith", 1), 1)
    assert result.defence_bonus == 1 and result.attacker_losses == 1  # 6 v 5+1: tie, defender


def test_one_battalion_must_stay_behind_and_three_dice_at_most() -> None:
    """003:L70-72: a territory with at least 2 battalions; at most 3 dice, one stays behind."""
    state = position()
    give(state, 0, 1, "Gap of Rohan")
    assert attack_options(state, 0) == []
    give(state, 0, 3, "Gap of Rohan")
    with pytest.raises(IllegalActionError):
        check_attack(state, 0, Attack("Gap of Rohan", "Minas Tirith", 3))
    give(state, 0, 9, "Gap of Rohan")
    check_attack(state, 0, Attack("Gap of Rohan", "Minas Tirith", 3))
    with pytest.raises(IllegalActionError):
        check_attack(state, 0, Attack("Gap of Rohan", "Minas Tirith", 4))


def test_only_adjacent_enemy_territories() -> None:
    """003:L68: attack adjacent enemy territories only; allies are not enemies (assumption)."""
    state = position()
    give(state, 0, 5, "Gap of Rohan")
    with pytest.raises(IllegalActionError):
        check_attack(state, 0, Attack("Gap of Rohan", "Mount Doom", 1))
    give(state, 2, 1, "Minas Tirith")  # seat 2 (Green) is Free Peoples like seat 0
    targets = {t for s, t in attack_options(state, 0)}
    assert "Minas Tirith" not in targets and "Fangorn" in targets


def test_defender_dice_one_or_two() -> None:
    """003:L76: the defender chooses 1 or 2 battalions (never more than it has)."""
    state = position([6, 6, 6, 1, 1, 1])
    give(state, 0, 9, "Gap of Rohan")
    give(state, 1, 1, "Fangorn")
    with pytest.raises(IllegalActionError):
        throw(state, Attack("Gap of Rohan", "Fangorn", 3), 2)


def test_conquest_moves_the_attackers_and_the_leader() -> None:
    """003:L90-92: move in at least the attacking battalions, leader goes along; the
    defeated leader is removed from the board."""
    state = position([6, 6, 1, 1])
    give(state, 0, 6, "Gap of Rohan")
    give(state, 1, 2, "Fangorn")
    state.leaders["Gap of Rohan"] = 0
    state.leaders["Fangorn"] = 1
    state.players[0].leaders_in_pool = state.players[1].leaders_in_pool = 1
    attack = Attack("Gap of Rohan", "Fangorn", 2)
    result = throw(state, attack, 2)
    assert state.armies["Fangorn"] == 0
    with pytest.raises(IllegalActionError):
        conquer(state, attack, result, 1)  # fewer than the two that attacked
    conquer(state, attack, result, 2)
    assert state.owner["Fangorn"] == 0 and state.armies == state.armies | {"Fangorn": 2}
    assert state.leaders == {"Fangorn": 0}
    assert state.players[1].leaders_in_pool == 2
    assert state.flags.conquered and state.flags.leader_conquest


def test_repeat_attacks_until_the_territory_falls() -> None:
    """003:L88-90 through the turn loop: two throws, then the move-in."""
    state = position([1, 1, 6, 6, 6, 2])
    give(state, 0, 4, "Gap of Rohan")
    give(state, 1, 1, "Fangorn")
    players = {seat: Fixed(state.dice) for seat in range(4)}
    attack = Attack("Gap of Rohan", "Fangorn", 1)
    invade(state, 0, players, attack)  # 1 v 1: attacker loses
    assert (state.armies["Gap of Rohan"], state.owner["Fangorn"]) == (3, 1)
    invade(state, 0, players, Attack("Gap of Rohan", "Fangorn", 2))  # 6,6 v 6: tie, loses
    assert state.armies["Gap of Rohan"] == 2
    state.dice = type(state.dice)([6, 2])
    invade(state, 0, players, attack)
    assert state.owner["Fangorn"] == 0 and state.armies["Fangorn"] == 1


def test_elimination_hands_over_territory_cards_and_discards_adventures() -> None:
    """003:L96: the eliminator gets the territory cards; adventure cards are discarded."""
    state = position(owner=0)
    give(state, 1, 1, "Fangorn")
    state.players[1].cards = [card("Nurn")]
    state.players[1].adventures = [adventure("Ambush")]
    state.set_owner("Fangorn", 0)  # as after the conquest of the last territory
    assert eliminate_if_beaten(state, 0, 1)
    assert state.players[1].eliminated
    assert state.players[0].cards == [card("Nurn")]
    assert state.adventure_discard == [adventure("Ambush")]


def test_more_than_five_cards_after_an_elimination_must_be_traded() -> None:
    """003:L98-100: over 5 territory cards after an elimination: trade, place at once."""
    state = position([6, 1])
    give(state, 0, 5, "Gap of Rohan")
    for name in sorted(state.board.territories):
        if name != "Fangorn":
            state.set_owner(name, 0 if state.owner[name] == 1 else state.owner[name])
    give(state, 3, 1, "Fangorn")
    state.players[0].cards = [card(n) for n in ("Forlindon", "Mithlond", "Tower Hills")]
    state.players[3].cards = [card(n) for n in ("The Shire", "Buckland", "Evendim Hills")]
    players = players_for(state)
    invade(state, 0, players, Attack("Gap of Rohan", "Fangorn", 1))
    assert state.players[3].eliminated
    assert len(state.players[0].cards) <= 5
    assert state.log.of_kind("trade") and state.players[0].reserve == 0


@given(
    st.lists(st.integers(1, 6), min_size=1, max_size=3),
    st.lists(st.integers(1, 6), min_size=1, max_size=2),
    st.integers(0, 1),
    st.integers(0, 2),
)
def test_each_compared_pair_costs_exactly_one_battalion(
    attack: list[int], defence: list[int], plus_attack: int, plus_defence: int
) -> None:
    """003:L84-86: each compared pair removes one battalion from its loser, no more."""
    lost = resolve_throw(tuple(attack), tuple(defence), plus_attack, plus_defence)
    assert sum(lost) == min(len(attack), len(defence))
    assert min(lost) >= 0


def test_a_throw_s_losses_are_the_throw_rule_s_for_every_throw_and_bonus() -> None:
    """003:L74-86: the engine's reading (two highest dice a hand) agrees with the rule as
    written (``_written_rule``: sorted hands, bonus on the highest) on every roll of 1-3
    attack and 1-2 defence dice, under every bonus a throw can carry."""
    for a_count, d_count in product((1, 2, 3), (1, 2)):
        for rolls in product(range(1, 7), repeat=a_count + d_count):
            attack, defence = rolls[:a_count], rolls[a_count:]
            for plus_attack, plus_defence in product((0, 1, 2), (0, 1, 2, 3)):
                expected = _written_rule(attack, defence, plus_attack, plus_defence)
                assert resolve_throw(attack, defence, plus_attack, plus_defence) == expected


def _written_rule(
    attack_rolls: tuple[int, ...],
    defence_rolls: tuple[int, ...],
    plus_attack: int,
    plus_defence: int,
) -> tuple[int, int]:
    """003:L74-86 as written: each bonus on its side's highest die, hands sorted and compared
    highest to highest, then second to second, ties to the defender."""
    attack = sorted(attack_rolls, reverse=True)
    defence = sorted(defence_rolls, reverse=True)
    attack[0] += plus_attack
    defence[0] += plus_defence
    lost = [0, 0]
    for a, d in zip(attack, defence, strict=False):
        lost[1 if a > d else 0] += 1
    return lost[0], lost[1]


@pytest.mark.pure_python  # patches the module's own calls
def test_attack_options_under_lasting_effects_are_the_pairs_max_dice_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The options read the lasting effects once per question (storms, held bridges, the
    Corsairs' toll); every question asked in whole games, effects or not, gives exactly the
    hostile pairs ``max_dice`` allows, in the same order."""
    from battlesim.engines.risk import turn
    from battlesim.engines.risk.combat import max_dice
    from battlesim.engines.risk.game import play_game

    asked = {"effects": 0}
    original = turn.attack_options

    def checked(state: GameState, seat: Seat) -> list[tuple[str, str]]:
        found = original(state, seat)
        hostile = state.hostile_land(state.players[seat].side)
        expected = [
            (source, target)
            for source in state.territories_of(seat)
            for target in state.board.ordered_neighbours[source]
            if target in hostile and max_dice(state, seat, source, target)
        ]
        if not any(c.effect == "under_mountains" for c in state.players[seat].adventures):
            assert found == expected
        asked["effects"] += bool(state.effects)
        return found

    monkeypatch.setattr(turn, "attack_options", checked)
    for seed in range(12):
        play_game(seed=seed, options={"players": ["aggressive", "random", "region", "random"]})
    assert asked["effects"] > 0


def test_hostile_pairs_after_a_conquest_are_read_afresh_in_order() -> None:
    """The kept pairs, moved on by one conquest (the conquered land no longer a target, now a
    source in name order), are the pairs a fresh reading gives; a change between allies, or
    two changes at once, is read afresh."""
    state = position(owner=1)  # seat 1 (Red) on the other side from seat 0 (Yellow)
    give(state, 0, 3, "Gap of Rohan", "Minas Tirith", "Fangorn")

    def fresh(seat: Seat) -> list[tuple[str, str]]:
        hostile = state.hostile_land(state.players[seat].side)
        near = state.board.ordered_neighbours
        return [(s, t) for s in state.territories_of(seat) for t in near[s] if t in hostile]

    assert state.hostile_pairs(0) == fresh(0)
    for territory in sorted(state.board.neighbours["Fangorn"] - set(state.territories_of(0))):
        state.set_owner(territory, 0)  # one conquest at a time, asked after each
        assert state.hostile_pairs(0) == fresh(0)
    give(state, 0, 1, *[t for t in state.board.names if state.owner[t] == 1][-2:])
    assert state.hostile_pairs(0) == fresh(0)


@pytest.mark.pure_python  # patches the module's own calls
def test_the_options_kept_across_an_invasion_are_a_fresh_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Between two throws of one invasion only its two armies change, so the options kept
    from the last decision are the options read afresh (every question of whole games)."""
    from battlesim.engines.risk import turn
    from battlesim.engines.risk.game import play_game

    asked = {"kept": 0}
    original = turn.attack_options

    def checked(state: GameState, seat: Seat) -> list[tuple[str, str]]:
        kept = state.invasion_options
        found = original(state, seat)
        asked["kept"] += kept is not None and kept[0] is state.invasion
        state.invasion_options = None
        assert found == original(state, seat)
        return found

    monkeypatch.setattr(turn, "attack_options", checked)
    for seed in range(8):
        play_game(seed=seed, options={"players": ["aggressive", "random", "region", "strategist"]})
    assert asked["kept"] > 100
