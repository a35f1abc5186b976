"""Fights across a barrier (part 1 §6.9, 002:L1092-1160).

A combat whose defender is fought over a barrier it holds runs these steps instead of the
usual four: each attacker fights the defender one-on-one (FIGHT-BAR-12); strikes come before
backing away and the attacker's strikes must first pass the barrier's in-the-way test
(FIGHT-BAR-09); the defender never backs away, the surviving attacker does (FIGHT-BAR-10/11);
an attacker that slays the defender may cross as on a 2-5 Leap (FIGHT-BAR-09). Any other
combat with a barrier link (attacked from both sides, several defenders) is a normal one
ignoring the barrier, after which a slayer crosses unless it was charged from its own side
too (FIGHT-BAR-13/16/17, data.ASSUMPTIONS). Elevated positions use the same steps
(FIGHT-ELEV-03): the slayer takes the place, a beaten attacker may fall.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core.data import IN_THE_WAY_SCORE
from battlesim.engines.sbg.core.geometry import GeometryError
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.paths import circle_base
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import TerrainKind
from battlesim.engines.sbg.rules import cavalry, fight_stances, special_strikes
from battlesim.engines.sbg.rules.back_away import back_away
from battlesim.engines.sbg.rules.barriers import barrier_across, doorway, protecting_barrier
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.crossing import free_landing
from battlesim.engines.sbg.rules.elevation import door_under, needs_climb
from battlesim.engines.sbg.rules.falling import fall
from battlesim.engines.sbg.rules.fighting import (
    _separate,
    assign_supporters,
    declare_strikes,
    duel,
    resolve_combat,
    stab_backlashes,
    winners_strike,
)
from battlesim.engines.sbg.rules.orders import BarrierOrder, in_order
from battlesim.engines.sbg.rules.untouchable import disguised, spared

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

Resolver = Callable[[BattleState, Combat, "tuple[Player, Player]"], None]


def resolver_for(state: BattleState, combat: Combat) -> Resolver:
    """The barrier steps if every enemy of the defender fights it across its barrier; a
    normal fight with crossings after it if only some do (FIGHT-BAR-13/16/17)."""
    if _sides(state, combat) is not None:
        return resolve_barrier_combat
    return resolve_mixed_combat if _links(state, combat) else resolve_combat


def _holds_door(state: BattleState, center: ModelState, leaves: list[ModelState]) -> bool:
    """FIGHT-DOOR-01 (002:L1166): charged on its threshold by enemies outside the door."""
    if not leaves or center.charged or door_under(state, center.position) is None:
        return False
    return all(m.charged and doorway(state, center, m) is not None for m in leaves)


def _links(state: BattleState, combat: Combat) -> dict[str, str]:
    """The barrier links (attacker -> defender) inside this combat."""
    members = set(combat.uids())
    return {a: d for a, d in state.across.items() if a in members and d in members}


def resolve_mixed_combat(
    state: BattleState, combat: Combat, players: tuple[Player, Player]
) -> None:
    """FIGHT-BAR-13/16/17 (002:L1144, L1158-1160): a normal multiple combat ignoring the
    barrier (no in-the-way tests); then an attacker that slew the defender it fought over
    the barrier crosses as on a 2-5 Leap (takes its place, FIGHT-BAR-13), unless an enemy
    also charged it from its own side (FIGHT-BAR-17)."""
    links = _links(state, combat)
    hemmed = {a for a in links if _charged_from_own_side(state, state.models[a])}
    pieces = {a: _piece(state, a, d) for a, d in links.items()}
    resolve_combat(state, combat, players)
    for attacker_id, defender_id in sorted(links.items()):
        attacker, defender = state.models[attacker_id], state.models[defender_id]
        piece = pieces[attacker_id]
        if attacker.alive and not defender.alive and attacker_id not in hemmed and piece:
            _cross_or_climb(state, attacker, defender, piece)


def _charged_from_own_side(state: BattleState, attacker: ModelState) -> bool:
    """An enemy touching the attacker other than across a barrier (FIGHT-BAR-17)."""
    return any(
        state.across.get(attacker.uid) != uid and state.across.get(uid) != attacker.uid
        for uid in state.touching[attacker.uid]
    )


def _piece(state: BattleState, attacker_id: str, defender_id: str) -> Any:
    attacker, defender = state.models[attacker_id], state.models[defender_id]
    return barrier_across(state, attacker, attacker.position, defender)


def _cross_or_climb(
    state: BattleState, attacker: ModelState, defender: ModelState, piece: Any
) -> None:
    if piece.kind is TerrainKind.ELEVATED or piece.door:  # FIGHT-ELEV-03, FIGHT-DOOR-01
        _take_place(state, attacker, defender)
    else:
        _cross(state, attacker, defender, piece)


def _sides(state: BattleState, combat: Combat) -> tuple[ModelState, list[ModelState]] | None:
    """(defender, attackers) of a fight across a barrier, or None for any other combat."""
    center, leaves = combat.center, combat.leaves
    if _holds_door(state, center, leaves):
        return center, leaves
    if len(leaves) == 1 and _holds_door(state, leaves[0], [center]):
        return leaves[0], [center]
    if leaves and all(state.across.get(m.uid) == center.uid for m in leaves):
        if center.uid in state.across:  # it charged over the barrier itself: its chargers
            # are supporting defenders (FIGHT-BAR-14); one: a pair, several: BAR-13
            return (leaves[0], [center]) if len(leaves) == 1 else None
        return center, leaves
    if len(leaves) == 1 and state.across.get(center.uid) == leaves[0].uid:
        return leaves[0], [center]
    return None


def resolve_barrier_combat(
    state: BattleState, combat: Combat, players: tuple[Player, Player]
) -> None:
    """FIGHT-BAR-12 (002:L1140): one fight per attacker, in the order the attacking player
    chooses, while the defender lives."""
    sides = _sides(state, combat)
    assert sides is not None
    defender, attackers = sides
    order = BarrierOrder(tuple(attackers))
    for attacker in in_order(state, players[attackers[0].player], order):
        if defender.alive and attacker.alive:
            _one_on_one(state, defender, attacker, players)


def _one_on_one(
    state: BattleState, defender: ModelState, attacker: ModelState, players: tuple[Player, Player]
) -> None:
    barrier = protecting_barrier(state, defender, attacker)
    combat = Combat(defender, [attacker])
    if barrier is None:  # FIGHT-BAR-01/04: too low, too high or a giant: a normal fight
        resolve_combat(state, combat, players)
        return
    fight_stances.declare(state, combat, players)
    assign_supporters(state, combat)
    declare_strikes(state, combat, players)
    winner = duel(state, combat)  # FIGHT-BAR-08: the Duel roll is made normally
    for model in (defender, attacker):
        special_strikes.after_duel(state, model, won=model.player == winner)
        model.fought = True
    strikers = combat.side(winner) + combat.helpers(winner)
    losers = combat.side(1 - winner)
    gate = _in_the_way(state, barrier) if winner == attacker.player else None
    struck = [  # Broken Mind, A Traitor Within: not struck (as fighting.resolve_combat)
        m for m in losers if not spared(state, m, winner) and not disguised(state, m, winner)
    ]
    winners_strike(state, players[winner], strikers, struck, set(), gate)
    cavalry.after_strikes(state, [defender, attacker])  # CAV-STRIKE-02; no charge bonus here
    stab_backlashes(state, losers)
    beaten = winner != attacker.player
    _after_strikes(state, defender, attacker, barrier, players[attacker.player], beaten)
    for model in (defender, attacker):
        model.clear_fight()


def _in_the_way(state: BattleState, barrier: Any) -> Callable[[ModelState], bool]:
    """FIGHT-BAR-09 (002:L1126): each attacker's strike first rolls the barrier's in-the-way
    score (SHOOT-ITW-02; a piece without a cover class counts as a wall)."""
    score = barrier.cover.value or IN_THE_WAY_SCORE["wall"]

    def passes(striker: ModelState) -> bool:
        if permitted(May.STRIKE_PAST_BARRIERS, HookContext(state, striker)):
            return True  # an army rule (Supreme Agility) passes without a roll
        (die,) = state.roll(1, f"barrier {barrier.name} in the way of {striker.uid}")
        return die >= score

    return passes


def _after_strikes(
    state: BattleState,
    defender: ModelState,
    attacker: ModelState,
    barrier: Any,
    player: Player,
    beaten: bool,
) -> None:
    """FIGHT-BAR-10/11 (002:L1134-1136): the attacker backs away whoever won; if it cannot,
    they are merely no longer engaged. FIGHT-BAR-09: a slayer crosses as on a 2-5 Leap.
    FIGHT-ELEV-03 (002:L1178, « l'attaquant défait chute »): only an attacker that lost the
    Duel falls from a position that needs a Climb test (READINGS.md A21)."""
    if not attacker.alive:
        return
    elevated = barrier.kind is TerrainKind.ELEVATED
    if not defender.alive:
        _cross_or_climb(state, attacker, defender, barrier)
        return
    drop = barrier.height - state.table.ground_level(attacker.position)
    if not back_away(state, attacker, [defender], player=player):
        state.unlink_across(attacker)
        _separate(state, defender, [attacker])  # FIGHT-BAR-11: just enough to disengage
    if beaten and elevated and attacker.alive and needs_climb(state, attacker, barrier):
        fall(state, attacker, drop, "beaten from an elevated position")  # FIGHT-ELEV-03


def _take_place(state: BattleState, attacker: ModelState, defender: ModelState) -> None:
    """FIGHT-ELEV-03 (002:L1178): the slayer may take the defender's place at once."""
    spot = defender.position
    if free_landing(state, attacker, spot) and state.table.fits(spot, circle_base(attacker.radius)):
        state.move_to(attacker, spot, "take the elevated position")


def _cross(state: BattleState, attacker: ModelState, defender: ModelState, barrier: Any) -> None:
    """Placed touching the far side of the barrier, if there is room (a Leap of 2-5)."""
    base = circle_base(attacker.radius)
    try:
        spot = state.table.far_side(attacker.position, defender.position, barrier, base)
    except GeometryError:
        return  # the line to the fallen defender misses the barrier's end: stay
    if free_landing(state, attacker, spot) and state.table.fits(spot, base):
        state.move_to(attacker, spot, "cross barrier")


def end_fights(state: BattleState) -> None:
    """Every combat is over at the end of the Fight phase (FIGHT-GEN-02): a pair still
    linked over a barrier (trapped in a normal fight, FIGHT-TRAP-04) is separated."""
    for attacker in sorted(state.across):
        state.unlink_across(state.models[attacker])
