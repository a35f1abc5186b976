"""Schemathesis against the served OpenAPI schema, bounded: no API operation answers 5xx
to generated input, and the job API answers exactly what its schema documents."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# Bounded in time (about a minute for every operation) and the same examples on every run,
# so CI is repeatable; raise max_examples locally to search further.
BOUNDED = settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture
def token(db: None) -> Iterator[str]:
    """A user's API token; requests keep the test's database connection, as Django's test
    client does (the WSGI handler would close it after each request)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    user = User.objects.create_user("fuzzer", password="pw-fuzzer-123")
    yield Token.objects.create(user=user).key
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _call(case: Any, token: str) -> Any:
    case.headers = {**(case.headers or {}), "Authorization": f"Token {token}"}
    return case.call()


@schema.parametrize()
@BOUNDED
def test_no_operation_answers_a_server_error(case: Any, token: str) -> None:
    response = _call(case, token)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:500])


# What the job API's answers must do: no 5xx, only documented status codes, content types
# and bodies, and generated invalid input refused with a 4xx.
DOCUMENTED = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


@schema.include(path_regex="^/api/jobs/").parametrize()
@BOUNDED
def test_the_job_api_answers_what_its_schema_documents(case: Any, token: str) -> None:
    case.headers = {**(case.headers or {}), "Authorization": f"Token {token}"}
    case.call_and_validate(checks=DOCUMENTED)


@schema.include(path_regex="^/api/(lists|contingents|warbands|entries|games)/").parametrize()
@BOUNDED
def test_the_list_api_answers_what_its_schema_documents(case: Any, token: str) -> None:
    case.headers = {**(case.headers or {}), "Authorization": f"Token {token}"}
    case.call_and_validate(checks=DOCUMENTED)
