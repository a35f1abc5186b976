"""Thranduil's Additional Elven-made Sword (BSData 7800-08d3-1816-952e) and the Bladelord
rule it gives him (449d-273c-b55e-d770); core/names_good.yaml gives the option its parts.
His Circlet of Kings (fb58-af78-019e-7de9) casts two powers for him (rules/magic/casting.py
``FREE_POWERS``)."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import ModelState
from battlesim.engines.sbg.core.units import PowerSpec
from battlesim.engines.sbg.rules.magic.casting import FREE_POWERS, ITEM_CAST, item_casts

SECOND_SWORD = "additional elven-made sword"
BLADELORD = "bladelord"
_SWORD_SOURCE = "BSData 7800-08d3-1816-952e (Additional Elven-made Sword)"


# "When equipped with an additional Elven-made sword, Thranduil [...] increases his Attacks
# to 3 and his Fight value to 7. Additionally, he gains the Bladelord special rule."
@override(Stat.ATTACKS, SECOND_SWORD, source=_SWORD_SOURCE)
def _three_attacks(context: HookContext, attacks: int) -> int | None:
    return max(attacks, 3)


@override(Stat.FIGHT, SECOND_SWORD, source=_SWORD_SOURCE)
def _fight_seven(context: HookContext, fight: int) -> int | None:
    return max(fight, 7)


# "Whilst he has the Infantry keyword, Thranduil [...] receives +1 Attack. Furthermore, [he]
# receives an additional Attack for each enemy model he is Engaged with after the first.
# This bonus is determined at the start of each Fight": read when his Attacks are counted
# for the fight (its Duel and Strikes).
@register(Hook.ATTACKS, BLADELORD)
def _bladelord(context: HookContext) -> int:
    model = context.model
    infantry = 1 if "infantry" in model.profile.keywords else 0
    return infantry + max(0, len(context.state.contacts(model)) - 1)


REGISTRY.register(BLADELORD, kind=Kind.RULE, source="BSData 449d-273c-b55e-d770 (Bladelord)")


# BSData fb58-af78-019e-7de9, Circlet of Kings: "This crown allows Thranduil [...] to cast the
# Magical Powers Aura of Dismay and Nature's Wrath once each per game. The spell is
# automatically cast, counting the result as a 6, and no Will points need be expended."
# (READINGS "powers cast by an item": his one attempt of the turn, resisted against a 6.)
CIRCLET = "circlet of kings"
CIRCLET_POWERS = (PowerSpec("Aura of Dismay", ITEM_CAST), PowerSpec("Nature's Wrath", ITEM_CAST))


def _circlet_powers(model: ModelState) -> tuple[PowerSpec, ...]:
    used = {power for item, power in item_casts(model) if item == CIRCLET}
    return tuple(spec for spec in CIRCLET_POWERS if spec.name not in used)


FREE_POWERS[CIRCLET] = _circlet_powers
REGISTRY.register(CIRCLET, kind=Kind.RULE, source="BSData fb58-af78-019e-7de9 (Circlet of Kings)")
