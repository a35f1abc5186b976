"""Banners, Elven cloaks, war drums, war horns, armour and shields (part 2 §7.1, 7.2, 7.4).

Armour and shields give the Defence a model starts with; the rest are hook handlers or
small queries the phases ask (is a banner in range of this fight?).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.arms import Handedness
from battlesim.engines.sbg.core.data import BANNER_RANGE, DRUM_RANGE
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.names import canonical, parse
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import Happening, On, on

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState
    from battlesim.engines.sbg.core.units import Profile

# ARM-02..04 (002:L2259-2267): tiers; the bonus of an upgrade is the new tier minus the old.
ARMOUR_TIERS = {"armour": 1, "heavy armour": 2, "dwarf armour": 2, "heavy dwarf armour": 3}
_NO_SHIELD_BONUS = frozenset({"bow", "crossbow", "pike", "longbow", "elf bow", "orc bow"})


def armour_tier(items: Iterable[str]) -> int:
    return max((ARMOUR_TIERS.get(item, 0) for item in items), default=0)


def armour_bonus(profile: Profile) -> int:
    """ARM-01..04: armour on the card is already in Defence; an upgrade adds tier difference."""
    bought = armour_tier(profile.options)
    return max(0, bought - armour_tier(profile.wargear))


def shield_gives_defence(profile: Profile) -> bool:
    """ARM-SH-02 (002:L2275): no +1 with a bow, crossbow, pike or two-handed weapon; army
    rules may keep it with a pike (``PIKE_AND_SHIELD``, Phalanx)."""
    heavy = any(name.startswith("two-handed") for name in profile.gear)
    barred = _NO_SHIELD_BONUS & profile.gear
    if barred == {"pike"} and pike_and_shield(profile):
        barred = frozenset()
    return not heavy and not barred


# Rules that let a model use a pike and a shield together without penalty (rules/armies/).
PIKE_AND_SHIELD: set[str] = set()


def pike_and_shield(profile: Profile) -> bool:
    return bool(PIKE_AND_SHIELD) and any(
        canonical(rule) in PIKE_AND_SHIELD for rule in profile.rules
    )


def starting_defence(profile: Profile) -> int:
    """The Defence printed on the card plus bought armour and a bought shield (ARM-SH-01)."""
    shield = 1 if "shield" in profile.options and shield_gives_defence(profile) else 0
    return profile.defence + armour_bonus(profile) + shield


def shield_lost_in_fight(model: ModelState) -> bool:
    """ARM-SH-02: a carded shield's +1 is lost in a fight fought two-handed; so is a bought
    one by a hand-and-a-half weapon used two-handed (WPN-HAH-01)."""
    weapon = model.weapon
    if model.two_hands:
        return "shield" in model.profile.gear
    two_hands = weapon is not None and weapon.handedness is Handedness.TWO_HANDED
    return two_hands and "shield" in model.profile.wargear


@register(Hook.DEFENCE, "shield")
def _cumbersome_shield(context: HookContext) -> int:
    return -1 if shield_lost_in_fight(context.model) else 0


# Named banners of the army lists (rules/armies/good/banners.py): item -> its range in
# inches instead of EQP-BAN-01's 3"; items whose bearer suffers no banner penalty
BANNER_RANGES: dict[str, float] = {}
UNHINDERED_BANNERS: set[str] = set()


@register(Hook.DUEL_DIE, "banner")
def _banner_bearer_duel(context: HookContext) -> int:
    """EQP-BAN-05 (002:L2178): the bearer suffers -1 to its Duel rolls."""
    return 0 if context.model.triggers & UNHINDERED_BANNERS else -1


def banner_reach(bearer: ModelState) -> float:
    """EQP-BAN-01: 3", or the named banner's own range."""
    # not ``triggers & BANNER_RANGES.keys()``: a set, where compiled code wants the frozenset
    # mypy reads (a TypeError); the same ranges, so the same max
    named = [reach for item, reach in BANNER_RANGES.items() if item in bearer.triggers]
    return max(named, default=BANNER_RANGE)


def banner_in_range(state: BattleState, models: Iterable[ModelState]) -> ModelState | None:
    """EQP-BAN-01/03: a standing friendly banner within 3" of a model of the fight."""
    members = list(models)
    if not members:
        return None
    player = members[0].player
    for member in members:  # army rules: "counts as being in range of a banner"
        if permitted(May.COUNT_AS_IN_BANNER_RANGE, HookContext(state, member)):
            return member
    for bearer in state.living(player):
        if "banner" not in bearer.triggers or bearer.prone:
            continue
        if any(state.distance(bearer, m) <= banner_reach(bearer) for m in members):
            return bearer
    for rule in BANNER_RULES:
        found = rule(state, members)
        if found is not None:
            return found
    return None


# Army rules by which models count as in range of a banner (rules/armies/): each returns the
# model that stands for the banner, or None.
BannerRule = Callable[["BattleState", list["ModelState"]], "ModelState | None"]
BANNER_RULES: list[BannerRule] = []


_NO_HANDS = frozenset({"bat", "warg", "spider", "beast", "monster", "cavalry"})


def pass_banner(state: BattleState, bearer: ModelState) -> ModelState | None:
    """EQP-BAN-06 (002:L2180): a slain Warrior's banner goes to a friendly Warrior in base
    contact, not prone and not engaged, that has hands; returns the new bearer."""
    if "banner" not in bearer.triggers or bearer.profile.is_hero:
        return None
    for friend in state.living(bearer.player):
        if friend.profile.is_hero or friend.prone or "banner" in friend.triggers:
            continue
        if friend.triggers & _NO_HANDS or state.engaged(friend):
            continue
        if state.distance(friend, bearer) <= 0.01:
            friend.triggers = friend.triggers | {"banner"}
            bearer.triggers = bearer.triggers - {"banner"}
            state.log.emit("banner_passed", model=bearer.uid, to=friend.uid)
            return friend
    return None


@register(Hook.COURAGE, "any")
def _war_horn(context: HookContext) -> int:
    """EQP-HORN-01 (002:L2194): one or more living war horns give +1 Courage, not cumulative."""
    state, player = context.state, context.model.player
    return 1 if any("war horn" in m.triggers for m in state.living(player)) else 0


@register(Hook.MOVE, "any")
def _war_drum(context: HookContext) -> int:
    """EQP-DRUM-01 (002:L2188): +3" Infantry, +5" « si elles sont de la Cavalerie (ou
    possèdent la règle Vol) », within 12" of a sounded drum."""
    state, model = context.state, context.model
    drummer = state.drum_sounded.get(model.player)
    if drummer is None or not state.models[drummer].alive:
        return 0
    if state.distance(model, state.models[drummer]) > DRUM_RANGE:
        return 0
    if not drum_drives(state.models[drummer].profile, model.profile):
        return 0
    return 5 if "cavalry" in model.triggers or "fly" in model.triggers else 3


def drum_drives(drum: Profile, model: Profile) -> bool:
    """EQP-DRUM-01 (002:L2188): "Tambour de guerre (X)" drives the models with the keywords
    in brackets ("War Drum (Mordor Orc)": Mordor and Orc); a drum named without drives all."""
    kinds = drum_keywords(drum)
    return not kinds or any(kind <= model.keywords for kind in kinds)


@cache  # profiles never change
def drum_keywords(profile: Profile) -> tuple[frozenset[str], ...]:
    names = (
        parse(raw, wargear=True) for raw in (*profile.wargear, *profile.options, *profile.rules)
    )
    return tuple(
        frozenset(parameter.split())
        for name in names
        if name.name == "war drum"
        for parameter in name.parameters
    )


REGISTRY.register("war drum", kind=Kind.WARGEAR, source="EQP-DRUM-01 (002:L2188)", parameters=True)
# Names that give Stealth (army rules add theirs: Stalk Unseen, the same text)
STEALTH_RULES: set[str] = {"elven cloak", "stealth"}


def stealthy(model: ModelState) -> bool:
    """EQP-CLOAK-01 (002:L2184): an Elven cloak gives Stealth; Stealth needs terrain data."""
    return not STEALTH_RULES.isdisjoint(model.triggers)


@on(On.LEAVING, "banner", order=10)
def _banner_falls(state: BattleState, blow: Happening) -> None:
    """EQP-BANNER: a friend picks up the banner of a bearer taken off the table."""
    pass_banner(state, blow.model)
