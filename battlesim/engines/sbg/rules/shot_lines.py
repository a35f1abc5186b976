"""Lines that screen shooting attacks for the rest of a turn: the Iron Hills Ballista's bolt
(BSData a4dc-4e53-02a8-ca97, "The Old Twirly Whirlies").

"When the Ballista hits a target, place a marker under the centre of the target model. Draw
a line from the centre of the Ballista to the centre of the marker. Shooting attacks that are
Strength 6 or less cannot target any model within 3" of that line for the remainder of the
turn. Additionally, shooting attacks that are Strength 6 or less cannot be made if they cross
the line at any point. If a shooting attack that is Strength 7 or more targets a model that is
either within 3" of the line, or the shot crosses the line, roll a D6. On the roll of a 5+,
the shooting attack is prevented. At the end of the turn, remove any marker placed."

The lines live on the engine that drew them (``LINES``, dropped with its turn's data in the
End phase); ``shooting.py`` and the siege engines ask ``screened`` and ``stopped`` (READINGS:
"The Old Twirly Whirlies").
"""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.geometry import segment_point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status

Point = tuple[float, float]
REACH = 3.0  # inches either side of the line
WEAK_MAX = 6  # Strength 6 or less: never made
STOP_ON = 5  # Strength 7 or more: prevented on a 5+


@dataclass(frozen=True, slots=True)
class Line:
    start: Point
    end: Point
    source: str


LINES: Status[list[Line]] = Status("shot lines", list, Lasting.TURN)


def draw(state: BattleState, start: ModelState, end: ModelState, source: str) -> None:
    """A line from ``start``'s centre to ``end``'s, for the rest of the turn."""
    line = Line((start.x, start.y), (end.x, end.y), source)
    LINES.of(start).append(line)
    state.log.emit("shot_line", start=list(line.start), end=list(line.end), source=source)


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the segments a-b and c-d meet (touching counts)."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2 = side(c, d, a), side(c, d, b)
    d3, d4 = side(a, b, c), side(a, b, d)
    return d1 * d2 <= 0 and d3 * d4 <= 0


def _touches(line: Line, shooter: ModelState, target: ModelState) -> bool:
    near = segment_point_distance(line.start, line.end, (target.x, target.y)) - target.radius
    crossed = _cross((shooter.x, shooter.y), (target.x, target.y), line.start, line.end)
    return near <= REACH + 1e-9 or crossed


def screening(state: BattleState, shooter: ModelState, target: ModelState) -> list[Line]:
    """The lines a shot from ``shooter`` at ``target`` meets (target within 3", or crossed)."""
    if not state.engines:
        return []
    drawn = (LINES.peek(state.models[uid]) for uid in state.engines)
    lines = [line for found in drawn if found for line in found]
    return [line for line in lines if _touches(line, shooter, target)]


def screened(state: BattleState, shooter: ModelState, target: ModelState, strength: int) -> bool:
    """A shot of Strength 6 or less that a line forbids (no legal target)."""
    return strength <= WEAK_MAX and bool(screening(state, shooter, target))


def stopped(state: BattleState, shooter: ModelState, target: ModelState, strength: int) -> bool:
    """A shot of Strength 7 or more that meets a line: one D6, prevented on a 5+."""
    if strength <= WEAK_MAX or not screening(state, shooter, target):
        return False
    (die,) = state.roll(1, f"shot line {shooter.uid}->{target.uid} (5+ stops it)")
    prevented = die >= STOP_ON
    state.log.emit("shot_line_test", shooter=shooter.uid, target=target.uid, prevented=prevented)
    return prevented
