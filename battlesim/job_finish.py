"""When a job ends, its worker computes the statistics and draws the charts once; pages
then read them as stored (a page never recomputes a finished job)."""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.db import transaction

from battlesim.job_charts import job_charts
from battlesim.models import JobChart, SimulationJob
from battlesim.phrasebook import phrasebook
from battlesim.selectors import job_result_rows, job_statistics_compute

logger = logging.getLogger(__name__)


def job_finish(*, job_id: int) -> int:
    """Store an ended job's statistics and charts; return how many charts were drawn.
    Safe to run twice (the second run draws the same charts again)."""
    job = SimulationJob.objects.filter(pk=job_id).first()
    if job is None or job.is_active:
        return 0
    started = time.perf_counter()
    stats = job_statistics_compute(job)
    rows = job_result_rows(job=job)
    # Each language of the site gets its own drawing: titles, axes and alt text.
    drawn = [
        (language, chart)
        for language, _name in settings.LANGUAGES
        for chart in job_charts(stats, rows, phrasebook(language))
    ]
    with transaction.atomic():
        SimulationJob.objects.filter(pk=job.pk).update(statistics=stats)
        JobChart.objects.filter(job=job).delete()
        JobChart.objects.bulk_create(
            JobChart(job=job, name=c.name, language=language, title=c.title, alt=c.alt, svg=c.svg)
            for language, c in drawn
        )
    seconds = round(time.perf_counter() - started, 3)
    logger.info("job finished", extra={"job_id": job.pk, "charts": len(drawn), "seconds": seconds})
    return len(drawn) // len(settings.LANGUAGES)
