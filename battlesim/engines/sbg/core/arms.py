"""Weapons as facts: hand weapons, spears and pikes, special strikes and missile weapons
(part 2 §4-6), and which of them a profile fights with.

Weapon names are the lower-case English names of the profile cards. What each weapon does to
the Duel and To Wound rolls is a rule (``rules/weapons.py``), so a new weapon is a table row
here plus, at most, one registered function there.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.units import Profile


class Handedness(enum.Enum):
    """WPN-1H-01, WPN-HAH-01, WPN-2H-01 (002:L1947-1955)."""

    ONE_HANDED = "one-handed"
    HAND_AND_A_HALF = "hand-and-a-half"
    TWO_HANDED = "two-handed"


class SpecialStrike(enum.Enum):
    """SPS-* (002:L2054-2102)."""

    BASH = "bash"
    FEINT = "feint"
    STAB = "stab"
    PIERCE = "piercing strike"
    STUN = "stun"
    WHIRL = "whirl"


class MissileKind(enum.Enum):
    BOW = "bow"
    CROSSBOW = "crossbow"
    THROWING = "throwing"
    SLING = "sling"
    BLOWPIPE = "blowpipe"
    STONES = "stones"  # SR-THROWSTONES: only if the model did not move at all


@dataclass(frozen=True, slots=True)
class HandWeapon:
    name: str
    handedness: Handedness
    strikes: tuple[SpecialStrike, ...] = ()
    spear: bool = False
    pike: bool = False


@dataclass(frozen=True, slots=True)
class MissileWeapon:
    """MSL table row (002:L2114-2130): maximum range in inches and Strength."""

    name: str
    range: float
    strength: int
    kind: MissileKind


_ONE, _HALF, _TWO = Handedness.ONE_HANDED, Handedness.HAND_AND_A_HALF, Handedness.TWO_HANDED
_SS = SpecialStrike

# WPN-SS-01 (002:L1973): the special strike each weapon type carries.
HAND_WEAPONS: Final = MappingProxyType(
    {
        "sword": HandWeapon("sword", _ONE, (_SS.FEINT, _SS.STAB)),
        "dagger": HandWeapon("dagger", _ONE, (_SS.FEINT, _SS.STAB)),
        "axe": HandWeapon("axe", _ONE, (_SS.PIERCE,)),
        "pick": HandWeapon("pick", _ONE, (_SS.PIERCE,)),
        "club": HandWeapon("club", _ONE, (_SS.STUN,)),
        "mace": HandWeapon("mace", _ONE, (_SS.BASH,)),
        "hammer": HandWeapon("hammer", _ONE, (_SS.BASH,)),
        "flail": HandWeapon("flail", _ONE, (_SS.WHIRL,)),
        "whip": HandWeapon("whip", _ONE, (_SS.WHIRL,)),
        # BSData Grinnah's Scourge (dc66-35a2-a508-3a3f): a whip by its card (Whirl)
        "scourge": HandWeapon("scourge", _ONE, (_SS.WHIRL,)),
        "staff": HandWeapon("staff", _HALF, (_SS.STUN,)),
        "hand-and-a-half sword": HandWeapon("hand-and-a-half sword", _HALF, (_SS.FEINT, _SS.STAB)),
        "hand-and-a-half axe": HandWeapon("hand-and-a-half axe", _HALF, (_SS.PIERCE,)),
        "two-handed sword": HandWeapon("two-handed sword", _TWO, (_SS.FEINT, _SS.STAB)),
        "two-handed axe": HandWeapon("two-handed axe", _TWO, (_SS.PIERCE,)),
        "two-handed pick": HandWeapon("two-handed pick", _TWO, (_SS.PIERCE,)),
        "two-handed club": HandWeapon("two-handed club", _TWO, (_SS.STUN,)),
        "two-handed hammer": HandWeapon("two-handed hammer", _TWO, (_SS.BASH,)),
        "two-handed mace": HandWeapon("two-handed mace", _TWO, (_SS.BASH,)),
        # BSData cards with no rule text (Sharkey's staff, the Golden King's weapon): a staff
        # used in two hands strikes as a staff (Stun); an unnamed two-handed weapon has no
        # special strike (READINGS)
        "two-handed staff": HandWeapon("two-handed staff", _TWO, (_SS.STUN,)),
        "two-handed weapon": HandWeapon("two-handed weapon", _TWO, ()),
        # BSData wargear "Rules": a two-handed weapon with Bash or Piercing Strike
        "mattock": HandWeapon("mattock", _TWO, (_SS.BASH, _SS.PIERCE)),
        # BSData 13e4-14a0-b6e3-5372 Stone Flail: "a two-handed weapon that follows the
        # normal rules for flails" (Whirl); its exceptions: rules/armies/evil/gundabad.py
        "stone flail": HandWeapon("stone flail", _TWO, (_SS.WHIRL,)),
        # the Witch-king's Two-handed Flail (BSData option of his card): its rules are the
        # data's "Two-Handed" and "Flail" (Whirl)
        "two-handed flail": HandWeapon("two-handed flail", _TWO, (_SS.WHIRL,)),
        "hand-and-a-half hammer": HandWeapon("hand-and-a-half hammer", _HALF, (_SS.BASH,)),
        "pick-hammer": HandWeapon("pick-hammer", _HALF, (_SS.BASH, _SS.PIERCE)),
        "sword-mace": HandWeapon("sword-mace", _ONE, (_SS.FEINT, _SS.BASH)),
        # named by their type as the rulebook's hand-and-a-half sword and axe are
        "hand-and-a-half club": HandWeapon("hand-and-a-half club", _HALF, (_SS.STUN,)),
        "hand-and-a-half pick": HandWeapon("hand-and-a-half pick", _HALF, (_SS.PIERCE,)),
        # WPN-SPEAR-03: a spear fights as a one-handed weapon with no special strike.
        "spear": HandWeapon("spear", _ONE, spear=True),
        "war spear": HandWeapon("war spear", _ONE, spear=True),
        # WPN-PIKE-01 and ambiguity 11: a pike needs two hands but is not "two-handed" for ±1.
        "pike": HandWeapon("pike", _ONE, spear=True, pike=True),
    }
)

# WPN-SS-01 (002:L1973): the weapon type is read in the profile; a War Beast's lists none
# (tusks and trunk: not unarmed, WPN-UNARMED-01, but no type, so no special strike).
NO_WEAPON_TYPE: Final = HandWeapon("no weapon type", _ONE)
NATURAL_WEAPONS: Final = "natural weapons"  # names.yaml: claws, beaks, fangs, branches

_B, _X, _T = MissileKind.BOW, MissileKind.CROSSBOW, MissileKind.THROWING
MISSILE_WEAPONS: Final = MappingProxyType(
    {
        "crossbow": MissileWeapon("crossbow", 24.0, 4, _X),
        "bow": MissileWeapon("bow", 24.0, 2, _B),
        "short bow": MissileWeapon("short bow", 18.0, 2, _B),
        "esgaroth bow": MissileWeapon("esgaroth bow", 24.0, 3, _B),
        "elf bow": MissileWeapon("elf bow", 24.0, 3, _B),
        "longbow": MissileWeapon("longbow", 24.0, 3, _B),
        "dwarf longbow": MissileWeapon("dwarf longbow", 24.0, 2, _B),
        "dwarf bow": MissileWeapon("dwarf bow", 18.0, 3, _B),
        "orc bow": MissileWeapon("orc bow", 18.0, 2, _B),
        "uruk-hai bow": MissileWeapon("uruk-hai bow", 18.0, 3, _B),
        "throwing weapons": MissileWeapon("throwing weapons", 6.0, 3, _T),
        "sling": MissileWeapon("sling", 12.0, 1, MissileKind.SLING),
        "great bow": MissileWeapon("great bow", 24.0, 4, _B),
        "javelin": MissileWeapon("javelin", 8.0, 3, _T),
        "blowpipe": MissileWeapon("blowpipe", 12.0, 2, MissileKind.BLOWPIPE),
        # WPN-WHIP-01 (002:L2038): a whip is also a throwing weapon of 2", Strength 1
        "whip": MissileWeapon("whip", 2.0, 1, _T),
        # BSData Scourge (dc66-35a2-a508-3a3f): a shooting weapon of 2", Strength 2, read as
        # thrown as a whip is (READINGS)
        "scourge": MissileWeapon("scourge", 2.0, 2, _T),
    }
)


# WPN-SWAP-01 (002:L2044): the weapon types a Warrior or unnamed Hero may swap.
_SWAP_TYPES = frozenset(
    {"axe", "club", "dagger", "flail", "hammer", "mace", "pick", "staff", "sword"}
)


def _swap_type(name: str) -> str | None:
    kind = name.rsplit(" ", 1)[-1]
    return kind if name in HAND_WEAPONS and kind in _SWAP_TYPES else None


def swapped_weapon(profile: Profile) -> HandWeapon | None:
    """WPN-SWAP-01/02 (002:L2044-2048): a swap-list weapon bought as an option replaces a
    carded swap-list weapon of the same category (one-handed, hand-and-a-half, two-handed).
    Who may swap and its points are list building (the army builder's)."""
    carded = [HAND_WEAPONS[n] for n in profile.wargear if _swap_type(n)]
    for name in sorted(profile.options):
        if _swap_type(name) is None or name in profile.wargear:
            continue
        if any(HAND_WEAPONS[name].handedness is w.handedness for w in carded):
            return HAND_WEAPONS[name]
    return None


# Weapons bought as an option whose rule text is written for the model fighting with them
# ("When fighting with the stone flail, Azog's Fight value is reduced to 6/5+"), or a weapon
# a model pays for beside its card's sword (the Witch-king's Two-handed Flail): bought, the
# model fights with it rather than its card's weapons (READINGS "Stone Flail", "Flail").
BOUGHT_TO_FIGHT: Final = frozenset({"stone flail", "two-handed flail"})


def fighting_weapon(profile: Profile) -> HandWeapon | None:
    """Return the weapon the model fights with, or None if it is unarmed (WPN-UNARMED-01).

    A swapped weapon replaces the carded one (WPN-SWAP-01/02). A spear model that has
    another weapon keeps the spear for support (WPN-GEN-02); a model whose only weapon is
    two-handed must use it (WPN-2H-01). The weapon is chosen once, before the game
    (WPN-SWAP-03); a profile naming no known weapon fights with a sword (WPN-SWAP-04), but
    a War Beast's, naming none, has no weapon type (WPN-SS-01).
    """
    swapped = swapped_weapon(profile)
    if swapped is not None:
        return swapped
    bought = sorted(BOUGHT_TO_FIGHT.intersection(profile.options))
    if bought:
        return HAND_WEAPONS[bought[0]]
    carried = [HAND_WEAPONS[name] for name in sorted(profile.gear) if name in HAND_WEAPONS]
    if not carried:
        if "unarmed" in profile.gear:
            return None
        natural = NATURAL_WEAPONS in profile.gear  # claws, fangs: no type, not unarmed
        beast = "war beast" in profile.keywords
        return NO_WEAPON_TYPE if natural or beast else HAND_WEAPONS["sword"]
    carried.sort(key=lambda weapon: (weapon.spear, weapon.handedness is not _ONE))
    return carried[0]


def missile_weapon(profile: Profile) -> MissileWeapon | None:
    """Return the model's missile weapon (the longest-ranged one, MSL-GEN-01)."""
    carried = [MISSILE_WEAPONS[name] for name in sorted(profile.gear) if name in MISSILE_WEAPONS]
    return max(carried, key=lambda weapon: (weapon.range, weapon.strength), default=None)


def can_support(profile: Profile) -> bool:
    """WPN-SPEAR-01: Infantry with a spear or pike may support a friend in a fight."""
    spear = any(HAND_WEAPONS[n].spear for n in profile.gear if n in HAND_WEAPONS)
    return spear and "infantry" in profile.keywords


def has_pike(profile: Profile) -> bool:
    return "pike" in profile.gear
