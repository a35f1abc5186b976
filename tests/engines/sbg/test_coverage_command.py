"""The breadth command ``python -m battlesim.engines.sbg.coverage PATH [--json]`` (issue 14
part 6), and the coverage API read through the rule registry.

On the community data (../shared/bsdata) it must end with ``profiles fully played: N/M``
matching its own JSON; on a catalogue written here, never seen before, the figures are known
in advance; bad input gets a message and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.coverage import main, profile_coverage

ROOT = Path(__file__).resolve().parents[3]
LAST_LINE = re.compile(r"^profiles fully played: (\d+)/(\d+)$")
GAME_SYSTEM = "Middle-Earth_Strategy_Battle_Game.gst"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it, in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "battlesim.engines.sbg.coverage", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- the community data ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def community_dir() -> Path:
    path = Path(settings.SBG_BSDATA_DIR)
    if not (path / GAME_SYSTEM).exists():
        pytest.skip(f"BattleScribe data not found in {path} (set SBG_BSDATA_DIR)")
    return path


@pytest.mark.bsdata
def test_the_last_line_gives_the_figure_of_the_json_form(community_dir: Path) -> None:
    text = run_cli(str(community_dir))
    as_json = run_cli(str(community_dir), "--json")
    assert text.returncode == 0 and as_json.returncode == 0, text.stderr + as_json.stderr
    last = text.stdout.rstrip("\n").splitlines()[-1]
    match = LAST_LINE.match(last)
    assert match is not None, last
    figures = json.loads(as_json.stdout)
    assert (int(match[1]), int(match[2])) == (figures["fully_played"], figures["total"])
    # revision 113 holds 524 importable profiles in 41 catalogues (457 before the importer
    # learnt "*", "-" and "?" characteristics, issue 24; 518 before each siege engine's
    # veteran and Engineer Captain were read apart, issue 20); 94 were fully played before
    # issue 14
    assert figures["total"] == 524 and len(figures["factions"]) == 41
    assert figures["fully_played"] >= 94
    assert sum(f["fully_played"] for f in figures["factions"]) == figures["fully_played"]
    assert sum(f["total"] for f in figures["factions"]) == figures["total"]


@pytest.mark.bsdata
def test_unplayed_names_come_most_carried_first_with_their_carriers(
    community_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_main(capsys, str(community_dir), "--json")
    unplayed = json.loads(out)["unplayed"]
    assert code == 0
    counts = [entry["profiles"] for entry in unplayed]
    assert counts == sorted(counts, reverse=True)
    assert all(entry["profiles"] == len(entry["carriers"]) for entry in unplayed)
    names = {entry["name"]: entry for entry in unplayed}
    # magic is played (rules/magic): Heroic Channelling under both spellings, the powers
    # under their card names and aliases ("Immobilise" is Transfix)
    assert "heroic channelling" not in names and "heroic channeling" not in names
    assert not {"black dart", "transfix", "immobilise", "compel", "command"} & set(names)
    assert "mince 'em fine" not in names  # a unique BPA, played (rules/armies/evil/trolls.py)
    assert "progeny" not in names  # summoning, played (rules/armies/evil/progeny.py)
    assert "sap fortitude" not in names  # played (rules/armies/evil/sap_fortitude.py)
    assert "woodland creature" not in names  # SR-WOODLAND, played (rules/terrain_rules.py)
    assert "independent hero" not in names  # list-building: the builder enforces it


# --- a catalogue never seen ----------------------------------------------------------------------


def characteristics(hero: bool, **values: str) -> str:
    stats = {"Movement": '6"', "Fight": "4/4+", "Strength": "3", "Defense": "4"}
    stats |= {"Attack": "1", "Wounds": "1", "Courage": "3"}
    if hero:
        stats |= {"Might": "1", "Will": "1", "Fate": "1"}
    stats |= values
    cells = "".join(f'<characteristic name="{k}">{v}</characteristic>' for k, v in stats.items())
    return f"<characteristics>{cells}</characteristics>"


def model(
    ident: str,
    name: str,
    *,
    hero: bool = False,
    wargear: tuple[str, ...] = (),
    rules: tuple[str, ...] = (),
    powers: tuple[str, ...] = (),
    heroic_actions: str = "",
) -> str:
    kind = "Hero" if hero else "Warrior"
    extra = {"Heroic Actions": heroic_actions} if heroic_actions else {}
    card = f'<profile id="{ident}-p" name="{name}" typeName="{kind}">'
    card += characteristics(hero, **extra) + "</profile>"
    for n, power in enumerate(powers):
        cells = {"Range": '12"', "Casting": "4+", "Duration": "Instant", "Rule": "A spell."}
        body = "".join(f'<characteristic name="{k}">{v}</characteristic>' for k, v in cells.items())
        card += f'<profile id="{ident}-s{n}" name="{power}" typeName="Magical Power">'
        card += f"<characteristics>{body}</characteristics></profile>"
    rule_xml = "".join(
        f'<rule id="{ident}-r{n}" name="{rule}"><description>Text.</description></rule>'
        for n, rule in enumerate(rules)
    )
    gear = "".join(
        f'<selectionEntry id="{ident}-w{n}" name="{item}" type="upgrade"><profiles>'
        f'<profile id="{ident}-wp{n}" name="{item}" typeName="Wargear"/></profiles>'
        "</selectionEntry>"
        for n, item in enumerate(wargear)
    )
    return (
        f'<selectionEntry id="{ident}" name="{name}" hidden="false" type="model">'
        f'<categoryLinks><categoryLink id="{ident}-c" targetId="good" primary="false"/>'
        f"</categoryLinks><profiles>{card}</profiles><rules>{rule_xml}</rules>"
        '<selectionEntryGroups><selectionEntryGroup id="' + ident + '-g" name="Wargear">'
        f"<selectionEntries>{gear}</selectionEntries></selectionEntryGroup>"
        "</selectionEntryGroups></selectionEntry>"
    )


GST = """<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="never-seen-system" name="Never-seen Game" revision="7"
    xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts" name=" Points" defaultCostLimit="-1.0"/></costTypes>
  <categoryEntries>
    <categoryEntry id="good" name="Good Army" hidden="false"/>
    <categoryEntry id="evil" name="Evil Army" hidden="false"/>
  </categoryEntries>
</gameSystem>
"""


def catalogue(ident: str, name: str, models: list[str]) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<catalogue id="{ident}" name="{name}" revision="1" gameSystemId="never-seen-system"'
        ' xmlns="http://www.battlescribe.net/schema/catalogueSchema">'
        f"<selectionEntries>{''.join(models)}</selectionEntries></catalogue>"
    )


@pytest.fixture
def never_seen(tmp_path: Path) -> Path:
    """Two catalogues of names spelt as army data spells them. Played in full: the captain
    (an Elven-made weapon, a US-spelt Heroic Action, a list-building rule) and the warrior
    (thrown daggers, a tagged Terror); not played: the shaman (a made-up rule and power)
    and the beast (the same made-up rule, and a banner "aimed at Orcs": no unit reads its
    bracket; a War Drum (Orc) is played now, EQP-DRUM-01)."""
    host = [
        model(
            "cap",
            "Test Captain",
            hero=True,
            wargear=("Elven-made Hand-and-a-Half Sword", "Armour"),
            rules=("Independent Hero",),
            heroic_actions="Defense",
        ),
        model("war", "Test Warrior", wargear=("Throwing Daggers", "Shield"), rules=("Terror",)),
    ]
    horde = [
        model(
            "sha",
            "Test Shaman",
            hero=True,
            wargear=("Staff",),
            rules=("Made-up Rule of Doom (Active)",),
            powers=("Made-up Power of Gloom",),
        ),
        model(
            "bst",
            "Test Beast",
            wargear=("Banner (Orc)",),
            rules=("Made-Up Rule of Doom", "Terror (Passive)"),
        ),
    ]
    (tmp_path / "game.gst").write_text(GST, encoding="utf-8")
    (tmp_path / "host.cat").write_text(catalogue("cat-h", "Never-seen Host", host), "utf-8")
    (tmp_path / "horde.cat").write_text(catalogue("cat-o", "Never-seen Horde", horde), "utf-8")
    return tmp_path


def test_a_never_seen_catalogue_gives_the_expected_figures(
    never_seen: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(capsys, str(never_seen), "--json")
    assert code == 0, err
    figures: dict[str, Any] = json.loads(out)
    assert (figures["fully_played"], figures["total"]) == (2, 4)
    factions = {f["name"]: (f["fully_played"], f["total"]) for f in figures["factions"]}
    assert factions == {"Never-seen Horde": (0, 2), "Never-seen Host": (2, 2)}
    unplayed = [(n["name"], n["profiles"]) for n in figures["unplayed"]]
    assert unplayed == [
        ("made-up rule of doom", 2),
        ("banner (orc)", 1),
        ("made-up power of gloom", 1),
    ]
    assert [n["name"] for n in figures["list_building"]] == ["independent hero"]


def test_the_text_form_ends_with_the_figure(
    never_seen: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_main(capsys, str(never_seen))
    lines = out.rstrip("\n").splitlines()
    assert code == 0
    assert lines[-1] == "profiles fully played: 2/4"
    assert any(re.fullmatch(r"\s+Never-seen Host\s+2/2\s+good", line) for line in lines)
    assert any(re.fullmatch(r"\s+2\s+made-up rule of doom", line) for line in lines)


# --- bad input ---------------------------------------------------------------------------------


def test_a_missing_folder_is_refused_without_a_traceback(tmp_path: Path) -> None:
    result = run_cli(str(tmp_path / "nowhere"))
    assert result.returncode == 2
    assert "no such folder" in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({}, "no .gst or .cat file"),
        ({"army.cat": catalogue("c", "Lonely", [])}, "exactly one .gst"),
        ({"game.gst": "<gameSystem id='x'"}, "malformed XML"),
    ],
)
def test_a_folder_without_usable_data_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], files: dict[str, str], message: str
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    code, out, err = run_main(capsys, str(tmp_path))
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err


def test_a_file_instead_of_a_folder_is_refused(
    never_seen: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_main(capsys, str(never_seen / "game.gst"))
    assert code == 2 and "not a folder" in err


def test_a_missing_argument_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


# --- the coverage API through the registry -------------------------------------------------------


def card(**values: Any) -> Profile:
    stats = {"move": 6, "fight": 4, "shoot": 4, "strength": 3, "defence": 4}
    stats |= {"attacks": 1, "wounds": 1, "courage": 3}
    return Profile(name="Card", **(stats | values))


def test_spelling_variants_find_what_the_engine_plays() -> None:
    cover = profile_coverage(
        card(wargear=("elven-made sword", "throwing daggers"), rules=("Heroic Defense",))
    )
    assert {"sword", "elven-made", "throwing weapons", "heroic defence"} <= set(cover.implemented)
    assert cover.ignored == ()


def test_list_building_and_flavour_names_are_neither_played_nor_ignored() -> None:
    cover = profile_coverage(card(wargear=("warrior",), rules=("Independent Hero",)))
    assert cover.list_building == ("independent hero",)
    assert cover.flavour == ("warrior",)
    assert cover.ignored == () and "independent hero" not in cover.implemented


def test_an_unknown_name_is_never_silently_accepted() -> None:
    cover = profile_coverage(card(wargear=("sword of nowhere",), rules=("Zzyzx (Active)",)))
    assert cover.ignored == ("sword of nowhere", "zzyzx")


def test_a_parameter_the_engine_ignores_leaves_the_name_unplayed() -> None:
    """A bracket no unit reads leaves the name unplayed ("Banner (Orc)"); Terror reads its
    keyword (terror.py), and so does the war drum (EQP-DRUM-01, rules/equipment.py)."""
    cover = profile_coverage(
        card(wargear=("banner (orc)", "war drum (orc)"), rules=("Terror (Hobbit)",))
    )
    assert cover.ignored == ("banner (orc)",)
    assert "terror" in cover.implemented and "war drum" in cover.implemented


def test_every_known_name_is_registered_with_a_kind_and_a_source() -> None:
    from battlesim.engines.sbg.coverage import _known

    units = {unit.name: unit for unit in REGISTRY.units()}
    assert _known() <= set(units)
    assert all(unit.sources for unit in units.values())
    assert units["sword"].kind is Kind.WEAPON and units["hero"].kind is Kind.KEYWORD
    assert units["elven-made"].sources == ("WPN-ELF-01 (002:L2014)",)


def test_breadth_command_loads_no_django(never_seen: Path) -> None:
    """Engine contract (pyproject's import-linter notes): the coverage command reads
    BattleScribe files through the project's parser without loading Django or Celery."""
    import subprocess
    import sys

    code = (
        "import sys, runpy; sys.argv = ['coverage', sys.argv[1]];\n"
        "try:\n    runpy.run_module('battlesim.engines.sbg.coverage', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "assert 'django' not in sys.modules and 'celery' not in sys.modules, 'Django loaded'"
    )
    result = subprocess.run([sys.executable, "-c", code, str(never_seen)], capture_output=True)
    assert result.returncode == 0, result.stderr.decode()
    assert b"profiles fully played" in result.stdout  # the catalogue was really read


def test_a_dash_store_is_none_not_a_stand_in() -> None:
    """The Great Beast of Gorgoroth's Might, Will and Fate are printed "-": a store of none,
    so its card's 0 is no stand-in; a "-" Fight (the War Mûmak's howdah) or a "*" Fate
    (Sauron's) still is (data.ASSUMPTIONS "stand-in")."""
    from battlesim.engines.sbg.core.units import is_stand_in

    assert not any(is_stand_in(store, "-") for store in ("might", "will", "fate"))
    assert is_stand_in("fight", "-") and is_stand_in("fight", "?")
    # a "?" or blank store (Quickbeam's Fate) is a store of none too; a "*" one is set by rules
    assert not is_stand_in("fate", "?") and not is_stand_in("might", "?")
    assert not is_stand_in("fate", "*")
