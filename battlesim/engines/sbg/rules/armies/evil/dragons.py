"""Smaug's rules (the Desolator of the North), from the BattleScribe rule text; his Breathe
Fire is the game system's rule for every Dragon (rules/monsters/breath.py)."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.core.state import BattleState, Happening, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.cavalry import CHARGE_KNOCKS_DOWN
from battlesim.engines.sbg.rules.monsters.barge import BARGE_HITS
from battlesim.engines.sbg.rules.will import free_will_rule

DESOLATOR = "desolator of the north"
DESOLATOR_SOURCE = "BSData Desolator of the North (Smaug)"

# Desolator of the North: one Will point each turn without depleting his store, and he
# re-rolls To Wound rolls of 1 when striking Dwarf models.
free_will_rule(DESOLATOR)


@reroll(Roll.TO_WOUND_IN_COMBAT, DESOLATOR, source=DESOLATOR_SOURCE)
def _desolator(context: HookContext) -> Reroll:
    other = context.other
    return Reroll.ONES if other is not None and "dwarf" in other.profile.keywords else Reroll.NONE


# Unstoppable Momentum: having charged and won the fight, Smaug knocks all his opponents to
# the ground whatever their size (not a War Mûmak, a chariot or whatever can never be knocked
# Prone: cavalry.knock_to_ground); each model his Barge makes back away suffers a S9 hit.
UNSTOPPABLE_MOMENTUM = "unstoppable momentum"
CHARGE_KNOCKS_DOWN.add(UNSTOPPABLE_MOMENTUM)
BARGE_HITS[UNSTOPPABLE_MOMENTUM] = 9
REGISTRY.register(UNSTOPPABLE_MOMENTUM, kind=Kind.RULE, source="BSData Unstoppable Momentum")

# Missing Scale: a shot that hits Smaug on a natural 6 To Hit and then wounds him deals as
# many Wounds as the missile's Strength.
MISSING_SCALE = "missing scale"
_SIX_AT: Status[list[str]] = Status("missing scale: natural six at", list, Lasting.TURN)


@on(On.SHOT, MISSING_SCALE, order=50)
def _note_natural_six(state: BattleState, shot: Happening) -> None:
    """Remember, for the shot's wound roll, at whom the shooter's hit was a natural 6."""
    aimed = _SIX_AT.of(shot.model)
    aimed.clear()
    target = shot.other
    if target is not None and shot.passed and shot.count == 6 and MISSING_SCALE in target.triggers:
        aimed.append(target.uid)


@on(On.WOUNDING, MISSING_SCALE, order=5, trigger=MISSING_SCALE)
def _missing_scale(state: BattleState, blow: Happening) -> bool:
    """The wound of such a shot becomes a blow of the missile's Strength in Wounds (before
    Fate and any other save, which then meet the whole blow)."""
    smaug = blow.model
    shooter = state.models.get(blow.source.removeprefix("shot by "))
    if shooter is None or not blow.source.startswith("shot by ") or blow.at_mount:
        return False
    aimed, missile = _SIX_AT.peek(shooter), shooter.missile
    if not aimed or smaug.uid not in aimed or missile is None or blow.count >= missile.strength:
        return False
    aimed.clear()
    state.log.emit("army_rule", model=smaug.uid, rule=MISSING_SCALE, wounds=missile.strength)
    state.wound(smaug, blow.source, count=missile.strength, after_saves=blow.after_saves)
    return True


REGISTRY.register(MISSING_SCALE, kind=Kind.RULE, source="BSData Missing Scale (Smaug)")
REGISTRY.register(DESOLATOR, kind=Kind.RULE, source=DESOLATOR_SOURCE)
