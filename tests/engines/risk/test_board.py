"""The map and the cards as data (reference simple-games.md §1, seed 003)."""

from __future__ import annotations

from collections import Counter

from battlesim.engines.risk.data import (
    ASSUMPTIONS,
    AdventureKind,
    Symbol,
    _raw,
    adventure_cards,
    load_board,
    territory_cards,
)


def test_it_has_64_territories_in_nine_regions_with_their_bonuses() -> None:
    """003:L16 "all 64 territories"; region sizes and bonuses of reference §1.1 (003:L60)."""
    board = load_board()
    sizes = {name: (bonus, len(members)) for name, (bonus, members) in board.regions.items()}
    assert len(board.territories) == 64
    assert sizes == {
        "Arnor": (7, 11),
        "Gondor": (7, 10),
        "Rhovanion": (5, 8),
        "Rohan": (4, 7),
        "Eriador": (3, 7),
        "Mirkwood": (4, 5),
        "Mordor": (2, 6),
        "Haradwaith": (2, 6),
        "Rhûn": (2, 4),
    }


def test_adjacency_is_symmetric_and_listed_once() -> None:
    """Borders go both ways; the data lists 96 land borders and 5 sea links, no repeats."""
    raw = _raw()
    pairs = [frozenset(pair) for pair in raw["borders"] + raw["sea_links"]]
    assert len(pairs) == len(set(pairs)) == 101
    assert len(raw["sea_links"]) == 5
    board = load_board()
    for name, near in board.neighbours.items():
        assert name not in near
        assert all(name in board.neighbours[other] for other in near), name


def test_the_map_is_connected() -> None:
    """Every territory can be reached from The Shire through borders and sea links."""
    board = load_board()
    seen, frontier = {"The Shire"}, ["The Shire"]
    while frontier:
        for near in board.neighbours[frontier.pop()] - seen:
            seen.add(near)
            frontier.append(near)
    assert seen == set(board.territories)


def test_strongholds_and_sites_of_power() -> None:
    """11 strongholds (003:L54, reference §1.3) and 22 sites of power, one per mission."""
    board = load_board()
    assert len(board.strongholds()) == 11
    assert "Minas Tirith" in board.strongholds() and "Barad-dûr" in board.strongholds()
    missions = [c for c in adventure_cards() if c.kind is AdventureKind.MISSION]
    assert sorted(c.territory for c in missions) == sorted(board.sites.values())
    assert len(board.sites) == 22


def test_the_fellowship_path_runs_from_the_shire_to_mount_doom_over_borders() -> None:
    """003:L30 the Ring starts in the Shire; L128 it follows its path; 5 die territories."""
    board = load_board()
    assert board.path[0] == "The Shire" and board.path[-1] == "Mount Doom"
    assert len(board.path) == 17
    for here, there in zip(board.path, board.path[1:], strict=False):
        assert there in board.neighbours[here], (here, there)
    assert board.die_territories == {
        "Moria",
        "Lórien",
        "Dead Marshes",
        "Minas Morgul",
        "Gorgoroth",
    }


def test_territory_cards_by_class_and_symbol_and_two_wild_cards() -> None:
    """003:L6: Good, Neutral and Evil decks plus 2 wild cards (16 + 32 + 16 + 2)."""
    board = load_board()
    cards = territory_cards()
    classes = Counter(board.territories[c.territory].card_class for c in cards if c.territory)
    symbols = Counter(c.symbol for c in cards)
    assert classes == {"good": 16, "evil": 16, "neutral": 32}
    assert symbols[Symbol.WILD] == 2
    assert symbols[Symbol.INFANTRY] + symbols[Symbol.CAVALRY] + symbols[Symbol.CREATURE] == 64


def test_sixty_adventure_cards_missions_events_powers() -> None:
    """Reference §1.6: 60 adventure cards = 22 missions + 13 events + 25 powers."""
    kinds = Counter(c.kind for c in adventure_cards())
    assert kinds == {AdventureKind.MISSION: 22, AdventureKind.EVENT: 13, AdventureKind.POWER: 25}
    assert len({c.id for c in adventure_cards()}) == 60


def test_assumptions_live_in_one_place() -> None:
    """What the sources do not settle is listed, each with its text, in the one data file."""
    assert {"two_players", "mission_rewards", "adventure_points"} <= set(ASSUMPTIONS)
    assert all(isinstance(text, str) and text for text in ASSUMPTIONS.values())


def test_the_steps_table_matches_the_borders() -> None:
    """``Board.steps`` (tabled once for the players): 0 to itself, 1 to each neighbour, and
    one more than the nearest neighbour's count everywhere else."""
    board = load_board()
    for start, steps in board.steps.items():
        assert steps[start] == 0 and len(steps) == 64
        for name, count in steps.items():
            if name != start:
                assert count == 1 + min(board.steps[start][n] for n in board.neighbours[name])
