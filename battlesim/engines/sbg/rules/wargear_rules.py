"""Named wargear with a rule of its own (names.yaml gives each its parts: a weapon, a
quality and the item itself) and Horse Lord, each a registered unit of the rule API whose
source is the rulebook line or the BattleScribe "Rules" text it plays."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    On,
    on,
)
from battlesim.engines.sbg.rules.heroics import fate_saves
from battlesim.engines.sbg.rules.terror import AIMED

_BSDATA = "BSData wargear 'Rules': "
_ORCS = frozenset({"orc", "goblin", "uruk-hai"})


def _named(name: str, text: str) -> None:
    REGISTRY.register(name, kind=Kind.WEAPON, source=_BSDATA + text)


def _in_combat(context: HookContext) -> bool:
    return not context.details.get("missile")


@register(Hook.STRENGTH, "glamdring")
@register(Hook.STRENGTH, "sting")
def _plus_one_strength(context: HookContext) -> int:
    """Glamdring and Sting: +1 Strength when making Strikes with them."""
    return 1


_named("glamdring", "an Elven-made hand-and-a-half sword; +1 Strength for its Strikes")
_named("sting", "an Elven-made dagger; +1 Strength for its Strikes")


@register(Hook.WOUND_ROLL, "aiglos")
def _aiglos(context: HookContext) -> int:
    """Aiglos: +1 To Wound in combat."""
    return 1 if _in_combat(context) else 0


_named("aiglos", "an Elven-made spear; +1 To Wound")


@register(Hook.WOUND_ROLL, "kalazâl")
def _kalazal(context: HookContext) -> int:
    """Kalazâl: +1 To Wound against Orcs, Goblins and Uruk-hai."""
    target = context.other
    orc = target is not None and bool(target.profile.keywords & _ORCS)
    return 1 if _in_combat(context) and orc else 0


_named("kalazâl", "a sword; +1 To Wound Orcs, Goblins and Uruk-hai")


@register(Hook.WOUND_ROLL, "hadhafang")
def _hadhafang(context: HookContext) -> int:
    """Hadhafang: +1 To Wound against Spirits."""
    target = context.other
    spirit = target is not None and "spirit" in target.profile.keywords
    return 1 if _in_combat(context) and spirit else 0


_named("hadhafang", "an Elven-made hand-and-a-half sword; +1 To Wound Spirits")


@register(Hook.EXTRA_WOUNDS, "orcrist")
def _orcrist(context: HookContext) -> int:
    """Orcrist: a Wound it causes on an Orc, Goblin or Uruk-hai is D3 Wounds, their number
    found before Fate is rolled (so each is saved on its own: the blow's count)."""
    target = context.other
    if not _in_combat(context) or target is None or not target.profile.keywords & _ORCS:
        return 0
    (die,) = context.state.roll(1, f"orcrist D3 {context.model.uid}->{target.uid}")
    return (die + 1) // 2 - 1


AIMED.append(("orcrist", _ORCS))  # "the bearer of Orcrist has the Terror (Goblins, Orcs &
# Uruk-hai) special rule"
_named(
    "orcrist",
    "8ac4-0fe7-599d-7814: an Elven-made sword; D3 Wounds on Orcs, Goblins, Uruk-hai; Terror",
)


@register(Hook.EXTRA_WOUNDS, "white sword of gondor")
def _white_sword(context: HookContext) -> int:
    """The White Sword of Gondor: its Strikes have Mighty Blow (SR-MIGHTYBLOW, 002:L2759)."""
    return 1


_named("white sword of gondor", "a two-handed sword whose Strikes have Mighty Blow")


# --- SR-HORSELORD (002:L2869) -------------------------------------------------------------


@on(On.WOUNDING, "horse lord", order=5, trigger="horse lord")
def _horse_lord(state: BattleState, blow: Happening) -> bool:
    """SR-HORSELORD (002:L2869): it may spend its own Fate points to prevent Wounds its mount
    suffers; it does so on a blow that would slay the mount (as for itself, heroics.py)."""
    model = blow.model
    mount = model.mount
    if not blow.at_mount or mount is None or mount.slain or model.fate <= 0:
        return False
    return fate_saves(state, model, lambda m, count: mount.wounds <= count, blow.count)


REGISTRY.register("horse lord", kind=Kind.RULE, source="SR-HORSELORD (002:L2869)")


# --- Elladan and Elrohir's two Elven-made swords (BSData "Rules") ---------------------------


@register(Hook.ATTACKS, "two elven-made swords")
def _two_swords(context: HookContext) -> int:
    """On foot they fight with both swords for +1 Attack, one of the three ways the text
    offers (one sword as two-handed, both for +1 Attack, or parrying as Shielding): the
    engine's players always take this one (data.ASSUMPTIONS "two-elven-made-swords")."""
    return 1 if context.model.mount is None else 0


_named("two elven-made swords", "on foot: one as two-handed, both for +1 Attack, or parry")
