"""Fixtures shared by the army builder's API tests: the owner, another user, a catalogue."""

from __future__ import annotations

from tests.armybuilder.test_api import catalogue, other, owner

__all__ = ["catalogue", "other", "owner"]
