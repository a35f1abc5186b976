"""The Morgul Blade bought as an option (an Angmar hero; a Nazgûl of Dol Guldur), from its
BSData "Rules" text (profile 53f2-907d-bf06-fe6c, "Morgal Blade (Active)")."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.fighting import BOUND_TARGET

# "Once per game, this model's controlling player may declare they are using their Morgul
# blade during the Fight phase before rolling To Wound. If a model is using a Morgul blade,
# they must direct all of their Strikes against a single target. An enemy that suffers a
# Wound from the Morgul blade is automatically slain, regardless of the number of Wounds on
# their profile. Heroes may use Fate to avoid these Wounds, but if even a singe Wound is not
# saved, they are slain." Declared at the model's first Strike of a fight, at its target
# (READINGS "Morgul Blade"). The rider's Attacks and Strength are what the engine strikes
# with already (CAV-STRIKE-01).
MORGUL_BLADE = "morgul blade"
_SOURCE = "BSData 4cfa-17f9-9d63-4e9b (Morgul Blade, profile 53f2-907d-bf06-fe6c)"
_USED: Status[set[str]] = Status("morgul blade used", set, Lasting.BATTLE)
# on the bearer: the uid his Strikes are bound to this fight
_AIMED: Status[list[str]] = Status("morgul blade target", list, Lasting.FIGHT)


@dataclass(frozen=True, slots=True)
class DeclareMorgulBlade(Decision[bool]):
    """Does the bearer use his Morgul Blade (once per game) for his Strikes this fight, all
    of them at ``target``? Heuristic: at a Hero, or at a model of more than one Wound."""

    model: ModelState
    target: ModelState

    def default(self, state: BattleState) -> bool:
        return "hero" in self.target.profile.keywords or self.target.wounds > 1


@on(On.STRIKE, MORGUL_BLADE, order=40, trigger=MORGUL_BLADE)
def _declare(state: BattleState, strike: Happening) -> None:
    model, target = strike.model, strike.other
    used = _USED.of(state)
    if target is None or model.uid in used:
        return
    ask = DeclareMorgulBlade(model, target)
    players = state.players
    if ask.default(state) if players is None else players[model.player].decide(state, ask):
        used.add(model.uid)
        _AIMED.of(model).append(target.uid)
        state.log.emit("army_rule", model=model.uid, rule=MORGUL_BLADE, target=target.uid)


def _bound(state: BattleState, model: ModelState) -> str | None:
    aimed = _AIMED.of(model)
    return aimed[0] if aimed else None


@register(Hook.WOUNDS_AFTER_SAVES, MORGUL_BLADE)
def _slain(context: HookContext) -> int:
    """A Wound no Fate saved slays: as many Wounds more as the victim has left."""
    target = context.other
    if context.details.get("missile") or target is None:
        return 0
    if _bound(context.state, context.model) != target.uid:
        return 0
    return max(target.wounds, 1)


BOUND_TARGET.append(_bound)
REGISTRY.register(MORGUL_BLADE, kind=Kind.RULE, source=_SOURCE)
