"""How the heuristic player casts and resists (MAGIC-CAST-01, MAGIC-RES-01/05, HERO-HCH-01):
by expected value. A casting's worth is the power's own estimate (spells.PowerUnit.worth)
times the chance it is cast with n dice and not resisted, less the Will it spends."""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import Charge, Hold, Move, MoveAction
from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.magic import worth
from battlesim.engines.sbg.rules.magic.casting import SpellOption, SpellPlan, options, spendable
from battlesim.engines.sbg.rules.magic.resisting import free_dice
from battlesim.engines.sbg.rules.magic.will_of_evil import WILL_OF_EVIL
from battlesim.engines.sbg.rules.movement import charge_options, furthest_toward

MAX_DICE = 3  # more dice than this rarely pay (the fourth die adds little)
MIGHT_POINT = 2.0  # the worth of the Might point Heroic Channelling costs (Duels)


def _resist_dice(state: BattleState, option: SpellOption) -> int:
    """The dice the best-placed target can be expected to roll: up to 2 Will, plus free."""
    if not option.power.resistible:
        return 0
    dice = 0
    for uid in option.affected:
        model = state.models[uid]
        dice = max(dice, min(model.will, 2) + free_dice(state, model)[0])
    return dice


def will_cost(model: ModelState) -> float:
    """A Will point's worth to ``model``: for a model with Will of Evil its Will is its life
    (SR-WILLEVIL: banished at 0), so a point costs its share of the model."""
    if WILL_OF_EVIL in model.triggers:
        return max(worth.WILL_POINT, worth.of(model) / max(1, model.will))
    return worth.WILL_POINT


def _target(state: BattleState, option: SpellOption) -> ModelState:
    return state.models[option.target]


def plan(
    state: BattleState, caster: ModelState, found: tuple[SpellOption, ...], chan: bool
) -> SpellPlan | None:
    """The option and number of dice with the best positive expected value, if any."""
    best = _best(state, caster, found, chan)
    return None if best is None else best[1]


def _best(
    state: BattleState, caster: ModelState, found: tuple[SpellOption, ...], chan: bool
) -> tuple[float, SpellPlan] | None:
    best: tuple[float, SpellPlan] | None = None
    for option in found:
        value = option.power.worth(state, caster, _target(state, option), chan)
        if value <= 0:
            continue
        resist = _resist_dice(state, option)
        for dice in range(1, min(spendable(caster), MAX_DICE) + 1):
            gain = worth.success_chance(option.spec.casting, dice, resist) * value
            score = gain - dice * will_cost(caster)
            if score > 0 and (best is None or score > best[0]):
                best = (score, SpellPlan(option, dice))
    return best


def resist_points(model: ModelState, casting: int, free: int, value: float) -> int:
    """The Will points with the best expected saving (a natural 6 refunds its point)."""
    best_points, best_score = 0, worth.resist_chance(casting, free) * value
    for points in range(1, model.will + 1):
        chance = worth.resist_chance(casting, points + free)
        score = chance * value - points * will_cost(model) * 5 / 6
        if score > best_score + 1e-9:
            best_points, best_score = points, score
    return best_points


def channelling_worth(state: BattleState, hero: ModelState) -> float:
    """HERO-HCH-01: what channelling adds to the best casting this turn (expected values,
    resisting counted), less the Might it costs; never the Hero's last Might point, kept
    for the Duels."""
    if hero.might < 2:
        return 0.0
    found = options(state, hero)
    plain = _best(state, hero, found, False)
    chan = _best(state, hero, found, True)
    if chan is None:
        return 0.0
    return chan[0] - (plain[0] if plain is not None else 0.0) - MIGHT_POINT


def _punch(model: ModelState) -> float:
    profile = model.profile
    return profile.attacks * profile.strength + profile.fight


def compel_move(state: BattleState, caster: ModelState, target: ModelState) -> MoveAction:
    """MAGIC-P-COMPEL: throw the compelled enemy (held, it will not strike) at our
    hardest hitter, so that it fights there; failing that walk it towards our nearest
    model, out of its own lines. A mounted target is walked, not made to charge (its
    charge bonuses would count against us)."""
    if target.mount is None:
        charges = charge_options(state, target)
        if charges:
            friend, spot = max(charges, key=lambda c: (_punch(c[0]), c[0].uid))
            return Charge(target.uid, friend.uid, spot)
    ours = [m for m in state.living(caster.player) if m.alive]
    if not ours:
        return Hold(target.uid)
    nearest = min(ours, key=lambda m: (state.distance(target, m), m.uid))
    end = furthest_toward(state, target, nearest.position)
    if point_distance(end, target.position) < 0.05:
        return Hold(target.uid)
    return Move(target.uid, end)
