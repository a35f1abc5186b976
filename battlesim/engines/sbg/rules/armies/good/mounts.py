"""Good mounts bought from the data's card (battlesim/engines/sbg/options.py) with a rule of
their own: the Great Eagle's riderless test (rules/cavalry.RIDERLESS_STAYS), the Cart's
fireworks, the Elk's charge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules import cavalry
from battlesim.engines.sbg.rules.monsters.core import hit

# BSData 4b2a-3149-ab86-0a34 Great Eagle (Radagast's mount): "This is a mount. [...]
# Additionally, if Radagast dismounts, the Great Eagle automatically passes its Courage test
# to stay and fight."
GREAT_EAGLE = "great eagle"
cavalry.RIDERLESS_STAYS[GREAT_EAGLE] = True
REGISTRY.register(GREAT_EAGLE, kind=Kind.RULE, source="BSData 4b2a-3149-ab86-0a34 (Great Eagle)")

# BSData 1c2b-21e1-8210-7a7a Sleigh (Radagast's mount, option f6ed-2da4-d446-3c20): "This is
# a mount with the following profile and the Woodland Creature special rule. If Radagast is
# slain or dismounts, remove the sleigh from play." (no test to stay: it leaves at once)
SLEIGH = "sleigh"
cavalry.RIDERLESS_STAYS[SLEIGH] = False
REGISTRY.register(SLEIGH, kind=Kind.RULE, source="BSData 1c2b-21e1-8210-7a7a (Sleigh)")


# BSData 6962-c373-d662-31e9 Cart (Gandalf the Grey's mount): "At the start of every
# friendly Shoot phase, select a single enemy model within 6" of the cart and roll a D6. On a
# 4+, that model suffers a Strength 2 hit." (the fireworks; the cart is his mount, so only
# while he rides it; "friendly Shoot phase": the Shoot phase of every turn, READINGS "Cart")
CART = "cart"
CART_REACH = 6.0
CART_SCORE = 4
CART_STRENGTH = 2


@dataclass(frozen=True, slots=True)
class ChooseCartTarget(Decision[ModelId | None]):
    """Which enemy within 6" of the cart takes the hit. Heuristic: the one a Strength 2 hit
    wounds most easily (lowest Defence), a Hero first among equals."""

    cart: ModelState
    targets: Sequence[ModelState]

    def default(self, state: BattleState) -> ModelId | None:
        best = min(
            self.targets,
            key=lambda m: (m.defence, not m.profile.is_hero, m.uid),
            default=None,
        )
        return best.uid if best is not None else None


@every(Tick.PHASE_START, CART, order=48)
def _cart(state: BattleState) -> None:
    if state.phase is not Phase.SHOOT:
        return
    for cart in [m for m in state.living() if CART in m.triggers and _on_cart(m)]:
        targets = [
            e for e in state.living(1 - cart.player) if state.distance(cart, e) <= CART_REACH
        ]
        if not targets:
            continue
        ask = ChooseCartTarget(cart, targets)
        players = state.players
        uid = ask.default(state) if players is None else players[cart.player].decide(state, ask)
        if uid is None or uid not in {t.uid for t in targets}:
            continue
        (die,) = state.roll(1, f"cart {cart.uid} -> {uid} ({CART_SCORE}+)")
        state.log.emit("army_rule", model=cart.uid, rule=CART, target=uid, roll=die)
        if die >= CART_SCORE:
            hit(state, state.models[uid], CART_STRENGTH, f"cart of {cart.uid}")


def _on_cart(model: ModelState) -> bool:
    mount = model.mount
    return mount is not None and not mount.slain and mount.profile.name == CART


REGISTRY.register(CART, kind=Kind.RULE, source="BSData 6962-c373-d662-31e9 (Cart)")


# BSData 4f9a-fac8-c2da-d639 Elk (Thranduil's mount): "If Thranduil Charges into combat
# whilst riding his Elk, Thranduil's Strikes are resolved at Strength 5."
ELK = "elk"


@register(Hook.STRENGTH, ELK)
def _elk_charge(context: HookContext) -> int:
    model = context.model
    mount = model.mount
    riding = mount is not None and not mount.slain and mount.profile.name == ELK
    melee = not context.details.get("missile")
    if not (riding and model.charged and melee):
        return 0
    return max(0, 5 - model.profile.strength)


REGISTRY.register(ELK, kind=Kind.RULE, source="BSData 4f9a-fac8-c2da-d639 (Elk)")
