"""Army rules that heal a friend: Óin's Healing Herbs and Barliman Butterbur's "At Your
Service" (rules/healing.py gives the Wounds back)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules.armies.good.near import FELLOWSHIP, named
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.healing import heal, lost_wounds
from battlesim.engines.sbg.rules.movement import START_OF_MOVE
from battlesim.engines.sbg.rules.pools import Pool, spend

HERBS = "healing herbs"
SERVICE = "barliman butterbur, at your service"


@dataclass(frozen=True, slots=True)
class ChooseHealed(Decision["ModelId | None"]):
    """Which friend in base contact the healer tends (None: none, it acts as usual). The
    heuristic tends the friend who lost the most Wounds, a Hero first."""

    model: ModelState
    rule: str
    friends: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        best = max(self.friends, key=lambda m: (lost_wounds(m), m.profile.is_hero, m.uid))
        return best.uid


def _wounded_at_side(
    state: BattleState, healer: ModelState, heroes_only: bool
) -> tuple[ModelState, ...]:
    return tuple(
        m
        for m in state.living(healer.player)
        if m is not healer
        and lost_wounds(m) > 0
        and (m.profile.is_hero or not heroes_only)
        and state.in_contact(healer, m)
    )


def _chosen(
    state: BattleState, healer: ModelState, rule: str, heroes_only: bool
) -> ModelState | None:
    friends = _wounded_at_side(state, healer, heroes_only)
    if not friends:
        return None
    choice = ask(state, healer, ChooseHealed(healer, rule, friends))
    return next((m for m in friends if m.uid == choice), None)


def _healing_herbs(state: BattleState, oin: ModelState) -> bool:
    """Healing Herbs (BSData 24f0-f978-ddfc-73f1): in the Move phase, instead of moving, Óin
    may try to heal a friend in base contact: D6 1-3 nothing, 4-5 one lost Wound back, 6
    every lost Wound back."""
    if HERBS not in oin.triggers or state.phase is not Phase.MOVE:
        return False  # not a Heroic Combat's move in the Fight phase
    friend = _chosen(state, oin, HERBS, heroes_only=False)
    if friend is None:
        return False
    (die,) = state.roll(1, f"healing herbs {oin.uid}->{friend.uid}")
    if die >= 4:
        heal(state, friend, lost_wounds(friend) if die == 6 else 1, HERBS)
    return True  # instead of moving


def _at_your_service(state: BattleState, barliman: ModelState) -> bool:
    """ "Barliman Butterbur, At Your Service" (BSData e70e-813c-40d4-86b1): in his Move phase,
    in base contact with a friendly Hero, Barliman may spend a Will point: on a 5+ (a 4+ for
    a Hero of the Fellowship army list) the Hero regains a lost Wound (READINGS: at the start
    of his move; he still moves)."""
    if SERVICE not in barliman.triggers or barliman.will <= 0 or state.phase is not Phase.MOVE:
        return False
    hero = _chosen(state, barliman, SERVICE, heroes_only=True)
    if hero is None:
        return False
    if not spend(state, barliman, Pool.WILL):
        return False  # the deed is cancelled (pools.SPENT)
    need = 4 if named(hero, FELLOWSHIP) else 5
    (die,) = state.roll(1, f"at your service {barliman.uid}->{hero.uid} ({need}+)")
    if die >= need:
        heal(state, hero, 1, SERVICE)
    return False


START_OF_MOVE.append(_healing_herbs)
START_OF_MOVE.append(_at_your_service)
REGISTRY.register(HERBS, kind=Kind.RULE, source="BSData 24f0-f978-ddfc-73f1")
REGISTRY.register(SERVICE, kind=Kind.RULE, source="BSData e70e-813c-40d4-86b1")
