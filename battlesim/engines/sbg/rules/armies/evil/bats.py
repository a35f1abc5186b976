"""The War Bats' rules (Azog's Legion) from the BattleScribe rule text: Piercing Talons and
Pluck."""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.kinds import man_sized
from battlesim.engines.sbg.rules.monsters.core import hit, knock_prone

# Piercing Talons: when a War Bat charges, the charged model and any that counter-charge
# (READINGS: every enemy it strikes that turn) have -2 Defence against its Strikes.
PIERCING_TALONS = "piercing talons"


@override(Stat.STRUCK_DEFENCE, PIERCING_TALONS, source="BSData Piercing Talons (War Bat)")
def _piercing_talons(context: HookContext, value: int) -> int | None:
    return max(1, value - 2) if context.model.charged else None


# Pluck: at the end of its move, the War Bat picks an unengaged Man-sized (or smaller) enemy
# it moved over: a D6, 4+: a Strength 4 hit; if it survives, another D6, 4+: knocked to the
# ground.
PLUCK = "pluck"
PLUCK_STRENGTH = 4
_START: Status[list[Point]] = Status("pluck: where the move began", list, Lasting.TURN)


@on(On.MOVE_DECLARED, PLUCK, order=50, trigger=PLUCK)
def _note_start(state: BattleState, moving: Happening) -> None:
    _START.put(moving.model, [moving.model.position])


def _under(state: BattleState, bat: ModelState, start: Point) -> list[ModelState]:
    """Enemies whose base the bat's base passed over on the straight line of its move."""
    end = bat.position
    return [
        m
        for m in state.enemies(bat)
        if man_sized(m)
        and not state.engaged(m)
        and _segment_gap(start, end, m.position) < bat.radius + m.radius
    ]


def _segment_gap(a: Point, b: Point, p: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


@dataclass(frozen=True, slots=True)
class ChoosePluck(Decision[str | None]):
    """Which enemy moved over the War Bat plucks (None: none). Heuristic: the one a
    Strength 4 hit most likely slays (lowest Defence, fewest Wounds), a Hero first."""

    bat: ModelState
    victims: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str | None:
        if not self.victims:
            return None
        return min(self.victims, key=_easiest).uid


def _easiest(model: ModelState) -> tuple[bool, int, int, str]:
    return (not model.profile.is_hero, model.defence, model.wounds, model.uid)


@on(On.MOVE_ENDED, PLUCK, order=50, trigger=PLUCK)
def _pluck(state: BattleState, moved: Happening) -> None:
    bat = moved.model
    start = _START.peek(bat)
    if not bat.alive or not start:
        return
    victims = tuple(m for m in _under(state, bat, start[0]) if m is not bat)
    _START.drop(bat)
    if not victims:
        return
    ask = ChoosePluck(bat, victims)
    players = state.players
    chosen = ask.default(state) if players is None else players[bat.player].decide(state, ask)
    victim = next((m for m in victims if m.uid == chosen), None)
    if victim is None:
        return
    (die,) = state.roll(1, f"{PLUCK} {bat.uid}->{victim.uid} (4+)")
    if die < 4:
        return
    hit(state, victim, PLUCK_STRENGTH, f"{PLUCK} by {bat.uid}")
    if victim.alive:
        (again,) = state.roll(1, f"{PLUCK} {bat.uid}: knocked down {victim.uid} (4+)")
        if again >= 4:
            knock_prone(state, victim, PLUCK)


REGISTRY.register(PLUCK, kind=Kind.RULE, source="BSData Pluck (War Bat)")
