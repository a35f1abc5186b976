"""Thranduil's Additional Elven-made Sword (BSData 7800-08d3-1816-952e) and the Bladelord
rule it gives him (449d-273c-b55e-d770); core/names_good.yaml gives the option its parts."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind

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
