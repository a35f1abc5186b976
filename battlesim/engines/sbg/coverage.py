"""Which special rules, wargear and powers of a force the engine implements or ignores.

The names the engine plays are registered at import in the rule registry (core/registry.py),
each with its kind and source; a profile's names are read through core/names.py, so "Heroic
Defense", "Terror (Passive)" or "Elven-made Sword" find what the engine plays under
"heroic defence", "terror", "sword" + "elven-made". A name nobody registered stays ignored.

As a command, it measures breadth over BattleScribe data (see ``main``)::

    python -m battlesim.engines.sbg.coverage PATH_TO_BSDATA [--json] [--side good|evil]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core.arms import HAND_WEAPONS, MISSILE_WEAPONS
from battlesim.engines.sbg.core.data import MOUNT_PROFILES
from battlesim.engines.sbg.core.hooks import implemented_triggers
from battlesim.engines.sbg.core.names import parts
from battlesim.engines.sbg.core.registry import (
    REGISTRY,
    Kind,
    NameReport,
    ProfileNames,
    Report,
    Status,
)
from battlesim.engines.sbg.core.units import (
    STAND_IN,
    Force,
    Profile,
    UnitDataError,
    force_from_data,
    is_stand_in,
    profile_from_data,
    stand_in_rule,
)
from battlesim.engines.sbg.rules import (
    cavalry,  # noqa: F401  (registers the lance and charge hooks)
    magic,  # noqa: F401  (registers the powers and Resistant to Magic)
    special_rules,  # noqa: F401  (registers rule hooks)
)
from battlesim.engines.sbg.rules.equipment import ARMOUR_TIERS
from battlesim.engines.sbg.rules.heroic_actions import IMPLEMENTED as HEROIC_ACTIONS
from battlesim.engines.sbg.rules.master_of_battle import MASTER
from battlesim.engines.sbg.rules.monsters.core import unique_names
from battlesim.engines.sbg.rules.priority_rules import AUTO_PRIORITY_RULES
from battlesim.engines.sbg.rules.special_strikes import IMPLEMENTED
from battlesim.engines.sbg.rules.war_beasts import IMPLEMENTED as WAR_BEAST_RULES

if TYPE_CHECKING:
    from profiles.importers.bs_dataset import ParsedDataSet, ParsedProfile

# Items handled directly by a phase rather than through a modifier hook.
_HANDLED_IN_PHASES = frozenset(
    {"shield", "banner", "war drum", "war horn", "unarmed", "terror"}  # terror: terror.py
    | {"the one ring", "elven cloak", "stealth"}  # one_ring.py, phases/ring.py, stealth.py
)
_HERO_POOLS = ("might", "will", "fate")
# CAV-*: mounts and barding make a model Cavalry (mounts.py, cavalry.py); "lance" is a hook
_MOUNTS = frozenset(MOUNT_PROFILES) | {"barding"}
# HERO-FATE-01..06 (heroics.fate_saves), HERO-WILL-04 (courage.heroic_courage),
# HERO-MIGHT-02..06 (might.boost: Might on dice; Heroic Actions are counted separately)
_HERO_POOLS_PLAYED = frozenset({"fate (heroic)", "will (heroic)", "might (heroic)"})
_HERO_RULES = frozenset({"mighty hero"})  # SR-MIGHTYHERO (might.free_point)
# WPN-ELF-01 (002:L2014, phases/fight.py) and WPN-MASTER-01 (002:L2018, fight_stances.py,
# weapons.py): weapon qualities the engine reads as words of a model's wargear.
_QUALITIES = {"elven-made": "WPN-ELF-01 (002:L2014)", "masterforged": "WPN-MASTER-01 (002:L2018)"}

# The units that read the bracket of "Name (X)" (terror.py, master_of_battle.py).
_READS_PARAMETERS = frozenset({"terror", MASTER})
_KEYWORDS = frozenset({"any", "hero", "cavalry", "war beast"})
_WEAPON_WORDS = frozenset({"hand-and-a-half", "two-handed", "unarmed", "pike"}) | set(_QUALITIES)
_GEAR = (
    frozenset(ARMOUR_TIERS)
    | _MOUNTS
    | AUTO_PRIORITY_RULES
    | {"shield", "banner", "war drum", "war horn", "the one ring", "elven cloak", "lance"}
)
_PHASE_SOURCES = {
    "shield": "ARM-SH-* (002:L2271-2277)",
    "banner": "EQP-BAN-01..06 (002:L2170-2180)",
    "war drum": "EQP-DRUM-01 (002:L2188)",
    "war horn": "EQP-HORN-01 (002:L2194)",
    "unarmed": "WPN-UNARMED-01 (002:L1977)",
    "terror": "SR-TERROR (002:L2873), terror.py",
    "the one ring": "one_ring.py, phases/ring.py",
    "elven cloak": "EQP-CLOAK-01 (002:L2184)",
    "stealth": "SR-STEALTH (002:L2763-2765), stealth.py",
}


@dataclass(frozen=True, slots=True)
class Coverage:
    """Names the engine plays (``implemented``) and names it skips (``ignored``); names the
    army builder handles (``list_building``) and names without effect (``flavour``) are
    neither."""

    implemented: tuple[str, ...]
    ignored: tuple[str, ...]
    list_building: tuple[str, ...] = ()
    flavour: tuple[str, ...] = ()

    def to_json(self) -> dict[str, list[str]]:
        return {
            "implemented": list(self.implemented),
            "ignored": list(self.ignored),
            "list_building": list(self.list_building),
            "flavour": list(self.flavour),
        }


def _known() -> frozenset[str]:
    strikes = frozenset(f"{strike.value} (special strike)" for strike in IMPLEMENTED)
    return (
        strikes
        | implemented_triggers()
        | frozenset(HAND_WEAPONS)
        | frozenset(MISSILE_WEAPONS)
        | frozenset(ARMOUR_TIERS)
        | _HANDLED_IN_PHASES
        | _HERO_POOLS_PLAYED
        | _HERO_RULES
        | WAR_BEAST_RULES  # WB-*: trample and the War Beast rules (war_beasts.py)
        | HEROIC_ACTIONS  # HERO-HA-09: specific Heroic Actions listed as rules (not Channelling)
        | {MASTER}  # SR-MASTERBATTLE (master_of_battle.py)
        | _MOUNTS
        | unique_names()  # MON-BPA-01: unique Brutal Power Attacks (Bludgeon...)
        | AUTO_PRIORITY_RULES  # PRIO-04: the Palantír (priority_rules.py)
    )


def _source(name: str) -> str:
    """Where the engine plays a name of ``_known()`` (the group it comes from)."""
    groups: tuple[tuple[Iterable[str], str], ...] = (
        (_PHASE_SOURCES, _PHASE_SOURCES.get(name, "")),
        (HAND_WEAPONS, "WPN-SS-01 (002:L1973), weapons.py"),
        (MISSILE_WEAPONS, "MSL table (002:L2114-2130), weapons.py"),
        (ARMOUR_TIERS, "ARM-02..04 (002:L2259-2267), equipment.py"),
        (_HERO_POOLS_PLAYED, "HERO-FATE-01..06, HERO-WILL-04, HERO-MIGHT-02..06"),
        (_HERO_RULES, "SR-MIGHTYHERO (002:L2791), might.py"),
        (WAR_BEAST_RULES, "WB-*, war_beasts.py"),
        (HEROIC_ACTIONS, "HERO-HA-09, heroic_actions.py"),
        ({MASTER}, "SR-MASTERBATTLE (002:L2823-2825), master_of_battle.py"),
        (_MOUNTS, "CAV-*, mounts.py, cavalry.py"),
        (unique_names(), "MON-BPA-01, monsters/"),
        (AUTO_PRIORITY_RULES, "PRIO-04, priority_rules.py"),
        (implemented_triggers(), "hook trigger, hooks.py"),
    )
    if name.endswith("(special strike)"):
        return "SPS-* (002:L2054-2102), special_strikes.py"
    return next(source for names, source in groups if name in names)


def _kind(name: str) -> Kind:
    if name in _KEYWORDS:
        return Kind.KEYWORD
    weapons = name in HAND_WEAPONS or name in MISSILE_WEAPONS or name in _WEAPON_WORDS
    if weapons or name.endswith("(special strike)"):
        return Kind.WEAPON
    return Kind.WARGEAR if name in _GEAR else Kind.RULE


_registered: set[str] = set()

# Options the engine plays from the data's own effects (options.py): characteristic changes
# on the card, or a mount from the data's card
DATA_EFFECTS = "option effects (data)"
REGISTRY.register(
    DATA_EFFECTS,
    kind=Kind.WARGEAR,
    source="CAV-DEF-02 (002:L1268) and the BattleScribe modifiers of the option, options.py",
)


def _register_known() -> None:
    """Register what ``_known()`` gathers (once each; a hook registered later joins on the
    next call) and the weapon qualities."""
    for name in sorted(_known() - _registered):
        parameters = name in _READS_PARAMETERS
        known = REGISTRY.lookup(name)  # a unit that registered itself keeps its kind
        kind = known.kind if known is not None else _kind(name)
        REGISTRY.register(name, kind=kind, source=_source(name), parameters=parameters)
        _registered.add(name)
    for name, source in _QUALITIES.items():
        if name not in _registered:
            REGISTRY.register(name, kind=Kind.WEAPON, source=source)
            _registered.add(name)


_register_known()


def register_known() -> None:
    """Register every name the engine plays (``_known()``) not yet registered."""
    _register_known()


def _names(profile: Profile) -> ProfileNames:
    """What the engine reads on a card: wargear and options, special rules and Heroic
    Actions, its Might/Will/Fate as hero pools and its weapons' special strikes. An option
    played from its data effects (options.py) is read as ``DATA_EFFECTS``."""
    pools = tuple(f"{pool} (heroic)" for pool in _HERO_POOLS if getattr(profile, pool) > 0)
    rules = (*profile.rules, *pools, *_strikes(profile))
    powers = tuple(power.name for power in profile.powers)  # MAGIC-*: rules/magic
    gear = sorted(item for item in profile.gear if item not in profile.changed_by)
    extra = (DATA_EFFECTS,) if set(profile.changed_by) & profile.gear else ()
    return ProfileNames(profile.name, (*gear, *extra), rules, powers)


def _strikes(profile: Profile) -> tuple[str, ...]:
    """The special strikes the profile's weapons carry (SPS-*), by name."""
    found = {part for item in profile.gear for part in parts(item, wargear=True)}
    weapons = [HAND_WEAPONS[name] for name in sorted(found) if name in HAND_WEAPONS]
    return tuple(sorted({f"{s.value} (special strike)" for w in weapons for s in w.strikes}))


def _coverage(report: Report) -> Coverage:
    return Coverage(report.played, report.unplayed, report.list_building, report.flavour)


def profile_coverage(profile: Profile) -> Coverage:
    """Split a profile's rules and wargear into implemented and ignored names."""
    _register_known()
    return _coverage(REGISTRY.report([_names(profile)]))


def force_coverage(force: Force) -> Coverage:
    """The union over a force's profiles."""
    _register_known()
    profiles = {spec.profile for spec in force.models}
    return _coverage(REGISTRY.report(_names(p) for p in profiles))


def card_coverage(card: Mapping[str, Any], powers: Sequence[str] = ()) -> Coverage:
    """A profile card as plain data (the site's ``battlesim/engine_input.py`` builds it) with
    its Magical Powers: what the engine plays of it and what it leaves out."""
    _register_known()
    names = _names(profile_from_data(card))
    carried = ProfileNames(names.profile, names.wargear, names.rules, tuple(powers))
    return _coverage(REGISTRY.report([carried]))


def ignored_powers(powers: Iterable[str]) -> tuple[str, ...]:
    """The Magical Powers among ``powers`` the engine does not play (canonical names)."""
    _register_known()
    return REGISTRY.report([ProfileNames("powers", powers=tuple(powers))]).unplayed


def force_data_coverage(data: Mapping[str, Any]) -> Coverage:
    """A force as plain data (the engine's ``forces`` option): the union over its profiles."""
    return force_coverage(force_from_data(data, prefix="F"))


# --- The breadth command -------------------------------------------------------------------

LAST_LINE = "profiles fully played: {played}/{total}"
SIDES = ("good", "evil")
_NO_SHOOT_VALUE = 6  # as battlesim/engine_input.py: a "-" Shoot value is never rolled


class CoverageInputError(ValueError):
    """The command's input is unusable (no folder, no game system, malformed data)."""


@dataclass(frozen=True, slots=True)
class FactionBreadth:
    name: str
    report: Report
    side: str = ""  # "good" or "evil" as the catalogue records it ("" when it does not)


def parsed_names(parsed: ParsedProfile) -> ProfileNames:
    """What the engine would read from an imported profile (the card battlesim/engine_input.py
    builds: wargear, special rules, Heroic Actions, Magical Powers)."""
    heroic = [a if a.lower().startswith("heroic") else f"Heroic {a}" for a in parsed.heroic_actions]
    c = parsed.characteristics
    numbers = {key: getattr(c, key) for key in STAND_IN}
    rules = [rule.name for rule in parsed.rules] + heroic + _stand_ins(c.notes, parsed)
    if parsed.siege_engine is not None:  # SE-*: the engine's rules and upgrades are his
        rules += [*parsed.siege_engine.rules, *parsed.siege_engine.upgrades]
    if parsed.form is not None:  # BSData bf2e-3118-471d-9720: its other form's rules are his
        actions = parsed.form.heroic_actions
        rules += [
            *parsed.form.rules,
            *(a if a.lower().startswith("heroic") else f"Heroic {a}" for a in actions),
        ]
    card = {
        "name": parsed.name,
        **{key: STAND_IN[key] if value is None else value for key, value in numbers.items()},
        "shoot": c.shoot if c.shoot is not None else _NO_SHOOT_VALUE,
        **{key: getattr(c, key) or 0 for key in _HERO_POOLS},
        "keywords": list(parsed.keywords),
        "wargear": list(parsed.wargear),
        "rules": rules,
    }
    names = _names(profile_from_data(card))
    return ProfileNames(
        names.profile, names.wargear, names.rules, tuple(p.name for p in parsed.powers)
    )


def _stand_ins(notes: Sequence[tuple[str, str]], parsed: ParsedProfile) -> list[str]:
    """The rules engine_input.py adds for characteristics the data gives no number for."""
    from profiles.stat_values import SYMBOLS, StatKind  # the site's table (no Django)

    symbols = [(field, SYMBOLS[StatKind(kind)]) for field, kind in notes]
    rules = [rule.name for rule in parsed.rules]
    return [stand_in_rule(field, s) for field, s in symbols if is_stand_in(field, s, rules)]


def breadth(dataset: ParsedDataSet, side: str | None = None) -> tuple[FactionBreadth, ...]:
    """One report per faction of the data set, in its order; only the factions of ``side``
    ("good" or "evil", as the catalogue records it) when one is given."""
    _register_known()
    return tuple(
        FactionBreadth(
            f.name, REGISTRY.report(_labelled(p, f.name) for p in f.profiles), _side(f.side)
        )
        for f in dataset.factions
        if side is None or _side(f.side) == side
    )


def _side(side: Any) -> str:
    """The catalogue's side as a word ("" when the importer could not tell)."""
    return str(getattr(side, "value", side or ""))


def _labelled(parsed: ParsedProfile, faction: str) -> ProfileNames:
    try:
        names = parsed_names(parsed)
    except UnitDataError as error:
        raise CoverageInputError(f"{faction}: {error}") from error
    return ProfileNames(f"{names.profile} [{faction}]", names.wargear, names.rules, names.powers)


def load_dataset(folder: Path) -> ParsedDataSet:
    """Read a folder of .gst/.cat files with the project's BattleScribe parser (no Django)."""
    if not folder.exists():
        raise CoverageInputError(f"{folder}: no such folder")
    if not folder.is_dir():
        raise CoverageInputError(f"{folder}: not a folder (give the folder of .gst/.cat files)")
    from profiles.importers.battlescribe import parse_battlescribe  # the command's only use

    try:
        return parse_battlescribe([folder], game_system_id=None)
    except (ValueError, OSError) as error:  # BattleScribeError is a ValueError
        raise CoverageInputError(str(error)) from error


def figures(dataset: ParsedDataSet, factions: Sequence[FactionBreadth]) -> dict[str, Any]:
    """The command's figures: profiles fully played per faction and overall, then the names
    by status (unplayed ones with how many profiles carry them, the most carried first)."""
    overall = _merge(factions)
    return {
        "game_system": {"name": dataset.game_system_name, "revision": dataset.revision},
        "factions": [
            {
                "name": f.name,
                "side": f.side,
                "fully_played": len(f.report.fully_played),
                "total": _total(f),
            }
            for f in factions
        ],
        "skipped_catalogues": [{"name": s.name, "reason": s.reason} for s in dataset.skipped],
        "unplayed": [
            {"name": n.name, "profiles": len(n.profiles), "carriers": list(n.profiles)}
            for n in overall.unplayed_by_carriers()
        ],
        **{key: _classed(overall, status) for key, status in _CLASSED.items()},
        "fully_played": len(overall.fully_played),
        "total": len(overall.profiles),
    }


_CLASSED = {"list_building": Status.LIST_BUILDING, "flavour": Status.FLAVOUR}


def _classed(report: Report, status: Status) -> list[dict[str, Any]]:
    found = [n for n in report.names if n.status is status]
    return [{"name": n.name, "reason": n.reason, "profiles": len(n.profiles)} for n in found]


def _total(faction: FactionBreadth) -> int:
    return len(faction.report.profiles)


def _merge(factions: Sequence[FactionBreadth]) -> Report:
    """One report over every faction (a name's carriers in faction order)."""
    carriers: dict[str, list[str]] = {}
    first: dict[str, NameReport] = {}
    for faction in factions:
        for entry in faction.report.names:
            carriers.setdefault(entry.name, []).extend(entry.profiles)
            first.setdefault(entry.name, entry)
    merged = tuple(
        NameReport(n, first[n].status, first[n].reason, tuple(carriers[n])) for n in sorted(first)
    )
    profiles = tuple(p for f in factions for p in f.report.profiles)
    full = tuple(p for f in factions for p in f.report.fully_played)
    return Report(merged, profiles, full)


def render(result: dict[str, Any]) -> str:
    """The figures as text; the last line is ``profiles fully played: N/M``."""
    system = result["game_system"]
    width = max((len(f["name"]) for f in result["factions"]), default=10)
    lines = [f"{system['name']} (revision {system['revision']})", "", "fully played / profiles"]
    lines += [
        f"  {f['name']:<{width}}  {f['fully_played']:>3}/{f['total']:<3}  {f['side']}".rstrip()
        for f in result["factions"]
    ]
    lines += [
        f"  skipped catalogue {s['name']}: {s['reason']}" for s in result["skipped_catalogues"]
    ]
    lines += ["", f"unplayed names by the profiles carrying them ({len(result['unplayed'])}):"]
    lines += [f"  {n['profiles']:>4}  {n['name']}" for n in result["unplayed"]]
    for key, title in (("list_building", "list-building names"), ("flavour", "flavour names")):
        lines += ["", f"{title} (not counted against a profile):"]
        lines += [f"  {n['profiles']:>4}  {n['name']}: {n['reason']}" for n in result[key]]
    lines += ["", LAST_LINE.format(played=result["fully_played"], total=result["total"])]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print profiles fully played per faction and overall, then the unplayed names by how
    many profiles carry them; ``--json`` gives the same figures. Exit 2 on bad input."""
    parser = argparse.ArgumentParser(
        prog="python -m battlesim.engines.sbg.coverage",
        description="How many BattleScribe profiles the SBG engine plays with all their rules.",
    )
    parser.add_argument("bsdata", type=Path, help="folder of one .gst and its .cat files")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--side", choices=SIDES, help="only the factions of this side (as each catalogue says)"
    )
    args = parser.parse_args(argv)
    try:
        dataset = load_dataset(args.bsdata)
        result = figures(dataset, breadth(dataset, args.side))
    except CoverageInputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
