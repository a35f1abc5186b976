"""The game registry: every engine exposes the same entry point, found by name.

Each engine package ``battlesim.engines.<name>`` provides in its ``game.py``::

    def play_game(*, seed: int, options: Mapping[str, Any] | None = None,
                  listener: Callable[[Event], None] | None = None) -> GameResult

where ``options`` is JSON-ready input (lists, player strategies, variants) validated by the
engine (a bad value raises a ``ValueError`` subclass naming the option), and the result
carries the outcome, the event log and a JSON summary for statistics. An engine may also
provide ``play_unlogged(*, seed, options)``: the same game, its log left empty (the jobs play
a battle so when its log is not kept, and play it again with ``play_game`` for a replay). The
job service and the CLIs go through this registry only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from battlesim.engines.log import Event, EventLog


def gettext_noop(text: str) -> str:
    """Marks a name for the site's translation catalogue (makemessages); the site
    translates it when it shows it (the engines stay free of Django)."""
    return text


GAMES: dict[str, str] = {
    "sbg": gettext_noop("Middle-earth Strategy Battle Game"),
    "rotk": gettext_noop("The Return of the King (film game)"),
    "monopoly": gettext_noop("Monopoly: The Lord of the Rings Trilogy Edition"),
    "risk": gettext_noop("Risk: The Lord of the Rings Edition"),
}


class UnknownGameError(ValueError):
    """No engine is registered under that name."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """What every engine returns: who won and why, the log, and figures for statistics."""

    winner: str | None
    termination: str
    log: EventLog
    summary: dict[str, Any]


class PlayGame(Protocol):
    def __call__(
        self,
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        listener: Callable[[Event], None] | None = None,
    ) -> GameResult: ...


def _game_module(game: str) -> Any:
    if game not in GAMES:
        raise UnknownGameError(f"unknown game {game!r}; known: {', '.join(sorted(GAMES))}")
    return importlib.import_module(f"battlesim.engines.{game}.game")


def play_function(game: str, *, logged: bool = True) -> PlayGame:
    """Return the ``play_game`` of a registered engine. ``logged=False``: its
    ``play_unlogged`` where it has one (the same game from the same seed, with an empty
    log: for results whose log is not kept), else ``play_game``."""
    module = _game_module(game)
    if not logged and hasattr(module, "play_unlogged"):
        return module.play_unlogged
    return module.play_game


def validate_options(game: str, options: Mapping[str, Any]) -> None:
    """Check options before a job is queued; an engine's ``validate_options`` raises a
    ``ValueError`` naming the bad option. Engines without one accept any options here and
    fail on the first battle instead."""
    validator = getattr(_game_module(game), "validate_options", None)
    if validator is not None:
        validator(options)
