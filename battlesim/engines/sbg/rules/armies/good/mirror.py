"""The Mirror of Galadriel (BSData 022c-3102-e0fb-55f1, Galadriel's option 4fb6-ca9b-e643-195f,
game system page 83): "The mirror is a Heavy Object with a Defence of 8 and 3 Wounds. It is
deployed within 6" of Galadriel at the start of the game. [...] During the End Phase of each
turn, one friendly Hero model within 6" may restore their Fate to its starting value."

Readings (READINGS "Mirror of Galadriel"): the mirror stands on the table as a piece of her
side (``units.OBJECT_PIECE``: no model of the army, never counted for Break), on a 40 mm base
(data.ASSUMPTIONS "mirror"); its owner places it, through the Player, where its base lies
within 6" of hers once the armies are deployed; the 6" of the End phase are measured from the
mirror; enemies touching it attack it as a gate (SIEGE-GATEATK-01: no Duel, one To Wound roll
per Attack against Defence 8) and shots may target it like a model; at 0 Wounds it is broken
and its power ends. Carrying it onto the table is for scenarios in which armies move on: none
of ours does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.objectives import Point
from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.units import OBJECT_PIECE, ModelSpec, Profile
from battlesim.engines.sbg.rules import fortifications, muster
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.reinforcements import spot_free

MIRROR = "mirror of galadriel"
_SOURCE = "BSData 022c-3102-e0fb-55f1 (Mirror of Galadriel)"
MIRROR_DEFENCE, MIRROR_WOUNDS = 8, 3
REACH = 6.0  # « within 6" of Galadriel », « one friendly Hero model within 6" »
BASE_MM = 40.0  # data.ASSUMPTIONS "mirror"
_RINGS = 6  # spots offered: rings an inch apart round her, twelve headings each

REGISTRY.register(MIRROR, kind=Kind.RULE, source=_SOURCE)


def mirror_profile() -> Profile:
    return Profile(
        name="galadriel's mirror",
        move=0.0,
        fight=0,
        shoot=6,
        strength=0,
        defence=MIRROR_DEFENCE,
        attacks=0,
        wounds=MIRROR_WOUNDS,
        courage=0,
        keywords=frozenset({OBJECT_PIECE, MIRROR}),
        base_mm=BASE_MM,
    )


def is_mirror(model: ModelState) -> bool:
    return OBJECT_PIECE in model.triggers and MIRROR in model.triggers


def mirrors(state: BattleState, player: int) -> list[ModelState]:
    if not state.structures:
        return []
    return [m for m in state.living(player) if is_mirror(m)]


def spots(state: BattleState, owner: ModelState, piece: ModelState) -> tuple[Point, ...]:
    """Free spots where the mirror's base lies within 6" of the owner's, on the table."""
    found = []
    for ring in range(1, _RINGS + 1):
        gap = owner.radius + piece.radius + ring - 0.5
        for k in range(12):
            angle = k * math.pi / 6
            spot = (owner.x + gap * math.cos(angle), owner.y + gap * math.sin(angle))
            if spot_free(state, piece, spot):
                found.append(spot)
    return tuple(found)


@every(Tick.TURN_START, "mirror of galadriel placed", order=5)
def _place(state: BattleState) -> None:
    """At the start of the game, each owner of the option sets the mirror down."""
    if state.turn != 1:
        return
    for owner in [m for m in state.living() if MIRROR in m.triggers and not is_mirror(m)]:
        uid = f"{owner.uid}mirror"
        if uid in state.models:
            continue
        piece = muster.model_state(ModelSpec(uid, mirror_profile()), owner.player, owner.position)
        offered = spots(state, owner, piece)
        spot = ask(state, owner, PlaceMirror(owner, offered)) if offered else None
        if spot is None or tuple(spot) not in offered:
            state.log.emit("mirror_unplaced", model=owner.uid)
            continue
        piece.x, piece.y = spot
        state.spawn(piece)
        state.log.emit("mirror_placed", model=uid, owner=owner.uid, at=[*spot])


def _missing_fate(hero: ModelState) -> int:
    return muster.starting_pools(hero.profile)["fate"] - hero.fate


@every(Tick.PHASE_START, "mirror of galadriel restores fate", order=70)
def _restore(state: BattleState) -> None:
    """End phase: one friendly Hero within 6" of a standing mirror regains all its Fate."""
    if state.phase is not Phase.END or not state.structures:
        return
    for player in (0, 1):
        for piece in mirrors(state, player):
            heroes = tuple(
                m
                for m in state.living(player)
                if m.profile.is_hero
                and not is_mirror(m)
                and _missing_fate(m) > 0
                and state.distance(piece, m) <= REACH + 1e-9
            )
            if not heroes:
                continue
            chosen = ask(state, heroes[0], RestoreFate(piece, heroes))
            hero = next((m for m in heroes if m.uid == chosen), None)
            if hero is None:
                continue
            gained = _missing_fate(hero)
            hero.fate += gained
            state.log.emit("regained", model=hero.uid, pool="fate", count=gained, rule=MIRROR)


@grant(May.BE_CHARGED, MIRROR, source=_SOURCE)
def _not_charged(_context: object) -> bool:
    """Attacked where it stands, as a gate (reading), never charged into a fight."""
    return False


@on(On.KNOCKED_DOWN, "mirror stands", order=0, trigger=MIRROR)
def _stands(_state: BattleState, _happening: Happening) -> bool:
    return True


@every(Tick.PHASE_END, "mirror of galadriel attacked", 43)
def _attacked(state: BattleState) -> None:
    """At the Fight phase's end, enemies touching the mirror that fought no one may attack it
    as a gate (reading: SIEGE-GATEATK-01's automatic win, To Wound against Defence 8)."""
    if state.phase is not Phase.FIGHT or state.players is None or not state.structures:
        return
    for player in (0, 1):
        for piece in mirrors(state, player):
            for model in fortifications.attackers(state, piece):
                if not piece.alive:
                    break
                if state.players[model.player].decide(state, AttackObject(model, piece)):
                    fortifications.attack_gate(state, model, piece, event="object_attacked")


@on(On.REMOVED, "mirror of galadriel broken", order=50, trigger=MIRROR)
def _broken(state: BattleState, happening: Happening) -> None:
    if is_mirror(happening.model):
        state.log.emit("mirror_broken", model=happening.model.uid, source=happening.source)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class PlaceMirror(Decision[Point | None]):
    """Where Galadriel's mirror stands: one of the free ``spots`` within 6" of her. Default:
    the spot farthest from the nearest enemy (it restores Fate where it stays standing)."""

    owner: ModelState
    spots: tuple[Point, ...]

    def default(self, state: BattleState) -> Point | None:
        enemies = state.living(1 - self.owner.player)

        def safety(spot: Point) -> float:
            return min((point_distance(spot, e.position) for e in enemies), default=0.0)

        return max(self.spots, key=lambda spot: (safety(spot), -spot[0], -spot[1]))


@dataclass(frozen=True, slots=True)
class RestoreFate(Decision[str | None]):
    """Which friendly Hero within 6" of the mirror regains its Fate (None: none). Default:
    the one missing the most, the first listed on a tie."""

    mirror: ModelState
    heroes: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str | None:
        return max(self.heroes, key=_missing_fate).uid


@dataclass(frozen=True, slots=True)
class AttackObject(Decision[bool]):
    """Does the model attack the enemy's object it touches (the mirror)? Default: yes."""

    model: ModelState
    piece: ModelState

    def default(self, state: BattleState) -> bool:
        return True
