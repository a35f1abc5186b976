"""What the SBG simulator plays of a profile, a list or a job's forces, for the pages that
show it: every win rate is read next to the rules the engine leaves out.

The engine's registry decides (``battlesim.engines.sbg.coverage``); list-building and
flavour names never count as left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError

from armybuilder.models import ArmyList
from battlesim.engine_input import UnitPick, force_data, force_from_army_list, profile_card
from battlesim.engines.sbg.core.units import UnitDataError
from battlesim.engines.sbg.coverage import (
    Coverage,
    card_coverage,
    force_data_coverage,
    ignored_powers,
)
from profiles.models import Profile, ProfilePower


@dataclass(frozen=True, slots=True)
class Breadth:
    """The names the engine leaves out (``ignored``), sorted; none: fully simulated. ``played``:
    the rules, weapons and powers it plays (where the caller read them)."""

    ignored: tuple[str, ...]
    played: tuple[str, ...] = ()

    @property
    def full(self) -> bool:
        return not self.ignored


def _breadth(coverage: Coverage) -> Breadth:
    return Breadth(tuple(sorted(coverage.ignored)), tuple(sorted(coverage.implemented)))


def profile_breadth(profile: Profile) -> Breadth:
    """A catalogue profile as printed (its card and Magical Powers; no option bought). The
    caller prefetches ``profile_rules__rule`` and ``profile_powers__power`` (no query per
    profile)."""
    card = profile_card(profile, [link.rule.name for link in profile.profile_rules.all()])
    return _breadth(card_coverage(card, _powers(profile)))


def _powers(profile: Profile) -> list[str]:
    return [link.power.name for link in profile.profile_powers.all()]


def picks_breadth(picks: Iterable[UnitPick]) -> Breadth:
    """A list's units with the options bought, and their Magical Powers."""
    ignored: set[str] = set()
    for pick in picks:
        card = force_data("list", "good", [pick])["units"][0]["profile"]
        ignored.update(card_coverage(card, _powers(pick.profile)).ignored)
    return Breadth(tuple(sorted(ignored)))


def force_breadth(force: Mapping[str, Any]) -> Breadth | None:
    """A job's force as the engine received it (plain data); None if it cannot be read."""
    try:
        return _breadth(force_data_coverage(force))
    except (UnitDataError, KeyError, TypeError, ValueError):
        return None


def job_breadth(options: Mapping[str, Any]) -> list[tuple[str, Breadth | None]]:
    """Each side of an SBG job: its force's name and what the engine leaves out of it. Sides
    named by a sample force key (no list) are read by the engine's own samples."""
    from battlesim.engines.sbg.samples import SAMPLE_FORCES

    sides: list[tuple[str, Breadth | None]] = []
    for force in options.get("forces") or ["minas_tirith", "mordor"]:
        if isinstance(force, str):
            data = SAMPLE_FORCES.get(force)
            sides.append((force, force_breadth(data) if data is not None else None))
        elif isinstance(force, Mapping):
            sides.append((str(force.get("name", "?")), force_breadth(force)))
    return sides


def offered_lists_breadth(
    user: Any, choices: Iterable[tuple[str, str]]
) -> list[tuple[str, Breadth | None]]:
    """Before queueing: each list the job form offers, labelled, with what is left out."""
    from battlesim.job_input import list_force  # the job input reads lists through the ORM

    found: list[tuple[str, Breadth | None]] = []
    for reference, label in choices:
        if not reference:
            continue
        try:
            found.append((label, force_breadth(list_force(user=user, reference=reference))))
        except (ValidationError, KeyError, StopIteration):
            found.append((label, None))
    return found


def army_breadth(army: ArmyList) -> Breadth:
    """A list of the builder (fully loaded, ``army_list_full``): its models with the options
    bought, and the Magical Powers of its profiles (one query)."""
    base = force_breadth(force_from_army_list(army)) or Breadth(())
    ids = {
        entry.profile_id
        for contingent in army.contingents.all()
        for warband in contingent.warbands.all()
        for entry in warband.entries.all()
    }
    powers = ProfilePower.objects.filter(profile_id__in=ids).values_list("power__name", flat=True)
    return Breadth(tuple(sorted({*base.ignored, *ignored_powers(powers)})))
