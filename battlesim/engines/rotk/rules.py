"""The rules layer: what is legal now and how an action changes the state.

It sits above ``state.py`` and the rule modules (``movement``, ``fight``, ``legal``), which
import the state and never this module: imports go one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlesim.engines.rotk import fight, legal, movement
from battlesim.engines.rotk.actions import (
    Action,
    AragornMove,
    Attack,
    ChooseLot,
    EndTurn,
    Enter,
    ForcedMarch,
    IllegalActionError,
    Move,
    Phase,
    Protect,
    Reinforce,
    Reroll,
    Resolve,
)
from battlesim.engines.rotk.state import State

_HANDLERS: dict[tuple[Phase, type], Callable[[State, Any], None]] = {
    (Phase.RECRUIT, ChooseLot): State.choose_lot,
    (Phase.TURN, Enter): movement.enter,
    (Phase.TURN, Move): movement.move,
    (Phase.TURN, AragornMove): movement.aragorn_move,
    (Phase.TURN, ForcedMarch): movement.forced_march,
    (Phase.TURN, Reinforce): movement.reinforce,
    (Phase.TURN, Attack): fight.attack,
    (Phase.TURN, EndTurn): movement.end_turn,
    (Phase.AFTER_ROLL, Reroll): fight.reroll,
    (Phase.AFTER_ROLL, Protect): fight.protect,
    (Phase.AFTER_ROLL, Resolve): fight.resolve,
}


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the current decision except attacks, whose card sets
    :func:`apply` checks (too many to list)."""
    return legal.legal_actions(state)


def apply(state: State, action: Action) -> None:
    """Check ``action`` against the rules and play it, or raise ``IllegalActionError``
    leaving the state as it was."""
    handler = _HANDLERS.get((state.phase, type(action)))
    if handler is None:
        raise IllegalActionError(
            f"{type(action).__name__} is not allowed now ({state.phase.value})"
        )
    handler(state, action)
