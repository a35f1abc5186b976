"""Turn a loaded list into JSON-ready dicts: one shape for the API and the builder page."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.utils.translation import gettext

from armybuilder.battlescribe.data_rules import data_rule_breaches
from armybuilder.effective import Card, effective_card
from armybuilder.figures import list_figures
from armybuilder.models import ArmyList, Entry
from armybuilder.rule_sections import section_of
from armybuilder.selectors import army_list_snapshot
from armybuilder.validation import list_alliance, validate
from battlesim.breadth import army_breadth
from profiles.models import Legion, Profile, SpecialRule
from profiles.stat_values import STAT_FIELDS, stat_text


def card_json(entry: Entry, option_names: list[str]) -> dict[str, Any]:
    """The entry's stat card after its options (issue: effective profiles)."""
    p = entry.profile
    base = Card(
        p.move,
        p.fight,
        p.shoot,
        p.strength,
        p.defence,
        p.attacks,
        p.wounds,
        p.courage,
        keywords=tuple(p.keywords),
        wargear=tuple(p.wargear),
    )
    card = effective_card(base, option_names)
    notes = p.characteristic_notes or {}
    values = {name: getattr(card, name) for name in STAT_FIELDS if hasattr(card, name)}
    values.update(might=p.might, will=p.will, fate=p.fate)
    shown = {name: _shown(value, notes.get(name)) for name, value in values.items()}
    fight, shoot = shown.pop("fight"), stat_text(card.shoot, notes.get("shoot"), "+")
    special = [f"{name.title()} {label}" for name, label in p.special_characteristics]
    return {
        **shown,
        "fight_shoot": f"{fight}/{shoot}",
        "keywords": list(card.keywords),
        "wargear": list(card.wargear),
        "mount": card.mount,
        "mount_defence": card.mount_defence,
        "special_characteristics": dict(notes),
        "notes": [*special, *card.notes],
    }


def _legion_json(legion: Legion | None) -> dict[str, Any] | None:
    if legion is None:
        return None
    return {"id": legion.pk, "name": legion.name, "rules": legion.rules}


def _shown(value: int | None, kind: str | None) -> int | str | None:
    """A number stays a number; a "*", "-" or "?" cell becomes that symbol."""
    if value is None and kind:
        return stat_text(None, kind)
    return value


def rules_json(profile: Profile, wargear_texts: dict[str, str]) -> dict[str, Any]:
    """The profile's special rules and powers with their text, and what its wargear does
    where the data names a rule after it (a Banner, a War Horn)."""
    return {
        "rules": [
            {"name": link.rule.name, "kind": link.rule.kind, "text": link.rule.text}
            for link in profile.profile_rules.all()
        ],
        "powers": [
            {
                "name": link.power.name,
                "text": link.power.text,
                "range": link.range_inches,
                "cast": link.casting_value,
            }
            for link in profile.profile_powers.all()
        ],
        "wargear_rules": wargear_texts,
        "heroic_actions": list(profile.heroic_actions or ()),
    }


def _wargear_texts(army: ArmyList) -> dict[str, str]:
    """Rule texts of the data named like a piece of wargear or option in the list."""
    names: set[str] = set()
    releases: set[int] = set()
    for contingent in army.contingents.all():
        for warband in contingent.warbands.all():
            for entry in warband.entries.all():
                releases.add(entry.profile.release_id)
                names.update(entry.profile.wargear)
                names.update(c.option.name for c in entry.chosen_options.all())
    rows = SpecialRule.objects.filter(release_id__in=releases, name__in=names).exclude(text="")
    return {rule.name: rule.text for rule in rows}


def entry_json(entry: Entry, wargear_texts: dict[str, str] | None = None) -> dict[str, Any]:
    profile = entry.profile
    options = [
        {
            "option_id": c.option_id,
            "name": c.option.name,
            "points": c.option.points,
            "count": c.count,
        }
        for c in entry.chosen_options.all()
    ]
    per_model = profile.points + sum(o["points"] * o["count"] for o in options)
    return {
        "id": entry.pk,
        "role": entry.role,
        "count": entry.count,
        "profile": {
            "id": profile.pk,
            "name": profile.name,
            "points": profile.points,
            "kind": profile.kind,
            "heroic_tier": profile.heroic_tier,
        },
        "options": options,
        "points": per_model * entry.count,
        "card": card_json(entry, [o["name"] for o in options]),
        **rules_json(profile, _texts_for(entry, wargear_texts or {})),
    }


def _texts_for(entry: Entry, texts: dict[str, str]) -> dict[str, str]:
    names = [*entry.profile.wargear, *(c.option.name for c in entry.chosen_options.all())]
    return {name: texts[name] for name in names if name in texts}


def army_list_json(army: ArmyList) -> dict[str, Any]:
    """The whole list with its figures, breaches and alliance level (army fully loaded)."""
    snapshot = army_list_snapshot(army=army)
    texts = _wargear_texts(army)
    last = army.versions.first()
    return {
        "id": army.pk,
        "name": army.name,
        "points_limit": army.points_limit,
        "notes": army.notes,
        "share_token": str(army.share_token) if army.share_token else None,
        "updated_at": army.updated_at.isoformat(),
        "contingents": [
            {
                "id": contingent.pk,
                "faction": {
                    "id": contingent.faction_id,
                    "name": contingent.faction.name,
                    "side": contingent.faction.side,
                },
                "army_bonus": contingent.faction.army_bonus,
                "legion": _legion_json(contingent.legion),
                "legions": [
                    {"id": legion.pk, "name": legion.name}
                    for legion in contingent.faction.legions.all()
                ],
                "warbands": [
                    {
                        "id": warband.pk,
                        "is_army_leader": warband.is_army_leader,
                        "entries": [entry_json(e, texts) for e in warband.entries.all()],
                    }
                    for warband in contingent.warbands.all()
                ],
            }
            for contingent in army.contingents.all()
        ],
        "figures": asdict(list_figures(snapshot)),
        "alliance": list_alliance(snapshot).name.lower(),
        "breaches": [
            # the source and the rulebook section in the reader's language, beside the
            # stable rule id
            {
                **asdict(breach),
                "source": gettext(breach.source),
                "section": section_of(breach.rule_id),
            }
            for breach in [*validate(snapshot), *data_rule_breaches(army)]
        ],
        # what the battle simulator leaves out of this list (battlesim/breadth.py)
        "simulation": {"ignored": list(army_breadth(army).ignored)},
        # the change the list's undo would take back (armybuilder.history)
        "undo": last.label if last else None,
    }
