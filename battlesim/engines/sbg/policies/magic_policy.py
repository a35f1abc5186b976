"""How the heuristic player casts and resists (MAGIC-CAST-01, MAGIC-RES-01/05, HERO-HCH-01):
by expected value. A casting's worth is the power's own estimate (spells.PowerUnit.worth,
adjusted here where the player knows more: ``_value``) times the chance it is cast with n
dice and not resisted, less the Will it spends. A Will point's cost follows its scarcity:
Will left unspent when the battle ends is worth nothing, so a caster with more Will than
turns ahead spends freely, one short of Will keeps it (``will_cost``); casting, it counts
on a target worth a die every other turn (``CASTS_A_TURN``), resisting on a point a turn;
a Nazgûl keeps a point for each turn ahead (``evil_reserve``), fewer with the battle's end in
sight (``turns_to_end``, from the scenario's end condition). The Will an enemy pays
resisting counts as a gain (``drain``). Before its move, a caster no enemy could be charged
by waits for the end of its move (``waits``). A Sorcerous Blast before our charges is
worth the Prone enemies (the target and the model it is hurled into) our models may then
charge (``_knocked_into_charges``): the plan player moves such a caster first
(plan/player.py)."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.actions import Charge, Hold, Move, MoveAction
from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.magic import worth
from battlesim.engines.sbg.rules.magic.casting import (
    ITEM_CAST,
    SpellOption,
    SpellPlan,
    options,
    spendable,
)
from battlesim.engines.sbg.rules.magic.harm import wound_chance
from battlesim.engines.sbg.rules.magic.resisting import free_dice
from battlesim.engines.sbg.rules.magic.will_of_evil import WILL_OF_EVIL
from battlesim.engines.sbg.rules.might import MightRoll, budget
from battlesim.engines.sbg.rules.movement import charge_options, furthest_toward
from battlesim.engines.sbg.rules.scenarios import Scenario
from battlesim.engines.sbg.rules.will import will_to_spend

MAX_DICE = 3  # more dice than this rarely pay (the fourth die adds little)
HOLDS = frozenset({"transfix", "compel"})
IDLE_HOLD = 0.2  # a hold's worth left on an enemy out of reach of any fight this turn
MIGHT_KEPT = 2  # Might kept for the Duels, never spent on casting or resisting dice
CAST_MIGHT_KEPT = 3  # a casting die is raised only by a Hero with Might to spare beyond 3
MIGHT_POINT = 2.0  # the worth of the Might point Heroic Channelling costs (Duels)
TURNS_AHEAD = 9  # a battle's usual length in turns (the sample benches end by turn 8-10)
DICE_A_TURN = 1.0  # the Will a model would like to have for each turn ahead (resisting)
# Casting, the Will wanted for each turn ahead: a caster finds a target worth a die about
# every other turn (the Nazgul sample's Witch-king had no target in range at about half of
# its offers). At a point a turn it kept 3-4 Will unspent to the end of the battle and let
# most one-die Black Darts at Orc Warriors go (bench/sbg_magic.py: README, magic).
CASTS_A_TURN = 0.5
SCARCITY = (0.3, 1.2)  # bounds of the scarcity factor on a Will point's cost
NO_FOE_CASTS = 0.6  # a Will point is worth less when no living enemy can cast (no resisting)
CHARGE_SLACK = 1.0  # inches beyond its Move within which a caster may end up in a fight
DRAIN_SHARE = 0.5  # of a Will point's worth, for the enemy's point spent resisting
PRONE_CHARGED = 0.4  # of a Prone enemy's worth, when charged before it may stand up
EVIL_RESERVE = 3  # Will of Evil: the least Will kept for fights (each fought phase costs one)
# A Broken force's losses a turn, as a share of its starting models (it tests and flees: the
# Nazgul sample's Broken sides lost 10-19 of 66 a turn, bench/sbg_magic.py battles 301-306)
BROKEN_LOSSES = 0.2
# A power an item casts once a game (Circlet of Kings) is kept for a use worth more than
# the Will points a cast of its own would cost
ITEM_KEEP = 2 * worth.WILL_POINT


def spare_might(state: BattleState, model: ModelState, roll: MightRoll) -> int:
    """The Might this player spends raising a casting or resist die: what it has beyond
    the points it keeps for the Duels (players._worth_might)."""
    return max(0, budget(state, model, roll) - might_kept(roll))


def might_kept(roll: MightRoll) -> int:
    """Might kept for the Duels: a point adds more there (a won Duel strikes, a Wound
    saved) than on a casting die, whose Will can be spent again next turn; resisting,
    the power lands at once, so two points are kept."""
    return CAST_MIGHT_KEPT if roll is MightRoll.CAST else MIGHT_KEPT


def resist_dice(
    state: BattleState, caster: ModelState, option: SpellOption, chan: bool
) -> dict[int, tuple[int, int]]:
    """For each highest casting die that casts the power, the dice the best-placed target
    can be expected to roll and the score one of them needs: the Will points this player
    would spend in its place (``resist_points``, with the power's own worth, as
    resisting.resisted asks it; it decides knowing the casting roll, MAGIC-RES-01) plus its
    free dice; the score is the casting die less the Might it would add (HERO-MIGHT-06)."""
    return {
        best: (dice, need)
        for best, (dice, need, _) in _resists(state, caster, option, chan).items()
    }


def _resists(
    state: BattleState,
    caster: ModelState,
    option: SpellOption,
    chan: bool,
    end: int | None = None,
) -> dict[int, tuple[int, int, float]]:
    """``resist_dice`` with, for each casting die, the worth of the Will the resister pays
    (``drained_point``): spent resisting, it is lost to its side all the same."""
    found = {best: (0, best, 0.0) for best in range(option.spec.casting, 7)}
    if not option.power.resistible:
        return found
    target = state.models[option.target]
    value = option.power.worth(state, caster, target, chan)
    for uid in option.affected:
        model = state.models[uid]
        free, bonus = free_dice(state, model)
        might = spare_might(state, model, MightRoll.RESIST)
        for best in found:
            points = resist_points(model, best, free, value, state, end)
            dice = points + free
            need = max(1, best - bonus - might) if dice else best
            if worth.resist_chance(need, dice) > worth.resist_chance(
                found[best][1], found[best][0]
            ):
                found[best] = (dice, need, points * 5 / 6 * drained_point(state, model))
    return found


def drained_point(state: BattleState, model: ModelState) -> float:
    """What an enemy's Will point spent resisting costs it: a Will of Evil model's life
    runs on its Will (SR-WILLEVIL: a point a fought turn, banished at 0), a caster loses a
    point it would cast with; one that cannot cast is counted as losing nothing (a reading:
    its Will could still pass a Courage test, but counting the drain sent Gandalf's Will
    after an enemy Gandalf resisting with five or six dice)."""
    if WILL_OF_EVIL in model.triggers:
        return max(worth.WILL_POINT, DRAIN_SHARE * worth.of(model) / max(1, model.will))
    if not model.profile.powers:
        return 0.0
    return DRAIN_SHARE * worth.WILL_POINT


def drain(resist: dict[int, tuple[int, int, float]], dice: int, might: int = 0) -> float:
    """The expected worth of the Will the resister pays against ``dice`` casting dice."""
    casting = min(resist)
    total = 0.0
    for die, chance in worth.best_die_chances(dice).items():
        best = die if die >= casting else casting if die + might >= casting else 0
        if best:
            total += chance * resist[best][2]
    return total


def success_chance(resist: dict[int, tuple[int, int]], dice: int, might: int = 0) -> float:
    """The chance a power is cast with ``dice`` and not resisted (``resist``: the resist
    dice and the score they need against each highest casting die that casts it; ``might``:
    the caster's spare Might, raising a die short of the casting value to it)."""
    casting = min(resist)
    chances = worth.best_die_chances(dice)
    total = 0.0
    for die, chance in chances.items():
        best = die if die >= casting else casting if die + might >= casting else 0
        if best:
            n, need = resist[best]
            total += chance * (1 - worth.resist_chance(need, n))
    return total


def will_cost(
    model: ModelState,
    state: BattleState | None = None,
    points: int = 1,
    wanted: float = DICE_A_TURN,
    end: int | None = None,
) -> float:
    """The cost of spending ``points`` Will: a point's worth (worth.WILL_POINT) times its
    scarcity (the Will wanted for the turns ahead, ``wanted`` a turn, over the Will the
    model has); for a model with Will of Evil every point spent below its reserve also
    costs a share of the model itself (SR-WILLEVIL: banished at 0). A free point not used
    yet this turn (Staff of Power, WPN-STAFFPOW-01) costs nothing: the first point spent is
    that one. ``end``: the turns expected after this one before the battle ends
    (``turns_to_end``; None: not known)."""
    scarcity = 1.0
    if state is not None:
        points -= min(points, will_to_spend(state, model) - model.will)
        ahead = max(2, TURNS_AHEAD - state.turn)
        low, high = SCARCITY
        scarcity = min(high, max(low, wanted * ahead / max(1, model.will)))
        if not any(enemy.profile.powers for enemy in state.enemies(model)):
            scarcity *= NO_FOE_CASTS
    cost = points * worth.WILL_POINT * scarcity
    if WILL_OF_EVIL in model.triggers:
        reserve = evil_reserve(state, model, end)
        below = max(0, reserve - (model.will - points)) - max(0, reserve - model.will)
        cost += below * worth.of(model) / reserve
    return cost


def evil_reserve(
    state: BattleState | None, model: ModelState | None = None, end: int | None = None
) -> int:
    """SR-WILLEVIL: the Will a Nazgûl keeps for its fights, a point for each fought turn
    (banished at 0): the turns ahead, at least EVIL_RESERVE. Each point spent below it is
    a turn of the battle the model will not see. With the end in sight (``end`` turns after
    this one, ``turns_to_end``) Will left when the battle ends is worth nothing, so the
    reserve falls to a point for each turn it may still fight (this one only when it
    fights or an enemy could charge it) and the point that keeps it from banishment."""
    if state is None:
        return EVIL_RESERVE
    reserve = max(EVIL_RESERVE, TURNS_AHEAD - state.turn)
    if end is None or model is None:
        return reserve
    fights = end + (0 if _out_of_reach(state, model) else 1)
    return max(1, min(reserve, fights + 1))


def _out_of_reach(state: BattleState, model: ModelState) -> bool:
    """Not in a fight, and no enemy within its Move and an inch (it could charge us)."""
    if state.engaged(model):
        return False
    return all(
        state.distance(enemy, model) > enemy.profile.move + CHARGE_SLACK
        for enemy in state.enemies(model)
    )


def turns_to_end(state: BattleState, scenario: Scenario | None) -> int | None:
    """The turns the battle is expected to last after this one, read from the scenario's end
    condition (never its name): its turn limit, and, when a force reduced to a quarter ends
    it, each side's models above that quarter at the rate it has lost them so far, a Broken
    side at least ``BROKEN_LOSSES`` of its start a turn (the estimate errs long rather than
    short). None without a scenario."""
    if scenario is None:
        return None
    left = scenario.turn_limit - state.turn
    played = state.turn - 1
    if scenario.spec.end.quarter and played > 0:
        for side in (0, 1):
            start = state.start_counts[side]
            rate = state.casualties[side] / played
            if state.broken[side]:
                rate = max(rate, BROKEN_LOSSES * start)
            if rate > 0:
                margin = state.alive_count(side) - start / 4
                left = min(left, math.ceil(margin / rate) - 1)
    return max(0, left)


def _value(state: BattleState, caster: ModelState, option: SpellOption, chan: bool) -> float:
    """The power's worth, adjusted where the player sees more than the power's estimate:
    a Will-sapping power against a Will of Evil model is worth the share of the model its
    lost Will is (banished at 0: SR-WILLEVIL); a Sorcerous Blast at an Engaged enemy also
    knocks down and hits every model of that fight (MAGIC-P-BLAST, 002:L2547), ours too;
    holding an enemy out of reach of any fight this turn costs it only its move."""
    target = _target(state, option)
    value = option.power.worth(state, caster, target, chan)
    name = option.power.name
    if name == "sap will" and WILL_OF_EVIL in target.triggers:
        expected = min(target.will, 3.5 if chan else 2.0)
        value = max(value, expected / max(1, target.will) * worth.of(target))
    elif name == "sorcerous blast" and state.engaged(target):
        value += _fight_knocked_down(state, caster, target, 4 if chan else 3)
    elif name == "sorcerous blast":
        value += _knocked_into_charges(state, caster, target, 4 if chan else 3)
    elif name in HOLDS and not worth.fights_ahead(state, target):
        value *= IDLE_HOLD  # held far from any fight: only its move is lost
    return value


def _fight_knocked_down(
    state: BattleState, caster: ModelState, target: ModelState, strength: int
) -> float:
    """Each model in the target's fight is knocked down and hit: a gain for an enemy, a
    loss for a friend (a Prone fighter is trapped, FIGHT-PRONE)."""
    total = 0.0
    for model in state.contacts(target):
        harm = 0.2 * worth.of(model) + wound_chance(state, strength, model) * worth.per_wound(model)
        total += harm if model.player != caster.player else -harm
    return total


def _knocked_into_charges(
    state: BattleState, caster: ModelState, target: ModelState, strength: int
) -> float:
    """A Sorcerous Blast at an enemy out of any fight, before our charges: Prone, it cannot
    stand up once charged (MOVE-CHG-03), strikes nothing if it wins and is struck twice if
    it loses (FIGHT-PRONE-01/02); so is the model it is hurled into (MAGIC-P-BLAST, BLAST-a),
    which also suffers a hit. Worth ``PRONE_CHARGED`` of each such enemy within reach of a
    charge of ours (the power's own estimate counts a plain Prone target)."""
    total = 0.0
    if _chargers(state, caster, target):
        total += (PRONE_CHARGED - 0.2) * worth.of(target)
    blocker, chance = _hurled_into(state, caster, target)
    if blocker is None or blocker.profile.strength > 5:
        return total
    harm = wound_chance(state, strength, blocker) * worth.per_wound(blocker)
    if _chargers(state, caster, blocker):
        harm += PRONE_CHARGED * worth.of(blocker)
    return total + chance * (harm if blocker.player != caster.player else -harm)


def _chargers(state: BattleState, caster: ModelState, enemy: ModelState) -> bool:
    """A model of ours, free to move yet, within its Move of ``enemy`` (caster aside)."""
    return any(
        not m.done_moving
        and m is not caster
        and not state.engaged(m)
        and state.distance(m, enemy) <= m.profile.move
        for m in state.living(caster.player)
    )


def _hurled_into(
    state: BattleState, caster: ModelState, target: ModelState
) -> tuple[ModelState | None, float]:
    """The first model on the line the target is hurled along (away from the caster,
    harm.push_away) and the chance the D6 inches reach it."""
    dx, dy = target.x - caster.x, target.y - caster.y
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    best: tuple[float, ModelState] | None = None
    for other in state.near(target.x, target.y, 6.0 + 2 * state.largest_radius):
        if other is target or other is caster or not other.alive:
            continue
        ox, oy = other.x - target.x, other.y - target.y
        along, across = ox * ux + oy * uy, abs(ox * uy - oy * ux)
        touch = target.radius + other.radius
        if along <= 0 or across >= touch:
            continue
        gap = along - math.sqrt(touch * touch - across * across)
        if gap <= 6.0 and (best is None or gap < best[0]):
            best = (gap, other)
    if best is None:
        return None, 0.0
    gap, blocker = best
    return blocker, sum(1 for die in range(1, 7) if die >= gap - 1e-9) / 6


def _target(state: BattleState, option: SpellOption) -> ModelState:
    return state.models[option.target]


def plan(
    state: BattleState,
    caster: ModelState,
    found: tuple[SpellOption, ...],
    chan: bool,
    scenario: Scenario | None = None,
) -> SpellPlan | None:
    """The option and number of dice with the best positive expected value, if any. Before
    its move a caster with no enemy in charge reach waits for the end of its move
    (MAGIC-WHEN-01 offers both): closer targets, and the fight's models in place."""
    if waits(state, caster):
        return None
    best = _best(state, caster, found, chan, turns_to_end(state, scenario))
    return None if best is None else best[1]


def waits(state: BattleState, caster: ModelState) -> bool:
    """Before its move, no enemy within a charge (its Move and an inch): after moving it
    will still be free to cast. One that may charge casts now (Engaged, it could not)."""
    if caster.done_moving:
        return False
    return state.nearest_enemy(caster)[0] > caster.profile.move + CHARGE_SLACK


def _best(
    state: BattleState,
    caster: ModelState,
    found: tuple[SpellOption, ...],
    chan: bool,
    end: int | None = None,
) -> tuple[float, SpellPlan] | None:
    best: tuple[float, SpellPlan] | None = None
    for option in found:
        value = _value(state, caster, option, chan)
        if value <= 0:
            continue
        resists = _resists(state, caster, option, chan, end)
        if option.item:  # cast with a 6 for no Will, once a game: kept for a use worth it
            n, need, drained = resists[ITEM_CAST]
            score = (1 - worth.resist_chance(need, n)) * value + drained - ITEM_KEEP
            if score > 0 and (best is None or score > best[0]):
                best = (score, SpellPlan(option, 0))
            continue
        resist = {best: (dice, need) for best, (dice, need, _) in resists.items()}
        might = spare_might(state, caster, MightRoll.CAST)
        for dice in range(1, min(spendable(caster), MAX_DICE) + 1):
            gain = success_chance(resist, dice, might) * value + drain(resists, dice, might)
            score = gain - will_cost(caster, state, dice, CASTS_A_TURN, end)
            if score > 0 and (best is None or score > best[0]):
                best = (score, SpellPlan(option, dice))
    return best


def resist_points(
    model: ModelState,
    casting: int,
    free: int,
    value: float,
    state: BattleState | None = None,
    end: int | None = None,
) -> int:
    """The Will points with the best expected saving (a natural 6 refunds its point)."""
    best_points, best_score = 0, worth.resist_chance(casting, free) * value
    for points in range(1, model.will + 1):
        chance = worth.resist_chance(casting, points + free)
        score = chance * value - will_cost(model, state, points, end=end) * 5 / 6
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
