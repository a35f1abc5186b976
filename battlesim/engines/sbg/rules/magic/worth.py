"""For players: what a power's outcome is worth, in the heuristic's units (a 100-point
Hero is 10, a 8-point warrior 0.8), and the chances of casting and resisting."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import BattleState, ModelState

WILL_POINT = 0.6  # the worth of a Will point kept for later casting, resisting and Courage
FIGHT_REACH = 7.0  # a Move and a control zone: how far a fight this turn may reach a model


def of(model: ModelState) -> float:
    """A model's worth: its points, or by kind when the data gives none."""
    points = model.profile.points or (60 if model.profile.is_hero else 8)
    return points / 10


def per_wound(model: ModelState) -> float:
    return of(model) / max(1, model.profile.wounds)


def best_die_chances(dice: int) -> dict[int, float]:
    """P(highest of ``dice`` D6 == k) for k in 1..6."""
    return {k: (k / 6) ** dice - ((k - 1) / 6) ** dice for k in range(1, 7)}


def resist_chance(best: int, dice: int) -> float:
    """The chance one of ``dice`` D6 reaches ``best`` (ties resist, MAGIC-RES-01)."""
    if dice <= 0:
        return 0.0
    return 1 - ((best - 1) / 6) ** dice


def success_chance(casting: int, dice: int, resist_dice: int) -> float:
    """The chance a power is cast and not resisted with ``resist_dice`` dice."""
    chances = best_die_chances(dice)
    return sum(p * (1 - resist_chance(k, resist_dice)) for k, p in chances.items() if k >= casting)


def fights_ahead(state: BattleState, model: ModelState) -> list[ModelState]:
    """The enemies ``model`` fights this turn or may fight: those in contact if it is
    Engaged; else, while it or they may still move, those within its Move and a charge's
    reach; none once everyone near has moved."""
    if state.engaged(model):
        return state.contacts(model)
    if model.done_moving and all(m.done_moving for m in state.enemies(model)):
        return []
    reach = model.profile.move + FIGHT_REACH
    return [m for m in state.enemies(model) if state.distance(model, m) <= reach]
