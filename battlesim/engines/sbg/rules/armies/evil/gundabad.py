"""Gundabad Troll wargear bought as an option (Azog's Legion), from its BSData "Rules" text."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.combat import d3
from battlesim.engines.sbg.rules.fighting import AFTER_STRIKES
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from battlesim.engines.sbg.rules.special_strikes import WHIRL_KEEPS_FIGHT

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
    return _d3_wounds_more(context, CRUSHING_CLUB)


def _d3_wounds_more(context: HookContext, weapon: str) -> int:
    """A Strike with ``weapon`` causes D3 Wounds, not 1: the Wounds beyond the first."""
    if context.details.get("missile") or context.other is None:
        return 0
    (die,) = context.state.roll(1, f"{weapon} D3 {context.model.uid}->{context.other.uid}")
    return d3(die) - 1


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


# BSData 13e4-14a0-b6e3-5372 Stone Flail (profile 8d90-cc76-41dc-129d): "a two-handed weapon
# that follows the normal rules for flails" (core/arms.py: Whirl), Azog fighting with it when
# bought (arms.BOUGHT_TO_FIGHT). "When fighting with the stone flail, Azog's Fight value is
# reduced to 6/5+. Azog does not reduce his Fight value for using the Whirl Special Strike.
# Additionally, Wounds inflicted by the stone flail cause not 1 Wound but D3 Wounds instead
# (determine the number of Wounds after Fate points are used), and any model that is struck,
# but not slain, is knocked Prone." "Struck": targeted by its Strikes, as the Crushing Club's
# (READINGS "Stone Flail").
STONE_FLAIL = "stone flail"
_FLAIL_SOURCE = "BSData 13e4-14a0-b6e3-5372 (Stone Flail, profile 8d90-cc76-41dc-129d)"
_FLAIL_FIGHT = 6
WHIRL_KEEPS_FIGHT.add(STONE_FLAIL)


@override(Stat.FIGHT, STONE_FLAIL, source=_FLAIL_SOURCE)
def _flail_fight(context: HookContext, value: int) -> int | None:
    return None if value <= _FLAIL_FIGHT else _FLAIL_FIGHT


@register(Hook.WOUNDS_AFTER_SAVES, STONE_FLAIL)
def _flail_wounds(context: HookContext) -> int:
    return _d3_wounds_more(context, STONE_FLAIL)


@on(On.STRIKE, STONE_FLAIL, order=50, trigger=STONE_FLAIL)
def _note_flailed(state: BattleState, strike: Happening) -> None:
    _note_target(state, strike)


def _flail_falls(state: BattleState, winners: list[ModelState], losers: list[ModelState]) -> None:
    """Each model the flail's Strikes targeted that lives is knocked Prone (no die)."""
    for azog in [m for m in winners if STONE_FLAIL in m.triggers]:
        for uid in _TARGETED.of(azog):
            knock_prone(state, state.models[uid], STONE_FLAIL)  # the slain are left alone
        _TARGETED.drop(azog)


AFTER_STRIKES.append(_flail_falls)
REGISTRY.register(STONE_FLAIL, kind=Kind.RULE, source=_FLAIL_SOURCE)  # as its override
