"""A Skin-changer's other form in the BattleScribe data (BSData bf2e-3118-471d-9720): the
upgrade "Beorn the Bear" inside Beorn shows a Hero profile of its own; it becomes the
profile's ``form``, not an item of wargear. Figures read in the game system's XML."""

from __future__ import annotations

from pathlib import Path

import pytest

from profiles.importers.battlescribe import parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, ParsedProfile

pytestmark = pytest.mark.bsdata


@pytest.fixture(scope="module")
def dataset(bsdata_dir: Path) -> ParsedDataSet:
    names = ("Middle-Earth_Strategy_Battle_Game.gst", "Beornings.cat", "Radagast's_Alliance.cat")
    return parse_battlescribe([bsdata_dir / name for name in names])


def _profile(data: ParsedDataSet, faction: str, name: str) -> ParsedProfile:
    found = next(f for f in data.factions if f.name == faction)
    return next(p for p in found.profiles if p.name == name)


def test_beorn_carries_his_bear_form(dataset: ParsedDataSet) -> None:
    """Game system, Beorn the Bear (ae86-0352-3041-a375): 8" 8/4+ 8 8 3 3 6, Bear Monster,
    with Beorn the Bear*, Berserk and Crushing Strength; the man keeps only his axe."""
    for faction in ("Beornings", "Radagast's Alliance"):
        beorn = _profile(dataset, faction, "Beorn")
        form = beorn.form
        assert form is not None and form.name == "Beorn the Bear"
        assert form.rule == "Skin-Changer"
        c = form.characteristics
        assert (c.move, c.fight, c.strength, c.defence, c.attacks, c.wounds, c.courage) == (
            8,
            8,
            8,
            8,
            3,
            3,
            6,
        )
        assert {"Bear", "Monster"} <= set(form.keywords)
        assert form.rules == (
            "Beorn the Bear*",
            "Berserk",
            "Crushing Strength (Brutal Power Attack)",
        )
        assert beorn.wargear == ("Two-Handed Axe",)


def test_grimbeorn_carries_his_bear_form_and_a_plain_warrior_none(dataset: ParsedDataSet) -> None:
    """Grimbeorn the Bear (7f5d-53ea-6132-16ae): Fight 7; no Berserk. A Beorning has no
    form-changing rule, so nothing is read as a form."""
    grimbeorn = _profile(dataset, "Beornings", "Grimbeorn")
    assert grimbeorn.form is not None and grimbeorn.form.characteristics.fight == 7
    assert "Berserk" not in grimbeorn.form.rules
    assert "Grimbeorn the Bear" not in grimbeorn.wargear
    assert _profile(dataset, "Beornings", "Beorning").form is None
