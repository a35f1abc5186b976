"""The Return of the King film game (seed 000): a pure-Python co-operative hex game engine.

Entry point: :func:`battlesim.engines.rotk.game.play_game` (the registry contract).
"""

from __future__ import annotations
