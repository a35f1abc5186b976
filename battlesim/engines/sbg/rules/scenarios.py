"""Scenarios: deployment, objectives, end conditions and victory points, read from data.

Each scenario of the library is a ``ScenarioSpec`` (``rules/scenario_library.py``; the
fields are explained in ``core/objectives.py``); ``Scenario`` plays any of them: it deploys,
ends and scores the battle from the spec, so a new scenario is new data, never an ``if`` in
the play loop. The facts of the Matched Play Guide (not among the shared sources) are the
assumptions listed in each spec. A job picks a scenario by name, or ``random:<set>`` (or a
list of names) draws one per battle with the battle's dice, like a tournament.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from battlesim.engines.dice import Dice
from battlesim.engines.sbg.core.data import DEFAULT_TURN_LIMIT, TABLE_SIZE
from battlesim.engines.sbg.core.decisions import Player
from battlesim.engines.sbg.core.objectives import (
    Award,
    Goal,
    Objective,
    ScenarioSpec,
    Scoring,
    VictoryAward,
)
from battlesim.engines.sbg.core.outcome import Termination
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules import edge_entry, fortifications, objects, scenario_play
from battlesim.engines.sbg.rules.reinforcements import Reserve
from battlesim.engines.sbg.rules.scenario_library import DOMINATION, LIBRARY, SETS, TO_THE_DEATH

Rect = tuple[float, float, float, float]
DEPLOYMENT_DEPTH: Final = 12.0
OBJECTIVE_RANGE: Final = 3.0
GOAL_SCORINGS: Final = (Scoring.HOLD, Scoring.CAPTURE)


class UnknownScenarioError(ValueError):
    """No scenario has that name."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario of the library; the default is To the Death!"""

    spec: ScenarioSpec = TO_THE_DEATH
    turn_limit: int = DEFAULT_TURN_LIMIT
    width: float = TABLE_SIZE
    depth: float = TABLE_SIZE
    _hold: tuple[Objective, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        hold = tuple(o for o in self.spec.objectives if o.scoring in GOAL_SCORINGS)
        object.__setattr__(self, "_hold", hold)

    @property
    def name(self) -> str:
        return self.spec.name

    def deployment_zone(self, player: PlayerId) -> Rect:
        """Player 0 deploys along the bottom edge, player 1 along the top edge, unless the
        scenario gives the zones."""
        if self.spec.deployment.zones is not None:
            return self.spec.deployment.zones[player]
        depth = self.spec.deployment.depth
        if player == 0:
            return (0.0, 0.0, self.width, depth)
        return (0.0, self.depth - depth, self.width, self.depth)

    def objectives(self) -> tuple[Point, ...]:
        """The markers to hold or capture (what the first heuristic walked to)."""
        return tuple(o.point for o in self._hold if o.point is not None)

    def reserves(self) -> tuple[Reserve, ...]:
        """Reinforcements entering from a table edge later (MOVE-REINF-01); none here."""
        return ()

    def start(self, state: BattleState, players: Sequence[Player] | None = None) -> None:
        """After deployment: objects placed, targets nominated (scenario_play)."""
        scenario_play.start(state, self.spec, players)

    def ended(self, state: BattleState) -> Termination | None:
        """Checked at the end of each turn."""
        end = self.spec.end
        alive = [state.alive_count(p) + _waiting(state, p) for p in (0, 1)]
        if min(alive) == 0:
            return Termination.WIPED_OUT
        if end.quarter and any(_reduced_to_a_quarter(state, p, alive[p]) for p in (0, 1)):
            return Termination.QUARTER
        if state.turn >= self.turn_limit:
            return Termination.TURN_LIMIT
        if end.random_end and any(_reduced_below_half(state, p) for p in (0, 1)):
            return _random_end(state, end.random_end)
        return None

    def victory_points(self, state: BattleState) -> tuple[int, int]:
        return (self._points(state, 0), self._points(state, 1))

    def _points(self, state: BattleState, player: PlayerId) -> int:
        points = sum(_award(state, award, player) for award in self.spec.awards)
        return points + sum(_objective(state, o, player) for o in self.spec.objectives)

    def goal(self, state: BattleState, model: ModelState) -> Goal | None:
        """Where the scenario wants ``model`` now (the players read it): objects to take or
        bring home, cairns to search, the enemy's edge, markers its side does not hold."""
        side = model.player
        carried = objects.carried_by(state, model)
        if carried:
            edge = edge_entry.own_edge(state, side)
            if edge is not None:  # SE-DEPLOY-02: home is the edge its army entered by
                return Goal((model.x, edge), press=True)
            x0, y0, x1, y1 = self.deployment_zone(side)
            return Goal(((x0 + x1) / 2, (y0 + y1) / 2), press=True)
        for name in self._objects():
            spot = objects.where(state, name)
            if spot is not None and objects.holder_side(state, name) != side:
                return Goal(spot)
        gate = _gate_to_break(state, model)
        if gate is not None:
            return Goal(gate)
        target = _target(state, side)
        if target is not None:
            return Goal(target.position)
        return self._marker_goal(state, model)

    def _objects(self) -> list[str]:
        return [o.name for o in self.spec.objectives if o.scoring is Scoring.CARRY]

    def _marker_goal(self, state: BattleState, model: ModelState) -> Goal | None:
        side, now = model.player, scenario_play.played(state)
        open_points: list[Point] = []
        for o in self.spec.objectives:
            mine = o.owner is None or o.owner == side
            if o.point is not None and mine and _open(state, o, now, side):
                open_points.append(o.point)
        for o in self.spec.objectives:
            if o.scoring is Scoring.CAMP and o.scorer == side and o.point is not None:
                open_points.append(o.point)
            if o.scoring is Scoring.ESCAPE and o.owner == side:
                return Goal((model.x, self.depth if side == 0 else 0.0))
        if not open_points:
            return None
        return Goal(min(open_points, key=lambda p: (math.dist(p, model.position), p)))


def _target(state: BattleState, side: PlayerId) -> ModelState | None:
    """Assassination: the enemy Hero ``side`` nominated, while it stands on the table (its
    death or a Wound scores: the army goes for it rather than the nearest enemy)."""
    now = scenario_play.played(state)
    uid = now.targets[side] if now is not None else None
    model = state.models.get(uid) if uid is not None else None
    if model is None or model not in state.living(1 - side):
        return None
    return model


def _gate_to_break(state: BattleState, model: ModelState) -> Point | None:
    """SIEGE-GATE-01, SIEGE-MOVE-02: while an enemy gate stands, the attackers' way in is
    through it (its walls have no holds, SIEGE-WALL-01): the nearest such gate."""
    gates = [g for g in fortifications.standing_gates(state) if g.player != model.player]
    if not gates:
        return None
    return min(gates, key=lambda g: (math.dist(g.position, model.position), g.uid)).position


def _open(
    state: BattleState, o: Objective, now: scenario_play.ScenarioState | None, side: PlayerId
) -> bool:
    """A marker the side does not hold yet, or a cairn nobody searched."""
    if o.scoring in GOAL_SCORINGS:
        return _held(state, o, now) != side
    return o.scoring is Scoring.SEARCH and now is not None and o.name not in now.searched


@dataclass(frozen=True, slots=True)
class Domination(Scenario):
    """Five objectives; each is held by the side with more models within 3"."""

    spec: ScenarioSpec = DOMINATION


def _waiting(state: BattleState, player: PlayerId) -> int:
    """The side's models waiting off the table to enter (MOVE-REINF-01, SE-DEPLOY-02): a
    force entering by its edge is not wiped out before it arrives."""
    return sum(len(r.models) for r in state.reserves if r.player == player)


def _random_end(state: BattleState, score: int) -> Termination | None:
    """Break plus a random end: a D6 of ``score`` or less ends the battle."""
    return Termination.RANDOM_END if state.roll(1, "random end")[0] <= score else None


def holder(state: BattleState, point: Point, reach: float = OBJECTIVE_RANGE) -> PlayerId | None:
    """The side with more living models within ``reach`` of the objective, if any."""
    counts = scenario_play.within(state, point, reach)
    if counts[0] == counts[1]:
        return None
    return 0 if counts[0] > counts[1] else 1


def _held(
    state: BattleState, objective: Objective, now: scenario_play.ScenarioState | None
) -> PlayerId | None:
    if objective.point is None:
        return None
    if objective.scoring is Scoring.CAPTURE:
        return None if now is None else now.captured.get(objective.name)
    return holder(state, objective.point, objective.reach)


def _objective(state: BattleState, objective: Objective, player: PlayerId) -> int:
    """The victory points ``objective`` gives ``player`` at the end."""
    foreign = objective.owner is not None and objective.owner != player
    if foreign and objective.scoring is not Scoring.CAMP:
        return 0
    now = scenario_play.played(state)
    scoring = objective.scoring
    if scoring in GOAL_SCORINGS:
        return _hold_points(state, objective, player, now)
    if scoring is Scoring.CARRY:
        return objective.points if objects.holder_side(state, objective.name) == player else 0
    if scoring is Scoring.SEARCH:
        return objective.points if now and now.searched.get(objective.name) == player else 0
    if scoring is Scoring.CAMP:
        return _camp_points(state, objective, player)
    return _escape_points(state, objective, player, now)


def _hold_points(
    state: BattleState,
    objective: Objective,
    player: PlayerId,
    now: scenario_play.ScenarioState | None,
) -> int:
    points = objective.points if _held(state, objective, now) == player else 0
    if objective.per_model and objective.point is not None:
        mine = scenario_play.within(state, objective.point, objective.reach)[player]
        points += objective.per_model * min(mine, objective.cap or mine)
    return points


def _camp_points(state: BattleState, objective: Objective, player: PlayerId) -> int:
    assert objective.point is not None
    counts = scenario_play.within(state, objective.point, objective.reach)
    if objective.owner == player:
        return objective.keep_points if counts[1 - player] == 0 else 0
    return objective.points if counts[player] > counts[1 - player] else 0


def _escape_points(
    state: BattleState,
    objective: Objective,
    player: PlayerId,
    now: scenario_play.ScenarioState | None,
) -> int:
    if now is None:
        return 0
    gone = now.escaped[player] / max(1, state.start_counts[player])
    if gone >= objective.share:
        return objective.points
    return objective.keep_points if gone >= objective.share / 2 else 0


def _award(state: BattleState, award: VictoryAward, player: PlayerId) -> int:
    enemy = 1 - player
    kind = award.award
    if kind is Award.ENEMY_BROKEN:
        if not _reduced_below_half(state, enemy, at_count=True):
            return 0
        unbroken = award.unbroken_points and not _reduced_below_half(state, player, True)
        return award.unbroken_points if unbroken else award.points
    if kind in (Award.LEADER_SLAIN, Award.LEADER_WOUNDED):
        return _leader_points(state, enemy, award)
    if kind is Award.BANNER:
        return award.points * _banners_lost(state, enemy)
    if kind is Award.ATTRITION:
        return award.points * _attrition(state, player)
    if kind is Award.WOUNDS:
        return award.points * _wounds_lost(state, enemy)
    return _played_award(state, award, player)


def _played_award(state: BattleState, award: VictoryAward, player: PlayerId) -> int:
    """Awards counted during the battle (scenario_play): leader kills, targets."""
    now = scenario_play.played(state)
    if now is None:
        return 0
    if award.award is Award.LEADER_KILLS:
        kills = now.leader_kills[player]
        return award.points * (min(kills, award.cap) if award.cap else kills)
    target = now.targets[player]
    if target is None:
        return 0
    model = state.models[target]
    slain = _slain(state, model)
    if award.award is Award.TARGET_SLAIN:
        return award.points if slain else 0
    wounded = not slain and model.wounds < model.profile.wounds
    return award.points if wounded else 0


# Army rules whose slain models wait off the table, still counting as on the board for a
# force Broken or reduced to a quarter, and as slain for the victory conditions once the game
# ends (Unholy Ressurrection's markers): each gives how many of ``player``'s it holds now.
HeldOff = Callable[[BattleState, PlayerId], int]
HELD_OFF: list[HeldOff] = []


def held_off(state: BattleState, player: PlayerId) -> int:
    return sum(rule(state, player) for rule in HELD_OFF) if HELD_OFF else 0


def _reduced_to_a_quarter(state: BattleState, player: PlayerId, alive: int) -> bool:
    return alive + held_off(state, player) <= state.start_counts[player] / 4


def _lost(state: BattleState, player: PlayerId, at_count: bool) -> float:
    """``player``'s casualties; ``at_count``: for the victory conditions, the models held
    off the table counted as slain (HELD_OFF)."""
    return state.casualties[player] + (held_off(state, player) if at_count else 0)


def _reduced_below_half(state: BattleState, player: PlayerId, at_count: bool = False) -> bool:
    return _lost(state, player, at_count) > state.start_counts[player] / 2


# Army rules that deny the enemy its points for slaying ``player``'s leader (Line of
# Command): each says whether the award is denied now, at the count.
LeaderGuard = Callable[[BattleState, PlayerId], bool]
LEADER_GUARDS: list[LeaderGuard] = []


def _leader_points(state: BattleState, player: PlayerId, award: VictoryAward) -> int:
    leader = state.forces[player].leader
    if leader is None:
        return 0
    model = state.models[leader]
    slain = _slain(state, model)
    if award.award is Award.LEADER_SLAIN:
        if slain and any(guard(state, player) for guard in LEADER_GUARDS):
            return 0
        return award.points if slain else 0
    return award.points if not slain and leader in state.wounded_leaders else 0


def _slain(state: BattleState, model: ModelState) -> bool:
    """Off the table for good, and not by leaving it (Reconnoitre); CAV-STRIKE-03: a
    riderless mount is not the rider."""
    return (not model.alive and not scenario_play.escaped(state, model)) or model.loose


def _attrition(state: BattleState, player: PlayerId) -> int:
    """1 VP to the side that destroyed the greater share of the other (data.ASSUMPTIONS)."""
    enemy = 1 - player
    mine = _lost(state, enemy, True) / max(1, state.start_counts[enemy])
    theirs = _lost(state, player, True) / max(1, state.start_counts[player])
    return 1 if mine > theirs else 0


def _banners_lost(state: BattleState, player: PlayerId) -> int:
    return sum(
        1
        for m in state.models.values()
        if m.player == player and _slain(state, m) and "banner" in m.triggers
    )


def _wounds_lost(state: BattleState, player: PlayerId) -> int:
    """Lords of Battle: the Wounds the side's models lost (all of a slain one's); a riderless
    mount is not counted again (its rider's loss is)."""
    lost = 0
    for model in state.models.values():
        if model.player != player or model.loose:
            continue
        start = model.profile.wounds
        lost += start if _slain(state, model) else max(0, start - model.wounds)
    return lost


SCENARIOS: Final[Mapping[str, Scenario]] = MappingProxyType(
    {name: Scenario(spec, turn_limit=spec.end.turn_limit) for name, spec in LIBRARY.items()}
)


def scenario_named(name: str, turn_limit: int | None = None) -> Scenario:
    try:
        scenario = SCENARIOS[name]
    except KeyError as error:
        known = ", ".join(sorted(SCENARIOS))
        sets = ", ".join(f"random:{s}" for s in sorted(SETS))
        raise UnknownScenarioError(
            f"unknown scenario {name!r}; known: {known}, or {sets}"
        ) from error
    if turn_limit is None:
        return scenario
    if not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1:
        raise UnknownScenarioError(
            f"turn limit must be a whole number of at least 1, not {turn_limit!r}"
        )
    return Scenario(scenario.spec, turn_limit=turn_limit)


def pick_scenario(option: Any, dice: Dice, turn_limit: int | None = None) -> Scenario:
    """A job's ``scenario`` option: a name, ``random`` / ``random:<set>`` (matched, siege,
    all) or a list of names; a draw uses the battle's dice (one roll, logged by the set-up)."""
    names = _candidates(option)
    name = names[0] if len(names) == 1 else dice.choice(names, "scenario")
    return scenario_named(name, turn_limit)


def _candidates(option: Any) -> tuple[str, ...]:
    if isinstance(option, list | tuple):
        names = tuple(str(n) for n in option)
        if not names:
            raise UnknownScenarioError("a scenario set needs at least one name")
        for name in names:
            scenario_named(name)
        return names
    text = str(option)
    if text == "random" or text.startswith("random:"):
        chosen = text.partition(":")[2] or "matched"
        if chosen not in SETS:
            raise UnknownScenarioError(f"unknown scenario set {chosen!r}; known: {sorted(SETS)}")
        return SETS[chosen]
    scenario_named(text)
    return (text,)
