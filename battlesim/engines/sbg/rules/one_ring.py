"""The One Ring (part 2 §7.3, 002:L2196-2249): who bears it, invisibility, "My precious!".

Queries the phases ask (is this bearer invisible to that model? may a model pass through
it?), the Fight halving as a hook handler, the priority among several bearers and the removal
of a bearer left alone wearing the Ring. The Move-phase steps (Will of Sauron, putting the
Ring on or off, spotting a bearer before a charge) are in ``phases/ring.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.state import Happening, On, Removal, on
from battlesim.engines.sbg.core.status import Lasting, Status

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState
    from battlesim.engines.sbg.core.units import PlayerId, Profile

RING = "the one ring"
# RING-INV-07 (002:L2212): none of the invisibility rules apply to Sauron or the Nazgûl.
# SR-WILLEVIL (002:L2815): the bearer is not invisible to a model with Will of Evil either
_SEE_THE_INVISIBLE = frozenset({"sauron", "nazgûl", "nazgul", "ringwraith", "will of evil"})
# RING-PREC-02 (002:L2242-2247): the bearer highest in this list keeps the Ring.
UNLISTED_RANK = 7


@dataclass(slots=True)
class RingState:
    """RING-*: the One Ring on a model (owned by the Ring's rules)."""

    ring_on: bool = False  # wearing it (RING-ON-01)
    ring_changed: int = -1  # the turn it last went on or off
    sauron_turn: int = -1  # the turn the opponent moves the bearer (Will of Sauron)
    ring_unseen_turn: int = -1  # the turn this model failed to spot a bearer


RING_STATE: Status[RingState] = Status("one ring", RingState, Lasting.BATTLE)


def ring(model: ModelState) -> RingState:
    return RING_STATE.of(model)


# The models wearing the Ring now, per battle: the hot loops of movement and sight ask
# ``ring_worn(state)`` once instead of every model (speed).
_WEARERS: Status[set[str]] = Status("ring wearers", set, Lasting.BATTLE)


def wear(state: BattleState, model: ModelState, on: bool) -> None:
    """Put the Ring on the model or take it off (RING-ON-01, RING-OFF-01)."""
    ring(model).ring_on = on
    wearers = _WEARERS.of(state)
    if on:
        wearers.add(model.uid)
    else:
        wearers.discard(model.uid)


def ring_worn(state: BattleState) -> bool:
    """Whether any model wears the Ring now."""
    wearers = state.status.get(_WEARERS)
    return bool(wearers)


def wears_ring(model: ModelState) -> bool:
    """Whether the model wears the Ring (no status is made for models that never did)."""
    found = model.status.get(RING_STATE)
    return found is not None and found.ring_on


def bears_ring(model: ModelState) -> bool:
    return RING in model.triggers


def sees_invisible(model: ModelState) -> bool:
    """RING-INV-07: Sauron and the Nazgûl (by keyword, rule or name) ignore invisibility."""
    name = model.profile.name.lower()
    return bool(model.triggers & _SEE_THE_INVISIBLE) or "sauron" in name or "nazgûl" in name


def invisible_to(bearer: ModelState, viewer: ModelState) -> bool:
    """RING-INV-01..05: a bearer wearing the Ring, seen by anyone but Sauron or a Nazgûl."""
    return wears_ring(bearer) and bearer is not viewer and not sees_invisible(viewer)


def passes_through(state: BattleState, mover: ModelState, other: ModelState) -> bool:
    """RING-INV-02 (002:L2206): the invisible bearer moves through any model, and enemies
    move through it (RING-INV-03: never through an engaged bearer, which cannot make room)."""
    if not ring_worn(state):
        return False  # nobody wears it (speed)
    if wears_ring(mover):
        return True
    enemy = other.player != mover.player
    return enemy and invisible_to(other, mover) and not state.engaged(other)


def foe_moves(state: BattleState, model: ModelState) -> bool:
    """RING-WILL-02: the Will of Sauron roll failed this turn, the opponent moves it."""
    return ring(model).sauron_turn == state.turn


def heroics_help_allies(model: ModelState) -> bool:
    """RING-INV-06 (002:L2210): an invisible Hero's Heroic Actions never benefit allies
    ("With Me!", "At the Double!", allies moving after a Heroic Combat). For the heroic
    actions code: ask this before letting allies profit."""
    return not wears_ring(model)


def targetable_by_power(bearer: ModelState, caster: ModelState) -> bool:
    """RING-INV-01: no Magical Power targets an invisible bearer directly (for the magic
    code; powers are not played yet)."""
    return not invisible_to(bearer, caster)


def ring_rank(profile: Profile) -> int:
    """RING-PREC-02 (002:L2242-2247): 1 Sauron, 2 Isildur, 3 Bilbo of Thorin's Company or
    Master Burglar, 4 Frodo, 5 Bilbo of the Shire or Rivendell, 6 Gollum."""
    name = profile.name.lower()
    if "sauron" in name:
        return 1
    if "isildur" in name:
        return 2
    if "bilbo" in name:
        company = "burglar" in name or bool({"thorin's company", "dwarf"} & profile.keywords)
        return 3 if company else 5
    if "frodo" in name:
        return 4
    if "gollum" in name or "sméagol" in name or "smeagol" in name:
        return 6
    return UNLISTED_RANK


def settle_bearers(state: BattleState) -> None:
    """RING-PREC-02: only the highest-ranked bearer(s) keep the Ring; both players keep it
    when their best bearers share a rank."""
    bearers = [m for m in state.living() if bears_ring(m)]
    if len(bearers) < 2:
        return
    best = min(ring_rank(m.profile) for m in bearers)
    for model in bearers:
        if ring_rank(model.profile) > best:
            model.triggers = model.triggers - {RING}
            wear(state, model, False)
            state.log.emit("ring_priority", model=model.uid, loses=RING)


# Rules whose bearer ignores the Will of Sauron and "My precious!" (It Has Not Yet Awoken)
UNAWOKEN: set[str] = set()


def my_precious(state: BattleState, player: PlayerId) -> None:
    """RING-PREC-01 (002:L2232-2234): the last living model of an army, wearing the Ring,
    is removed as a casualty (every battle here is a matched-play game)."""
    alive = state.living(player)
    if len(alive) == 1 and wears_ring(alive[0]) and not alive[0].triggers & UNAWOKEN:
        state.log.emit("my_precious", model=alive[0].uid)
        state.remove(alive[0], Removal.PRECIOUS)


@on(On.REMOVED, "my precious", order=10)
def _last_one(state: BattleState, blow: Happening) -> None:
    my_precious(state, blow.model.player)
