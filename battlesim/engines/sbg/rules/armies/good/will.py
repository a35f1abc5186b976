"""Army rules of Will: a free Will point each turn (the Lady of Lothlórien, the Shipwright's
Power), as a Staff of Power gives (rules/will.py)."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.rules.will import REFUND_ON_SIX, free_will_rule

for _rule, _id in (
    ("the lady of lothlórien", "f2a8-2c2e-98ca-fdef"),  # Galadriel
    ("the shipwright's power", "b024-3618-5110-e0ce"),  # Círdan
):
    free_will_rule(_rule)
    REGISTRY.register(_rule, kind=Kind.RULE, source=f"BSData {_id}: one free Will point a turn")

# Powers of Nature (BSData 866f-fed4-c596-9e57): a natural 6 on a casting die returns the
# Will spent casting the power once it has resolved (rules/will.py cast).
REFUND_ON_SIX.add("powers of nature")
REGISTRY.register("powers of nature", kind=Kind.RULE, source="BSData 866f-fed4-c596-9e57")
