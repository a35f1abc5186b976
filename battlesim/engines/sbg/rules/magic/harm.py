"""What powers do to models: hits, lost Wounds, knocks to the ground and pushes.

A power's hit is no shot (no To Hit roll, no In The Way, MAGIC-P-BLACKDART): it rolls To
Wound with the power's Strength against the target's Defence, the caster able to spend Might
on it (HERO-MIGHT-06). Against a Cavalry model the powers that name the choice hit the
rider or the mount as the caster chose before rolling (MAGIC-TGT-03): the mount's side is
parts.py; the others hit the rider.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from battlesim.engines.sbg.core.mounts import MountState
from battlesim.engines.sbg.core.paths import circle_base
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.cavalry import knockdown_immune, knocked_down
from battlesim.engines.sbg.rules.combat import roll_to_wound, wound_need
from battlesim.engines.sbg.rules.footing import keeps_footing
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.terrain_rules import in_woods


def defence(state: BattleState, model: ModelState) -> int:
    return characteristics.defence_value(state, model)


def hit(
    state: BattleState,
    caster: ModelState | None,
    target: ModelState,
    strength: int,
    source: str,
    wounds: int = 1,
) -> bool:
    """One hit of ``strength``; ``wounds`` Wounds if it wounds (channelled Black Dart: D3).
    ``caster`` None: a hit the caster may not boost (collisions, BLAST-b)."""
    if not target.alive:
        return False
    armour = defence(state, target)
    purpose = f"to wound {source} -> {target.uid} (S{strength} D{armour})"
    if roll_to_wound(state, strength, armour, 0, purpose, roller=caster, target=target):
        state.wound(target, source, count=wounds)
        return True
    return False


def wound_chance(state: BattleState, strength: int, target: ModelState) -> float:
    """For players: the chance one hit of ``strength`` wounds ``target``."""
    need = wound_need(strength, defence(state, target))
    if need is None:
        return 0.0
    chance = (7 - need.first) / 6
    return chance * ((7 - need.second) / 6 if need.second else 1.0)


def lose_wounds(state: BattleState, target: ModelState, count: int, source: str) -> None:
    """Loses Wounds "as if wounded in combat": Fate may be spent (HERO-FATE)."""
    if target.alive and count > 0:
        state.wound(target, source, count=count)


def knock_prone(state: BattleState, model: ModelState, source: str) -> None:
    """Knocked Prone; a Cavalry model is Knocked Flying (its rider thrown, CAV-LOOSE-03);
    War Beasts are never knocked down by a power (WB-MAG-03)."""
    if not model.alive or model.prone or "war beast" in model.triggers:
        return
    if model.mount is not None:
        knocked_down(state, model, source)
        return
    if keeps_footing(state, model, source):
        return
    model.prone = True
    state.log.emit("knocked_down", model=model.uid, cause=source)


def may_knock(state: BattleState, model: ModelState) -> bool:
    return "war beast" not in model.triggers and not knockdown_immune(state, model)


def regain(model: ModelState | MountState, pool: str, count: int, start: int) -> int:
    """Regain up to ``count`` points of ``pool`` ("wounds", "fate"...), never above ``start``;
    returns the points regained."""
    now = getattr(model, pool)
    gained = max(0, min(count, start - now))
    setattr(model, pool, now + gained)
    return gained


def halved_loss(value: int) -> int:
    """The modifier that halves ``value`` rounding up (MAGIC-P-TRANSFIX channelled, L245)."""
    return math.ceil(value / 2) - value


# Army rules by which a power's push does not move a model (the Royal Palanquin)
UNPUSHED: list[Callable[[ModelState], bool]] = []


def push_away(
    state: BattleState,
    model: ModelState,
    origin: ModelState,
    inches: float,
    reason: str,
    flying: bool = False,
    short: float = 0.0,
) -> ModelState | None:
    """Move ``model`` up to ``inches`` straight away from ``origin``, stopping short of the
    first model in the way and at the table edge; returns the model it stopped against.
    Terrain is checked only with ``short`` (data.ASSUMPTIONS "power pushes"). ``flying``
    (SR-FLY-03): it flies over models and lands on the farthest clear spot short of a wood.
    ``short``: it stops that far from the model or the blocking terrain (a barrier, a
    house, rocks) it would contact (MAGIC-P-CALLWINDS, 002:L2391: 1"). A model an army rule
    keeps in place (``UNPUSHED``: the Royal Palanquin) is not moved."""
    if any(rule(model) for rule in UNPUSHED):
        return None
    dx, dy = model.x - origin.x, model.y - origin.y
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    step, moved, blocker, ahead = 0.1, 0.0, None, 0.0
    others = [m for m in state.living() if m is not model and riding(m) is None]
    walls = state.table if short > 0 else None
    walled = False
    while ahead + step <= inches + 1e-9:
        ahead += step
        nx, ny = model.x + ux * ahead, model.y + uy * ahead
        if not (model.radius <= nx <= state.width - model.radius):
            break
        if not (model.radius <= ny <= state.depth - model.radius):
            break
        hit_by = next(
            (o for o in others if math.hypot(nx - o.x, ny - o.y) < model.radius + o.radius),
            None,
        )
        if flying:
            if hit_by is None and not in_woods(state, (nx, ny)):
                moved = ahead  # SR-FLY-01: it may land here
            continue
        if hit_by is not None:
            blocker = hit_by
            break
        if walls is not None and walls.is_impassable((nx, ny), circle_base(model.radius)):
            walled = True
            break
        moved = ahead
    if blocker is not None and short > 0:
        moved = max(0.0, _contact_at(model, blocker, (ux, uy)) - short)
    elif walled:
        moved = max(0.0, moved - short)  # within a step (0.1") of the 1"
    if moved > 0:
        end = (model.x + ux * moved, model.y + uy * moved)
        state.move_to(model, end, reason)
    return blocker


def _contact_at(model: ModelState, other: ModelState, way: tuple[float, float]) -> float:
    """How far ``model`` goes along the unit vector ``way`` before its base touches
    ``other``'s (the nearer root of |p + t.way - o| = r1 + r2; ``way`` leads into it)."""
    dx, dy = other.x - model.x, other.y - model.y
    ahead = dx * way[0] + dy * way[1]
    reach = model.radius + other.radius
    square = ahead * ahead - (dx * dx + dy * dy - reach * reach)
    return ahead - math.sqrt(max(0.0, square))
