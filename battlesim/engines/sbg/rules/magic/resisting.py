"""Resisting a Magical Power (MAGIC-RES-01..05, 002:L2327-2353; SR-RESMAGIC, L2855).

The targets' side chooses one model to resist (MAGIC-RES-05: for a power on several enemies
one resists for all, ``ChooseResister``) and how many Will points it spends
(``ChooseResist``), before rolling. Free dice come from Resistant to Magic (one) and Fortify
Spirit (two, channelled: +1 to the highest), rolled even with 0 Will; they never refund.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core import effects, names
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, notify
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules.cavalry import MOUNT, RIDER
from battlesim.engines.sbg.rules.heroic_actions import heroic_turn
from battlesim.engines.sbg.rules.magic.will_of_evil import banish
from battlesim.engines.sbg.rules.pools import Pool, available
from battlesim.engines.sbg.rules.will import resist

if TYPE_CHECKING:
    from battlesim.engines.sbg.rules.magic.spells import Spell

RESISTANT = "resistant to magic"
REGISTRY.register(RESISTANT, kind=Kind.RULE, source="SR-RESMAGIC (002:L2853-2855)")
FORTIFIED = "fortify spirit"  # MAGIC-P-FORTIFY's mark (powers_aid.py)
# Army rules that give friends Resistant to Magic (Song to Elbereth, the Pennant of the Dead)
RESISTANT_AURAS: list[Callable[[BattleState, ModelState], bool]] = []


@dataclass(frozen=True, slots=True)
class ChooseResister(Decision[ModelId]):
    """MAGIC-RES-05: which of the affected models resists for all."""

    side: int
    candidates: tuple[ModelState, ...]
    casting: int

    def default(self, state: BattleState) -> ModelId:
        return max(self.candidates, key=lambda m: (m.will + free_dice(state, m)[0], m.uid)).uid


@dataclass(frozen=True, slots=True)
class ChooseResist(Decision[int]):
    """MAGIC-RES-01: the Will points the target spends (0..its Will), before rolling; the
    ``free`` dice are rolled anyway; ``worth``: what the power would cost its side."""

    model: ModelState
    casting: int
    free: int
    worth: float
    part: str = RIDER  # MAGIC-TGT-03: "mount": the mount resists, with its own Will

    def default(self, state: BattleState) -> int:
        return 0


def free_dice(state: BattleState, model: ModelState) -> tuple[int, int]:
    """(free dice, bonus on the highest): SR-RESMAGIC, MAGIC-P-FORTIFY."""
    resistant = RESISTANT in model.triggers or any(a(state, model) for a in RESISTANT_AURAS)
    free = 1 if resistant else 0
    free += heroic_turn(model).resist_dice  # HERO-HR-01: Heroic Resolve's free die
    fortify = effects.marked(state, model, FORTIFIED)
    bonus = 0
    if fortify is not None:
        free += 2
        bonus = fortify.value
    return free, bonus


def resisted(state: BattleState, players: Sequence[Any], spell: Spell, casting: int) -> bool:
    """MAGIC-RES-01..05: one model resists; True if it did (the power does nothing). A model
    affected indirectly never resists (MAGIC-RES-03): only those the power aims at may."""
    candidates = tuple(m for m in spell.affected if m.alive)
    if not candidates:
        return False
    side = candidates[0].player
    player = players[side] if players else None
    if spell.part == MOUNT and spell.target.mount is not None:
        return _mount_resists(state, player, spell, casting)
    model = candidates[0]
    if len(candidates) > 1 and player is not None:
        chosen = player.decide(state, ChooseResister(side, candidates, casting))
        model = next((m for m in candidates if m.uid == chosen), candidates[0])
    free, bonus = free_dice(state, model)
    worth = spell.power.worth(state, spell.caster, spell.target, spell.channelled)
    points = 0
    store = available(state, model, Pool.WILL)  # its own, and any lent (A Good Sort Really)
    if player is not None and store > 0:
        points = player.decide(state, ChooseResist(model, casting, free, worth))
        if not isinstance(points, int) or not 0 <= points <= store:
            state.log.emit("refused", model=model.uid, reason=f"cannot resist with {points!r}")
            points = 0
    if not points and not free:
        return False
    held = resist(state, model, points, casting, free, bonus, spell.power.id)
    banish(state, model)  # SR-WILLEVIL: its last Will spent resisting
    if not held:
        return False
    notify(state, On.SPELL_RESISTED, Happening(spell.caster, source=spell.power.id, other=model))
    return True


def _mount_resists(state: BattleState, player: Any, spell: Spell, casting: int) -> bool:
    """MAGIC-TGT-03 (002:L2331): a power aimed at the mount is resisted by the mount alone,
    if it can: with its own Will (mounts.MountState) and its own Resistant to Magic, not its
    rider's Will, Might, Fortify Spirit nor Heroic Resolve."""
    model, mount = spell.target, spell.target.mount
    assert mount is not None
    free = 1 if any(names.canonical(rule) == RESISTANT for rule in mount.profile.rules) else 0
    points = 0
    if player is not None and mount.will > 0:
        worth = spell.power.worth(state, spell.caster, model, spell.channelled)
        points = player.decide(state, ChooseResist(model, casting, free, worth, MOUNT))
        if not isinstance(points, int) or not 0 <= points <= mount.will:
            state.log.emit("refused", model=model.uid, reason=f"cannot resist with {points!r}")
            points = 0
    if not points and not free:
        return False
    mount.will -= points
    paid = state.roll(points, f"resist {model.uid} mount ({casting}+)") if points else []
    extra = state.roll(free, f"free resist {model.uid} mount ({casting}+)") if free else []
    mount.will += sum(1 for die in paid if die == 6)  # MAGIC-RES-02: refunded at once
    best = max(paid + extra)
    held = best >= casting
    state.log.emit(
        "resist", model=model.uid, dice=paid + extra, best=best, resisted=held, part=MOUNT
    )
    if held:
        notify(
            state, On.SPELL_RESISTED, Happening(spell.caster, source=spell.power.id, other=model)
        )
    return held
