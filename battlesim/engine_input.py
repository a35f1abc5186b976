"""The one bridge from catalogue rows to the SBG engine's plain data.

An army list (or a starter list) becomes ``{"name", "alignment", "units": [...]}`` with each
unit's base profile card and the names of the options bought; the engine applies options
itself (equipment rules), so characteristics here are the catalogue's, unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from armybuilder.models import ArmyList
from battlesim.engines.sbg.core.units import STAND_IN, is_stand_in, stand_in_rule
from battlesim.engines.sbg.options import apply_effects
from profiles.models import Profile

# The engine needs a Shoot value on every card; a profile printed "-" has no missile weapon,
# so the value is never rolled. 6 keeps the card valid without inventing a better shot.
NO_SHOOT_VALUE = 6

# ASSUMPTION: a characteristic printed "*", "-", "?" or blank (profiles.stat_values) has no
# number the engine could roll with. The card gets this stand-in (0 for Might, Will and Fate,
# 6 for Shoot as for "-") and a rule named "Characteristic <Name> (<symbol>)", which the
# engine does not know, so a battle's ``ignored`` list says plainly what was not played.


# Issue 20: a siege engine bought in a list arrives as its Siege Veteran or Engineer Captain,
# named after the engine ("Minas Tirith Siege Veteran (Gondor Battlecry Trebuchet)"), whose
# profile carries the engine's card as the catalogue gives it (``Profile.siege_engine``); the
# engine plays it (SE-*) with the upgrades bought among the crewman's options, and the rest of
# his warband as its crew. A crewman whose profile lacks the card (imported before it was read)
# names the engine as a rule nobody plays, so the battle's ``ignored`` list says it was left out.
_ENGINE_CREW = re.compile(r"(siege veteran|engineer captain)\s*\((?P<engine>[^)]+)\)", re.I)


@dataclass(frozen=True, slots=True)
class UnitPick:
    profile: Profile
    count: int
    options: tuple[str, ...]
    leader: bool = False
    crew: tuple[UnitPick, ...] = ()  # SE-CREW-01: a siege engine's crew, under its veteran
    # battlesim/engines/sbg/options.py: each bought option's times bought and its data effects
    # (ProfileOption.effects); options the engine knows no rule for are played from them
    counts: tuple[tuple[str, int], ...] = ()
    effects: tuple[tuple[str, dict[str, Any]], ...] = ()


def profile_card(profile: Profile, rules: list[str] | None = None) -> dict[str, Any]:
    """The engine's card of ``profile``; ``rules``: its rule names when the caller has them
    already (read through prefetched links), else they are queried."""
    names = rules if rules is not None else [rule.name for rule in profile.rules.all()]
    return {
        "name": profile.name,
        "move": _number(profile, "move"),
        "fight": _number(profile, "fight"),
        "shoot": profile.shoot if profile.shoot is not None else NO_SHOOT_VALUE,
        **{name: _number(profile, name) for name in STAND_IN if name not in ("move", "fight")},
        "might": profile.might or 0,
        "will": profile.will or 0,
        "fate": profile.fate or 0,
        "keywords": [*profile.keywords, *_tier_keyword(profile)],
        "wargear": list(profile.wargear),
        "rules": [
            *names,
            *_heroic_actions(profile),
            *_special_characteristics(profile, names),
            *_siege_engine(profile),
        ],
        "points": profile.points,
        "heroic_tier": profile.heroic_tier,
        **_powers(profile),
        **_form(profile, names),
    }


# BSData bf2e-3118-471d-9720 Skin-changer: the other form the model changes into (its bear),
# a card of its own that the engine swaps in; what the form's card gives no number for, and
# the heroic pools (kept when it changes), are the model's. The model's special rules stay
# with it in either form, the form's own rules added; its wargear does not (READINGS
# "Skin-changer").
_FORM_CARD = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage")


def _form(profile: Profile, rules: list[str]) -> dict[str, Any]:
    form = profile.form
    if not form:
        return {}
    card = {name: form.get(name, _own_value(profile, name)) for name in _FORM_CARD}
    actions = [str(name).strip() for name in form.get("heroic_actions", ())]
    heroic = [a if a.lower().startswith("heroic") else f"Heroic {a}" for a in actions]
    return {
        "form": {
            **card,
            "name": form["name"],
            "might": profile.might or 0,
            "will": profile.will or 0,
            "fate": profile.fate or 0,
            "keywords": [*form.get("keywords", ()), *_tier_keyword(profile)],
            "wargear": [],
            "rules": list(dict.fromkeys([*rules, *form.get("rules", ()), *heroic])),
            "points": profile.points,
            "heroic_tier": profile.heroic_tier,
        }
    }


def _powers(profile: Profile) -> dict[str, Any]:
    """MAGIC-*: the caster's powers with its own casting value and range, as the catalogue
    imported them (the engine reads the swapped pairs of the data, units.py); only casters
    carry the key, so other cards are unchanged."""
    powers = [
        {"name": p.power.name, "casting_value": p.casting_value, "range": p.range_inches}
        for p in profile.profile_powers.all()
    ]
    return {"powers": powers} if powers else {}


def _own_value(profile: Profile, name: str) -> int:
    if name == "shoot":
        return profile.shoot if profile.shoot is not None else NO_SHOOT_VALUE
    return _number(profile, name)


def _number(profile: Profile, name: str) -> int:
    value = getattr(profile, name)
    return STAND_IN[name] if value is None else value


def _special_characteristics(profile: Profile, rules: list[str]) -> list[str]:
    """Rule names that tell the engine's coverage which values are stand-ins."""
    notes = profile.characteristic_notes or {}
    symbols = {name: profile.stat(name) for name in notes}
    found = symbols.items()
    return [stand_in_rule(name, s) for name, s in found if is_stand_in(name, s, rules)]


def _siege_engine(profile: Profile) -> list[str]:
    """The engine of a Siege Veteran or Engineer Captain whose profile lacks its card, as an
    (unplayed) rule."""
    if profile.siege_engine:
        return []
    found = _ENGINE_CREW.search(profile.name)
    return [f"Siege Engine: {found['engine'].strip()}"] if found else []


def _engine_card(profile: Profile, options: tuple[str, ...]) -> dict[str, Any]:
    """SE-PROF-01, SE-UPG-*: the engine's card with the upgrades bought for it."""
    engine = profile.siege_engine
    if not engine:
        return {}
    if engine.get("option") and engine["option"] not in options:
        return {}  # an engine bought as the Hero's option comes only with it (the Windlance)
    upgrades = [name for name in options if name in engine.get("upgrades", ())]
    return {"siege_engine": {**engine, "upgrades": upgrades}}


def _unit(pick: UnitPick) -> dict[str, Any]:
    card = {**profile_card(pick.profile), "options": list(pick.options)}
    card = {**card, **_engine_card(pick.profile, pick.options)}
    counts = dict(pick.counts) or dict.fromkeys(pick.options, 1)
    unit: dict[str, Any] = {
        "leader": pick.leader,
        "count": pick.count,
        "profile": apply_effects(card, counts, dict(pick.effects)),
    }
    if pick.crew:
        unit["crew"] = [_unit(member) for member in pick.crew]
    return unit


def _tier_keyword(profile: Profile) -> list[str]:
    """The engine reads a Hero's tier (HERO-HCHAL-01) as a keyword: "Hero of Valour"."""
    return [profile.get_heroic_tier_display()] if profile.heroic_tier else []


def _heroic_actions(profile: Profile) -> list[str]:
    """The Heroic Actions a profile lists (HERO-HA-09) under their full names, which the
    engine matches: "Accuracy" and "Heroic Accuracy" both become "Heroic Accuracy"."""
    names = (str(name).strip() for name in profile.heroic_actions or ())
    return [name if name.lower().startswith("heroic") else f"Heroic {name}" for name in names]


def force_data(name: str, side: str, picks: list[UnitPick]) -> dict[str, Any]:
    """Plain force data for ``battlesim.engines.sbg`` from unit picks."""
    return {
        "name": name,
        "alignment": side,
        "units": [_unit(pick) for pick in picks],
    }


def _crewed(band: list[UnitPick]) -> list[UnitPick]:
    """SE-CREW-01: a warband led by a siege engine's veteran (its captain, first in
    ``band``) is that engine's crew (one engine: the veteran's count is 1)."""
    if not band or not band[0].profile.siege_engine or band[0].count != 1:
        return band
    if band[0].profile.siege_engine.get("option"):
        return band  # the Windlance: its Hero is its only crew (BSData 4741-f743-34e6-9196)
    return [replace(band[0], crew=tuple(band[1:]))]


def force_from_army_list(army: ArmyList) -> dict[str, Any]:
    """Convert a fully loaded army list (``army_list_full``) to force data."""
    picks: list[UnitPick] = []
    sides = set()
    for contingent in army.contingents.all():
        sides.add(contingent.faction.side)
        for warband in contingent.warbands.all():
            band = []
            for entry in warband.entries.all():
                captain = entry.role == "captain"
                chosen = list(entry.chosen_options.all())
                pick = UnitPick(
                    entry.profile,
                    entry.count,
                    tuple(c.option.name for c in chosen),
                    warband.is_army_leader and captain,
                    counts=tuple((c.option.name, c.count) for c in chosen),
                    effects=tuple((c.option.name, c.option.effects or {}) for c in chosen),
                )
                band.insert(0, pick) if captain else band.append(pick)
            picks.extend(_crewed(band))
    return force_data(army.name, sides.pop() if len(sides) == 1 else "good", picks)
