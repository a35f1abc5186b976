"""Chariots: a rider on a chariot mount, played from each chariot's own BattleScribe text.

One unit serves every chariot; what differs is read from its rules' text into a
``ChariotSpec`` (rule ids in ``source``):

- the Khandish Chariot (mount card ba9e-83fc-e9b2-02fc): "Chariot Charge" (5f8c-40ec-984d-
  614e): Monstrous Charge, a pivot of up to 45 degrees, then up to 10" in straight lines with
  a further 45 degrees after each full 3", two Strength 4 hits on each model met; "Defensive
  Bulwark" (46de-374e-1d91-8aff): In The Way 1-4 the chariot, 5+ the rider, and a Strike at
  the rider hits the chariot on a 1-4; "Stable Platform" (2d04-12f6-f278-6d1f): a bow after a
  full move; "The Chariot and Magic" (3edc-8429-ce12-df4c): Sorcerous Blast, Nature's Wrath
  and Call Winds neither move it nor knock it Prone;
- the Iron Hills Chariot (card e6b3-e3a3-02d3-32bf): "Chariot Charge" (8340-4dcc-3a79-
  17d6): 4", a 45 degree pivot after a full 4", 4" more, three Strength 6 hits; "The Chariot
  in Combat" (a68c-6cf6-cbc4-de16): a Strike at the crew hits them on a 4+, else the
  chariot; it never backs away nor is Trapped; "Large War Machine" (8991-23cc-7087-1f3b):
  the charge bonuses as Cavalry, also against Cavalry, a shot hits the chariot on a 1-4,
  never knocked Prone, Barged or Hurled, no Jump, Climb, Leap or Swim and no difficult
  terrain; "The Chariot and Magic" (0c07-53ee-1be2-9ff4).

The chariot's characteristics are a mount's (core/data.MOUNT_PROFILES, from the cards). Its
run in the Move phase is ``phases/chariot_run.py``. READINGS: "Chariots".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status

PIVOT = 45.0  # degrees: both texts
MONSTROUS_CHARGE = "monstrous charge"  # SR-MONCHARGE, cavalry.py: both chariots have it


@dataclass(frozen=True, slots=True)
class ChariotSpec:
    """What one chariot's text says (see the module docstring)."""

    name: str
    leg: float  # inches a full leg runs before the next pivot
    pivots: int | None  # pivots allowed after the first one (None: after every full leg)
    hits: int  # hits on each model met while moving
    strength: int
    strike_rider_from: int  # D6 a Strike at the rider (crew) needs, else it hits the chariot
    shot_rider_from: int  # D6 a shot's In The Way roll needs to hit the rider
    difficult: bool  # may it enter difficult terrain?
    steadfast: bool  # never knocked Prone, Barged, Hurled, never backs away (Iron Hills)
    bow_after_full_move: bool
    crew_lost: bool  # "If the Chariot is slain, then the crew inside are lost" (Iron Hills)
    heroic_combat: bool  # "No model that is riding on an Iron Hills Chariot can declare a
    # Heroic Combat" (a68c-6cf6-cbc4-de16)
    source: str


KHANDISH = ChariotSpec(
    name="khandish chariot",
    leg=3.0,
    pivots=None,
    hits=2,
    strength=4,
    strike_rider_from=5,
    shot_rider_from=5,
    difficult=True,
    steadfast=False,
    bow_after_full_move=True,
    crew_lost=False,
    heroic_combat=True,
    source="BSData ba9e-83fc-e9b2-02fc, 5f8c-40ec-984d-614e, 46de-374e-1d91-8aff, "
    "2d04-12f6-f278-6d1f, 3edc-8429-ce12-df4c",
)
IRON_HILLS = ChariotSpec(
    name="iron hills chariot",
    leg=4.0,
    pivots=1,
    hits=3,
    strength=6,
    strike_rider_from=4,
    shot_rider_from=5,
    difficult=False,
    steadfast=True,
    bow_after_full_move=False,
    crew_lost=True,
    heroic_combat=False,
    source="BSData e6b3-e3a3-02d3-32bf, 8340-4dcc-3a79-17d6, a68c-6cf6-cbc4-de16, "
    "8991-23cc-7087-1f3b, 0c07-53ee-1be2-9ff4",
)
CHARIOTS = {spec.name: spec for spec in (KHANDISH, IRON_HILLS)}
for _spec in CHARIOTS.values():
    REGISTRY.register(_spec.name, kind=Kind.WARGEAR, source=_spec.source)
# BSData 92e6-a212-0722-1171: "an Iron Hills Captain will replace the driver ... with all of
# the usual wargear and special rules ... The Chariot counts as a Hero ... and may be the army
# leader ... replace the Warrior keyword with Hero whilst the Captain remains alive". The data
# gives the Iron Hills Chariot Captain as the Captain's own card riding the chariot (its mount):
# the model is the Captain (his Hero keyword, wargear, rules, Might, Will and Fate), may lead,
# and is removed with him (``crew_lost``): the rule holds by construction (READINGS "Chariots").
REGISTRY.register(
    "iron hills captain",
    kind=Kind.RULE,
    source="BSData 92e6-a212-0722-1171 (the Captain's card riding the chariot, chariots.py)",
)


def chariot_of(model: ModelState) -> ChariotSpec | None:
    """The chariot the model rides (alive), or None."""
    mount = model.mount
    if mount is None or mount.slain:
        return None
    return CHARIOTS.get(mount.profile.name)


@dataclass(slots=True)
class Facing:
    """The chariot's heading in radians (None until first asked: it faces the enemy)."""

    angle: float | None = None


FACING: Status[Facing] = Status("chariot facing", Facing, Lasting.BATTLE)


def heading(state: BattleState, model: ModelState) -> float:
    """The chariot's heading; deployed facing the centre of the enemy army (READINGS)."""
    facing = FACING.of(model)
    if facing.angle is None:
        enemies = state.enemies(model)
        if enemies:
            x = sum(e.x for e in enemies) / len(enemies)
            y = sum(e.y for e in enemies) / len(enemies)
        else:
            x, y = model.x, state.depth - model.y
        facing.angle = math.atan2(y - model.y, x - model.x)
    return facing.angle


def face(model: ModelState, angle: float) -> None:
    FACING.of(model).angle = angle


def pivot_allowed(spec: ChariotSpec, turn: float, moved: float, pivots_made: int) -> bool:
    """Whether a pivot of ``turn`` degrees is allowed after ``moved`` inches and
    ``pivots_made`` pivots since the run started (the first one, at 0", comes free)."""
    if abs(turn) > PIVOT + 1e-6:
        return False
    if pivots_made == 0:
        return moved <= 1e-9
    if spec.pivots is not None and pivots_made > spec.pivots:
        return False
    return moved + 1e-6 >= pivots_made * spec.leg
