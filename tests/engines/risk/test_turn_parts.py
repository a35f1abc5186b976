"""Parts III-VII of a turn (003:L106-134) and the final scoring (003:L134-144)."""

from __future__ import annotations

import pytest

from battlesim.engines.risk.actions import Fortify, IllegalActionError
from battlesim.engines.risk.adventure import collect_adventure, complete_missions
from battlesim.engines.risk.data import Seat, territory_cards
from battlesim.engines.risk.fellowship import advance
from battlesim.engines.risk.fortify import apply_fortify
from battlesim.engines.risk.players import Player
from battlesim.engines.risk.scoring import score, winner
from battlesim.engines.risk.state import GameState
from battlesim.engines.risk.turn import collect_cards, fortify, place_reserve, replace_leader
from tests.engines.risk.conftest import adventure, give, players_for, position


def test_fortify_only_through_own_territories() -> None:
    """003:L108-110: move to a connected territory through friendly territories, never
    through enemy ones; leave at least one battalion."""
    state = position()
    give(state, 0, 5, "The Shire", "Buckland", "Fornost")
    apply_fortify(state, 0, Fortify("The Shire", "Fornost", 4))
    assert (state.armies["The Shire"], state.armies["Fornost"]) == (1, 9)
    give(state, 1, 1, "Buckland")
    with pytest.raises(IllegalActionError):
        apply_fortify(state, 0, Fortify("Fornost", "The Shire", 1))
    with pytest.raises(IllegalActionError):
        apply_fortify(state, 0, Fortify("The Shire", "Tower Hills", 1))


def test_fortify_keeps_one_behind_and_leaders_apart() -> None:
    """003:L108 never leave a territory empty; L110 a leader never ends with the other one."""
    state = position()
    give(state, 0, 3, "The Shire", "Buckland")
    with pytest.raises(IllegalActionError):
        apply_fortify(state, 0, Fortify("The Shire", "Buckland", 3))
    state.leaders.update({"The Shire": 0, "Buckland": 0})
    state.players[0].leaders_in_pool = 0
    with pytest.raises(IllegalActionError):
        apply_fortify(state, 0, Fortify("The Shire", "Buckland", 1, with_leader=True))
    del state.leaders["Buckland"]
    apply_fortify(state, 0, Fortify("The Shire", "Buckland", 1, with_leader=True))
    assert state.leaders == {"Buckland": 0}


def test_a_territory_card_only_after_a_conquest() -> None:
    """003:L114: one (only one) territory card if you conquered at least one territory."""
    state = position()
    state.territory_deck = list(territory_cards()[:5])
    collect_cards(state, 0, players_for(state))
    assert state.players[0].cards == []
    state.flags.conquered = True
    collect_cards(state, 0, players_for(state))
    assert len(state.players[0].cards) == 1 and len(state.territory_deck) == 4


def test_adventure_draw_resolves_events_until_a_mission_or_power() -> None:
    """003:L118-120: an event is followed at once, then draw on until a mission or a power."""
    state = position()
    give(state, 0, 3, "Minas Tirith")
    storm, aragorn, mission = (
        adventure("Winter Storms"),
        adventure("Aragorn Arrives"),
        adventure("Mission: Erech"),
    )
    state.adventure_deck = [mission, aragorn, storm]  # the top is the end of the list
    state.flags.leader_conquest = True
    collect_cards(state, 0, players_for(state))
    assert state.players[0].adventures == [mission]
    assert state.armies["Minas Tirith"] == 3 + 10  # Aragorn Arrives: good owner +10
    assert [c.name for c in state.players[0].played] == ["Winter Storms", "Aragorn Arrives"]


def test_adventure_hand_is_cut_back_to_four() -> None:
    """003:L120: over four adventure cards, discard back down to four."""
    state = position()
    state.players[0].adventures = [
        adventure(n) for n in ("Ambush", "Smeagol", "Gollum", "Mission: Erech")
    ]
    state.adventure_deck = [adventure("Black Sails")]
    collect_adventure(state, 0, players_for(state)[0])
    assert len(state.players[0].adventures) == 4 and len(state.adventure_discard) == 1


def test_no_adventure_card_without_a_leader_conquest() -> None:
    """003:L118: only a conquest by a battalion that included one of your leaders."""
    state = position()
    state.adventure_deck = [adventure("Ambush")]
    state.flags.conquered = True
    state.territory_deck = []
    collect_cards(state, 0, players_for(state))
    assert state.players[0].adventures == []


def test_mission_claimed_when_a_leader_stands_on_its_site() -> None:
    """003:L94, L104: a leader in the territory of the site of power turns the mission in."""
    state = position()
    give(state, 0, 2, "Vale of Erech")
    state.players[0].adventures = [adventure("Mission: Erech")]
    complete_missions(state, 0)
    assert state.players[0].played == []  # no leader there yet
    state.leaders["Vale of Erech"] = 0
    complete_missions(state, 0)
    assert [c.name for c in state.players[0].played] == ["Mission: Erech"]
    assert state.armies["Vale of Erech"] == 2 + 6  # reward (assumption: 6 for good)


def test_a_player_without_leaders_places_one() -> None:
    """003:L124: with no leader on the board, place one into any of your territories."""
    state = position()
    give(state, 0, 2, "The Shire")
    replace_leader(state, 0, players_for(state))
    assert state.leaders == {"The Shire": 0}
    replace_leader(state, 0, players_for(state))
    assert state.leaders == {"The Shire": 0}  # one on the board: nothing more


@pytest.mark.parametrize(("roll", "moves"), [(3, False), (4, True)])
def test_leaving_a_die_territory_needs_four(roll: int, moves: bool) -> None:
    """003:L130: 4 or more the Fellowship continues; 3 or less it stays."""
    state = position([roll])
    state.fellowship = state.board.path.index("Moria")
    advance(state)
    assert state.fellowship_territory() == ("Gladden Fields" if moves else "Moria")


def test_other_territories_are_left_without_a_die() -> None:
    """003:L128: the Fellowship follows its path, a new territory each turn."""
    state = position([])
    advance(state)
    assert state.fellowship_territory() == "Buckland" and state.dice.remaining == 0


@pytest.mark.parametrize(("roll", "destroyed"), [(2, False), (3, True)])
def test_the_ring_is_destroyed_on_three_or_more(roll: int, destroyed: bool) -> None:
    """003:L134: reaching Mount Doom one die is thrown; 3 or higher destroys the Ring."""
    state = position([6, roll])
    state.fellowship = state.board.path.index("Gorgoroth")
    advance(state)
    assert state.fellowship_territory() == "Mount Doom"
    assert state.is_over() is destroyed


def test_the_next_player_tries_again_at_mount_doom() -> None:
    """003:L134: otherwise, at the end of the next player's turn, roll again."""
    state = position([1, 5])
    state.fellowship = len(state.board.path) - 1
    advance(state)
    assert not state.is_over()
    advance(state)
    assert state.is_over()


def test_fellowship_cards_change_the_die() -> None:
    """Power cards (reference §1.6): Gollum forces the die on a plain territory."""
    state = position([3])
    state.flags.fellowship_force_die = True
    advance(state)
    assert state.fellowship_territory() == "The Shire"


def test_final_scoring() -> None:
    """003:L136-142: 1 a territory, 2 a stronghold, played adventure cards, region bonuses."""
    state = position(owner=1)
    mordor = ("Barad-dûr", "Gorgoroth", "Minas Morgul", "Mount Doom", "Nurn", "Udûn Vale")
    give(state, 0, 1, *mordor)
    state.players[0].played = [adventure("Mission: Erech"), adventure("Ambush")]
    state.players[0].adventures = [adventure("Smeagol")]  # in hand: no points
    parts = score(state, 0)
    assert (parts.territories, parts.strongholds, parts.adventures, parts.regions) == (6, 6, 3, 2)
    assert parts.total == 17


def test_the_team_with_most_points_wins() -> None:
    """003:L38, L144: the player or team with the most points wins."""
    state = position(owner=1)  # Red (Sauron) holds the board
    assert winner(state) == "evil"
    state.scoring = "player"
    assert winner(state) == "Red"


class Mover(Player):
    """Always wants to fortify: one battalion from The Shire to Buckland and back."""

    def fortify(self, state: GameState, seat: Seat) -> Fortify | None:
        source = "The Shire" if state.armies["The Shire"] > 1 else "Buckland"
        return Fortify(source, "Buckland" if source == "The Shire" else "The Shire", 1)


def test_one_fortify_move_a_turn_three_more_by_night() -> None:
    """003:L108: one move from one territory to one other; Move by Night adds three."""
    state = position()
    give(state, 0, 9, "The Shire", "Buckland")
    fortify(state, 0, {0: Mover(state.dice)})
    assert len(state.log.of_kind("fortify")) == 1
    state.flags.extra_fortifies = 3
    fortify(state, 0, {0: Mover(state.dice)})
    assert len(state.log.of_kind("fortify")) == 1 + 4


class Hoarder(Player):
    def place_reinforcements(self, state: GameState, seat: Seat, count: int) -> dict[str, int]:
        return {"The Shire": count - 1}


def test_all_reinforcements_must_be_placed() -> None:
    """003:L64: you must place all of the reinforcements you received."""
    state = position()
    give(state, 0, 1, "The Shire")
    state.grant_reserve(0, 4, "test")
    with pytest.raises(IllegalActionError):
        place_reserve(state, 0, Hoarder(state.dice))


def test_an_eliminated_player_gets_no_more_turns() -> None:
    """003:L96: a player whose last battalion is defeated is out of the game."""
    state = position()
    state.order = [0, 1, 2, 3]
    state.players[1].eliminated = True
    assert state.next_seat(0) == 2 and state.next_seat(3) == 0
