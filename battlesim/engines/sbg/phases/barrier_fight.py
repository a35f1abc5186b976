"""Fights across a barrier (part 1 §6.9, 002:L1092-1160).

A combat whose defender is fought over a barrier it holds runs these steps instead of the
usual four: each attacker fights the defender one-on-one (FIGHT-BAR-12); strikes come before
backing away and the attacker's strikes must first pass the barrier's in-the-way test
(FIGHT-BAR-09); the defender never backs away, the surviving attacker does (FIGHT-BAR-10/11);
an attacker that slays the defender may cross as on a 2-5 Leap (FIGHT-BAR-09). Any other
combat (attacked from both sides, several defenders) is a normal one: the barrier is ignored
(FIGHT-BAR-13/16 reading, data.ASSUMPTIONS).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg import cavalry, fight_stances, special_strikes
from battlesim.engines.sbg.barriers import protecting_barrier
from battlesim.engines.sbg.data import IN_THE_WAY_SCORE
from battlesim.engines.sbg.geometry import GeometryError
from battlesim.engines.sbg.paths import circle_base
from battlesim.engines.sbg.phases.back_away import back_away
from battlesim.engines.sbg.phases.crossing import free_landing
from battlesim.engines.sbg.phases.fight import (
    Combat,
    assign_supporters,
    declare_strikes,
    duel,
    resolve_combat,
    stab_backlashes,
    winners_strike,
)
from battlesim.engines.sbg.state import BattleState, ModelState

if TYPE_CHECKING:
    from battlesim.engines.sbg.players import Player

Resolver = Callable[[BattleState, Combat, "tuple[Player, Player]"], None]


def resolver_for(state: BattleState, combat: Combat) -> Resolver:
    """The barrier steps if every enemy of the defender fights it across its barrier."""
    return resolve_combat if _sides(state, combat) is None else resolve_barrier_combat


def _sides(state: BattleState, combat: Combat) -> tuple[ModelState, list[ModelState]] | None:
    """(defender, attackers) of a fight across a barrier, or None for any other combat."""
    center, leaves = combat.center, combat.leaves
    if leaves and all(state.across.get(m.uid) == center.uid for m in leaves):
        return center, leaves
    if len(leaves) == 1 and state.across.get(center.uid) == leaves[0].uid:
        return leaves[0], [center]
    return None


def resolve_barrier_combat(
    state: BattleState, combat: Combat, players: tuple[Player, Player]
) -> None:
    """FIGHT-BAR-12 (002:L1140): one fight per attacker, in the attacking player's order
    (the order of the star, sorted by name), while the defender lives."""
    sides = _sides(state, combat)
    assert sides is not None
    defender, attackers = sides
    for attacker in attackers:
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
    winners_strike(state, players[winner], strikers, losers, set(), gate)
    cavalry.after_strikes(state, [defender, attacker])  # CAV-STRIKE-02; no charge bonus here
    stab_backlashes(state, losers)
    _after_strikes(state, defender, attacker, barrier)
    for model in (defender, attacker):
        model.clear_fight()


def _in_the_way(state: BattleState, barrier: Any) -> Callable[[ModelState], bool]:
    """FIGHT-BAR-09 (002:L1126): each attacker's strike first rolls the barrier's in-the-way
    score (SHOOT-ITW-02; a piece without a cover class counts as a wall)."""
    score = barrier.cover.value or IN_THE_WAY_SCORE["wall"]

    def passes(striker: ModelState) -> bool:
        (die,) = state.roll(1, f"barrier {barrier.name} in the way of {striker.uid}")
        return die >= score

    return passes


def _after_strikes(
    state: BattleState, defender: ModelState, attacker: ModelState, barrier: Any
) -> None:
    """FIGHT-BAR-10/11 (002:L1134-1136): the attacker backs away whoever won; if it cannot,
    they are merely no longer engaged. FIGHT-BAR-09: a slayer crosses as on a 2-5 Leap."""
    if not attacker.alive:
        return
    if not defender.alive:
        _cross(state, attacker, defender, barrier)
        return
    if not back_away(state, attacker, [defender]):
        state.unlink_across(attacker)


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
