"""Might modifies dice (HERO-MIGHT-02..06, seed 002:L1516-1556): the one place where a Hero's
player is asked to spend Might on a roll its model made, after the dice are rolled.

Every call site (Duel, To Wound, To Hit, in-the-way, Courage, Leap/Jump/Climb, Fate, Thrown
Rider, casting and resisting) calls ``boost`` with the score as it stands and the score that
succeeds; the player answers with a number of points (``Player.spend_might``), which the
engine checks: never more than the store, never negative, never a die above 6 or below 1
(DICE-MOD-01, 002:L1520). Refused answers are logged and spend nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.pools import Pool, Spent, honoured, lent_might, spend_might

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState

DIE_MAX = 6  # DICE-MOD-01 (002:L251): a modified die never goes above 6 ...
DIE_MIN = 1  # ... nor below 1


class MightRoll(enum.Enum):
    """HERO-MIGHT-06 (002:L1528-1556): the rolls Might may modify, and nothing else."""

    LEAP = "leap"  # item 1: tests (Leap, Jump, Climb, Thrown Rider)
    JUMP = "jump"
    CLIMB = "climb"
    THROWN_RIDER = "thrown rider"  # CAV-THROWN-04: called by the cavalry rules
    DUEL = "duel"  # item 2
    TO_HIT = "to hit"  # item 3
    IN_THE_WAY = "in the way"
    TO_WOUND = "to wound"  # item 4: one point raises both dice of a 6/x (ambiguity A37)
    COURAGE = "courage"  # item 5: +1 to the 2D6 total per point
    CAST = "cast"  # item 6: Will dice (casting and resisting)
    RESIST = "resist"
    FATE = "fate"  # item 7 (HERO-FATE-03)
    RULE = "rule"  # any other roll a special rule says Might may modify (e.g. RING-WILL-01)


@dataclass(frozen=True, slots=True)
class MightAsk:
    """What the player sees when asked: the roll, its score now and the score that succeeds.

    ``target``: the model struck, shot or aimed at (None for tests). ``contest``: in a Duel
    against Heroes who may answer (HERO-MIGHT-04), the score this side would need if the rival
    side spent all its Might. ``ceiling``: the highest score the dice can show (6 for one die,
    12 plus Courage for a Courage test). ``lower``: Might lowers the roll (HERO-MIGHT-02, only
    where a rule says so): then ``need`` is the score to get down to.
    """

    roll: MightRoll
    value: int
    need: int
    target: ModelState | None = None
    contest: int | None = None
    ceiling: int = DIE_MAX
    lower: bool = False
    budget: int = 0  # points the Hero may spend now: its store, plus a Mighty Hero's free one

    @property
    def cost(self) -> int:
        """The fewest points that make the roll succeed (0 when it already does)."""
        return max(0, self.value - self.need if self.lower else self.need - self.value)

    @property
    def room(self) -> int:
        """The most points the dice can take (the rest would be wasted, DICE-MOD-01)."""
        return self.value - DIE_MIN if self.lower else self.ceiling - self.value


def boost(
    state: BattleState,
    model: ModelState,
    roll: MightRoll,
    value: int,
    need: int,
    *,
    target: ModelState | None = None,
    contest: int | None = None,
    ceiling: int = DIE_MAX,
    lower: bool = False,
) -> int:
    """HERO-MIGHT-02/03: ask the model's player for Might on ``value``; return the new score.

    Only a model with Might whose roll has not yet succeeded is asked (HERO-MIGHT-05: its own
    roll; the caller passes the roller). Without players (bare rule tests) nobody spends.
    """
    points_now = budget(state, model, roll)
    if points_now <= 0 or state.players is None:
        return value
    ask = MightAsk(roll, value, need, target, contest, ceiling, lower, points_now)
    if ask.cost == 0 or ask.room <= 0:
        return value
    points = state.players[model.player].decide(state, SpendMight(model, ask))
    if not _legal(ask, points):
        reason = f"cannot spend {points!r} Might on {roll.value} (has {ask.budget})"
        state.log.emit("refused", model=model.uid, reason=reason)
        return value
    if points == 0:
        return value
    if not pay_might(state, model, points, roll):
        state.log.emit("cancelled", model=model.uid, deed=f"might on {roll.value}")
        return value  # the roll stands as rolled; the Might is lost
    result = value - points if lower else value + points
    state.log.emit(
        "might",
        model=model.uid,
        roll=roll.value,
        points=points,
        value=value,
        result=result,
        might_left=model.might,
    )
    return result


def _legal(ask: MightAsk, points: object) -> bool:
    """Never below zero, never more than the store, never a die past 6 or 1 (DICE-MOD-01)."""
    if not isinstance(points, int) or isinstance(points, bool):
        return False
    return 0 <= points <= min(ask.budget, ask.room)


def budget(state: BattleState, model: ModelState, roll: MightRoll | None = None) -> int:
    """The Might points the model could spend now (its store and any free point; ``roll``:
    the roll they would go on, for a free point limited to some rolls)."""
    return model.might + free_point(state, model, roll) + lent_might(state, model)


# Army rules giving a free Might point each turn for some rolls only (Narzug's Lethal Aim:
# his shots): rule -> a test of the roll now
FREE_MIGHT_ROLLS: dict[str, Callable[[BattleState, MightRoll | None], bool]] = {}


def free_point(state: BattleState, model: ModelState, roll: MightRoll | None = None) -> int:
    """SR-MIGHTYHERO (002:L2789-2791): a Mighty Hero may spend 1 free Might point per turn,
    without drawing on its store, even an empty one. 1 if still unused this turn, else 0."""
    mighty = "mighty hero" in model.triggers
    rules = model.triggers & FREE_MIGHT_ROLLS.keys() if FREE_MIGHT_ROLLS else set()
    if not (mighty or rules) or mighty_hero(model).free_might_turn == state.turn:
        return 0
    return int(mighty or any(FREE_MIGHT_ROLLS[rule](state, roll) for rule in rules))


def pay_might(
    state: BattleState, model: ModelState, points: int, roll: MightRoll | None = None
) -> bool:
    """Spend ``points`` of Might: a Mighty Hero's free point first (SR-MIGHTYHERO), the rest
    from the store (pools.spend refuses to go below zero). Heroic Actions may pay here.
    False: the deed is cancelled (pools.SPENT; the free point is a point spent too)."""
    if points > 0 and free_point(state, model, roll):
        mighty_hero(model).free_might_turn = state.turn
        points -= 1
        if not honoured(state, Spent(model, Pool.MIGHT, points, pooled=True)):
            return False
    return spend_might(state, model, points) if points else True  # own store, then lent


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class SpendMight(Decision[int]):
    """HERO-MIGHT-02..06: Might points spent on a roll."""

    model: ModelState
    ask: MightAsk


@dataclass(slots=True)
class MightyHero:
    free_might_turn: int = 0  # SR-MIGHTYHERO: the turn its free Might point was last used


MIGHTY_HERO: Status[MightyHero] = Status("mightyhero", MightyHero, Lasting.BATTLE)


def mighty_hero(model: ModelState) -> MightyHero:
    return MIGHTY_HERO.of(model)
