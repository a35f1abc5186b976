"""Breathe Fire (BattleScribe game system rule ff32-f09c-bb9f-2ff4, Active): a Dragon spends a
point of Will to breathe; the breath is a bow with a range of 18" (rules/special_shots.py). If
the shot hits, the model hit and every model, friend or foe, within 2" of it are Set Ablaze
(SR-ABLAZE, 002:L2793-2797) with a Strength 10 hit instead of 9; Cavalry suffer it on rider
and mount; Fate may save as normal, but a model wounded by the breath is slain.

Readings (READINGS.md): "the target" is the model the shot hits (an In The Way model, or a
friend in the combat, when the shot lands there); the Dragon itself is never caught; only
the breath's own hit slays outright, the burning afterwards is Set Ablaze's (S5 hits)."""

from __future__ import annotations

from battlesim.engines.sbg.core.arms import MissileKind, MissileWeapon
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import cavalry, characteristics
from battlesim.engines.sbg.rules.ablaze import ignite
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.special_shots import SpecialShot, register_shot
from battlesim.engines.sbg.rules.will import pay_will, will_to_spend

BREATHE_FIRE = "breathe fire"
SOURCE = "BSData ff32-f09c-bb9f-2ff4 (Breathe Fire)"
BREATH = MissileWeapon("fiery breath", 18.0, 10, MissileKind.BOW)
BREATH_STRENGTH = 10
BREATH_REACH = 2.0  # inches around the model hit


def caught(state: BattleState, dragon: ModelState, hit: ModelState) -> list[ModelState]:
    """The model hit and every other living model within 2" of it, the Dragon aside."""
    near = [
        m
        for m in state.living()
        if m is not hit and m is not dragon and state.distance(hit, m) <= BREATH_REACH + 1e-9
    ]
    return [hit, *near]


def breath_lands(state: BattleState, dragon: ModelState, hit: ModelState) -> None:
    state.log.emit("breath", model=dragon.uid, target=hit.uid)
    for model in caught(state, dragon, hit):
        if model.mount is not None and not model.mount.slain:
            _scorch(state, dragon, model, at_mount=True)
        _scorch(state, dragon, model, at_mount=False)
        ignite(state, model)


def _scorch(state: BattleState, dragon: ModelState, model: ModelState, at_mount: bool) -> None:
    """One Strength 10 hit; a wound slays (every Wound left, one blow: a Fate save stops it)."""
    if not model.alive:
        return
    mount = model.mount
    if at_mount and mount is not None:
        defence = cavalry.mount_defence(model, state)
    else:
        defence = characteristics.defence_value(state, model)
    purpose = f"breath of {dragon.uid} on {model.uid} (S{BREATH_STRENGTH} D{defence})"
    if not roll_to_wound(state, BREATH_STRENGTH, defence, 0, purpose, roller=dragon, target=model):
        return
    cause = f"breath of {dragon.uid}"
    if at_mount and mount is not None:
        mount.wounds = min(mount.wounds, 1)  # its one wound slays it
        state.wound(model, cause, at_mount=True)
    else:
        state.wound(model, cause, count=model.wounds)


def _ready(state: BattleState, dragon: ModelState) -> bool:
    return will_to_spend(state, dragon) >= 1


def _pay(state: BattleState, dragon: ModelState) -> bool:
    return pay_will(state, dragon, 1)


def _worth(state: BattleState, dragon: ModelState, target: ModelState) -> float:
    """Heuristic: the enemies the breath would catch, less twice the friends."""
    models = caught(state, dragon, target)
    foes = sum(1 for m in models if m.player != dragon.player)
    return foes - 2.0 * (len(models) - foes)


register_shot(SpecialShot(BREATHE_FIRE, BREATH, _ready, _pay, breath_lands, _worth))
REGISTRY.register(BREATHE_FIRE, kind=Kind.RULE, source=SOURCE)
