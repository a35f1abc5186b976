"""Bases and model heights: the physical facts the rulebook leaves to the miniatures.

The seed says a model stays on "its supplied base" (BASE-01, 002:L307) and that a model's height
is its "real height, head to feet" agreed by the players (MOVE-OBS-04, 002:L534); it gives no
sizes. Every number below is therefore an ASSUMPTION, kept here in one place:

- Bases: 25 mm round for infantry, 40 mm round for large infantry and most monsters, 60 mm round
  for big monsters, 50 x 25 mm oval for cavalry (the common plastic cavalry base). 1" = 25.4 mm.
- Heights, in inches, head to feet at the 28 mm scale (a Man is about 1.2"). For cavalry two
  heights matter: the mount's shoulder height, used for obstacles and gaps (CAV-MOVE-02,
  002:L1276), and the rider's head, used for line of sight (CAV-DEF-03, 002:L1272).
- Line of sight (A10 of the ambiguity register): each model is a vertical prism of its base
  footprint and its height (half height when prone, LOS-04); the eye sits at
  ``EYE_FRACTION`` of the height; the sampling constants are below and
  ``geometry.line_of_sight`` explains their use.

The geometric assumptions (bases, heights, line of sight, paths...) are entries of
``data.ASSUMPTIONS``, with every other assumption of the engine.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any

Inches = float
Point = tuple[float, float]

MM_PER_INCH = 25.4
EYE_FRACTION = 0.9  # ASSUMPTION: eyes at 90% of the height (the head is the top tenth)
# ASSUMPTION (line of sight, A10): the target's body is sampled across its base (centre and
# 60% out to each side, as seen from the viewer) at legs, body and head heights; a blocking
# figure fills 80% of its round base's radius (a figure is narrower than its base).
LOS_SAMPLE_SIDES = (-0.6, 0.0, 0.6)
LOS_SAMPLE_HEIGHTS = (0.2, 0.55, 0.9)
BODY_FRACTION = 0.8


class BaseShape(Enum):
    CIRCLE = "circle"
    OVAL = "oval"
    RECT = "rect"


class UnknownBaseError(ValueError):
    """A base description that names no known shape or has a non-positive size."""


@dataclass(frozen=True, slots=True)
class Base:
    """A model's footprint: ``width`` across, ``depth`` front to back (inches), ``facing``
    the direction (degrees, counter-clockwise from +x) the front points to.

    Facing is ignored for circles. ``radius`` is the circumscribed radius: the hot paths use
    it to reject far pairs before any exact test.
    """

    shape: BaseShape
    width: Inches
    depth: Inches
    facing: float = 0.0
    # Derived once: the hot paths read these millions of times.
    is_circle: bool = field(init=False, repr=False, compare=False)
    radius: Inches = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.width <= 0 or self.depth <= 0:
            raise UnknownBaseError(f"base sizes must be positive, not {self.width}x{self.depth}")
        if self.shape is BaseShape.CIRCLE and self.width != self.depth:
            raise UnknownBaseError("a circular base has one diameter: width == depth")
        object.__setattr__(self, "is_circle", self.shape is BaseShape.CIRCLE)
        object.__setattr__(self, "radius", self._circumscribed())

    def _circumscribed(self) -> Inches:
        if self.shape is BaseShape.RECT:
            return math.hypot(self.width, self.depth) / 2
        return max(self.width, self.depth) / 2

    @property
    def area(self) -> float:
        if self.shape is BaseShape.RECT:
            return self.width * self.depth
        return math.pi * self.width * self.depth / 4

    def facing_to(self, degrees: float) -> Base:
        """Return the same base turned to ``degrees`` (a circle is returned unchanged)."""
        if self.is_circle:
            return self
        return Base(self.shape, self.width, self.depth, degrees % 360.0)

    def to_json(self) -> dict[str, object]:
        return {
            "shape": self.shape.value,
            "width": self.width,
            "depth": self.depth,
            "facing": self.facing,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Base:
        try:
            shape = BaseShape(data["shape"])
        except (KeyError, ValueError) as error:
            raise UnknownBaseError(f"unknown base shape in {data!r}") from error
        return cls(
            shape,
            float(data["width"]),
            float(data["depth"]),
            float(data.get("facing", 0.0)),
        )


def round_base(mm: float) -> Base:
    """Return a round base of ``mm`` millimetres diameter."""
    return Base(BaseShape.CIRCLE, mm / MM_PER_INCH, mm / MM_PER_INCH)


def oval_base(width_mm: float, depth_mm: float, facing: float = 0.0) -> Base:
    """Return an oval base; ``depth_mm`` runs nose to tail (the long axis for cavalry)."""
    return Base(BaseShape.OVAL, width_mm / MM_PER_INCH, depth_mm / MM_PER_INCH, facing)


INFANTRY_BASE = round_base(25)
LARGE_BASE = round_base(40)
HUGE_BASE = round_base(60)
WAR_BEAST_BASE = round_base(100)  # ASSUMPTION: WB-MOV-* big base, see ASSUMPTIONS["bases"]
CAVALRY_BASE = oval_base(25, 50)

# ASSUMPTION: base by keyword; the first matching rule wins, checked in this order.
WAR_BEAST_KEYWORDS = frozenset({"mumak", "mûmak", "war beast"})
HUGE_KEYWORDS = frozenset({"ent", "dragon", "balrog", "fell beast", "great beast", "eagle"})
LARGE_KEYWORDS = frozenset({"troll", "ogre", "monster", "siege engine", "beast"})

# ASSUMPTION: heights head to feet (inches) by race keyword; the tallest match wins.
HEIGHTS: dict[str, Inches] = {
    "hobbit": 0.75,
    "dwarf": 0.95,
    "goblin": 0.9,
    "orc": 1.1,
    "man": 1.2,
    "woman": 1.15,
    "spirit": 1.2,
    "elf": 1.25,
    "uruk-hai": 1.25,
    "wizard": 1.2,
    "ogre": 2.0,
    "troll": 2.4,
    "monster": 2.4,
    "eagle": 1.6,
    "balrog": 3.0,
    "dragon": 3.0,
    "fell beast": 2.5,
    "ent": 4.0,
    "mumak": 5.0,
    "mûmak": 5.0,
    "war beast": 4.0,
}
DEFAULT_HEIGHT: Inches = 1.2
# ASSUMPTION: mount shoulder heights (inches) by mount keyword, and the rider's seated height
# above the saddle (added to the shoulder height for the rider's head, CAV-DEF-03).
MOUNT_SHOULDERS: dict[str, Inches] = {
    "horse": 1.2,
    "warg": 0.9,
    "pony": 0.85,
    "goat": 0.9,
    "spider": 0.8,
    "camel": 1.5,
    "boar": 0.8,
    "elk": 1.3,
}
DEFAULT_MOUNT_SHOULDER: Inches = 1.2
RIDER_SEATED: Inches = 0.8


@lru_cache(maxsize=4096)  # pure, and asked for every sight line and move (speed)
def _words(keywords: frozenset[str]) -> frozenset[str]:
    return frozenset(word.strip().lower() for word in keywords)


@lru_cache(maxsize=4096)
def base_for(keywords: frozenset[str], mounted: bool = False) -> Base:
    """Return the base a model stands on, from its keywords (case-insensitive).

    >>> base_for(frozenset({"Man", "Gondor", "Infantry", "Warrior"})) == INFANTRY_BASE
    True
    >>> base_for(frozenset({"Man", "Rohan"}), mounted=True).shape
    <BaseShape.OVAL: 'oval'>
    """
    words = _words(keywords)
    if words & WAR_BEAST_KEYWORDS:
        return WAR_BEAST_BASE
    if words & HUGE_KEYWORDS:
        return HUGE_BASE
    if words & LARGE_KEYWORDS:
        return LARGE_BASE
    if mounted or "cavalry" in words:
        return CAVALRY_BASE
    return INFANTRY_BASE


@lru_cache(maxsize=4096)
def height_for(keywords: frozenset[str], mounted: bool = False, prone: bool = False) -> Inches:
    """Return the model's height for line of sight (the rider's head when mounted).

    A prone model counts as half its height (LOS-04, 002:L653).
    """
    words = _words(keywords)
    if mounted or "cavalry" in words:
        height = mount_height_for(keywords) + RIDER_SEATED
    else:
        height = max((HEIGHTS[w] for w in words if w in HEIGHTS), default=DEFAULT_HEIGHT)
    return height / 2 if prone else height


@lru_cache(maxsize=4096)
def mount_height_for(keywords: frozenset[str]) -> Inches:
    """Return a mount's shoulder height, the one compared with obstacles (CAV-MOVE-02)."""
    words = _words(keywords)
    return max(
        (MOUNT_SHOULDERS[w] for w in words if w in MOUNT_SHOULDERS), default=DEFAULT_MOUNT_SHOULDER
    )


@lru_cache(maxsize=4096)
def obstacle_height_for(keywords: frozenset[str], mounted: bool = False) -> Inches:
    """Return the height compared with obstacles and gaps: the model's own, or its mount's
    shoulders when mounted (MOVE-OBS-05, 002:L1276)."""
    if mounted or "cavalry" in _words(keywords):
        return mount_height_for(keywords)
    return height_for(keywords)


def eye_height(height: Inches) -> Inches:
    """Return the eye level above the ground of a model ``height`` tall."""
    return height * EYE_FRACTION
