"""``manage.py simulate``: runs a job with a progress bar, refuses bad arguments."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from battlesim.models import BattleResult, SimulationJob

pytestmark = pytest.mark.django_db


def test_simulate_local_runs_every_battle_and_prints_outcomes() -> None:
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "simulate", "monopoly", "--battles", "4", "--seed", "9", "--local", stdout=out, stderr=err
    )
    job = SimulationJob.objects.get()
    assert job.status == SimulationJob.Status.DONE and job.seed == 9
    assert BattleResult.objects.filter(job=job).count() == 4
    assert f"Job {job.pk}: 4 battles" in out.getvalue()
    assert "%" in out.getvalue()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--battles", "0"], "battles"),
        (["--options", "{oops"], "not valid JSON"),
        (["--options", "[1]"], "JSON object"),
        (["--options", '{"players": ["nobody"]}'], "options"),
    ],
)
def test_simulate_refuses_bad_arguments_and_queues_nothing(
    arguments: list[str], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("simulate", "monopoly", "--local", *arguments, stdout=io.StringIO())
    assert SimulationJob.objects.count() == 0
