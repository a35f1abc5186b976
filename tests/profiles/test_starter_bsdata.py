"""The starter numbers agree with the community BattleScribe data wherever both hold a profile.

The catalogues are read with the BattleScribe importer's pure parser (no database). A starter
army list is compared with the catalogue named in its ``bsdata_catalogue``; a profile is
compared with the catalogue's profiles of the same name. A catalogue may hold one name twice
(a warrior inside a composite entry such as a demolition team or a siege crew, priced with
it); the starter profile must then agree with one of them, and the test reports the nearest.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from profiles.importers.battlescribe import parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, ParsedFaction, ParsedProfile
from profiles.importers.starter import StarterArmy, StarterProfile, starter_read

pytestmark = pytest.mark.bsdata

GAME_SYSTEM = "Middle-Earth_Strategy_Battle_Game.gst"
STATS = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage")
STORES = ("might", "will", "fate")

DATA = starter_read()
COMPARED = [army for army in DATA.armies if army.bsdata_catalogue]


def _catalogue_file(bsdata_dir: Path, name: str) -> Path:
    """BattleScribe names a catalogue file after the catalogue, spaces as underscores."""
    return bsdata_dir / f"{name.replace(' ', '_')}.cat"


@pytest.fixture(scope="module")
def parsed(bsdata_dir: Path) -> ParsedDataSet:
    names = sorted({army.bsdata_catalogue for army in COMPARED if army.bsdata_catalogue})
    files = [bsdata_dir / GAME_SYSTEM, *(_catalogue_file(bsdata_dir, n) for n in names)]
    return parse_battlescribe(files)


def _faction(parsed: ParsedDataSet, army: StarterArmy) -> ParsedFaction:
    found = [f for f in parsed.factions if f.name == army.bsdata_catalogue]
    assert len(found) == 1, f"catalogue {army.bsdata_catalogue!r} not parsed"
    return found[0]


def _differences(mine: StarterProfile, theirs: ParsedProfile) -> Iterator[str]:
    chars = theirs.characteristics
    fields = STATS + (STORES if mine.tier is not None else ())
    for name in fields:
        if getattr(mine.stats, name) != getattr(chars, name):
            yield f"{name} {getattr(mine.stats, name)} != {getattr(chars, name)}"
    if mine.points != theirs.points:
        yield f"points {mine.points} != {theirs.points}"
    if mine.tier is not None and mine.tier.value != getattr(theirs.heroic_tier, "value", None):
        yield f"tier {mine.tier.value} != {theirs.heroic_tier}"
    yield from _option_differences(mine, theirs)
    yield from _power_differences(mine, theirs)


def _option_differences(mine: StarterProfile, theirs: ParsedProfile) -> Iterator[str]:
    """Every starter option must exist there (names compared without case) at the same cost."""
    options = {option.name.casefold(): option for option in theirs.options}
    for option in mine.options:
        other = options.get(option.name.casefold())
        if other is None:
            yield f"option {option.name!r} missing"
        elif (option.points, option.max_count) != (other.points, other.max_count):
            mine_cost, their_cost = (
                (option.points, option.max_count),
                (other.points, other.max_count),
            )
            yield f"option {option.name!r} (points, max) {mine_cost} != {their_cost}"


def _same_power(mine: str, theirs: str) -> bool:
    """The data renames a power per caster ("Transfix", "Fury (Mordor Orc)"); ours keeps the
    rulebook's "Immobilise/Transfix" and "Fury", so either half or the bare name matches."""
    bare = theirs.split("(")[0].strip().casefold()
    return bare in {part.strip().casefold() for part in (mine, *mine.split("/"))}


def _power_differences(mine: StarterProfile, theirs: ParsedProfile) -> Iterator[str]:
    """PROF-10 (002:L159-161): each power's range and casting value belong to the caster."""
    if len(mine.powers) != len(theirs.powers):
        yield f"{len(mine.powers)} powers != {len(theirs.powers)}"
    for power in mine.powers:
        values = [
            (p.range_inches, p.casting_value)
            for p in theirs.powers
            if _same_power(power.name, p.name)
        ]
        if (power.range_inches, power.casting_value) not in values:
            yield f'power {power.name!r} {power.range_inches}" {power.casting_value}+ != {values}'


@pytest.mark.parametrize("army", COMPARED, ids=lambda army: army.name)
def test_starter_profiles_agree_with_the_catalogue(
    parsed: ParsedDataSet, army: StarterArmy
) -> None:
    """PROF-02, PROF-06, PROF-07, PROF-10 (002:L127-161): points, characteristics, option
    costs, and each caster's power ranges and casting values."""
    faction = _faction(parsed, army)
    problems: list[str] = []
    for profile in army.profiles:
        candidates = [p for p in faction.profiles if p.name == profile.name]
        assert candidates, f"{army.name}: {profile.name!r} is not in the catalogue"
        reports = [list(_differences(profile, candidate)) for candidate in candidates]
        if all(reports):
            nearest = min(reports, key=len)
            problems.append(f"{profile.name}: {'; '.join(nearest)}")
    assert not problems, "\n".join(problems)


def test_only_armies_without_a_catalogue_are_left_out() -> None:
    """Armies without a catalogue (Rohan, Moria) are the only ones left out of the comparison."""
    left_out = {army.name for army in DATA.armies if not army.bsdata_catalogue}
    assert left_out == {"Rohan", "Moria"}
    assert sum(len(army.profiles) for army in COMPARED) >= 35


def test_a_changed_number_is_caught(parsed: ParsedDataSet) -> None:
    """The comparison is not vacuous: one point more on a warrior is reported."""
    army = next(army for army in COMPARED if army.name == "Minas Tirith")
    warrior = army.profile("Warrior of Minas Tirith")
    assert warrior is not None
    theirs = [p for p in _faction(parsed, army).profiles if p.name == warrior.name]
    assert any(not list(_differences(warrior, candidate)) for candidate in theirs)
    dearer = replace(warrior, points=warrior.points + 1)
    assert all(list(_differences(dearer, candidate)) for candidate in theirs)


def test_a_changed_casting_value_is_caught(parsed: ParsedDataSet) -> None:
    """PROF-10 (002:L202-207): Saruman casts Flameburst on 5+; claiming 4+ is reported."""
    army = next(army for army in COMPARED if army.name == "Isengard")
    saruman = army.profile("Saruman")
    assert saruman is not None
    (theirs,) = [p for p in _faction(parsed, army).profiles if p.name == "Saruman"]
    assert not list(_differences(saruman, theirs))
    powers = tuple(
        replace(power, casting_value=4) if power.name == "Flameburst" else power
        for power in saruman.powers
    )
    problems = list(_differences(replace(saruman, powers=powers), theirs))
    assert len(problems) == 1 and "Flameburst" in problems[0]
