"""Prone models in the Move phase: crawl, stand up, lie down (part 1 §4.10, 002:L645-677).

The player of a prone model may crawl 1" (MOVE-PRONE-04) and/or stand up for half its Move
(MOVE-PRONE-05); a standing model may lie down for half its Move after its action
(MOVE-PRONE-06). The engine checks every choice and refuses illegal ones with a logged
"refused" event, as for any other action.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import IllegalActionError, Move
from battlesim.engines.sbg.core.data import CRAWL_DISTANCE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import Point, point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.ablaze import crawled
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.cavalry import is_cavalry
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.movement import check_action

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

_SLACK = 1e-3


def before_move(state: BattleState, player: Player, model: ModelState) -> bool:
    """A prone model's choices before its action; True if its move is over (it stays prone,
    or it crawled: no further movement that phase, MOVE-PRONE-14 reading)."""
    if not model.prone:
        return False
    crawled = _try_crawl(state, player, model)
    if player.decide(state, StandsUp(model)):
        stand_up(state, model)
    if crawled or model.prone:
        model.done_moving = True
        return True
    return False


def _try_crawl(state: BattleState, player: Player, model: ModelState) -> bool:
    spot = player.decide(state, CrawlTo(model))
    if spot is None:
        return False
    try:
        check_crawl(state, model, spot)
    except IllegalActionError as error:
        state.log.emit("refused", model=model.uid, reason=str(error))
        return False
    model.moved = True
    start = model.position
    state.move_to(model, spot, "crawl")
    crawled(state, model, start)  # SR-ABLAZE: crawling 1" puts the flames out
    return True


def check_crawl(state: BattleState, model: ModelState, spot: Point) -> None:
    """MOVE-PRONE-04 (002:L657): 1" whatever the Move and the terrain; no Leap, Jump or
    Climb (MOVE-LEAP-06); no charge, so no entering enemy zones; not for cavalry."""

    if not model.prone or is_cavalry(model):
        raise IllegalActionError(f"{model.uid} is not a model that may crawl (MOVE-PRONE-04/13)")
    if point_distance(model.position, spot) > CRAWL_DISTANCE + _SLACK:
        raise IllegalActionError(f'{model.uid} crawls at most 1" (MOVE-PRONE-04)')
    if crossings(state, model, spot):
        raise IllegalActionError(f"{model.uid} cannot leap, jump or climb crawling (LEAP-06)")
    check_action(state, model, Move(model.uid, spot))  # table, bases, enemy zones


def stand_up(state: BattleState, model: ModelState) -> None:
    """MOVE-PRONE-05/08/09 (002:L661-669): standing up costs half the Move and counts as
    moving; allowed inside an enemy zone without charging."""
    model.prone = False
    model.stood_up = True
    model.spent += model.profile.move / 2
    model.moved = True
    state.log.emit("stand_up", model=model.uid)


def check_lie_down(state: BattleState, model: ModelState) -> None:
    """MOVE-PRONE-06/07/13 (002:L661, L1276): half the Move left, not after standing up this
    phase, not engaged, not after a Leap, Jump or Climb test, not cavalry."""

    if model.prone or model.stood_up or is_cavalry(model) or state.engaged(model):
        raise IllegalActionError(f"{model.uid} may not lie down now (MOVE-PRONE-07/13)")
    if model.leapt or allowance(state, model) < model.profile.move / 2 - _SLACK:
        raise IllegalActionError(f"{model.uid} lacks half its Move to lie down (MOVE-PRONE-06)")


def after_move(state: BattleState, player: Player, model: ModelState) -> None:
    """MOVE-PRONE-06/08: a model that wants to may lie down after its action."""
    if model.prone or not model.alive or not player.decide(state, LiesDown(model)):
        return
    try:
        check_lie_down(state, model)
    except IllegalActionError as error:
        state.log.emit("refused", model=model.uid, reason=str(error))
        return
    lie_down(state, model)


def lie_down(state: BattleState, model: ModelState) -> None:
    """MOVE-PRONE-01/06/08: lying down (to hide) costs half the Move and counts as moving."""
    model.prone = True
    model.spent += model.profile.move / 2
    model.moved = True
    state.log.emit("lie_down", model=model.uid)


def crawl_spots(state: BattleState, model: ModelState, headings: int = 8) -> list[Point]:
    """Legal 1" crawls round the model (for players; the engine still checks the choice)."""
    spots = []
    for k in range(headings):
        angle = 2 * math.pi * k / headings
        spot = (
            model.x + CRAWL_DISTANCE * math.cos(angle),
            model.y + CRAWL_DISTANCE * math.sin(angle),
        )
        try:
            check_crawl(state, model, spot)
        except IllegalActionError:
            continue
        spots.append(spot)
    return spots


def winner_stands(state: BattleState, player: Player, model: ModelState) -> None:
    """FIGHT-PRONE-01/03 (002:L1004, L1008): a prone winner makes no strikes but may stand
    up (or stay prone), at no cost: it is the Fight phase."""
    if player.decide(state, StandsUp(model)):
        model.prone = False
        state.log.emit("stand_up", model=model.uid, reason="won its fight")


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class CrawlTo(Decision[Point | None]):
    """MOVE-PRONE: where a prone model crawls (None: it does not crawl)."""

    model: ModelState

    def default(self, state: BattleState) -> Point | None:
        return None


@dataclass(frozen=True, slots=True)
class StandsUp(Decision[bool]):
    """MOVE-PRONE: does a prone model stand up?"""

    model: ModelState

    def default(self, state: BattleState) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class LiesDown(Decision[bool]):
    """MOVE-PRONE: does the model lie down?"""

    model: ModelState

    def default(self, state: BattleState) -> bool:
        return False
