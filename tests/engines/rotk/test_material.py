"""The board and the material (seed L22-33, L53-67; numbers of material.yaml)."""

from __future__ import annotations

import itertools
from collections import Counter

from battlesim.engines.rotk.board import adjacency, distances
from battlesim.engines.rotk.data import CardKind, HexKind, TileKind, load_material


def test_there_are_fifty_sauron_tiles_with_three_trolls_and_five_nazgul() -> None:
    """Seed L25, L53, L64: 50 tiles, trolls of 16, Nazgul of 15."""
    tiles = load_material().tiles
    kinds = Counter(t.kind for t in tiles)
    assert len(tiles) == 50 == len({t.id for t in tiles})
    assert kinds[TileKind.TROLL] == 3 and kinds[TileKind.NAZGUL] == 5
    assert {t.battle for t in tiles if t.kind is TileKind.TROLL} == {16}
    assert {t.battle for t in tiles if t.kind is TileKind.NAZGUL} == {15}
    assert {t.battle for t in tiles if t.kind is TileKind.ORCS} == {8}  # seed L386
    assert {t.battle for t in tiles if t.kind is TileKind.MUMAKIL} == {12}  # seed L387


def test_higher_battle_values_are_worth_more_points_on_average() -> None:
    """Seed L206-207: the higher the battle value, the higher the victory points."""
    tiles = load_material().tiles
    by_battle: dict[int, list[int]] = {}
    for t in tiles:
        by_battle.setdefault(t.battle, []).append(t.vp)
    means = [sum(vps) / len(vps) for _, vps in sorted(by_battle.items())]
    assert means == sorted(means) and len(set(means)) == len(means)


def test_there_are_ninety_cards_of_armies_heroes_and_actions() -> None:
    """Seed L30: 90 cards (armies, heroes, action cards)."""
    cards = load_material().cards
    kinds = Counter(c.kind for c in cards)
    assert len(cards) == 90 == len({c.id for c in cards})
    assert kinds[CardKind.ARMY] and kinds[CardKind.REROLL] and kinds[CardKind.HERO]
    assert kinds[CardKind.ACTION]
    assert {"gandalf", "theoden"} <= {c.name for c in cards if c.kind is CardKind.HERO}


def test_the_board_has_the_dotted_hexes_for_every_tile_and_four_before_the_gate() -> None:
    """Seed L63-67, L330: 5 black-dot hexes, 42 other dots, 4 hexes before the Gate."""
    material = load_material()
    assert len(material.hexes_of(HexKind.NAZGUL)) == 5
    assert len(material.hexes_of(HexKind.TILE)) == 42
    assert len(material.hexes_of(HexKind.GATE_APPROACH)) == 4
    assert len(material.hexes_of(HexKind.MINAS_TIRITH)) == 1


def test_every_hex_can_be_reached_from_the_start_row_once_tiles_are_cleared() -> None:
    """Seed L120-131: the players can fight their way from the start row to the Gate."""
    material = load_material()
    board = adjacency(material.hexes)
    reach = distances(material.hexes_of(HexKind.MINAS_TIRITH)[0], lambda h: True, board)
    assert set(reach) == set(material.hexes)


def test_every_reconstructed_assumption_is_listed_in_the_data_file() -> None:
    """The reconstructed numbers and readings live in material.yaml only."""
    material = load_material()
    assert len(material.assumptions) >= 10
    assert material.tracks.gollum_steps == 2 and material.tracks.gollum_steps_variant == 1


def test_every_tile_of_a_higher_battle_value_is_worth_more_than_any_lower_one() -> None:
    """Seed L205-207 read strictly, and the Gate (18, L331) above the trolls (16, L53)."""
    material = load_material()
    by_battle: dict[int, list[int]] = {}
    for t in (*material.tiles, material.black_gate):
        by_battle.setdefault(t.battle, []).append(t.vp)
    ranges = [(min(vps), max(vps)) for _, vps in sorted(by_battle.items())]
    assert all(low[1] < high[0] for low, high in itertools.pairwise(ranges))


def test_non_orc_victories_on_the_board_can_carry_the_ring_to_the_crater() -> None:
    """Seed L254-255, L405-409: only non-orc victories move Frodo; the Ring end is reachable."""
    material = load_material()
    tracks = material.tracks
    movers = sum(1 for t in material.tiles if t.kind not in (TileKind.ORCS, TileKind.TROLL))
    for players, start in tracks.start_by_players.items():
        steps = tracks.track_length - start + tracks.crater - tracks.frodo_entry
        assert steps <= movers, players


def test_the_four_player_start_lies_directly_before_the_three_player_start() -> None:
    """Seed L46-48, L257-258: in a 4-player game the '3' space counts as a normal one."""
    starts = load_material().tracks.start_by_players
    assert starts[4] + 1 == starts[3]
