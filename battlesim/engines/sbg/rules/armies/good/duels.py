"""Army rules of the Duel and the Strikes after it: Whirl of Blades, Stoic Fighter, Húrin's
In Defence of the King, Prognostication, Resolute Fighter, Headbutt, Deep-rooted Hatred and
Torozul."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.armies.good.near import friend_within, named
from battlesim.engines.sbg.rules.back_away import clear_of_others
from battlesim.engines.sbg.rules.fighting import AFTER_STRIKES, DUEL_REROLLS, ask
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from battlesim.engines.sbg.rules.movement import MUST_CHARGE
from battlesim.engines.sbg.rules.pools import Pool, spend

# --- Whirl of Blades (BSData 7a7d-40ae-f643-8b35) ---------------------------------------------

WHIRL = "whirl of blades"
_SIXES: Status[list[int]] = Status("whirl of blades: natural sixes", list, Lasting.FIGHT)


@register(Hook.DUEL_DIE, WHIRL)
def _count_sixes(context: HookContext) -> int:
    """Keeps the natural 6s of Orophin's Duel roll (its dice as rolled: READINGS)."""
    dice = context.details.get("duel dice")
    if dice is not None:
        _SIXES.of(context.model)[:] = [sum(1 for die in dice if die == 6)]
    return 0


@register(Hook.EXTRA_STRIKES, WHIRL)
def _whirl_of_blades(context: HookContext) -> int:
    """Each natural 6 of Orophin's Duel roll makes two Strikes instead of one (READINGS: one
    extra Strike per natural 6), and the extra ones are not doubled against a Trapped foe."""
    found = _SIXES.peek(context.model)
    return found[0] if found else 0


REGISTRY.register(WHIRL, kind=Kind.RULE, source="BSData 7a7d-40ae-f643-8b35")


# --- Stoic Fighter (BSData 1d61-2c8b-66eb-5312) -----------------------------------------------

STOIC = "stoic fighter"
_CORNERED: Status[list[bool]] = Status("stoic fighter: would be trapped", list, Lasting.FIGHT)
_BACK_AWAY = 1.0  # FIGHT-BACK-01: the loser's 1" move
_HEADINGS = 16


def would_be_trapped(state: BattleState, model: ModelState) -> bool:
    """Whether no 1" move away from every enemy in contact is free (READINGS: sixteen
    headings on a half circle away from the foes; a friend Making Way is not counted, as the
    rule says)."""
    foes = state.contacts(model)
    if not foes:
        return False
    cx = sum(f.x for f in foes) / len(foes)
    cy = sum(f.y for f in foes) / len(foes)
    away = math.atan2(model.y - cy, model.x - cx)
    for step in range(_HEADINGS):
        angle = away + (step - _HEADINGS // 2) * math.pi / _HEADINGS
        spot = (model.x + _BACK_AWAY * math.cos(angle), model.y + _BACK_AWAY * math.sin(angle))
        gaps_grow = all(math.dist(spot, f.position) > state.distance(model, f) for f in foes)
        if gaps_grow and clear_of_others(state, model, spot):
            return False
    return True


def _stoic(context: HookContext) -> Reroll:
    """Checked once at the start of each fight involving Brand."""
    kept = _CORNERED.of(context.model)
    if not kept:
        kept.append(would_be_trapped(context.state, context.model))
    return Reroll.FAILED if kept[0] else Reroll.NONE


reroll(Roll.DUEL_ONE_DIE, STOIC, source="BSData 1d61-2c8b-66eb-5312")(_stoic)
reroll(Roll.TO_WOUND_ONE_DIE, STOIC, source="BSData 1d61-2c8b-66eb-5312")(_stoic)


# --- In Defence of the King: Húrin (BSData 3bb6-4033-89ba-3876) -------------------------------

DEFENCE_OF_THE_KING = "in defence of the king"
_KINGS = ("denethor", "aragorn, king elessar")


def hurins_text(model: ModelState) -> bool:
    """Two texts share the name: Húrin's (3bb6-...) and the Shieldbearer's (b5f9-...,
    rules/armies/good/protectors.py); the carrier's card says which (READINGS)."""
    return named(model, ("húrin", "hurin"))


def _near_the_king(context: HookContext) -> bool:
    model = context.model
    return hurins_text(model) and friend_within(context.state, model, 3.0, _KINGS) is not None


@reroll(Roll.DUEL_ONE_DIE, DEFENCE_OF_THE_KING, source="BSData 3bb6-4033-89ba-3876")
def _hurin_duel(context: HookContext) -> Reroll:
    """Within 3" of Denethor or Aragorn, King Elessar, Húrin re-rolls a single Duel die ..."""
    return Reroll.FAILED if _near_the_king(context) else Reroll.NONE


grant(May.PASS_COURAGE_UNTESTED, DEFENCE_OF_THE_KING, source="BSData 3bb6-4033-89ba-3876")(
    _near_the_king  # ... and is Fearless (SR-FEARLESS: passes every Courage test)
)


# --- Prognostication (BSData c360-c8fa-19d3-fc18) ---------------------------------------------

PROGNOSTICATION = "prognostication"
_FORESEEN: Status[list[int]] = Status("prognostication used", list, Lasting.PHASE)


@dataclass(frozen=True, slots=True)
class SpendWillToReroll(Decision[bool]):
    """Prognostication: Óin spends a Will point so that ``friend`` re-rolls its lowest Duel
    die (``value``) while its side is losing. The heuristic does it for a die below 4."""

    model: ModelState
    friend: ModelState
    value: int

    def default(self, state: BattleState) -> bool:
        return self.value < 4


def _prognostication(state: BattleState, player: PlayerId, dice: list[Any]) -> None:
    """Once per Fight phase, Óin may expend a Will point so that a friendly model within 3"
    (himself included: READINGS) re-rolls a single Duel die."""
    seers = [m for m in state.living(player) if PROGNOSTICATION in m.triggers and m.will > 0]
    for oin in seers:
        if _FORESEEN.of(oin):
            continue
        near = [d for d in dice if not d.rerolled and state.distance(d.owner, oin) <= 3.0]
        if not near:
            continue
        worst = min(near, key=lambda d: (d.value, d.owner.uid))
        if not ask(state, oin, SpendWillToReroll(oin, worst.owner, worst.value)):
            continue
        if not spend(state, oin, Pool.WILL):
            continue  # the re-roll is cancelled (pools.SPENT)
        _FORESEEN.of(oin).append(state.turn)
        (worst.raw,) = state.roll(1, f"prognostication {oin.uid}->{worst.owner.uid}")
        worst.rerolled = True
        return


DUEL_REROLLS.append(_prognostication)
REGISTRY.register(PROGNOSTICATION, kind=Kind.RULE, source="BSData c360-c8fa-19d3-fc18")


# --- Resolute Fighter (BSData 18dc-7fd2-414e-00a7) --------------------------------------------

RESOLUTE = "resolute fighter"


@grant_by_effect(May.HOLD_GROUND)
def _resolute_fighter(context: HookContext) -> bool | None:
    """Ingold, and friendly Gondor Warriors within 3" of him, do not Back Away when they
    lose a Fight: their opponents Back Away instead (beast_fight.losers_back_away)."""
    model, state = context.model, context.state
    if RESOLUTE in model.triggers:
        return True
    if model.profile.is_hero or "gondor" not in model.triggers:
        return None
    ingolds = (m for m in state.living(model.player) if RESOLUTE in m.triggers)
    return True if any(state.distance(m, model) <= 3.0 for m in ingolds) else None


REGISTRY.register(RESOLUTE, kind=Kind.RULE, source="BSData 18dc-7fd2-414e-00a7")


# --- Headbutt (BSData bf29-682c-f978-8cc1) ----------------------------------------------------

HEADBUTT = "headbutt"
_MAN_SIZED = 0.55  # inches: up to a 40 mm base (READINGS: "Man-sized (or smaller)")


@dataclass(frozen=True, slots=True)
class ChooseHeadbutted(Decision[str]):
    """Headbutt: the enemy Dáin tries to knock to the ground (the heuristic: the one with
    the highest Fight value)."""

    model: ModelState
    foes: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str:
        return max(self.foes, key=lambda m: (m.profile.fight, m.uid)).uid


def _headbutts(state: BattleState, winners: list[ModelState], losers: list[ModelState]) -> None:
    """If Dáin wins a Duel but slays none of his opponents (READINGS: no loser of the fight
    slain), he picks one Man-sized (or smaller) enemy of the fight: on a 5+ it is Knocked to
    the Ground."""
    if any(not m.alive for m in losers):
        return
    for dain in winners:
        if HEADBUTT in dain.triggers and dain.alive:
            _headbutt(state, dain, losers)


def _headbutt(state: BattleState, dain: ModelState, foes: list[ModelState]) -> None:
    small = tuple(m for m in foes if m.alive and m.radius <= _MAN_SIZED and not m.prone)
    if not small:
        return
    choice = ask(state, dain, ChooseHeadbutted(dain, small))
    victim = next((m for m in small if m.uid == choice), small[0])
    (die,) = state.roll(1, f"headbutt {dain.uid}->{victim.uid} (5+)")
    if die >= 5:
        knock_prone(state, victim, HEADBUTT)


AFTER_STRIKES.append(_headbutts)
REGISTRY.register(HEADBUTT, kind=Kind.RULE, source="BSData bf29-682c-f978-8cc1")


# --- Deep-rooted Hatred (BSData d8ad-5b3b-8030-5d13) ------------------------------------------

HATRED = "deep-rooted hated"  # the data's spelling
_HATED = frozenset({"orc", "uruk-hai", "goblin", "isengard"})


def hated(model: ModelState) -> bool:
    return bool(model.triggers & _HATED)


@reroll(Roll.TO_WOUND_IN_COMBAT, HATRED, source="BSData d8ad-5b3b-8030-5d13")
def _hatred_wounds(context: HookContext) -> Reroll:
    """Beechbone re-rolls failed To Wound rolls striking Orc, Uruk-hai, Goblin or Isengard
    models ..."""
    return Reroll.FAILED if context.other is not None and hated(context.other) else Reroll.NONE


def _hatred_charge(state: BattleState, model: ModelState) -> Callable[[ModelState], bool] | None:
    """... and must always Charge one of them if able to do so."""
    return hated if HATRED in model.triggers else None


MUST_CHARGE.append(_hatred_charge)


# --- Torozul (BSData 02bd-67c6-3ca8-46a8) -----------------------------------------------------


@register(Hook.WOUND_ROLL, "torozul")
def _torozul(context: HookContext) -> int:
    """Torozul: a Foe Spear (names.yaml) with which Mardin adds +1 To Wound against Monsters.
    Its Trollbane rule has no text in the data (READINGS: not played)."""
    target = context.other
    return 1 if target is not None and "monster" in target.triggers else 0


REGISTRY.register("torozul", kind=Kind.WEAPON, source="BSData 02bd-67c6-3ca8-46a8")
