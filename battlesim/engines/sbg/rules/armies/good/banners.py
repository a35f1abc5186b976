"""Named banners a Good Hero buys as an option (core/names_good.yaml gives each the parts
"banner" and its own name): its range, what it gives the friends within it, and no bearer
penalty (EQP-BAN-05), from the BattleScribe "Rules" text."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.equipment import BANNER_RANGES, UNHINDERED_BANNERS

EVENSTAR = "banner of arwen evenstar"
MINAS_TIRITH = "the banner of minas tirith"
_REACH = 6.0

# BSData 59fd-dd4c-3e52-396d (Halbarad's option): "This is a banner that affects all
# friendly models within 6" rather than 3", Friendly models within 6" gain the Fearless
# special rule. Additionally, Halbarad suffers no penalties for carrying the banner."
# BSData ace9-0c07-ece8-fb68 (Boromir's option): "The Banner of Minas Tirith is a banner
# with a range of 6". Additionally, Boromir and all friendly Gondor Warrior models within
# 6" of it gain a +1 bonus to their Fight value. [...] Boromir suffers no penalties for
# carrying [it]."
for _banner in (EVENSTAR, MINAS_TIRITH):
    BANNER_RANGES[_banner] = _REACH
    UNHINDERED_BANNERS.add(_banner)


def _near_bearer(state: BattleState, model: ModelState, banner: str) -> bool:
    """A standing friendly bearer of ``banner`` within 6" (the model itself counts)."""
    return any(
        banner in bearer.triggers
        and not bearer.prone
        and (bearer is model or state.distance(bearer, model) <= _REACH)
        for bearer in state.living(model.player)
    )


@grant_by_effect(May.PASS_COURAGE_UNTESTED)
def _evenstar_fearless(context: HookContext) -> bool | None:
    """Fearless (SR-FEARLESS) for friends within 6" of the Banner of Arwen Evenstar."""
    return True if _near_bearer(context.state, context.model, EVENSTAR) else None


@register(Hook.FIGHT, "any")
def _minas_tirith_fight(context: HookContext) -> int:
    """+1 Fight for friendly Gondor Warriors within 6" of the Banner of Minas Tirith."""
    model = context.model
    warrior = "gondor" in model.triggers and not model.profile.is_hero
    return 1 if warrior and _near_bearer(context.state, model, MINAS_TIRITH) else 0


@register(Hook.FIGHT, MINAS_TIRITH)
def _minas_tirith_bearer(context: HookContext) -> int:
    """+1 Fight for Boromir, its bearer (a Warrior bearer has it as a Gondor Warrior)."""
    return 1 if context.model.profile.is_hero else 0


REGISTRY.register(EVENSTAR, kind=Kind.WARGEAR, source="BSData 59fd-dd4c-3e52-396d")
REGISTRY.register(MINAS_TIRITH, kind=Kind.WARGEAR, source="BSData ace9-0c07-ece8-fb68")
