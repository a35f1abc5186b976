"""Sharkey's Rogues' named Heroes from the BattleScribe rule text: Worm's When he Sneaks
(BSData cac1-1416-4551-2e14) and Broken Loyalties (d6c2-0b84-e9af-0c3e), Rowan Thistlewood's
Let 'em have It! (d7d4-8624-92ad-bbdb), Lotho Sackville-Baggins' Considerable Wealth
(25ea-6222-338a-073c)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.actions import Charge, Hold, IllegalActionError, Move, MoveAction
from battlesim.engines.sbg.core.data import CONTROL_ZONE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook, HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.armies.evil.sharkey import ACCURSED
from battlesim.engines.sbg.rules.courage import PASSES_COURAGE
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.heroic_actions import (
    ANSWERS,
    FREE_ACTIONS,
    HEROIC_COMBAT,
    Declaration,
    heroic_turn,
)
from battlesim.engines.sbg.rules.movement import (
    CHARGE_ANSWERS,
    MUST_APPROACH,
    MUST_CHARGE,
    check_action,
)
from battlesim.engines.sbg.rules.pools import Pool, spend
from battlesim.engines.sbg.rules.sight import can_see

# --- When he Sneaks (Worm, BSData cac1-1416-4551-2e14) ------------------------------------
# Engaged, and seen by no enemy but those he fights (READINGS: the enemies in base contact),
# his Fight value is 4 and his Attacks 3 for the Duel roll and the Strikes that follow.
SNEAKS = "when he sneaks"
_SNEAKS_SOURCE = "BSData cac1-1416-4551-2e14 (When he Sneaks, Worm)"
SNEAK_FIGHT, SNEAK_ATTACKS = 4, 3


def sneaking(state: BattleState, worm: ModelState) -> bool:
    """Engaged, and no enemy outside his fight can see him."""
    if not state.engaged(worm):
        return False
    fighting = {m.uid for m in state.contacts(worm)}
    return not any(
        can_see(state, enemy, worm) for enemy in state.enemies(worm) if enemy.uid not in fighting
    )


@override(Stat.FIGHT, SNEAKS, source=_SNEAKS_SOURCE)
def _sneak_fight(context: HookContext, value: int) -> int | None:
    if value >= SNEAK_FIGHT or not sneaking(context.state, context.model):
        return None
    return SNEAK_FIGHT


@override(Stat.ATTACKS, SNEAKS, source=_SNEAKS_SOURCE)
def _sneak_attacks(context: HookContext, value: int) -> int | None:
    if value >= SNEAK_ATTACKS or not sneaking(context.state, context.model):
        return None
    return SNEAK_ATTACKS


# --- Broken Loyalties (Worm, BSData d6c2-0b84-e9af-0c3e) ----------------------------------
# Sharkey of Worm's army down to 1 Wound with no Fate left: Worm becomes an enemy model (the
# opposing player controls him, BattleState.hand_over) and must move towards and attack
# Sharkey if he can; Sharkey slain, Worm is a friend again.
BROKEN_LOYALTIES = "broken loyalties"
_LOYALTIES_SOURCE = "BSData d6c2-0b84-e9af-0c3e (Broken Loyalties, Worm)"
_TURNED: Status[list[bool]] = Status("broken loyalties: turned", list, Lasting.BATTLE)


def is_sharkey(model: ModelState) -> bool:
    """Sharkey himself (his card, or the rule only he carries), not a Sharkey's Ruffian."""
    return ACCURSED in model.triggers or model.profile.name.casefold() == "sharkey"


def _sharkey_of(state: BattleState, worm: ModelState) -> ModelState | None:
    army = state.army_of(worm)
    return next((m for m in state.living() if is_sharkey(m) and state.army_of(m) == army), None)


def _worms(state: BattleState) -> list[ModelState]:
    return [m for m in state.living() if BROKEN_LOYALTIES in m.triggers]


def _betrayed(sharkey: ModelState) -> bool:
    return sharkey.alive and sharkey.wounds <= 1 and sharkey.fate < 1


def _turn_worms(state: BattleState) -> None:
    for worm in _worms(state):
        sharkey = _sharkey_of(state, worm)
        if sharkey is None or not _betrayed(sharkey) or _TURNED.of(worm):
            continue
        _TURNED.of(worm).append(True)
        state.hand_over(worm, 1 - state.army_of(worm))
        state.log.emit("controlled_by", model=worm.uid, player=worm.player, rule=BROKEN_LOYALTIES)


@on(On.WOUNDED, BROKEN_LOYALTIES, order=60)
def _sharkey_wounded(state: BattleState, happening: Happening) -> None:
    if is_sharkey(happening.model):
        _turn_worms(state)


@every(Tick.PHASE_END, BROKEN_LOYALTIES, order=60)
def _after_each_phase(state: BattleState) -> None:
    """A Fate point spent without a Wound lost ends his Fate too: looked at after each phase."""
    if any(BROKEN_LOYALTIES in m.triggers for m in state.living()):
        _turn_worms(state)


@on(On.REMOVED, "broken loyalties: sharkey slain", order=60)
def _sharkey_slain(state: BattleState, happening: Happening) -> None:
    if not is_sharkey(happening.model):
        return
    for worm in _worms(state):
        if _TURNED.peek(worm) and worm.uid in state.handed_over:
            state.hand_over(worm, state.army_of(worm))
            state.log.emit("controlled_by", model=worm.uid, player=worm.player, rule="reverts")


def _turned_against(state: BattleState, worm: ModelState) -> ModelState | None:
    """The Sharkey a turned Worm must move towards and attack."""
    if BROKEN_LOYALTIES not in worm.triggers or worm.uid not in state.handed_over:
        return None
    return _sharkey_of(state, worm) if _TURNED.peek(worm) else None


MUST_CHARGE.append(
    lambda state, worm: (
        (lambda enemy: is_sharkey(enemy)) if _turned_against(state, worm) is not None else None
    )
)
MUST_APPROACH.append(_turned_against)
REGISTRY.register(BROKEN_LOYALTIES, kind=Kind.RULE, source=_LOYALTIES_SOURCE)

# --- Let 'em have It! (Rowan Thistlewood, BSData d7d4-8624-92ad-bbdb) ---------------------
# At the start of the Fight phase Rowan may declare a Heroic Combat without spending Might;
# he must then move into combat with an enemy Hobbit Hero, and cannot use the rule again
# (READINGS: once per game, only while an enemy Hobbit Hero is on the table).
LET_EM_HAVE_IT = "let 'em have it!"
_ROWAN_SOURCE = "BSData d7d4-8624-92ad-bbdb (Let 'em have It!, Rowan Thistlewood)"
_USED: Status[list[int]] = Status("let 'em have it: turn used", list, Lasting.BATTLE)


def _hobbit_hero(enemy: ModelState) -> bool:
    return enemy.profile.is_hero and "hobbit" in enemy.triggers


def _free_for_rowan(state: BattleState, hero: ModelState, name: str) -> bool:
    if LET_EM_HAVE_IT not in hero.triggers or name != HEROIC_COMBAT or _USED.peek(hero):
        return False
    return any(_hobbit_hero(enemy) for enemy in state.enemies(hero))


def _rowan_declared(state: BattleState, players: object, phase: Phase, d: Declaration) -> None:
    hero = state.models[d.hero]
    if d.action == HEROIC_COMBAT and _free_for_rowan(state, hero, d.action):
        _USED.of(hero).append(state.turn)
        state.log.emit("army_rule", model=hero.uid, rule=LET_EM_HAVE_IT)


def _rowan_must_charge(
    state: BattleState, rowan: ModelState
) -> Callable[[ModelState], bool] | None:
    """After the free Heroic Combat, his move must charge an enemy Hobbit Hero (READINGS:
    none in reach, his own move stands)."""
    used = _USED.peek(rowan) if LET_EM_HAVE_IT in rowan.triggers else None
    if not used or used[0] != state.turn or state.phase is not Phase.FIGHT:
        return None
    return _hobbit_hero if heroic_turn(rowan).combat_moved else None


FREE_ACTIONS.append(_free_for_rowan)
ANSWERS.append(_rowan_declared)
MUST_CHARGE.append(_rowan_must_charge)
REGISTRY.register(LET_EM_HAVE_IT, kind=Kind.RULE, source=_ROWAN_SOURCE)

# --- Considerable Wealth (Lotho Sackville-Baggins, BSData 25ea-6222-338a-073c) ------------
# A Will point each: (1) an enemy declares a Charge against him: D6, 1-2 it charges as
# normal, 3+ it stops 1" away from him and may not charge; (2) every friendly Ruffian within
# 3" passes its next Courage test automatically; (3) every friendly Hobbit within 3" has +1
# Fight value until the end of the turn.
WEALTH = "considerable wealth"
_WEALTH_SOURCE = "BSData 25ea-6222-338a-073c (Considerable Wealth, Lotho Sackville-Baggins)"
_PAY_OFF_NEED = 3
_WEALTH_REACH = 3.0
_PAID = "considerable wealth: paid"  # the Ruffians' effect (its own name, ended once used)


@dataclass(frozen=True, slots=True)
class PayOffCharger(Decision[bool]):
    """Whether Lotho spends a Will point to pay off ``charger``. Heuristic: always, while he
    has Will (he fights poorly)."""

    lotho: ModelState
    charger: ModelState

    def default(self, state: BattleState) -> bool:
        return self.lotho.will > 0


@dataclass(frozen=True, slots=True)
class PayFriends(Decision[bool]):
    """Whether Lotho spends a Will point on ``friends`` (``kind``: "ruffian" or "hobbit").
    Heuristic: two or more of them, and a Will point kept for a charge."""

    lotho: ModelState
    kind: str
    friends: tuple[ModelState, ...]

    def default(self, state: BattleState) -> bool:
        return len(self.friends) >= 2 and self.lotho.will >= 2


def stop_short(state: BattleState, model: ModelState, lotho: ModelState) -> MoveAction:
    """Along the line to Lotho, the spot 1" from his base (his control zone's edge); a Hold
    when that move is not legal (READINGS)."""
    gap = model.radius + lotho.radius + CONTROL_ZONE + 1e-3
    dx, dy = model.x - lotho.x, model.y - lotho.y
    length = math.hypot(dx, dy)
    if length <= gap:
        return Hold(model.uid)
    spot = (lotho.x + dx / length * gap, lotho.y + dy / length * gap)
    move = Move(model.uid, spot)
    try:
        check_action(state, model, move)
    except IllegalActionError:
        return Hold(model.uid)
    return move


def _pay_off(state: BattleState, model: ModelState, action: Charge) -> MoveAction:
    lotho = state.models.get(action.target)
    if lotho is None or WEALTH not in lotho.triggers or lotho.will < 1:
        return action
    if not ask(state, lotho, PayOffCharger(lotho, model)):
        return action
    if not spend(state, lotho, Pool.WILL):
        return action  # the deed is cancelled (pools.SPENT)
    (die,) = state.roll(1, f"{WEALTH} {lotho.uid} pays off {model.uid}")
    paid = die >= _PAY_OFF_NEED
    state.log.emit("army_rule", model=lotho.uid, rule=WEALTH, target=model.uid, paid=paid)
    return stop_short(state, model, lotho) if paid else action


def _friends(state: BattleState, lotho: ModelState, keyword: str) -> tuple[ModelState, ...]:
    return tuple(
        m
        for m in state.living(lotho.player)
        if m is not lotho and keyword in m.triggers and state.distance(lotho, m) <= _WEALTH_REACH
    )


def pay_ruffians(state: BattleState, lotho: ModelState) -> None:
    """Ruffians within 3" pass their next Courage test (asked as the Move phase starts,
    when a Broken army's tests come)."""
    ruffians = tuple(m for m in _friends(state, lotho, "ruffian") if not _paid(state, m))
    if (
        not ruffians
        or lotho.will < 1
        or not ask(state, lotho, PayFriends(lotho, "ruffian", ruffians))
    ):
        return
    if not spend(state, lotho, Pool.WILL):
        return
    for ruffian in ruffians:
        mark = Effect(
            _PAID, ruffian.uid, None, 0, Until.END_OF_BATTLE, _WEALTH_SOURCE, mark=PASSES_COURAGE
        )
        effects.add(state, mark)
    state.log.emit("army_rule", model=lotho.uid, rule=WEALTH, paid=[m.uid for m in ruffians])


def pay_hobbits(state: BattleState, lotho: ModelState) -> None:
    """Hobbits within 3" (the heuristic: those Engaged) fight at +1 until the turn ends."""
    hobbits = tuple(m for m in _friends(state, lotho, "hobbit") if state.engaged(m))
    if not hobbits or lotho.will < 1 or not ask(state, lotho, PayFriends(lotho, "hobbit", hobbits)):
        return
    if not spend(state, lotho, Pool.WILL):
        return
    for hobbit in _friends(state, lotho, "hobbit"):
        bonus = Effect(WEALTH, hobbit.uid, Hook.FIGHT, 1, Until.END_OF_TURN, _WEALTH_SOURCE)
        effects.add(state, bonus)
    state.log.emit("army_rule", model=lotho.uid, rule=WEALTH, hobbits=[m.uid for m in hobbits])


def _paid(state: BattleState, model: ModelState) -> bool:
    return any(e.name == _PAID and e.target == model.uid for e in effects.active(state))


@every(Tick.PHASE_START, WEALTH, order=46)
def _spend_wealth(state: BattleState) -> None:
    if state.phase not in (Phase.MOVE, Phase.FIGHT):
        return
    for lotho in [m for m in state.living() if WEALTH in m.triggers and m.will > 0]:
        if state.phase is Phase.MOVE and state.broken[state.army_of(lotho)]:
            pay_ruffians(state, lotho)
        if state.phase is Phase.FIGHT:
            pay_hobbits(state, lotho)


@on(On.COURAGE_TEST, "considerable wealth: used", order=60)
def _used(state: BattleState, happening: Happening) -> None:
    """The paid Ruffian's next test is passed: the payment is spent."""
    uid = happening.model.uid
    if effects.active(state) and _paid(state, happening.model):
        effects.end(state, lambda e: e.name == _PAID and e.target == uid)


CHARGE_ANSWERS.append(_pay_off)
REGISTRY.register(WEALTH, kind=Kind.RULE, source=_WEALTH_SOURCE)
