"""Run a seated game from its record to the next question, the end, or an AI's decision.

``advance`` is the one way a game moves: the web request runs it with ``stop_at_ai`` to
check and apply a person's decision; the worker runs it without, and keeps a frame (a state
snapshot) at each AI turn so the page can show the AI's moves one after the other.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from battlesim.play.seating import (
    AiTurnError,
    DivergedError,
    IllegalChoiceError,
    PauseError,
    Prompt,
    Script,
)

TABLES = ("monopoly", "risk", "rotk")
MAX_FRAMES = 40


def table(game: str) -> ModuleType:
    if game not in TABLES:
        raise ValueError(f"unknown game {game!r}")
    return importlib.import_module(f"battlesim.play.{game}_table")


@dataclass(slots=True)
class Frame:
    events: int
    snapshot: dict[str, Any]


@dataclass(slots=True)
class Outcome:
    """Where a run stopped, with the log and the state there."""

    events: list[dict[str, Any]]
    snapshot: dict[str, Any]
    prompt: Prompt | None = None
    ai_seat: int | None = None
    finished: bool = False
    winner: str | None = None
    termination: str = ""
    frames: list[Frame] = field(default_factory=list)


def advance(
    game: str,
    seed: int,
    settings: dict[str, Any],
    seats: list[str | None],
    decisions: list[dict[str, Any]],
    *,
    stop_at_ai: bool,
) -> Outcome:
    """Replay the record; raise ``IllegalChoiceError`` if its last decision is refused.

    ``seats`` holds a strategy name for an AI seat and None for a person's seat.
    """
    module = table(game)
    script = Script(list(decisions), stop_at_ai=stop_at_ai)
    run = module.Game(seed, settings, seats, script)
    frames: list[Frame] = []
    mark = [-1]

    def on_ai(seat: int) -> None:
        count = len(run.log)
        if mark[0] < 0:
            mark[0] = count
            return
        new = run.log.events[mark[0] : count]
        if len(frames) < MAX_FRAMES and any(e.kind in module.FRAME_KINDS for e in new):
            frames.append(Frame(count, run.snapshot()))
            mark[0] = count

    script.on_ai = on_ai
    outcome = Outcome(events=[], snapshot={})
    try:
        run.play()
        outcome.finished = True
        outcome.winner, outcome.termination = run.result()
    except PauseError as pause:
        outcome.prompt = pause.prompt
    except AiTurnError as stop:
        outcome.ai_seat = stop.seat
    except IllegalChoiceError:
        raise  # an option that was not offered: refused before the engine saw it
    except (*module.ILLEGAL, LookupError, TypeError, ValueError) as error:
        # Only the newest decision can be at fault: every earlier one replayed before.
        if script.position < len(decisions) or not decisions:
            raise DivergedError(f"the engine refused a recorded decision: {error}") from error
        if isinstance(error, module.ILLEGAL):
            raise IllegalChoiceError(str(error)) from error
        raise IllegalChoiceError(f"the engine cannot play this choice ({error})") from error
    if script.position < len(decisions):
        raise DivergedError("the game ended before every recorded decision was used")
    outcome.events = run.log.to_json()
    outcome.snapshot = run.snapshot()
    outcome.frames = frames
    return outcome
