"""Matched-play validation: list contents in, rule breaches out. Pure: no ORM, no I/O.

Each check is a small function registered in ``CHECKS``; every breach carries a stable rule
id, a message naming the entry, the ref of what breaks it and the rule's source.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from armybuilder.figures import (
    active_rules,
    bow_limit,
    bows_counted,
    heroless_allowed,
    list_alliance,
    list_points,
    warband_capacity,
)
from armybuilder.list_data import (
    ContingentData,
    EntryData,
    ListData,
    mounts_of,
    option_groups,
)
from armybuilder.rules_data import CANNOT_LEAD_ARMY, Alliance, Tier

__all__ = ["CHECKS", "RULE_IDS", "Breach", "list_alliance", "validate"]

# The French edition calls it the « Bible des Parties Compétitives » (rulebook 002:L137).
MPG = gettext_noop("Matched Play Guide (2018)")

# Every rule id a check can emit, with what it guards (the golden rosters cover each one).
RULE_IDS: dict[str, str] = {
    "LIST-POINTS": "the list costs no more than its points limit",
    "LIST-SIDES": "Good and Evil never fight side by side",
    "WARBAND-CAPTAIN": "a warband has one hero captain, unless an army bonus lets it go without",
    "WARBAND-CAPACITY": "followers within the captain's capacity (tier, army bonus)",
    "WARBAND-HERO-FOLLOWER": "only an Independent Hero may follow another hero",
    "LIST-LEADER": "exactly one army leader",
    "LIST-LEADER-TIER": "the leader is of the highest tier and neither Minor nor Independent",
    "LIST-UNIQUE": "a named hero at most once",
    "CONTINGENT-BOWS": "bows within the contingent's bow limit (army list exceptions)",
    "CONTINGENT-ALLY-HERO": "an allied contingent has a hero of the tier its alliance asks",
    "CONTINGENT-SIEGE": "one siege engine per hero of Fortitude or higher",
    "ENTRY-OPTION": "an option is one of the profile's own",
    "ENTRY-OPTION-GROUP": "no more options of a group than the data's group limit (a swap)",
    "ENTRY-MOUNT": "a model rides one mount (CAV-PROF-01)",
    "LIST-DARK-LORD": "The Dark Lord: Sauron, when taken, is the army's leader",
    "LIST-STEWARD": "Denethor leads the army unless Aragorn, King Elessar is in it",
    "LIST-MASTER": "The Master of Lake-town leads the army unless a Hero with a rule of the "
    "kind is in it",
    "LIST-SMEAGOL": "Serve the Master of the Precious: Sméagol only with Frodo",
    "WARBAND-LONE-HUNTER": "Lone Hunter: Shelob is never in another model's warband",
    "LIST-GOLDBERRY": "Tom has his House to mind: Goldberry only with Tom Bombadil",
    "WARBAND-ONLY-KIN": "captains whose rule names the only models their warband may hold "
    "(Servant of Mordor, A Bad Influence, War Leader of the North)",
}

# The profiles whose own special rules constrain the list (names as the data spells them;
# the engine's names.yaml classes each rule as list-building with these ids).
SAURON = "The Dark Lord Sauron"
DENETHOR = "Denethor, Steward of Gondor"
KING_ELESSAR = "Aragorn, King Elessar"
MASTER = "The Master of Lake-town"
SMEAGOL = "Sméagol"
FRODO = "Frodo Baggins"
SHELOB = "Shelob"
GOLDBERRY = "Goldberry"
TOM = "Tom Bombadil"

# Rule ids of the data's own rules (armybuilder.battlescribe.roster_rules), checked on the
# list written as a BattleScribe roster; golden rosters in tests/armybuilder/golden/data_rules.
DATA_RULE_IDS: dict[str, str] = {
    "BS-HIDDEN": "an entry the data hides here: unlocked only by another selection, a legion "
    "or an ally, or an option whose condition does not hold",
    "BS-MAX": "a data limit (named character once in the whole list, mutual exclusions, one of "
    "a group, per-entry maxima) after the modifiers that change it",
    "BS-MIN": "a data minimum (required selections) after its modifiers",
}


@dataclass(frozen=True, slots=True)
class Breach:
    rule_id: str
    message: str
    ref: str
    source: str = MPG


Check = Callable[[ListData], Iterator[Breach]]
CHECKS: list[Check] = []


def check(function: Check) -> Check:
    CHECKS.append(function)
    return function


def validate(army: ListData) -> list[Breach]:
    """Return every breach of the list, in a stable order."""
    return [breach for run in CHECKS for breach in run(army)]


@check
def points_limit(army: ListData) -> Iterator[Breach]:
    total = list_points(army)
    if total > army.points_limit:
        yield Breach(
            "LIST-POINTS",
            gettext("The list costs {total} points, over its limit of {points_limit}.").format(
                total=total, points_limit=army.points_limit
            ),
            "list",
        )


@check
def one_side(army: ListData) -> Iterator[Breach]:
    sides = {contingent.side for contingent in army.contingents}
    if len(sides) > 1:
        evil = next(c for c in army.contingents if c.side != army.contingents[0].side)
        yield Breach(
            "LIST-SIDES",
            gettext(
                "Good and Evil cannot fight side by side: {faction} is on the other side from "
                "{ally}."
            ).format(faction=evil.faction, ally=army.contingents[0].faction),
            evil.ref,
        )


@check
def warband_captains(army: ListData) -> Iterator[Breach]:
    for contingent in army.contingents:
        yield from _captains_of(army, contingent)


def _captains_of(army: ListData, contingent: ContingentData) -> Iterator[Breach]:
    for warband in contingent.warbands:
        captains = warband.captains
        if len(captains) > 1:
            names = ", ".join(entry.name for entry in captains)
            yield Breach(
                "WARBAND-CAPTAIN",
                gettext("A warband has more than one captain: {names}.").format(names=names),
                warband.ref,
            )
        elif not captains and warband.entries and not heroless_allowed(warband, contingent, army):
            yield Breach(
                "WARBAND-CAPTAIN", gettext("A warband has followers but no captain."), warband.ref
            )
        elif captains and (not captains[0].is_hero or captains[0].count != 1):
            yield Breach(
                "WARBAND-CAPTAIN",
                gettext("{name} cannot lead a warband: only a single Hero can.").format(
                    name=captains[0].name
                ),
                captains[0].ref,
            )


@check
def warband_capacity_limit(army: ListData) -> Iterator[Breach]:
    bands = [(w, active_rules(c, army)) for c in army.contingents for w in c.warbands]
    for warband, rules in bands:
        capacity = warband_capacity(warband, rules)
        if capacity is not None and warband.follower_models > capacity:
            captain = warband.captains[0]
            yield Breach(
                "WARBAND-CAPACITY",
                gettext(
                    "{name}'s warband holds {follower_models} followers; a {heroic_tier} hero "
                    "may lead {capacity}."
                ).format(
                    name=captain.name,
                    follower_models=warband.follower_models,
                    heroic_tier=captain.heroic_tier,
                    capacity=capacity,
                ),
                warband.ref,
            )


@check
def heroes_as_followers(army: ListData) -> Iterator[Breach]:
    for warband in army.warbands:
        for entry in warband.followers:
            if entry.is_hero and entry.tier is not Tier.INDEPENDENT:
                yield Breach(
                    "WARBAND-HERO-FOLLOWER",
                    gettext(
                        "{name} is a Hero: only an Independent Hero may join another hero's "
                        "warband."
                    ).format(name=entry.name),
                    entry.ref,
                )


@check
def army_leader(army: ListData) -> Iterator[Breach]:
    leaders = [warband for warband in army.warbands if warband.is_army_leader]
    if len(leaders) != 1:
        yield Breach(
            "LIST-LEADER",
            gettext("A list needs exactly one leader, not {count}.").format(count=len(leaders)),
            "list",
        )
        return
    yield from _leader_tier(army, leaders[0].captains)


def _leader_tier(army: ListData, captains: list[EntryData]) -> Iterator[Breach]:
    tiers = [entry.tier for entry in army.entries if entry.tier is not None]
    eligible = [tier for tier in tiers if tier not in CANNOT_LEAD_ARMY]
    if not captains or captains[0].tier is None:
        return
    leader = captains[0]
    if leader.tier in CANNOT_LEAD_ARMY:
        yield Breach(
            "LIST-LEADER-TIER",
            gettext("{name} is a {heroic_tier} hero and cannot lead the army.").format(
                name=leader.name, heroic_tier=leader.heroic_tier
            ),
            leader.ref,
        )
    elif eligible and leader.tier.value < max(tier.value for tier in eligible):
        yield Breach(
            "LIST-LEADER-TIER",
            gettext("{name} cannot lead: a hero of a higher tier is in the list.").format(
                name=leader.name
            ),
            leader.ref,
        )


@check
def named_heroes_once(army: ListData) -> Iterator[Breach]:
    counts = Counter(
        entry.name for entry in army.entries if entry.unique for _ in range(entry.count)
    )
    for name, count in sorted(counts.items()):
        if count > 1:
            ref = next(entry.ref for entry in army.entries if entry.name == name)
            yield Breach(
                "LIST-UNIQUE",
                gettext("{name} is a named hero and appears {count} times.").format(
                    name=name, count=count
                ),
                ref,
            )


@check
def bow_limit_per_contingent(army: ListData) -> Iterator[Breach]:
    for contingent in army.contingents:
        bows, limit = bows_counted(contingent, army), bow_limit(contingent, army)
        if bows > limit:
            yield Breach(
                "CONTINGENT-BOWS",
                gettext("{faction}: {bows} warriors carry bows; the bow limit is {limit}.").format(
                    faction=contingent.faction, bows=bows, limit=limit
                ),
                contingent.ref,
            )


@check
def allied_contingent_heroes(army: ListData) -> Iterator[Breach]:
    if len(army.contingents) < 2:
        return
    level = list_alliance(army)
    needed = Tier.FORTITUDE if level is Alliance.HISTORICAL else Tier.VALOUR
    for contingent in army.contingents:
        if _leader_in(contingent):
            continue
        if not any(_tier_at_least(entry, needed) for entry in contingent.entries):
            yield Breach(
                "CONTINGENT-ALLY-HERO",
                gettext(
                    "{faction} is an allied contingent and needs a Hero of {needed} or higher "
                    "({level} alliance)."
                ).format(
                    faction=contingent.faction, needed=needed.name.title(), level=level.name.title()
                ),
                contingent.ref,
            )


@check
def siege_engines(army: ListData) -> Iterator[Breach]:
    for contingent in army.contingents:
        engines = sum(entry.count for entry in contingent.entries if entry.is_siege_engine)
        heroes = sum(
            entry.count for entry in contingent.entries if _tier_at_least(entry, Tier.FORTITUDE)
        )
        if engines > heroes:
            yield Breach(
                "CONTINGENT-SIEGE",
                gettext(
                    "{faction}: {engines} siege engines but {heroes} heroes of Fortitude or "
                    "higher; each engine needs one."
                ).format(faction=contingent.faction, engines=engines, heroes=heroes),
                contingent.ref,
            )


@check
def option_legality(army: ListData) -> Iterator[Breach]:
    for entry in army.entries:
        for option in entry.options:
            if not option.legal:
                yield Breach(
                    "ENTRY-OPTION",
                    gettext("{name} cannot take the option {option}.").format(
                        name=entry.name, option=option.name
                    ),
                    entry.ref,
                )


def _leader_in(contingent: ContingentData) -> bool:
    return any(warband.is_army_leader for warband in contingent.warbands)


def _tier_at_least(entry: EntryData, tier: Tier) -> bool:
    return (
        entry.tier is not None
        and entry.tier is not Tier.INDEPENDENT
        and entry.tier.value >= tier.value
    )


@check
def sauron_leads(army: ListData) -> Iterator[Breach]:
    """The Dark Lord: if Sauron is in the force he must be its leader."""
    entry = _named(army, SAURON)
    if entry is not None and not _leads(army, entry):
        yield Breach(
            "LIST-DARK-LORD", gettext("{hero} must lead the army.").format(hero=SAURON), entry.ref
        )


@check
def denethor_leads(army: ListData) -> Iterator[Breach]:
    """ "The rule of Gondor is mine, and no other's!": Denethor leads the army unless Aragorn,
    King Elessar is in it."""
    entry = _named(army, DENETHOR)
    if entry is not None and _named(army, KING_ELESSAR) is None and not _leads(army, entry):
        yield Breach(
            "LIST-STEWARD", gettext("{hero} must lead the army.").format(hero=DENETHOR), entry.ref
        )


@check
def master_leads(army: ListData) -> Iterator[Breach]:
    """ "Who would have the nerve to question my authority?" (BSData 51c1-1530-76ab-65a7): the
    Master of Lake-town must lead, regardless of the other Heroes' tiers, unless the army holds
    another Hero with a similar rule (Sauron's, Denethor's)."""
    entry = _named(army, MASTER)
    rivals = (SAURON, DENETHOR)
    if entry is None or any(_named(army, name) is not None for name in rivals):
        return
    if not _leads(army, entry):
        yield Breach(
            "LIST-MASTER", gettext("{hero} must lead the army.").format(hero=MASTER), entry.ref
        )


def _named(army: ListData, name: str) -> EntryData | None:
    return next((entry for entry in army.entries if entry.name == name), None)


def _leads(army: ListData, entry: EntryData) -> bool:
    return any(w.is_army_leader and entry in w.captains for w in army.warbands)


@check
def smeagol_needs_frodo(army: ListData) -> Iterator[Breach]:
    smeagol = _named(army, SMEAGOL)
    if smeagol is not None and _named(army, FRODO) is None:
        yield Breach(
            "LIST-SMEAGOL",
            gettext("{hero} may only be taken with {other}.").format(hero=SMEAGOL, other=FRODO),
            smeagol.ref,
        )


@check
def goldberry_needs_tom(army: ListData) -> Iterator[Breach]:
    """BSData 669b-ecf7-8857-b98a: Goldberry may not be included unless Tom Bombadil is."""
    goldberry = _named(army, GOLDBERRY)
    if goldberry is not None and _named(army, TOM) is None:
        yield Breach(
            "LIST-GOLDBERRY",
            gettext("{hero} may only be taken with {other}.").format(hero=GOLDBERRY, other=TOM),
            goldberry.ref,
        )


@check
def lone_hunter(army: ListData) -> Iterator[Breach]:
    for warband in army.warbands:
        for entry in warband.followers:
            if entry.name == SHELOB:
                yield Breach(
                    "WARBAND-LONE-HUNTER",
                    gettext("{hero} cannot join a warband.").format(hero=SHELOB),
                    entry.ref,
                )


@check
def exclusive_options(army: ListData) -> Iterator[Breach]:
    """Options of a group the data limits (a weapon swap: one of them) are alternatives."""
    for entry in army.entries:
        for group, names in option_groups(entry).items():
            limit = next(o.group_max for o in entry.options if o.group == group)
            if len(names) > limit:
                yield Breach(
                    "ENTRY-OPTION-GROUP",
                    gettext(
                        "{name} may take {limit} of its {group} options, not {count} ({names})."
                    ).format(
                        name=entry.name,
                        limit=limit,
                        group=group,
                        count=len(names),
                        names=", ".join(names),
                    ),
                    entry.ref,
                )


@check
def one_mount(army: ListData) -> Iterator[Breach]:
    """A model rides one mount (CAV-PROF-01 gives one mount profile to a rider)."""
    for entry in army.entries:
        mounts = mounts_of(entry)
        if len(mounts) > 1:
            yield Breach(
                "ENTRY-MOUNT",
                gettext("{name} can ride only one mount, not {mounts}.").format(
                    name=entry.name, mounts=gettext(" and ").join(mounts)
                ),
                entry.ref,
            )


# Captains whose own rule names the only models their warband may include (names as the data
# spells them; each word is matched against a follower's name and keywords).
WARBAND_ONLY: dict[str, tuple[str, tuple[str, ...]]] = {
    "Snaga, Orc Captain": ("Servant of Mordor", ("Orc",)),  # BSData b562-b65d-43c6-589c
    "Ted Sandyman": ("A Bad Influence", ("Hobbit",)),  # BSData 03be-4768-d3ce-bf7e
    "Razgûsh, War Leader of the North": (  # BSData 8c44-644a-0153-1a3a
        "War Leader of the North",
        ("Orc Warrior", "Warg Rider", "Giant Spider", "Mirkwood Spider", "Fell Warg", "Bat Swarm"),
    ),
}


@check
def warband_only_kin(army: ListData) -> Iterator[Breach]:
    for warband in army.warbands:
        for captain in warband.captains:
            rule, kinds = WARBAND_ONLY.get(captain.name, ("", ()))
            for entry in warband.followers if kinds else ():
                if not any(entry.matches(kind) for kind in kinds):
                    yield Breach(
                        "WARBAND-ONLY-KIN",
                        gettext("{rule}: {name}'s warband may hold only {kinds}.").format(
                            rule=rule, name=captain.name, kinds=", ".join(kinds)
                        ),
                        entry.ref,
                    )
