"""What the simulation pages need to know about SBG and no other game: the lists a user may
pit against each other, the scenario, table and game-type choices, what each side plays,
and replays narrated in the game's words. The generic views ask here instead of testing
``game == "sbg"`` themselves."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from armybuilder.selectors import army_list_for_user
from battlesim.breadth import job_breadth
from battlesim.engines.sbg.core.tables_more import ALL_PRESETS as TABLE_PRESETS
from battlesim.engines.sbg.rules.scenario_library import LIBRARY as SCENARIO_LIBRARY
from battlesim.engines.sbg.rules.scenario_library import SETS as SCENARIO_SETS
from battlesim.job_input import starter_lists
from battlesim.models import SimulationJob
from battlesim.narration import narrate
from battlesim.selectors import ended_job_cached

GAME = "sbg"

SCENARIOS = [
    *((name, spec.title) for name, spec in SCENARIO_LIBRARY.items()),
    *(
        (f"random:{name}", format_lazy(_("A random scenario ({name})"), name=name))
        for name in SCENARIO_SETS
    ),
]
# The preset tables' names for the form; a preset added later shows its own (English) name.
# Scenario titles stay as the Matched Play Guide writes them: no source gives French ones.
TABLE_NAMES = {
    "village": _("Village"),
    "forest and ruins": _("Forest and ruins"),
    "river ford": _("River ford"),
    "rolling hills": _("Rolling hills"),
    "walled keep": _("Walled keep"),
    "ruined fort": _("Ruined fort"),
}
TABLES = [
    ("", _("Open field (or the scenario's own table)")),
    *(
        (name, TABLE_NAMES.get(name, name.capitalize()))
        for name in TABLE_PRESETS
        if name != "open field"
    ),
    ("generated", _("Seeded random layout")),
]
MODES = [("matched", _("Matched play")), ("narrative", _("Narrative (no Break, Good first)"))]
# Who plays each list (the engine's roster, policies/roster.py); ``heuristic_v2`` is the
# default's other name and not offered twice.
PLAYER_LABELS = {
    "heuristic": _("Heuristic (default)"),
    "search": _("Search: the heuristic with a look-ahead (tens of times slower)"),
    "heuristic_v1": _("Earlier heuristic (v1, for comparison)"),
    "heuristic_no_might": _("Earlier heuristic, Heroes spend no Might"),
    "random": _("Random (a baseline)"),
}
PLAYERS = list(PLAYER_LABELS.items())


def list_choices(user: AbstractBaseUser | AnonymousUser) -> list[tuple[str, str]]:
    """The lists a user may name for a battle: the starter lists and the user's own."""
    choices = [("", gettext("Choose a list"))]
    choices += [
        (f"starter:{key}", gettext("Starter: {name}").format(name=item.name))
        for key, item in sorted(starter_lists().items())
    ]
    choices += [
        (f"own:{army.pk}", gettext("Mine: {name}").format(name=army.name))
        for army in army_list_for_user(user=user)
    ]
    return choices


def engine_options(values: dict[str, Any]) -> dict[str, Any]:
    """The job's engine options: the free-form ones, plus SBG's scenario, table and mode
    chosen on the form (matched play is the engine's default, so it is left out)."""
    options = dict(values["options"])
    if values["game"] != GAME:
        return options
    if values.get("scenario"):
        options["scenario"] = values["scenario"]
    if values.get("table"):
        options["table"] = values["table"]
    if values.get("mode") and values["mode"] != "matched":
        options["mode"] = values["mode"]
    return options


def job_sides(job: SimulationJob) -> list[Any]:
    """What the engine plays and leaves out of each side (read once per ended job)."""
    if job.game != GAME:
        return []
    return ended_job_cached(job, "breadth", lambda: job_breadth(job.options))


def replay_events(
    game: str, events: list[dict[str, Any]], language: str | None = None
) -> list[dict[str, Any]]:
    """A battle's events, each SBG one with its sentence (``text``) for the replay, in
    ``language`` (the narration's phrasebook; English by default)."""
    if game != GAME:
        return events
    told = narrate(events, language)
    return [{**event, "text": text} for event, text in zip(events, told, strict=True)]
