"""Set-up by player count (seed L34-77)."""

from __future__ import annotations

import pytest

from battlesim.engines.dice import Dice, ScriptedDice
from battlesim.engines.log import EventLog
from battlesim.engines.rotk.data import HexKind, TileKind, load_material
from battlesim.engines.rotk.setup import BadSetupError, new_game, roll_start_player
from battlesim.engines.rotk.state import Rules
from battlesim.engines.rotk.tracks import Place
from tests.engines.rotk.scenarios import blank_state


@pytest.mark.parametrize(("players", "trolls", "frodo"), [(4, 3, 0), (3, 2, 1)])
def test_trolls_and_frodo_start_depend_on_the_player_count(
    players: int, trolls: int, frodo: int
) -> None:
    """Seed L46-58: Frodo on the "4" or "3" space; 3 trolls at 4 players, 2 at 3."""
    state = new_game(load_material(), Rules(players), Dice(11), EventLog())
    assert len(state.trolls) == trolls
    assert {t.kind for t in state.trolls} == {TileKind.TROLL}
    assert state.frodo == Place(False, frodo)
    assert state.gollum == load_material().tracks.gollum_start  # seed L50-51


def test_nazgul_go_on_the_black_dots_and_the_rest_on_the_other_dots() -> None:
    """Seed L63-67: a Nazgul on each black-dot hex, the other tiles at random on the dots."""
    material = load_material()
    state = new_game(material, Rules(4), Dice(5), EventLog())
    nazgul_hexes = set(material.hexes_of(HexKind.NAZGUL))
    assert {h for h, t in state.board_tiles.items() if t.kind is TileKind.NAZGUL} == nazgul_hexes
    assert set(state.board_tiles) == set(material.hexes_of(HexKind.TILE, HexKind.NAZGUL))
    assert len(state.board_tiles) == 47


def test_different_seeds_place_the_tiles_differently() -> None:
    """Seed L63: the tiles are shuffled before they are placed."""
    material = load_material()
    first = new_game(material, Rules(4), Dice(1), EventLog()).board_tiles
    second = new_game(material, Rules(4), Dice(2), EventLog()).board_tiles
    assert first != second


@pytest.mark.parametrize("players", [3, 4])
def test_each_player_gets_three_cards_then_the_first_lots_are_laid(players: int) -> None:
    """Seed L69-71, L96-97: three cards each, then one lot of five per player."""
    state = new_game(load_material(), Rules(players), Dice(3), EventLog())
    assert [len(seat.hand) for seat in state.seats] == [3] * players
    assert [len(lot) for lot in state.lots if lot is not None] == [5] * players
    assert len(state.deck) == 90 - 3 * players - 5 * players


def test_the_highest_roll_starts_and_tied_players_roll_again() -> None:
    """Seed L74-77: seats 1 and 2 tie on 9, seat 2 wins the re-roll."""
    state = blank_state(3, dice=[2, 2, 4, 5, 6, 3, 1, 2, 6, 6])
    assert roll_start_player(state) == 2


def test_the_game_is_for_three_or_four_players() -> None:
    """Seed L5: 3-4 players."""
    with pytest.raises(BadSetupError):
        new_game(load_material(), Rules(5), ScriptedDice([]), EventLog())
