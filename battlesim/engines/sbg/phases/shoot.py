"""The Shoot phase (checklist part 1 §5, 002:L689-918; missile weapons part 2 §6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
    Phase,
)
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules import demolition, siege_engines, special_shots
from battlesim.engines.sbg.rules.shooting import (
    can_shoot,
    is_legal_target,
    legal_targets,
    shoot,
    shots_allowed,
)
from battlesim.engines.sbg.rules.special_shots import SPECIAL_SHOTS

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


def run_shoot_phase(state: BattleState, players: tuple[Player, Player]) -> None:
    """SHOOT-GEN-02, TURN-04: the Priority side shoots first, one model at a time."""
    state.begin_phase(Phase.SHOOT)
    state.log.emit("phase", phase=Phase.SHOOT.value, turn=state.turn)
    heroic.declare_all(state, players, Phase.SHOOT)  # HERO-HA-01
    for side in (state.priority, 1 - state.priority):  # BSData a4dc-4e53-02a8-ca97
        siege_engines.fire_engines(state, side, heroic=True)  # a Heroic Shoot, no Might
    heroic.run_heroic_shoots(state, players, _take_shots)  # HERO-HS-01: before Priority
    for side in (state.priority, 1 - state.priority):
        siege_engines.fire_engines(state, side)  # SE-SHOOT-01: its crew's shooting attack
        for shooter in list(state.living(side)):
            if shooter.alive and shooter.triggers & SPECIAL_SHOTS.keys():
                _special_shot(state, players[side], shooter)
            if shooter.alive and can_shoot(state, shooter):
                _take_shots(state, players[side], shooter)


def _special_shot(state: BattleState, player: Player, shooter: ModelState) -> None:
    """A shot a rule gives (rules/special_shots.py), asked before the model's own shots."""
    offered = special_shots.options(state, shooter)
    if not offered:
        return
    choice = player.decide(state, special_shots.ChooseSpecialShot(shooter, offered))
    if choice is None:
        return
    if choice not in offered:
        state.log.emit("refused", model=shooter.uid, reason=f"illegal special shot {choice}")
        return
    special_shots.take(state, shooter, choice)


def _take_shots(state: BattleState, player: Player, shooter: ModelState) -> None:
    for _ in range(shots_allowed(state, shooter)):
        if demolition.CHARGES.peek(state) is not None and _shot_at_charge(state, player, shooter):
            continue
        targets = legal_targets(state, shooter)
        if not targets:
            return
        choice = player.decide(state, ChooseTarget(shooter, targets))
        if choice is None:
            return
        chosen = state.models.get(choice)
        # one of the targets just offered is legal (nothing moved since): not asked again
        offered = chosen is not None and any(chosen is t for t in targets)
        if chosen is None or not (offered or is_legal_target(state, shooter, chosen)):
            error = IllegalActionError(f"{choice} is not a legal target for {shooter.uid}")
            state.log.emit("refused", model=shooter.uid, reason=str(error))
            return
        shooter.shot = True
        shoot(state, shooter, state.models[choice])


def _shot_at_charge(state: BattleState, player: Player, shooter: ModelState) -> bool:
    """DEMO-07 (002:L3210): an enemy charge lying on the ground may be shot instead."""
    offered = tuple(demolition.shootable(state, shooter))
    if not offered:
        return False
    choice = player.decide(state, demolition.ShootCharge(shooter, offered))
    if choice is None:
        return False
    if choice not in offered:
        state.log.emit("refused", model=shooter.uid, reason=f"{choice} is not a charge to shoot")
        return False
    demolition.shoot_charge(state, shooter, choice)
    return True


# Imported last: the Heroic Actions glue reuses this module's steps (can_shoot).
from battlesim.engines.sbg.phases import heroic  # noqa: E402

# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseTarget(Decision[ModelId | None]):
    """SHOOT-ELIG-03: the enemy a model shoots at (None: it holds its fire)."""

    shooter: ModelState
    targets: Sequence[ModelState]
