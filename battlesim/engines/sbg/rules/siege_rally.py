"""The rallying point (checklist part 2 §12.3, SIEGE-RALLY-01, 002:L3305-3309; READINGS).

A piece of the besieged side on a 25 mm base, kept like a gate (``units.STRUCTURES``: no
model of the army, never charged nor harmed by shots). Friendly models treat it as a banner
(EQP-BAN, within 3": one Duel die re-rolled) and those within 6" add 1 to their Courage (not
cumulative: one +1 whatever the number of points in reach). At the End phase's start an
enemy standing in base contact with it that this turn cast no power, shot no missile, was
in no fight and was not held by Immobilise or Paralyse may destroy it (through the Player).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.data import BANNER_RANGE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.marks import paralysed
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.units import (
    RALLYING_POINT,
    STRUCTURES,
    ModelSpec,
    PlayerId,
    Profile,
)
from battlesim.engines.sbg.rules import equipment
from battlesim.engines.sbg.rules.magic.casting import CAST_TURN
from battlesim.engines.sbg.rules.muster import model_state
from battlesim.engines.sbg.rules.siege_towers import room_near

COURAGE_REACH = 6.0  # SIEGE-RALLY-01 (002:L3309): « à moins de 6" ... +1 »
COURAGE_BONUS = 1
BASE_MM = 25.0  # « sur un socle de 25 mm »

REGISTRY.register(RALLYING_POINT, kind=Kind.RULE, source="SIEGE-RALLY-01 (002:L3309)")


def rally_profile() -> Profile:
    return Profile(
        name=RALLYING_POINT,
        move=0.0,
        fight=0,
        shoot=6,
        strength=0,
        defence=10,
        attacks=0,
        wounds=1,
        courage=0,
        keywords=frozenset({RALLYING_POINT}),
        base_mm=BASE_MM,
    )


def place_rally_points(state: BattleState, points: Sequence[Point], owner: PlayerId = 1) -> None:
    """SIEGE-DEF-GEN-01: the besieged side's rallying points, where the scenario says."""
    for k, point in enumerate(points, start=1):
        uid = f"R{k}"
        piece = model_state(ModelSpec(uid, rally_profile()), owner, point)
        spot = room_near(state, piece, point, 2.0) or point  # off a deployed model's base
        state.spawn(model_state(ModelSpec(uid, rally_profile()), owner, spot))
        state.log.emit("rallying_point", model=uid, owner=owner)


def rally_points(state: BattleState, player: PlayerId) -> list[ModelState]:
    if not state.structures:
        return []
    return [m for m in state.living(player) if RALLYING_POINT in m.triggers]


def _banner(state: BattleState, members: list[ModelState]) -> ModelState | None:
    """EQP-BAN-01/02: a friendly rallying point within 3" of a model of the fight."""
    for point in rally_points(state, members[0].player):
        if any(state.distance(point, m) <= BANNER_RANGE + 1e-9 for m in members):
            return point
    return None


equipment.BANNER_RULES.append(_banner)


@register(Hook.COURAGE, "any")
def _rally_courage(context: HookContext) -> int:
    """+1 Courage within 6" of a friendly rallying point (once)."""
    model = context.model
    if model.triggers & STRUCTURES:
        return 0
    for point in rally_points(context.state, model.player):
        if context.state.distance(point, model) <= COURAGE_REACH + 1e-9:
            return COURAGE_BONUS
    return 0


@grant(May.BE_CHARGED, RALLYING_POINT, source="SIEGE-RALLY-01 (002:L3309)")
def _not_charged(_context: object) -> bool:
    return False


@on(On.KNOCKED_DOWN, "rallying point stands", order=0, trigger=RALLYING_POINT)
def _stands(_state: BattleState, _happening: Happening) -> bool:
    return True


def may_destroy(state: BattleState, model: ModelState, point: ModelState) -> bool:
    """« un ennemi qui n'est pas à terre est au contact ... et qu'il n'a pas lancé de sort,
    utilisé d'armes de tir, été impliqué dans un Combat ni soumis aux effets des Pouvoirs
    Magiques Immobilisation ou Engourdissement au cours de ce tour »."""
    return (
        model.player != point.player
        and not (model.triggers & STRUCTURES)
        and not model.prone
        and state.in_contact(model, point)
        and not CAST_TURN.peek(model)
        and not model.shot
        and not model.fought
        and not model.supported
        and not effects.barred(state, model, Bar.MOVE)  # Immobilise (Transfix) holds it
        and not paralysed(state, model)
    )


@every(Tick.PHASE_START, "rallying points destroyed", 50)
def _destroy(state: BattleState) -> None:
    """At the End phase's start (before the turn's flags are cleared)."""
    if state.phase is not Phase.END or state.players is None or not state.structures:
        return
    for side in (0, 1):
        for point in rally_points(state, side):
            near = state.near(point.x, point.y, point.radius + state.largest_radius + 0.1)
            for model in sorted(near, key=lambda m: m.uid):
                if point.alive and may_destroy(state, model, point):
                    _offer(state, model, point)


def _offer(state: BattleState, model: ModelState, point: ModelState) -> None:
    if state.players[model.player].decide(state, DestroyRally(model, point)):
        state.log.emit("rallying_point_destroyed", model=model.uid, point=point.uid)
        state.remove(point, Removal.SLAIN, f"destroyed by {model.uid}")


@dataclass(frozen=True, slots=True)
class DestroyRally(Decision[bool]):
    """SIEGE-RALLY-01: does the enemy model destroy the rallying point? Default: yes."""

    model: ModelState
    point: ModelState

    def default(self, state: BattleState) -> bool:
        return True
