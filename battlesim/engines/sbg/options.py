"""Options bought for a model, played from what the data says they do.

The engine plays most options by name (a shield, armour, a horse: rules/equipment.py,
core/data.MOUNT_PROFILES). An option whose name no rule of the engine knows is played from
the effects the importer read from the data (profiles/importers/bs_option_effects.py), so a
catalogue the project has never seen plays its options too:

- its characteristic changes, applied to the card ("Extra Might": Might +1 per selection;
  "Gnarled Hide": Defence 8);
- its mount card: the model rides it (CAV-DEF-02, 002:L1268), with the mount's own rules;
- the game system's rules it links ("Hearthguard": Burly): the card lists them, and the
  engine plays them by name (or reports them unplayed).

An option so played is listed under ``changed_by`` on the card, and the coverage reports it as
played (coverage.DATA_EFFECTS), unless it also carries rule text of its own (``described``): that
text needs a rule unit of its own, and the name stays unplayed until one is registered.
An option the engine knows by name keeps its own rule: the data's modifiers for it (a
shield's +1 Defence) are the rule's, not applied twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlesim.engines.sbg.core.data import MOUNT_PROFILES
from battlesim.engines.sbg.core.registry import REGISTRY, ProfileNames, Status
from battlesim.engines.sbg.core.units import STAND_IN
from battlesim.engines.sbg.coverage import register_known

_NUMBERS = (*STAND_IN, "shoot", "might", "will", "fate")
# the kinds of mount the engine sizes and names (core/bases.py, mounts.py): a data mount
# named after one of them is that kind ("The White Warg" is a warg)
_KINDS = sorted({row[0] for row in MOUNT_PROFILES.values()}, key=len, reverse=True)


def engine_knows(name: str) -> bool:
    """Whether a rule of the engine plays (or classes) the option ``name`` by name."""
    register_known()
    report = REGISTRY.report([ProfileNames("option", wargear=(name,))])
    return all(entry.status is not Status.UNPLAYED for entry in report.names)


def apply_effects(
    card: Mapping[str, Any], counts: Mapping[str, int], effects: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """``card`` with the data's effects of the bought options the engine does not know.

    ``counts``: option name -> times bought; ``effects``: option name -> ``{"changes":
    [[field, "add"|"set", value], ...], "mount": {...} or None, "described": bool}``."""
    result = dict(card)
    played: list[str] = list(card.get("changed_by", ()))
    for name, count in counts.items():
        effect = effects.get(name) or {}
        if not (effect.get("changes") or effect.get("mount") or effect.get("rules")):
            continue
        if engine_knows(name):
            continue
        for field, kind, value in effect.get("changes", ()):
            if field in _NUMBERS:
                base = int(result.get(field, 0))
                result[field] = int(value) if kind == "set" else base + int(value) * count
        mount = effect.get("mount")
        if mount and "mount" not in result:
            result["mount"] = _mount(name, mount)
            result["rules"] = [*result.get("rules", ()), *mount.get("rules", ())]
        linked = [str(rule) for rule in effect.get("rules", ())]
        if linked and not mount:  # a mount's links are its own rules, on its card
            result["rules"] = [*result.get("rules", ()), *linked]
        if mount or not effect.get("described"):
            played.append(name)
    if played:
        result["changed_by"] = played
    return result


def _mount(name: str, card: Mapping[str, Any]) -> dict[str, Any]:
    """The explicit mount of ``units._mount_from_data`` from the data's card."""
    words = [name.lower(), *(str(k).lower() for k in card.get("keywords", ()))]
    kind = next((k for k in _KINDS if any(k in w for w in words)), name.lower())
    return {
        "name": name.strip().lower(),
        "kind": kind,
        **{key: int(card.get(key) or 0) for key in STAND_IN},
        "shoot": int(card.get("shoot") or 0),
        **{key: int(card[key]) for key in ("might", "will", "fate") if card.get(key)},
        "rules": list(card.get("rules", ())),
    }
