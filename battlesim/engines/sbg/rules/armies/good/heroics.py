"""Army rules on Heroic Actions and Stand Fast!: Heroes whose actions and Stand Fast! only
some friends may heed (Lord of the Eagles, The Dead and the Living, Leader of the Beornings,
Air of Self-Importance) and Heroic Actions that cost no Might (Ancestral Fury, the Master's
Puppet)."""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.armies.good.near import friend_within, named
from battlesim.engines.sbg.rules.heroic_actions import FREE_ACTIONS, HEROIC_COMBAT
from battlesim.engines.sbg.rules.pools import LENDERS, MIGHT_LENDERS, Pool


def _heeded_by(rule: str, source: str, heeds: Callable[[ModelState], bool]) -> None:
    """Only friends ``heeds`` accepts benefit from the carrier's Stand Fast! and Heroic
    Actions."""

    def answer(context: HookContext) -> bool:
        return context.other is not None and heeds(context.other)

    grant(May.RALLY, rule, source=source)(answer)
    grant(May.HEED, rule, source=source)(answer)
    grant(May.RALLY_HERO, rule, source=source)(lambda c: False)


_heeded_by(
    "lord of the eagles",
    "BSData 7600-e7b2-c742-b340: only Eagles and Wizards heed Gwahir",
    lambda m: bool(m.triggers & {"eagle", "wizard"}),
)
_heeded_by(
    "the dead and the living",
    "BSData 26b4-9200-bfc4-2370: only Warriors and Riders of the Dead heed the King",
    lambda m: named(m, ("warrior of the dead", "rider of the dead", "herald of the dead")),
)
_heeded_by(
    "leader of the beornings",
    "BSData b835-62ff-ef5a-7b58: only Bears and Beornings heed Grimbeorn",
    lambda m: bool(m.triggers & {"bear", "beorning", "beornings"}),
)

_BARDS_KIN = ("bard the bowman", "bain", "sigrid", "tilda")
_GUARDS = ("braga", "lake-town guard")


@grant_by_effect(May.HEED)
def _air_of_self_importance(context: HookContext) -> bool | None:
    """Air of Self-Importance (BSData 5ed0-cc90-5335-fa6c): Braga, Lake-town Guard Captains
    and Lake-town Guard within 3" of him take no part in Heroic Actions called by Bard, Bain,
    Sigrid or Tilda."""
    hero, friend = context.model, context.other
    if friend is None or not named(hero, _BARDS_KIN) or not named(friend, _GUARDS):
        return None
    braga = [
        m for m in context.state.living(friend.player) if "air of self-importance" in m.triggers
    ]
    near = any(b is friend or context.state.distance(b, friend) <= 3.0 for b in braga)
    return False if near else None


REGISTRY.register("air of self-importance", kind=Kind.RULE, source="BSData 5ed0-cc90-5335-fa6c")


# --- Heroic Actions without Might ------------------------------------------------------------

ANCESTRAL_FURY = "ancestral fury"


def _ancestral_fury(state: BattleState, hero: ModelState, name: str) -> bool:
    """Ancestral Fury (BSData 412e-adc2-d510-ec38): Thorin may call a Heroic Combat every
    Fight phase without expending Might."""
    return ANCESTRAL_FURY in hero.triggers and name == HEROIC_COMBAT


FREE_ACTIONS.append(_ancestral_fury)
REGISTRY.register(ANCESTRAL_FURY, kind=Kind.RULE, source="BSData 412e-adc2-d510-ec38")

PUPPET = "the master's puppet"
_PUPPET_ROLL: Status[list[tuple[int, str, bool]]] = Status("master's puppet", list, Lasting.TURN)


def _masters_puppet(state: BattleState, hero: ModelState, name: str) -> bool:
    """The Master's Puppet (BSData e354-9e04-bc91-20fb): while the Master of Lake-town has
    Will left, a Heroic Action Braga declares within 6" of him is free on a 4+ (one D6 per
    declaration, READINGS: rolled when the action is first weighed)."""
    if PUPPET not in hero.triggers:
        return False
    master = friend_within(state, hero, 6.0, ("the master of lake-town",))
    if master is None or master.will <= 0:
        return False
    rolled = _PUPPET_ROLL.of(hero)
    found = [
        free for turn, phase, free in rolled if (turn, phase) == (state.turn, state.phase.value)
    ]
    if not found:
        (die,) = state.roll(1, f"the master's puppet {hero.uid}")
        found = [die >= 4]
        rolled.append((state.turn, state.phase.value, die >= 4))
    return found[0]


FREE_ACTIONS.append(_masters_puppet)
REGISTRY.register(PUPPET, kind=Kind.RULE, source="BSData e354-9e04-bc91-20fb")


# --- "For the Shire!": Boromir's Might --------------------------------------------------------

SHIRE = "for the shire!"


def _boromir(state: BattleState, model: ModelState) -> ModelState | None:
    """ "For the Shire!" (BSData e6c8-a632-0cec-11d3): within 3" of Boromir of Gondor, Merry
    or Pippin may spend Boromir's Might points as if they were his own."""
    if SHIRE not in model.triggers:
        return None
    return friend_within(state, model, 3.0, ("boromir of gondor",))


MIGHT_LENDERS.append(_boromir)
REGISTRY.register(SHIRE, kind=Kind.RULE, source="BSData e6c8-a632-0cec-11d3")


# --- A Good Sort Really: Dori's Might, Will and Fate ------------------------------------------

GOOD_SORT = "a good sort really"


def _dori(state: BattleState, model: ModelState) -> ModelState | None:
    """A Good Sort Really (BSData babf-d482-bc85-6e1d for Bilbo Baggins and Dori; e64d-db19-
    e8a9-fc7c for Bilbo, Master Burglar and Dori, Champion of Erebor): within 3" of Dori,
    Bilbo may spend Dori's Might, Will and Fate points as if they were his own (READINGS: any
    Bilbo card and any friendly Dori carrying the rule)."""
    if not named(model, ("bilbo",)):
        return None
    for dori in state.living(model.player):
        if GOOD_SORT in dori.triggers and state.distance(dori, model) <= 3.0:
            return dori
    return None


for _pool in Pool:
    LENDERS[_pool].append(_dori)
REGISTRY.register(
    GOOD_SORT, kind=Kind.RULE, source="BSData babf-d482-bc85-6e1d, e64d-db19-e8a9-fc7c"
)
