"""Mustering: a model's starting state built from its profile card (weapons, armour, mount,
Heroic pools), and placing it on the table.

The state stores models; reading a card takes the rules of weapons, equipment and mounts, so
it is done here, above the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from battlesim.engines.sbg.core import names
from battlesim.engines.sbg.core.arms import (
    Handedness,
    fighting_weapon,
    missile_weapon,
    swapped_weapon,
)
from battlesim.engines.sbg.core.bases import MM_PER_INCH
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.mounts import mount_state, mounted_profile
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelId, ModelSpec, PlayerId, Profile
from battlesim.engines.sbg.rules.chariots import CHARIOTS, MONSTROUS_CHARGE
from battlesim.engines.sbg.rules.equipment import starting_defence
from battlesim.engines.sbg.rules.howdah import howdah
from battlesim.engines.sbg.rules.shooting_rules import thrown_stones

_LOST_IN_SWAP = frozenset({"elven-made", "masterforged"})


def place(state: BattleState, spec: ModelSpec, player: PlayerId, position: Point) -> ModelState:
    """Put a starting model of ``player`` on the table at ``position``."""
    return state.place(model_state(spec, player, position))


# Rules and wargear by which a model without a hand weapon never counts as unarmed (WPN-UN:
# no -1 Duel nor To Wound): Gollum's Strangler, Sid's Brawler, the Catapult Troll's gauntlets
NEVER_UNARMED: set[str] = set()


def model_state(spec: ModelSpec, player: PlayerId, position: Point) -> ModelState:
    """Build the starting state of one model from its profile (mounted: CAV-DEF-01)."""
    mount = mount_state(spec.profile)
    if mount is not None:
        spec = ModelSpec(spec.uid, mounted_profile(spec.profile))
    profile = spec.profile
    weapon = fighting_weapon(profile)
    rules = {names.canonical(rule) for rule in profile.rules}  # any spelling (core/names.py)
    extra = {weapon.handedness.value} if weapon is not None else {"unarmed"}
    if weapon is not None and weapon.handedness is Handedness.ONE_HANDED:
        extra = set()
    keywords = profile.keywords | ({"man"} if "woman" in profile.keywords else set())  # KW-04
    triggers = frozenset(profile.gear | keywords | rules | extra | {"any"})
    if mount is not None and mount.profile.name in CHARIOTS:  # "has the Monstrous Charge"
        triggers |= {MONSTROUS_CHARGE}  # BSData 5f8c-40ec-984d-614e, 8991-23cc-7087-1f3b
    if triggers & NEVER_UNARMED:
        triggers -= {"unarmed"}
    if swapped_weapon(profile) is not None:
        triggers -= _LOST_IN_SWAP  # WPN-SWAP-02: the new weapon is neither of these
    model = ModelState(
        uid=spec.uid,
        player=player,
        spec=spec,
        x=position[0],
        y=position[1],
        radius=profile.base_mm / MM_PER_INCH / 2,
        wounds=profile.wounds,
        defence=starting_defence(profile),
        weapon=weapon,
        missile=missile_weapon(profile) or thrown_stones(profile, rules),
        triggers=triggers,
        **_pools(profile),
        mount=mount,
    )
    if profile.howdah_wounds:
        howdah(model).howdah_wounds = profile.howdah_wounds  # WB-GEN-06
    return model


class _Pools(TypedDict):
    might: int
    will: int
    fate: int


# A mount's rules by which its rider spends the mount's stores as his own while he rides it
# (the White Warg's Deadly Union, mount_rules.py)
SHARED_STORES: set[str] = set()


def starting_pools(profile: Profile) -> _Pools:
    """The Might, Will and Fate a model of this card starts the battle with."""
    return _pools(profile)


def _pools(profile: Profile) -> _Pools:
    """HERO-01 (002:L1481-1483), CHAR-MWF-01: only Heroes have Might, Will and Fate; a rider
    sharing his mount's stores (``SHARED_STORES``) starts with both."""
    if not profile.is_hero:
        return {"might": 0, "will": 0, "fate": 0}
    mount = profile.mount
    shared = mount is not None and any(names.canonical(r) in SHARED_STORES for r in mount.rules)
    extra = (mount.might, mount.will, mount.fate) if mount is not None and shared else (0, 0, 0)
    return {
        "might": profile.might + extra[0],
        "will": profile.will + extra[1],
        "fate": profile.fate + extra[2],
    }


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class DeploymentOrder(Decision[list[ModelId]]):
    """Set-up: the order in which the side's models take the deployment slots, front first."""

    side: PlayerId
