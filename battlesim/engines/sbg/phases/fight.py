"""The Fight phase (checklist part 1 §6, 002:L920-1086; spears part 2 §4.2-4.3, banners §7.1).

Combats are split at the start of the phase (MOVE-SEP), then resolved one by one: Duel roll,
losers back away (or are trapped), winners strike, casualties are removed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.state import (
    BattleState,
    Phase,
)
from battlesim.engines.sbg.phases.combat_order import order_combats
from battlesim.engines.sbg.rules import (
    cavalry,
)
from battlesim.engines.sbg.rules.combats import Combat, split_combats
from battlesim.engines.sbg.rules.fighting import resolve_combat

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


# --- MOVE-SEP-01..07: splitting combats -----------------------------------------------------


# --- WPN-SPEAR-01..08, WPN-PIKE-01: supporters ------------------------------------------------


# --- FIGHT-DUEL-01..05: the Duel roll ---------------------------------------------------------


# --- FIGHT-STRIKE, FIGHT-TRAP-03, FIGHT-MULTI: strikes ----------------------------------------


# --- the whole fight ---------------------------------------------------------------------------


def run_fight_phase(state: BattleState, players: tuple[Player, Player]) -> None:
    """TURN-05, FIGHT-GEN-03: every combat is fought, one at a time."""
    state.begin_phase(Phase.FIGHT)
    state.log.emit("phase", phase=Phase.FIGHT.value, turn=state.turn)
    heroic.declare_all(state, players, Phase.FIGHT)  # HERO-HA-01
    combats = heroic.shape_challenges(state, combat_split.chosen_split(state, players))
    state.log.emit("combats", combats=[c.uids() for c in combats])
    combats = order_combats(state, players[state.priority], combats)
    pending = heroic.fight_heroic_combats(state, players, combats, fight_combat)
    if pending is not combats:  # formed again after the Heroic Combats: TURN-05 still holds
        pending = order_combats(state, players[state.priority], pending)
    while pending:
        fight_combat(state, pending.pop(0), players)
        if state.new_fights:
            pending = order_combats(state, players[state.priority], _reformed(state))
    barrier_fight.end_fights(state)


def fight_combat(state: BattleState, combat: Combat, players: tuple[Player, Player]) -> None:
    """One combat: the Heroes' bonuses are rolled first (HERO-HST-01, HSTR-01); a challenge
    is a plain fight between its two Heroes (HERO-HCHAL-02)."""
    if combat.side(0) and combat.side(1):
        heroic.roll_combat_bonuses(state, [combat.center, *combat.leaves])
    resolver = resolve_combat if combat.only else barrier_fight.resolver_for(state, combat)
    resolver(state, combat, players)
    cavalry.after_strikes(state, state.living())  # CAV-STRIKE-02: mounts slain anywhere
    heroic.settle_challenges(state)


def _reformed(state: BattleState) -> list[Combat]:
    """MON-BPA-BARGE-05 (002:L1854): a Monster that charged after its Barge fights again
    this phase. The fights still to fight are formed again: a charge into a fight not yet
    fought joins it (one multiple fight, each model fights once), else it is a new fight
    of its own; all are resolved after the fights already split (data.ASSUMPTIONS 'barge')."""
    chargers = set(state.new_fights)
    state.new_fights.clear()
    combats = heroic.shape_challenges(state, split_combats(state))
    found = []
    for combat in combats:
        members = [combat.center, *combat.leaves]
        if any(m.uid in chargers for m in members) or not all(m.fought for m in members):
            found.append(combat)
    state.log.emit("combats", combats=[c.uids() for c in found], reformed=True)
    return found


# Imported last: the barrier fight, the split choice and the Heroic Actions reuse this
# module's steps.
from battlesim.engines.sbg.phases import barrier_fight, combat_split, heroic  # noqa: E402
