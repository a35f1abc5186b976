"""War Beasts in the Fight phase (WB-CC-01..03, 002:L1913-1919): Irresistible Force and
Immovable Object. Riders never fight: they touch no base (WB-CC-01, war_beasts.py)."""

from __future__ import annotations

from battlesim.engines.sbg.core.bases import height_for
from battlesim.engines.sbg.core.decisions import Player
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.rules.back_away import back_away
from battlesim.engines.sbg.rules.characteristics import strength_base
from battlesim.engines.sbg.rules.howdah import beast_turn
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from battlesim.engines.sbg.rules.war_beasts import immovable, is_war_beast

# Army rules by which a losing model is Trapped without backing away (Immobile)
ALWAYS_TRAPPED: set[str] = set()


def losers_back_away(
    state: BattleState,
    winners: list[ModelState],
    losers: list[ModelState],
    falls: dict[str, float],
    player: Player | None = None,
) -> set[str]:
    """FIGHT-BACK-01 with WB-CC-03: an Immovable loser never backs away and is never
    trapped; the winners back away from it instead. Return the trapped losers."""
    big = [m for m in losers if _holds(state, m)]
    movers = [m for m in losers if m not in big]
    trapped = {
        m.uid
        for m in movers
        if (m.triggers & ALWAYS_TRAPPED or not back_away(state, m, winners, falls, player))
        and permitted(May.BE_TRAPPED, HookContext(state, m))
    }
    if big:
        for winner in winners:
            _give_way(state, winner, big)
    return trapped


def _holds(state: BattleState, model: ModelState) -> bool:
    """An Immovable loser, or one an army rule keeps from backing away (Resolute Fighter)."""
    return immovable(model) or permitted(May.HOLD_GROUND, HookContext(state, model))


def _give_way(state: BattleState, winner: ModelState, big: list[ModelState]) -> None:
    """WB-CC-03: the winner backs away; against another Immovable model the smaller one
    does (same size: D6 1-3 the Evil one, 4-6 the Good one). Failing to move traps no one."""
    if not winner.alive:
        return
    if immovable(winner):
        mover = smaller(state, winner, big[0])
        other = big[0] if mover is winner else winner
        moved = back_away(state, mover, [other])
    else:
        mover, moved = winner, back_away(state, winner, big)
    state.log.emit("gives_way", model=mover.uid, moved=moved, rule="immovable object")


def smaller(state: BattleState, a: ModelState, b: ModelState) -> ModelState:
    """WB-CC-03 (ambiguity: base size, then height; then the roll)."""
    size_a = (round(a.radius, 3), height_for(a.profile.keywords))
    size_b = (round(b.radius, 3), height_for(b.profile.keywords))
    if size_a != size_b:
        return a if size_a < size_b else b
    evil, good = _evil_good(state, a, b)
    (die,) = state.roll(1, f"immovable objects {a.uid}/{b.uid}: 1-3 Evil, 4-6 Good backs away")
    return evil if die <= 3 else good


def _evil_good(state: BattleState, a: ModelState, b: ModelState) -> tuple[ModelState, ModelState]:
    """Same alignment: the Priority side counts as Good (data.ASSUMPTIONS duel tie)."""
    if state.alignment(a.player) is not state.alignment(b.player):
        return (a, b) if state.alignment(a.player) is Alignment.EVIL else (b, a)
    return (b, a) if a.player == state.priority else (a, b)


def irresistible_force(
    state: BattleState, winners: list[ModelState], enemies: list[ModelState]
) -> None:
    """WB-CC-02 (002:L1917): a War Beast that ended its trample touching an enemy and won
    knocks every enemy of the fight prone, Monsters too if their Strength is not higher; a
    Cavalry model knocked prone throws its rider (CAV-LOOSE-03, 002:L1332)."""
    beasts = [m for m in winners if is_war_beast(m) and beast_turn(m).trampled_into and m.alive]
    if not beasts:
        return
    strength = max(strength_base(state, b) for b in beasts)
    for enemy in enemies:
        if not enemy.alive or immovable(enemy) or enemy.prone:
            continue
        if "monster" in enemy.triggers and strength_base(state, enemy) > strength:
            continue
        knock_prone(state, enemy, "irresistible force")  # Cavalry: CAV-LOOSE-03 (L1332)
