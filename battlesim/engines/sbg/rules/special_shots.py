"""Shots a rule treats as a missile weapon the model does not carry (a Dragon's Breathe Fire,
the Goblin King's projectile): the rule names the weapon it shoots as, what the shot costs
and what it does to the model it hits. The Shoot phase (phases/shoot.py) offers each model
its special shots through ``ChooseSpecialShot``; a model that takes one takes no other shot
that phase (it has shot)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.arms import MissileWeapon
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules.shooting import OnHit, can_shoot, legal_targets, shoot


@dataclass(frozen=True, slots=True)
class SpecialShot:
    name: str  # the trigger that gives it
    weapon: MissileWeapon  # what it is treated as (range, kind: the moving limits)
    ready: Callable[[BattleState, ModelState], bool]  # its cost can be paid now
    pay: Callable[[BattleState, ModelState], bool]  # False: the deed is cancelled (pools)
    on_hit: OnHit
    worth: Callable[[BattleState, ModelState, ModelState], float]  # the heuristic's value


SPECIAL_SHOTS: dict[str, SpecialShot] = {}


def register_shot(shot: SpecialShot) -> SpecialShot:
    SPECIAL_SHOTS[shot.name] = shot
    return shot


@dataclass(frozen=True, slots=True)
class ShotOption:
    shot: str
    target: ModelId


def options(state: BattleState, model: ModelState) -> list[ShotOption]:
    """Every (special shot, target) the model may take now."""
    if model.shot:
        return []
    found: list[ShotOption] = []
    for name in sorted(model.triggers & SPECIAL_SHOTS.keys()):
        shot = SPECIAL_SHOTS[name]
        if shot.ready(state, model) and can_shoot(state, model, shot.weapon):
            targets = legal_targets(state, model, shot.weapon)
            found += [ShotOption(name, t.uid) for t in targets]
    return found


@dataclass(frozen=True, slots=True)
class ChooseSpecialShot(Decision[ShotOption | None]):
    """Which special shot the model takes, at whom (None: none). Heuristic: the option the
    rule values most, if it is worth anything."""

    shooter: ModelState
    options: Sequence[ShotOption]

    def default(self, state: BattleState) -> ShotOption | None:
        def value(option: ShotOption) -> float:
            shot = SPECIAL_SHOTS[option.shot]
            return shot.worth(state, self.shooter, state.models[option.target])

        best = max(self.options, key=value, default=None)
        return best if best is not None and value(best) > 0 else None


def take(state: BattleState, shooter: ModelState, option: ShotOption) -> None:
    """Pay for the shot and shoot it as its weapon."""
    shot = SPECIAL_SHOTS[option.shot]
    paid = shot.pay(state, shooter)
    shooter.shot = True
    if not paid:  # the shot is cancelled, its cost lost (pools.SPENT)
        state.log.emit("cancelled", model=shooter.uid, deed=f"special shot {shot.name}")
        return
    state.log.emit("special_shot", model=shooter.uid, shot=shot.name, target=option.target)
    shoot(state, shooter, state.models[option.target], on_hit=shot.on_hit)
