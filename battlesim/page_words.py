"""A job's page in the reader's language. The worker stores statistics with English words
(outcomes, endings, what a table counts, side assignments) and draws each chart once per
language of the site; the page says the stored words in the active language
(``django.utils.translation``) and picks the charts drawn for it. Names of lists, models
and strategies stay as they are."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.utils.translation import get_language, gettext

from battlesim import report
from battlesim.models import SimulationJob
from battlesim.wording import translated_label

ASSIGNMENT_WORDS = re.compile(r"^(?P<first>.+) on side 1, (?P<second>.+) on side 2$")


def statistics_in_language(statistics: dict[str, Any]) -> dict[str, Any]:
    """Stored statistics with the words the catalogue knows in the reader's language."""
    endings = [{**e, "label": gettext(e["label"])} for e in statistics.get("endings", [])]
    overall = statistics.get("overall")
    if overall:
        overall = {**overall, "outcomes": _outcomes(overall["outcomes"])}
    assignments = [_assignment(group) for group in statistics.get("assignments", [])]
    return {**statistics, "endings": endings, "overall": overall, "assignments": assignments}


def _outcomes(outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**o, "outcome": translated_label(str(o["outcome"]), gettext)} for o in outcomes]


def _assignment(group: dict[str, Any]) -> dict[str, Any]:
    """ "A on side 1, B on side 2" (stored in English) in the reader's language."""
    found = ASSIGNMENT_WORDS.match(group.get("label", ""))
    if found is None:
        return group
    label = gettext(report.ASSIGNMENT).format(first=found["first"], second=found["second"])
    return {**group, "label": label, "outcomes": _outcomes(group["outcomes"])}


def table_count(title: str, statistics: dict[str, Any]) -> str:
    """What a game table counts, over how many battles, in the reader's language."""
    what = report.TABLE_COUNTS.get(title)
    if what is None:
        return str(statistics.get("table_counts", {}).get(title, ""))
    return gettext(report.COUNTED).format(
        what=gettext(what), count=statistics["battles"], noun=gettext(statistics["noun"])
    )


def chart_language(job: SimulationJob) -> str:
    """The reader's language if the job's charts were drawn in it, else the site's default
    (charts stored before they were drawn per language)."""
    language = get_language()
    if job.charts.filter(language=language).exists():
        return language
    return str(settings.LANGUAGE_CODE)


def job_charts_shown(job: SimulationJob) -> list[dict[str, Any]]:
    """The job's charts as drawn for the reader's language."""
    return list(job.charts.filter(language=chart_language(job)).values("name", "title", "alt"))
