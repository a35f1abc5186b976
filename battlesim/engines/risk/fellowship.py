"""The Fellowship and the Ring (003:L30, L126-134)."""

from __future__ import annotations

from battlesim.engines.risk.state import GameState


def at_mount_doom(state: GameState) -> bool:
    return state.fellowship == len(state.board.path) - 1


def needs_die(state: GameState) -> bool:
    """A die territory, or a card forcing the die elsewhere (Gollum and the like)."""
    here = state.fellowship_territory()
    return state.flags.fellowship_force_die or here in state.board.die_territories


def advance(state: GameState) -> None:
    """Move the Fellowship one step at the end of a turn, or try to destroy the Ring.

    The fellowship cards played this turn are in ``state.flags`` (stay, forced die, modifier).
    """
    if at_mount_doom(state):
        try_destroy(state)
        return
    if state.flags.fellowship_stay:
        state.log.emit("fellowship_stays", territory=state.fellowship_territory(), reason="card")
        return
    if needs_die(state) and not _leave_roll(state, state.flags.fellowship_modifier):
        return
    step(state)


def step(state: GameState) -> None:
    """Move one territory along the path; at Mount Doom the first roll is made at once."""
    state.fellowship += 1
    state.log.emit(
        "fellowship_moves", territory=state.fellowship_territory(), step=state.fellowship
    )
    if at_mount_doom(state):
        try_destroy(state)


def _leave_roll(state: GameState, modifier: int) -> bool:
    here = state.fellowship_territory()
    roll = state.dice.d6(f"fellowship leaves {here}")
    needed = state.board.rules["fellowship_die_needs"]
    leaves = roll + modifier >= needed
    state.log.emit("fellowship_roll", territory=here, roll=roll, modifier=modifier, leaves=leaves)
    return leaves


def try_destroy(state: GameState) -> bool:
    """Roll to destroy the Ring at Mount Doom: 3 or more (003:L134)."""
    roll = state.dice.d6("destroy the Ring")
    destroyed = roll >= state.board.rules["ring_destroyed_on"]
    state.log.emit("ring_roll", roll=roll, destroyed=destroyed, turn=state.turn)
    if destroyed:
        state.ring_destroyed_turn = state.turn
    return destroyed
