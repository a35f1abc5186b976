"""An engine a Hero buys as his own option (BSData 4741-f743-34e6-9196, the game system's
"Windlance" d69a-bbc8-abfe-ab7a): its Siege card rides on the Hero, with the option's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from profiles.importers.battlescribe import parse_battlescribe

pytestmark = pytest.mark.bsdata


def test_bard_and_girion_carry_the_windlance_card(bsdata_dir: Path) -> None:
    names = (
        "Middle-Earth_Strategy_Battle_Game.gst",
        "Army_of_Lake-town.cat",
        "Garrison_of_Dale.cat",
    )
    data = parse_battlescribe([bsdata_dir / name for name in names])
    heroes = {(f.name, p.name): p for f in data.factions for p in f.profiles if p.siege_engine}
    for key in (
        ("Army of Lake-town", "Bard the Bowman"),
        ("Garrison of Dale", "Girion, Lord of Dale"),
    ):
        engine = heroes[key].siege_engine
        assert engine is not None
        assert (engine.name, engine.strength, engine.defence, engine.wounds) == (
            "The Windlance",
            10,
            10,
            3,
        )
        assert engine.rules == ("The Windlance", "Accurate") and engine.option == "Windlance"
        assert "Windlance" in [o.name for o in heroes[key].options]
    veterans = [p for (f, _), p in heroes.items() if "Veteran" in p.name]
    assert veterans and all(not p.siege_engine.option for p in veterans if p.siege_engine)
