"""Derive the alliance matrix from the community BattleScribe game system and print it.

Usage: ``.venv/bin/python bench/derive_alliances.py [BSDATA_DIR] [--yaml]``. BSDATA_DIR defaults
to ``../shared/bsdata`` next to the project. Without ``--yaml`` it prints the findings (named-hero
rules, one-sided and conflicting statements) and the differences from
``armybuilder/data/alliances.yaml``; with ``--yaml`` it prints the matrix in that file's format.
Never imported by the product.

How the game system encodes the matrix. Three hidden upgrades, "Historical Allies", "Convenient
Allies" and "Impossible Allies", carry modifiers that either raise the entry's ``min``
constraint to 1 (BattleScribe then asks for the entry: that is the level it announces) or
un-hide it. Each modifier's conditions read: a side guard (no "Good Army" / no "Evil Army"
category: a mixed list is another error), no "Legendary Legion" (a Legion takes no allies),
for Convenient "no Impossible Allies", for Historical "no Impossible and no Convenient Allies"
(so the lowest level wins), then one army category AND any of a set of army categories. A few
conditions name catalogues (``instanceOf`` a catalogue id) instead of categories; others count
"Determine Alliance Level" (2 or more army lists: the list is at that level with every ally);
others count named heroes' entries (``equalTo 1``): a hero whose era or oath forbids allies
(Eorl, Helm, Gil-galad, Bandobras Took, Bilbo with the later Shire heroes) and the one
conditional Historical pair (Garrison of Dale with Erebor Reclaimed when Brand or Bard II,
Dáin Ironfoot and Thorin III are all present). We evaluate every modifier on a two-list roster
for each pair of army lists of the same side, with no named hero and no Legion.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA_FILE = ROOT / "armybuilder" / "data" / "alliances.yaml"
LEVELS = ("Impossible Allies", "Convenient Allies", "Historical Allies")  # lowest first
SIDE_CATEGORIES = {"Good Army": "good", "Evil Army": "evil"}
# Category names that differ from the catalogue (army list) name only by a slip of the data.
ALIASES = {"Dark Powers of Dol Guldor": "Dark Powers of Dol Guldur"}


def tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def children(element: ET.Element, *path: str) -> Iterator[ET.Element]:
    nodes = [element]
    for name in path:
        nodes = [child for node in nodes for child in node if tag(child) == name]
    yield from nodes


@dataclass
class GameSystem:
    names: dict[str, str]  # id -> name, for every entry, category and catalogue
    army_of: dict[str, str]  # category or catalogue id -> army list name
    sides: dict[str, str]  # army list name -> "good" / "evil"
    entries: dict[str, ET.Element]  # the three alliance entries by name


def load(directory: Path) -> GameSystem:
    gst = ET.parse(next(directory.glob("*.gst"))).getroot()
    catalogues = [ET.parse(path).getroot() for path in sorted(directory.glob("*.cat"))]
    names = {
        e.get("id", ""): e.get("name", "")
        for root in [gst, *catalogues]
        for e in root.iter()
        if e.get("id") and e.get("name")
    }
    army_of = _army_ids(gst, catalogues)
    entries = {e.get("name", ""): e for e in gst.iter() if tag(e) == "selectionEntry"}
    system = GameSystem(names, army_of, {}, {name: entries[name] for name in LEVELS})
    system.sides = _sides(system)
    return system


def _army_ids(gst: ET.Element, catalogues: list[ET.Element]) -> dict[str, str]:
    """Map army categories and catalogues to the army list (catalogue) name."""
    by_name = {cat.get("name", "").casefold(): cat.get("name", "") for cat in catalogues}
    army_of = {cat.get("id", ""): cat.get("name", "") for cat in catalogues}
    for category in children(gst, "categoryEntries", "categoryEntry"):
        name = ALIASES.get(category.get("name", ""), category.get("name", ""))
        army_of[category.get("id", "")] = by_name.get(name.casefold(), name)
    return army_of


def _sides(system: GameSystem) -> dict[str, str]:
    """Side of each army list: the guard of the modifiers naming it (no Evil Army -> good)."""
    sides: dict[str, str] = {}
    for entry in system.entries.values():
        for modifier in _modifiers(entry):
            side = _guarded_side(system, modifier)
            for army in _army_atoms(system, modifier) if side else ():
                sides.setdefault(army, side or "")
    return sides


def _guarded_side(system: GameSystem, modifier: ET.Element) -> str | None:
    """ "good" under a "no Evil Army" guard, "evil" under "no Good Army", else None."""
    excluded = {
        SIDE_CATEGORIES[system.names.get(a.get("childId", ""), "")]
        for a in _atoms(modifier)
        if system.names.get(a.get("childId", "")) in SIDE_CATEGORIES
        and a.get("type") == "equalTo"
        and a.get("value", "").startswith("0")
    }
    if len(excluded) != 1:
        return None
    return "evil" if excluded.pop() == "good" else "good"


def _modifiers(entry: ET.Element) -> list[ET.Element]:
    return [m for m in entry.iter() if tag(m) == "modifier"]


def _atoms(element: ET.Element) -> Iterator[ET.Element]:
    yield from (c for c in element.iter() if tag(c) == "condition")


def _announces(entry: ET.Element, modifier: ET.Element) -> bool:
    """True for a modifier that sets the entry's min constraint to 1 (BattleScribe asks for it)."""
    constraints = {c.get("id") for c in entry.iter() if tag(c) == "constraint"}
    return modifier.get("field") in constraints and modifier.get("value", "").startswith("1")


def _unhides(modifier: ET.Element) -> bool:
    return modifier.get("field") == "hidden" and modifier.get("value") == "false"


# -- evaluation on a roster ----------------------------------------------------------------------


@dataclass
class Roster:
    armies: frozenset[str]
    side: str
    found: dict[str, int]  # alliance entry name -> 0/1 once evaluated


def count(system: GameSystem, roster: Roster, condition: ET.Element) -> int:
    child = condition.get("childId", "")
    name = system.names.get(child, "")
    if name in SIDE_CATEGORIES:
        return int(SIDE_CATEGORIES[name] == roster.side)
    if name in roster.found:
        return roster.found[name]
    if name == "Determine Alliance Level":
        return len(roster.armies)
    return int(system.army_of.get(child) in roster.armies)  # named heroes and Legions: 0


def holds(system: GameSystem, roster: Roster, condition: ET.Element) -> bool:
    value, kind = float(condition.get("value", "0")), condition.get("type")
    counted = count(system, roster, condition)
    return {
        "equalTo": counted == value,
        "notEqualTo": counted != value,
        "atLeast": counted >= value,
        "greaterThan": counted > value,
        "atMost": counted <= value,
        "lessThan": counted < value,
        "instanceOf": counted >= 1,
        "notInstanceOf": counted == 0,
    }.get(kind or "", False)


def group_holds(system: GameSystem, roster: Roster, group: ET.Element, kind: str = "and") -> bool:
    results = [holds(system, roster, c) for c in children(group, "conditions", "condition")]
    results += [
        group_holds(system, roster, g, g.get("type", "and"))
        for g in children(group, "conditionGroups", "conditionGroup")
    ]
    return all(results) if kind == "and" else any(results)


def level_of(system: GameSystem, armies: frozenset[str], side: str, *, by: str) -> str | None:
    """The level BattleScribe announces for a roster of these lists (lowest wins)."""
    roster = Roster(armies, side, {name: 0 for name in LEVELS})
    chosen = _announces if by == "constraint" else None
    for name in LEVELS:
        entry = system.entries[name]
        fired = any(
            group_holds(system, roster, m)
            for m in _modifiers(entry)
            if (chosen(entry, m) if chosen else _unhides(m))
        )
        roster.found[name] = int(fired)
        if fired:
            return name.split()[0].lower()
    return None


# -- directional statements (for the symmetry report) ------------------------------------------


def _is_named_model(system: GameSystem, atom: ET.Element) -> bool:
    """A condition on one named hero's entry ("equalTo 1"), not on an army list."""
    named = atom.get("type") == "equalTo" and atom.get("value", "").startswith("1")
    return named and atom.get("childId") not in system.army_of


def _army_atoms(system: GameSystem, modifier: ET.Element) -> list[str]:
    """The army lists a modifier names, in order (side and Legion guards left out)."""
    guards = {*SIDE_CATEGORIES, "Legendary Legion"}
    return [
        system.army_of[a.get("childId", "")]
        for a in _atoms(modifier)
        if a.get("childId") in system.army_of
        and system.names.get(a.get("childId", "")) not in guards
        and a.get("type") in ("atLeast", "instanceOf")
    ]


def _announcing(system: GameSystem, name: str) -> Iterator[ET.Element]:
    entry = system.entries[name]
    yield from (m for m in _modifiers(entry) if _announces(entry, m))


def statements(system: GameSystem) -> dict[tuple[str, str], set[str]]:
    """(first, other) -> levels stated by modifiers reading 'first AND any of others'."""
    stated: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name in LEVELS:
        for modifier in _announcing(system, name):
            armies = _army_atoms(system, modifier)
            if any(_is_named_model(system, a) for a in _atoms(modifier)):
                continue  # a named-hero rule, reported apart
            for other in armies[1:]:
                stated[(armies[0], other)].add(name.split()[0].lower())
    return stated


def named_hero_rules(system: GameSystem) -> Iterator[tuple[str, list[str], list[str]]]:
    """(level, heroes, army lists) of each modifier that names heroes: first hero is the subject."""
    for name in LEVELS:
        for modifier in _announcing(system, name):
            heroes = [
                system.names.get(a.get("childId", ""), "?")
                for a in _atoms(modifier)
                if _is_named_model(system, a)
            ]
            if heroes and heroes[0] != "Determine Alliance Level":
                yield name, heroes, sorted(set(_army_atoms(system, modifier)))


# -- output -------------------------------------------------------------------------------------


def matrix(system: GameSystem, *, by: str) -> dict[tuple[str, str], str | None]:
    result: dict[tuple[str, str], str | None] = {}
    for side in ("good", "evil"):
        armies = sorted(a for a, s in system.sides.items() if s == side)
        for first, second in itertools.combinations(armies, 2):
            level = level_of(system, frozenset({first, second}), side, by=by)
            result[(first, second)] = result[(second, first)] = level
    return result


def print_yaml(system: GameSystem, levels: dict[tuple[str, str], str | None]) -> None:
    """Print the `armies` and `named_heroes` sections of data/alliances.yaml."""
    print("armies:")
    for side in ("good", "evil"):
        print(f"  {side}:")
        for army in sorted(a for a, s in system.sides.items() if s == side):
            print(f"    {army}:")
            for level in ("historical", "convenient", "impossible"):
                others = sorted(b for (a, b), lv in levels.items() if a == army and lv == level)
                print(f"      {level}: [{', '.join(others)}]")
    print("named_heroes:")
    for level, heroes, armies in named_hero_rules(system):
        if level == "Impossible Allies":
            print(f"  {_json(heroes[0])}:\n    lists: {_json(armies)}")
            print(f"    heroes: {_json(heroes[1:])}")


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)  # JSON is YAML, and quotes names with commas


def report(system: GameSystem, levels: dict[tuple[str, str], str | None]) -> None:
    print(f"army lists: {len(system.sides)} ({sorted(system.sides)})")
    pairs = {pair: level for pair, level in levels.items() if pair[0] < pair[1]}
    counts: dict[str | None, int] = defaultdict(int)
    for level in pairs.values():
        counts[level] += 1
    print("pairs by level:", dict(counts))
    print("pairs the data leaves unstated:", sorted(p for p, lv in pairs.items() if lv is None))
    hidden = matrix(system, by="hidden")
    for pair, level in sorted(pairs.items()):
        if hidden[pair] != level:
            print(f"constraint vs un-hide modifiers differ for {pair}: {level} vs {hidden[pair]}")
    _report_statements(statements(system))
    for level, heroes, armies in named_hero_rules(system):
        print(f"{level}: {heroes[0]} with heroes {heroes[1:]} or lists {armies}")
    _diff_with_data_file(levels)


def _report_statements(stated: dict[tuple[str, str], set[str]]) -> None:
    for (a, b), found in sorted(stated.items()):
        back = stated.get((b, a), set())
        if back and back != found:
            print(f"conflict: {a} says {sorted(found)} of {b}, {b} says {sorted(back)}")
    one_sided = sum(1 for (a, b) in stated if (b, a) not in stated)
    print(f"statements made in one direction only: {one_sided} of {len(stated)}")


def _diff_with_data_file(levels: dict[tuple[str, str], str | None]) -> None:
    if not DATA_FILE.exists():
        return
    sys.path.insert(0, str(ROOT))
    from armybuilder.rules_data import alliance_between

    for (a, b), level in sorted(levels.items()):
        ours = alliance_between(a, b).name.lower()
        if a < b and ours != (level or "convenient"):
            print(f"data file differs for {a} / {b}: file {ours}, BattleScribe {level}")
    print("data file compared with the derivation (no line above: no difference)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bsdata", nargs="?", default=str(ROOT.parent / "shared" / "bsdata"))
    parser.add_argument("--yaml", action="store_true", help="print the matrix as YAML")
    args = parser.parse_args()
    system = load(Path(args.bsdata))
    levels = matrix(system, by="constraint")
    if args.yaml:
        print_yaml(system, levels)
    else:
        report(system, levels)


if __name__ == "__main__":
    main()
