"""Bludgeon, the Ent's unique Brutal Power Attack (BattleScribe game system, 'Bludgeon
(Brutal Power Attack)'): a registered BPA open only to profiles naming it (MON-BPA-01).

One enemy of the fight that is not a Monster becomes the bludgeon; the Ent hits another
model of the fight with it: both suffer one Strength 8 hit; while the target is slain the
Ent may hit another, until one survives or none is left; a surviving bludgeon is Prone.
A Cavalry bludgeon is the whole model; if it survives, being knocked Prone throws its rider
(CAV-LOOSE-03, core.knock_prone; data.ASSUMPTIONS 'bludgeon').
"""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.state import ModelState
from battlesim.engines.sbg.rules.combat import ChooseStrikeTarget
from battlesim.engines.sbg.rules.kinds import is_monster
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    hit,
    knock_prone,
    register_bpa,
)

BLUDGEON_STRENGTH = 8


def bludgeon_targets(fight: BpaFight) -> list[ModelState | None]:
    """The bludgeon: an enemy of the fight, not a Monster, with another model to hit."""
    losers = fight.living_losers()
    if len(losers) < 2:
        return []
    return [m for m in losers if not is_monster(m)]


def resolve_bludgeon(fight: BpaFight, club: ModelState | None) -> None:
    assert club is not None
    state, monster = fight.state, fight.monster
    while True:
        targets = [m for m in fight.living_losers() if m is not club]
        if not targets:
            break
        target = _pick(fight, targets)
        hit(state, target, BLUDGEON_STRENGTH, f"bludgeoned by {monster.uid}")
        hit(state, club, BLUDGEON_STRENGTH, f"used as a bludgeon by {monster.uid}")
        if target.alive:
            break
    knock_prone(state, club, "used as a bludgeon")


def _pick(fight: BpaFight, targets: list[ModelState]) -> ModelState:
    """The controller picks whom to hit (as a strike target); a refused pick takes the first."""
    state = fight.state
    choice = fight.player.decide(state, ChooseStrikeTarget(fight.monster, targets, frozenset()))
    for target in targets:
        if target.uid == choice:
            return target
    error = IllegalActionError(f"{choice} cannot be hit with the bludgeon")
    state.log.emit("refused", model=fight.monster.uid, reason=str(error))
    return targets[0]


BLUDGEON = register_bpa(
    BrutalPowerAttack("bludgeon", bludgeon_targets, resolve_bludgeon, unique=True)
)
