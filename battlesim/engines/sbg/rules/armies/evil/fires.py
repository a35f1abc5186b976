"""Fires from the BattleScribe rule text: Rowan Thistlewood's Burn it Down! (BSData
edd4-10db-4ec6-936a) sets a building or a wood alight; Bill the Troll's Campfire (BSData
7413-3b20-a2b0-45da) is placed before the first turn; Bert's Roast 'em Slowly (BSData
8bdb-7ad2-e2e7-94e5) puts a foe of his fight in contact with a fire within 6" and Sets it
Ablaze (SR-ABLAZE, rules/ablaze.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.paths import Point, circle_base, point_distance, terrain_fits
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
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
from battlesim.engines.sbg.core.table import WOODS, TerrainPiece
from battlesim.engines.sbg.rules import might
from battlesim.engines.sbg.rules.ablaze import set_ablaze
from battlesim.engines.sbg.rules.armies.good.near import named
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.magic.resisting import RESISTANT_AURAS
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    register_bpa,
    taken_out,
    wound_chance,
)

# Terrain set on fire (piece names) and Campfires (centres), for the rest of the battle.
_BURNING: Status[list[str]] = Status("fires: burning terrain", list, Lasting.BATTLE)
_CAMPFIRES: Status[list[Point]] = Status("fires: campfires", list, Lasting.BATTLE)
CAMPFIRE_RADIUS = 1.0  # READINGS: the Campfire is a 2" round marker that blocks nothing
_BUILDING_WORDS = ("house", "building", "hut", "barn", "cottage", "hovel", "inn", "mill", "smithy")
_SLACK = 0.01


def burning_pieces(state: BattleState) -> list[TerrainPiece]:
    names = _BURNING.peek(state) or []
    table = state.table
    return [p for p in table.pieces if p.name in names] if table is not None and names else []


def _touching(state: BattleState, point: Point, radius: float, reach: float) -> list[TerrainPiece]:
    table = state.table
    return [] if table is None else table.touching(point, circle_base(radius), reach)


def near_fire(state: BattleState, model: ModelState, reach: float) -> bool:
    """Within ``reach`` of a Campfire or of a piece of terrain on fire."""
    for centre in _CAMPFIRES.peek(state) or []:
        if point_distance(model.position, centre) - model.radius - CAMPFIRE_RADIUS <= reach:
            return True
    burning = {p.name for p in burning_pieces(state)}
    return bool(burning) and any(
        p.name in burning for p in _touching(state, model.position, model.radius, reach)
    )


# --- Burn it Down! (Rowan Thistlewood, BSData edd4-10db-4ec6-936a) ------------------------
# Once per game, his move ended within 1" of a single building or wood and not Engaged: a
# D6 (Might may raise it), 3+ sets it on fire; every model in it or touching it at the end
# of each Move phase rolls a D6, on 4+ it is Set Ablaze.
BURN_IT_DOWN = "burn it down!"
_BURN_SOURCE = "BSData edd4-10db-4ec6-936a (Burn it Down!, Rowan Thistlewood)"
_BURN_NEED, _CATCH_NEED = 3, 4
_BURN_USED: Status[list[str]] = Status("burn it down: used", list, Lasting.BATTLE)


def flammable(piece: TerrainPiece) -> bool:
    """A piece of woodland, or a building (READINGS: read from the words of its name)."""
    name = piece.name.lower()
    return WOODS in piece.features or any(word in name for word in _BUILDING_WORDS)


def _standing_in(state: BattleState, piece: TerrainPiece) -> list[ModelState]:
    """The living models in the piece or touching it."""
    return [
        m
        for m in state.living()
        if any(p.name == piece.name for p in _touching(state, m.position, m.radius, 0.05))
    ]


@dataclass(frozen=True, slots=True)
class SetAlight(Decision[str | None]):
    """Which piece Rowan tries to burn (None: none). Heuristic: the piece with the most
    enemy models in it or touching it, if they outnumber his friends there."""

    rowan: ModelState
    pieces: tuple[TerrainPiece, ...]

    def default(self, state: BattleState) -> str | None:
        def worth(piece: TerrainPiece) -> int:
            inside = _standing_in(state, piece)
            return sum(1 if m.player != self.rowan.player else -1 for m in inside)

        best = max(self.pieces, key=lambda p: (worth(p), p.name))
        return best.name if worth(best) > 0 else None


@on(On.MOVE_ENDED, BURN_IT_DOWN, order=70, trigger=BURN_IT_DOWN)
def _burn_it_down(state: BattleState, happening: Happening) -> None:
    rowan = happening.model
    if not rowan.alive or state.engaged(rowan) or _BURN_USED.peek(rowan):
        return
    burning = {p.name for p in burning_pieces(state)}
    pieces = tuple(
        p
        for p in _touching(state, rowan.position, rowan.radius, 1.0)
        if flammable(p) and p.name not in burning
    )
    if not pieces:
        return
    chosen = ask(state, rowan, SetAlight(rowan, pieces))
    piece = next((p for p in pieces if p.name == chosen), None)
    if piece is None:
        return
    _BURN_USED.of(rowan).append(piece.name)
    (die,) = state.roll(1, f"{BURN_IT_DOWN} {rowan.uid} -> {piece.name}")
    score = might.boost(state, rowan, might.MightRoll.RULE, die, _BURN_NEED)
    lit = score >= _BURN_NEED
    state.log.emit("army_rule", model=rowan.uid, rule=BURN_IT_DOWN, piece=piece.name, lit=lit)
    if lit:
        _BURNING.of(state).append(piece.name)


@every(Tick.PHASE_END, "fires: burning terrain", order=70)
def _flames_spread(state: BattleState) -> None:
    if state.phase is not Phase.MOVE:
        return
    for piece in burning_pieces(state):
        for model in _standing_in(state, piece):
            (die,) = state.roll(1, f"fire of {piece.name} -> {model.uid}")
            if die >= _CATCH_NEED and model.alive:
                set_ablaze(state, None, model, f"{piece.name} on fire")


REGISTRY.register(BURN_IT_DOWN, kind=Kind.RULE, source=_BURN_SOURCE)

# --- The Campfire (Bill the Troll's option, BSData 7413-3b20-a2b0-45da) -------------------
# After deployment, before the first turn: placed anywhere outside the opponent's deployment
# area; Bill, Tom and Bert within 6" of it have Resistant to Magic and +1 Courage.
CAMPFIRE = "campfire"
_CAMPFIRE_SOURCE = "BSData 7413-3b20-a2b0-45da (Campfire, Bill the Troll's option)"
_TROLLS = ("bill the troll", "tom the troll", "bert the troll")
_WARMTH = 6.0


@dataclass(frozen=True, slots=True)
class PlaceCampfire(Decision[Point]):
    """Where the Campfire goes. Heuristic: among the living Trolls' (Bill, Tom, Bert)
    positions, the point of the middle of them, moved off any base and out of the enemy's
    deployment area if it must be."""

    bearer: ModelState

    def default(self, state: BattleState) -> Point:
        trolls = [m for m in state.living(self.bearer.player) if named(m, _TROLLS)] or [self.bearer]
        x = sum(m.x for m in trolls) / len(trolls)
        y = sum(m.y for m in trolls) / len(trolls)
        spots = [(x, y), *_ring((x, y), 3.0, 12), *_ring((x, y), 6.0, 12)]
        good = [p for p in spots if campfire_allowed(state, self.bearer.player, p)]
        return good[0] if good else (x, y)


def _ring(centre: Point, gap: float, count: int) -> list[Point]:
    steps = [2 * math.pi * k / count for k in range(count)]
    return [(centre[0] + gap * math.cos(a), centre[1] + gap * math.sin(a)) for a in steps]


def campfire_allowed(state: BattleState, player: int, point: Point) -> bool:
    """On the table, off blocking terrain and any base, outside the enemy's deployment."""
    if not terrain_fits(state.table, point, CAMPFIRE_RADIUS, state.width, state.depth):
        return False
    zones = state.table.zones if state.table is not None else ()
    if any(z.player != player and z.contains(point) for z in zones):
        return False
    return all(
        point_distance(point, m.position) >= m.radius + CAMPFIRE_RADIUS for m in state.living()
    )


@every(Tick.TURN_START, CAMPFIRE, order=6)
def _place_campfire(state: BattleState) -> None:
    if state.turn != 1 or _CAMPFIRES.peek(state):
        return
    for bearer in [m for m in state.living() if CAMPFIRE in m.triggers]:
        point = ask(state, bearer, PlaceCampfire(bearer))
        if not campfire_allowed(state, bearer.player, point):
            state.log.emit("refused", model=bearer.uid, reason="campfire: no room there")
            continue
        _CAMPFIRES.of(state).append(point)
        state.log.emit("campfire", model=bearer.uid, at=[round(point[0], 3), round(point[1], 3)])
        return  # one Campfire per army (its option is taken once)


def warmed(state: BattleState, model: ModelState) -> bool:
    """Bill, Tom or Bert within 6" of a Campfire of their own army's Trolls."""
    if not _CAMPFIRES.peek(state) or not named(model, _TROLLS):  # cheapest test first
        return False
    return any(
        point_distance(model.position, c) - model.radius - CAMPFIRE_RADIUS <= _WARMTH
        for c in _CAMPFIRES.of(state)
    )


@register(Hook.COURAGE, "any")
def _campfire_courage(context: HookContext) -> int:
    return 1 if warmed(context.state, context.model) else 0


RESISTANT_AURAS.append(warmed)
REGISTRY.register(CAMPFIRE, kind=Kind.WARGEAR, source=_CAMPFIRE_SOURCE)

# --- Roast 'em Slowly (Bert, BSData 8bdb-7ad2-e2e7-94e5) ----------------------------------
# Instead of Strikes, within 6" of a fire: one enemy of the fight is placed in base contact
# with the fire and immediately Set Ablaze.
ROAST = "roast 'em slowly"
_ROAST_REACH = 6.0


def _roast_targets(fight: BpaFight) -> list[ModelState | None]:
    if not near_fire(fight.state, fight.monster, _ROAST_REACH):
        return []
    return list(fight.living_losers())


def _fire_spot(state: BattleState, model: ModelState) -> Point | None:
    """A free spot touching the nearest Campfire or burning piece (None: no room)."""
    spots: list[Point] = []
    for centre in _CAMPFIRES.peek(state) or []:
        spots += _ring(centre, CAMPFIRE_RADIUS + model.radius + _SLACK, 24)
    for piece in burning_pieces(state):
        spots += [p for p in _toward(model, piece) if _touches(state, p, model, piece)]
    free = [p for p in spots if _free_for(state, model, p)]
    return min(free, key=lambda p: point_distance(p, model.position), default=None)


def _toward(model: ModelState, piece: TerrainPiece) -> list[Point]:
    """Points on the straight line from the model to the piece's first corner, 0.25" apart."""
    tx, ty = piece.points[0]
    length = point_distance(model.position, (tx, ty))
    steps = max(1, int(length / 0.25))
    return [
        (model.x + (tx - model.x) * k / steps, model.y + (ty - model.y) * k / steps)
        for k in range(steps + 1)
    ]


def _touches(state: BattleState, point: Point, model: ModelState, piece: TerrainPiece) -> bool:
    return any(p.name == piece.name for p in _touching(state, point, model.radius, 0.05))


def _free_for(state: BattleState, model: ModelState, point: Point) -> bool:
    if not terrain_fits(state.table, point, model.radius, state.width, state.depth):
        return False
    return all(
        point_distance(point, m.position) >= m.radius + model.radius - _SLACK
        for m in state.living()
        if m is not model
    )


def _roast(fight: BpaFight, victim: ModelState | None) -> None:
    assert victim is not None
    state = fight.state
    spot = _fire_spot(state, victim)
    if spot is not None:  # READINGS: no room by the fire: it burns where it stands
        state.move_to(victim, spot, ROAST)
    state.log.emit("army_rule", model=fight.monster.uid, rule=ROAST, target=victim.uid)
    set_ablaze(state, fight.monster, victim, f"{ROAST} by {fight.monster.uid}")


def _roast_harm(
    state: BattleState, bert: ModelState, _l: Sequence[ModelState], victim: ModelState | None
) -> float:
    """The Strength 9 hit of being Set Ablaze, then a Strength 5 hit an End phase later."""
    if victim is None:
        return 0.0
    return taken_out(victim, wound_chance(9, victim.defence) + wound_chance(5, victim.defence))


register_bpa(BrutalPowerAttack(ROAST, _roast_targets, _roast, unique=True, harm=_roast_harm))
