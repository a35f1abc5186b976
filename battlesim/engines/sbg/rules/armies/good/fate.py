"""Rings and relics that work on Fate: re-rolled Fate dice (Narya, Nenya, Vilya), the
Arkenstone's better and free Fate rolls, and wounds ignored "exactly as if a point of Fate had
been spent" (the Crown of Kings, Malbeth's Gift of Foresight), rolled before any Fate point."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.core.state import BattleState, Happening, On, on
from battlesim.engines.sbg.rules import might
from battlesim.engines.sbg.rules.armies.good.near import carrier_within, named
from battlesim.engines.sbg.rules.heroics import _spends_fate, fate_policy, fate_saves
from battlesim.engines.sbg.rules.pools import Pool, spend


@reroll(Roll.FATE, "narya", source="BSData 205e-c6a6-e11f-c41b: Gandalf re-rolls Fate dice")
def _narya(context: HookContext) -> Reroll:
    """Narya: "Gandalf may re-roll his dice when making Fate rolls"."""
    return Reroll.FAILED


@reroll(Roll.FATE, "nenya", source="BSData 7187-f543-2b5f-364a: Galadriel re-rolls Fate dice")
def _nenya(context: HookContext) -> Reroll:
    """Nenya: "Galadriel may re-roll her dice when using Fate points"."""
    return Reroll.FAILED


@reroll(Roll.FATE, "vilya", source="BSData 498d-e241-d1ba-590f: Elrond re-rolls Fate dice")
def _vilya(context: HookContext) -> Reroll:
    """Vilya: "Elrond may re-roll his dice when using Fate points"."""
    return Reroll.FAILED


ARKENSTONE = "arkenstone"
_ARKENSTONE_PASS = 3  # "passes Fate rolls on a 3+"
_ARKENSTONE_FREE = 4  # "if the roll is a 4 or better ... it is free"


@on(On.WOUNDING, ARKENSTONE, order=19, trigger=ARKENSTONE)
def _arkenstone(state: BattleState, blow: Happening) -> bool:
    """Arkenstone (BSData 95c9-c5d6-fc39-08c3): the bearer's Fate rolls pass on 3+, and a
    roll of 4+ spends no Fate point. It replaces the bearer's Fate save (order 20)."""
    model = blow.model
    if blow.at_mount or model.fate <= 0:
        return False
    while model.fate > 0 and _spends_fate(state, model, fate_policy(state), blow.count):
        (die,) = state.roll(1, f"fate save for {model.uid} (arkenstone)")
        score = might.boost(state, model, might.MightRoll.FATE, die, _ARKENSTONE_PASS)
        if die < _ARKENSTONE_FREE and not spend(state, model, Pool.FATE):
            continue  # this save is cancelled (pools.SPENT)
        saved = score >= _ARKENSTONE_PASS
        state.log.emit(
            "fate", model=model.uid, die=die, score=score, saved=saved, fate_left=model.fate
        )
        if saved:
            return True
    return False


REGISTRY.register(ARKENSTONE, kind=Kind.WARGEAR, source="BSData 95c9-c5d6-fc39-08c3")

CROWN = "the crown of kings"


@on(On.WOUNDING, CROWN, order=15, trigger=CROWN)
def _crown_of_kings(state: BattleState, blow: Happening) -> bool:
    """The Crown of Kings (BSData 7973-a58d-2136-e47a): each wound Durin suffers is ignored
    on a 6, as if a Fate point had been spent (so before his Fate points)."""
    if blow.at_mount:
        return False
    return _ignored(state, blow, 6, CROWN)


REGISTRY.register(CROWN, kind=Kind.WARGEAR, source="BSData 7973-a58d-2136-e47a")

FORESIGHT = "gift of foresight"
_FORESIGHT_REACH = 6.0


@on(On.WOUNDING, FORESIGHT, order=16)
def _gift_of_foresight(state: BattleState, blow: Happening) -> bool:
    """Gift of Foresight (BSData d4b3-3823-33ad-3dbc): a friendly Arnor model within 6" of
    Malbeth that suffers a Wound prevents it on 5+, as if a Fate point had been spent; Fate
    may follow if it fails. Malbeth is within 6" of himself."""
    model = blow.model
    if blow.at_mount or "arnor" not in model.triggers:
        return False
    if carrier_within(state, model, _FORESIGHT_REACH, FORESIGHT) is None:
        return False
    return _ignored(state, blow, 5, FORESIGHT)


REGISTRY.register(FORESIGHT, kind=Kind.RULE, source="BSData d4b3-3823-33ad-3dbc")


def _ignored(state: BattleState, blow: Happening, need: int, rule: str) -> bool:
    (die,) = state.roll(1, f"{rule} for {blow.model.uid}")
    saved = die >= need
    state.log.emit(
        "wound_ignored" if saved else "wound_not_ignored", model=blow.model.uid, rule=rule, die=die
    )
    return saved


LIFE_GUARD = "the life guard"
_CHAMPION = ("king's champion",)


@on(On.WOUNDING, LIFE_GUARD, order=21)
def _the_life_guard(state: BattleState, blow: Happening) -> bool:
    """The Life Guard (BSData 1185-771a-47a4-8e14): when the King's Champion is wounded, a
    Herald in base contact may spend its own Fate points for him (once his own are spent or
    kept: order 21, after his Fate save); the Herald suffers no Wound for him."""
    champion = blow.model
    if blow.at_mount or not named(champion, _CHAMPION):
        return False
    for herald in state.living(champion.player):
        if LIFE_GUARD not in herald.triggers or herald is champion or herald.fate <= 0:
            continue
        if not state.in_contact(herald, champion):
            continue
        if fate_saves(state, herald, lambda _m, _c: champion.wounds <= blow.count, blow.count):
            return True
    return False


REGISTRY.register(LIFE_GUARD, kind=Kind.RULE, source="BSData 1185-771a-47a4-8e14")
