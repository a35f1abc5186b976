"""Army lists and their entries (see the army builder issue)."""

from __future__ import annotations
