"""Turn one model occurrence of a catalogue into a ``ParsedProfile``.

The *holder* is the entry that shows the model's Hero/Warrior profile: the model itself for
most heroes (shared in the game system), or the upgrade that wraps a generic "Warrior" model
for most warriors (the catalogue's "Osgiliath Veteran" wraps a link to "Warrior", priced by a
modifier on that link).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, replace

from profiles.importers.bs_characteristics import (
    characteristic_texts,
    fill_blanks,
    read_characteristics,
    split_list,
)
from profiles.importers.bs_costs import model_points, node_points, packages_of, wrapper_start
from profiles.importers.bs_dataset import (
    TIER_BY_NAME,
    HeroicTier,
    ParsedProfile,
    ProfileKind,
)
from profiles.importers.bs_forms import other_form
from profiles.importers.bs_modifiers import PlainList, active_modifiers, apply_text
from profiles.importers.bs_options import Equipment, equipment
from profiles.importers.bs_rules import powers, rules, source_reference
from profiles.importers.bs_siege import engine_card, engine_upgrades, option_engine
from profiles.importers.bs_tree import (
    Lookup,
    Node,
    NodePath,
    hero_or_warrior_profile,
    models_inside,
)
from profiles.importers.bs_xml import children

WARBAND_NAMES = frozenset({"warband", "captainless warband"})


@dataclass(frozen=True, slots=True)
class Occurrence:
    """A model reached in a catalogue, with the node that shows its profile."""

    path: NodePath
    holder_index: int
    profile: Node
    state: PlainList
    hidden: bool = False  # hidden in a plain list: offered only when the data unlocks it
    engine: Node | None = None  # the siege engine the model is bought inside (its veteran)

    @property
    def model(self) -> Node:
        return self.path[-1]

    @property
    def holder(self) -> Node:
        return self.path[self.holder_index]

    @property
    def key(self) -> str:
        if self.engine is not None:  # one veteran model serves several engines
            return f"{self.engine.id}/{self.model.id}"
        if self.holder.id == self.model.id:
            return self.model.id
        return f"{self.holder.id}/{self.model.id}"

    @property
    def own_nodes(self) -> tuple[Node, ...]:
        """The holder, the model and what lies between: the entries that are this model's."""
        return self.path[self.holder_index :]

    @property
    def owner_nodes(self) -> tuple[Node, ...]:
        """The model and the wrappers it is bought through, which carry its primary category
        and roster limit: up to its Warband (a hero's wrapper above it is the leader's) or to
        an enclosing model."""
        start = wrapper_start(self.path)
        for index in range(len(self.path) - 2, start - 1, -1):
            if self.path[index].name.strip().lower() in WARBAND_NAMES:
                return self.path[index + 1 :]
        return self.path[start:]


def team_nodes(occ: Occurrence, lookup: Lookup) -> NodePath:
    """The entries a model sold as an upgrade is chosen inside, whose rules are each of its
    models' rules: the closest enclosing ``type="model"`` entry showing no profile of its own
    (a team such as "The Nazgûl of Dol Guldur", whose Unholy Ressurrection each Nazgûl
    carries) and the groups and entries between it and the model. None for a model-typed
    holder (it is the unit) or below an entry that shows a profile (another model's)."""
    if occ.holder.is_model:
        return ()
    for index in range(occ.holder_index - 1, -1, -1):
        node = occ.path[index]
        if hero_or_warrior_profile(node, lookup, occ.state) is not None:
            return ()
        if node.is_model:
            return occ.path[index : occ.holder_index]
    return ()


@dataclass(frozen=True, slots=True)
class CatalogueContext:
    lookup: Lookup
    points_id: str
    publications: dict[str, str]


def build_profile(occ: Occurrence, ctx: CatalogueContext) -> ParsedProfile:
    """Return the profile; raise ``UnreadableProfileError`` when a characteristic is unreadable."""
    texts = characteristic_texts(occ.profile, occ.state)
    kind = ProfileKind.HERO if occ.profile.entry.get("typeName") == "Hero" else ProfileKind.WARRIOR
    kit = equipment(occ.own_nodes, ctx.lookup, ctx.points_id, occ.state)
    # SE-VET-01, SE-UPG-ENGCAPT: the engine rides on its Hero (veteran or Engineer Captain),
    # who also buys its upgrades; crewmen sold inside the engine are only crew
    engine = None
    if occ.engine is not None and kind is ProfileKind.HERO:
        engine = engine_card(occ.engine, ctx.lookup, ctx.points_id, occ.state)
    if occ.engine is None and kind is ProfileKind.HERO:
        engine = option_engine(occ.own_nodes, ctx.lookup, ctx.points_id, occ.state)
    if engine is not None and occ.engine is not None:
        upgrades = engine_upgrades(occ.engine, ctx.lookup, ctx.points_id, occ.state)
        kit = replace(kit, options=(*kit.options, *upgrades))
    # BSData bf2e-3118-471d-9720 Skin-changer: the upgrade holding the other form is no item
    found = other_form(occ.own_nodes, ctx.lookup, occ.state)
    form = found[0] if found is not None else None
    if found is not None:
        kit = replace(kit, wargear=tuple(w for w in kit.wargear if w != found[1]))
    return ParsedProfile(
        source_id=occ.key,
        name=display_name(occ, ctx),
        kind=kind,
        heroic_tier=heroic_tier(occ, ctx.lookup, texts) if kind is ProfileKind.HERO else None,
        points=profile_points(occ, ctx, kit),
        unique=is_unique(occ.owner_nodes),
        characteristics=fill_blanks(
            read_characteristics(texts, hero=kind is ProfileKind.HERO),
            occ.profile.entry.get("id", ""),
        ),
        keywords=split_list(texts.get("Keywords")),
        wargear=kit.wargear,
        heroic_actions=split_list(texts.get("Heroic Actions")),
        options=kit.options,
        rules=tuple(rules((*occ.own_nodes, *team_nodes(occ, ctx.lookup)), ctx.lookup, occ.state)),
        powers=tuple(powers(occ.own_nodes, ctx.lookup, occ.state)),
        source_reference=source_reference(occ.profile, ctx.publications),
        conditional=occ.hidden,
        models_per_unit=team_size(occ.model),
        siege_engine=engine,
        form=form,
    )


def team_size(model: Node) -> int:
    """Models one entry buys: a model whose per-parent min and max are the same number above
    one is a fixed team (the two Moria Goblin Drummers carrying their drum)."""
    limits = {
        kind: float(c.get("value", "0"))
        for el in model.elements()
        for c in children(el, "constraints")
        if c.get("scope") == "parent" and c.get("field") == "selections"
        for kind in [c.get("type")]
    }
    low, high = limits.get("min", 0.0), limits.get("max", 0.0)
    return int(low) if low == high and low > 1 else 1


def profile_points(occ: Occurrence, ctx: CatalogueContext, kit: Equipment) -> int:
    """Return the model's price plus the mandatory upgrades of it and of its wrappers.

    A wrapper's mandatory upgrade prices a team: "Vault Warden Team" holds a "Team" counter
    (25 points, min 1) beside its Foe Spear and Iron Shield models, which cost 0 each.
    """
    start = wrapper_start(occ.path)
    wrappers = occ.path[start : occ.holder_index]
    team = equipment(wrappers, ctx.lookup, ctx.points_id, occ.state).included_points
    own = model_points(occ.path, ctx.points_id, occ.state) + kit.included_points + team
    if not occ.model.is_model and start > 0:
        # A unit typed "upgrade" chosen inside a profile-less model: that model is the
        # package it is sold as (one of "The Nazgûl of Dol Guldur", 75 points).
        own += round(node_points(occ.path[start - 1], ctx.points_id, occ.state))
    return max(own, 0)


def display_name(occ: Occurrence, ctx: CatalogueContext) -> str:
    """Return the unit name, with the package or model it comes in: "Uruk-hai Warrior
    (Uruk-hai Demolition Team)" is priced with its team, "Orc Warrior (Great Beast of
    Gorgoroth)" rides in the beast's howdah at no cost of its own."""
    name = unit_name(occ)
    packages = packages_of(occ.path, ctx.points_id, occ.state)
    start = wrapper_start(occ.path)
    if packages:
        container = packages[0][0].name.strip()
    elif start > 0:
        container = occ.path[start - 1].name.strip()
    else:
        return name
    return name if container == name else f"{name} ({container})"


def unit_name(occ: Occurrence) -> str:
    """Return the name the unit is sold under: the holder entry's ("Noldorin Exile", "Iron
    Hills Chariot Captain"), whose profile may be shared ("Wood Elf Warrior"), unless the
    profile's name already says it ("Dwarf Siege Veteran" for the entry "Siege Veteran")."""
    profile = profile_name(occ.profile, occ.state)
    entry = occ.holder.entry.get("name", "").strip()
    return profile if entry.lower() in profile.lower() else entry


def profile_name(profile: Node, state: PlainList) -> str:
    """Return the profile's name after name modifiers ("Minas Tirith Crew" on a link)."""
    name = profile.entry.get("name", "")
    for el in profile.elements():
        name = apply_text(name, el, "name", state)
    return name.strip()


def heroic_tier(occ: Occurrence, lookup: Lookup, texts: dict[str, str]) -> HeroicTier | None:
    """Return the tier of the model's primary category, else of its "Heroic Tier" cell.

    The owner nodes are searched from the model up. A wrapper that sells several models
    ("Sharkey & Worm", "Elladan & Elrohir") has the category of its main hero, so it only
    decides when the model's own cell names no tier (some cells are misspelt "Fortitute").
    """
    own: list[HeroicTier] = []
    shared: list[HeroicTier] = []
    for node in reversed(occ.owner_nodes):
        (shared if _sells_several(node, occ, lookup) else own).extend(_tiers(node, occ, lookup))
    ordered = [*own, TIER_BY_NAME.get(texts.get("Heroic Tier", "")), *shared]
    return next((tier for tier in ordered if tier is not None), None)


def _tiers(node: Node, occ: Occurrence, lookup: Lookup) -> list[HeroicTier]:
    names = _primary_categories(node, lookup, occ.state)
    return [TIER_BY_NAME[name] for name in names if name in TIER_BY_NAME]


def _sells_several(node: Node, occ: Occurrence, lookup: Lookup) -> bool:
    if node in occ.own_nodes:
        return False
    return len(models_inside(lookup, node.entry, WARBAND_NAMES)) > 1


def _primary_categories(node: Node, lookup: Lookup, state: PlainList) -> Iterator[str]:
    for el in node.elements():
        for modifier in active_modifiers(el, state):
            if modifier.get("type") == "set-primary":
                yield _category_name(modifier.get("value"), lookup)
        for link in children(el, "categoryLinks"):
            if link.get("primary") == "true":
                yield _category_name(link.get("targetId"), lookup)


def _category_name(ident: str | None, lookup: Lookup) -> str:
    category = lookup.get(ident)
    return "" if category is None else category.get("name", "")


def is_unique(nodes: tuple[Node, ...]) -> bool:
    """Return whether the model is limited to one a roster/force (a named character)."""
    return any(_limited_to_one(el) for node in nodes for el in node.elements())


def _limited_to_one(el: ET.Element) -> bool:
    return any(
        c.get("type") == "max"
        and c.get("field") == "selections"
        and c.get("scope") in ("roster", "force")
        and c.get("value") in ("1", "1.0")
        for c in children(el, "constraints")
    )
