"""A copy of the battle state to play on without touching the real one (issue 29, item 3:
a search player plays the next turns on copies to weigh its choices).

Cheap by sharing what never changes during a battle: the forces, profiles, weapons, mount
profiles and the table are frozen, so the copy points at the same objects; only what changes
(models, contacts, the grid, statuses, counters) is copied, through ``copy.deepcopy`` so that
every reference between them (a status naming a model, a crew list) lands on the copy. Status
keys are shared (``Status.__deepcopy__``): rules look their values up by identity.

The copy rolls its own dice (never the battle's: the real battle's rolls stay those of its
seed) and keeps a copy of the log's events (a rule reads back who dealt a killing blow) with
no listener: nothing a copy does is shown or recorded anywhere else.
"""

from __future__ import annotations

import copy
from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg.core.state import BattleState


def clone(state: BattleState, dice: Dice) -> BattleState:
    """A copy of ``state`` that rolls ``dice``; its ``players`` are unset (the caller says
    who plays the copy)."""
    memo: dict[int, Any] = {
        id(state.dice): dice,
        id(state.log): EventLog(events=list(state.log.events)),
        id(state.players): None,
    }
    _share(memo, state.forces)
    _share(memo, state.table)
    for force in state.forces:
        for spec in force.models:
            _share(memo, spec)
            _share(memo, spec.profile)
    for model in state.models.values():
        for frozen in (model.spec, model.weapon, model.missile, model.triggers):
            _share(memo, frozen)
        if model.mount is not None:
            _share(memo, model.mount.profile)
            _share(memo, model.mount.foot)
    return copy.deepcopy(state, memo)


def _share(memo: dict[int, Any], frozen: object) -> None:
    if frozen is not None:
        memo[id(frozen)] = frozen
