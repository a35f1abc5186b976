"""The board and the cards of Risk LOTR, loaded once from ``data.yaml``.

Every number the engine uses lives in that file; the facts the sources do not settle are listed
under its ``assumptions`` key (``ASSUMPTIONS`` here).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

# Found through the package, not ``__file__``: a compiled module's file is in the build.
DATA_FILE = Path(str(resources.files("battlesim.engines.risk") / "data.yaml"))

TerritoryName = str
Seat = int


class Side(enum.Enum):
    GOOD = "good"
    EVIL = "evil"

    # The identity hash, in C: members are singletons, and Enum's own hash (of the name, in
    # Python) was a Python call at each read of the hostile land (about 780 a game).
    __hash__ = object.__hash__


class Symbol(enum.Enum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    CREATURE = "creature"
    WILD = "wild"

    __hash__ = object.__hash__  # as Side's: a set of symbols is made for every card set


class AdventureKind(enum.Enum):
    MISSION = "mission"
    EVENT = "event"
    POWER = "power"


class Timing(enum.Enum):
    """When a power card may be played."""

    ATTACK = "attack"
    DEFENCE = "defence"
    TURN = "turn"
    FELLOWSHIP = "fellowship"


@dataclass(frozen=True, slots=True)
class Territory:
    name: TerritoryName
    region: str
    card_class: str
    symbol: Symbol
    stronghold: str | None
    site_of_power: str | None


@dataclass(frozen=True, slots=True)
class TerritoryCard:
    """A territory card; wild cards have no territory."""

    id: int
    territory: TerritoryName | None
    symbol: Symbol


@dataclass(frozen=True, slots=True)
class AdventureCard:
    """One adventure card; fields not used by its effect keep their defaults."""

    id: int
    name: str
    kind: AdventureKind
    effect: str
    points: int
    timing: Timing | None = None
    territory: TerritoryName | None = None
    amount: int = 0
    evil: int = 0
    good: int = 0
    either_sign: bool = False
    reward: tuple[int, int] = (0, 0)
    extra_card: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    territories: dict[TerritoryName, Territory]
    neighbours: dict[TerritoryName, frozenset[TerritoryName]]
    sea_links: frozenset[frozenset[TerritoryName]]
    regions: dict[str, tuple[int, tuple[TerritoryName, ...]]]
    path: tuple[TerritoryName, ...]
    die_territories: frozenset[TerritoryName]
    bridges: frozenset[frozenset[TerritoryName]]
    mountain_ranges: dict[str, frozenset[TerritoryName]]
    sites: dict[str, TerritoryName]
    rules: dict[str, Any]
    # The neighbours in name order, for the players' many sorted walks (a hot path).
    ordered_neighbours: dict[TerritoryName, tuple[TerritoryName, ...]] = field(init=False)
    # Steps between any two territories over the map (the board never changes).
    steps: dict[TerritoryName, dict[TerritoryName, int]] = field(init=False)
    names: tuple[TerritoryName, ...] = field(init=False)  # every territory, in name order
    # The members of each territory's region (read at every change of owner and claim).
    members_of: dict[TerritoryName, tuple[TerritoryName, ...]] = field(init=False)
    # Each territory's defence bonus for its stronghold, 1 or 0 (003:L78; read per option).
    fort_bonus: dict[TerritoryName, int] = field(init=False)
    # (name, bonus, members) of each region in name order (read at every reinforcement).
    sorted_regions: tuple[tuple[str, int, tuple[TerritoryName, ...]], ...] = field(init=False)

    def __post_init__(self) -> None:
        ordered = {t: tuple(sorted(near)) for t, near in self.neighbours.items()}
        object.__setattr__(self, "ordered_neighbours", ordered)
        object.__setattr__(self, "steps", {t: _steps_from(t, ordered) for t in ordered})
        object.__setattr__(self, "names", tuple(sorted(self.territories)))
        members = {t: self.regions[info.region][1] for t, info in self.territories.items()}
        object.__setattr__(self, "members_of", members)
        forts = {t: 1 if info.stronghold else 0 for t, info in self.territories.items()}
        object.__setattr__(self, "fort_bonus", forts)
        ordered_regions = tuple((r, bonus, m) for r, (bonus, m) in sorted(self.regions.items()))
        object.__setattr__(self, "sorted_regions", ordered_regions)

    def strongholds(self) -> list[TerritoryName]:
        return sorted(t.name for t in self.territories.values() if t.stronghold)

    def is_sea(self, a: TerritoryName, b: TerritoryName) -> bool:
        return frozenset((a, b)) in self.sea_links


def _steps_from(
    start: TerritoryName, neighbours: dict[TerritoryName, tuple[TerritoryName, ...]]
) -> dict[TerritoryName, int]:
    """Steps from ``start`` to every territory (a breadth-first walk)."""
    steps, frontier, depth = {start: 0}, [start], 0
    while frontier:
        depth += 1
        found = [n for here in frontier for n in neighbours[here] if n not in steps]
        frontier = list(dict.fromkeys(found))
        steps.update(dict.fromkeys(frontier, depth))
    return steps


@cache
def _raw() -> dict[str, Any]:
    with DATA_FILE.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def _territory(row: dict[str, Any]) -> Territory:
    return Territory(
        name=row["name"],
        region=row["region"],
        card_class=row["card_class"],
        symbol=Symbol(row["symbol"]),
        stronghold=row.get("stronghold"),
        site_of_power=row.get("site_of_power"),
    )


def _neighbours(raw: dict[str, Any], names: list[str]) -> dict[str, frozenset[str]]:
    links: dict[str, set[str]] = {name: set() for name in names}
    for a, b in raw["borders"] + raw["sea_links"]:
        links[a].add(b)
        links[b].add(a)
    return {name: frozenset(found) for name, found in links.items()}


def _regions(raw: dict[str, Any], territories: list[Territory]) -> dict[str, Any]:
    return {
        name: (bonus, tuple(sorted(t.name for t in territories if t.region == name)))
        for name, bonus in raw["regions"].items()
    }


@cache
def load_board() -> Board:
    """Return the board (cached: it is immutable)."""
    raw = _raw()
    territories = [_territory(row) for row in raw["territories"]]
    names = [t.name for t in territories]
    path = raw["fellowship_path"]
    return Board(
        territories={t.name: t for t in territories},
        neighbours=_neighbours(raw, names),
        sea_links=frozenset(frozenset(pair) for pair in raw["sea_links"]),
        regions=_regions(raw, territories),
        path=tuple(step["territory"] for step in path),
        die_territories=frozenset(step["territory"] for step in path if step.get("die")),
        bridges=frozenset(frozenset(pair) for pair in raw["bridges"]),
        mountain_ranges={k: frozenset(v) for k, v in raw["mountain_ranges"].items()},
        sites={t.site_of_power: t.name for t in territories if t.site_of_power},
        rules={k: raw[k] for k in RULE_KEYS},
    )


RULE_KEYS = (
    "battalions",
    "leaders_per_player",
    "adventure_hand_limit",
    "forced_trade_at",
    "elimination_trade_above",
    "min_reinforcements",
    "territories_per_reinforcement",
    "fellowship_die_needs",
    "ring_destroyed_on",
    "points",
    "seats",
    "set_values",
    "wild_cards",
    "adventure_points",
)


@cache
def territory_cards() -> tuple[TerritoryCard, ...]:
    """Return the 64 territory cards (in board order) and the wild cards after them."""
    board = load_board()
    cards = [TerritoryCard(i, t.name, t.symbol) for i, t in enumerate(board.territories.values())]
    first_wild = len(cards)
    wilds = range(board.rules["wild_cards"])
    return tuple(cards + [TerritoryCard(first_wild + i, None, Symbol.WILD) for i in wilds])


def _mission(card_id: int, row: dict[str, Any], points: int) -> AdventureCard:
    site, reward = row["site"], row.get("reward", (0, 0))
    return AdventureCard(
        id=card_id,
        name=f"Mission: {site}",
        kind=AdventureKind.MISSION,
        effect="mission",
        points=points,
        territory=load_board().sites[site],
        reward=(int(reward[0]), int(reward[1])),
        extra_card=bool(row.get("extra_card", False)),
    )


def _other(card_id: int, row: dict[str, Any], kind: AdventureKind, points: int) -> AdventureCard:
    timing = row.get("timing")
    return AdventureCard(
        id=card_id,
        name=row["name"],
        kind=kind,
        effect=row["effect"],
        points=points,
        timing=Timing(timing) if timing else None,
        territory=row.get("territory"),
        amount=row.get("amount", 0),
        evil=row.get("evil", 0),
        good=row.get("good", 0),
        either_sign=row.get("either_sign", False),
    )


@cache
def adventure_cards() -> tuple[AdventureCard, ...]:
    """Return the 60 adventure cards: missions, then events, then powers (copies expanded)."""
    raw = _raw()
    points = raw["adventure_points"]
    cards: list[AdventureCard] = []
    for row in raw["missions"]:
        cards.append(_mission(len(cards), row, points["mission"]))
    for key, kind in (("events", AdventureKind.EVENT), ("powers", AdventureKind.POWER)):
        for row in raw[key]:
            for _ in range(row.get("copies", 1)):
                cards.append(_other(len(cards), row, kind, points[kind.value]))
    return tuple(cards)


ASSUMPTIONS: dict[str, str] = _raw()["assumptions"]
