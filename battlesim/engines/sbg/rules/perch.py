"""SR-FLY-05 (002:L2899): a large flyer perched on top of terrain, models beneath it.

« Si une figurine avec Vol et un grand socle finit son mouvement au sommet d'un décor, il peut
y avoir de la place pour passer dessous - les autres figurines peuvent en conséquence se
déplacer sous la figurine, du moment qu'elles passent. Si une figurine ennemie passe à moins
de 1" de hauteur de la figurine perchée sur le décor, alors elle devra la charger [...]. Si une
figurine avec Vol atterrit sur un décor de ce type, et qu'une figurine se trouve dessous à moins
de 1", alors la figurine avec Vol compte comme ayant chargé. »

A model with Fly and a large base (40 mm or more) standing on top of sheer terrain (an elevated
piece with sheer sides: a rock, a ruin's wall) is perched (core/state.py ``perched``, the
height of that top, Table.perch_level). Its base may overhang models below, and models below
may move under its base, wherever the lower model's head stays under the top it perches on.
Within 1" of height the two are in contact (state.in_contact): a perched flyer landing over an
enemy within 1" must land by a charge on it, an enemy passing within 1" below it must charge
it (the control zone reaches them, MOVE-ZOC-01); more than 1" below, its control zone does not
reach them, nor theirs it, and neither is engaged.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.state import PERCH_REACH, BattleState, ModelState, Point


def _stacked(state: BattleState, model: ModelState, point: Point, other: ModelState) -> bool:
    return state.perch_at(model, point) > 0.0 or other.uid in state.perched


def _head_room(
    state: BattleState, model: ModelState, start: Point, end: Point, other: ModelState
) -> float:
    """The room between the lower model's head and the top the higher one perches on, along
    ``model``'s move from ``start`` to ``end`` (the higher ground of the two for a walker
    passing under a perched ``other``)."""
    room = state.height_apart(model, end, other)
    if other.uid in state.perched and start != end:
        room = min(room, state.height_apart(model, start, other))
    return room


def fits_beneath(
    state: BattleState, model: ModelState, start: Point, end: Point, other: ModelState
) -> bool:
    """SR-FLY-05: ``model``'s move passes over or under ``other``'s base without passing
    through it: one of them perches (at ``end`` for ``model``) and the lower one's head stays
    under the top the other stands on (« du moment qu'elles passent »)."""
    if not state.perchers:
        return False
    return _stacked(state, model, end, other) and _head_room(state, model, start, end, other) >= 0


def contact_at(state: BattleState, model: ModelState, point: Point, other: ModelState) -> bool:
    """MOVE-CHG-02 with SR-FLY-05: ``model`` at ``point`` is in contact with ``other``: bases
    touching, or one perched over the other within 1" of height (a landing on a model below,
    a charge ending beneath a perched flyer); a perched model and one touching its base more
    than 1" below it are not in contact."""
    gap = point_distance(point, other.position) - model.radius - other.radius
    if gap > CONTACT_TOLERANCE:
        return False
    if not _stacked(state, model, point, other):
        return gap >= -CONTACT_TOLERANCE
    room = state.height_apart(model, point, other)
    if gap < -CONTACT_TOLERANCE and room < 0.0:
        return False  # the lower one's head would be inside the perched one
    return room <= PERCH_REACH


def out_of_reach(
    state: BattleState, model: ModelState, start: Point, end: Point, other: ModelState
) -> bool:
    """SR-FLY-05: more than 1" of height between a perched model and ``model``'s move (its
    landing, or a walker's path below it): no control zone reaches across (MOVE-ZOC-01)."""
    if not state.perchers or not _stacked(state, model, end, other):
        return False
    return _head_room(state, model, start, end, other) > PERCH_REACH
