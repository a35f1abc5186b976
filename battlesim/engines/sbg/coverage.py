"""Which special rules, wargear and powers of a force the engine implements or ignores."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.arms import HAND_WEAPONS, MISSILE_WEAPONS
from battlesim.engines.sbg.core.data import MOUNT_PROFILES
from battlesim.engines.sbg.core.hooks import implemented_triggers
from battlesim.engines.sbg.core.units import Force, Profile
from battlesim.engines.sbg.rules import (
    cavalry,  # noqa: F401  (registers the lance and charge hooks)
    special_rules,  # noqa: F401  (registers rule hooks)
)
from battlesim.engines.sbg.rules.equipment import ARMOUR_TIERS
from battlesim.engines.sbg.rules.heroic_actions import IMPLEMENTED as HEROIC_ACTIONS
from battlesim.engines.sbg.rules.master_of_battle import MASTER
from battlesim.engines.sbg.rules.monsters.core import unique_names
from battlesim.engines.sbg.rules.priority_rules import AUTO_PRIORITY_RULES
from battlesim.engines.sbg.rules.special_strikes import IMPLEMENTED
from battlesim.engines.sbg.rules.war_beasts import IMPLEMENTED as WAR_BEAST_RULES

# Items handled directly by a phase rather than through a modifier hook.
_HANDLED_IN_PHASES = frozenset(
    {"shield", "banner", "war drum", "war horn", "unarmed", "terror"}  # terror: terror.py
    | {"the one ring", "elven cloak", "stealth"}  # one_ring.py, phases/ring.py, stealth.py
)
_HERO_POOLS = ("might", "will", "fate")
# CAV-*: mounts and barding make a model Cavalry (mounts.py, cavalry.py); "lance" is a hook
_MOUNTS = frozenset(MOUNT_PROFILES) | {"barding"}
# HERO-FATE-01..06 (heroics.fate_saves), HERO-WILL-04 (courage.heroic_courage),
# HERO-MIGHT-02..06 (might.boost: Might on dice; Heroic Actions are counted separately)
_HERO_POOLS_PLAYED = frozenset({"fate (heroic)", "will (heroic)", "might (heroic)"})
_HERO_RULES = frozenset({"mighty hero"})  # SR-MIGHTYHERO (might.free_point)


@dataclass(frozen=True, slots=True)
class Coverage:
    """Names the engine plays (``implemented``) and names it skips (``ignored``)."""

    implemented: tuple[str, ...]
    ignored: tuple[str, ...]

    def to_json(self) -> dict[str, list[str]]:
        return {"implemented": list(self.implemented), "ignored": list(self.ignored)}


def _known() -> frozenset[str]:
    strikes = frozenset(f"{strike.value} (special strike)" for strike in IMPLEMENTED)
    return (
        strikes
        | implemented_triggers()
        | frozenset(HAND_WEAPONS)
        | frozenset(MISSILE_WEAPONS)
        | frozenset(ARMOUR_TIERS)
        | _HANDLED_IN_PHASES
        | _HERO_POOLS_PLAYED
        | _HERO_RULES
        | WAR_BEAST_RULES  # WB-*: trample and the War Beast rules (war_beasts.py)
        | HEROIC_ACTIONS  # HERO-HA-09: specific Heroic Actions listed as rules (not Channelling)
        | {MASTER}  # SR-MASTERBATTLE (master_of_battle.py)
        | _MOUNTS
        | unique_names()  # MON-BPA-01: unique Brutal Power Attacks (Bludgeon...)
        | AUTO_PRIORITY_RULES  # PRIO-04: the Palantír (priority_rules.py)
    )


def _names(profile: Profile) -> set[str]:
    rules = {rule.lower().split(" (")[0] for rule in profile.rules}
    pools = {f"{pool} (heroic)" for pool in _HERO_POOLS if getattr(profile, pool) > 0}
    return set(profile.gear) | rules | pools | _strikes(profile)


def _strikes(profile: Profile) -> set[str]:
    """The special strikes the profile's weapons carry (SPS-*), by name."""
    weapons = [HAND_WEAPONS[name] for name in profile.gear if name in HAND_WEAPONS]
    return {f"{strike.value} (special strike)" for w in weapons for strike in w.strikes}


def profile_coverage(profile: Profile) -> Coverage:
    """Split a profile's rules and wargear into implemented and ignored names."""
    known = _known()
    names = _names(profile)
    return Coverage(tuple(sorted(names & known)), tuple(sorted(names - known)))


def force_coverage(force: Force) -> Coverage:
    """The union over a force's profiles."""
    known = _known()
    names: set[str] = set()
    for spec in force.models:
        names |= _names(spec.profile)
    return Coverage(tuple(sorted(names & known)), tuple(sorted(names - known)))
