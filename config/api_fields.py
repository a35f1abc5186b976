"""Input fields that accept exactly what the OpenAPI schema documents: a string given as a
JSON string, a whole number as a JSON number, a boolean as a boolean. DRF's own fields turn
``0`` into ``"0"`` and ``"5"`` into ``5``, which the schema does not allow (Schemathesis'
negative-data check finds it)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class StrictBooleanField(serializers.BooleanField):
    """A boolean given as one (JSON ``true``/``false``, or those words in a form), never as
    ``0``, ``"yes"`` or ``"on"``."""

    def to_internal_value(self, data: Any) -> bool:
        if isinstance(data, bool):
            return data
        if data in ("true", "false"):
            return bool(data == "true")
        self.fail("invalid", input=data)
        raise AssertionError  # fail() raises


class StrictCharField(serializers.CharField):
    """Text given as a JSON string, never as a number or a boolean."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)  # type: ignore[no-any-return]


class StrictIntegerField(serializers.IntegerField):
    """A whole number given as a JSON number, never as text, a fraction or a boolean."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)  # type: ignore[no-any-return]
