"""The Windlance's Heroes: Bard the Bowman's Black Arrow and Girion's Windlance Trained.

The Windlance itself is a siege engine the Hero buys as his option (BSData 4741-f743-34e6-
9196, rules/siege_engines.py and siege_crew.py): small, Superior Construction, the Hero its
only crew, free to leave it, his Might on its rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.kinds import is_monster
from battlesim.engines.sbg.rules.siege_crew import WINDLANCE
from battlesim.engines.sbg.rules.siege_engines import (
    DECLARED_SHOTS,
    Crewing,
    EngineShot,
    siege_target,
)

BLACK_ARROW = "the black arrow"
WINDLANCE_TRAINED = "windlance trained"
_FIRED: Status[list[bool]] = Status("black arrow fired", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class FireBlackArrow(Decision[bool]):
    """The Black Arrow: whether Bard fires it at ``target`` this time (once a game). The
    heuristic keeps it for a Hero, a Monster or a Siege target."""

    model: ModelState
    target: ModelState

    def default(self, state: BattleState) -> bool:
        target = self.target
        return target.profile.is_hero or is_monster(target) or siege_target(target)


def _black_arrow(
    state: BattleState, engine: ModelState, crew: Crewing, target: ModelState
) -> EngineShot | None:
    """The Black Arrow (BSData d1bd-8c90-8fb8-9b9c): once per game, instead of shooting the
    Windlance normally, declared before To Hit: a failed To Hit roll and failed In The Way
    tests are re-rolled, and no Scatter roll: a hit on a Battlefield target is a Dead On!"""
    bard = next((m for m in crew.trained if BLACK_ARROW in m.triggers), None)
    if bard is None or WINDLANCE not in engine.triggers or _FIRED.of(bard):
        return None
    if not ask(state, bard, FireBlackArrow(bard, target)):
        return None
    _FIRED.of(bard).append(True)
    return EngineShot(BLACK_ARROW, reroll_to_hit=True, reroll_in_the_way=True, dead_on=True)


DECLARED_SHOTS.append(_black_arrow)
REGISTRY.register(BLACK_ARROW, kind=Kind.RULE, source="BSData d1bd-8c90-8fb8-9b9c")


@every(Tick.TURN_START, WINDLANCE_TRAINED, order=5)
def _windlance_trained(state: BattleState) -> None:
    """Windlance Trained (BSData 9077-a7a0-ab81-c8bf): Girion's Windlance follows all the
    rules of Bard the Bowman's: an engine he crews is the Windlance (whatever its card
    names), from the first turn."""
    for engine_id, crew in state.engines.items():
        engine = state.models[engine_id]
        if WINDLANCE in engine.triggers:
            continue
        if any(WINDLANCE_TRAINED in state.models[uid].triggers for uid in crew):
            engine.triggers = engine.triggers | {WINDLANCE}
            state.log.emit("windlance", engine=engine_id, rule=WINDLANCE_TRAINED)


REGISTRY.register(WINDLANCE_TRAINED, kind=Kind.RULE, source="BSData 9077-a7a0-ab81-c8bf")
