"""How the siege heuristic reaches the pieces nobody charges (rules/movement.chargeable):
a gate or a rallying point is touched by a plain move (no control zone, SE-ATK-03 and the
pieces kept like it), then the piece's own rule acts (SIEGE-GATEATK-01 at the Fight phase's
end, SIEGE-RALLY-01 at the End phase's start)."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.paths import angle_to, fan, rotated
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.policies.siege_equipment import legal_move
from battlesim.engines.sbg.rules.siege_rally import rally_points

CONTACT = CONTACT_TOLERANCE / 2  # inches: a gap well within the contact tolerance
SPOTS = 12  # spots tried each side of the straight line
SPREAD = math.radians(15)  # between two spots round the piece


def touch(state: BattleState, model: ModelState, piece: ModelState) -> Move | None:
    """A legal move into base contact with ``piece`` within this turn's Move, the spot
    nearest the model's straight line first (as the charge search found one, before the
    charge was banned)."""
    gap = piece.radius + model.radius + CONTACT
    if math.dist(model.position, piece.position) > gap + model.profile.move - model.spent:
        return None
    for angle in fan(angle_to(piece.position, model.position), SPOTS, SPREAD):
        spot = rotated(piece.position, angle, gap)
        if math.dist(model.position, spot) > model.profile.move - model.spent:
            continue
        move = legal_move(state, model, spot)
        if move is not None:
            return move
    return None


def touch_rally(state: BattleState, model: ModelState) -> Move | None:
    """An enemy rallying point no friend touches yet, within reach: touched (it falls at
    the End phase if the model fights no one, SIEGE-RALLY-01)."""
    if state.engaged(model):
        return None
    for point in rally_points(state, 1 - model.player):
        friends = state.near(point.x, point.y, point.radius + state.largest_radius, model.player)
        if any(state.in_contact(f, point) for f in friends):
            continue
        move = touch(state, model, point)
        if move is not None:
            return move
    return None
