"""MSL-THROW-03 (002:L2146): « Si la cible est tuée, la figurine qui a jeté son Arme de Jet peut
finir son Mouvement comme elle le souhaite - s'arrêter, charger une autre figurine, ou autre »:
a throw on the charge that slays its target leaves the thrower free to move on."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status


@dataclass(slots=True)
class ThrowKill:
    free: bool = False  # the throw slew its target; the rest of the Move is the player's


THROW_KILL: Status[ThrowKill] = Status("throw slew its target", ThrowKill, Lasting.PHASE)


def slew_with_throw(state: BattleState, model: ModelState) -> None:
    """The charge is over (no one to reach); the thrower may finish its Move freely."""
    model.charged = False
    THROW_KILL.of(model).free = True
    state.log.emit("move_on_after_throw", model=model.uid, spent=round(model.spent, 3))


def free_to_finish(model: ModelState) -> bool:
    """True once after a slaying throw: the model may be asked for the rest of its Move
    (it stays unable to throw again, MSL-THROW-01)."""
    kill = THROW_KILL.peek(model)
    if kill is None or not kill.free:
        return False
    kill.free = False
    model.done_moving = False
    return True
