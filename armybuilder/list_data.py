"""Plain, ORM-free snapshots of an army list: what validation and figures read."""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.effective import MOUNTS
from armybuilder.rules_data import BOW_NAME, TIER_BY_NAME, Tier, matches


def _has_keyword(keywords: frozenset[str], keyword: str) -> bool:
    """True for the keyword, also when the importer split it into words ("Siege", "Engine")."""
    words = {word.lower() for word in keywords}
    return keyword in words or set(keyword.split()) <= words


@dataclass(frozen=True, slots=True)
class OptionPick:
    name: str
    points: int
    count: int = 1
    legal: bool = True  # False when the option is not one of the profile's own
    group: str = ""  # the data's option group ("Mount", "Options")
    group_max: int = 0  # at most this many options of the group per model; 0: no limit


@dataclass(frozen=True, slots=True)
class EntryData:
    """One entry: a profile, its count and the options each of its models takes."""

    ref: str
    name: str
    kind: str  # "hero" or "warrior"
    points: int  # per model, before options
    count: int = 1
    heroic_tier: str = ""
    unique: bool = False
    keywords: frozenset[str] = frozenset()
    wargear: tuple[str, ...] = ()
    options: tuple[OptionPick, ...] = ()
    might: int = 0
    captain: bool = False
    models_per_unit: int = 1  # a team sold as one entry (the two Goblins of a Drum)

    @property
    def models(self) -> int:
        """Models on the table: a multi-model entry counts as its models."""
        return self.count * self.models_per_unit

    @property
    def is_hero(self) -> bool:
        return self.kind == "hero"

    @property
    def tier(self) -> Tier | None:
        return TIER_BY_NAME.get(self.heroic_tier) if self.is_hero else None

    @property
    def points_per_model(self) -> int:
        return self.points + sum(option.points * option.count for option in self.options)

    @property
    def total_points(self) -> int:
        return self.points_per_model * self.count

    @property
    def has_bow(self) -> bool:
        names = [*self.wargear, *(option.name for option in self.options)]
        return any(BOW_NAME.search(name) for name in names)

    @property
    def is_siege_engine(self) -> bool:
        return _has_keyword(self.keywords, "siege engine")

    @property
    def is_bow_limit_warrior(self) -> bool:
        """A warrior counted for the bow limit; a War Beast is not one (ASSUMPTION, WB-GEN-02)."""
        return not self.is_hero and not self.is_war_beast

    @property
    def is_war_beast(self) -> bool:
        return _has_keyword(self.keywords, "war beast")

    def matches(self, word: str) -> bool:
        return matches(word, self.name, self.keywords)

    @property
    def identities(self) -> frozenset[str]:
        """The names a rule may call this model by.

        The importer names a model found inside another entry "Model (Entry)": "Rivendell Knight
        (Gil-Galad, High King of the Elves)", "Elladan (Elladan & Elrohir)". The model is its
        own base name, and also the entry's name when that names it (a pair such as Elladan &
        Elrohir), never the holder's name otherwise.
        """
        base, _, holder = self.name.partition(" (")
        holder = holder.removesuffix(")")
        return frozenset({self.name, base} | ({holder} if base in holder else set()))


@dataclass(frozen=True, slots=True)
class WarbandData:
    ref: str
    entries: tuple[EntryData, ...]
    is_army_leader: bool = False

    @property
    def captains(self) -> list[EntryData]:
        return [entry for entry in self.entries if entry.captain]

    @property
    def followers(self) -> list[EntryData]:
        return [entry for entry in self.entries if not entry.captain]

    @property
    def follower_models(self) -> int:
        """Follower places taken: one per model; a War Beast takes none (WB-GEN-02)."""
        return sum(entry.models for entry in self.followers if not entry.is_war_beast)

    @property
    def models(self) -> int:
        return sum(entry.models for entry in self.entries)


@dataclass(frozen=True, slots=True)
class ContingentData:
    ref: str
    faction: str
    side: str  # "good" or "evil"
    warbands: tuple[WarbandData, ...]
    army_bonus: str = ""  # the data's army bonus (its rule names), for imported army lists
    legion: str = ""  # the Legendary Legion it is built as, "" for a plain list

    @property
    def entries(self) -> list[EntryData]:
        return [entry for warband in self.warbands for entry in warband.entries]


@dataclass(frozen=True, slots=True)
class ListData:
    name: str
    points_limit: int
    contingents: tuple[ContingentData, ...]

    @property
    def entries(self) -> list[EntryData]:
        return [entry for contingent in self.contingents for entry in contingent.entries]

    @property
    def warbands(self) -> list[WarbandData]:
        return [warband for contingent in self.contingents for warband in contingent.warbands]


def option_groups(entry: EntryData) -> dict[str, list[str]]:
    """The chosen options of each limited group of an entry."""
    groups: dict[str, list[str]] = {}
    for option in entry.options:
        if option.group and option.group_max:
            groups.setdefault(option.group, []).append(option.name)
    return groups


def mounts_of(entry: EntryData) -> list[str]:
    """The mounts an entry's models carry as wargear or take as options."""
    names = [*entry.wargear, *(option.name for option in entry.options)]
    return [name for name in names if name.lower() in MOUNTS]
