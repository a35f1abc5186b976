"""Fighting on stairs (checklist part 2 §12.1, SIEGE-STAIRS-02, 002:L3264-3268).

A fight on stairs is a normal fight, except that a loser which must back away down the stairs
may slip: before the winners strike it rolls a D6 and on 1-3 is knocked Prone (so its
strikers count it Trapped, FIGHT-PRONE, 002:L1006). The model on the upper step rolls nothing
when it loses (Haldir's example, L3264). "Down the stairs": the loser stands on a flight and a
winner of its fight stands higher (data.ASSUMPTIONS "stairs"). Walking stairs is
``core/table.py`` (SIEGE-MOVE-01, SIEGE-STAIRS-01).
"""

from __future__ import annotations

from battlesim.engines.sbg.core.data import STAIRS_SLIP_MAX
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from battlesim.engines.sbg.rules.war_beasts import immovable

_HIGHER = 0.01  # inches: a winner this much above the loser stands on an upper step


def backing_down(
    state: BattleState, winners: list[ModelState], losers: list[ModelState]
) -> list[ModelState]:
    """The losers on stairs below a winner that must back away (not those holding their
    ground): those that back away down the stairs. Read before they back away."""
    table = state.table
    if table is None or not table.stairs:
        return []
    return [
        loser
        for loser in losers
        if loser.alive
        and _on_stairs(state, loser)
        and any(_above(state, winner, loser) for winner in winners if winner.alive)
        and not immovable(loser)
        and not permitted(May.HOLD_GROUND, HookContext(state, loser))
    ]


def slip(state: BattleState, backing: list[ModelState]) -> None:
    """SIEGE-STAIRS-02 (002:L3268): each loser that backed down the stairs rolls a D6 before
    the winners strike; on 1-3 it slips and is knocked Prone."""
    for loser in backing:
        if not loser.alive or loser.prone:
            continue
        (die,) = state.roll(1, f"{loser.uid} backs down the stairs: 1-3 slips")
        if die <= STAIRS_SLIP_MAX:
            knock_prone(state, loser, "slipped on the stairs")


def _on_stairs(state: BattleState, model: ModelState) -> bool:
    table = state.table
    return any(table.pieces[i] in table.terrain_at(model.position) for i in table.stairs)


def _above(state: BattleState, high: ModelState, low: ModelState) -> bool:
    table = state.table
    return table.ground_level(high.position) - table.ground_level(low.position) > _HIGHER
