"""``PlanPlayer``: the heuristic with a plan (issue 29), built on today's habits
(``HeuristicPlayer``, kept as ``heuristic_v1``) where they are sound.

What it changes, each in a small method below:
- roles from profile and list (``roles.py``): a Hero with a bow fights, a mounted archer
  moves to get shots, the leader and banners follow the fights;
- an intent per turn and objectives read as data (``intent.py``, ``objectives.py``): models
  that hold an objective stay on it, the others are sent where it is needed;
- archers hold while they have a target, else walk half a Move to find one, and fight
  when the line no longer screens them;
- fighters with no charge close on the enemy with the fewest of our models on it: second
  ranks wrap the flanks instead of queuing behind friends; charges value trapping a lone
  enemy; under a HOLD intent the line stops outside the enemy's charge reach; a side with
  more models sends its spare fighters round the ends of the enemy's line (``flanks.py``);
  a fighter screened by a friend walks down its side's flow field, round the crowd to a
  free side of an enemy (``flow.py``);
- casters: one with an enemy in charge reach moves (and casts) before the fighters, and
  charges value an enemy a power left Prone or held (it strikes nothing if it wins);
- shooting picks targets by worth (leaders, banners, Heroes, Monsters), not only odds;
- deployment puts Monsters and fighting Heroes in the front rank, the leader and banners
  behind the middle of it.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import replace

from mypy_extensions import mypyc_attr

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.actions import Charge, Hold, Move, MoveAction
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.paths import Point, point_distance, rotated, toward
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.policies.magic_policy import waits
from battlesim.engines.sbg.policies.plan.flow import FlowFields, screened
from battlesim.engines.sbg.policies.plan.intent import (
    CLOSING_TURNS,
    Intent,
    Plan,
    make_plan,
    roles_in,
)
from battlesim.engines.sbg.policies.plan.objectives import turns_left
from battlesim.engines.sbg.policies.plan.roles import KEPT_BACK, Role, role_of
from battlesim.engines.sbg.policies.plan.walking import cut_corner, stuck, waypoints
from battlesim.engines.sbg.policies.players import (
    CHARGE_THRESHOLD,
    HeuristicPlayer,
    _cavalry_charge,
    _hemmed,
    wound_chance,
)
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_MARCH, declared_by
from battlesim.engines.sbg.rules.magic.casting import may_cast
from battlesim.engines.sbg.rules.magic.will_of_evil import WILL_OF_EVIL, banished_by_fight
from battlesim.engines.sbg.rules.movement import (
    check_action,
    surely_illegal,
)
from battlesim.engines.sbg.rules.scenarios import Scenario
from battlesim.engines.sbg.rules.shooting import legal_targets

FLANK_WEIGHT = 2.5  # inches a target is "moved away" per friend already fighting it
TRAP_ANGLES = (0.0, 0.5, -0.5, 1.0, -1.0)  # radians off "straight behind" tried for a trap
LEAP_SHARES = (1.0, 0.6)  # shares of its Move a blocked model tries straight across a wall
OTHER_TARGETS = 3  # enemies a blocked model tries to close on, the best first
FLANK_NEAR = 12.0  # inches to the nearest enemy under which the grid's cells are read first
FLANK_BOX = 6.0  # inches beyond the nearest enemy the grid's cells are read (speed)
TRAP_BONUS = 0.1  # charging an enemy friends already fight: it may be trapped
QUARRY_BONUS = 0.1  # a charge's worth per victory point the enemy's death pays alone
QUARRY_WORTH = 0.5  # a shot's worth per victory point the target's death pays alone
PRESSING_THRESHOLD = -0.3  # the worst exchange charged with the numbers or the clock
POOR_SHOT = 1 / 6  # a bow wounding no better than this fights an enemy that comes near
LONE_CHARGE = 0.1  # the least worth of a charge a Will of Evil caster makes alone
CHARGE_MARGIN = 1.0  # inches beyond an enemy's Move: its charge reach
BEHIND_LINE = 2.0  # inches the leader and banners stand behind the fights they follow
_NOT_FRONT = KEPT_BACK | {Role.ARCHER}  # who never stands at the front (``_front_friend``)
RANK = 24  # models per deployed rank (game.RANK_WIDTH; the slots fill rank by rank)
WORTH = {Role.LEADER: 2.0, Role.BANNER: 1.8, Role.HERO: 1.5, Role.MONSTER: 1.5}
# Order in which roles move: fighters first (the nearest charge first, the others pile in),
# supports behind them, bows, then the leader and banners, who follow the fights.
MOVE_RANK = {
    Role.MONSTER: 0,
    Role.CAVALRY: 0,
    Role.HERO: 0,
    Role.LINE: 0,
    Role.SUPPORT: 1,
    Role.ARCHER: 2,
    Role.LEADER: 3,
    Role.BANNER: 3,
}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: subclasses may be Python
class PlanPlayer(HeuristicPlayer):
    """The heuristic with a plan: roles, an intent per turn, objectives held to the end."""

    def __init__(self, scenario: Scenario | None = None, *, spend_might: bool = True) -> None:
        super().__init__(scenario, spend_might=spend_might)
        self._plans: dict[PlayerId, Plan] = {}
        self._forced: dict[PlayerId, tuple[int, Intent]] = {}  # side -> (turn, intent)
        self._fields = FlowFields()

    def _plan(self, state: BattleState, side: PlayerId) -> Plan:
        """The side's plan for this turn, made at its first question of the turn."""
        plan = self._plans.get(side)
        if plan is None or plan.turn != state.turn:
            forced = self._forced.get(side)
            intent = forced[1] if forced is not None and forced[0] == state.turn else None
            plan = self._plans[side] = make_plan(state, side, self.scenario, intent)
        return plan

    def force_intent(self, state: BattleState, side: PlayerId, intent: Intent) -> None:
        """Play ``intent`` for the rest of this turn (the plan is made again)."""
        self._forced[side] = (state.turn, intent)
        self._plans.pop(side, None)

    def _role(self, state: BattleState, model: ModelState) -> Role:
        known = self._plan(state, model.player).roles.get(model.uid)
        return known if known is not None else role_of(state, model)

    # -- deployment and order ---------------------------------------------------------------

    def deployment_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        """Fighters in the front rank, supports behind them; the leader and banners in the
        middle of the rank behind the front, bows at the back. Monsters and Heroes who
        fight come first, so they stand in the front rank whatever the number of rank and
        file (in uid order a list with many Warriors pushed its Troll to the third rank).
        Put in the middle of the rank instead, they lost more (bench A/B, issue 29)."""
        roles = roles_in(state, side, self.scenario)
        models = sorted(
            state.living(side),
            key=lambda m: (MOVE_RANK[roles[m.uid]], -_punch(state, m), m.uid),
        )
        kept = [m.uid for m in models if roles[m.uid] in KEPT_BACK]
        rest = [m.uid for m in models if m.uid not in kept]
        front = min(len(rest), RANK)
        middle = front + min(RANK, max(0, len(rest) - front)) // 2
        return rest[:middle] + kept + rest[middle:]

    def move_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        """War Beasts, Heroic Marches and (Broken) Heroes first as v1; then by role, the
        nearest first, so that charges are made together and the second wave piles in. A
        casting Nazgûl that fights moves after the fighters (it casts before its move): it
        joins the fights they charge into rather than fight alone (``LONE_CHARGE``)."""
        broken = state.broken[side]
        key = {}
        for m in state.living(side):
            role = self._role(state, m)
            late = role is Role.HERO and _will_is_life(m)
            key[m.uid] = (
                m.uid not in state.crews,
                declared_by(state, m, HEROIC_MARCH) is None,
                not (broken and m.profile.is_hero),
                late or not _casts_first(state, m),
                MOVE_RANK[role] + int(late),
                _nearest_gap(state, m),
            )
        return sorted(key, key=lambda uid: (key[uid], uid))

    # -- moving -----------------------------------------------------------------------------

    def _choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        if one_ring.bears_ring(model):
            return self._guard_bearer(state, model)
        if self._holds_wall(state, model):
            return Hold(model.uid)
        role = self._role(state, model)
        if role is not Role.ARCHER and self._waits_in_cover(state, model):
            return Hold(model.uid)
        plan = self._plan(state, model.player)
        charge = self._charge(state, model)
        kept = plan.keepers.get(model.uid)
        if kept is not None:  # the objective needs it: never walk off what is held
            on_it = charge is not None and kept.near(state.models[charge.target])
            return charge if on_it and charge is not None else Hold(model.uid)
        if charge is not None:
            return charge
        hunted = plan.hunts.get(model.uid)
        if hunted is not None and state.models[hunted].alive:  # a quarry the awards pay for
            return self._walk(state, model, state.models[hunted].position)
        if role is Role.SUPPORT:
            support = self._support_spot(state, model)
            if support is not None:
                return Move(model.uid, support)
        post = plan.posts.get(model.uid)
        if post is not None:
            return self._walk(state, model, post)
        flank = plan.flanks.get(model.uid)
        if flank is not None:
            return self._walk(state, model, flank)
        if role is Role.ARCHER and model.missile:  # a bow shattered this turn: a fighter
            return self._archer(state, model, plan)
        if role in KEPT_BACK:
            return self._follow(state, model)
        return self._close_in(state, model, plan)

    def _walk(
        self, state: BattleState, model: ModelState, goal: Point, reach: float = 0.0
    ) -> MoveAction:
        """Towards ``goal`` round terrain, at most ``reach`` inches if given (v1's detours
        when blocked, and its climb out of a gap). Blocked short of the route's first
        waypoint (friends crowding a corner), it heads for the next one instead."""
        route = waypoints(state, model, goal)
        action = self._step_to(state, model, route[0], reach)
        wanted = _wanted(model, route[0], reach)
        if len(route) > 1 and not stuck(model, action, wanted):
            action = cut_corner(state, model, route, action, reach)
        if len(route) > 1 and stuck(model, action, wanted):
            action = self._step_to(state, model, route[1], reach)
            if stuck(model, action, wanted) and not self._hemmed_leap(state, model, route[-1]):
                # straight over the wall the route goes round
                leap = self._leap_over(state, model, route[-1], LEAP_SHARES)
                action = leap if leap is not None else action
        return action

    def _hemmed_leap(self, state: BattleState, model: ModelState, goal: Point) -> bool:
        """No leap towards ``goal`` can be legal (``_hemmed``): none is tried (speed)."""
        return _hemmed(state, model, goal, allowance(state, model), LEAP_SHARES, (0.0,))

    def _step_to(
        self, state: BattleState, model: ModelState, point: Point, reach: float
    ) -> MoveAction:
        if reach:
            point = toward(model.position, point, reach)
        return self._step_toward(state, model, point)

    def _archer(self, state: BattleState, model: ModelState, plan: Plan) -> MoveAction:
        """A bow that hardly wounds the nearest enemy fights once that enemy is within its
        charge reach; until then every bow holds while it has a target (walking to the
        fight from afar gave up its shots and lost more battles against v1: bench A/B,
        issue 29). With no target it walks half a Move (it may still shoot) towards the
        nearest enemy, or a full Move while no enemy is within range and half a Move."""
        assert model.missile is not None
        gap, enemy = _nearest(state, model)
        if enemy is None:
            return Hold(model.uid)
        reach = model.missile.range
        if self._poor_shot(state, model, enemy) and gap <= model.profile.move + CHARGE_MARGIN:
            return self._close_in(state, model, plan)  # its shots hardly wound: it fights
        if gap <= reach and legal_targets(state, model, offered=1):  # any one: speed
            return Hold(model.uid)
        if not self._line_screens(state, model.player):
            return self._close_in(state, model, plan)  # no line left: the bows fight
        half = model.profile.move / 2
        if gap > reach + half and plan.intent is not Intent.HOLD:
            room = self._short_of_reach(state, model)
            return self._walk(state, model, enemy.position, room if room > 0.0 else half)
        return self._walk(state, model, enemy.position, half)

    def _line_screens(self, state: BattleState, side: PlayerId) -> bool:
        plan = self._plan(state, side)
        count = 0
        for uid, role in plan.roles.items():
            if role is not Role.ARCHER and state.models[uid].alive:
                count += 1
                if count >= 3:
                    return True
        return False

    def _follow(self, state: BattleState, model: ModelState) -> MoveAction:
        """The leader and banners go where the fighting is: just behind the friend nearest
        the enemy among those fighting (or about to), within reach of its fight."""
        gap, enemy = _nearest(state, model)
        if enemy is None:
            return Hold(model.uid)
        front = _front_friend(state, model)
        if front is None or gap < BEHIND_LINE + 1.0:
            return self._close_in(state, model, self._plan(state, model.player))
        target = _nearest(state, front)[1]
        if target is None:
            return Hold(model.uid)
        heading = math.atan2(front.y - target.y, front.x - target.x)
        spot = (
            front.x + math.cos(heading) * (front.radius + model.radius + BEHIND_LINE),
            front.y + math.sin(heading) * (front.radius + model.radius + BEHIND_LINE),
        )
        if point_distance(spot, model.position) < 0.5:
            return Hold(model.uid)
        return self._walk(state, model, spot)

    def _close_in(self, state: BattleState, model: ModelState, plan: Plan) -> MoveAction:
        """Towards the enemy with the fewest of our models on it (second ranks wrap the
        flanks instead of queuing). A model that cannot charge ends outside the enemy's
        charge reach when the enemy moves after it (our Priority) or under HOLD: the enemy
        must then walk into ours, and we charge first. Blocked on the way (friends crowding
        a gap), it closes on the next enemy instead, by another way. Screened by a friend in
        its lane (a rear rank), it walks down its side's flow field instead (``flow.py``)."""
        targets = _flank_targets(state, model)
        if not targets:
            return Hold(model.uid)
        target = targets[0]
        moved_first = state.priority == model.player and plan.intent is not Intent.PRESS
        wary = plan.intent is Intent.HOLD or moved_first
        if _will_is_life(model) and not state.engaged(target):
            return self._stand_off(state, model, target)
        if wary and not state.engaged(target):
            room = self._short_of_reach(state, model)
            if room > 0.0:
                return self._walk(state, model, target.position, max(0.05, room))
        if screened(state, model, target):  # a rear rank: round the crowd (flow.py)
            flowed = self._fields.downhill(state, model)
            if flowed is not None:
                return Move(model.uid, flowed)
        action = self._walk(state, model, target.position)
        for other in targets[1:]:
            if not stuck(model, action, model.profile.move):
                break
            action = self._walk(state, model, other.position)
        return action

    def _stand_off(self, state: BattleState, model: ModelState, target: ModelState) -> MoveAction:
        """A Will of Evil caster with no charge worth it casts from outside the enemy's charge
        reach (its Will is its life): it walks at most that far, or holds if already inside
        (walked in, it would only be charged by whom the enemy likes)."""
        room = self._short_of_reach(state, model)
        if room <= 0.0:
            return Hold(model.uid)
        return self._walk(state, model, target.position, max(0.05, room))

    def _short_of_reach(self, state: BattleState, model: ModelState) -> float:
        """How far the model may walk and still end outside every enemy's charge reach
        (capped at its Move; 0 or less when it already stands inside one)."""
        room = float(model.profile.move)
        # only enemies whose centre may lie within its Move, their longest Move and the
        # margin can lower it (the grid's cells: the same minimum, speed)
        x, y, side = model.x, model.y, 1 - model.player
        half = room + state.longest_move(side) + CHARGE_MARGIN
        half += model.radius + state.largest_radius + 0.01
        for enemy in state.in_box(x - half, y - half, x + half, y + half):
            if enemy.player == side:
                reach = enemy.profile.move + CHARGE_MARGIN
                room = min(room, state.distance(model, enemy) - reach)
        return room

    # -- charging and shooting --------------------------------------------------------------

    def _charge(
        self, state: BattleState, model: ModelState, threshold: float | None = None
    ) -> Charge | None:
        """v1's choice of enemy; against an enemy friends already fight, the contact spot
        behind it, opposite them, where one can be reached: a loser that cannot back away
        is trapped (FIGHT-TRAP-01), and struck twice as often."""
        if threshold is None:  # a bow keeps v1's threshold: it has its shots
            archer = self._role(state, model) is Role.ARCHER
            threshold = CHARGE_THRESHOLD if archer else self._threshold(state, model.player)
        charge = super()._charge(state, model, threshold)
        if charge is None:
            return None
        target = state.models[charge.target]
        spot = _trap_spot(state, model, target)
        if spot is None:
            return charge
        # MSL-THROW-02: no throw on a charge that asks for a terrain test
        return replace(charge, to=spot, throw=charge.throw and not crossings(state, model, spot))

    def _threshold(self, state: BattleState, side: PlayerId) -> float:
        """The worst exchange worth a charge: v1's, or a little worse when the army has the
        numbers to feed the fights or the clock runs out (a model standing off in the enemy's
        reach only waits to be charged where the enemy likes)."""
        ours, theirs = state.alive_count(side), state.alive_count(1 - side)
        if ours >= theirs or turns_left(state, self.scenario) <= CLOSING_TURNS:
            return PRESSING_THRESHOLD
        return CHARGE_THRESHOLD

    def _poor_shot(self, state: BattleState, model: ModelState, enemy: ModelState) -> bool:
        """The bow hardly wounds ``enemy`` (it should fight instead when the enemy is near)."""
        assert model.missile is not None
        return wound_chance(model.missile.strength, enemy.defence) <= POOR_SHOT

    def _charge_value(self, state: BattleState, model: ModelState, enemy: ModelState) -> float:
        """v1's expected exchange, with roles: the leader and banners join fights under way,
        Heroes fight whatever they carry, bows keep shooting while they have a line; and
        trapping: an enemy already fought, with none of its friends beside it, is worth more."""
        role = self._role(state, model)
        engaged = len(state.touching[enemy.uid])
        if role in KEPT_BACK and not engaged:
            return -1.0
        if model.uid in self._plan(state, model.player).wards:
            return -1.0  # its death alone pays the enemy: it fights only when charged
        if banished_by_fight(model, [enemy]):
            return -1.0  # its last Will: the fight banishes it whoever wins (SR-WILLEVIL)
        mine, theirs = model.profile, enemy.profile
        win = 0.5 + 0.08 * (mine.fight - theirs.fight) + 0.1 * (mine.attacks - theirs.attacks)
        win = min(0.9, max(0.1, win + 0.25 * engaged))
        dealt = win * mine.attacks * wound_chance(mine.strength, enemy.defence)
        taken = (1 - win) * theirs.attacks * wound_chance(theirs.strength, model.defence)
        if _harmless(state, enemy):
            dealt, taken = dealt * (2 if enemy.prone else 1), 0.0
        value = dealt / theirs.wounds - taken / max(1, model.wounds) + 0.02
        if role is Role.ARCHER and model.missile and self._line_screens(state, model.player):
            value -= 0.0 if self._poor_shot(state, model, enemy) else 0.15
        if value < LONE_CHARGE and not engaged and _lone_caster(state, model, enemy):
            return -1.0  # it moved first to cast: alone, an even fight wears its Will
        if engaged and _alone(state, enemy):
            value += TRAP_BONUS
        value += QUARRY_BONUS * self._plan(state, model.player).quarries.get(enemy.uid, 0)
        return value + _cavalry_charge(state, model, enemy)

    def choose_target(
        self, state: BattleState, shooter: ModelState, targets: Sequence[ModelState]
    ) -> ModelId | None:
        """The target with the best expected worth: wound odds over Wounds, times what the
        model is worth to its army (leader, banner, Hero, Monster)."""
        assert shooter.missile is not None
        strength = shooter.missile.strength
        quarries = self._plan(state, shooter.player).quarries

        def value(t: ModelState) -> tuple[float, float, str]:
            into_fight = 0.5 if state.engaged(t) else 1.0
            worth = WORTH.get(role_of(state, t), 1.0) + QUARRY_WORTH * quarries.get(t.uid, 0)
            worth /= 1 + t.fate
            chance = wound_chance(strength, t.defence) * into_fight * worth / t.wounds
            return (-chance, state.distance(shooter, t), t.uid)

        return min(targets, key=value).uid


def _casts_first(state: BattleState, model: ModelState) -> bool:
    """A caster with an enemy in charge reach casts before its side's charges (MAGIC-WHEN-01,
    the rulebook's advice, 002:L2295): a foe held or knocked down is charged at its weakest
    (``_harmless``)."""
    return bool(model.profile.powers) and may_cast(state, model) and not waits(state, model)


def _will_is_life(model: ModelState) -> bool:
    """A caster with Will of Evil (SR-WILLEVIL): each fight costs the Will it casts with,
    and the last point its life."""
    return bool(model.profile.powers) and WILL_OF_EVIL in model.triggers


def _lone_caster(state: BattleState, model: ModelState, enemy: ModelState) -> bool:
    """A Will of Evil caster charging ``enemy`` unheld: nobody of ours fights it yet."""
    return _will_is_life(model) and not _harmless(state, enemy)


def _harmless(state: BattleState, enemy: ModelState) -> bool:
    """An enemy that strikes nothing if it wins the fight we charge it into: Prone (once
    charged it may not stand up, MOVE-CHG-03; FIGHT-PRONE-01, and struck twice if it loses,
    FIGHT-PRONE-02) or held by a power (MAGIC-P-TRANSFIX, 002:L2537)."""
    return enemy.prone or effects.barred(state, enemy, Bar.STRIKE)


def _punch(state: BattleState, model: ModelState) -> int:
    """2 a Monster, 1 a Hero who fights, 0 the rank and file (who goes where in the line)."""
    role = role_of(state, model)
    return 2 if role is Role.MONSTER else int(role is Role.HERO)


def _trap_spot(state: BattleState, model: ModelState, target: ModelState) -> Point | None:
    """A legal contact spot on the far side of ``target`` from the friends fighting it."""
    fighting = state.contacts(target)
    if not fighting:
        return None
    fx = sum(f.x for f in fighting) / len(fighting)
    fy = sum(f.y for f in fighting) / len(fighting)
    away = math.atan2(target.y - fy, target.x - fx)
    reach = target.radius + model.radius + 0.002
    for turn in TRAP_ANGLES:
        spot = rotated(target.position, away + turn, reach)
        if surely_illegal(state, model, spot):
            continue
        try:
            check_action(state, model, Charge(model.uid, target.uid, spot))
        except ValueError:
            continue
        return spot
    return None


def _nearest(state: BattleState, model: ModelState) -> tuple[float, ModelState | None]:
    return state.nearest_enemy(model)


def _nearest_gap(state: BattleState, model: ModelState) -> float:
    return _nearest(state, model)[0]


def _flank_targets(state: BattleState, model: ModelState) -> list[ModelState]:
    """The enemies nearest once each friend already fighting one counts FLANK_WEIGHT
    inches, the best first (the first ``OTHER_TARGETS`` only). Near the enemy, those
    found in the grid's cells round the model first: when the last of them scores below
    the distance of any enemy outside (a score is never below the distance), they are
    the answer (speed: the same enemies, in the same order)."""
    gap = state.nearest_enemy(model)[0]
    if gap < FLANK_NEAR:
        x, y, side = model.x, model.y, 1 - model.player
        beyond = gap + FLANK_BOX  # every enemy outside the box stands farther than this
        half = beyond + model.radius + state.largest_radius + 0.01
        near = [e for e in state.in_box(x - half, y - half, x + half, y + half) if e.player == side]
        scored = _flank_scores(state, model, near)
        if len(scored) == OTHER_TARGETS and scored[-1][0] < beyond:
            return [state.models[uid] for _, uid in scored]
    scored = _flank_scores(state, model, state.enemies(model))
    return [state.models[uid] for _, uid in scored]


def _flank_scores(
    state: BattleState, model: ModelState, enemies: list[ModelState]
) -> list[tuple[float, ModelId]]:
    return heapq.nsmallest(  # sorted()[:n], without sorting them all (speed)
        OTHER_TARGETS,
        (
            (
                state.distance(model, enemy) + FLANK_WEIGHT * len(state.touching[enemy.uid]),
                enemy.uid,
            )
            for enemy in enemies
        ),
    )


def _wanted(model: ModelState, point: Point, reach: float) -> float:
    """How far a walk towards ``point`` means to go."""
    far = point_distance(point, model.position)
    return min(far, reach) if reach else far


def _alone(state: BattleState, enemy: ModelState) -> bool:
    """No friend of ``enemy`` within 2": nobody to fill in beside it."""
    reach = 2.0 + enemy.radius + state.largest_radius + 0.01  # the grid's cells (speed)
    x, y, side = enemy.x, enemy.y, enemy.player
    return not any(
        f is not enemy and f.player == side and state.distance(f, enemy) <= 2.0
        for f in state.in_box(x - reach, y - reach, x + reach, y + reach)
    )


def _front_friend(state: BattleState, model: ModelState) -> ModelState | None:
    """The fighting friend (not kept back, not a bow) nearest to the enemy."""
    best: tuple[float, str, ModelState | None] = (math.inf, "", None)
    for friend in state.living(model.player):
        if friend is model or role_of(state, friend) in _NOT_FRONT:
            continue
        gap = _nearest_gap(state, friend)
        if (gap, friend.uid) < best[:2]:
            best = (gap, friend.uid, friend)
    return best[2]
