"""Check an API answer against the OpenAPI schema the site serves: its status is documented
for the path and method, and its JSON body validates against the documented schema."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


def _nullable(schema: Any) -> Any:
    """OpenAPI 3.0 ``nullable`` as JSON Schema's ``type: [..., "null"]``."""
    if isinstance(schema, dict):
        schema = {key: _nullable(value) for key, value in schema.items()}
        if schema.pop("nullable", False):
            if "type" in schema:
                schema["type"] = [schema["type"], "null"]
            else:  # a nullable nested object: ``allOf: [$ref]``
                schema = {"anyOf": [schema, {"type": "null"}]}
        return schema
    if isinstance(schema, list):
        return [_nullable(item) for item in schema]
    return schema


def assert_documented(
    spec: dict[str, Any], path: str, method: str, answer: Any, status: int
) -> None:
    assert answer.status_code == status, answer.content
    responses = spec["paths"][path][method]["responses"]
    assert str(status) in responses, f"{method.upper()} {path} {status} is not documented"
    content = responses[str(status)].get("content", {}).get("application/json")
    if content is None:
        return
    schema = _nullable({**content["schema"], "components": spec["components"]})
    jsonschema.validate(answer.json(), schema)
