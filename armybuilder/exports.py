"""List exports: the plain text people paste into tournament forms, and JSON."""

from __future__ import annotations

from typing import Any

from armybuilder.models import ArmyList

JSON_FORMAT = "sbg-army-list"
JSON_VERSION = 1


def army_list_text(army: ArmyList, body: dict[str, Any]) -> str:
    """Return the list as plain text; ``body`` is ``presenters.army_list_json(army)``."""
    figures = body["figures"]
    lines = [
        f"{army.name} — {figures['points']}/{army.points_limit} points, "
        f"{figures['models']} models, break point {figures['break_point']:g}",
    ]
    for contingent in body["contingents"]:
        lines += ["", f"{contingent['faction']['name']}"]
        for number, warband in enumerate(contingent["warbands"], start=1):
            leader = " (army leader)" if warband["is_army_leader"] else ""
            lines.append(f"Warband {number}{leader}")
            lines += [_entry_line(entry) for entry in warband["entries"]]
    if body["breaches"]:
        lines += ["", "Rule breaches:"] + [f"- {b['message']}" for b in body["breaches"]]
    return "\n".join(lines) + "\n"


def _entry_line(entry: dict[str, Any]) -> str:
    options = ", ".join(
        option["name"] + (f" x{option['count']}" if option["count"] > 1 else "")
        for option in entry["options"]
    )
    count = "" if entry["role"] == "captain" else f"{entry['count']} x "
    with_options = f" ({options})" if options else ""
    return f"  {count}{entry['profile']['name']}{with_options}: {entry['points']} pts"


def army_list_export_json(army: ArmyList, body: dict[str, Any]) -> dict[str, Any]:
    """A portable JSON document: profiles and options by release, faction and name."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "name": army.name,
        "points_limit": army.points_limit,
        "notes": army.notes,
        "contingents": [_contingent_export(army, c) for c in body["contingents"]],
    }


def _contingent_export(army: ArmyList, contingent: dict[str, Any]) -> dict[str, Any]:
    faction = next(c.faction for c in army.contingents.all() if c.pk == contingent["id"])
    legion = contingent.get("legion")
    return {
        "release": faction.release.key,
        "faction": faction.source_id,
        "faction_name": faction.name,
        **({"legion": legion["name"]} if legion else {}),
        "warbands": [
            {
                "army_leader": warband["is_army_leader"],
                "entries": [
                    {
                        "profile": entry["profile"]["name"],
                        "role": entry["role"],
                        "count": entry["count"],
                        "options": [
                            {"name": o["name"], "count": o["count"]} for o in entry["options"]
                        ],
                    }
                    for entry in warband["entries"]
                ],
            }
            for warband in contingent["warbands"]
        ],
    }
