"""Army rules that help friends around their carrier: Resistant to Magic by song or pennant
or near Radagast, the Herald's Will for the King of the Dead, Lindir's Wise Council,
Duinhir's archers, Young Thorin's "To Arms!"."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll, reroll_by_effect
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Phase, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.armies.good.near import carrier_within, named
from battlesim.engines.sbg.rules.equipment import STEALTH_RULES
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.heroic_actions import WILL_PAYERS
from battlesim.engines.sbg.rules.magic.resisting import RESISTANT_AURAS
from battlesim.engines.sbg.rules.sight import ALL_SEEING
from battlesim.engines.sbg.rules.will import FREE_WILL_TESTS

# --- Resistant to Magic near a carrier --------------------------------------------------------


def _resistant_near(rule: str, source: str, reach: float, keyword: str) -> None:
    """Friends with ``keyword`` within ``reach`` of a carrier of ``rule`` are Resistant to
    Magic (SR-RESMAGIC)."""

    def aura(state: BattleState, model: ModelState) -> bool:
        return keyword in model.triggers and carrier_within(state, model, reach, rule) is not None

    RESISTANT_AURAS.append(aura)
    REGISTRY.register(rule, kind=Kind.RULE, source=source)


_resistant_near(
    "song to elbereth",
    'BSData 49e7-9902-d102-db62: Rivendell models within 6" of Lindir',
    6.0,
    "rivendell",
)
_resistant_near(
    "pennant of the dead",
    'BSData 5d23-0cce-a98a-8180: Spirit models within 3" of a Pennant of the Dead',
    3.0,
    "spirit",
)
_resistant_near(
    "master of birds",
    'BSData 2dad-6abd-9f78-961f: Eagles within 12" of Radagast',
    12.0,
    "eagle",
)
# Master of Birds: "Radagast is always assumed to have Line of Sight to any point" (sight.py)
ALL_SEEING.add("master of birds")

# --- One with Nature (BSData ddf8-18ba-6f11-3ac1) ---------------------------------------------

ONE_WITH_NATURE = "one with nature"


@grant(May.CROSS_DIFFICULT_AS_OPEN, ONE_WITH_NATURE, source="BSData ddf8-18ba-6f11-3ac1")
def _one_with_nature(context: HookContext) -> bool:
    """On foot (Infantry), Radagast moves through difficult terrain without penalty ..."""
    return "cavalry" not in context.model.triggers


STEALTH_RULES.add(ONE_WITH_NATURE)  # ... and has Stalk Unseen (never mounted: stealth.py)


# --- The King's Counsel (BSData 57b8-2efe-afb5-c637) ------------------------------------------


def _kings_counsel(state: BattleState, hero: ModelState) -> ModelState | None:
    """The King of the Dead within 3" of a Herald of the Dead may spend one of the Herald's
    Will points to declare a Heroic Action instead of his own Might (READINGS: the Herald's
    Will first)."""
    if not named(hero, ("the king of the dead",)):
        return None
    for herald in state.living(hero.player):
        counsel = "the king's counsel" in herald.triggers and herald.will > 0
        if counsel and state.distance(herald, hero) <= 3.0:
            return herald
    return None


WILL_PAYERS.append(_kings_counsel)
REGISTRY.register("the king's counsel", kind=Kind.RULE, source="BSData 57b8-2efe-afb5-c637")


# --- Wise Council (BSData 0d57-2597-4bd7-3200) ------------------------------------------------


def _wise_council(state: BattleState, model: ModelState) -> bool:
    """Elrond may expend a single Will point each turn without reducing his store while
    Lindir is within 6" (READINGS: the free point needs a point to spend at all)."""
    if not named(model, ("elrond",)):
        return False
    return any(
        "wise council" in lindir.triggers and state.distance(lindir, model) <= 6.0
        for lindir in state.living(model.player)
    )


FREE_WILL_TESTS.append(_wise_council)
REGISTRY.register("wise council", kind=Kind.RULE, source="BSData 0d57-2597-4bd7-3200")


# --- Duinhir: Go for the Eyes!, Lord of the Blackroot Vale ------------------------------------


@reroll(Roll.TO_WOUND_SHOOTING, "go for the eyes!", source="BSData aec5-e799-8de4-4f90")
def _go_for_the_eyes(context: HookContext) -> Reroll:
    """Go for the Eyes!: Duinhir re-rolls failed To Wound rolls when shooting ..."""
    return Reroll.FAILED


@register(Hook.EXTRA_SHOT_WOUNDS, "go for the eyes!")
def _d3_wounds(context: HookContext) -> int:
    """... and his shots that wound a Monster cause D3 Wounds rather than 1."""
    target = context.other
    if target is None or "monster" not in target.triggers:
        return 0
    return context.state.roll(1, f"go for the eyes! {context.model.uid}", sides=3)[0] - 1


@reroll_by_effect(Roll.TO_HIT)
def _blackroot_archers(context: HookContext) -> Reroll:
    """Lord of the Blackroot Vale (BSData 0312-67ef-3b07-f67e): Blackroot Vale Archers within
    6" of Duinhir that did not move in the Move phase re-roll 1s To Hit."""
    model = context.model
    if model.moved or not named(model, ("blackroot vale archer",)):
        return Reroll.NONE
    near = carrier_within(context.state, model, 6.0, "lord of the blackroot vale")
    return Reroll.ONES if near is not None else Reroll.NONE


REGISTRY.register("lord of the blackroot vale", kind=Kind.RULE, source="BSData 0312-67ef-3b07-f67e")


# --- "To Arms!" (BSData f54d-d0bd-6af7-d50c) --------------------------------------------------

TO_ARMS = "to arm!"
_CALLED: Status[list[int]] = Status("to arms called", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class CallToArms(Decision[bool]):
    """Whether Young Thorin declares "To Arms!" (once a game) as he moves; the heuristic does
    when two or more friendly Erebor Dwarves within 3" of him are engaged."""

    model: ModelState

    def default(self, state: BattleState) -> bool:
        friends = [m for m in state.living(self.model.player) if _erebor_near(state, self.model, m)]
        return sum(1 for m in friends if state.engaged(m)) >= 2


def _erebor_near(state: BattleState, thorin: ModelState, model: ModelState) -> bool:
    return {"dwarf", "erebor"} <= model.triggers and state.distance(thorin, model) <= 3.0


@on(On.MOVE_ENDED, TO_ARMS, order=50, trigger=TO_ARMS)
def _to_arms(state: BattleState, happening: Happening) -> None:
    """Once per game, when moving Young Thorin, his player may declare "To Arms!" ..."""
    thorin = happening.model
    called = _CALLED.of(thorin)
    if called or state.phase is not Phase.MOVE or not ask(state, thorin, CallToArms(thorin)):
        return
    called.append(state.turn)
    state.log.emit("to_arms", model=thorin.uid, turn=state.turn)


@register(Hook.STRENGTH, "any")
def _armed(context: HookContext) -> int:
    """... in the following Fight phase, friendly Erebor Dwarves within 3" of him have +1
    Strength (READINGS: measured as they strike)."""
    state, model = context.state, context.model
    if state.phase is not Phase.FIGHT or not {"dwarf", "erebor"} <= model.triggers:
        return 0
    for thorin in state.living(model.player):
        if TO_ARMS in thorin.triggers and _CALLED.of(thorin) == [state.turn]:
            return 1 if _erebor_near(state, thorin, model) else 0
    return 0


REGISTRY.register(TO_ARMS, kind=Kind.RULE, source="BSData f54d-d0bd-6af7-d50c")
