"""Gríma's A Traitor Within (BSData acf8-c12d-29bb-4592), from the BattleScribe rule text.

Before deployment Gríma may be attached to an enemy warband and placed with it. Deployed so,
no enemy model may shoot at him, shoot while he is In The Way or strike blows against him
(they may charge and fight him; Magical Powers may target him: rules/untouchable.py
``DISGUISES``, read by shooting, siege engines, fights, barrier fights and Brutal Power
Attacks, which are made instead of Strikes). This ends if Saruman is slain, if
Gríma charges an enemy or if he scores a Wound with a Strike (even one saved by Fate). Winning
a Duel while hidden, he may strike no blows (``RevealAllegiance``).

Readings (READINGS.md): the choice is made as the first turn starts, once both armies stand
on the table and before anyone acts; "as if he was a member of that warband": the free spot
nearest the warband's Hero (its leader's warband when it is on the table, else the warband of
the enemy Hero nearest the table's centre), just outside the control zones of the models
there; "Saruman" is any card of his army named so; the first paragraph (deployed in
Saruman's warband) changes nothing in a battle: the engine deploys by rank, not by warband.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.paths import terrain_fits
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.fighting import HOLDS_BLOWS
from battlesim.engines.sbg.rules.untouchable import DISGUISES

A_TRAITOR_WITHIN = "a traitor within"
SOURCE = "BSData acf8-c12d-29bb-4592"
_SPACING = 1.05  # inches from Gríma's base to the nearest model's: just outside its zone
_HIDDEN: Status[dict[str, PlayerId]] = Status("a traitor within", dict, Lasting.BATTLE)


def _hidden(state: BattleState) -> dict[str, PlayerId]:
    found = _HIDDEN.peek(state)
    return found if found is not None else {}


DISGUISES.append(_hidden)


@dataclass(frozen=True, slots=True)
class AttachToEnemy(Decision[bool]):
    """A Traitor Within: is Gríma attached to an enemy warband before deployment?
    Heuristic: yes when an enemy Hero stands on the table (among them his Wormtongue makes
    their Heroic Actions cost two Might, and he is safe from their bows and blades)."""

    grima: ModelState

    def default(self, state: BattleState) -> bool:
        return any(m.profile.is_hero for m in state.living(1 - self.grima.player))


@dataclass(frozen=True, slots=True)
class RevealAllegiance(Decision[bool]):
    """A Traitor Within: hidden Gríma won a Duel; does he strike (and, if he wounds,
    reveal himself)? Heuristic: no, he keeps his allegiance hidden."""

    grima: ModelState

    def default(self, state: BattleState) -> bool:
        return False


def _ask(state: BattleState, player: PlayerId, decision: AttachToEnemy | RevealAllegiance) -> bool:
    players = state.players
    if players is None:
        return decision.default(state)
    return bool(players[player].decide(state, decision))


@every(Tick.TURN_START, A_TRAITOR_WITHIN, order=3)
def _attach(state: BattleState) -> None:
    if state.turn != 1:
        return
    for grima in [m for m in state.living() if A_TRAITOR_WITHIN in m.triggers]:
        if grima.uid in _hidden(state) or not _ask(state, grima.player, AttachToEnemy(grima)):
            continue
        hero = _warband_hero(state, 1 - grima.player)
        spot = _spot_beside(state, grima, hero) if hero is not None else None
        if hero is None or spot is None:
            continue
        state.set_position(grima, spot)
        _HIDDEN.of(state)[grima.uid] = 1 - grima.player
        state.log.emit("army_rule", model=grima.uid, rule=A_TRAITOR_WITHIN, warband=hero.uid)


def _warband_hero(state: BattleState, enemy: PlayerId) -> ModelState | None:
    """The Hero of the enemy warband Gríma joins: its leader's, else the Hero nearest the
    table's centre."""
    force = state.forces[enemy]
    on_table = {m.uid: m for m in state.living(enemy)}
    if force.leader in on_table:
        return on_table[force.leader]
    heroes = [on_table[uid] for uid, _ in force.warbands if uid in on_table]
    heroes = heroes or [m for m in on_table.values() if m.profile.is_hero]
    centre = (state.width / 2, state.depth / 2)
    return min(heroes, key=lambda m: (math.dist(m.position, centre), m.uid), default=None)


def _spot_beside(
    state: BattleState, grima: ModelState, hero: ModelState
) -> tuple[float, float] | None:
    """The free spot nearest the Hero, on rings around him, touching no model."""
    for ring in range(1, 8):
        gap = hero.radius + grima.radius + _SPACING * ring
        for step in range(16):
            turn = step * math.pi / 8
            spot = (hero.x + gap * math.sin(turn), hero.y + gap * math.cos(turn))
            if _free(state, grima, spot):
                return spot
    return None


def _free(state: BattleState, grima: ModelState, spot: tuple[float, float]) -> bool:
    if not terrain_fits(state.table, spot, grima.radius, state.width, state.depth):
        return False
    return all(
        math.dist(spot, other.position) >= other.radius + grima.radius + _SPACING - 1e-6
        for other in state.living()
        if other is not grima
    )


def _reveal(state: BattleState, grima: ModelState, why: str) -> None:
    hidden = _HIDDEN.peek(state)
    if hidden is not None and hidden.pop(grima.uid, None) is not None:
        state.log.emit("army_rule", model=grima.uid, rule=A_TRAITOR_WITHIN, revealed=why)


@on(On.REMOVED, "a traitor within: saruman slain", order=60)
def _saruman_slain(state: BattleState, happening: Happening) -> None:
    slain = happening.model
    if not _hidden(state) or not slain.profile.name.lower().startswith("saruman"):
        return
    for uid in list(_hidden(state)):
        grima = state.models[uid]
        if state.army_of(grima) == state.army_of(slain):
            _reveal(state, grima, "saruman slain")


@on(On.CHARGE_DECLARED, "a traitor within: charge", order=60)
def _charges(state: BattleState, happening: Happening) -> None:
    if happening.model.uid in _hidden(state):
        _reveal(state, happening.model, "charged")


@on(On.WOUNDING, "a traitor within: wound", order=1)
def _wounds(state: BattleState, happening: Happening) -> None:
    """Before any save: a Wound scored, "even if the Wound is avoided with Fate"."""
    if not _hidden(state) or not happening.source.startswith("struck by "):
        return
    striker = state.models.get(happening.source.removeprefix("struck by "))
    if striker is not None and striker.uid in _hidden(state):
        _reveal(state, striker, "wounded")


def _holds_blows(state: BattleState, striker: ModelState) -> bool:
    if striker.uid not in _hidden(state):
        return False
    strikes = _ask(state, striker.player, RevealAllegiance(striker))
    if not strikes:
        state.log.emit("army_rule", model=striker.uid, rule=A_TRAITOR_WITHIN, strikes=False)
    return not strikes


HOLDS_BLOWS.append(_holds_blows)
REGISTRY.register(A_TRAITOR_WITHIN, kind=Kind.RULE, source=SOURCE)
