"""Special rules of profiles, each a registered hook handler (part 2 §9 as they are needed).

A special rule's trigger is its name in lower case without the "(Active)"/"(Passive)" tag.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register


@register(Hook.DEFENCE, "shieldwall")
def _shieldwall(context: HookContext) -> int:
    """Shieldwall (BSData game system): +1 Defence with a shield while touching two or more
    non-prone friends with Shieldwall and a shield; on foot only."""
    model, state = context.model, context.state
    if "shield" not in model.triggers or "cavalry" in model.triggers:
        return 0
    wall = 0
    for friend in state.living(model.player):
        if friend is model or friend.prone:
            continue
        if {"shield", "shieldwall"} <= friend.triggers and state.in_contact(model, friend):
            wall += 1
            if wall >= 2:
                return 1
    return 0
