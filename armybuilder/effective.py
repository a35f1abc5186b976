"""Effective profiles: a stat card after the options an entry takes.

Pure: profile values and option names in, the changed card out, with a note for each change
citing the rule. Armour tiers (ARM-01..04), shields (ARM-SH-01/02), mounts (CAV-PROF-01) and
the Staff of Power (WPN-STAFFPOW-01) are read from the tables below, not from branches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

# Armour tiers: the final bonus over an unarmoured profile is the best tier (ARM-03/04).
ARMOUR_TIER: dict[str, int] = {
    "armour": 1,
    "heavy armour": 2,
    "dwarf armour": 2,
    "heavy dwarf armour": 3,
}

# Mount profiles (CAV-PROF-01, 002:L1443-1475): Move and Defence of the mount; barding +1 D.
MOUNTS: dict[str, tuple[int, int]] = {
    "horse": (10, 4),
    "armoured horse": (10, 5),
    "pony": (8, 3),
    "war goat": (8, 5),
    "warg": (10, 4),
    "shadow warg": (10, 4),
    "fell beast": (3, 6),
    "armoured fell beast": (3, 7),
    "war camel": (10, 4),
}

# A shield gives no +1 Defence to a model carrying one of these (ARM-SH-02).
NO_SHIELD_BONUS = re.compile(r"\b(bow|crossbow|pike|two-handed)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Card:
    """The characteristics a stat card shows."""

    move: int | None  # None: "*", "-" or "?" in the profile (profiles.stat_values)
    fight: int | None
    shoot: int | None
    strength: int | None
    defence: int | None
    attacks: int | None
    wounds: int | None
    courage: int | None
    keywords: tuple[str, ...] = ()
    wargear: tuple[str, ...] = ()
    mount: str = ""
    mount_defence: int | None = None
    notes: tuple[str, ...] = field(default=())


def _armour_tier(names: list[str]) -> int:
    return max((ARMOUR_TIER.get(name.lower(), 0) for name in names), default=0)


def _with_armour(card: Card, options: list[str]) -> Card:
    worn, bought = _armour_tier(list(card.wargear)), _armour_tier(options)
    if bought <= worn or card.defence is None:
        return card
    note = f"+{bought - worn} Defence from armour bought (ARM-02..04)"
    return replace(card, defence=card.defence + bought - worn, notes=(*card.notes, note))


def _with_shield(card: Card, options: list[str]) -> Card:
    if "shield" not in {name.lower() for name in options} or card.defence is None:
        return card
    carried = [*card.wargear, *options]
    if any(NO_SHIELD_BONUS.search(name) for name in carried):
        return replace(
            card,
            notes=(
                *card.notes,
                "Shield: no +1 Defence with a bow, crossbow, pike or two-handed weapon (ARM-SH-02)",
            ),
        )
    return replace(
        card,
        defence=card.defence + 1,
        notes=(*card.notes, "+1 Defence from the shield (ARM-SH-01)"),
    )


def _with_mount(card: Card, options: list[str]) -> Card:
    """A mount bought or carried as wargear (a Knight's Horse) sets Move (CAV-PROF-01)."""
    mounts = [name for name in [*options, *card.wargear] if name.lower() in MOUNTS]
    if not mounts:
        return card
    move, defence = MOUNTS[mounts[0].lower()]
    keywords = tuple(k for k in card.keywords if k not in ("Infantry", "Cavalry")) + ("Cavalry",)
    note = f'Mounted on a {mounts[0]}: moves {move}", Cavalry (CAV-PROF-01)'
    return replace(
        card,
        move=move,
        keywords=keywords,
        mount=mounts[0],
        mount_defence=defence,
        notes=(*card.notes, note),
    )


def _with_staff(card: Card, options: list[str]) -> Card:
    if "staff of power" not in {name.lower() for name in options}:
        return card
    return replace(
        card, notes=(*card.notes, "Staff of Power: one free Will point each turn (WPN-STAFFPOW-01)")
    )


def effective_card(base: Card, options: list[str]) -> Card:
    """Return ``base`` as changed by the named options, with a note per change."""
    card = replace(base, wargear=base.wargear)
    for step in (_with_armour, _with_shield, _with_mount, _with_staff):
        card = step(card, options)
    return replace(card, wargear=(*base.wargear, *options))
