"""Special rules of models sworn to a Hero: while it lives, they pass every Courage test
(checklist part 2 §9.3, SR-SWORNPROT and SR-BODYGUARD), permissions of the rule API."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.named_targets import parameters

SWORN_PROTECTOR = "sworn protector"


@grant(May.PASS_COURAGE_UNTESTED, SWORN_PROTECTOR, source="SR-SWORNPROT (002:L2851)")
def _sworn_protector(context: HookContext) -> bool:
    """SR-SWORNPROT (002:L2851): passes every Courage test while the model named in its
    brackets is alive ("Sworn Protector (Brand)"); a card naming nobody guards its army's
    leader (data.ASSUMPTIONS "sworn-protector-unnamed")."""
    model, state = context.model, context.state
    named = parameters(model, SWORN_PROTECTOR)
    if not named:
        return _leader_alive(state, model)
    return any(_is_named(friend, word) for friend in state.living(model.player) for word in named)


REGISTRY.register(SWORN_PROTECTOR, kind=Kind.RULE, source="SR-SWORNPROT", parameters=True)


@grant(May.PASS_COURAGE_UNTESTED, "bodyguard", source="SR-BODYGUARD (002:L2781)")
def _bodyguard(context: HookContext) -> bool:
    """SR-BODYGUARD (002:L2781): passes every Courage test while the highest-ranked Hero of
    its army is alive and on the table; that Hero is the army's leader (the builder makes
    the highest-tier Hero the leader, LIST-LEADER-TIER; data.ASSUMPTIONS "bodyguard-hero")."""
    return _leader_alive(context.state, context.model)


def _leader_alive(state: BattleState, model: ModelState) -> bool:
    leader = state.forces[model.player].leader
    guarded = state.models.get(leader) if leader is not None else None
    return guarded is not None and guarded.alive and guarded is not model


def _is_named(friend: ModelState, word: str) -> bool:
    """ "Brand" names "King Brand" and "Brand, King of Dale": a word of the profile name."""
    return word in friend.profile.name.lower().replace(",", " ").split()
