"""The Black Gate, the trolls, and the end of the game (seed L325-349, L405-427)."""

from __future__ import annotations

import pytest

from battlesim.engines.rotk.actions import Attack, EndTurn, IllegalActionError, Resolve, Special
from battlesim.engines.rotk.data import Colour, TileKind, load_material
from battlesim.engines.rotk.outcome import Termination
from battlesim.engines.rotk.rules import apply
from battlesim.engines.rotk.state import State
from battlesim.engines.rotk.tracks import Place
from tests.engines.rotk.scenarios import army, blank_state, hero, put_tile, start_turn

GATE_HEX = (10, 3)
GATE = load_material().black_gate


def gate_state(dice: list[int], players: int = 3) -> State:
    """Every pawn on a hex before the Gate; seat 0 plays first."""
    state = start_turn(blank_state(players, dice=dice), 0, pawn=GATE_HEX)
    for seat in range(1, players):
        state.seats[seat].pawn = GATE_HEX
    return state


def strike(
    state: State,
    seat: int,
    target: Special | tuple[int, int],
    colour: Colour = Colour.GONDOR,
    heroes: tuple[str, str] = ("gandalf", "aragorn"),
) -> None:
    """Attack with three 3s of one colour and two heroes (Gandalf and Aragorn: 15 + dice)."""
    armies = tuple(army(state, seat, colour, 3).id for _ in range(3))
    heroes_ids = tuple(hero(state, seat, name).id for name in heroes)
    apply(state, Attack(target, armies, heroes_ids))
    apply(state, Resolve())


def test_the_gate_can_only_be_attacked_from_the_four_hexes_before_it() -> None:
    """Seed L330-331: the pawn must stand on one of the 4 empty hexes before the Gate."""
    state = start_turn(blank_state(3), 0, pawn=(9, 3))
    card = army(state, 0, Colour.GONDOR, 3)
    with pytest.raises(IllegalActionError):
        apply(state, Attack(Special.BLACK_GATE, (card.id,)))
    assert GATE.battle == 18


def test_taking_the_gate_ends_the_turn_and_the_game_after_the_round() -> None:
    """Seed L331-334, L347-349, L413: the player takes the Gate, the turn stops, the
    others still play this round, then the points are counted."""
    state = gate_state([1, 2])  # 15 + 3 = 18
    strike(state, 0, Special.BLACK_GATE)
    assert state.gate_fallen and state.seats[0].trophies == [GATE]
    assert state.current == 1 and not state.is_over
    apply(state, EndTurn())
    apply(state, EndTurn())
    assert state.is_over and state.outcome is not None
    assert state.outcome.termination is Termination.BLACK_GATE and state.outcome.players_win
    assert state.outcome.winner == 0 and state.outcome.victory_points == (GATE.vp, 0, 0)


def test_a_failed_gate_attack_ends_the_turn_and_the_gate_stands() -> None:
    """Seed L331, L222-225: below 18 the attack fails."""
    state = gate_state([1, 1])  # 15 + 2 = 17
    strike(state, 0, Special.BLACK_GATE)
    assert not state.gate_fallen and state.current == 1


def test_trolls_can_be_attacked_only_after_the_gate_and_a_win_ends_the_turn() -> None:
    """Seed L334-338: the players yet to play may attack the trolls (16)."""
    state = gate_state([6, 6, 1, 2])
    card = army(state, 0, Colour.GONDOR, 1)
    with pytest.raises(IllegalActionError):
        apply(state, Attack(Special.TROLL, (card.id,)))
    strike(state, 0, Special.BLACK_GATE)
    troll = state.trolls[0]
    strike(state, 1, Special.TROLL, Colour.ROHAN, ("legolas", "gimli"))  # 13 + 3 = 16
    assert state.seats[1].trophies == [troll] and troll.kind is TileKind.TROLL
    assert state.current == 2 and len(state.trolls) == 1


def test_after_the_gate_frodo_stops_but_failures_still_move_gollum() -> None:
    """Seed L342-345: Frodo and Sam stop; each failure still moves Gollum two spaces."""
    state = gate_state([6, 6, 6, 6, 1, 1])
    state.frodo = Place(True, 4)
    strike(state, 0, Special.BLACK_GATE)
    put_tile(state, (9, 3), TileKind.WARGS)
    strike(state, 1, (9, 3), Colour.ROHAN, ("legolas", "gimli"))
    assert state.frodo == Place(True, 4)
    start_turn(state, 2, pawn=GATE_HEX)
    put_tile(state, (9, 2), TileKind.NAZGUL)
    card = army(state, 2, Colour.ROHAN, 1)
    apply(state, Attack((9, 2), (card.id,)))
    apply(state, Resolve())
    assert state.gollum == load_material().tracks.gollum_start + 2


def test_the_most_victory_points_win_once_the_tiles_are_turned_over() -> None:
    """Seed L420-422: add up the hidden points; the most points wins."""
    state = gate_state([])
    state.seats[0].trophies = [t for t in load_material().tiles if t.kind is TileKind.ORCS][:2]
    state.seats[2].trophies = [t for t in load_material().tiles if t.kind is TileKind.NAZGUL][:1]
    state.finish(Termination.RING)
    assert state.outcome is not None
    points = state.outcome.victory_points
    assert points[0] == sum(t.vp for t in state.seats[0].trophies)
    assert state.outcome.winner == max(range(3), key=lambda s: points[s])


def test_the_round_limit_stops_a_stalled_game_as_a_loss() -> None:
    """Not a rule: material.yaml's safety stop ends a game nobody can finish."""
    state = gate_state([])
    state.round = load_material().round_limit
    for _ in range(3):
        apply(state, EndTurn())
    assert state.outcome is not None and state.outcome.termination is Termination.ROUND_LIMIT
    assert not state.outcome.players_win
