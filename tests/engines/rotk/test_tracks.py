"""Frodo and Sam, Gollum and the mountain (seed L249-273, variant L429-432)."""

from __future__ import annotations

from battlesim.engines.rotk.actions import Attack, Resolve
from battlesim.engines.rotk.data import Colour, TileKind, load_material
from battlesim.engines.rotk.outcome import Termination
from battlesim.engines.rotk.rules import apply
from battlesim.engines.rotk.state import State
from battlesim.engines.rotk.tracks import Place, advance_frodo, advance_gollum
from tests.engines.rotk.scenarios import army, blank_state, put_tile, start_turn

TRACKS = load_material().tracks
HERE, FRONT = (0, 3), (1, 3)


def one_attack(state: State, kind: TileKind = TileKind.WARGS) -> State:
    """Seat 0 attacks the tile in front with a Gondor 1 and resolves."""
    put_tile(state, FRONT, kind)
    card = army(state, 0, Colour.GONDOR, 1)
    apply(state, Attack(FRONT, (card.id,)))
    apply(state, Resolve())
    return state


def turn(players: int, dice: list[int], variant: bool = False) -> State:
    state = start_turn(blank_state(players, dice=dice, variant=variant), 0, pawn=HERE)
    for seat in range(1, players):
        state.seats[seat].pawn = (0, 0)
    return state


def test_a_victory_over_orcs_does_not_move_frodo_and_sam() -> None:
    """Seed L253-255: every success moves them one space, except against orcs."""
    orcs = one_attack(turn(4, [6, 6]), TileKind.ORCS)
    wargs = one_attack(turn(4, [6, 6]), TileKind.WARGS)
    assert orcs.frodo == Place(False, 0) and wargs.frodo == Place(False, 1)


def test_at_four_players_the_three_space_is_an_ordinary_space() -> None:
    """Seed L46-48, L257-258: from the "4" space, the green "3" counts as a normal space."""
    frodo = Place(False, TRACKS.start_by_players[4])
    steps = 0
    while not frodo.on_mountain:
        frodo = advance_frodo(frodo, TRACKS.gollum_start, TRACKS, share=False)
        steps += 1
    assert steps == TRACKS.track_length == steps_from_three() + 1
    assert frodo == Place(True, TRACKS.frodo_entry)


def steps_from_three() -> int:
    frodo, steps = Place(False, TRACKS.start_by_players[3]), 0
    while not frodo.on_mountain:
        frodo, steps = advance_frodo(frodo, TRACKS.gollum_start, TRACKS, share=False), steps + 1
    return steps


def test_gollum_stays_put_while_frodo_and_sam_are_off_the_mountain() -> None:
    """Seed L260-262: Gollum starts moving once Frodo and Sam reach the mountain."""
    state = one_attack(turn(4, [1, 1]))
    assert state.gollum == TRACKS.gollum_start and state.current == 1


def test_gollum_climbs_two_spaces_for_each_failure_once_frodo_is_on_the_mountain() -> None:
    """Seed L260-263: after that, each failed attack moves Gollum two spaces clockwise."""
    state = turn(4, [1, 1])
    state.frodo = Place(True, 6)
    one_attack(state)
    assert state.gollum == TRACKS.gollum_start + 2


def test_frodo_and_sam_pass_over_an_occupied_space() -> None:
    """Seed L269-271: if the space is taken they go on to the next free one."""
    state = turn(4, [6, 6])
    state.frodo, state.gollum = Place(True, 4), 5
    one_attack(state)
    assert state.frodo == Place(True, 6)


def test_gollum_passes_over_frodo_and_sam_too() -> None:
    """Seed L431-432 (the variant allows sharing, so the base game does not)."""
    assert advance_gollum(3, Place(True, 5), 2, TRACKS, share=False) == 6
    assert advance_gollum(3, Place(True, 5), 2, TRACKS, share=True) == 5


def test_in_the_variant_gollum_climbs_one_space_and_may_share() -> None:
    """Seed L429-432: Gollum one space per failure; Frodo, Sam and Gollum may share."""
    state = turn(4, [1, 1], variant=True)
    state.frodo, state.gollum = Place(True, 4), 3
    one_attack(state)
    assert state.gollum == 4 and state.frodo == Place(True, 4)


def test_gollum_reaching_the_crater_ends_the_game_at_once_and_everyone_loses() -> None:
    """Seed L20, L424-427: the game stops immediately; points are worth nothing."""
    state = turn(4, [1, 1])
    state.frodo, state.gollum = Place(True, 5), TRACKS.crater - 2
    one_attack(state)
    assert state.is_over and state.outcome is not None
    assert state.outcome.termination is Termination.GOLLUM
    assert not state.outcome.players_win and state.outcome.winner is None


def test_the_ring_in_the_crater_waits_for_the_end_of_the_round() -> None:
    """Seed L269-273, L347-349, L405-409: Frodo on the last space moves once more: the
    Ring goes into the crater and the game ends after the full round."""
    state = turn(4, [6, 6])
    state.frodo = Place(True, TRACKS.mountain_spaces)
    one_attack(state)
    assert state.ring_destroyed and state.ending is Termination.RING and not state.is_over
    assert state.frodo == Place(True, TRACKS.crater)


def test_once_the_ring_is_destroyed_gollum_cannot_win() -> None:
    """Seed L20: Gollum loses the race if Frodo and Sam reach the crater first."""
    state = turn(4, [1, 1])
    state.frodo, state.ring_destroyed = Place(True, TRACKS.crater), True
    state.gollum = TRACKS.crater - 1
    one_attack(state)
    assert not state.is_over and state.gollum == TRACKS.crater - 1
