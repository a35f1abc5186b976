"""Attack arithmetic: which card sets may attack, their strength, and the odds of two dice."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from battlesim.engines.rotk.actions import IllegalActionError, Target
from battlesim.engines.rotk.data import ActionCard, Card, CardKind, Colour, Tile, TileKind


@dataclass(slots=True)
class PendingAttack:
    """An attack between its roll and its resolution; its cards are on the table."""

    target: Target
    tile: Tile
    armies: list[Card]
    heroes: list[Card]
    dice: tuple[int, int]
    spent: list[Card] = field(default_factory=list)  # reroll and action cards played
    protected: bool = False

    @property
    def strength(self) -> int:
        return attack_strength(self.armies, self.heroes, self.tile)

    @property
    def total(self) -> int:
        return self.strength + sum(self.dice)

    @property
    def success(self) -> bool:
        return self.total >= self.tile.battle  # seed L198-201: equal is enough

    @property
    def colours(self) -> set[Colour]:
        return {card.colour for card in self.armies if card.colour is not None}

    def cards(self) -> list[Card]:
        return [*self.armies, *self.heroes, *self.spent]


def rohan_modifier(armies: Iterable[Card], tile: Tile) -> int:
    """Return +1 per Rohan army card against orcs, -1 against Mumakil (seed L384-393)."""
    rohan = sum(1 for card in armies if card.colour is Colour.ROHAN)
    if tile.kind is TileKind.ORCS:
        return rohan
    if tile.kind is TileKind.MUMAKIL:
        return -rohan
    return 0


def attack_strength(armies: Sequence[Card], heroes: Sequence[Card], tile: Tile) -> int:
    """Return army plus hero values plus the Rohan modifier; the dice come on top (seed L139)."""
    return (
        sum(c.value for c in armies) + sum(c.value for c in heroes) + rohan_modifier(armies, tile)
    )


def check_attack_cards(
    armies: Sequence[Card], heroes: Sequence[Card], two_colour: frozenset[str]
) -> None:
    """Refuse a card set the rules forbid (seed L170-189, L351-354)."""
    if not armies:
        raise IllegalActionError("an attack needs at least one army card (seed L173)")
    if any(card.kind is not CardKind.ARMY for card in armies):
        raise IllegalActionError("only army cards with a value can be the army of an attack")
    if any(card.kind is not CardKind.HERO for card in heroes):
        raise IllegalActionError("only hero cards can join an attack as heroes")
    colours = {card.colour for card in armies}
    allowed = 2 if any(hero.name in two_colour for hero in heroes) else 1
    if len(colours) > allowed:
        raise IllegalActionError(
            f"{len(colours)} army colours: one, or two with Gandalf or Theoden (seed L178-183)"
        )


def can_reroll_with(card: Card, attack: PendingAttack) -> bool:
    """A "relancer" of an attacking colour, or "Frischer Mut" when a hero fights (L240, L358)."""
    if card.kind is CardKind.REROLL:
        return card.colour in attack.colours
    return card.action is ActionCard.FRESH_COURAGE and bool(attack.heroes)


def success_chance(needed: int) -> float:
    """Return the chance that two dice total at least ``needed``."""
    return _AT_LEAST[max(0, min(needed, 13))]


def _at_least_table() -> tuple[float, ...]:
    totals = [a + b for a in range(1, 7) for b in range(1, 7)]
    return tuple(sum(1 for t in totals if t >= need) / 36 for need in range(14))


_AT_LEAST = _at_least_table()
