"""What an option does to its model's card, read from the data (bs_option_effects): the
characteristic changes the card's modifiers make when the option is selected once, and the
mount card an option shows. Matched by structure, never by a catalogue's file or name."""

from __future__ import annotations

from pathlib import Path

import pytest

from profiles.importers.battlescribe import parse_battlescribe
from profiles.importers.bs_dataset import ParsedDataSet, ParsedProfile
from profiles.importers.bs_option_effects import option_effects

GST = """<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="tiny-system" name="Tiny Game" revision="1"
    xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts" name=" Points" defaultCostLimit="-1.0"/></costTypes>
  <categoryEntries>
    <categoryEntry id="good" name="Good Army" hidden="false"/>
    <categoryEntry id="evil" name="Evil Army" hidden="false"/>
  </categoryEntries>
</gameSystem>
"""

_STATS = {"Movement": '6"', "Fight": "5/4+", "Strength": "4", "Defense": "5"}
_STATS |= {"Attack": "2", "Wounds": "2", "Courage": "4", "Might": "1", "Will": "0", "Fate": "1"}
_BEAST = {"Movement": '9"', "Fight": "4/-", "Strength": "5", "Defense": "5"}
_BEAST |= {"Attack": "2", "Wounds": "2", "Courage": "3", "Keywords": "Beast Cavalry"}


def _cells(stats: dict[str, str]) -> str:
    return "".join(
        f'<characteristic name="{k}" typeId="t-{k}">{v}</characteristic>' for k, v in stats.items()
    )


def _modifier(kind: str, cell: str, value: str, option: str, repeat: bool) -> str:
    counted = (
        f'<repeats><repeat field="selections" scope="self" value="1" childId="{option}"'
        ' repeats="1" roundUp="false"/></repeats>'
        if repeat
        else f'<conditions><condition field="selections" scope="parent" value="1"'
        f' childId="{option}" type="equalTo"/></conditions>'
    )
    return f'<modifier type="{kind}" field="t-{cell}" value="{value}">{counted}</modifier>'


_HERO = (
    '<profiles><profile id="hero-p" name="Test Warlord" typeName="Hero"><modifiers>'
    + _modifier("increment", "Might", "1", "more-might", True)
    + _modifier("set", "Defense", "7", "hide", False)
    + _modifier("set", "Movement", "8&quot;", "swift", False)
    + f"</modifiers><characteristics>{_cells(_STATS)}</characteristics></profile></profiles>"
)


def _option(ident: str, name: str, inner: str = "") -> str:
    return (
        f'<selectionEntry id="{ident}" name="{name}" hidden="false" type="upgrade">{inner}'
        '<costs><cost name=" Points" typeId="pts" value="5"/></costs></selectionEntry>'
    )


_BEAST_CARD = (
    '<profiles><profile id="beast-p" name="Grim Beast" typeName="Warrior">'
    f"<characteristics>{_cells(_BEAST)}</characteristics></profile></profiles>"
    '<rules><rule id="beast-r" name="Grim (Passive)"><description>Grim.</description></rule>'
    "</rules>"
)
CATALOGUE = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<catalogue id="tiny-cat" name="Tiny Horde" revision="1" gameSystemId="tiny-system"'
    ' xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
    '<selectionEntry id="hero" name="Test Warlord" hidden="false" type="model">'
    '<categoryLinks><categoryLink id="hero-c" targetId="evil" primary="true"/></categoryLinks>'
    + _HERO
    + '<selectionEntryGroups><selectionEntryGroup id="opts" name="Options"><selectionEntries>'
    + _option("more-might", "More Might")
    + _option("hide", "Thick Hide")
    + _option("beast", "Grim Beast", _BEAST_CARD)
    + _option("plain", "Trinket")
    + _option("swift", "Swift Feet")
    + "</selectionEntries></selectionEntryGroup></selectionEntryGroups></selectionEntry>"
    "</selectionEntries></catalogue>"
)


def _profiles(data: ParsedDataSet) -> dict[str, ParsedProfile]:
    return {p.name: p for f in data.factions for p in f.profiles}


def test_an_options_changes_and_mount_are_read_from_the_cards_modifiers(tmp_path: Path) -> None:
    """A repeated increment is an "add" per selection, a conditioned set a "set"; an option
    showing a Warrior card is a mount with that card's numbers, keywords and rules; an
    option with neither has no effects. The base card is left as printed."""
    (tmp_path / "tiny.gst").write_text(GST, encoding="utf-8")
    (tmp_path / "tiny.cat").write_text(CATALOGUE, encoding="utf-8")
    hero = _profiles(parse_battlescribe([tmp_path], game_system_id=None))["Test Warlord"]
    options = {o.name: o for o in hero.options}
    assert (hero.characteristics.might, hero.characteristics.defence) == (1, 5)
    assert options["More Might"].changes == (("might", "add", 1),)
    assert options["Thick Hide"].changes == (("defence", "set", 7),)
    assert options["Swift Feet"].changes == (("move", "set", 8),)  # set as the cell reads, 8"
    assert options["Trinket"].changes == () and options["Trinket"].mount is None
    mount = option_effects(options["Grim Beast"])["mount"]
    assert mount["name"] == "Grim Beast"
    numbers = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage")
    assert [mount[k] for k in numbers] == [9, 4, None, 5, 5, 2, 2, 3]
    assert mount["keywords"] == ["Beast", "Cavalry"] and mount["rules"] == ["Grim (Passive)"]
    assert option_effects(options["Grim Beast"])["described"] is True
    assert option_effects(options["Trinket"]) == {}


@pytest.mark.bsdata
def test_the_datas_extra_stores_hide_and_mounts(bsdata_dir: Path) -> None:
    """Real data: a Ringwraith's Extra Might (dabe-f09d-8870-4c54) adds 1 Might per
    selection through his card's repeat; the War Mûmak of Far Harad's Gnarled Hide
    (8019-ecbb-6d75-fdd7) sets his Defence to 8; the Armoured Fell Beast (4e42-ea2b-9566-f9bd)
    is a mount with its card (profile e435-e2c3-b3f2-0cc3: 3" F5 S6 D7 A2 W3 C3)."""
    names = ("Middle-Earth_Strategy_Battle_Game.gst", "Barad-Dur.cat", "Far_Harad.cat")
    found = _profiles(parse_battlescribe([bsdata_dir / name for name in names]))
    wraith = {o.name: o for o in found["Ringwraith"].options}
    assert wraith["Extra Might"].changes == (("might", "add", 1),)
    assert wraith["Extra Will"].changes == (("will", "add", 1),)
    beast = option_effects(wraith["Armoured Fell Beast"])["mount"]
    numbers = ("move", "fight", "strength", "defence", "attacks", "wounds", "courage")
    assert [beast[k] for k in numbers] == [3, 5, 6, 7, 2, 3, 3]
    assert {"Fly", "Terror", "Feral", "Monstrous Charge"} <= {
        rule.split(" (")[0] for rule in beast["rules"]
    }
    mumak = {o.name: o for o in found["War Mûmak of Far Harad"].options}
    assert mumak["Gnarled Hide"].changes == (("defence", "set", 8),)


@pytest.mark.bsdata
def test_a_move_set_in_inches_is_read(bsdata_dir: Path) -> None:
    """Real data: the Uruk-hai Scout's Marauder upgrade (dbd3-960c-4af4-41f0) has no rule of
    its own; his card's modifier sets his Movement to the text 8" when it is bought."""
    names = ("Middle-Earth_Strategy_Battle_Game.gst", "Isengard.cat")
    found = _profiles(parse_battlescribe([bsdata_dir / name for name in names]))
    scout = {o.name: o for o in found["Uruk-hai Scout"].options}
    assert option_effects(scout["Marauder"]) == {"changes": [["move", "set", 8]]}


@pytest.mark.bsdata
def test_an_option_linking_a_game_system_rule_carries_it(bsdata_dir: Path) -> None:
    """Real data: the Khazâd Guard's Hearthguard (6636-6018-bbd4-07c0) only links the game
    system's Burly (infoLink 4bc0-1a0d-14a1-89b0): its effects carry that rule and no text
    of its own (not "described")."""
    names = ("Middle-Earth_Strategy_Battle_Game.gst", "The_Kingdom_of_Khazad-Dum.cat")
    found = _profiles(parse_battlescribe([bsdata_dir / name for name in names]))
    guard = {o.name: o for o in found["Khazâd Guard"].options}
    assert option_effects(guard["Hearthguard"]) == {"rules": ["Burly"]}
