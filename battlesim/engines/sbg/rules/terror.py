"""Terror (MOVE-CHG-14, 002:L1208, L1218-1222; special rule XREF L2871-2873).

A model that wants to charge an enemy causing Terror must first pass a Courage test; if it
fails it cannot charge and cannot move for the rest of the turn. A pass counts for the rest
of the turn against every Terror model (COUR-TEST-03, 002:L1214). *Terreur (Orque)* and the
like frighten only models with that keyword (SR-TERROR, 002:L2873).
"""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.actions import Charge, IllegalActionError
from battlesim.engines.sbg.core.data import COURAGE_PASS
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.courage import courage_test, courage_value
from battlesim.engines.sbg.rules.movement import check_action

TERROR = "terror"
CAUSES_TERROR = "causes terror"  # an effect's mark (value 1: chargers test on 3D6 less one)
STALL_COST = 0.05  # for players: the worth of the move a failed test loses


def dares(state: BattleState, model: ModelState, action: Charge) -> bool:
    """Whether ``model`` may go on with ``action``: True unless it charges a Terror model and
    fails its Courage test (then it holds for the rest of the turn). An illegal charge is
    left for the Move phase to refuse, without a test."""

    target = state.models.get(action.target)
    if target is None or not frightens(target, model, state):
        return True
    try:
        check_action(state, model, action)
    except IllegalActionError:
        return True
    return _dares_test(state, model, target)


def passes(state: BattleState, model: ModelState, target: ModelState) -> bool:
    """MOVE-CHG-14 for a charge the rules allow: the Courage test to charge ``target`` if it
    frightens ``model`` (a pass this turn stands: COUR-TEST-03)."""
    return not frightens(target, model, state) or _dares_test(state, model, target)


def _dares_test(state: BattleState, model: ModelState, target: ModelState) -> bool:
    """The Courage test to charge a Terror model (or the turn's pass already made)."""
    if TERROR in model.courage_passed:
        state.log.emit("courage", model=model.uid, reason=TERROR, passed=True, auto="passed")
        return True
    aura = effects.marked(state, target, CAUSES_TERROR)
    if courage_test(state, model, TERROR, drop_highest=aura is not None and aura.value > 0):
        model.courage_passed.add(TERROR)
        return True
    return False


# Wargear by which its bearer causes Terror in some kinds only (Orcrist: Goblins, Orcs and
# Uruk-hai; wargear_rules.py): (item, keywords it frightens)
AIMED: list[tuple[str, frozenset[str]]] = []


def frightens(enemy: ModelState, model: ModelState, state: BattleState | None = None) -> bool:
    """SR-TERROR (002:L2873): Terror frightens every model; *Terreur (Orque)* only Orcs;
    a power may make a model cause Terror (MAGIC-P-TERRAURA, MAGIC-P-DISMAY)."""
    if state is not None and effects.marked(state, enemy, CAUSES_TERROR) is not None:
        return True
    if any(item in enemy.triggers and kinds & model.profile.keywords for item, kinds in AIMED):
        return True
    if TERROR not in enemy.triggers:
        return False
    aimed = [_aimed_at(rule) for rule in enemy.profile.rules]
    kinds = {kind for kind in aimed if kind is not None}
    plain = any(rule.strip().lower() == TERROR for rule in enemy.profile.rules)
    return plain or not kinds or bool(kinds & model.profile.keywords)


def _aimed_at(rule: str) -> str | None:
    """The keyword in "Terror (Orc)" (lower case); None for any other rule or plain Terror."""
    name, _, rest = rule.lower().partition(" (")
    if name.strip() not in (TERROR, "terreur") or not rest.endswith(")"):
        return None
    kind = rest[:-1].strip()
    return None if kind in ("passive", "passif") else kind


def pass_chance(state: BattleState, model: ModelState) -> float:
    """Probability of passing a Courage test: 2D6 + Courage >= 10 (COUR-TEST-01)."""
    need = COURAGE_PASS - courage_value(state, model)
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need) / 36


def expected_charge(
    state: BattleState, model: ModelState, enemy: ModelState, value: float
) -> float:
    """For players: a charge's worth if the enemy causes Terror and no test is passed yet:
    it happens only if the test passes; a failure loses the move (MOVE-CHG-14)."""
    if not frightens(enemy, model, state) or TERROR in model.courage_passed:
        return value
    if "fearless" in model.triggers:
        return value
    chance = pass_chance(state, model)
    return chance * value - (1 - chance) * STALL_COST
