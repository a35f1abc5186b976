"""The job API answers what its OpenAPI schema documents: every answer of a job's life
(list, create, detail, progress, statistics, log, cancel and their errors) is validated
against the schema the site serves."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from tests.api_answers import assert_documented, spec

pytestmark = pytest.mark.django_db
__all__ = ["spec"]  # the fixture


def test_every_job_answer_matches_the_schema(
    spec: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    owner = User.objects.create_user("owner", password="pw-owner-123")
    client = APIClient()
    client.force_authenticate(owner)
    jobs = "/api/jobs/"
    job = "/api/jobs/{id}/"
    with django_capture_on_commit_callbacks(execute=True):
        created = client.post(jobs, {"game": "monopoly", "battles": 3, "seed": 1}, format="json")
    assert_documented(spec, jobs, "post", created, 201)
    pk = created.json()["id"]
    assert_documented(spec, jobs, "get", client.get(jobs), 200)
    assert isinstance(client.get(jobs).json(), list)
    assert_documented(spec, job, "get", client.get(f"/api/jobs/{pk}/"), 200)
    progress = client.get(f"/api/jobs/{pk}/progress/")
    assert_documented(spec, job + "progress/", "get", progress, 200)
    statistics = client.get(f"/api/jobs/{pk}/statistics/")
    assert_documented(spec, job + "statistics/", "get", statistics, 200)
    log_path = job + "battles/{index}/log/"
    assert_documented(spec, log_path, "get", client.get(f"/api/jobs/{pk}/battles/0/log/"), 200)
    assert_documented(spec, log_path, "get", client.get(f"/api/jobs/{pk}/battles/9/log/"), 404)
    cancel = client.post(f"/api/jobs/{pk}/cancel/")
    assert_documented(spec, job + "cancel/", "post", cancel, 400)  # already done
    bad = client.post(jobs, {"game": "monopoly", "battles": 0}, format="json")
    assert_documented(spec, jobs, "post", bad, 400)
    assert_documented(spec, job, "get", client.get("/api/jobs/999999/"), 404)
    assert_documented(spec, jobs, "get", APIClient().get(jobs), 403)
