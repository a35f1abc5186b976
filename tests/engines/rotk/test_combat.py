"""Combat: cards, dice, success and failure, rerolls and the action cards (seed L137-247)."""

from __future__ import annotations

import pytest

from battlesim.engines.rotk.actions import (
    Attack,
    EndTurn,
    IllegalActionError,
    Phase,
    Protect,
    Reinforce,
    Reroll,
    Resolve,
)
from battlesim.engines.rotk.data import ActionCard, Colour, TileKind
from battlesim.engines.rotk.rules import apply, legal_actions
from battlesim.engines.rotk.state import State
from battlesim.engines.rotk.tracks import Place
from tests.engines.rotk.scenarios import (
    action_card,
    army,
    blank_state,
    hero,
    put_tile,
    reroll_card,
    start_turn,
)

HERE, FRONT, FAR = (0, 3), (1, 3), (2, 3)


def fight(dice: list[int], kind: TileKind = TileKind.WARGS) -> State:
    """Seat 0 on Minas Tirith facing a tile; the next seat waits its turn."""
    state = start_turn(blank_state(3, dice=dice), 0, pawn=HERE)
    state.seats[1].pawn = (0, 0)
    put_tile(state, FRONT, kind)
    return state


def test_only_tiles_next_to_the_pawn_can_be_attacked() -> None:
    """Seed L138-141: attack from the pawn's hex, adjacent tiles only."""
    state = fight([])
    put_tile(state, FAR, TileKind.ORCS)
    card = army(state, 0, Colour.GONDOR, 3)
    with pytest.raises(IllegalActionError):
        apply(state, Attack(FAR, (card.id,)))
    assert state.attack_targets(0) == [FRONT]


def test_an_attack_needs_an_army_card_and_heroes_never_fight_alone() -> None:
    """Seed L173-174 and L351-354: at least one army card; heroes are only added."""
    state = fight([])
    gandalf = hero(state, 0, "gandalf")
    reroll = reroll_card(state, 0, Colour.GONDOR)
    with pytest.raises(IllegalActionError):
        apply(state, Attack(FRONT, (), (gandalf.id,)))
    with pytest.raises(IllegalActionError):
        apply(state, Attack(FRONT, (reroll.id,)))
    assert state.phase is Phase.TURN and len(state.seats[0].hand) == 2


def test_army_cards_must_share_one_colour() -> None:
    """Seed L178-179: all army cards of an attack are of the same colour."""
    state = fight([])
    gondor, rohan = army(state, 0, Colour.GONDOR, 3), army(state, 0, Colour.ROHAN, 3)
    legolas = hero(state, 0, "legolas")
    with pytest.raises(IllegalActionError):
        apply(state, Attack(FRONT, (gondor.id, rohan.id), (legolas.id,)))


@pytest.mark.parametrize("name", ["gandalf", "theoden"])
def test_gandalf_or_theoden_allow_two_colours_but_not_three(name: str) -> None:
    """Seed L181-183: with Gandalf or Theoden, armies of two different colours."""
    state = fight([3, 3])
    two = [army(state, 0, Colour.GONDOR, 3), army(state, 0, Colour.ROHAN, 3)]
    third = army(state, 0, Colour.ARAGORN, 1)
    leader = hero(state, 0, name)
    with pytest.raises(IllegalActionError):
        apply(state, Attack(FRONT, (*[c.id for c in two], third.id), (leader.id,)))
    apply(state, Attack(FRONT, tuple(c.id for c in two), (leader.id,)))
    assert state.pending is not None and state.pending.total == 6 + leader.value + 6


def test_the_total_is_armies_plus_heroes_plus_two_dice_and_equal_succeeds() -> None:
    """Seed L139-140, L186-201: armies + heroes + dice; equal to the value is a success."""
    state = fight([2, 3])  # wargs 10 = 3 + 2 (Legolas) + 5
    gondor, legolas = army(state, 0, Colour.GONDOR, 3), hero(state, 0, "legolas")
    apply(state, Attack(FRONT, (gondor.id,), (legolas.id,)))
    assert state.pending is not None and state.pending.total == 10 and state.pending.success


def test_a_success_takes_the_tile_moves_in_free_and_discards_the_cards() -> None:
    """Seed L203-216, L253: the tile is taken unseen, the pawn steps in, Frodo moves."""
    state = fight([6, 6])
    card = army(state, 0, Colour.GONDOR, 1)
    taken = state.board_tiles[FRONT]
    apply(state, Attack(FRONT, (card.id,)))
    apply(state, Resolve())
    assert state.seats[0].trophies == [taken] and FRONT not in state.board_tiles
    assert state.seats[0].pawn == FRONT and state.discard == [card]
    assert state.frodo == Place(False, 2)  # from the "3" start of three players


def test_after_a_success_the_player_may_attack_again() -> None:
    """Seed L228-233: after a victory the player may attack again, from the new hex."""
    state = fight([6, 6, 6, 6])
    put_tile(state, FAR, TileKind.ORCS)
    first, second = army(state, 0, Colour.GONDOR, 1), army(state, 0, Colour.GONDOR, 2)
    apply(state, Attack(FRONT, (first.id,)))
    apply(state, Resolve())
    assert state.current == 0 and state.phase is Phase.TURN
    apply(state, Attack(FAR, (second.id,)))
    apply(state, Resolve())
    assert state.seats[0].pawn == FAR and len(state.seats[0].trophies) == 2


def test_a_failure_keeps_one_army_card_discards_the_rest_and_ends_the_turn() -> None:
    """Seed L222-225, L232-233: one army card (not a hero) back to the hand; turn over."""
    state = fight([1, 1])
    armies = [army(state, 0, Colour.ROHAN, 1), army(state, 0, Colour.ROHAN, 2)]
    legolas = hero(state, 0, "legolas")
    apply(state, Attack(FRONT, tuple(c.id for c in armies), (legolas.id,)))
    with pytest.raises(IllegalActionError):
        apply(state, Resolve(legolas.id))
    apply(state, Resolve(armies[1].id))
    assert state.seats[0].hand == [armies[1]]
    assert sorted(c.id for c in state.discard) == sorted([armies[0].id, legolas.id])
    assert state.current == 1 and FRONT in state.board_tiles


def test_a_reroll_card_of_an_attacking_colour_rerolls_a_failure() -> None:
    """Seed L235-247: "relancer" replays the attack with the same cards, same colour only."""
    state = fight([1, 1, 1, 2, 6, 6])
    gondor = army(state, 0, Colour.GONDOR, 3)
    wrong, right = reroll_card(state, 0, Colour.ROHAN), reroll_card(state, 0, Colour.GONDOR)
    second = reroll_card(state, 0, Colour.GONDOR)
    apply(state, Attack(FRONT, (gondor.id,)))
    with pytest.raises(IllegalActionError):
        apply(state, Reroll(wrong.id))
    apply(state, Reroll(right.id))
    apply(state, Reroll(second.id))  # as many as the player likes (L246-247)
    assert state.pending is not None and state.pending.success
    with pytest.raises(IllegalActionError):
        apply(state, Reroll(wrong.id))


def test_a_successful_roll_cannot_be_rerolled() -> None:
    """Seed L244-245: the "relancer" card follows a failed attack."""
    state = fight([6, 6])
    gondor, reroll = army(state, 0, Colour.GONDOR, 1), reroll_card(state, 0, Colour.GONDOR)
    apply(state, Attack(FRONT, (gondor.id,)))
    with pytest.raises(IllegalActionError):
        apply(state, Reroll(reroll.id))


def test_fresh_courage_rerolls_only_when_a_hero_fights() -> None:
    """Seed L358-363: "Frischer Mut" rerolls if a hero took part in the attack."""
    state = fight([1, 1, 1, 1, 5, 5])
    courage = action_card(state, 0, ActionCard.FRESH_COURAGE)
    first = army(state, 0, Colour.GONDOR, 1)
    apply(state, Attack(FRONT, (first.id,)))
    with pytest.raises(IllegalActionError):
        apply(state, Reroll(courage.id))
    apply(state, Resolve(first.id))
    state.seats[0].pawn, state.order = HERE, [0, *state.order]  # seat 0 plays once more
    state.phase = Phase.TURN
    merry = hero(state, 0, "merry")
    apply(state, Attack(FRONT, (first.id,), (merry.id,)))
    apply(state, Reroll(courage.id))
    assert state.pending is not None and state.pending.total == 1 + 1 + 10


def test_gandalfs_protection_returns_the_armies_but_not_the_heroes() -> None:
    """Seed L215-220, L358-366: "Gandalfs Schutz" takes the played army cards back."""
    state = fight([6, 6])
    armies = [army(state, 0, Colour.GONDOR, 3), army(state, 0, Colour.GONDOR, 2)]
    shield, gimli = action_card(state, 0, ActionCard.GANDALFS_PROTECTION), hero(state, 0, "gimli")
    apply(state, Attack(FRONT, tuple(c.id for c in armies), (gimli.id,)))
    apply(state, Protect(shield.id))
    apply(state, Resolve())
    assert sorted(c.id for c in state.seats[0].hand) == sorted(c.id for c in armies)
    assert sorted(c.id for c in state.discard) == sorted([shield.id, gimli.id])


def test_reinforcements_cannot_be_played_during_an_attack() -> None:
    """Seed L368-371: only before an attack or once it is completely resolved."""
    state = fight([1, 1])
    card, more = army(state, 0, Colour.GONDOR, 1), action_card(state, 0, ActionCard.REINFORCEMENTS)
    apply(state, Attack(FRONT, (card.id,)))
    with pytest.raises(IllegalActionError):
        apply(state, Reinforce(more.id))


@pytest.mark.parametrize(
    ("kind", "dice", "success"),
    [(TileKind.ORCS, [2, 2], True), (TileKind.MUMAKIL, [4, 4], False)],
)
def test_rohan_gets_plus_one_per_card_against_orcs_and_minus_one_against_mumakil(
    kind: TileKind, dice: list[int], success: bool
) -> None:
    """Seed L384-393: +1 per Rohan army card against orcs (8), -1 against Mumakil (12)."""
    state = fight(dice, kind)
    rohan = [army(state, 0, Colour.ROHAN, 1), army(state, 0, Colour.ROHAN, 1)]
    apply(state, Attack(FRONT, tuple(c.id for c in rohan)))
    attack = state.pending
    assert attack is not None
    expected = 2 + sum(dice) + (2 if kind is TileKind.ORCS else -2)
    assert attack.total == expected and attack.success is success


def test_ending_the_turn_passes_to_the_next_player_clockwise() -> None:
    """Seed L114-118: after the start player, the others play clockwise."""
    state = fight([])
    apply(state, EndTurn())
    assert state.current == 1


def test_reinforcements_may_follow_a_completely_resolved_attack() -> None:
    """Seed L368-372: after an attack is completely resolved, draw two cards."""
    state = fight([6, 6])
    card, more = army(state, 0, Colour.GONDOR, 1), action_card(state, 0, ActionCard.REINFORCEMENTS)
    apply(state, Attack(FRONT, (card.id,)))
    apply(state, Resolve())
    apply(state, Reinforce(more.id))
    assert len(state.seats[0].hand) == 2 and more in state.discard


def test_heroes_cannot_join_after_the_dice() -> None:
    """Seed L353-354: every hero card is played before the dice are rolled."""
    state = fight([1, 1])
    card, gimli = army(state, 0, Colour.GONDOR, 1), hero(state, 0, "gimli")
    apply(state, Attack(FRONT, (card.id,)))
    assert all(isinstance(a, Reroll | Protect | Resolve) for a in legal_actions(state))
    with pytest.raises(IllegalActionError):
        apply(state, Attack(FRONT, (), (gimli.id,)))
