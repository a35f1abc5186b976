"""Rules of the Corsairs of Umbar, from the BattleScribe rule text."""

from __future__ import annotations

from typing import Any

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules import fighting
from battlesim.engines.sbg.rules.monsters.core import hit

RUTHLESS = "ruthless commander"
RUTHLESS_RANGE = 3.0
RUTHLESS_HIT = 2
_REROLLED: Status[set[str]] = Status("ruthless commander", set, Lasting.TURN)


def _ruthless_commander(state: BattleState, side: PlayerId, dice: list[Any]) -> None:
    """Ruthless Commander (BSData deb9-fba9-b100-d7e9): a friendly Corsair Warrior within 3"
    of Delgamar may re-roll a single Duel die; if it then fails to win the Duel it suffers a
    Strength 2 hit (taken, as a banner's re-roll, by a side losing so far: READINGS)."""
    commanders = [m for m in state.living(side) if RUTHLESS in m.triggers]
    if not commanders:
        return
    eligible = [
        d
        for d in dice
        if not d.rerolled
        and {"corsair", "warrior"} <= d.owner.profile.keywords
        and any(state.distance(c, d.owner) <= RUTHLESS_RANGE + 1e-9 for c in commanders)
    ]
    if not eligible:
        return
    worst = min(eligible, key=lambda d: (d.value, d.owner.uid))
    (worst.raw,) = state.roll(1, f"ruthless commander re-roll {worst.owner.uid}")
    worst.rerolled = True
    _REROLLED.of(state).add(worst.owner.uid)


fighting.DUEL_REROLLS.append(_ruthless_commander)


@on(On.DUEL_ROLLED, RUTHLESS, order=50)
def _ruthless_price(state: BattleState, happening: Happening) -> None:
    rerolled = _REROLLED.of(state)
    for model in happening.models:
        if model.uid in rerolled:
            rerolled.discard(model.uid)
            if model.player != happening.winner:
                hit(state, model, RUTHLESS_HIT, RUTHLESS)


REGISTRY.register(RUTHLESS, kind=Kind.RULE, source="BSData deb9-fba9-b100-d7e9")

PAVISE = "pavise"
PAVISE_BONUS = 3


@register(Hook.DEFENCE, PAVISE)
def _pavise(context: HookContext) -> int:
    """Pavise (BSData wargear of the Corsair Arbalester): +3 Defence while the bearer is not
    Engaged; it is a shield for Shielding (names_evil.yaml), with no +1 beside its crossbow."""
    return 0 if context.state.engaged(context.model) else PAVISE_BONUS


REGISTRY.register(PAVISE, kind=Kind.WARGEAR, source="BSData Pavise (Corsair Arbalester wargear)")
