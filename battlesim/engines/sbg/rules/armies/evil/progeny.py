"""The Spider Queen's Progeny (BSData 706c-e0ef-fc5f-d441), from the BattleScribe rule text:
in her Move phase she may spend any number of her remaining Will points, each summoning one
Broodling (profile BSData da99-c4f5-2aa2-6c89) placed within 3" of her, not in base contact
with an enemy. Broodlings may move and charge in the turn they arrive and are not counted
when working out whether a force is Broken (READINGS: summoned as the Move phase starts,
before either side moves; a Broodling's casualty is no casualty of its army)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import Point, point_distance, terrain_fits
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import UNCOUNTED, BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelSpec, Profile
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.muster import model_state
from battlesim.engines.sbg.rules.pools import Pool, spend

PROGENY = "progeny"
BROODLING = "broodling"  # the summoned model's own rule: no casualty for Broken (COUR-BRK-01)
SOURCE = "BSData 706c-e0ef-fc5f-d441 (Progeny, the Spider Queen)"
REACH = 3.0  # "anywhere within 3" of the Spider Queen"
# The Broodling card (BSData da99-c4f5-2aa2-6c89): M10" F2/6+ S3 D3 A1 W1 C2, Spider Mirkwood
# Infantry Warrior; it lists no wargear: it bites with fangs as the Queen does (natural
# weapons, not unarmed).
BROODLING_PROFILE = Profile(
    name="Broodling",
    move=10.0,
    fight=2,
    shoot=6,
    strength=3,
    defence=3,
    attacks=1,
    wounds=1,
    courage=2,
    keywords=frozenset({"spider", "mirkwood", "infantry", "warrior"}),
    wargear=("natural weapons",),
    rules=("Broodling",),
)
_SUMMONED: Status[list[str]] = Status("progeny: broodlings summoned", list, Lasting.BATTLE)
_ANGLES = 16  # candidate spots around her, on rings from touching to 3" away


@dataclass(frozen=True, slots=True)
class SummonBroodlings(Decision[int]):
    """How many Will points the Spider Queen spends on Broodlings now (0 to ``will``). The
    heuristic: once an enemy is within 24", every Will point but one (kept to resist magic);
    the last one too when she is Engaged or fewer than three friends remain."""

    queen: ModelState
    will: int

    def default(self, state: BattleState) -> int:
        enemies = state.enemies(self.queen)
        if not any(state.distance(self.queen, e) <= 24.0 for e in enemies):
            return 0
        pressed = state.engaged(self.queen) or len(state.living(self.queen.player)) < 3
        return self.will if pressed else max(0, self.will - 1)


def spots(state: BattleState, queen: ModelState, radius: float) -> list[Point]:
    """Where a Broodling may stand: its base within 3" of hers, on the table,
    off blocking terrain, overlapping no base and touching no enemy's."""
    found: list[Point] = []
    for ring in (0.05, 1.0, 2.0, REACH - 0.1):
        gap = queen.radius + radius + ring
        for k in range(_ANGLES):
            angle = 2 * math.pi * k / _ANGLES
            point = (queen.x + gap * math.cos(angle), queen.y + gap * math.sin(angle))
            if _free(state, queen, point, radius):
                found.append(point)
    return found


def _free(state: BattleState, queen: ModelState, point: Point, radius: float) -> bool:
    if not terrain_fits(state.table, point, radius, state.width, state.depth):
        return False
    x, y = point
    for other in state.near(x, y, radius + state.largest_radius + 0.1):
        gap = point_distance(point, other.position) - radius - other.radius
        if gap < 0.01 or (other.player != queen.player and gap < 0.05):
            return False
    return True


def summon(state: BattleState, queen: ModelState) -> ModelState | None:
    """One Will point, one Broodling at the first free spot (None: no room, no Will spent)."""
    uid = f"{queen.uid}b{len(_SUMMONED.of(queen)) + 1}"
    broodling = model_state(ModelSpec(uid, BROODLING_PROFILE), queen.player, queen.position)
    room = spots(state, queen, broodling.radius)
    if not room or queen.will < 1:
        return None
    if not spend(state, queen, Pool.WILL):
        return None  # the deed is cancelled (pools.SPENT): the Will stays spent
    broodling.x, broodling.y = room[0]
    state.spawn(broodling)
    _SUMMONED.of(queen).append(uid)
    state.log.emit(
        "army_rule",
        model=queen.uid,
        rule=PROGENY,
        summoned=uid,
        name=BROODLING_PROFILE.name,
        at=[round(room[0][0], 3), round(room[0][1], 3)],
        will=queen.will,
    )
    return broodling


@every(Tick.PHASE_START, PROGENY, order=45)
def _progeny(state: BattleState) -> None:
    if state.phase is not Phase.MOVE:
        return
    for queen in [m for m in state.living() if PROGENY in m.triggers and m.will > 0]:
        wanted = ask(state, queen, SummonBroodlings(queen, queen.will))
        for _ in range(max(0, min(int(wanted), queen.will))):
            if summon(state, queen) is None:
                break


UNCOUNTED.add(BROODLING)
REGISTRY.register(PROGENY, kind=Kind.RULE, source=SOURCE)
REGISTRY.register(BROODLING, kind=Kind.RULE, source="BSData 706c-e0ef-fc5f-d441 (Broodlings)")
