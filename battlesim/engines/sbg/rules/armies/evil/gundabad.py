"""Gundabad Troll wargear bought as an option (Azog's Legion), from its BSData "Rules" text."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.fighting import AFTER_STRIKES
from battlesim.engines.sbg.rules.monsters.core import knock_prone

SCYTHE_GAUNTLETS = "scythe gauntlets"


# BSData c80a-c2bb-d9c0-a65a: "A Gundabad Troll armed with a pair of scythe gauntlets
# receives a +1 bonus to its Strikes when rolling To Wound."
@register(Hook.WOUND_ROLL, SCYTHE_GAUNTLETS)
def _scythe_gauntlets(context: HookContext) -> int:
    return 0 if context.details.get("missile") else 1


REGISTRY.register(SCYTHE_GAUNTLETS, kind=Kind.WARGEAR, source="BSData c80a-c2bb-d9c0-a65a")


CRUSHING_CLUB = "crushing club"
_CLUB_SOURCE = "BSData 4394-2977-acb0-9ac4 (Crushing Club, profile d23b-9764-97f5-6354)"
_TARGETED: Status[list[str]] = Status("crushing club targets", list, Lasting.FIGHT)


# "Wounds caused by Strikes from Gundabad Trolls armed with a crushing club cause not 1 Wound
# but D3 Wounds instead – determine the number of Wounds caused before Fate points are used."
@register(Hook.EXTRA_WOUNDS, CRUSHING_CLUB)
def _crushing_club_wounds(context: HookContext) -> int:
    if context.details.get("missile") or context.other is None:
        return 0
    (die,) = context.state.roll(1, f"crushing club D3 {context.model.uid}->{context.other.uid}")
    return (die + 1) // 2 - 1


@on(On.STRIKE, CRUSHING_CLUB, order=50, trigger=CRUSHING_CLUB)
def _note_target(state: BattleState, strike: Happening) -> None:
    targeted = _TARGETED.of(strike.model)
    if strike.other is not None and strike.other.uid not in targeted:
        targeted.append(strike.other.uid)


def _crushing_club_falls(
    state: BattleState, winners: list[ModelState], losers: list[ModelState]
) -> None:
    """ "Any model that is targeted with strikes from a Crushing Club, and survives, is also
    knocked Prone on a roll of a 3+": one die per surviving target once the fight's Strikes
    are made."""
    for troll in [m for m in winners if CRUSHING_CLUB in m.triggers]:
        for uid in _TARGETED.of(troll):
            model = state.models[uid]
            if not model.alive:
                continue
            (die,) = state.roll(1, f"crushing club knock down {troll.uid}->{uid}")
            if die >= 3:
                knock_prone(state, model, CRUSHING_CLUB)
        _TARGETED.drop(troll)


AFTER_STRIKES.append(_crushing_club_falls)
REGISTRY.register(CRUSHING_CLUB, kind=Kind.WARGEAR, source=_CLUB_SOURCE)
