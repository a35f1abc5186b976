"""Special strikes (part 2 §5, 002:L2054-2102): declared before the Duel, effects by hooks.

A declared strike sets per-fight modifiers on the model (``fight_mod``, ``strength_mod``,
``defence_mod``) that hook handlers read, and changes how the winner strikes (Bash, Stun and
Whirl replace the normal strikes). A stunned model carries ``stunned_until`` (a turn number).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.arms import Handedness, SpecialStrike
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.mounts import feint_loss
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.combat import d3
from battlesim.engines.sbg.rules.footing import keeps_footing

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState

IMPLEMENTED = (
    SpecialStrike.FEINT,
    SpecialStrike.STAB,
    SpecialStrike.PIERCE,
    SpecialStrike.BASH,
    SpecialStrike.WHIRL,
    SpecialStrike.STUN,
)


BLADES_OF_THE_DEAD = "blades of the dead"


class IllegalStrikeError(ValueError):
    """A special strike the model's weapon or Fight value does not allow (SPS-GEN-01)."""


# Rules that let a model use a special strike its weapon does not give (Beefy: Bash)
EXTRA_STRIKES: dict[str, SpecialStrike] = {}
# ... among them, spears that may make them (the Emperor's Glaive: Feint)
SPEAR_STRIKES: set[str] = set()


def eligible(model: ModelState, enemy_fight: int, fight: int | None = None) -> list[SpecialStrike]:
    """SPS-GEN-01/02, SPS-FEINT-01, SPS-STAB-01: what the model's weapon allows now.

    ``enemy_fight`` is the highest Fight among the enemies of the fight, supporters included
    (ambiguity 14, confirmed by the example at 002:L2098-2102); ``fight`` the model's own as
    its rules set it (``characteristics.fight_base``), its profile's when not given.
    """
    fight = model.profile.fight if fight is None else fight
    weapon = model.weapon
    spear = weapon is not None and weapon.spear and not model.triggers & SPEAR_STRIKES
    if weapon is None or spear or BLADES_OF_THE_DEAD in model.triggers:
        return []  # SR-BLADESDEAD (002:L2819): no Special Strikes
    allowed = []
    extra = [s for rule, s in EXTRA_STRIKES.items() if rule in model.triggers]
    for strike in (*weapon.strikes, *(s for s in extra if s not in weapon.strikes)):
        if strike is SpecialStrike.FEINT and fight < enemy_fight:
            continue
        if strike is SpecialStrike.STAB and fight >= enemy_fight:
            continue
        if strike in IMPLEMENTED:
            allowed.append(strike)
    return allowed


def declare(state: BattleState, model: ModelState, strike: SpecialStrike, enemy_fight: int) -> None:
    """Record the declaration and apply what happens before the Duel (Feint, Whirl)."""
    fight = characteristics.fight_base(state, model)
    if strike not in eligible(model, enemy_fight, fight):
        raise IllegalStrikeError(f"{model.uid} cannot use {strike.value} now")
    model.strike = strike
    state.log.emit("special_strike", model=model.uid, strike=strike.value)
    if strike is SpecialStrike.FEINT:
        (die,) = state.roll(1, f"feint D3 {model.uid}")
        # SPS-FEINT-01: Fight -D3 to decide the Duel; SPS-CAV-01: the rider's Fight only
        model.fight_mod -= feint_loss(model.mount, fight, d3(die))
    elif strike is SpecialStrike.WHIRL and not model.triggers & WHIRL_KEEPS_FIGHT:
        model.fight_mod = 1 - fight  # SPS-WHIRL-01: Fight becomes 1


# Weapons whose bearer "does not reduce his Fight value for using the Whirl Special Strike"
# (the Stone Flail, rules/armies/evil/gundabad.py)
WHIRL_KEEPS_FIGHT: set[str] = set()


def after_duel(state: BattleState, model: ModelState, won: bool) -> None:
    """SPS-PIERCE-01: a winner has +1 Strength; a loser -D3 Defence for the fight."""
    if model.strike is not SpecialStrike.PIERCE:
        return
    if won:
        model.strength_mod += 1
    else:
        (die,) = state.roll(1, f"piercing strike D3 {model.uid}")
        model.defence_mod -= d3(die)


def rerolls_ones(model: ModelState) -> bool:
    """SPS-FEINT-01, SPS-STAB-01: a winner re-rolls To Wound rolls of 1."""
    return model.strike in (SpecialStrike.FEINT, SpecialStrike.STAB)


def bash(state: BattleState, model: ModelState, victim: ModelState) -> None:
    """SPS-BASH-01 (002:L2060-2064): D6 + Strength each, +1 two-handed; >= knocks prone."""
    weapon = model.weapon
    two_handed = weapon is not None and weapon.handedness is Handedness.TWO_HANDED
    (mine,) = state.roll(1, f"bash {model.uid}")
    (theirs,) = state.roll(1, f"resist bash {victim.uid}")
    total = mine + characteristics.strength_base(state, model) + (1 if two_handed else 0)
    knocked = total >= theirs + characteristics.strength_base(state, victim)
    state.log.emit("bash", model=model.uid, victim=victim.uid, knocked=knocked)
    immovable = "war beast" in victim.profile.keywords or "immovable object" in victim.triggers
    if not knocked or immovable:  # WB-CC-03 (002:L1919): never knocked prone
        return
    # a mounted victim's footing is tried when its rider is thrown (cavalry.knocked_down)
    if victim.mount is not None or not keeps_footing(state, victim, "bash"):
        victim.prone = True


def stun(state: BattleState, model: ModelState, victim: ModelState) -> None:
    """SPS-STUN-01 (002:L2090): D6 5+ (6 against a Monster): the victim's Attacks and Fight
    become 1 and its Shoot value 6+ until the end of the following turn."""
    (die,) = state.roll(1, f"stun {model.uid}->{victim.uid}")
    stunned = die >= (6 if "monster" in victim.triggers else 5)
    state.log.emit("stun", model=model.uid, victim=victim.uid, stunned=stunned)
    if stunned:
        stun_mark(victim).stunned_until = state.turn + 1


def is_stunned(state: BattleState, model: ModelState) -> bool:
    return state.turn <= stun_mark(model).stunned_until


def whirl_targets(losers: Sequence[ModelState]) -> list[ModelState]:
    """SPS-WHIRL-01: one strike against each enemy engaged in the fight (no doubling)."""
    return [m for m in losers if m.alive]


def stab_backlash(state: BattleState, model: ModelState) -> bool:
    """SPS-STAB-01: a stabber whose side loses suffers one Strength 2 hit afterwards."""
    return model.strike is SpecialStrike.STAB and model.alive


@register(Hook.FIGHT, "any")
def _fight_mod(context: HookContext) -> int:
    if is_stunned(context.state, context.model):
        return 1 - characteristics.fight_base(context.state, context.model)
    return context.model.fight_mod


@register(Hook.ATTACKS, "any")
def _stunned_attacks(context: HookContext) -> int:
    stunned = is_stunned(context.state, context.model)
    return 1 - characteristics.attacks_base(context.state, context.model) if stunned else 0


@register(Hook.SHOOT_VALUE, "any")
def _stunned_shooting(context: HookContext) -> int:
    if not is_stunned(context.state, context.model):
        return 0
    return 6 - characteristics.shoot_base(context.state, context.model)


@register(Hook.STRENGTH, "any")
def _strength_mod(context: HookContext) -> int:
    return context.model.strength_mod


@register(Hook.DEFENCE, "any")
def _defence_mod(context: HookContext) -> int:
    return context.model.defence_mod


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseSpecialStrike(Decision[SpecialStrike | None]):
    """SPS-*: the special strike a model declares, if any."""

    model: ModelState
    options: Sequence[SpecialStrike]
    enemy_fight: int


@dataclass(slots=True)
class Stun:
    stunned_until: int = 0  # SPS-STUN-01: a turn number; lasts across turns


STUN: Status[Stun] = Status("stun", Stun, Lasting.BATTLE)


def stun_mark(model: ModelState) -> Stun:
    return STUN.of(model)
