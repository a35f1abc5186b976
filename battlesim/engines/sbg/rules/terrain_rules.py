"""Special rules of movement over terrain (checklist part 2 §9.3): woods, rocks and any
difficult ground crossed as open ground, and bonuses or re-rolls on Leap, Jump and Climb
tests. Each is a registered unit of the rule API named after its SR id and seed line.

The Move phase asks ``open_features`` for the model it moves (core/table.py
``moving_through``); the crossing tests ask the hooks and re-rolls (rules/crossing.py).
"""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.permissions import May, grant, permitted
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import ANY_FEATURE, ROCKY, WATER, WOODS

WOODLAND = "woodland creature"
LIGHT_FOOTED = "light-footed"
# Rules that make a Woodland Creature's mount one too (army rules add theirs: Fleetfoot)
MOUNT_TOO: set[str] = {LIGHT_FOOTED}


@grant(May.CROSS_WOODS_AS_OPEN, WOODLAND, source="SR-WOODLAND (002:L2755)")
def _woodland_creature(context: HookContext) -> bool:
    """SR-WOODLAND (002:L2755): Infantry moves through woods as open ground (tests to cross
    obstacles and the trunks stay); SR-LIGHTFOOT (002:L2847): a Light-footed rider makes its
    mount a Woodland Creature too."""
    model = context.model
    return model.mount is None or bool(model.triggers & MOUNT_TOO)


REGISTRY.register(LIGHT_FOOTED, kind=Kind.RULE, source="SR-LIGHTFOOT (002:L2847)")


@grant(May.CROSS_ROCKS_AS_OPEN, "mountain dweller", source="SR-MOUNTAIN (002:L2833)")
def _mountain_ground(context: HookContext) -> bool:
    """SR-MOUNTAIN (002:L2833): rocky difficult terrain costs no extra Move."""
    return True


@reroll(Roll.CROSSING, "mountain dweller", source="SR-MOUNTAIN (002:L2833)")
def _mountain_tests(context: HookContext) -> Reroll:
    """SR-MOUNTAIN (002:L2833): may re-roll Jump, Leap and Climb tests."""
    return Reroll.FAILED


@grant(May.CROSS_DIFFICULT_AS_OPEN, "spider climb", source="SR-SPIDERCLIMB (002:L2837)")
def _spider_climb(context: HookContext) -> bool:
    """SR-SPIDERCLIMB (002:L2837): full speed through difficult terrain. Climbing any
    surface is not played yet (its climbs still test)."""
    return True


@register(Hook.CROSSING_TEST, "cave dweller")
def _cave_dweller(context: HookContext) -> int:
    """SR-CAVE (002:L2737): +1 to Jump, Leap and Climb tests (no darkness penalty exists
    in the rules played, checklist AMBIGUOUS note)."""
    return 1


REGISTRY.register("cave dweller", kind=Kind.RULE, source="SR-CAVE (002:L2737)")


@reroll(Roll.CROSSING, "expert rider", source="SR-EXPRIDER (002:L2731-2733)")
def _expert_rider_leap(context: HookContext) -> Reroll:
    """SR-EXPRIDER (002:L2731): while mounted, may re-roll Leap (Franchissement) tests."""
    return Reroll.FAILED if context.model.mount is not None else Reroll.NONE


@reroll(Roll.THROWN_RIDER, "expert rider", source="SR-EXPRIDER (002:L2731-2733)")
def _expert_rider_thrown(context: HookContext) -> Reroll:
    """SR-EXPRIDER (002:L2731): may re-roll the Thrown Rider test (a 1 is re-rolled:
    data.ASSUMPTIONS "optional-rerolls")."""
    return Reroll.ONES


FLY = "fly"
FLYING_MOVE = 12  # SR-FLY-02 (002:L2893): a flyer moves 12"


@grant(May.FLY, FLY, source="SR-FLY-01..04 (002:L2891-2897)")
def _fly(context: HookContext) -> bool:
    """SR-FLY-01, SR-FLY-04 (002:L2891, L2897): it flies over models, terrain and control
    zones, landing on open ground (not in a wood). It always flies (its 12" is never less
    than its Move); landing on top of terrain over models beneath it (SR-FLY-05) is
    rules/perch.py."""
    return True


@override(Stat.MOVE, FLY, source="SR-FLY-02 (002:L2893)")
def _flying_move(context: HookContext, move: int) -> int | None:
    """SR-FLY-02 (002:L2893): a flyer moves 12"; the war drum and Heroic March add to it."""
    return FLYING_MOVE


@grant(May.CROSS_DIFFICULT_AS_OPEN, FLY, source="SR-FLY-01 (002:L2891)")
def _over_terrain(context: HookContext) -> bool:
    return True


@grant(May.CHARGE_UNSEEN, "see the unseen", source="SR-SEEUNSEEN (002:L2885-2887)")
@grant(May.SEE_STEALTHY, "see the unseen", source="SR-SEEUNSEEN (002:L2885-2887)")
def _see_the_unseen(context: HookContext) -> bool:
    """SR-SEEUNSEEN (002:L2885-2887): charges without line of sight; targets Stealth models
    without penalty."""
    return True


def flies(state: BattleState, model: ModelState) -> bool:
    return FLY in model.triggers and permitted(May.FLY, HookContext(state, model))


def in_woods(state: BattleState, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies in a wood (SR-FLY-01: no landing there)."""
    table = state.table
    return table is not None and any(WOODS in p.features for p in table.terrain_at(point))


def open_features(state: BattleState, model: ModelState) -> frozenset[str]:
    """The terrain features the model crosses as open ground."""
    context = HookContext(state, model)
    found: set[str] = set()
    if permitted(May.CROSS_WOODS_AS_OPEN, context):
        found.add(WOODS)
    if permitted(May.CROSS_ROCKS_AS_OPEN, context):
        found.add(ROCKY)
    if permitted(May.CROSS_WATER_AS_OPEN, context):
        found.add(WATER)
    if permitted(May.CROSS_DIFFICULT_AS_OPEN, context):
        found.add(ANY_FEATURE)
    return frozenset(found)


_BOWS = frozenset({"bow", "longbow", "elf bow", "orc bow", "short bow", "crossbow"})


@register(Hook.DEFENCE, "expert rider")
def _expert_rider_shield(context: HookContext) -> int:
    """SR-EXPRIDER (002:L2733): a mounted Expert Rider keeps a bought shield's +1 Defence
    though it also carries a bow (ARM-SH-02 denies it otherwise); lost on foot."""
    model = context.model
    gear = model.profile.gear
    bought_shield = "shield" in model.profile.options
    heavy = any(name.startswith("two-handed") for name in gear) or "pike" in gear
    return 1 if model.mount is not None and bought_shield and gear & _BOWS and not heavy else 0
