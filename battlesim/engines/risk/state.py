"""The state of one game of Risk LOTR: who owns what, the cards, the Fellowship, the turn.

The state holds the facts and the small mutations that keep the battalion accounting right;
the parts of a turn live in their own modules (combat, cards, adventure, fellowship).
"""

from __future__ import annotations

import enum
from bisect import bisect_right, insort
from dataclasses import dataclass, field
from operator import itemgetter

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.risk.actions import IllegalActionError
from battlesim.engines.risk.data import (
    AdventureCard,
    Board,
    Seat,
    Side,
    TerritoryCard,
    TerritoryName,
)


class EffectKind(enum.Enum):
    """Lasting effects of adventure cards, until their player's next turn."""

    WINTER_STORMS = "winter_storms"
    CORSAIRS = "corsairs"
    BRIDGE_BLOCK = "bridge_block"


@dataclass(frozen=True, slots=True)
class Effect:
    kind: EffectKind
    owner: Seat
    territories: frozenset[TerritoryName]


@dataclass(slots=True)
class PlayerState:
    seat: Seat
    colour: str
    side: Side
    strategy: str
    reserve: int = 0
    leaders_in_pool: int = 2
    cards: list[TerritoryCard] = field(default_factory=list)
    adventures: list[AdventureCard] = field(default_factory=list)
    played: list[AdventureCard] = field(default_factory=list)
    uprisings: list[TerritoryName] = field(default_factory=list)
    eliminated: bool = False
    gained: int = 0  # battalions taken from outside the board (set-up stock counts here)
    lost: int = 0


@dataclass(slots=True)
class TurnFlags:
    """What happened so far in the current player's turn."""

    conquered: bool = False
    leader_conquest: bool = False
    drew_adventure: bool = False
    extra_fortifies: int = 0
    invaded: set[tuple[TerritoryName, TerritoryName]] = field(default_factory=set)
    fellowship_stay: bool = False
    fellowship_force_die: bool = False
    fellowship_modifier: int = 0


@dataclass(slots=True)
class Invasion:
    """The invasion under way: modifiers of cards played for it (003:L88 repeated attacks)."""

    source: TerritoryName
    target: TerritoryName
    siege: bool = False
    attack_bonus: int = 0


Pair = tuple[TerritoryName, TerritoryName]
Change = tuple[TerritoryName, Seat | None, Seat | None]  # a territory, its owner before, after
SIDES = tuple(Side)  # iterating the enum class itself is slow on a hot path
REBUILD_AFTER = 8  # owner changes beyond which the readings are rebuilt, not updated


@dataclass(slots=True)
class GameState:
    board: Board
    dice: Dice
    log: EventLog
    players: list[PlayerState]
    scoring: str = "team"
    card_territory_bonus: bool = False  # 2002 rule, off by default (reference §1.5)
    # Who owns each territory: a plain dict, read about 200 times a turn (a dict subclass
    # misses the interpreter's fast paths), changed only through ``set_owner``, which counts
    # the changes (``owner_changes``) and keeps them (``_pending``) for the kept readings.
    owner: dict[TerritoryName, Seat] = field(default_factory=dict)
    owner_changes: int = 0
    _pending: list[Change] = field(default_factory=list)
    _last_change: Change | None = None
    armies: dict[TerritoryName, int] = field(default_factory=dict)
    leaders: dict[TerritoryName, Seat] = field(default_factory=dict)
    territory_deck: list[TerritoryCard] = field(default_factory=list)
    territory_discard: list[TerritoryCard] = field(default_factory=list)
    adventure_deck: list[AdventureCard] = field(default_factory=list)
    adventure_discard: list[AdventureCard] = field(default_factory=list)
    fellowship: int = 0
    ring_destroyed_turn: int | None = None
    turn: int = 0
    current: Seat = 0
    order: list[Seat] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    flags: TurnFlags = field(default_factory=TurnFlags)
    invasion: Invasion | None = None
    # Each seat's sorted territories, the land hostile to each side and each seat's share of
    # each region, as of ``_seen`` (= ``owner_changes``; rebuilt at the first question after
    # a change: the players ask thousands of times a game, owners change a few hundred times).
    _seen: int = -1
    _by_seat: dict[Seat, list[TerritoryName]] = field(default_factory=dict)
    _hostile: dict[Side, set[str]] = field(default_factory=dict)
    _shares: dict[Seat, dict[tuple[TerritoryName, ...], float]] = field(default_factory=dict)
    _held: dict[Seat, dict[tuple[TerritoryName, ...], int]] = field(default_factory=dict)
    # Each seat's (own territory, hostile neighbour) pairs, as of an ``owner_changes`` count.
    _pairs: dict[Seat, tuple[int, list[Pair]]] = field(default_factory=dict)
    # Each seat's territories with a hostile neighbour, as of an ``owner_changes`` count.
    _borders: dict[Seat, tuple[int, list[TerritoryName]]] = field(default_factory=dict)
    # The options of the last attack decision in an invasion, with what they were read from
    # (the invasion, the owners' change count, the seat): until the next throw only the
    # invasion's two armies change, so the next decision's options are the same while its
    # source can still attack (``combat.attack_options``; about a third of the decisions).
    invasion_options: tuple[Invasion, int, Seat, list[Pair]] | None = None
    # Each seat's linked land (its territories joined through its own), as of a count.
    _linked: dict[Seat, tuple[int, dict[TerritoryName, frozenset[str]]]] = field(
        default_factory=dict
    )

    def set_owner(self, territory: TerritoryName, seat: Seat | None) -> None:
        """Give ``territory`` to ``seat``, or leave it vacant with None (the one way an owner
        changes: claims and conquests; a vacant territory is only ever a test's)."""
        owner = self.owner
        change = self._last_change = (territory, owner.get(territory), seat)
        self._pending.append(change)
        if seat is None:
            owner.pop(territory, None)
        else:
            owner[territory] = seat
        self.owner_changes += 1

    # --- queries -------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Bring the kept readings up to the owners: the few changes since the last question
        one by one (a conquest moves one territory), else everything afresh."""
        pending = self._pending
        if self._seen < 0 or len(pending) > REBUILD_AFTER:
            self._rebuild()
        else:
            for territory, before, after in pending:
                self._move_holding(territory, before, after)
            self._seen = self.owner_changes
        pending.clear()

    def _move_holding(
        self, territory: TerritoryName, before: Seat | None, after: Seat | None
    ) -> None:
        hostile, players = self._hostile, self.players
        if before is not None:
            self._reshare(before, territory, -1)  # a seat's shares change with its own land
            self._by_seat[before].remove(territory)
            for side in SIDES:
                if players[before].side is not side:
                    hostile[side].discard(territory)  # in place: a conquest moves one
        if after is not None:
            self._reshare(after, territory, 1)
            insort(self._by_seat.setdefault(after, []), territory)
            for side in SIDES:
                if players[after].side is not side:
                    hostile[side].add(territory)

    def _reshare(self, seat: Seat, territory: TerritoryName, change: int) -> None:
        """Count ``seat``'s gain or loss of ``territory`` in its kept share of the region
        (the share is its count over the members, as ``region_shares`` divides it)."""
        held = self._held.get(seat)
        if held is not None:
            members = self.board.members_of[territory]
            count = held[members] = held[members] + change
            self._shares[seat][members] = count / len(members)

    def _rebuild(self) -> None:
        by_seat: dict[Seat, list[TerritoryName]] = {}
        owner = self.owner
        for territory in self.board.names:
            if territory in owner:
                by_seat.setdefault(owner[territory], []).append(territory)
        self._hostile = {
            side: set().union(
                *(land for seat, land in by_seat.items() if self.players[seat].side is not side)
            )
            for side in Side
        }
        self._by_seat, self._shares, self._held, self._seen = by_seat, {}, {}, self.owner_changes

    def territories_of(self, seat: Seat) -> list[TerritoryName]:
        """The seat's territories in name order (a fresh list the caller may change)."""
        if self._seen != self.owner_changes:
            self._refresh()
        return list(self._by_seat.get(seat, ()))

    def holds_land(self, seat: Seat) -> bool:
        """Does ``seat`` hold any territory (read from the kept lists: asked after every
        conquest, whose reading is wanted again for the next attack anyway)?"""
        if self._seen != self.owner_changes:
            self._refresh()
        return bool(self._by_seat.get(seat))

    def hostile_land(self, side: Side) -> set[TerritoryName]:
        """The territories held by the players of the other side (the kept set, changed in
        place at each change of owner: the caller reads it, never keeps or changes it)."""
        if self._seen != self.owner_changes:
            self._refresh()
        return self._hostile[side]

    def hostile_pairs(self, seat: Seat) -> list[tuple[TerritoryName, TerritoryName]]:
        """Every (territory of ``seat``, hostile neighbour) pair: sources in name order, each
        one's targets in the board's order (kept until an owner changes: combat asks before
        every throw, and a throw seldom changes an owner). The caller must not change it."""
        changes = self.owner_changes
        kept = self._pairs.get(seat)
        if kept is not None and kept[0] == changes:
            return kept[1]
        hostile, near = self.hostile_land(self.players[seat].side), self.board.ordered_neighbours
        pairs = None
        if kept is not None and kept[0] == changes - 1:
            pairs = self._pairs_after_conquest(seat, kept[1])
        if pairs is None:
            pairs = [(s, t) for s in self.territories_of(seat) for t in near[s] if t in hostile]
        self._pairs[seat] = (changes, pairs)
        return pairs

    def _pairs_after_conquest(self, seat: Seat, pairs: list[Pair]) -> list[Pair] | None:
        """``hostile_pairs`` of ``seat`` after one change of owner since ``pairs`` were read,
        when that change gave it a hostile territory (a conquest: most changes in play),
        else None. The conquered land is no longer a target and becomes a source among
        the others in name order; nothing else changes side."""
        if self._last_change is None:
            return None
        territory, before, after = self._last_change
        side = self.players[seat].side
        if after != seat or before is None or self.players[before].side is side:
            return None
        found, near, owner = pairs[:], self.board.ordered_neighbours[territory], self.owner
        for source in near:  # the pairs that aimed at it (the borders go both ways)
            if owner.get(source) == seat and source != territory:
                found.remove((source, territory))
        hostile = self.hostile_land(side)
        found[bisect_right(found, territory, key=_source) : 0] = [
            (territory, t) for t in near if t in hostile
        ]
        return found

    def borders(self, seat: Seat) -> list[TerritoryName]:
        """The seat's territories next to hostile land, in name order (a fresh list, read
        from one kept until an owner changes: set-up asks before every battalion placed)."""
        changes = self.owner_changes
        kept = self._borders.get(seat)
        if kept is None or kept[0] != changes:
            hostile, near = self.hostile_land(self.players[seat].side), self.board.neighbours
            land = [t for t in self.territories_of(seat) if not hostile.isdisjoint(near[t])]
            kept = self._borders[seat] = (changes, land)
        return list(kept[1])

    def linked_land(self, seat: Seat, source: TerritoryName) -> frozenset[TerritoryName]:
        """The territories of ``seat`` linked to its ``source`` through its own land (kept
        until an owner changes: a fortify move reads it for every idle army, then again to
        check the move)."""
        changes = self.owner_changes
        kept = self._linked.get(seat)
        if kept is None or kept[0] != changes:
            kept = self._linked[seat] = (changes, {})
        land = kept[1].get(source)
        if land is None:
            land = walk_linked(self, seat, source)
            kept[1].update(dict.fromkeys(land, land))
        return land

    def region_shares(self, seat: Seat) -> dict[tuple[TerritoryName, ...], float]:
        """The share of each region's territories (keyed by its members) the seat holds."""
        if self._seen != self.owner_changes:
            self._refresh()
        shares = self._shares.get(seat)
        if shares is None:
            owner = self.owner
            held = self._held[seat] = {
                members: [owner.get(t) for t in members].count(seat)
                for _, members in self.board.regions.values()
            }
            shares = {members: count / len(members) for members, count in held.items()}
            self._shares[seat] = shares
        return shares

    def allied(self, a: Seat, b: Seat) -> bool:
        players = self.players
        return players[a].side is players[b].side

    def leaders_of(self, seat: Seat) -> list[TerritoryName]:
        return sorted(t for t, s in self.leaders.items() if s == seat)

    def battalions_of(self, seat: Seat) -> int:
        return sum(n for t, n in self.armies.items() if self.owner.get(t) == seat)

    def active_seats(self) -> list[Seat]:
        return [s for s in self.order if not self.players[s].eliminated]

    def fellowship_territory(self) -> TerritoryName:
        return self.board.path[self.fellowship]

    def is_over(self) -> bool:
        return self.ring_destroyed_turn is not None

    def has_effect(self, kind: EffectKind, territory: TerritoryName) -> list[Effect]:
        return [e for e in self.effects if e.kind is kind and territory in e.territories]

    def next_seat(self, seat: Seat) -> Seat:
        """Return the next player in the circle who is still in the game."""
        index = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            candidate = self.order[(index + step) % len(self.order)]
            if not self.players[candidate].eliminated:
                return candidate
        return seat

    # --- mutations that keep the battalion accounting ------------------------------------
    def add_battalions(self, territory: TerritoryName, count: int, reason: str) -> None:
        """Put ``count`` new battalions from outside the board into an owned territory."""
        seat = self.owner[territory]
        self.armies[territory] += count
        self.players[seat].gained += count
        self.log.emit("battalions", territory=territory, seat=seat, change=count, reason=reason)

    def remove_battalions(self, territory: TerritoryName, count: int, reason: str) -> None:
        """Take battalions off the board (losses, events)."""
        if count > self.armies[territory]:
            raise IllegalActionError(f"{territory} has only {self.armies[territory]} battalions")
        seat = self.owner[territory]
        self.armies[territory] -= count
        self.players[seat].lost += count
        self.log.emit_lazy("battalions", _battalions, territory, seat, -count, reason)

    def place_from_reserve(self, seat: Seat, territory: TerritoryName, count: int) -> None:
        """Place battalions of the player's reserve into one of their territories."""
        player = self.players[seat]
        if self.owner.get(territory) != seat:
            raise IllegalActionError(f"seat {seat} does not control {territory}")
        if not 0 < count <= player.reserve:
            raise IllegalActionError(f"cannot place {count} of {player.reserve} battalions")
        player.reserve -= count
        self.armies[territory] += count
        self.log.emit_lazy("place", _placed, seat, territory, count)

    def grant_reserve(self, seat: Seat, count: int, reason: str) -> None:
        """Give a player battalions to place (reinforcements, trade-ins)."""
        self.players[seat].reserve += count
        self.players[seat].gained += count
        self.log.emit("reinforcements", seat=seat, count=count, reason=reason)

    def move_battalions(self, source: TerritoryName, target: TerritoryName, count: int) -> None:
        if not 0 < count < self.armies[source]:
            raise IllegalActionError(f"{source} must keep at least one battalion (003:L90)")
        self.armies[source] -= count
        self.armies[target] += count

    def place_leader(self, seat: Seat, territory: TerritoryName, reason: str) -> None:
        """Put a leader from the player's pool on one of their territories (003:L20-22)."""
        player = self.players[seat]
        if self.owner.get(territory) != seat:
            raise IllegalActionError(f"seat {seat} does not control {territory}")
        if territory in self.leaders:
            raise IllegalActionError(f"{territory} already holds a leader (003:L22)")
        if player.leaders_in_pool <= 0:
            raise IllegalActionError(f"seat {seat} has no leader left to place")
        player.leaders_in_pool -= 1
        self.leaders[territory] = seat
        self.log.emit("leader", seat=seat, territory=territory, reason=reason)

    def move_leader(self, source: TerritoryName, target: TerritoryName) -> None:
        seat = self.leaders.get(source)
        if seat is None or self.owner.get(target) != seat or target in self.leaders:
            raise IllegalActionError(f"no leader can move from {source} to {target}")
        del self.leaders[source]
        self.leaders[target] = seat
        self.log.emit("leader_move", seat=seat, source=source, target=target)

    def remove_leader(self, territory: TerritoryName, reason: str) -> None:
        seat = self.leaders.pop(territory)
        self.players[seat].leaders_in_pool += 1
        self.log.emit("leader_removed", seat=seat, territory=territory, reason=reason)


_source = itemgetter(0)  # a pair's source


# Payloads made only by a log that keeps them (``emit_lazy``): a loss is logged after most
# throws, and a set-up places about 120 battalions one by one.
def _battalions(
    territory: TerritoryName, seat: Seat, change: int, reason: str
) -> dict[str, object]:
    return {"territory": territory, "seat": seat, "change": change, "reason": reason}


def _placed(seat: Seat, territory: TerritoryName, count: int) -> dict[str, object]:
    return {"seat": seat, "territory": territory, "count": count}


def walk_linked(state: GameState, seat: Seat, source: TerritoryName) -> frozenset[TerritoryName]:
    """``source`` and the territories of ``seat`` reached from it through its own land."""
    seen, frontier = {source}, [source]
    neighbours, owner = state.board.neighbours, state.owner  # read once, not per step
    while frontier:
        for near in neighbours[frontier.pop()]:
            if near not in seen and owner.get(near) == seat:
                seen.add(near)
                frontier.append(near)
    return frozenset(seen)
