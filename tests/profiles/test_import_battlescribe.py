"""The BattleScribe importer on the real community data (../shared/bsdata, SBG revision 113).

The data set is parsed once for the module. Expected figures were read by hand in the XML;
each test names the file and line it checks (``gst`` = Middle-Earth_Strategy_Battle_Game.gst).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from profiles.importers.battlescribe import parse_battlescribe
from profiles.importers.bs_dataset import (
    HeroicTier,
    ParsedDataSet,
    ParsedFaction,
    ParsedProfile,
    ProfileKind,
    RuleKind,
    Side,
)

pytestmark = pytest.mark.bsdata

GST = "Middle-Earth_Strategy_Battle_Game.gst"


@pytest.fixture(scope="module")
def dataset(bsdata_dir: Path) -> ParsedDataSet:
    return parse_battlescribe([bsdata_dir])


def faction(data: ParsedDataSet, name: str) -> ParsedFaction:
    return next(f for f in data.factions if f.name == name)


def profile(data: ParsedDataSet, faction_name: str, name: str) -> ParsedProfile:
    return next(p for p in faction(data, faction_name).profiles if p.name == name)


# --- An independent count of model entries: a plain recursive walk over the raw XML. ---


def _load(path: Path) -> ET.Element:
    root = ET.parse(path).getroot()
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    return root


def _has_unit_profile(entry: ET.Element, ids: dict[str, ET.Element]) -> bool:
    """Does the entry show a Hero/Warrior profile (inline, in an info group, or linked)?"""
    for el in entry.iter():
        if el.tag == "infoLink" and el.get("type") == "profile":
            el = ids.get(el.get("targetId"), el)
        unit_types = ("Hero", "Warrior")
        if el.tag == "profile" and el.get("typeName") in unit_types and el.get("hidden") != "true":
            return True
        if el.tag in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            break  # a child entry's profile belongs to the child
    return False


def expected_model_keys(cat_path: Path, ids: dict[str, ET.Element]) -> set[str]:
    """Keys "<holder id>/<model id>" (or the model id) of every model reachable in a list."""
    root = _load(cat_path)
    ids = {**ids, **{e.get("id"): e for e in root.iter() if e.get("id") and "Link" not in e.tag}}
    keys: set[str] = set()

    def visit(el: ET.Element, ancestors: list[ET.Element]) -> None:
        for target in _tree_children(el, ids):
            if target in ancestors:
                continue
            if target.get("type") == "model" or _unit_upgrade(target, ancestors, ids):
                keys.add(_key(target, ancestors, ids))
            visit(target, [*ancestors, target])

    visit(root, [])
    return keys


def _tree_children(el: ET.Element, ids: dict[str, ET.Element]) -> list[ET.Element]:
    found = []
    for container in el:
        if container.tag in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for child in container:
                target = ids.get(child.get("targetId")) if child.tag == "entryLink" else child
                if target is not None:
                    found.append(target)
    return found


def _models_below(el: ET.Element, ids: dict[str, ET.Element], seen: set[int]) -> list[ET.Element]:
    """Models selectable below ``el``, not inside a Warband and not inside another model."""
    models = []
    for target in _tree_children(el, ids):
        if id(target) in seen or target.get("name", "").lower().endswith("warband"):
            continue
        seen.add(id(target))
        if target.get("type") == "model":
            models.append(target)
        else:
            models.extend(_models_below(target, ids, seen))
    return models


def _unit_upgrade(
    entry: ET.Element, ancestors: list[ET.Element], ids: dict[str, ET.Element]
) -> bool:
    """An upgrade that is a unit: it shows a Hero/Warrior profile and sells no model; no
    entry above shows a profile or sells models with profiles; at the root it has a
    category (else BattleScribe offers it nowhere)."""
    if entry.get("type") != "upgrade" or entry.tag != "selectionEntry":
        return False
    if not _has_unit_profile(entry, ids) or any(
        m.get("type") == "model" for m in entry.iter("selectionEntry")
    ):
        return False
    if _models_below(entry, ids, set()) or (not ancestors and entry.find("categoryLinks") is None):
        return False
    return not any(
        _has_unit_profile(a, ids)
        or any(_has_unit_profile(m, ids) for m in _models_below(a, ids, set()))
        for a in ancestors
    )


def _siege_engine(ancestors: list[ET.Element], ids: dict[str, ET.Element]) -> ET.Element | None:
    """The nearest entry above, short of a Warband, showing a "Siege" profile (the engine a
    veteran is bought inside: one veteran model serves several engines)."""
    for entry in reversed(ancestors):
        if entry.get("name", "").lower().endswith("warband"):
            return None
        for el in entry.iter():
            if el.tag in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
                break
            if el.tag == "infoLink" and el.get("type") == "profile":
                el = ids.get(el.get("targetId"), el)
            if el.tag == "profile" and el.get("typeName") == "Siege":
                return entry
    return None


def _key(model: ET.Element, ancestors: list[ET.Element], ids: dict[str, ET.Element]) -> str:
    engine = _siege_engine(ancestors, ids)
    for holder in [model, *reversed(ancestors)]:
        if _has_unit_profile(holder, ids):
            if engine is not None:  # a crewman with a profile: named after its engine
                return f"{engine.get('id')}/{model.get('id')}"
            return model.get("id") if holder is model else f"{holder.get('id')}/{model.get('id')}"
    return model.get("id", "")


def test_it_yields_one_profile_per_model_entry(dataset: ParsedDataSet, bsdata_dir: Path) -> None:
    """Each model reachable from a catalogue is one profile of its faction, or a named skip."""
    gst = _load(bsdata_dir / GST)
    gst_ids = {e.get("id"): e for e in gst.iter() if e.get("id") and "Link" not in e.tag}
    by_name = {f.name: f for f in dataset.factions}
    for cat_path in sorted(bsdata_dir.glob("*.cat")):
        parsed = by_name[_load(cat_path).get("name")]
        imported = {p.source_id for p in parsed.profiles}
        skipped = {s.source_id for s in parsed.skipped}
        assert not imported & skipped, cat_path.name
        assert imported | skipped == expected_model_keys(cat_path, gst_ids), cat_path.name
    assert len(dataset.factions) == 41
    assert dataset.profile_count > 400


def test_it_imports_faramir_as_the_rulebook_composes_him(dataset: ParsedDataSet) -> None:
    """gst L21222-L21376: Faramir, 80 points (cost at L21373), Hero of Valour (primary
    category of his Minas_Tirith.cat wrapper, L850), M/F/S/D/A/W/C 6"/5/3+/4/5/2/2/6,
    Might/Will/Fate 3/3/2 (profile composition: points 002:L127-L129, keywords L131, tier
    L135, wargear L139, characteristics L143, heroic actions L151)."""
    faramir = profile(dataset, "Minas Tirith", "Faramir, Captain of Gondor")
    c = faramir.characteristics
    assert faramir.points == 80
    assert faramir.kind is ProfileKind.HERO
    assert faramir.heroic_tier is HeroicTier.VALOUR
    assert (c.move, c.fight, c.shoot, c.strength, c.defence) == (6, 5, 3, 4, 5)
    assert (c.attacks, c.wounds, c.courage) == (2, 2, 6)
    assert (c.might, c.will, c.fate) == (3, 3, 2)
    assert faramir.unique
    assert faramir.keywords == ("Man", "Gondor", "Infantry", "Hero")
    assert faramir.heroic_actions == ("Resolve", "Accuracy", "Strike", "Defence")
    assert faramir.wargear == ("Sword", "Armour")


def test_it_prices_faramirs_options_from_the_linked_entries(dataset: ParsedDataSet) -> None:
    """gst L21299-L21360, his "Options" group links: Heavy Armour (L736, 5), Lance (L1053, 5),
    Armoured Horse (15), Shield (L574, 5), Horse (L655, 10), Bow (L1092, 5); the "set 0"
    modifiers on the links fire only with "Rangers of Ithilien" in the roster. Options are
    bought on top of the profile's points (002:L129, L147-L149)."""
    faramir = profile(dataset, "Minas Tirith", "Faramir, Captain of Gondor")
    prices = {o.name: o.points for o in faramir.options}
    assert prices == {
        "Heavy Armour": 5,
        "Lance": 5,
        "Armoured Horse": 15,
        "Shield": 5,
        "Horse": 10,
        "Bow": 5,
    }
    assert {o.group for o in faramir.options} == {"Options"}


def test_it_prices_a_warrior_from_the_entry_link_modifier(dataset: ParsedDataSet) -> None:
    """Minas_Tirith.cat L2199-L2203: the link to the generic "Warrior" model (L3619, cost 7)
    sets Points to 8 (L2202) for the Osgiliath Veteran; its Bow/Spear/Shield cost 0 but add
    +1 per Warrior model through ``increment`` modifiers with repeats (L2130-L2194)."""
    veteran = profile(dataset, "Minas Tirith", "Osgiliath Veteran")
    assert veteran.points == 8
    assert veteran.kind is ProfileKind.WARRIOR
    assert veteran.heroic_tier is None
    assert not veteran.unique
    assert {o.name: o.points for o in veteran.options} == {"Bow": 1, "Spear": 1, "Shield": 1}
    assert veteran.characteristics.defence == 5  # the +1 of a Shield is not taken


def test_it_adds_a_mandatory_priced_upgrade_to_the_model(dataset: ParsedDataSet) -> None:
    """Wildmen_of_Druadan.cat L94-L171: the Woses Warrior model costs 0 and holds a mandatory
    "Warrior" upgrade of 9 points (L152): the model costs 9."""
    assert profile(dataset, "Wildmen of Drúadan", "Woses Warrior").points == 9


@pytest.mark.parametrize(
    ("faction_name", "name", "tier"),
    [
        ("Minas Tirith", "Aragorn, King Elessar", HeroicTier.LEGEND),
        (
            "Minas Tirith",
            "Minas Tirith Engineer Captain (Gondor Battlecry Trebuchet)",
            HeroicTier.FORTITUDE,
        ),
        ("Minas Tirith", "Damrod, Ranger of Ithilien", HeroicTier.MINOR),
        ("Minas Tirith", "Peregrin Took, Guard of the Citadel", HeroicTier.INDEPENDENT),
        ("Rivendell", "Elladan (Elladan & Elrohir)", HeroicTier.FORTITUDE),
        ("Sharkey's Rogues", "Worm", HeroicTier.INDEPENDENT),
    ],
)
def test_it_reads_the_heroic_tier_from_the_primary_category(
    dataset: ParsedDataSet, faction_name: str, name: str, tier: HeroicTier
) -> None:
    """The catalogue wrapper's ``categoryLink primary="true"`` names the tier (002:L135).

    A wrapper selling two models has its main hero's category: "Sharkey and Worm" is a Hero
    of Legend, but Worm's own cell says Independent Hero (gst L16796); Elladan's cell
    is misspelt "Hero of Fortitute" (gst L19592), so his pair's category decides."""
    assert profile(dataset, faction_name, name).heroic_tier is tier


def test_it_reads_the_side_of_each_army(dataset: ParsedDataSet) -> None:
    """Minas_Tirith.cat L1985 links "Good Army"; Mordor links "Evil Army"; Wanderers in the
    Wild links neither and takes the side of battlescribe_assumptions.yaml."""
    assert faction(dataset, "Minas Tirith").side is Side.GOOD
    assert faction(dataset, "Mordor").side is Side.EVIL
    assert faction(dataset, "Wanderers in the Wild").side is Side.GOOD


def test_it_gives_each_caster_his_own_range_and_casting_value(dataset: ParsedDataSet) -> None:
    """gst L5841-L5846: Gandalf the White's link to Sorcerous Blast sets Range 12" and
    Casting 4+ (the shared power profile leaves both blank)."""
    gandalf = profile(dataset, "Minas Tirith", "Gandalf the White")
    blast = next(p for p in gandalf.powers if p.name == "Sorcerous Blast")
    assert (blast.range_inches, blast.casting_value) == (12, 4)


def test_it_reads_the_rule_kind_from_the_name(dataset: ParsedDataSet) -> None:
    """gst L42762: the shared rule is named "Woodland Creature (Active)" (special rules,
    002:L155)."""
    faramir = profile(dataset, "Minas Tirith", "Faramir, Captain of Gondor")
    woodland = next(r for r in faramir.rules if r.name == "Woodland Creature")
    assert woodland.kind is RuleKind.ACTIVE
    assert woodland.text


def test_it_imports_models_hidden_in_a_plain_list_as_conditional(dataset: ParsedDataSet) -> None:
    """Minas_Tirith.cat L1794: Prince Imrahil's wrapper is hidden="true" (shown only for an
    alliance or legion): he is imported, flagged conditional, not skipped."""
    minas_tirith = faction(dataset, "Minas Tirith")
    assert profile(dataset, "Minas Tirith", "Prince Imrahil of Dol Amroth").conditional
    assert "Prince Imrahil of Dol Amroth" not in {s.name for s in minas_tirith.skipped}
    assert not profile(dataset, "Minas Tirith", "Faramir, Captain of Gondor").conditional


def test_it_names_and_prices_a_model_sold_in_a_package(dataset: ParsedDataSet) -> None:
    """Isengard.cat L2667-L2851: the Uruk-hai Demolition Team (80 points, L2848) sells its
    warriors and berserker together; they carry the team's price and name, apart from the
    plain Uruk-hai Warrior (9 points, L2946) of a Warband."""
    names = {p.name: p.points for p in faction(dataset, "Isengard").profiles}
    assert names["Uruk-hai Warrior"] == 9
    assert names["Uruk-hai Warrior (Uruk-hai Demolition Team)"] == 80


def test_a_group_limited_by_the_data_makes_its_options_alternatives(bsdata_dir: Path) -> None:
    """Issue 25: a selection group's own ``max`` (per parent) is kept: the Witch-king's
    "Mounts" (one of four) and the Orc Warrior's weapon swap (Pick or Sword)."""
    files = ["Middle-Earth_Strategy_Battle_Game.gst", "Mordor.cat"]
    data = parse_battlescribe([bsdata_dir / name for name in files])
    profiles = {p.name: p for f in data.factions for p in f.profiles}
    mounts = {o.name: (o.group, o.group_max) for o in profiles["The Witch-king of Angmar"].options}
    assert mounts["Horse"] == mounts["Fell Beast"] == ("Mounts", 1)
    swap = {o.name: (o.group, o.group_max) for o in profiles["Orc Warrior"].options}
    assert swap["Pick"] == swap["Sword"] == ("Weapon", 1)
    assert swap["Shield"][1] == 0  # a plain option: no limit of its group
