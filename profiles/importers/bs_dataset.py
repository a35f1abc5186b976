"""Plain values the BattleScribe importer produces: no ORM, no XML, safe to compare in tests.

Enum values equal the database choices of ``profiles.models`` so the writing service maps them
one to one, but nothing here imports Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Side(Enum):
    GOOD = "good"
    EVIL = "evil"


class ProfileKind(Enum):
    HERO = "hero"
    WARRIOR = "warrior"


class HeroicTier(Enum):
    LEGEND = "legend"
    VALOUR = "valour"
    FORTITUDE = "fortitude"
    MINOR = "minor"
    INDEPENDENT = "independent"


# BattleScribe category (and "Heroic Tier" characteristic) names of the heroic tiers.
TIER_BY_NAME: dict[str, HeroicTier] = {
    "Hero of Legend": HeroicTier.LEGEND,
    "Hero of Valour": HeroicTier.VALOUR,
    "Hero of Fortitude": HeroicTier.FORTITUDE,
    "Minor Hero": HeroicTier.MINOR,
    "Independent Hero": HeroicTier.INDEPENDENT,
}


class RuleKind(Enum):
    ACTIVE = "active"
    PASSIVE = "passive"
    UNSPECIFIED = "unspecified"


@dataclass(frozen=True, slots=True)
class ParsedRule:
    name: str  # without the "(Active)"/"(Passive)" suffix
    kind: RuleKind
    text: str


@dataclass(frozen=True, slots=True)
class ParsedPower:
    name: str
    text: str
    range_inches: int | None
    casting_value: int  # 4 means 4+


@dataclass(frozen=True, slots=True)
class ParsedMount:
    """A mount an option buys (CAV-DEF-02): the card the option shows, under its name."""

    name: str
    characteristics: Characteristics
    keywords: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()  # the option's own rules: the mount's (Fly, Terror...)


@dataclass(frozen=True, slots=True)
class ParsedOption:
    source_id: str
    name: str
    points: int  # per model, in a plain list
    max_count: int
    group: str
    conditional: bool = False  # hidden in a plain list: legal only when its conditions hold
    group_max: int = 0  # the group's per-parent ``max`` selections constraint, 0: none
    # bs_option_effects: what the data's modifiers change on the model's card when it is
    # bought once, ("might", "add", 1) or ("defence", "set", 8); the mount card it shows;
    # whether it carries rule text of its own
    changes: tuple[tuple[str, str, int], ...] = ()
    mount: ParsedMount | None = None
    described: bool = False
    rules: tuple[str, ...] = ()  # the game system's rules it links (bs_option_effects)


@dataclass(frozen=True, slots=True)
class Characteristics:
    """Numbers of a profile; None where the cell holds none, its kind then in ``notes``."""

    move: int | None
    fight: int | None
    shoot: int | None  # 3 means 3+; None for "-"
    strength: int | None
    defence: int | None
    attacks: int | None
    wounds: int | None
    courage: int | None
    might: int | None = None
    will: int | None = None
    fate: int | None = None
    notes: tuple[tuple[str, str], ...] = ()  # (field, profiles.stat_values.StatKind value)


@dataclass(frozen=True, slots=True)
class ParsedSiegeEngine:
    """A Siege Engine's card (SE-PROF-01): Strength (printed in brackets), Defence, Wounds,
    its special rules and the upgrades its entry offers (bought as the crewman's options)."""

    name: str
    strength: int
    defence: int
    wounds: int
    rules: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()
    option: str = ""  # the Hero's option that buys it (Bard's Windlance); "": always his


@dataclass(frozen=True, slots=True)
class ParsedForm:
    """A model's other form (a Skin-changer's bear, BSData bf2e-3118-471d-9720): the card it
    takes when it changes, with the form's own keywords, Heroic Actions and rules. ``rule``:
    the model's rule that changes it."""

    name: str
    rule: str
    characteristics: Characteristics
    keywords: tuple[str, ...] = ()
    heroic_actions: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ParsedProfile:
    source_id: str  # "<entry id>" or "<profile entry id>/<model entry id>"
    name: str
    kind: ProfileKind
    heroic_tier: HeroicTier | None
    points: int
    unique: bool
    characteristics: Characteristics
    keywords: tuple[str, ...]
    wargear: tuple[str, ...]
    heroic_actions: tuple[str, ...]
    options: tuple[ParsedOption, ...]
    rules: tuple[ParsedRule, ...]
    powers: tuple[ParsedPower, ...]
    source_reference: str
    conditional: bool = False  # hidden in a plain list (Legendary Legion, ally, unlock)
    models_per_unit: int = 1  # a fixed team bought as one entry
    siege_engine: ParsedSiegeEngine | None = None  # the engine this crewman is bought with
    form: ParsedForm | None = None  # the other form a Skin-changer takes


@dataclass(frozen=True, slots=True)
class SkippedEntry:
    catalogue: str
    name: str
    source_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class ParsedLegion:
    """A Legendary Legion: a root entry of the catalogue whose rules are its special rules
    and restrictions."""

    source_id: str  # the legion's entry id
    link_id: str  # the catalogue's link to it, "" when inline
    name: str
    rules: tuple[ParsedRule, ...]


@dataclass(frozen=True, slots=True)
class ParsedFaction:
    source_id: str
    name: str
    side: Side
    revision: int
    profiles: tuple[ParsedProfile, ...]
    skipped: tuple[SkippedEntry, ...]
    army_bonus: tuple[ParsedRule, ...] = ()
    legions: tuple[ParsedLegion, ...] = ()


@dataclass(frozen=True, slots=True)
class ParsedDataSet:
    game_system_id: str
    game_system_name: str
    revision: int
    content_hash: str
    factions: tuple[ParsedFaction, ...]
    skipped: tuple[SkippedEntry, ...]  # whole catalogues that could not be imported

    @property
    def profile_count(self) -> int:
        return sum(len(f.profiles) for f in self.factions)
