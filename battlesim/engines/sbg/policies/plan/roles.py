"""Roles read from the profile and the list: what a model is for in the plan.

A Hero carrying a bow is a Hero (it fights; Faramir is not an archer); a mounted archer is
an archer that moves to get its shots; the leader and banners are kept where they count,
unless the leader has the Might to lead the charge.
"""

from __future__ import annotations

from battlesim.engines.sbg.core.arms import MissileKind, can_support
from battlesim.engines.sbg.core.keys import Key
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.kinds import is_monster

LEADING_MIGHT = 3  # a leader with this much Might fights in the front rank (as v1)


class Role(Key):
    LEADER = "leader"
    BANNER = "banner"
    HERO = "hero"
    LINE = "line"
    SUPPORT = "support"  # spears and pikes: the second rank
    ARCHER = "archer"
    CAVALRY = "cavalry"
    MONSTER = "monster"


FIGHTERS = frozenset({Role.HERO, Role.LINE, Role.CAVALRY, Role.MONSTER})
KEPT_BACK = frozenset({Role.LEADER, Role.BANNER})


def role_of(state: BattleState, model: ModelState) -> Role:
    """The model's role this turn (the leader's depends on the Might it has left)."""
    profile = model.profile
    if state.forces[model.player].leader == model.uid and model.might < LEADING_MIGHT:
        return Role.LEADER
    if "banner" in model.triggers:
        return Role.BANNER
    if is_monster(model):
        return Role.MONSTER
    if profile.is_hero or state.forces[model.player].leader == model.uid:
        return Role.HERO
    weapon = model.missile
    if weapon is not None and weapon.kind is not MissileKind.THROWING:
        return Role.ARCHER
    if model.mount is not None or "cavalry" in profile.keywords:
        return Role.CAVALRY
    return Role.SUPPORT if can_support(profile) else Role.LINE
