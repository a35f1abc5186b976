"""Combat maths: the wound chart, To Wound rolls, the Duel roll decision and strikes.

Pure functions over numbers and the dice they are given; the fight and shoot phases decide
who rolls what. Every die goes through ``BattleState.roll`` (logged with its purpose).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.data import STAT_MAX, STAT_MIN, WOUND_CHART
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import Alignment, ModelId, PlayerId
from battlesim.engines.sbg.rules.might import MightRoll, boost, budget

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState


@dataclass(frozen=True, slots=True)
class WoundNeed:
    """The score needed on the wound chart: ``first``+, then ``second``+ for a 6/x result."""

    first: int
    second: int | None = None


def clamp_stat(value: int) -> int:
    """CHAR-CAP-01 (002:L245): Fight, Strength, Defence, Courage stay within 1..10."""
    return max(STAT_MIN, min(STAT_MAX, value))


def clamp_die(value: int) -> int:
    """DICE-MOD-01 (002:L251): a modified die never goes above 6 or below 1."""
    return max(1, min(6, value))


def d3(value: int) -> int:
    """DICE-D3-01 (002:L239): 1-2 -> 1, 3-4 -> 2, 5-6 -> 3."""
    return (value + 1) // 2


def wound_need(strength: int, defence: int) -> WoundNeed | None:
    """Read the wound chart (SHOOT-WND-02, 002:L880-892); None means it cannot wound."""
    cell = WOUND_CHART[clamp_stat(strength) - 1][clamp_stat(defence) - 1]
    if cell is None:
        return None
    first, _, second = cell.partition("/")
    return WoundNeed(int(first), int(second) if second else None)


def roll_to_wound(
    state: BattleState,
    strength: int,
    defence: int,
    modifier: int,
    purpose: str,
    reroll_ones: bool = False,
    natural_six: bool = False,
    roller: ModelState | None = None,
    target: ModelState | None = None,
    reroll_failed: bool = False,
    rolled: int | None = None,
    reroll_one: Callable[[], bool] | None = None,
) -> bool:
    """Roll To Wound; a 6/x result needs a second die; the modifier applies to both (WPN-2H-02).

    ``reroll_ones`` (Feint, Stab, poisoned weapons): a natural 1 is re-rolled once and the
    second result stands (DICE-REROLL-01/02), before modifiers (WPN-LANCE-01 order).
    ``natural_six`` (Heroic Defence, HERO-HD-01): only a natural 6 wounds, modifiers ignored;
    a 6/x result needs a natural 6 then a natural x (no Might either: DICE-NAT-01).
    ``roller``: the Hero whose roll it is may spend Might on it after any re-roll
    (HERO-MIGHT-03/06 item 4); a point raises both dice of a 6/x (ambiguity A37).
    ``reroll_failed`` (Venom, Bane of Kings): each die that fails is rolled again once and
    the second result stands (DICE-REROLL-01/02), before Might.
    ``rolled``: the first die, already rolled with another (a trapped model's set of two,
    FIGHT-TRAP-03); its re-rolls and Might follow as for a die rolled here.
    ``reroll_one`` (army rules: "a single D6 when rolling To Wound"): a failed die is rolled
    again if calling it says the one re-roll is still there.
    """
    need = wound_need(strength, defence)
    if need is None:
        state.log.emit("cannot_wound", strength=strength, defence=defence, purpose=purpose)
        return False
    if natural_six:
        need, modifier, roller = WoundNeed(6, need.second), 0, None
    first = _wound_die(state, purpose, reroll_ones, rolled)
    if _rerolls(reroll_failed, reroll_one, clamp_die(first + modifier) < need.first):
        (first,) = state.roll(1, f"{purpose} (re-roll of a failed die)")
    _NATURAL.put(state, first)
    modifier += _might(state, roller, target, clamp_die(first + modifier), need.first)
    if clamp_die(first + modifier) < need.first:
        return False
    if need.second is None:
        return True
    second = _wound_die(state, f"{purpose} (second die)", reroll_ones)
    if _rerolls(reroll_failed, reroll_one, clamp_die(second + modifier) < need.second):
        (second,) = state.roll(1, f"{purpose} (second die, re-roll of a failed die)")
    modifier += _might(state, roller, target, clamp_die(second + modifier), need.second)
    return clamp_die(second + modifier) >= need.second


# The natural first die of the last To Wound roll (after re-rolls, before modifiers and
# Might): a rule acting on "a natural 6 To Wound" reads it (the Dark Headsman's Executioner)
_NATURAL: Status[int] = Status("natural to wound die", int, Lasting.TURN)


def natural_wound_die(state: BattleState) -> int:
    return _NATURAL.peek(state) or 0


def _rerolls(every: bool, one: Callable[[], bool] | None, failed: bool) -> bool:
    """A failed die is re-rolled under a grant for every failed die, or the single one."""
    return failed and (every or (one is not None and one()))


def _might(
    state: BattleState, roller: ModelState | None, target: ModelState | None, value: int, need: int
) -> int:
    """The Might points the roller adds to this To Wound die (0 without a Hero roller)."""
    if roller is None or value >= need or budget(state, roller, MightRoll.TO_WOUND) <= 0:
        return 0
    return boost(state, roller, MightRoll.TO_WOUND, value, need, target=target) - value


def _wound_die(
    state: BattleState, purpose: str, reroll_ones: bool, rolled: int | None = None
) -> int:
    (die,) = state.roll(1, purpose) if rolled is None else (rolled,)
    if die == 1 and reroll_ones:
        (die,) = state.roll(1, f"{purpose} (re-roll of a 1)")
    return die


@dataclass(frozen=True, slots=True)
class DuelSide:
    """One side of a Duel roll: its modified dice and the best Fight value (FIGHT-DUEL-04)."""

    player: PlayerId
    alignment: Alignment
    dice: tuple[int, ...]
    fight: int

    @property
    def best(self) -> int:
        return max(self.dice, default=0)


def duel_winner_without_roll_off(a: DuelSide, b: DuelSide) -> PlayerId | None:
    """FIGHT-DUEL-01/02 (002:L948-952): highest die, then higher Fight; None if still tied."""
    if a.best != b.best:
        return a.player if a.best > b.best else b.player
    if a.fight != b.fight:
        return a.player if a.fight > b.fight else b.player
    return None


def roll_off_winner(
    roll: int, a: DuelSide, b: DuelSide, priority: PlayerId, elven: frozenset[PlayerId]
) -> PlayerId:
    """FIGHT-DUEL-03 (002:L954): 1-3 Evil wins, 4-6 Good wins.

    WPN-ELF-01 (002:L2014): an Elven-made weapon on one side only moves the split by one in
    its favour (Good wins on 3+, Evil on 1-4). Same alignment: see data.ASSUMPTIONS.
    """
    if a.alignment is b.alignment:
        good, evil = priority, (b.player if priority == a.player else a.player)
    else:
        good = a.player if a.alignment is Alignment.GOOD else b.player
        evil = b.player if good == a.player else a.player
    threshold = 4
    if len(elven) == 1:
        threshold += -1 if good in elven else 1
    return good if roll >= threshold else evil


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseStrikeTarget(Decision[ModelId]):
    """FIGHT-STRIKE: which loser a winner strikes."""

    striker: ModelState
    targets: Sequence[ModelState]
    trapped: frozenset[ModelId]
