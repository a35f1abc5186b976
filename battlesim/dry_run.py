"""An SBG job's set-up tried at queue time, without playing: the forces are read, the
scenario and table are built and both sides are deployed, in each side assignment the job
will play. A job that could not start is refused with the engine's reason, instead of
failing in the worker.

Django-free: the engine's own set-up functions, nothing else.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg.game import deploy, new_battle, setup_from_options
from battlesim.engines.sbg.policies.roster import PLAYERS

logger = logging.getLogger(__name__)


def swapped_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The same battle with the sides swapped: list B takes side 0 (and its player)."""
    swapped = dict(options)
    for key in ("forces", "players"):
        value = options.get(key)
        if isinstance(value, list | tuple) and len(value) == 2:
            swapped[key] = [value[1], value[0]]
    return swapped


def _named(reason: str, options: Mapping[str, Any]) -> str:
    """The engine names a side "force 0"; the user knows it by its list's name."""
    forces = options.get("forces") or []
    for side, force in enumerate(forces[:2]):
        name = force.get("name") if isinstance(force, Mapping) else force
        reason = reason.replace(f"force {side} ", f"{name!r} ")
    return reason


def sbg_setup_problem(options: Mapping[str, Any], *, both_ways: bool = True) -> str | None:
    """Why this battle could not be set up (a sentence), or None when it can."""
    tries = [(options, "")]
    if both_ways:
        tries.append((swapped_options(options), " (with the sides swapped)"))
    for tried, note in tries:
        try:
            dice = Dice(0)
            setup = setup_from_options(tried, dice)
            players = (
                PLAYERS[setup.players[0]](setup.scenario),
                PLAYERS[setup.players[1]](setup.scenario),
            )
            state = new_battle(setup, dice, EventLog())
            deploy(state, setup.scenario, players)
        except (ValueError, KeyError, TypeError) as exc:  # the engine's reason, named by list
            return f"The battle cannot be set up{note}: {_named(str(exc), tried)}"
        except Exception as exc:  # a fault of the engine: refused, reported in the logs
            logger.exception("SBG set-up failed at queue time")
            return f"The battle cannot be set up{note}: {type(exc).__name__}: {exc}"
    return None
