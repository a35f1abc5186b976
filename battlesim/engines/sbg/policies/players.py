"""Players (policies): they read the state and return actions; the phases check them.

``HeuristicPlayer`` plays as a sensible human: fighters in front, spears behind them, bows at
the back; the line advances together; it charges when the fight looks favourable or a
friend is already fighting the target, supports with spears, shoots the easiest targets and
heads for objectives. ``RandomPlayer`` picks uniformly among legal choices, for fuzzing; its
choices are dice rolls, so they are logged and replayed like any other roll.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

from battlesim.engines.sbg.core.actions import (
    Charge,
    Hold,
    IllegalActionError,
    Move,
    MoveAction,
    RingAction,
)
from battlesim.engines.sbg.core.arms import MissileKind, SpecialStrike, can_support
from battlesim.engines.sbg.core.data import WILL_OF_SAURON
from battlesim.engines.sbg.core.paths import (
    Point,
    circle_base,
    near_terrain,
    point_distance,
    rotated,
    segment_box,
    terrain_cost,
    toward,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.units import ModelId, PlayerId, Profile
from battlesim.engines.sbg.phases.combat_split import gang_ups
from battlesim.engines.sbg.policies import (
    hemmed,
    heroic_policy,
    magic_policy,
    monster_tactics,
    power_parts,
)
from battlesim.engines.sbg.policies.answers import Answering
from battlesim.engines.sbg.policies.beast_tactics import heuristic_trample, legal_ends
from battlesim.engines.sbg.rules import cavalry, one_ring, terror
from battlesim.engines.sbg.rules.ablaze import burning
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.barriers import protecting_barrier
from battlesim.engines.sbg.rules.combat import wound_need
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.elevation import sheer_under
from battlesim.engines.sbg.rules.heroic_actions import (
    HEROIC_MARCH,
    Choice,
    declared_by,
    heroic_turn,
    leash_refusal,
    legal_declarations,
)
from battlesim.engines.sbg.rules.magic.casting import SpellOption, SpellPlan, spendable
from battlesim.engines.sbg.rules.might import MightAsk, MightRoll, budget
from battlesim.engines.sbg.rules.monsters.core import BpaOption
from battlesim.engines.sbg.rules.movement import (
    Surroundings,
    can_throw,
    charge_options,
    check_action,
    first_charge,
    furthest_toward,
    in_moving_reach,
    surely_illegal,
    surroundings,
)
from battlesim.engines.sbg.rules.prone import check_lie_down, crawl_spots
from battlesim.engines.sbg.rules.reinforcements import Reserve, entry_points
from battlesim.engines.sbg.rules.ring_moves import check_ring_action
from battlesim.engines.sbg.rules.scenarios import Scenario
from battlesim.engines.sbg.rules.sight import can_see, terrain_may_show

T = TypeVar("T")
# A sensible player accepts a slightly unfavourable charge: holding back only hands the
# enemy the charge (and the choice of fights) next turn.
CHARGE_THRESHOLD = -0.1
LEADING_MIGHT = 3  # a leader with this much Might fights in the front rank (see _held_back)
WALL_HOLD_RANGE = 8.0  # inches: an enemy this close will charge the wall soon
CLAIM_PRIORITY_RANGE = 12.0  # inches: two Moves apart, the next charges are near

SHIELD_WHEN_OUTFOUGHT_BY = 2  # Fight points: a side this outclassed Shields (ARM-SH-03)
RING_THREAT_MARGIN = 2.0  # inches beyond an enemy's Move: it may charge the bearer this turn
RING_SAFE_DISTANCE = 12.0  # inches: no enemy this close, the Ring comes off
_WALLS = frozenset({"obstacle"})
HEAVY_FIRE = 3  # enemy bows able to shoot a model next turn: worth lying down for (cover)


def wound_chance(strength: int, defence: int) -> float:
    """Probability that one To Wound roll succeeds (for choosing, not for resolving); kept
    per pair (the chart never changes: speed, thousands of charges weighed a battle)."""
    key = (strength, defence)
    known = _WOUND_CHANCES.get(key)
    if known is None:
        known = _WOUND_CHANCES[key] = _wound_chance(strength, defence)
    return known


_WOUND_CHANCES: dict[tuple[int, int], float] = {}


def _wound_chance(strength: int, defence: int) -> float:
    need = wound_need(strength, defence)
    if need is None:
        return 0.0
    chance = (7 - need.first) / 6
    return chance * ((7 - need.second) / 6 if need.second else 1.0)


def _cavalry_charge(state: BattleState, model: ModelState, enemy: ModelState) -> float:
    """Cavalry likes charging Infantry in the open (CAV-CHG-01: an Extra Attack and doubled
    strikes on knocked-down losers), dislikes difficult ground (CAV-CHG-04: no bonus, four
    times the distance) and spear walls (each supporter adds a Duel die against it)."""
    if model.mount is None or cavalry.is_cavalry(enemy):
        return 0.0
    if cavalry.in_difficult_terrain(state, enemy):
        return -0.3
    spears = sum(1 for f in state.living(enemy.player) if _supports(state, f, enemy))
    return 0.35 - 0.15 * spears


def _rough_charge(state: BattleState, model: ModelState, enemy: ModelState, spot: Point) -> float:
    """WPN-LANCE-01, CAV-MOVE-04: a charge through difficult ground forfeits the bonuses that
    ``_cavalry_charge`` counted on."""
    if model.mount is None or not cavalry.rough_path(state, model, model.position, spot):
        return 0.0
    return -max(0.0, _cavalry_charge(state, model, enemy))


def _charges_on_foot_only(state: BattleState, model: ModelState, enemy: ModelState) -> bool:
    """Along the straight line to ``enemy``: the rider on foot (its own Move less what it
    spent, CAV-DISM-02) reaches base contact, the mounted model (CAV-MOVE-03) does not."""
    assert model.mount is not None
    centres = point_distance(model.position, enemy.position)
    foot = cavalry.foot_radius(model)
    on_foot = model.mount.foot.move - model.spent
    if centres - foot - enemy.radius > on_foot:
        return False  # out of reach on foot even over open ground (cheap)
    walk_end = toward(model.position, enemy.position, centres - foot - enemy.radius)
    ride_end = toward(model.position, enemy.position, centres - model.radius - enemy.radius)
    walked = terrain_cost(state.table, model.position, walk_end, foot)
    ridden = terrain_cost(state.table, model.position, ride_end, model.radius, cavalry=True)
    return walked <= on_foot and ridden > allowance(state, model)


def _supports(state: BattleState, friend: ModelState, model: ModelState) -> bool:
    """``friend`` could give ``model`` spear support (touching it, free, a spear)."""
    if friend is model or not can_support(friend.profile) or state.engaged(friend):
        return False
    return state.in_contact(friend, model)


def _role(model: ModelState) -> int:
    """0 fighters (front rank), 1 spears (second rank), 2 shooters (back)."""
    if _shoots(model):
        return 2
    return 1 if _spear_bearer(model.profile) else 0


def _shoots(model: ModelState) -> bool:
    """``_role(model) == 2``, without asking for spears (speed: bows are counted over whole
    armies for every model that moves)."""
    missile = model.missile
    return missile is not None and missile.kind is not _THROWING


_THROWING = MissileKind.THROWING  # a module global, not an Enum class attribute (speed)


_SPEAR_BEARERS: dict[int, tuple[Profile, bool]] = {}


def _spear_bearer(profile: Profile) -> bool:
    """``can_support`` remembered per profile (asked for every model, many times a turn)."""
    known = _SPEAR_BEARERS.get(id(profile))
    if known is None or known[0] is not profile:
        if len(_SPEAR_BEARERS) > 256:  # profiles are new each battle: keep few alive
            _SPEAR_BEARERS.clear()
        known = _SPEAR_BEARERS[id(profile)] = (profile, can_support(profile))
    return known[1]


def _precious(state: BattleState, model: ModelState) -> bool:
    """The leader, banners and the Ring-bearer stay in the second rank."""
    leader = state.forces[model.player].leader == model.uid
    return leader or "banner" in model.triggers or one_ring.bears_ring(model)


def _legal_ring_actions(state: BattleState, model: ModelState) -> list[RingAction]:
    legal = []
    for action in RingAction:
        try:
            check_ring_action(state, model, action)
        except IllegalActionError:
            continue
        legal.append(action)
    return legal


def _might_to_resist(model: ModelState, die: int) -> int:
    """RING-WILL-01: the Might that turns a 1-2 into a 3+ (0 if not enough or not needed)."""
    need = WILL_OF_SAURON - die
    return need if 0 < need <= model.might else 0


def _line_holds(state: BattleState, side: PlayerId) -> bool:
    """Bows stand and shoot while a fighting line screens them; without one they fight."""
    count = 0
    for model in state.living(side):
        count += not _shoots(model)
        if count >= 3:
            return True  # three are enough: stop counting (speed)
    return False


def _nearest(state: BattleState, model: ModelState) -> tuple[float, ModelState | None]:
    return state.nearest_enemy(model)


_IN_THE_WAY_OF_FEET = frozenset({"impassable", "obstacle", "gap", "elevated"})


def _first_waypoint(state: BattleState, model: ModelState, goal: Point) -> Point:
    """Walk round terrain: head for the first waypoint of the table's route to the goal."""
    if state.table is None or not state.table.pieces:
        return goal
    box = segment_box(model.position, goal, model.radius)
    if not near_terrain(state.table, box, _IN_THE_WAY_OF_FEET):
        return goal  # nothing to walk round: skip the route search (speed)
    route = state.table.route(model.position, goal, circle_base(model.radius))
    return route[0] if route else goal


# Rolls where a Hero keeps a Might point back for its Fate rolls (HERO-FATE-03).
_LESSER_ROLLS = frozenset({MightRoll.TO_HIT, MightRoll.IN_THE_WAY, MightRoll.TO_WOUND})


def _matters(state: BattleState, model: ModelState, target: ModelState | None) -> bool:
    """An enemy worth Might: a Hero, a Monster, a banner, the leader or a multi-Wound model."""
    if target is None or target.player == model.player:
        return False  # never spend Might to hurt a friend (a shot hitting one in the way)
    return (
        target.profile.is_hero
        or target.wounds > 1
        or bool({"monster", "banner"} & target.triggers)
        or state.forces[target.player].leader == target.uid
    )


def _worth_might(state: BattleState, model: ModelState, ask: MightAsk) -> bool:
    """Is turning this roll worth ``ask.cost`` points (already known affordable)?"""
    if ask.roll is MightRoll.DUEL:
        # a bidding war it cannot win only wastes Might (HERO-MIGHT-04)
        return ask.contest is None or ask.contest - ask.value <= ask.budget
    if ask.roll in _LESSER_ROLLS:
        # any enemy casualty counts towards breaking its army: spend on one while a point
        # stays for the next Duel; the last points go only on enemies that matter
        spare = ask.budget - ask.cost >= 1
        hostile = ask.target is not None and ask.target.player != model.player
        return hostile and spare or _matters(state, model, ask.target)
    if ask.roll in (MightRoll.LEAP, MightRoll.JUMP, MightRoll.CLIMB):
        return ask.need == 2 or ask.cost == 1  # avoid the fall; finish a charge cheaply
    if ask.roll in (MightRoll.CAST, MightRoll.RESIST):
        # a power, cast or resisted: some stay for Duels (magic_policy.might_kept)
        return ask.budget - ask.cost >= magic_policy.might_kept(ask.roll)
    return True  # Courage, Fate, Thrown Rider: vital to the Hero


def _in_charge_reach(state: BattleState, model: ModelState) -> bool:
    """Some enemy stands within the longest enemy Move and 1" of the model: the nearest
    enemy (the grid's cells) against that reach, which is asked (``longest_move``, kept
    while the enemy side stands still) only when the nearest enemy's own Move does not
    already reach (speed: the same answer as testing every enemy)."""
    gap, nearest = state.nearest_enemy(model)
    if nearest is None:
        return False
    if gap <= nearest.profile.move + 1.0:
        return True
    return gap <= state.longest_move(1 - model.player) + 1.0


def _bows_on(state: BattleState, model: ModelState) -> list[ModelState]:
    """Enemy bows (not throwing weapons) within range of the model after half a Move."""
    found = []
    for enemy in state.enemies(model):
        weapon = enemy.missile
        if weapon is None or weapon.kind is MissileKind.THROWING or state.engaged(enemy):
            continue
        if state.distance(enemy, model) <= weapon.range + enemy.profile.move / 2:
            found.append(enemy)
    return found


def _more_bows(models: list[ModelState], than: int) -> bool:
    """More than ``than`` bows among ``models`` (counting stops once there are: speed)."""
    count = 0
    for model in models:
        count += _shoots(model)
        if count > than:
            return True
    return False


def _seen_by(state: BattleState, bows: list[ModelState], model: ModelState) -> list[ModelState]:
    """The bows that see the model; the search stops once HEAVY_FIRE is out of reach (the
    caller needs that many: speed). None when the terrain alone hides it from all but fewer
    than HEAVY_FIRE of them (too few whatever the models in between: speed)."""
    if _few_past_terrain(state, bows, model):
        return []
    found: list[ModelState] = []
    for k, enemy in enumerate(bows):
        if len(found) + len(bows) - k < HEAVY_FIRE:
            break
        if can_see(state, enemy, model, target_prone=False):
            found.append(enemy)
    return found


def _few_past_terrain(state: BattleState, bows: list[ModelState], model: ModelState) -> bool:
    """Fewer than HEAVY_FIRE bows see the model past the terrain alone (``can_see``'s first
    test, so fewer see it at all); the count stops once the answer is known."""
    past = 0
    for k, enemy in enumerate(bows):
        if past + len(bows) - k < HEAVY_FIRE:
            return True
        past += terrain_may_show(state, enemy, model, target_prone=False)
        if past >= HEAVY_FIRE:
            return False
    return past < HEAVY_FIRE


def _half_hidden(state: BattleState, shooters: list[ModelState], model: ModelState) -> bool:
    """At most half of ``shooters`` still see the model (counting stops once more do)."""
    still = 0
    for enemy in shooters:
        still += can_see(state, enemy, model, target_prone=True)
        if 2 * still > len(shooters):
            return False
    return True


_OUT_OF_GAP = (1.0, 0.8, 0.6, 0.4, 0.3, 0.2, 0.1)  # a climb out may leave little Move
_LEAP_SHARES = (1.0, 0.8, 0.6, 0.4)  # shares of its Move a stopped model tries across
_SIDESTEP_TURNS = (0.5, -0.5, 1.0, -1.0)  # radians off the goal's heading of a side-step


def _hemmed(
    state: BattleState,
    model: ModelState,
    goal: Point,
    budget: float,
    shares: tuple[float, ...],
    turns: tuple[float, ...] = (0.0, *_SIDESTEP_TURNS),
) -> bool:
    """No leap nor side-step towards ``goal`` can be played: each heading tried (straight
    for a leap, ``turns`` off it for a side-step) is blocked by a base within
    ``hemmed.STEP`` inches, the shortest leap tried (never beyond the goal) is at least
    that long, and no side-step's aim is moved in off the table's edge (its heading would
    change). The search's own answer, found without trying them (speed)."""
    shortest = min(budget * min(shares), point_distance(model.position, goal))
    if shortest < hemmed.STEP:
        return False
    heading = math.atan2(goal[1] - model.y, goal[0] - model.x)
    for turn in turns:
        if not hemmed.on_table(state, model, rotated(model.position, heading + turn, budget)):
            return False  # the aim clamped: a heading of its own
    return hemmed.hemmed_in(state, model, goal, turns)


def _in_gap(state: BattleState, model: ModelState) -> bool:
    """Whether the model lies on a gap's floor after a failed Jump (MOVE-JUMP-05)."""
    table = state.table
    return table is not None and bool(table.floors) and table.ground_level(model.position) < 0


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: subclasses may be Python
class HeuristicPlayer(Answering):
    """A sensible human's plan, made of small named habits."""

    def __init__(self, scenario: Scenario | None = None, *, spend_might: bool = True) -> None:
        self.scenario = scenario
        self.might_allowed = spend_might  # False: its Heroes never spend Might (benchmarks)

    def deployment_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        models = list(state.living(side))
        rank = {m.uid: 1 if _precious(state, m) else _role(m) for m in models}
        return [m.uid for m in sorted(models, key=lambda m: (rank[m.uid], m.uid))]

    def sound_drum(self, state: BattleState, side: PlayerId) -> ModelId | None:
        for model in state.living(side):
            if "war drum" in model.triggers and _nearest(state, model)[0] > 14.0:
                return model.uid
        return None

    def move_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        """The front line first, spears, then bows; Heroes lead when the army is Broken so
        that their Stand Fast! covers the Warriors (COUR-SF-02)."""
        models = list(state.living(side))
        broken = state.broken[side]
        beasts = state.crews  # War Beasts lead: the line behind them would stop their trample
        key = {
            m.uid: (
                m.uid not in beasts,
                declared_by(state, m, HEROIC_MARCH) is None,  # HERO-HMA-03: friends follow
                not (broken and m.profile.is_hero),
                _role(m),
                _nearest(state, m)[0],
            )
            for m in models
        }
        return sorted(key, key=lambda uid: (key[uid], uid))

    def choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        action = self._choose_move(state, model)
        return action if heroic_turn(model).leash is None else self._leashed(state, model, action)

    def _choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        if one_ring.bears_ring(model):
            return self._guard_bearer(state, model)
        if self._holds_wall(state, model):
            return Hold(model.uid)  # leaping out would give the barrier away
        if self._waits_in_cover(state, model):
            return Hold(model.uid)  # then lies down (lies_down): MOVE-PRONE-06
        charge = self._charge(state, model)
        if charge is not None:
            return charge
        if _role(model) == 1:
            support = self._support_spot(state, model)
            if support is not None:
                return Move(model.uid, support)
        shooting = _shoots(model) and _line_holds(state, model.player)
        if shooting and self._has_target_in_range(state, model):
            return Hold(model.uid)
        if self._held_back(state, model) and self._screened(state, model):
            return Hold(model.uid)  # stay behind the line, within reach of its fights
        return self._advance(state, model)

    def choose_split(self, state: BattleState, options: Sequence[list[Combat]]) -> int:
        """MOVE-SEP-04: the split with the most fights its side outnumbers the enemy in."""
        side = state.priority
        scores = [(-gang_ups(state, split, side), k) for k, split in enumerate(options)]
        return min(scores)[1]

    def choose_entry(self, state: BattleState, reserve: Reserve) -> Point:
        """MOVE-REINF-01: on its own edge, behind the middle of its army (to join it)."""
        own = state.living(reserve.player)
        middle = sum(m.x for m in own) / len(own) if own else state.width / 2
        points = entry_points(state, reserve)
        home = state.depth if reserve.player == 1 else 0.0
        if reserve.edge is not None:  # SE-DEPLOY-02: its army's own edge
            home = reserve.edge
        if not points:
            return (middle, home)
        return min(points, key=lambda p: (abs(p[1] - home), abs(p[0] - middle), p))

    # -- prone models (MOVE-PRONE-04..06) ---------------------------------------------------

    def stands_up(self, state: BattleState, model: ModelState) -> bool:
        """Stay down only while hidden from heavy fire with nothing better to do."""
        if not self._takes_cover(state, model):
            return True
        if self._waits_in_cover(state, model):
            return False
        return not isinstance(self.choose_move(state, model), Hold)

    def lies_down(self, state: BattleState, model: ModelState) -> bool:
        """Lie down behind cover when out of charge reach and under heavy fire; bows keep
        standing to shoot (MOVE-PRONE-12)."""
        try:
            check_lie_down(state, model)
        except IllegalActionError:
            return False
        if burning(state, model):
            return True  # SR-ABLAZE: lie down now, crawl next Move phase to put it out
        return not _shoots(model) and self._takes_cover(state, model)

    def crawl_to(self, state: BattleState, model: ModelState) -> Point | None:
        """Crawl to put out flames (SR-ABLAZE), or to get out of sight of more bows, never
        needlessly."""
        if burning(state, model):
            spots = crawl_spots(state, model)
            return spots[0] if spots else None
        if self.stands_up(state, model):
            return None
        shooters = _bows_on(state, model)
        seen = sum(1 for e in shooters if can_see(state, e, model))
        best: tuple[int, Point] | None = None
        start = model.position
        for spot in crawl_spots(state, model):
            state.set_position(model, spot)
            count = sum(1 for e in shooters if can_see(state, e, model))
            if count < seen and (best is None or count < best[0]):
                best = (count, spot)
        state.set_position(model, start)
        return None if best is None else best[1]

    def _waits_in_cover(self, state: BattleState, model: ModelState) -> bool:
        """A fighter whose side has more bows lets them win the exchange: it waits, hidden
        behind cover, for the enemy to come (the side with fewer bows must attack)."""
        if _shoots(model) or cavalry.is_cavalry(model):
            return False
        if state.engaged(model) or _in_charge_reach(state, model):
            return False  # _takes_cover's cheap refusals before the bows are counted (speed)
        theirs = sum(1 for m in state.enemies(model) if _shoots(m))
        return _more_bows(state.living(model.player), theirs) and self._takes_cover(state, model)

    def _takes_cover(self, state: BattleState, model: ModelState) -> bool:
        """Out of every enemy's charge reach, seen by HEAVY_FIRE bows or more, and lying down
        hides it from at least half of them."""
        if cavalry.is_cavalry(model) or state.engaged(model) or _in_charge_reach(state, model):
            return False
        bows = _bows_on(state, model)
        if len(bows) < HEAVY_FIRE:
            return False  # too few bows whatever they see: no sight line drawn (speed)
        shooters = _seen_by(state, bows, model)  # as it stands now
        return len(shooters) >= HEAVY_FIRE and _half_hidden(state, shooters, model)

    # -- fight stances ------------------------------------------------------------------------

    def choose_shielding(
        self, state: BattleState, models: Sequence[ModelState], enemies: Sequence[ModelState]
    ) -> bool:
        """Shield when Prone (a Prone winner cannot strike anyway, ARM-SH-05) or clearly
        outfought: double dice make losing, and being struck, less likely."""
        if any(m.prone for m in models):
            return True
        ours = max(m.profile.fight for m in models)
        theirs = max((e.profile.fight for e in enemies), default=0)
        return theirs >= ours + SHIELD_WHEN_OUTFOUGHT_BY

    def choose_two_hands(
        self, state: BattleState, model: ModelState, enemies: Sequence[ModelState]
    ) -> bool:
        """Two hands when wounding is hard (5+ or worse) and the model is not outfought."""
        if not enemies:
            return False
        weakest = min(enemies, key=lambda e: (e.defence, e.uid))
        hard = wound_chance(model.profile.strength, weakest.defence) <= 2 / 6
        outfought = max(e.profile.fight for e in enemies) > model.profile.fight
        return hard and not outfought

    # -- the One Ring ------------------------------------------------------------------------

    def ring_action(self, state: BattleState, model: ModelState) -> RingAction | None:
        """On when an enemy could charge the bearer this turn; off when none is near. Never
        on as the last model of the army ("My precious!", RING-PREC-01)."""
        legal = _legal_ring_actions(state, model)
        threat = self._threatened(state, model)
        if RingAction.PUT_ON in legal and threat and state.alive_count(model.player) > 1:
            return RingAction.PUT_ON
        safe = _nearest(state, model)[0] > RING_SAFE_DISTANCE
        if RingAction.TAKE_OFF in legal and (safe or state.alive_count(model.player) <= 2):
            return RingAction.TAKE_OFF
        return None

    def _threatened(self, state: BattleState, model: ModelState) -> bool:
        """An enemy close enough to charge this turn (its Move and a margin)."""
        return any(
            state.distance(model, e) <= e.profile.move + RING_THREAT_MARGIN
            for e in state.enemies(model)
        )

    def resist_sauron(self, state: BattleState, model: ModelState, die: int) -> int:
        return _might_to_resist(model, die) if self.might_allowed else 0

    def move_enemy_bearer(self, state: BattleState, model: ModelState) -> MoveAction:
        """Throw the enemy bearer at our hardest hitter, or walk it towards our models."""
        charges = charge_options(state, model)
        if charges:
            enemy, spot = max(
                charges, key=lambda c: (c[0].profile.attacks * c[0].profile.strength, c[0].uid)
            )
            return Charge(model.uid, enemy.uid, spot)
        gap, nearest = _nearest(state, model)
        if nearest is None:
            return Hold(model.uid)
        end = furthest_toward(state, model, nearest.position)
        return (
            Move(model.uid, end) if point_distance(end, model.position) >= 0.05 else Hold(model.uid)
        )

    def _guard_bearer(self, state: BattleState, model: ModelState) -> MoveAction:
        """Keep the Ring-bearer out of harm: back off from close enemies, never charge."""
        gap, enemy = _nearest(state, model)
        if enemy is None or gap >= RING_SAFE_DISTANCE:
            return Hold(model.uid)
        away = rotated(model.position, math.atan2(model.y - enemy.y, model.x - enemy.x), 12.0)
        end = furthest_toward(state, model, away)
        if point_distance(end, model.position) < 0.05:
            return Hold(model.uid)
        return Move(model.uid, end)

    # -- habits ----------------------------------------------------------------------------

    def _leashed(self, state: BattleState, model: ModelState, action: MoveAction) -> MoveAction:
        """HERO-HM-03, HMA-03: with a Hero's call, end within 6" of it (shorten the move)."""
        if isinstance(action, Hold) or leash_refusal(state, model, action.to) is None:
            return action
        if isinstance(action, Move):
            length = point_distance(model.position, action.to)
            for share in (0.75, 0.5, 0.25):
                to = toward(model.position, action.to, length * share)
                if leash_refusal(state, model, to) is None and _legal(state, Move(model.uid, to)):
                    return Move(model.uid, to)
        return Hold(model.uid)

    def _charge(
        self, state: BattleState, model: ModelState, threshold: float | None = None
    ) -> Charge | None:
        """The best charge worth more than ``threshold`` (None: ``CHARGE_THRESHOLD``), if
        any. Optional as in the plan player's override: compiled by mypyc, an override must
        take the same kind of argument (a boxed optional, not a plain double)."""
        if threshold is None:
            threshold = CHARGE_THRESHOLD
        if hemmed.charges_blocked(state, model):
            return None
        if model.mount is None:  # no rough ground to price: the worth needs no spot
            return self._best_charge(state, model, threshold)
        best: tuple[float, str, Charge] | None = None
        for enemy, spot in charge_options(state, model):
            score = self._charge_value(state, model, enemy) + _rough_charge(
                state, model, enemy, spot
            )
            score = terror.expected_charge(state, model, enemy, score)  # MOVE-CHG-14
            if score > threshold and (best is None or (score, enemy.uid) > best[:2]):
                # MSL-THROW-02: no throw on a charge that asks for a terrain test
                throw = can_throw(model) and not crossings(state, model, spot)
                best = (score, enemy.uid, Charge(model.uid, enemy.uid, spot, throw))
        return None if best is None else best[2]

    def _best_charge(
        self, state: BattleState, model: ModelState, threshold: float
    ) -> Charge | None:
        """``_charge`` for a model on foot, whose charge's worth does not depend on its spot
        (``_rough_charge`` is 0): the enemies in reach ranked by worth, spots searched from
        the best down until one is found (speed: the same charge, without searching spots
        for enemies not worth charging or beaten by one that can be reached)."""

        def ranked(enemies: list[ModelState]) -> list[ModelState]:
            scored = []
            for enemy in hemmed.reachable(state, model, enemies):
                score = self._charge_value(state, model, enemy)
                score = terror.expected_charge(state, model, enemy, score)  # MOVE-CHG-14
                if score > threshold:
                    scored.append((score, enemy.uid, enemy))
            scored.sort(key=lambda item: item[:2], reverse=True)
            return [enemy for _, _, enemy in scored]

        found = first_charge(state, model, ranked)
        if found is None:
            return None
        enemy, spot = found
        # MSL-THROW-02: no throw on a charge that asks for a terrain test
        throw = can_throw(model) and not crossings(state, model, spot)
        return Charge(model.uid, enemy.uid, spot, throw)

    def _charge_value(self, state: BattleState, model: ModelState, enemy: ModelState) -> float:
        """Expected wounds dealt minus taken in a one-on-one fight, plus a gang-up bonus."""
        if self._held_back(state, model) and not state.contacts(enemy):
            return -1.0  # the leader and banners only join fights already under way
        mine, theirs = model.profile, enemy.profile
        win = 0.5 + 0.08 * (mine.fight - theirs.fight) + 0.1 * (mine.attacks - theirs.attacks)
        win = min(0.9, max(0.1, win + 0.25 * len(state.contacts(enemy))))
        dealt = win * mine.attacks * wound_chance(mine.strength, enemy.defence)
        taken = (1 - win) * theirs.attacks * wound_chance(theirs.strength, model.defence)
        shooter_penalty = 0.15 if _shoots(model) and _line_holds(state, model.player) else 0.0
        value = dealt * theirs.wounds**-1 - taken / max(1, model.wounds) + 0.02 - shooter_penalty
        return value + _cavalry_charge(state, model, enemy)

    def _held_back(self, state: BattleState, model: ModelState) -> bool:
        """The leader and banners stay behind the line, unless the leader is a Hero with Might
        to spend: its Might wins the Duels it fights (HERO-MIGHT-06), so it leads the charge."""
        if not _precious(state, model):
            return False
        return not (self.might_allowed and budget(state, model) >= LEADING_MIGHT)

    def _support_spot(self, state: BattleState, model: ModelState) -> Point | None:
        """A spot touching an engaged friend, outside enemy zones (WPN-SPEAR-01)."""
        budget = allowance(state, model)
        # friends whose centre may lie within budget and both radii (the grid's cells, a
        # superset of those the test keeps: speed, the same set sorted the same way)
        reach = budget + model.radius + state.largest_radius + 0.01
        friends = sorted(
            (state.distance(model, f), f.uid, f)
            for f in state.near(model.x, model.y, reach, model.player)
            if f is not model and state.engaged(f) and state.distance(model, f) <= budget
        )
        for _, _, friend in friends[:4]:
            for enemy in state.contacts(friend)[:1]:
                spot = self._behind(state, model, friend, enemy)
                if spot is not None:
                    return spot
        return None

    def _behind(
        self, state: BattleState, model: ModelState, friend: ModelState, enemy: ModelState
    ) -> Point | None:
        away = math.atan2(friend.y - enemy.y, friend.x - enemy.x)
        reach = friend.radius + model.radius + 0.005
        movers = in_moving_reach(state, model)  # once for every spot tried (speed)
        for turn in (0.0, 0.6, -0.6, 1.2, -1.2):
            spot = rotated(friend.position, away + turn, reach)
            if surely_illegal(state, model, spot, movers):
                continue
            try:
                check_action(state, model, Move(model.uid, spot))
            except ValueError:
                continue
            return spot
        return None

    def _has_target_in_range(self, state: BattleState, model: ModelState) -> bool:
        assert model.missile is not None
        gap, enemy = _nearest(state, model)
        return enemy is not None and gap <= model.missile.range

    def _advance(self, state: BattleState, model: ModelState) -> MoveAction:
        goal = self._goal(state, model)
        if goal is None:
            return Hold(model.uid)
        goal = _first_waypoint(state, model, goal)
        if _shoots(model) and _line_holds(state, model.player):  # keep half a Move to shoot
            goal = toward(model.position, goal, model.profile.move / 2)
        return self._step_toward(state, model, goal)

    def _step_toward(self, state: BattleState, model: ModelState, goal: Point) -> MoveAction:
        """As far as it can straight towards ``goal``; blocked, a side-step or a move across
        the obstacle; in a gap, a climb out first (data.ASSUMPTIONS gap-floor)."""
        if _in_gap(state, model):
            return self._leap_over(state, model, goal, _OUT_OF_GAP) or Hold(model.uid)
        around = surroundings(state, model)
        end = furthest_toward(state, model, goal, around)
        gained = point_distance(end, model.position)
        if gained < 0.5 and not _hemmed(state, model, goal, around.budget, _LEAP_SHARES):
            detour = self._sidestep(state, model, goal, around) or self._leap_over(
                state, model, goal
            )
            if detour is not None:
                return detour
        return Move(model.uid, end) if gained >= 0.05 else Hold(model.uid)

    def _holds_wall(self, state: BattleState, model: ModelState) -> bool:
        """Defend a wall: behind a barrier that protects it from the nearest enemy, close
        enough to be charged soon, stay and let the enemy fight across it (FIGHT-BAR-09)."""
        if state.table is None or not state.table.pieces:
            return False
        box = segment_box(model.position, model.position, model.radius + 0.1)
        on_rock = sheer_under(state, model.position) is not None  # FIGHT-ELEV-01
        if not on_rock and not near_terrain(state.table, box, _WALLS):
            return False  # most models stand by no wall: the cheap test first (speed)
        gap, enemy = _nearest(state, model)
        return (
            enemy is not None
            and gap <= WALL_HOLD_RANGE
            and bool(protecting_barrier(state, model, enemy))
        )

    def _screened(self, state: BattleState, model: ModelState) -> bool:
        """Close to the enemy with a friend nearer to it than this model is."""
        gap, enemy = _nearest(state, model)
        if enemy is None or gap >= 4.0:
            return False
        return any(
            f is not model and not _precious(state, f) and state.distance(f, enemy) < gap
            for f in state.living(model.player)
        )

    def _sidestep(
        self, state: BattleState, model: ModelState, goal: Point, around: Surroundings
    ) -> Move | None:
        """Blocked (by a friend, usually): slip past at an angle, if that gains ground."""
        heading = math.atan2(goal[1] - model.y, goal[0] - model.x)
        budget = around.budget
        before = point_distance(model.position, goal)
        arcs = hemmed.blocked_arcs(state, model)
        for turn in _SIDESTEP_TURNS:
            aim = rotated(model.position, heading + turn, budget)
            if arcs and hemmed.on_table(state, model, aim) and hemmed.blocked(arcs, heading + turn):
                continue  # it would stop within hemmed.STEP, gaining less than 0.5" (speed)
            end = furthest_toward(state, model, aim, around)
            if point_distance(end, goal) < before - 0.5:
                return Move(model.uid, end)
        return None

    def _leap_over(
        self,
        state: BattleState,
        model: ModelState,
        goal: Point,
        shares: tuple[float, ...] = _LEAP_SHARES,
    ) -> Move | None:
        """Stopped by an obstacle: try a move across it (the engine rolls the Leap test)."""
        budget = allowance(state, model)
        movers = in_moving_reach(state, model)  # once for every share tried (speed)
        for share in shares:
            move = Move(model.uid, toward(model.position, goal, budget * share))
            if surely_illegal(state, model, move.to, movers):
                continue
            try:
                check_action(state, model, move)
            except ValueError:
                continue
            return move
        return None

    def _goal(self, state: BattleState, model: ModelState) -> Point | None:
        """Objectives not held first (Domination), then the nearest enemy; ranks keep their
        shape because the front rank moves first and the others follow behind it."""
        objective = self._objective(state, model)
        if objective is not None:
            return objective
        gap, enemy = _nearest(state, model)
        return None if enemy is None else enemy.position

    def _objective(self, state: BattleState, model: ModelState) -> Point | None:
        """The scenario's goal for the model (core/objectives.py): markers not held,
        objects, the enemy's edge; given up for an enemy within 6" unless pressing on."""
        if self.scenario is None:
            return None
        goal = self.scenario.goal(state, model)
        if goal is None or (not goal.press and _nearest(state, model)[0] < 6.0):
            return None
        return goal.point

    def choose_target(
        self, state: BattleState, shooter: ModelState, targets: Sequence[ModelState]
    ) -> ModelId | None:
        """The target most likely to be wounded, then the nearest."""
        assert shooter.missile is not None
        strength = shooter.missile.strength

        def value(t: ModelState) -> tuple[float, float, str]:
            engaged = 0.5 if state.engaged(t) else 1.0  # shots into combat may hit friends
            chance = wound_chance(strength, t.defence) * engaged / t.wounds
            return (-chance, state.distance(shooter, t), t.uid)

        return min(targets, key=value).uid

    def choose_strike_target(
        self,
        state: BattleState,
        striker: ModelState,
        targets: Sequence[ModelState],
        trapped: frozenset[ModelId],
    ) -> ModelId:
        """Trapped models first (two dice per Attack), then the most wounded, weakest."""
        return min(targets, key=lambda t: (t.uid not in trapped, t.wounds, t.defence, t.uid)).uid

    def choose_special_strike(
        self,
        state: BattleState,
        model: ModelState,
        options: Sequence[SpecialStrike],
        enemy_fight: int,
    ) -> SpecialStrike | None:
        """Feint with a clear Fight edge; Whirl against several; Stab only when outclassed."""
        enemies = len(state.contacts(model))
        if SpecialStrike.WHIRL in options and enemies >= 2:
            return SpecialStrike.WHIRL
        if SpecialStrike.FEINT in options and model.profile.fight >= enemy_fight + 3:
            return SpecialStrike.FEINT
        if SpecialStrike.STAB in options and model.profile.fight + 2 <= enemy_fight:
            return SpecialStrike.STAB
        return None

    def combat_order(self, state: BattleState, combats: Sequence[object]) -> list[int]:
        """TURN-05: the combats as split, left to right by centre model (the order a player
        works along the line; the results rarely depend on it)."""
        return list(range(len(combats)))

    def claim_priority(
        self, state: BattleState, side: PlayerId, holders: Sequence[ModelId]
    ) -> ModelId | None:
        """PRIO-04: spend the Palantír when the lines are about to meet (an enemy within
        CLAIM_PRIORITY_RANGE of a friend): charging first then decides the fights."""
        near = min(
            (state.distance(m, e) for m in state.living(side) for e in state.enemies(m)),
            default=math.inf,
        )
        return holders[0] if near <= CLAIM_PRIORITY_RANGE else None

    def spend_might(self, state: BattleState, model: ModelState, ask: MightAsk) -> int:
        """HERO-MIGHT-02..06: the cheapest points that turn a failed roll, when the roll is
        worth them; a point is kept back for a failed Fate roll on lesser rolls."""
        if not self.might_allowed or ask.cost == 0 or ask.cost > ask.room:
            return 0
        reserve = 1 if model.fate > 0 and ask.roll in _LESSER_ROLLS else 0
        if ask.cost > ask.budget - reserve:
            return 0
        return ask.cost if _worth_might(state, model, ask) else 0

    def choose_trample(
        self, state: BattleState, beast: ModelState, controller: PlayerId
    ) -> Point | None:
        """WB-MOV-07/08, WB-DMG-03: through enemy crowds, away from spear walls; a
        panicking enemy beast into its own side or off the table (beast_tactics)."""
        return heuristic_trample(state, beast, controller)

    def trample_friend(self, state: BattleState, beast: ModelState, friend: ModelState) -> bool:
        """WB-MOV-09: stop before one's own models (also when steering the opponent's
        panicking beast, moved as if it were one's own, WB-DMG-03)."""
        return False

    def choose_spell(
        self,
        state: BattleState,
        caster: ModelState,
        found: tuple[SpellOption, ...],
        channelled: bool,
    ) -> SpellPlan | None:
        """MAGIC-CAST-01: the casting with the best expected value (magic_policy)."""
        return magic_policy.plan(state, caster, found, channelled, self.scenario)

    def choose_resist(
        self,
        state: BattleState,
        model: ModelState,
        casting: int,
        free: int,
        value: float,
        part: str = cavalry.RIDER,
    ) -> int:
        """MAGIC-RES-01: the Will points with the best expected saving (magic_policy); a
        mount resisting a power aimed at it spends all its Will (its only use)."""
        if part == cavalry.MOUNT and model.mount is not None:
            return model.mount.will
        end = magic_policy.turns_to_end(state, self.scenario)
        return magic_policy.resist_points(model, casting, free, value, state, end)

    def choose_power_part(
        self,
        state: BattleState,
        caster: ModelState,
        target: ModelState,
        power: str,
        parts: tuple[str, ...],
    ) -> str:
        """MAGIC-TGT-03: the rider or the mount, by expected value (power_parts)."""
        return power_parts.choose(state, caster, target, power, parts)

    def compel_move(self, state: BattleState, caster: ModelState, target: ModelState) -> MoveAction:
        """MAGIC-P-COMPEL: where to move the compelled enemy (magic_policy)."""
        return magic_policy.compel_move(state, caster, target)

    def declare_heroic_action(
        self, state: BattleState, side: PlayerId, phase: Phase
    ) -> Choice | None:
        """HERO-HA-*: spend Might when it matters (heroic_policy); never for a player whose
        Heroes may not spend Might (``spend_might=False``)."""
        if not self.might_allowed:
            return None
        return heroic_policy.choose_declaration(self, state, side, phase)

    def call_friends(self, state: BattleState, hero: ModelState, action: str) -> bool:
        return heroic_policy.calls_friends(state, hero)

    def accept_challenge(
        self, state: BattleState, hero: ModelState, challenger: ModelState
    ) -> bool:
        return heroic_policy.accepts(hero, challenger)

    def copy_heroic_action(
        self, state: BattleState, master: ModelState, hero: ModelState, action: str
    ) -> bool:
        return heroic_policy.copies(self, state, master, action)

    def choose_strike_part(
        self, state: BattleState, striker: ModelState, target: ModelState
    ) -> str:
        """The part likelier to fall per Attack; the rider when a lone horse would flee."""
        assert target.mount is not None
        strength = striker.profile.strength
        rider = wound_chance(strength, target.defence) / max(1, target.wounds)
        mount = wound_chance(strength, cavalry.mount_defence(target)) / target.mount.wounds
        if target.mount.flees_alone:
            rider *= 1.5  # slaying the rider removes the whole model (CAV-LOOSE-02)
        return cavalry.MOUNT if mount > rider else cavalry.RIDER

    def choose_dismount(self, state: BattleState, model: ModelState) -> bool:
        """Rarely, as Aragorn does (002:L1371): in difficult terrain, where a horse pays four
        times its distance, and only to charge an enemy the rider reaches on foot (twice
        the distance) but not mounted; going on foot loses the mount for good."""
        if not cavalry.in_difficult_terrain(state, model):
            return False
        enemies = state.living(1 - model.player)
        return any(_charges_on_foot_only(state, model, enemy) for enemy in enemies)

    def choose_brutal_power_attack(
        self,
        state: BattleState,
        monster: ModelState,
        losers: Sequence[ModelState],
        options: Sequence[BpaOption],
    ) -> BpaOption | None:
        """MON-BPA: Hurl into a crowd, Bludgeon or Barge a crowd, Rend a hard lone target,
        else strike (see ``monster_tactics``)."""
        return monster_tactics.choose_bpa(state, monster, losers, options)

    def choose_barge_direction(
        self, state: BattleState, monster: ModelState, model: ModelState, headings: Sequence[float]
    ) -> float:
        """Straight away from the Monster (the first heading offered)."""
        return headings[0]

    def choose_barge_charge(
        self, state: BattleState, monster: ModelState, charges: Sequence[Charge]
    ) -> Charge | None:
        """Charge again when the fight looks favourable, as in the Move phase."""
        best = max(
            charges, key=lambda c: self._charge_value(state, monster, state.models[c.target])
        )
        value = self._charge_value(state, monster, state.models[best.target])
        return best if value > CHARGE_THRESHOLD else None


class RandomPlayer(Answering):
    """Uniform choices among legal options; every choice is a logged die roll."""

    def pick(self, state: BattleState, options: Sequence[T], purpose: str) -> T:
        (index,) = state.roll(1, f"random player: {purpose}", sides=len(options))
        return options[index - 1]

    def deployment_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        return self._shuffled(state, [m.uid for m in state.living(side)], "deployment")

    def sound_drum(self, state: BattleState, side: PlayerId) -> ModelId | None:
        return None

    def move_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        return [m.uid for m in state.living(side)]

    def choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        kinds = ["hold", "move"]
        charges = charge_options(state, model)
        if charges:
            kinds.append("charge")
        kind = self.pick(state, kinds, f"{model.uid} action")
        if kind == "charge":
            enemy, spot = self.pick(state, charges, f"{model.uid} charge target")
            return Charge(model.uid, enemy.uid, spot)
        if kind == "hold":
            return Hold(model.uid)
        heading = self.pick(state, range(12), f"{model.uid} heading") * math.pi / 6
        end = furthest_toward(state, model, rotated(model.position, heading, 12.0))
        return Move(model.uid, end)

    def choose_split(self, state: BattleState, options: Sequence[list[Combat]]) -> int:
        return self.pick(state, list(range(len(options))), "combat split")

    def choose_entry(self, state: BattleState, reserve: Reserve) -> Point:
        points = entry_points(state, reserve)
        return self.pick(state, points, "reserve entry") if points else (0.0, 0.0)

    def crawl_to(self, state: BattleState, model: ModelState) -> Point | None:
        spots = crawl_spots(state, model)
        return self.pick(state, [None, *spots], f"{model.uid} crawl") if spots else None

    def stands_up(self, state: BattleState, model: ModelState) -> bool:
        return self.pick(state, [True, False], f"{model.uid} stand up")

    def lies_down(self, state: BattleState, model: ModelState) -> bool:
        try:
            check_lie_down(state, model)
        except IllegalActionError:
            return False
        return self.pick(state, [False, True], f"{model.uid} lie down")

    def choose_target(
        self, state: BattleState, shooter: ModelState, targets: Sequence[ModelState]
    ) -> ModelId | None:
        return self.pick(state, list(targets), f"{shooter.uid} target").uid

    def choose_strike_target(
        self,
        state: BattleState,
        striker: ModelState,
        targets: Sequence[ModelState],
        trapped: frozenset[ModelId],
    ) -> ModelId:
        return self.pick(state, list(targets), f"{striker.uid} strike").uid

    def choose_special_strike(
        self,
        state: BattleState,
        model: ModelState,
        options: Sequence[SpecialStrike],
        enemy_fight: int,
    ) -> SpecialStrike | None:
        return self.pick(state, [None, *options], f"{model.uid} special strike")

    def combat_order(self, state: BattleState, combats: Sequence[object]) -> list[int]:
        """TURN-05: a random order (each pick a logged roll)."""
        left = list(range(len(combats)))
        order = []
        while len(left) > 1:
            order.append(left.pop(left.index(self.pick(state, left, "combat order"))))
        return order + left

    def claim_priority(
        self, state: BattleState, side: PlayerId, holders: Sequence[ModelId]
    ) -> ModelId | None:
        return self.pick(state, [None, *holders], "claim Priority")

    def spend_might(self, state: BattleState, model: ModelState, ask: MightAsk) -> int:
        """A random legal number of points, none included."""
        top = min(ask.budget, ask.room)
        return self.pick(state, list(range(top + 1)), f"{model.uid} might on {ask.roll.value}")

    def choose_trample(
        self, state: BattleState, beast: ModelState, controller: PlayerId
    ) -> Point | None:
        ends = legal_ends(state, beast, controller)
        return self.pick(state, [None, *ends], f"{beast.uid} trample") if ends else None

    def trample_friend(self, state: BattleState, beast: ModelState, friend: ModelState) -> bool:
        return self.pick(state, [False, True], f"{beast.uid} tramples {friend.uid}")

    def choose_strike_part(
        self, state: BattleState, striker: ModelState, target: ModelState
    ) -> str:
        return self.pick(state, [cavalry.RIDER, cavalry.MOUNT], f"{striker.uid} rider or mount")

    def choose_dismount(self, state: BattleState, model: ModelState) -> bool:
        return self.pick(state, [False] * 5 + [True], f"{model.uid} dismount")

    def choose_shielding(
        self, state: BattleState, models: Sequence[ModelState], enemies: Sequence[ModelState]
    ) -> bool:
        return self.pick(state, [False, True], f"{models[0].uid} shielding")

    def choose_two_hands(
        self, state: BattleState, model: ModelState, enemies: Sequence[ModelState]
    ) -> bool:
        return self.pick(state, [False, True], f"{model.uid} two hands")

    def ring_action(self, state: BattleState, model: ModelState) -> RingAction | None:
        legal = _legal_ring_actions(state, model)
        return self.pick(state, [None, *legal], f"{model.uid} ring") if legal else None

    def resist_sauron(self, state: BattleState, model: ModelState, die: int) -> int:
        need = _might_to_resist(model, die)
        return self.pick(state, [0, need], f"{model.uid} might vs Sauron") if need else 0

    def move_enemy_bearer(self, state: BattleState, model: ModelState) -> MoveAction:
        return self.choose_move(state, model)

    def choose_spell(
        self,
        state: BattleState,
        caster: ModelState,
        found: tuple[SpellOption, ...],
        channelled: bool,
    ) -> SpellPlan | None:
        """MAGIC-CAST-01: no casting or a random option, with 1 to all its Will points."""
        option = self.pick(state, [None, *found], f"{caster.uid} spell")
        if option is None:
            return None
        points = self.pick(state, list(range(1, spendable(caster) + 1)), f"{caster.uid} will")
        return SpellPlan(option, points)

    def choose_resist(
        self,
        state: BattleState,
        model: ModelState,
        casting: int,
        free: int,
        value: float,
        part: str = cavalry.RIDER,
    ) -> int:
        store = model.mount.will if part == cavalry.MOUNT and model.mount else model.will
        return self.pick(state, list(range(store + 1)), f"{model.uid} resist")

    def choose_power_part(
        self,
        state: BattleState,
        caster: ModelState,
        target: ModelState,
        power: str,
        parts: tuple[str, ...],
    ) -> str:
        return self.pick(state, list(parts), f"{caster.uid} {power} rider or mount")

    def compel_move(self, state: BattleState, caster: ModelState, target: ModelState) -> MoveAction:
        """MAGIC-P-COMPEL: it stays, or a random legal move of its own (half its Move)."""
        stay: MoveAction = Hold(target.uid)
        return self.pick(state, [stay, self.choose_move(state, target)], f"{target.uid} compel")

    def choose_resister(
        self, state: BattleState, side: PlayerId, candidates: tuple[ModelState, ...], casting: int
    ) -> ModelId:
        return self.pick(state, [m.uid for m in candidates], "resister")

    def declare_heroic_action(
        self, state: BattleState, side: PlayerId, phase: Phase
    ) -> Choice | None:
        """One time in four, a random legal declaration."""
        legal = legal_declarations(state, side, phase)
        if not legal or not self.pick(state, [False, False, False, True], "heroic action?"):
            return None
        return self.pick(state, legal, "heroic action")

    def call_friends(self, state: BattleState, hero: ModelState, action: str) -> bool:
        return self.pick(state, [True, False], f"{hero.uid} calls friends")

    def accept_challenge(
        self, state: BattleState, hero: ModelState, challenger: ModelState
    ) -> bool:
        return self.pick(state, [True, False], f"{hero.uid} accepts the challenge")

    def copy_heroic_action(
        self, state: BattleState, master: ModelState, hero: ModelState, action: str
    ) -> bool:
        return self.pick(state, [True, False], f"{master.uid} copies {action}")

    def choose_brutal_power_attack(
        self,
        state: BattleState,
        monster: ModelState,
        losers: Sequence[ModelState],
        options: Sequence[BpaOption],
    ) -> BpaOption | None:
        return self.pick(state, [None, *options], f"{monster.uid} brutal power attack")

    def choose_barge_direction(
        self, state: BattleState, monster: ModelState, model: ModelState, headings: Sequence[float]
    ) -> float:
        return self.pick(state, list(headings), f"{model.uid} barge heading")

    def choose_back_away(
        self,
        state: BattleState,
        loser: ModelState,
        winners: Sequence[ModelState],
        headings: Sequence[float],
        legal: Callable[[float], bool],
    ) -> float:
        return self.pick(state, [h for h in headings if legal(h)], f"{loser.uid} back away")

    def strike_order(self, state: BattleState, models: Sequence[ModelState]) -> list[ModelId]:
        return self._shuffled(state, [m.uid for m in models], "strike order")

    def barrier_order(self, state: BattleState, models: Sequence[ModelState]) -> list[ModelId]:
        return self._shuffled(state, [m.uid for m in models], "barrier attackers' order")

    def will_on_courage(self, state: BattleState, model: ModelState, shortfall: int) -> bool:
        return self.pick(state, [True, False], f"{model.uid} Will on Courage")

    def spend_fate(self, state: BattleState, model: ModelState, count: int, policy: object) -> bool:
        return self.pick(state, [True, False], f"{model.uid} spends Fate")

    def _shuffled(self, state: BattleState, uids: list[ModelId], purpose: str) -> list[ModelId]:
        for i in range(len(uids) - 1, 0, -1):
            j = state.roll(1, f"random player: {purpose}", sides=i + 1)[0] - 1
            uids[i], uids[j] = uids[j], uids[i]
        return uids

    def choose_barge_charge(
        self, state: BattleState, monster: ModelState, charges: Sequence[Charge]
    ) -> Charge | None:
        return self.pick(state, [None, *charges], f"{monster.uid} charge after barge")


def _legal(state: BattleState, action: MoveAction) -> bool:
    try:
        check_action(state, state.models[action.model], action)
    except ValueError:
        return False
    return True


def _heuristic_no_might(scenario: Scenario | None = None) -> HeuristicPlayer:
    """A HeuristicPlayer whose Heroes never spend Might (bench/sbg_might.py compares)."""
    return HeuristicPlayer(scenario, spend_might=False)


def _random(scenario: Scenario | None = None) -> RandomPlayer:
    """A RandomPlayer (it needs no scenario)."""
    return RandomPlayer()
