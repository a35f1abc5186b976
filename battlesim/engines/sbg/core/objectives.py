"""What a scenario is, as data: deployment, objectives, victory points, end condition.

A scenario of the library (``rules/scenario_library.py``) is one ``ScenarioSpec``; the rules
(``rules/scenarios.py``) read it to deploy, score and end a battle, and the players read the
same objects to know what to fight for. Nothing here plays: these are plain typed facts.

    spec.objectives           # what there is to hold, carry, storm or leave by
    spec.awards               # the victory points besides the objectives
    spec.end                  # turn limit, a quarter left, Break plus a random end
    spec.assumptions          # every fact taken from general knowledge, flagged

Coordinates are inches on the scenario's table (48" x 48" unless ``width``/``depth`` say
otherwise); side 0 deploys along y = 0, side 1 along y = depth (``Deployment``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from battlesim.engines.sbg.core.data import DEFAULT_TURN_LIMIT

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


class Scoring(enum.Enum):
    """How an objective scores at the end of the battle."""

    HOLD = "hold"  # more models within ``reach`` of the marker than the enemy
    CAPTURE = "capture"  # last side with models within reach and no enemy there (kept)
    CARRY = "carry"  # a Light object (ADV-LIGHT-01): carried by a living model at the end
    SEARCH = "search"  # a marker a model searches; one of them holds the object ``carry``
    CAMP = "camp"  # the ``owner`` defends it: the enemy scores holding it, the owner keeping it
    ESCAPE = "escape"  # models leaving the table by the enemy's edge (they leave the battle)


@dataclass(frozen=True, slots=True)
class Objective:
    """One thing a scenario asks the sides to fight for.

    ``points`` is the victory points it is worth to the side that scores it (``per_model``
    for each model counted, up to ``cap`` models); ``owner`` is the only side it scores for
    (None: either), but a CAMP's ``owner`` is the side that defends it (``scorer`` reads
    both). ``carry`` names the Light object a SEARCH marker may hold; for ESCAPE
    ``points`` is scored once a ``share`` of the side's starting models has left.
    """

    name: str
    scoring: Scoring
    point: Point | None = None
    points: int = 0
    reach: float = 3.0
    owner: int | None = None
    per_model: int = 0
    cap: int = 0
    keep_points: int = 0  # CAMP: to the owner when no enemy model is within reach
    share: float = 0.0  # ESCAPE: fraction of starting models gone by the enemy's edge
    carry: str = ""
    heavy: bool = False  # CARRY: a Heavy object (ADV-HEAVY-01/02) rather than a Light one
    defence: int = 0  # CARRY: a model carried (ADV-CARRYMODEL-01): Light or Heavy by its Defence
    description: str = ""

    @property
    def scorer(self) -> int | None:
        """The only side that scores holding it (None: either): a CAMP's enemy, since its
        ``owner`` only keeps it clear (``keep_points``)."""
        if self.owner is None or self.scoring is not Scoring.CAMP:
            return self.owner
        return 1 - self.owner


class Award(enum.Enum):
    """Victory points that do not depend on a marker."""

    ENEMY_BROKEN = "enemy broken"  # the enemy lost more than half its starting models
    LEADER_SLAIN = "leader slain"  # the enemy leader
    LEADER_WOUNDED = "leader wounded"  # the enemy leader lost a Wound but lives
    BANNER = "banner"  # per enemy banner bearer slain
    ATTRITION = "attrition"  # destroyed the greater share of the enemy force
    WOUNDS = "wounds"  # per Wound the enemy lost (a slain model: all its Wounds)
    LEADER_KILLS = "leader kills"  # per enemy model your leader slew in a fight
    TARGET_SLAIN = "target slain"  # the enemy Hero you nominated at the start
    TARGET_WOUNDED = "target wounded"


@dataclass(frozen=True, slots=True)
class VictoryAward:
    """``points`` for ``award``; ENEMY_BROKEN gives ``unbroken_points`` instead when your own
    force is not broken (when nonzero); ``cap`` limits a per-item award (0: none)."""

    award: Award
    points: int
    unbroken_points: int = 0
    cap: int = 0


@dataclass(frozen=True, slots=True)
class EndCondition:
    """When the battle ends, checked at the end of each turn.

    ``quarter``: a force at or below a quarter of its starting models on the table.
    ``random_end``: once a force is broken, a D6 at the end of each turn ends the battle on
    this score or less (0: never). ``turn_limit`` is the safeguard (data.DEFAULT_TURN_LIMIT).
    """

    turn_limit: int = DEFAULT_TURN_LIMIT
    quarter: bool = True
    random_end: int = 0


@dataclass(frozen=True, slots=True)
class Deployment:
    """Each side's zone: a strip ``depth`` deep along its own edge, or given ``zones``;
    ``by_edge``: no force deploys, every model enters by its side's table edge and the
    Siege Engines are deployed by the edge roll (SE-DEPLOY-02, rules/edge_entry.py)."""

    depth: float = 12.0
    zones: tuple[Rect, Rect] | None = None
    description: str = ""
    by_edge: bool = False


@dataclass(frozen=True, slots=True)
class GateSpec:
    """SIEGE-GATE-01 (002:L3240): a gate of the fortification, of a kind of the door table
    (SIEGE-GATE-TABLE, rules/fortifications.py), held by ``owner`` (the defender); ``width``
    in inches is its base's diameter, spanning the gateway."""

    point: Point
    kind: str = "castle gate"
    owner: int = 1
    width: float = 3.0


@dataclass(frozen=True, slots=True)
class BarricadeSpec:
    """SIEGE-BARR-01 (002:L3315): a barricade of the besieged side from ``start`` to ``end``
    (at most 6"); ``spiked``: a spiked barricade (SIEGE-SPIKED-01)."""

    start: Point
    end: Point
    spiked: bool = False


@dataclass(frozen=True, slots=True)
class TowerSpec:
    """SIEGE-TOWER-01 (002:L3343): a siege tower of ``owner`` (the attacker) set at
    ``point``, facing the nearest fortified wall, with up to ``aboard`` Infantry inside."""

    point: Point
    owner: int = 0
    aboard: int = 0


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """A scenario of the library, all data. ``table`` is the preset it asks for (None: the
    job's choice); ``special_rules`` are words the rules read ("search", "escape"...)."""

    name: str
    title: str
    deployment: Deployment
    objectives: tuple[Objective, ...]
    awards: tuple[VictoryAward, ...]
    end: EndCondition
    assumptions: tuple[str, ...]
    special_rules: tuple[str, ...] = ()
    table: str | None = None
    siege: bool = False
    sentries: int | None = None  # ADV-SENTRY: this side's Warriors are posted as sentries
    features: tuple[str, ...] = ()  # asked of a generated table (table_generator.ASKED)
    gates: tuple[GateSpec, ...] = ()  # SIEGE-GATE-01: gates standing on the table
    rams: tuple[Point, ...] = ()  # SIEGE-RAM-01: the attacker's rams, lying ready
    ladders: tuple[Point, ...] = ()  # SIEGE-LADDER-01: the attacker's siege ladders
    towers: tuple[TowerSpec, ...] = ()  # SIEGE-TOWER-01: the attacker's siege towers
    rocks: tuple[Point, ...] = ()  # SIEGE-ROCKS-01: the defender's piles of rocks
    cauldrons: tuple[Point, ...] = ()  # SIEGE-BOIL-01: the defender's boiling water
    rally_points: tuple[Point, ...] = ()  # SIEGE-RALLY-01: the defender's rallying points
    barricades: tuple[BarricadeSpec, ...] = ()  # SIEGE-BARR-01: added to the table
    # each side's share of its list's points (rules/scenario_forces.py): a siege's defender
    points_share: tuple[float, float] = (1.0, 1.0)
    width: float = 48.0
    depth: float = 48.0
    summary: str = ""


@dataclass(frozen=True, slots=True)
class Goal:
    """Where a scenario wants a model to go now; ``press`` ignores enemies close by (a
    carrier heading home, a model running for the enemy's edge)."""

    point: Point
    press: bool = False
