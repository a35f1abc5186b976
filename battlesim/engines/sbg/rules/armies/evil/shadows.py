"""The Nazgûl of Dol Guldur that are placed rather than moved, from the BattleScribe rule
text: the Lingering Shadow's Unnatural Speed and the Abyssal Knights' Spiritual
Displacement. Both act once Priority has been rolled (the Priority phase's end); neither
counts as moving, and neither may place the model in base contact with an enemy."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import Point, terrain_fits
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every

_HEADINGS = tuple(math.radians(d) for d in range(0, 360, 15))


def free_spot(state: BattleState, model: ModelState, spot: Point) -> bool:
    """On the table and its terrain, overlapping no base, touching no enemy."""
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    for other in state.near(spot[0], spot[1], model.radius + 3.0):
        if other is model:
            continue
        gap = math.hypot(spot[0] - other.x, spot[1] - other.y) - model.radius - other.radius
        if gap < -CONTACT_TOLERANCE or (other.player != model.player and gap <= CONTACT_TOLERANCE):
            return False
    return True


def _nearest_enemy_gap(state: BattleState, model: ModelState, spot: Point) -> float:
    return min(
        (
            math.hypot(spot[0] - e.x, spot[1] - e.y) - e.radius - model.radius
            for e in state.enemies(model)
        ),
        default=math.inf,
    )


def _place(state: BattleState, model: ModelState, spot: Point, rule: str) -> None:
    state.log.emit("placed", model=model.uid, rule=rule, start=model.position, end=spot)
    state.set_position(model, spot)


# Unnatural Speed (the Lingering Shadow): after Priority, he may be placed anywhere within
# 3" of where he was.
UNNATURAL_SPEED = "unnatural speed"
SHADOW_STEP = 3.0


@dataclass(frozen=True, slots=True)
class ChooseShadowStep(Decision[Point | None]):
    """Where the Lingering Shadow is placed (None: he stays). Heuristic: the spot nearest an
    enemy, if it is nearer than where he stands."""

    shadow: ModelState
    spots: Sequence[Point]

    def default(self, state: BattleState) -> Point | None:
        here = _nearest_enemy_gap(state, self.shadow, self.shadow.position)
        best = min(
            self.spots, key=lambda s: _nearest_enemy_gap(state, self.shadow, s), default=None
        )
        if best is None or _nearest_enemy_gap(state, self.shadow, best) >= here - 0.5:
            return None
        return best


def _shadow_spots(state: BattleState, shadow: ModelState) -> list[Point]:
    x, y = shadow.position
    spots = [
        (x + reach * math.cos(h), y + reach * math.sin(h))
        for reach in (SHADOW_STEP, SHADOW_STEP / 2)
        for h in _HEADINGS
    ]
    return [s for s in spots if free_spot(state, shadow, s)]


@every(Tick.PHASE_END, UNNATURAL_SPEED, order=40)
def _unnatural_speed(state: BattleState) -> None:
    if state.phase is not Phase.PRIORITY:
        return
    for shadow in [m for m in state.living() if UNNATURAL_SPEED in m.triggers]:
        if state.engaged(shadow):
            continue  # READINGS: an engaged model is not lifted out of its fight
        spots = _shadow_spots(state, shadow)
        if not spots:
            continue
        ask = ChooseShadowStep(shadow, spots)
        players = state.players
        spot = ask.default(state) if players is None else players[shadow.player].decide(state, ask)
        if spot is not None and spot in spots:
            _place(state, shadow, spot, UNNATURAL_SPEED)


REGISTRY.register(UNNATURAL_SPEED, kind=Kind.RULE, source="BSData Unnatural Speed")

# Spiritual Displacement (the Abyssal Knights): after Priority, one Abyssal Knight may be
# placed in base contact with the other.
DISPLACEMENT = "spiritual displacement"


@dataclass(frozen=True, slots=True)
class DisplaceKnight(Decision[tuple[str, Point] | None]):
    """Which Knight goes beside the other, and where (None: neither). Heuristic: the Knight
    farther from the enemy joins the other when that brings him 6" or more nearer."""

    options: Sequence[tuple[str, Point]]

    def default(self, state: BattleState) -> tuple[str, Point] | None:
        best: tuple[float, tuple[str, Point]] | None = None
        for uid, spot in self.options:
            knight = state.models[uid]
            gain = _nearest_enemy_gap(state, knight, knight.position) - _nearest_enemy_gap(
                state, knight, spot
            )
            if gain >= 6.0 and (best is None or gain > best[0]):
                best = (gain, (uid, spot))
        return None if best is None else best[1]


def _beside(state: BattleState, knight: ModelState, other: ModelState) -> list[Point]:
    reach = knight.radius + other.radius
    spots = [(other.x + reach * math.cos(h), other.y + reach * math.sin(h)) for h in _HEADINGS]
    return [s for s in spots if free_spot(state, knight, s)]


@every(Tick.PHASE_END, DISPLACEMENT, order=41)
def _spiritual_displacement(state: BattleState) -> None:
    if state.phase is not Phase.PRIORITY:
        return
    for player in (0, 1):
        knights = [m for m in state.living(player) if DISPLACEMENT in m.triggers]
        if len(knights) < 2:
            continue
        first, second = knights[:2]
        options = [
            (mover.uid, spot)
            for mover, other in ((first, second), (second, first))
            if not state.engaged(mover)
            for spot in _beside(state, mover, other)[:4]
        ]
        if not options:
            continue
        ask = DisplaceKnight(options)
        players = state.players
        choice = ask.default(state) if players is None else players[player].decide(state, ask)
        if choice is not None and choice in options:
            _place(state, state.models[choice[0]], choice[1], DISPLACEMENT)


REGISTRY.register(DISPLACEMENT, kind=Kind.RULE, source="BSData Spiritual Displacement")
