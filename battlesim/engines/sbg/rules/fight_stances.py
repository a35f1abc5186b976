"""How models fight this fight, declared before the Duel roll: Shielding (ARM-SH-03..05,
002:L2277-2281) and a hand-and-a-half weapon used one- or two-handed (WPN-HAH-01, 002:L1951).

Both are per-fight flags on ``ModelState`` (``shielding``, ``two_hands``) cleared with the
other per-fight effects; hook handlers and the fight phase read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.arms import Handedness
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player
    from battlesim.engines.sbg.core.state import BattleState, ModelState
    from battlesim.engines.sbg.rules.combats import Combat

_CANNOT_SHIELD = frozenset({"cavalry"})  # ARM-SH-05 (Immobilised/Transfixed: no magic yet)
# Rules that let a model Shield without a shield (army rules add theirs)
SHIELD_WITHOUT_SHIELD: set[str] = set()
# Wargear or rules by which a model never fights two-handed (the Flaming Brand)
ONE_HAND_ONLY: set[str] = set()


def may_shield(models: list[ModelState]) -> bool:
    """ARM-SH-04/05: every allied model in the fight has a shield and none is Cavalry
    (Prone models may Shield)."""
    return bool(models) and all(
        ("shield" in m.triggers or bool(m.triggers & SHIELD_WITHOUT_SHIELD))
        and not (m.triggers & _CANNOT_SHIELD)
        for m in models
    )


def declare(state: BattleState, combat: Combat, players: tuple[Player, Player]) -> None:
    """Before supporters and special strikes: each side may Shield (all or none), then each
    hand-and-a-half wielder not Shielding picks one or two hands."""
    for side in (0, 1):
        mine, theirs = combat.side(side), combat.side(1 - side)
        if may_shield(mine) and players[side].decide(state, ChooseShielding(mine, theirs)):
            for model in mine:
                model.shielding = True
            state.log.emit("shielding", models=[m.uid for m in mine])
    for model in [combat.center, *combat.leaves]:
        if _half(model) and not model.shielding and not model.triggers & ONE_HAND_ONLY:
            enemies = combat.side(1 - model.player)
            model.two_hands = bool(
                players[model.player].decide(state, ChooseTwoHands(model, enemies))
            )
            if model.two_hands:
                state.log.emit("two_hands", model=model.uid)


def _half(model: ModelState) -> bool:
    weapon = model.weapon
    return weapon is not None and weapon.handedness is Handedness.HAND_AND_A_HALF


def duel_dice(model: ModelState, attacks: int) -> int:
    """ARM-SH-03: a Shielding model doubles its Attacks for the Duel roll only."""
    return attacks * 2 if model.shielding else attacks


@register(Hook.DUEL_DIE, "hand-and-a-half")
def _two_hands_duel(context: HookContext) -> int:
    """WPN-HAH-01, WPN-2H-02: used two-handed, -1 Duel (masterforged: none, WPN-MASTER-01)."""
    model = context.model
    return -1 if model.two_hands and "masterforged" not in model.triggers else 0


@register(Hook.WOUND_ROLL, "hand-and-a-half")
def _two_hands_wound(context: HookContext) -> int:
    """WPN-HAH-01, WPN-2H-02: used two-handed, +1 To Wound (both dice of a 6/x)."""
    return 1 if context.model.two_hands and not context.details.get("missile") else 0


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseShielding(Decision[bool]):
    """ARM-SH-03/04: whether this side's models in the fight Shield (all of them)."""

    models: Sequence[ModelState]
    enemies: Sequence[ModelState]


@dataclass(frozen=True, slots=True)
class ChooseTwoHands(Decision[bool]):
    """WPN-HAH-01: whether a hand-and-a-half weapon is used two-handed this fight."""

    model: ModelState
    enemies: Sequence[ModelState]
