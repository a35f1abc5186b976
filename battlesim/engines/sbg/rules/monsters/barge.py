"""Barge (MON-BPA-BARGE-01..06, 002:L1850-1856).

Each enemy of the fight backs away a full 3" in a direction the Monster's controller picks
among those where the whole 3" is legal (the back-away checks of ``phases/back_away.py``:
on the table, no terrain test, through no base, ending 1" from the winners and touching no
enemy). Then the Monster may move D6", a new charge included (BARGE-05).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError
from battlesim.engines.sbg.core.bases import height_for
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import (
    Point,
    angle_to,
    fan,
    point_distance,
    rotated,
    terrain_crossings,
    terrain_drop,
    terrain_fits,
)
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import movement
from battlesim.engines.sbg.rules.back_away import (
    back_away_legal,
    blockers,
    clear_of_others,
    friend_may_stand,
)
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.kinds import braced, immovable, unshifted
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    heroic_combat_mark,
    hit,
    knock_prone,
    register_bpa,
)

BARGE_DISTANCE = 3.0  # BARGE-01: a full 3" instead of 1"
_DIRECTIONS = fan(0.0, 17, math.radians(10))  # 35 headings, relative to "directly away"
_PARTIAL_STEP = 0.25  # inches: a model that cannot go 3" is tried at 2.75, 2.5... (BARGE-03)


def barge_targets(fight: BpaFight) -> list[ModelState | None]:
    """BARGE-06 (002:L1856): not after a Heroic Combat this turn; otherwise always open."""
    return [] if heroic_combat_mark(fight.monster).heroic_combat else [None]


def barged_models(fight: BpaFight) -> list[ModelState]:
    """BARGE-01: every enemy engaged in the fight, spear and pike supporters included; War
    Beasts never back away (part 2 §2.5 AMBIGUOUS). Order (the controller's): the farthest
    from the Monster first, so that the front rank has room (data.ASSUMPTIONS 'barge')."""
    monster = fight.monster
    movers = [
        m
        for m in fight.losers + fight.enemy_helpers
        if m.alive and not immovable(m) and not braced(m) and not unshifted(m)  # Iron Shield
    ]
    return sorted(movers, key=lambda m: (-point_distance(monster.position, m.position), m.uid))


# Rules by which each model a Monster barges also suffers a hit once it has backed away
# (Smaug's Unstoppable Momentum): trigger -> the hit's Strength
BARGE_HITS: dict[str, int] = {}


def resolve_barge(fight: BpaFight, _target: ModelState | None) -> None:
    extra = sorted(fight.monster.triggers & BARGE_HITS.keys())
    for model in barged_models(fight):
        if model.alive:
            _barge_one(fight, model)
        for name in extra:
            hit(fight.state, model, BARGE_HITS[name], f"{name} of {fight.monster.uid}")
    charge_after_barge(fight)


def full_directions(fight: BpaFight, model: ModelState) -> list[float]:
    """BARGE-03: the headings (nearest to directly away first) of a legal full 3"."""
    away = angle_to(fight.monster.position, model.position)
    winners = [w for w in fight.winners if w.alive]
    found = []
    for turn in _DIRECTIONS:
        spot = rotated(model.position, away + turn, BARGE_DISTANCE)
        if _no_drop(fight.state, model, spot) and back_away_legal(
            fight.state, model, spot, winners
        ):
            found.append(away + turn)
    return found


def _no_drop(state: BattleState, model: ModelState, spot: Point) -> bool:
    return terrain_drop(state.table, model.position, spot) <= 0.0


def _barge_one(fight: BpaFight, model: ModelState) -> None:
    state = fight.state
    headings = full_directions(fight, model)
    if headings:
        heading = _chosen(fight, model, headings)
        state.move_to(model, rotated(model.position, heading, BARGE_DISTANCE), "barged")
        return
    if _make_way(fight, model):
        return
    _as_far_as_possible(fight, model)


def _chosen(fight: BpaFight, model: ModelState, headings: list[float]) -> float:
    """The controller's heading; a refused choice falls on the first (directly away)."""
    choice = fight.player.decide(fight.state, ChooseBargeDirection(fight.monster, model, headings))
    if choice in headings:
        return choice
    fight.state.log.emit("refused", model=fight.monster.uid, reason=f"illegal heading {choice}")
    return headings[0]


def _make_way(fight: BpaFight, model: ModelState) -> bool:
    """BARGE-02: one friend, not engaged, blocking the 3" path, is moved 3" aside in a
    heading the Monster's controller picks; then the model backs away its full 3"."""
    state = fight.state
    winners = [w for w in fight.winners if w.alive]
    away = angle_to(fight.monster.position, model.position)
    for turn in _DIRECTIONS[:13]:
        spot = rotated(model.position, away + turn, BARGE_DISTANCE)
        found = blockers(state, model, spot)
        if len(found) != 1 or found[0].player != model.player or not _no_drop(state, model, spot):
            continue
        friend = found[0]
        if state.engaged(friend):
            continue  # FIGHT-WAY-02: engaged models cannot make way
        headings = _friend_headings(fight, friend, model, spot, winners)
        if headings:
            heading = _chosen(fight, friend, headings)
            state.move_to(friend, rotated(friend.position, heading, BARGE_DISTANCE), "make way")
            state.move_to(model, spot, "barged")
            return True
    return False


def _friend_headings(
    fight: BpaFight, friend: ModelState, model: ModelState, spot: Point, winners: list[ModelState]
) -> list[float]:
    state = fight.state
    origin = friend.position
    base = angle_to(model.position, origin)
    found = []
    for turn in _DIRECTIONS:
        target = rotated(origin, base + turn, BARGE_DISTANCE)
        if not friend_may_stand(state, friend, target, spot, model):
            continue
        state.set_position(friend, target)
        legal = back_away_legal(state, model, spot, winners)
        state.set_position(friend, origin)
        if legal:
            found.append(base + turn)
    return found


def _as_far_as_possible(fight: BpaFight, model: ModelState) -> None:
    """BARGE-03: no full 3" anywhere: the longest legal straight move (any heading, on the
    table, no terrain test, through no base, touching no enemy), then the model is prone."""
    state = fight.state
    away = angle_to(fight.monster.position, model.position)
    best: tuple[float, Point] | None = None
    for turn in _DIRECTIONS:
        reach = _longest(state, model, away + turn)
        if reach > 0.0 and (best is None or reach > best[0]):
            best = (reach, rotated(model.position, away + turn, reach))
    if best is not None:
        state.move_to(model, best[1], "barged (stopped short)")
    knock_prone(state, model, "barged short of 3 inches")


def _longest(state: BattleState, model: ModelState, heading: float) -> float:
    steps = round(BARGE_DISTANCE / _PARTIAL_STEP)
    height = height_for(model.profile.keywords)
    for k in range(steps - 1, 0, -1):
        spot = rotated(model.position, heading, k * _PARTIAL_STEP)
        if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
            continue
        if terrain_crossings(state.table, model.position, spot, height):
            continue
        if _no_drop(state, model, spot) and clear_of_others(state, model, spot):
            return k * _PARTIAL_STEP
    return 0.0


# --- BARGE-05: the D6" move after the Barge, a new charge included ----------------------------


def charge_after_barge(fight: BpaFight) -> None:
    """BARGE-05 (002:L1854): the Monster may move D6", a new charge included; if it charges
    it fights again this phase (after the fights already split, data.ASSUMPTIONS 'barge').
    Only charges are offered: a plain reposition changes nothing the simulation scores."""
    state, monster = fight.state, fight.monster
    if not monster.alive or monster.prone or state.engaged(monster):
        return
    (die,) = state.roll(1, f"barge move D6 {monster.uid}")
    saved = (monster.spent, monster.done_moving)
    monster.spent, monster.done_moving = max(0.0, monster.profile.move - die), False
    try:
        options = movement.charge_options(state, monster)
        charges = [Charge(monster.uid, e.uid, spot) for e, spot in options]
        choice = (
            fight.player.decide(state, ChooseBargeCharge(monster, charges)) if charges else None
        )
        if choice is not None:
            _charge(state, monster, choice, charges)
    finally:
        monster.spent, monster.done_moving = saved


def _charge(state: BattleState, monster: ModelState, choice: Charge, charges: list[Charge]) -> None:
    """The engine checks the charge as any charge (MOVE-CHG, D6" allowance); a charge that
    would ask for a terrain test is refused (tests are not played during a Barge)."""
    try:
        if choice not in charges:
            raise IllegalActionError(f"{choice} is not a charge on offer")
        if crossings(state, monster, choice.to):
            raise IllegalActionError(f"{monster.uid} cannot take a terrain test after a Barge")
        movement.check_action(state, monster, choice)
    except IllegalActionError as error:
        state.log.emit("refused", model=monster.uid, reason=str(error))
        return
    state.move_to(monster, choice.to, "barge charge")
    state.new_fights.append(monster.uid)


BARGE = register_bpa(BrutalPowerAttack("barge", barge_targets, resolve_barge, ends_fight=True))


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseBargeDirection(Decision[float]):
    """MON-BPA-BARGE-03: the heading a barged model is pushed along."""

    monster: ModelState
    model: ModelState
    headings: Sequence[float]


@dataclass(frozen=True, slots=True)
class ChooseBargeCharge(Decision[Charge | None]):
    """MON-BPA-BARGE-05: the new charge after a Barge, if any."""

    monster: ModelState
    charges: Sequence[Charge]
