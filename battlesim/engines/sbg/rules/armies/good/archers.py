"""Army rules of bowmen: Rapid Fire (a great bow's chain of shots), Deadeye, Lethal Aim,
"Archers, This Way!" and Mablung's Birdcalls."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.arms import MissileKind
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll_by_effect
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules.armies.good.near import named
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.might import FREE_MIGHT_ROLLS, MightRoll
from battlesim.engines.sbg.rules.shooting import FOLLOW_UPS, SURE_WOUND_ON_SIX, is_legal_target

# --- Rapid Fire (BSData 1c6b-6633-1c99-37bc) --------------------------------------------------

RAPID_FIRE = "rapid fire"
_MOST_SHOTS = 3  # "to a maximum of three shots in total"
_NEXT_REACH = 3.0  # "a target within 3" of it"


@dataclass(frozen=True, slots=True)
class ChooseRapidFireTarget(Decision["ModelId | None"]):
    """Rapid Fire: the next target within 3" of the one just hit (it may be the same), or
    None to stop. The heuristic shoots the same target while it lives, else the nearest."""

    model: ModelState
    hit: ModelState
    targets: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        if self.hit in self.targets:
            return self.hit.uid
        return min(self.targets, key=lambda m: (state.distance(self.hit, m), m.uid)).uid


def _rapid_fire(
    state: BattleState, shooter: ModelState, hit: ModelState, shots: int
) -> ModelState | None:
    """A model with Rapid Fire that hits with its great bow may shoot again at a target
    within 3" of the one hit, up to three shots in total (the Avenger Bolt Thrower's text of
    the same name, 587f-bed7-9efd-eafb, belongs to a siege engine)."""
    missile = shooter.missile
    if RAPID_FIRE not in shooter.triggers or missile is None or missile.name != "great bow":
        return None
    if shots >= _MOST_SHOTS:
        return None
    near = tuple(
        m
        for m in state.enemies(shooter)
        if m.alive
        and (m is hit or state.distance(m, hit) <= _NEXT_REACH)
        and is_legal_target(state, shooter, m)
    )
    if not near:
        return None
    choice = ask(state, shooter, ChooseRapidFireTarget(shooter, hit, near))
    return next((m for m in near if m.uid == choice), None)


FOLLOW_UPS.append(_rapid_fire)
REGISTRY.register(
    RAPID_FIRE, kind=Kind.RULE, source="BSData 1c6b-6633-1c99-37bc (great bow; READINGS)"
)


# --- Deadeye (BSData f284-c076-6eb6-7624), Lethal Aim (BSData 8f6b-5307-7c2b-5a69) --------------

# Deadeye: "If Ori scores a 6 when rolling To Hit, do not take any In The Way tests, and do
# not roll To Wound. His target automatically suffers a single Wound" (shooting.py).
SURE_WOUND_ON_SIX.add("deadeye")
REGISTRY.register("deadeye", kind=Kind.RULE, source="BSData f284-c076-6eb6-7624")

# Lethal Aim: each turn one Might point, free even from an empty store, on a To Hit or In The
# Way roll, or a To Wound roll in the Shoot phase (might.FREE_MIGHT_ROLLS, the Mighty Hero's
# free point). Narzug's rule of the same name (9525-b014-3b51-d3cb) has the same text and the
# same test (rules/armies/evil/hunters.py).
_AIMED = frozenset({MightRoll.TO_HIT, MightRoll.IN_THE_WAY})


def _lethal_aim(state: BattleState, roll: MightRoll | None) -> bool:
    return roll in _AIMED or (roll is MightRoll.TO_WOUND and state.phase is Phase.SHOOT)


FREE_MIGHT_ROLLS.setdefault("lethal aim", _lethal_aim)
REGISTRY.register(
    "lethal aim", kind=Kind.RULE, source="BSData 8f6b-5307-7c2b-5a69, 9525-b014-3b51-d3cb"
)


# --- "Archers, This Way!" (BSData fe71-0dc2-5ac4-0466) ---------------------------------------

ARCHERS = "archers, this way!"


def _bowman(model: ModelState) -> bool:
    return model.missile is not None and model.missile.kind is MissileKind.BOW


@reroll_by_effect(Roll.TO_HIT)
def _archers_this_way(context: HookContext) -> Reroll:
    """Percy, and Lake-town Militia within 6" of Percy, re-roll 1s To Hit when shooting
    with a bow."""
    model, state = context.model, context.state
    if not _bowman(model):
        return Reroll.NONE
    if ARCHERS in model.triggers:
        return Reroll.ONES
    if not named(model, ("lake-town militia",)):
        return Reroll.NONE
    percys = (m for m in state.living(model.player) if ARCHERS in m.triggers)
    return Reroll.ONES if any(state.distance(p, model) <= 6.0 for p in percys) else Reroll.NONE


REGISTRY.register(ARCHERS, kind=Kind.RULE, source="BSData fe71-0dc2-5ac4-0466")


# --- Birdcalls (BSData 5849-b676-34f8-3bf9) --------------------------------------------------

BIRDCALLS = "birdcalls"
_RANGERS = ("ranger of gondor", "rangers of gondor", "faramir", "madril", "damrod", "anborn")


def _ranger_near_mablung(state: BattleState, model: ModelState) -> bool:
    """Mablung himself, or a Ranger of Gondor (Faramir, Madril, Damrod and Anborn too)
    within 6" of a friendly model with Birdcalls."""
    if BIRDCALLS in model.triggers:
        return True
    if not named(model, _RANGERS):
        return False
    callers = (m for m in state.living(model.player) if BIRDCALLS in m.triggers)
    return any(state.distance(m, model) <= 6.0 for m in callers)


@grant_by_effect(May.BE_STEALTHY)
def _birdcalls_stealth(context: HookContext) -> bool | None:
    """They gain the Stalk Unseen special rule (the text of Stealth, SR-STEALTH) ..."""
    return True if _ranger_near_mablung(context.state, context.model) else None


@grant_by_effect(May.SEE_STEALTHY)
def _birdcalls_sight(context: HookContext) -> bool | None:
    """... and the enemies they shoot at do not benefit from Stalk Unseen for that shot
    (READINGS: only the Stalk Unseen rule, not an Elven cloak or Stealth; in the Shoot
    phase)."""
    target, state = context.other, context.state
    if target is None or state.phase is not Phase.SHOOT or "stalk unseen" not in target.triggers:
        return None
    if target.triggers & {"elven cloak", "stealth"}:
        return None
    return True if _ranger_near_mablung(state, context.model) else None


REGISTRY.register(BIRDCALLS, kind=Kind.RULE, source="BSData 5849-b676-34f8-3bf9")
