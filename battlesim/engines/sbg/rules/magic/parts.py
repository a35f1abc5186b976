"""The rider or the mount of a Cavalry model (MAGIC-TGT-03, 002:L2305, L2331).

Ten powers name the choice in their text (``PowerUnit.parts``: Wither, Banishment, Blessing
of the Valar, Drain Courage, Renew, Curse, Chill Soul, Black Dart, Strengthen Will, Sap
Will): against a Cavalry model whose mount lives, the caster's player chooses and announces
the part before the casting roll (``ChoosePowerPart``), and only that part may resist
(resisting.py). The mount's side of each effect is here: its Wounds (a slain mount throws
its rider, as a killed mount does outside a fight: cavalry.wound_mount), its Strength (the
mounted model fights with the higher of rider's and mount's, CAV-FIGHT-01) and Courage (it
counts once the mount is riderless, CAV-LOOSE-01), its Will and Fate (a mount starts with
none of its own: mounts.MountState).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core import names
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.mounts import MountState, lowered
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.cavalry import MOUNT, RIDER, mount_defence
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.magic.spells import PowerUnit, Spell

SPIRIT = "spirit"
BANISHMENT = "MAGIC-P-BANISH"  # it affects Spirits only: the mount only if it is one


@dataclass(frozen=True, slots=True)
class ChoosePowerPart(Decision[str]):
    """MAGIC-TGT-03: "rider" or "mount" of the Cavalry ``target``, chosen before rolling."""

    caster: ModelState
    target: ModelState
    power: str  # the power's name
    parts: tuple[str, ...]

    def default(self, state: BattleState) -> str:
        return RIDER


def parts_of(unit: PowerUnit, target: ModelState) -> tuple[str, ...]:
    """The parts the power may affect: the mount too for a power that names the choice,
    at a Cavalry model whose mount lives (a Spirit mount only, for Banishment)."""
    mount = target.mount
    if not unit.parts or mount is None or mount.slain:
        return (RIDER,)
    if unit.id == BANISHMENT and not spirit_mount(mount):
        return (RIDER,)
    return (RIDER, MOUNT)


def spirit_mount(mount: MountState) -> bool:
    return any(names.canonical(rule) == SPIRIT for rule in mount.profile.rules)


def choose_part(
    state: BattleState,
    players: Sequence[Any],
    caster: ModelState,
    unit: PowerUnit,
    target: ModelState,
) -> str:
    """Ask the caster's player which part (when there is a choice) and announce it."""
    legal = parts_of(unit, target)
    if len(legal) == 1:
        return RIDER
    part = RIDER
    if players:
        part = players[caster.player].decide(
            state, ChoosePowerPart(caster, target, unit.name, legal)
        )
    if part not in legal:
        state.log.emit("refused", model=caster.uid, reason=f"{part!r} is not rider or mount")
        part = RIDER
    state.log.emit(
        "power_part", model=caster.uid, target=target.uid, power=unit.id, name=unit.name, part=part
    )
    return part


# --- the power's effect on the mount ------------------------------------------------------


def chosen_part(spell: Spell) -> tuple[ModelState | MountState, dict[str, str]]:
    """The target, or its mount when the caster chose it: both hold their own Wounds, Will
    and Fate; with the log's tag for the mount (nothing for the rider)."""
    mount = spell.target.mount
    if spell.part == MOUNT and mount is not None:
        return mount, {"part": MOUNT}
    return spell.target, {}


def hit_mount(
    state: BattleState,
    caster: ModelState,
    target: ModelState,
    strength: int,
    source: str,
    wounds: int = 1,
) -> bool:
    """One hit of ``strength`` on the mount, against its own Defence; ``wounds`` Wounds if
    it wounds."""
    mount = target.mount
    if not target.alive or mount is None or mount.slain:
        return False
    armour = mount_defence(target, state)
    purpose = f"to wound {source} -> {target.uid} mount (S{strength} D{armour})"
    if roll_to_wound(state, strength, armour, 0, purpose, roller=caster, target=target):
        mount_loses_wounds(state, target, wounds, source)
        return True
    return False


def mount_loses_wounds(state: BattleState, target: ModelState, count: int, source: str) -> None:
    """The mount loses ``count`` Wounds one by one ("as if wounded in combat"); slain, it
    throws its rider (cavalry.wound_mount)."""
    for _ in range(count):
        mount = target.mount
        if not target.alive or mount is None or mount.slain:
            return
        state.wound(target, source, at_mount=True)


def lower_mount(
    state: BattleState, target: ModelState, strength: int = 0, courage: int = 0
) -> None:
    """Wither, Drain Courage on the mount: its own Strength or Courage, for the game."""
    mount = target.mount
    assert mount is not None
    mount.strength_lost += strength
    mount.courage_lost += courage
    state.log.emit(
        "mount_lowered", model=target.uid, strength=-strength, courage=-courage, part=MOUNT
    )


@register(Hook.STRENGTH, "cavalry")
def _withered_mount(context: HookContext) -> int:
    """The mounted model's Strength is the higher of rider's and mount's (CAV-FIGHT-01):
    a withered mount lowers it only where the mount's was the higher."""
    mount = context.model.mount
    if mount is None or not mount.strength_lost:
        return 0
    rider, card = mount.foot.strength, mount.profile.strength
    return max(rider, lowered(card, mount.strength_lost)) - max(rider, card)
