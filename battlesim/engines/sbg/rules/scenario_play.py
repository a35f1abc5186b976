"""What a scenario of the library keeps during a battle: captured markers, searched cairns,
models gone by the enemy's edge, kills by the leaders, the Heroes marked for death.

``start`` puts a ``ScenarioState`` on the battle (nothing happens in a battle without one,
so the scenarios without such objectives play exactly as before). The facts come from the
scenario's data (``core/objectives.py``, ``rules/scenario_library.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from battlesim.engines.sbg.core.decisions import Decision, Player
from battlesim.engines.sbg.core.objectives import Objective, ScenarioSpec, Scoring
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
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules import objects, sentries

SEARCH_REACH = 1.0  # a model within 1" of a cairn searches it (scenario_library ASSUMPTION)
ESCAPE_REACH = 1.0  # within 1" of the enemy's edge a model leaves the battle (ASSUMPTION)


@dataclass(slots=True)
class ScenarioState:
    spec: ScenarioSpec
    captured: dict[str, PlayerId] = field(default_factory=dict)
    searched: dict[str, PlayerId] = field(default_factory=dict)
    escaped: list[int] = field(default_factory=lambda: [0, 0])
    gone: set[str] = field(default_factory=set)  # the models that left by the enemy's edge
    leader_kills: list[int] = field(default_factory=lambda: [0, 0])
    targets: list[str | None] = field(default_factory=lambda: [None, None])


def _unset() -> ScenarioState:
    raise LookupError("the battle has no scenario state (scenario_play.start)")


SCENARIO: Status[ScenarioState] = Status("scenario", _unset, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class ChooseTarget(Decision[str | None]):
    """Assassination: the side nominates one enemy Hero (``candidates``) as its target."""

    player: PlayerId
    candidates: tuple[str, ...]

    def default(self, state: BattleState) -> str | None:
        """The enemy Hero with the most Wounds, Might and Fate (then the leader)."""
        if not self.candidates:
            return None
        leader = state.forces[1 - self.player].leader

        def worth(uid: str) -> tuple[int, bool, str]:
            m = state.models[uid]
            return (m.wounds + m.might + m.fate, uid == leader, uid)

        return max(self.candidates, key=worth)


def needs_state(spec: ScenarioSpec) -> bool:
    return bool(spec.objectives or spec.special_rules or spec.sentries is not None) or any(
        a.award.name.startswith(("LEADER_KILLS", "TARGET")) for a in spec.awards
    )


def start(state: BattleState, spec: ScenarioSpec, players: Sequence[Player] | None) -> None:
    """After deployment: place the objects, ask for the targets (Assassination)."""
    if not needs_state(spec):
        return
    played = ScenarioState(spec)
    SCENARIO.put(state, played)
    for objective in spec.objectives:
        if objective.scoring is Scoring.CARRY and objective.point is not None:
            objects.place_object(
                state,
                objective.name,
                objective.point,
                heavy=objective.heavy,
                defence=objective.defence,
            )
    if spec.sentries is not None:  # ADV-SENTRY-01: the side's Warriors keep watch
        side = spec.sentries
        sentries.post(state, (m.uid for m in state.living(side) if not m.profile.is_hero))
    if "targets" in spec.special_rules:
        for side in (0, 1):
            played.targets[side] = _ask_target(state, side, players)


def _ask_target(state: BattleState, side: PlayerId, players: Sequence[Player] | None) -> str | None:
    heroes = tuple(m.uid for m in state.living(1 - side) if m.profile.is_hero)
    decision = ChooseTarget(side, heroes)
    answer = players[side].decide(state, decision) if players else decision.default(state)
    if answer not in heroes:
        answer = decision.default(state)
    state.log.emit("target", player=side, model=answer)
    return answer


def played(state: BattleState) -> ScenarioState | None:
    return SCENARIO.peek(state)


def escaped(state: BattleState, model: ModelState) -> bool:
    """Whether the model left the battle by the enemy's edge (Reconnoitre): not slain."""
    now = SCENARIO.peek(state)
    return now is not None and model.uid in now.gone


def within(state: BattleState, point: tuple[float, float], reach: float) -> list[int]:
    """Living models of each side within ``reach`` of ``point`` (base edge); a Siege Engine
    never holds an objective (SE-DEPLOY-03, 002:L3144)."""
    counts = [0, 0]
    for model in state.living():
        if state.structures and model.uid in state.structures:
            continue
        if math.dist(model.position, point) - model.radius <= reach:
            counts[model.player] += 1
    return counts


@every(Tick.TURN_END, "scenario captures", 50)
def _capture(state: BattleState) -> None:
    """Capture and Control: the only side within reach at the end of a turn captures."""
    now = played(state)
    if now is None:
        return
    for objective in now.spec.objectives:
        if objective.scoring is not Scoring.CAPTURE or objective.point is None:
            continue
        counts = within(state, objective.point, objective.reach)
        if (counts[0] > 0) != (counts[1] > 0):
            side = 0 if counts[0] else 1
            if now.captured.get(objective.name) != side:
                now.captured[objective.name] = side
                state.log.emit("captured", objective=objective.name, player=side)


@on(On.MOVE_ENDED, "scenario search", 91)
def _search(state: BattleState, happening: Happening) -> None:
    """Heirlooms: a model not engaged ending its move by an unsearched cairn searches it."""
    now = played(state)
    model = happening.model
    if now is None or "search" not in now.spec.special_rules or not model.alive:
        return
    if state.engaged(model):
        return
    cairns = [o for o in now.spec.objectives if o.scoring is Scoring.SEARCH]
    for cairn in cairns:
        if cairn.name in now.searched or cairn.point is None:
            continue
        if math.dist(model.position, cairn.point) - model.radius > SEARCH_REACH:
            continue
        _search_cairn(state, now, model, cairn, last=len(now.searched) == len(cairns) - 1)
        return


def _search_cairn(
    state: BattleState, now: ScenarioState, model: ModelState, cairn: Objective, *, last: bool
) -> None:
    now.searched[cairn.name] = model.player
    found_already = objects.where(state, cairn.carry) is not None
    roll = state.roll(1, f"search {cairn.name}")[0]
    found = not found_already and (roll == 6 or last)
    state.log.emit("searched", objective=cairn.name, model=model.uid, found=found)
    if found:
        objects.place_object(state, cairn.carry, model.position)
        objects.give(state, cairn.carry, model)


@every(Tick.PHASE_END, "scenario escape", 50)
def _escape(state: BattleState) -> None:
    """Reconnoitre: after the Move phase, models within 1" of the enemy's edge leave."""
    now = played(state)
    if now is None or state.phase is not Phase.MOVE or "escape" not in now.spec.special_rules:
        return
    sides = {o.owner for o in now.spec.objectives if o.scoring is Scoring.ESCAPE}
    for side in sorted(s for s in sides if s is not None):
        for model in list(state.living(side)):
            if _at_enemy_edge(state, model) and not state.engaged(model):
                _leave(state, now, model)


def _at_enemy_edge(state: BattleState, model: ModelState) -> bool:
    if model.player == 0:
        return state.depth - (model.y + model.radius) <= ESCAPE_REACH
    return model.y - model.radius <= ESCAPE_REACH


def _leave(state: BattleState, now: ScenarioState, model: ModelState) -> None:
    for name in objects.carried_by(state, model):
        objects.drop(state, name, model.position)
    state.take_off(model)
    model.alive = False  # it left the battle (not a casualty: scoring reads ``gone``)
    now.gone.add(model.uid)
    now.escaped[model.player] += 1
    state.log.emit("escaped", model=model.uid, player=model.player)


@on(On.REMOVED, "scenario leader kills", 92)
def _leader_kill(state: BattleState, happening: Happening) -> None:
    """Contest of Champions: count the enemy models each leader slew in a fight."""
    now = played(state)
    if now is None or not happening.source.startswith("struck by "):
        return
    killer = happening.source.removeprefix("struck by ")
    for side in (0, 1):
        if side != happening.model.player and state.forces[side].leader == killer:
            now.leader_kills[side] += 1
