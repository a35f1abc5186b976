"""The golden rosters: each YAML file in ``golden/`` is a list and the breaches it must give.

Expectations were worked out from the rule text (each file says which rule and why), not by
running the validator. A roster lists contingents (faction, side), warbands (``captain``,
``followers``, ``leader``) and entries; refs are positional: contingent ``c0``, warband
``c0w1``, entry ``c0w1e2`` (the captain, when there is one, is ``e0``). ``expected`` holds the
exact breaches (rule id and ref); ``figures`` and ``contingent_figures`` optional figures.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
import yaml

from armybuilder import validation
from armybuilder.figures import list_figures
from armybuilder.list_data import ContingentData, EntryData, ListData, OptionPick, WarbandData
from armybuilder.validation import RULE_IDS, validate

GOLDEN = Path(__file__).parent / "golden"
ROSTERS = sorted(GOLDEN.glob("*.yaml"))


def entry_data(raw: dict[str, Any], ref: str, *, captain: bool) -> EntryData:
    return EntryData(
        ref=ref,
        name=raw["name"],
        kind=raw.get("kind", "hero" if captain else "warrior"),
        points=raw["points"],
        count=raw.get("count", 1),
        heroic_tier=raw.get("tier", ""),
        unique=raw.get("unique", False),
        keywords=frozenset(raw.get("keywords", ())),
        wargear=tuple(raw.get("wargear", ())),
        options=tuple(OptionPick(**option) for option in raw.get("options", ())),
        might=raw.get("might", 0),
        captain=captain,
        models_per_unit=raw.get("models_per_unit", 1),
    )


def warband_data(raw: dict[str, Any], ref: str) -> WarbandData:
    captains = raw.get("captains", [raw["captain"]] if "captain" in raw else [])
    entries = [(c, True) for c in captains] + [(f, False) for f in raw.get("followers", ())]
    return WarbandData(
        ref=ref,
        entries=tuple(
            entry_data(e, f"{ref}e{i}", captain=is_captain)
            for i, (e, is_captain) in enumerate(entries)
        ),
        is_army_leader=raw.get("leader", False),
    )


def roster_data(raw: dict[str, Any]) -> ListData:
    contingents = tuple(
        ContingentData(
            ref=f"c{i}",
            faction=c["faction"],
            side=c["side"],
            warbands=tuple(warband_data(w, f"c{i}w{j}") for j, w in enumerate(c["warbands"])),
        )
        for i, c in enumerate(raw["contingents"])
    )
    return ListData(raw["name"], raw.get("limit", 600), contingents)


def load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_there_are_at_least_thirty_golden_rosters() -> None:
    assert len(ROSTERS) >= 30


@pytest.mark.parametrize("path", ROSTERS, ids=[path.stem for path in ROSTERS])
def test_a_golden_roster_gives_exactly_its_expected_breaches(path: Path) -> None:
    raw = load(path)
    found = sorted((b.rule_id, b.ref) for b in validate(roster_data(raw)))
    expected = sorted((e["rule"], e["ref"]) for e in raw.get("expected") or ())
    assert found == expected


@pytest.mark.parametrize("path", ROSTERS, ids=[path.stem for path in ROSTERS])
def test_a_golden_roster_has_its_expected_figures(path: Path) -> None:
    raw = load(path)
    figures = asdict(list_figures(roster_data(raw)))
    for key, value in (raw.get("figures") or {}).items():
        assert figures[key] == value, key
    for i, expected in (raw.get("contingent_figures") or {}).items():
        for key, value in expected.items():
            assert figures["contingents"][i][key] == value, (i, key)


def test_every_rule_id_appears_in_a_golden_roster() -> None:
    covered = {e["rule"] for path in ROSTERS for e in load(path).get("expected") or ()}
    assert covered == set(RULE_IDS)


def test_the_rule_id_table_names_every_id_the_validator_emits() -> None:
    source = Path(validation.__file__).read_text(encoding="utf-8")
    emitted = set(re.findall(r'Breach\(\s*"([A-Z-]+)"', source))
    assert emitted == set(RULE_IDS)
