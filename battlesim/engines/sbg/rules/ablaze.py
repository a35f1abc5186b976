"""Set Ablaze (SR-ABLAZE, Passive, 002:L2793-2797): a model set ablaze suffers one Strength 9
hit at once; if it survives, one Strength 5 hit in every End phase until the flames are out.
It puts them out by lying down and crawling 1" (rules/prone.py calls ``crawled``) or by
entering water (a move ending in shallow or deep water). Reading: a model that is Prone
(lying down or knocked down) and crawls its full 1" is put out (READINGS.md, data.ASSUMPTIONS
"set ablaze")."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.data import CRAWL_DISTANCE
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.paths import Point, point_distance
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Tick, every, on
from battlesim.engines.sbg.core.table import WATER
from battlesim.engines.sbg.rules.combat import clamp_stat, roll_to_wound

SOURCE = "SR-ABLAZE (002:L2793-2797)"
ABLAZE = "ablaze"
_FIRST, _EVERY_END = 9, 5  # SR-ABLAZE: S9 at once, S5 each End phase
_SLACK = 1e-3


def set_ablaze(state: BattleState, by: ModelState | None, target: ModelState, cause: str) -> None:
    """SR-ABLAZE: one S9 hit now; a survivor burns (a mark lasting until put out)."""
    _burn(state, by, target, _FIRST, cause)
    ignite(state, target)


def ignite(state: BattleState, target: ModelState) -> None:
    """A living model burns from now on (the hit of being set ablaze already dealt: a rule
    may deal its own, as a Dragon's breath does)."""
    if not target.alive or burning(state, target):
        return
    mark = effects.Effect(
        "set ablaze", target.uid, None, 0, effects.Until.END_OF_BATTLE, SOURCE, mark=ABLAZE
    )
    effects.add(state, mark)


def burning(state: BattleState, model: ModelState) -> bool:
    return effects.marked(state, model, ABLAZE) is not None


def put_out(state: BattleState, model: ModelState, how: str) -> None:
    """SR-ABLAZE (002:L2797): the flames go out at once."""
    if burning(state, model):
        effects.end(state, lambda e: e.target == model.uid and e.mark == ABLAZE)
        state.log.emit("flames_out", model=model.uid, how=how)


def crawled(state: BattleState, model: ModelState, start: Point) -> None:
    """A prone model that crawled its full 1" puts the flames out (002:L2797)."""
    if point_distance(start, model.position) >= CRAWL_DISTANCE - _SLACK:
        put_out(state, model, "crawled")


def in_water(state: BattleState, model: ModelState) -> bool:
    table = state.table
    return table is not None and any(WATER in p.features for p in table.terrain_at(model.position))


@on(On.MOVE_ENDED, "set ablaze: into water", 79)
def _into_water(state: BattleState, happening: Happening) -> None:
    """002:L2797: entering water puts the flames out (checked where its move ends)."""
    model = happening.model
    if model.alive and burning(state, model) and in_water(state, model):
        put_out(state, model, "water")


@every(Tick.TURN_END, "set ablaze: burning", order=79)
def _burns(state: BattleState) -> None:
    """002:L2795: one S5 hit in every End phase while it burns."""
    for effect in [e for e in effects.active(state) if e.mark == ABLAZE]:
        model = state.models[effect.target]
        if model.alive:
            _burn(state, None, model, _EVERY_END, "set ablaze")


def _burn(
    state: BattleState, by: ModelState | None, model: ModelState, strength: int, why: str
) -> None:
    armour = clamp_stat(model.defence + modifier(Hook.DEFENCE, HookContext(state, model)))
    purpose = f"to wound {why} -> {model.uid} (S{strength} D{armour})"
    if roll_to_wound(state, strength, armour, 0, purpose, roller=by, target=model):
        state.wound(model, why)
