"""Reading the position for the players: which cards make the best attack, where to stand.

Nothing here changes the state: players call these to choose, the state still decides.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from battlesim.engines.rotk.actions import Attack, Target
from battlesim.engines.rotk.board import distances
from battlesim.engines.rotk.combat import attack_strength, rohan_modifier, success_chance
from battlesim.engines.rotk.data import (
    ActionCard,
    Card,
    CardKind,
    Colour,
    Hex,
    HexKind,
    Tile,
    TileKind,
)
from battlesim.engines.rotk.state import State

# How much a card is worth keeping, by kind, when a player must pick a lot or discard.
_ACTION_WORTH = {
    ActionCard.REINFORCEMENTS: 2.5,
    ActionCard.GANDALFS_PROTECTION: 2.0,
    ActionCard.FORCED_MARCH: 2.0,
    ActionCard.FRESH_COURAGE: 1.5,
}


@dataclass(frozen=True, slots=True)
class AttackPlan:
    attack: Attack
    chance: float  # counting the rerolls the hand holds for it
    cards: int


def card_worth(card: Card) -> float:
    if card.action is not None:
        return _ACTION_WORTH[card.action]
    return 1.5 if card.kind is CardKind.REROLL else float(card.value)


def cheapest(hand: Sequence[Card], count: int) -> list[Card]:
    """The ``count`` cards least worth keeping (the ones to pay movement with)."""
    return sorted(hand, key=lambda c: (card_worth(c), c.id))[:count]


def with_rerolls(chance: float, rerolls: int) -> float:
    return 1 - (1 - chance) ** (1 + min(rerolls, 3))


def _rerolls(hand: Sequence[Card], armies: Sequence[Card], heroes: Sequence[Card]) -> int:
    colours = {c.colour for c in armies}
    count = sum(1 for c in hand if c.kind is CardKind.REROLL and c.colour in colours)
    if heroes:
        count += sum(1 for c in hand if c.action is ActionCard.FRESH_COURAGE)
    return count


def _chance(hand: Sequence[Card], armies: list[Card], heroes: list[Card], tile: Tile) -> float:
    needed = tile.battle - attack_strength(armies, heroes, tile)
    return with_rerolls(success_chance(needed), _rerolls(hand, armies, heroes))


def _colour_options(
    hand: Sequence[Card], two_colour: frozenset[str]
) -> list[tuple[frozenset[Colour | None], Card | None]]:
    colours = sorted({c.colour for c in hand if c.kind is CardKind.ARMY}, key=lambda c: str(c))
    options: list[tuple[frozenset[Colour | None], Card | None]] = [
        (frozenset({c}), None) for c in colours
    ]
    bridges = [c for c in hand if c.kind is CardKind.HERO and c.name in two_colour][:1]
    for hero in bridges:
        pairs = [(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]]
        options.extend((frozenset(pair), hero) for pair in pairs)
    return options


def _effective(card: Card, tile: Tile) -> int:
    return card.value + (rohan_modifier([card], tile) if card.kind is CardKind.ARMY else 0)


def _grow(
    hand: Sequence[Card], pool: list[Card], forced: Card | None, tile: Tile, goal: float
) -> tuple[list[Card], list[Card], float]:
    """Add the strongest cards until the goal is met, then trade the last for the weakest
    card that still meets it, so a sure attack does not burn a 3 where a 1 would do."""
    chosen = [pool[0]] + ([forced] if forced else [])
    rest = pool[1:]
    split = _split(chosen)
    chance = _chance(hand, *split, tile)
    while chance < goal and rest:
        chosen.append(rest.pop(0))
        split = _split(chosen)
        chance = _chance(hand, *split, tile)
    if chance >= goal and len(chosen) > 1 and chosen[-1] is not forced:
        for weaker in reversed(rest):
            trial = _split([*chosen[:-1], weaker])
            if trial[0] and _chance(hand, *trial, tile) >= goal:
                return trial[0], trial[1], _chance(hand, *trial, tile)
    return split[0], split[1], chance


def _split(cards: list[Card]) -> tuple[list[Card], list[Card]]:
    armies = [c for c in cards if c.kind is CardKind.ARMY]
    return armies, [c for c in cards if c.kind is CardKind.HERO]


def plan_attack(
    hand: Sequence[Card], target: Target, tile: Tile, goal: float, two_colour: frozenset[str]
) -> AttackPlan | None:
    """Return the fewest cards reaching ``goal`` (or the best chance the hand allows)."""
    # Only the kind and battle value of a tile matter, so plans are shared between tiles.
    best = _plan_cards(tuple(hand), tile.kind, tile.battle, goal, two_colour)
    if best is None:
        return None
    armies, heroes, chance = best
    return AttackPlan(Attack(target, armies, heroes), chance, len(armies) + len(heroes))


@lru_cache(maxsize=8192)
def _plan_cards(
    hand: tuple[Card, ...], kind: TileKind, battle: int, goal: float, two_colour: frozenset[str]
) -> tuple[tuple[int, ...], tuple[int, ...], float] | None:
    tile = Tile(-1, kind, battle, 0)
    best: AttackPlan | None = None
    heroes = [c for c in hand if c.kind is CardKind.HERO]
    for colours, forced in _colour_options(hand, two_colour):
        armies = [c for c in hand if c.kind is CardKind.ARMY and c.colour in colours]
        armies.sort(key=lambda c: (-_effective(c, tile), c.id))
        others = sorted((h for h in heroes if h is not forced), key=lambda c: (-c.value, c.id))
        pool = armies + others
        pool = [armies[0]] + sorted(pool[1:], key=lambda c: (-_effective(c, tile), c.id))
        chosen_armies, chosen_heroes, chance = _grow(hand, pool, forced, tile, goal)
        plan = AttackPlan(
            Attack((0, 0), tuple(c.id for c in chosen_armies), tuple(c.id for c in chosen_heroes)),
            chance,
            len(chosen_armies) + len(chosen_heroes),
        )
        if best is None or _better(plan, best, goal):
            best = plan
    return None if best is None else (best.attack.armies, best.attack.heroes, best.chance)


def _better(plan: AttackPlan, best: AttackPlan, goal: float) -> bool:
    if (plan.chance >= goal) != (best.chance >= goal):
        return plan.chance >= goal
    if plan.chance >= goal:
        return (plan.cards, -plan.chance) < (best.cards, -best.chance)
    return plan.chance > best.chance


def reachable(state: State, seat: int, limit: int = 99) -> dict[Hex, int]:
    """Free hexes the pawn can walk to within ``limit`` steps, with the number of steps."""
    pawn = state.seats[seat].pawn
    assert pawn is not None
    return distances(pawn, state.is_free, state.adjacency, limit)


def first_step(state: State, start: Hex, goal: Hex) -> Hex:
    """The next hex on a shortest walk through free hexes from ``start`` to ``goal``."""
    back = distances(goal, state.is_free, state.adjacency)
    steps = [h for h in state.free_neighbours(start) if h in back]
    return min(steps, key=lambda h: (back[h], h))


def targets_from(state: State, hex_: Hex) -> list[Target]:
    """What a pawn standing on ``hex_`` could attack."""
    return [h for h in state.adjacency[hex_] if h in state.board_tiles]


def gate_distances(state: State, tile_cost: int = 3) -> dict[Hex, int]:
    """Cost from each hex to the Gate approach: a free hex 1, a hex to clear ``tile_cost``."""
    queue = [(0, h) for h in state.material.hexes_of(HexKind.GATE_APPROACH)]
    found: dict[Hex, int] = {}
    heapq.heapify(queue)
    while queue:
        cost, here = heapq.heappop(queue)
        if here in found:
            continue
        found[here] = cost
        step = tile_cost if here in state.board_tiles else 1
        for there in state.adjacency[here]:
            if there not in found:
                heapq.heappush(queue, (cost + step, there))
    return found
