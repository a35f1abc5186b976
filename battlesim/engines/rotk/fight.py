"""Combat: the attack, rerolls and Gandalf's protection, and what a success or a failure
does to the tiles, Frodo and Sam and Gollum (seed L137-273, L325-345)."""

from __future__ import annotations

from battlesim.engines.rotk import movement, tracks
from battlesim.engines.rotk.actions import (
    Attack,
    IllegalActionError,
    Phase,
    Protect,
    Reroll,
    Resolve,
    Special,
)
from battlesim.engines.rotk.combat import PendingAttack, can_reroll_with, check_attack_cards
from battlesim.engines.rotk.data import ActionCard, Card, Hex, Tile, TileKind
from battlesim.engines.rotk.outcome import Termination
from battlesim.engines.rotk.state import State
from battlesim.engines.rotk.tracks import Place


def attack(state: State, action: Attack) -> None:
    """Lay the army and hero cards, roll two dice (seed L170-196)."""
    movement.require_pawn(state)
    if action.target not in state.attack_targets(state.current):
        raise IllegalActionError(f"{action.target} cannot be attacked from here (seed L138-141)")
    seat = state.seats[state.current]
    armies = [seat.card(card_id) for card_id in action.armies]
    heroes = [seat.card(card_id) for card_id in action.heroes]
    check_attack_cards(armies, heroes, state.material.two_colour_heroes)
    seat.take([*action.armies, *action.heroes])
    tile = state.target_tile(action.target)
    state.pending = PendingAttack(action.target, tile, armies, heroes, _roll(state))
    state.phase = Phase.AFTER_ROLL
    state.log.emit("attack", **_attack_data(state, state.pending))


def _roll(state: State) -> tuple[int, int]:
    first, second = state.dice.d6s(2, "attack")  # two dice (seed L192)
    return first, second


def _attack_data(state: State, attack: PendingAttack) -> dict[str, object]:
    target = attack.target.value if isinstance(attack.target, Special) else list(attack.target)
    return {
        "seat": state.current,
        "target": target,
        "tile": attack.tile.id,
        "battle": attack.tile.battle,
        "armies": [c.id for c in attack.armies],
        "heroes": [c.id for c in attack.heroes],
        "dice": list(attack.dice),
        "total": attack.total,
        "success": attack.success,
    }


def reroll(state: State, action: Reroll) -> None:
    """Roll again after a failure with a "relancer" or "Frischer Mut" (L235-247, L358)."""
    attack = _pending(state)
    card = state.seats[state.current].card(action.card)
    if attack.success:
        raise IllegalActionError("only a failed attack may be rerolled (seed L245)")
    if not can_reroll_with(card, attack):
        raise IllegalActionError(f"{card} cannot reroll this attack (seed L240-244, L358-363)")
    attack.spent.extend(state.seats[state.current].take([action.card]))
    attack.dice = _roll(state)
    state.log.emit(
        "reroll",
        seat=state.current,
        card=card.id,
        dice=list(attack.dice),
        total=attack.total,
        success=attack.success,
    )


def protect(state: State, action: Protect) -> None:
    """Play "Gandalfs Schutz": the army cards will return to the hand (L217-220)."""
    attack = _pending(state)
    movement.play_action_card(state, action.card, ActionCard.GANDALFS_PROTECTION)
    if attack.protected:
        raise IllegalActionError("the army is already protected")
    attack.spent.extend(state.seats[state.current].take([action.card]))
    attack.protected = True
    state.log.emit("protect", seat=state.current, card=action.card)


def _pending(state: State) -> PendingAttack:
    assert state.pending is not None  # the AFTER_ROLL phase always has one
    return state.pending


def resolve(state: State, action: Resolve) -> None:
    """Settle the attack: cards to the discard pile or the hand, then win or lose."""
    attack = _pending(state)
    kept = _kept_card(state, attack, action.keep)
    seat = state.seats[state.current]
    returned = list(attack.armies) if attack.protected else kept
    seat.give(returned)
    state.discard.extend(card for card in attack.cards() if card not in returned)
    state.pending = None
    state.log.emit(
        "resolve", seat=state.current, success=attack.success, returned=[c.id for c in returned]
    )
    if attack.success:
        _win_attack(state, attack)
    else:
        _lose_attack(state)


def _kept_card(state: State, attack: PendingAttack, keep: int | None) -> list[Card]:
    """After a failure one army card (not a hero) may go back to the hand (seed L222-225)."""
    if keep is None:
        return []
    if attack.success or attack.protected:
        raise IllegalActionError("only a failed, unprotected attack keeps one army card")
    for card in attack.armies:
        if card.id == keep:
            return [card]
    raise IllegalActionError(f"card {keep} was not an army card of this attack")


def _win_attack(state: State, attack: PendingAttack) -> None:
    seat = state.seats[state.current]
    seat.trophies.append(attack.tile)
    if attack.target is Special.BLACK_GATE:
        _take_gate(state)
    elif attack.target is Special.TROLL:
        state.trolls.pop(0)
        state.log.emit("troll_taken", seat=state.current, tile=attack.tile.id)
        state.finish_turn()  # seed L337-338
    else:
        _take_tile(state, attack.target, attack.tile)


def _take_gate(state: State) -> None:
    state.gate_fallen = True
    state.ending = state.ending or Termination.BLACK_GATE
    state.log.emit("gate_taken", seat=state.current)
    state.finish_turn()  # seed L332-334


def _take_tile(state: State, hex_: Hex, tile: Tile) -> None:
    """Take the tile unseen, step in for free, move Frodo and Sam (seed L203-213, L253)."""
    del state.board_tiles[hex_]
    state.seats[state.current].pawn = hex_
    state.log.emit("tile_taken", seat=state.current, hex=list(hex_), tile=tile.id)
    state.phase = Phase.TURN
    if tile.kind is not TileKind.ORCS and not state.gate_fallen and not state.ring_destroyed:
        _advance_frodo(state)


def _advance_frodo(state: State) -> None:
    before = state.frodo
    state.frodo = tracks.advance_frodo(
        before, state.gollum, state.material.tracks, state.rules.variant
    )
    after = state.frodo
    state.log.emit("frodo", before=str(before), after=str(after), **after.to_json())
    if state.frodo == Place(True, state.material.tracks.crater):
        state.ring_destroyed = True
        state.ending = state.ending or Termination.RING
        state.log.emit("ring_destroyed", seat=state.current)


def _lose_attack(state: State) -> None:
    """A failure ends the turn and, once Frodo is on the mountain, moves Gollum (L225, L262)."""
    if state.frodo.on_mountain and not state.ring_destroyed:
        _advance_gollum(state)
    if not state.is_over:
        state.finish_turn()


def _advance_gollum(state: State) -> None:
    before, mountain = state.gollum, state.material.tracks
    state.gollum = tracks.advance_gollum(
        before, state.frodo, state.gollum_steps, mountain, state.rules.variant
    )
    state.log.emit("gollum", before=before, after=state.gollum)
    if state.gollum >= mountain.crater:
        state.finish(Termination.GOLLUM)  # at once, everyone loses (seed L424-427)
