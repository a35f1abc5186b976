"""Invariants over seeded games: no territory empty, battalions add up, same seed same game,
every game ends (issue 8; 100 games here, 1,000 in bench/risk_speed.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlesim.engines.risk.data import Side
from battlesim.engines.risk.game import play_game
from battlesim.engines.risk.invariants import watched_game
from battlesim.engines.risk.outcome import Termination
from battlesim.engines.risk.players import STRATEGIES
from battlesim.engines.risk.state import GameState
from tests.engines.risk.conftest import position

NAMES = sorted(STRATEGIES)
GAMES = 100


def line_up(seed: int) -> list[str]:
    """2, 3 and 4 players in turn, every strategy in every seat over the run."""
    return [NAMES[(seed + i) % len(NAMES)] for i in range(2 + seed % 3)]


def test_invariants_hold_through_a_hundred_games() -> None:
    """003:L90 no territory is ever empty; battalions on the board plus the stock equal all
    taken in minus all lost; leaders on their owner's land; every game ends with the Ring."""
    ends = []
    for seed in range(GAMES):
        state, termination, checked = watched_game(seed, {"players": line_up(seed)})
        assert checked > 100
        assert len(state.owner) == 64
        ends.append(termination)
    assert ends == [Termination.RING_DESTROYED] * GAMES


def test_two_leaders_at_set_up_variant_holds_too() -> None:
    """Set-up option (reference §1.7): both leaders placed at the start."""
    state, termination, _ = watched_game(3, {"leaders_at_setup": 2})
    assert termination is Termination.RING_DESTROYED
    first_leaders = [e for e in state.log.of_kind("leader") if e.data["reason"] == "set-up"]
    assert len(first_leaders) == 8


@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_same_seed_same_game(seed: int) -> None:
    """The same seed gives the identical event log, roll for roll."""
    options = {"players": line_up(seed)}
    first = play_game(seed=seed, options=options)
    second = play_game(seed=seed, options=options)
    assert first.log.dumps() == second.log.dumps()
    assert first.summary == second.summary


def test_another_seed_another_game() -> None:
    assert play_game(seed=1).log.dumps() != play_game(seed=2).log.dumps()


def test_territory_lists_follow_every_owner_change() -> None:
    """The per-seat lists and hostile land are kept between owner changes; a change through
    ``set_owner`` (as a conquest makes) must show at the next question."""
    state = position(owner=1)
    assert state.territories_of(0) == [] and "Fangorn" in state.hostile_land(Side.GOOD)
    state.set_owner("Fangorn", 0)
    assert state.territories_of(0) == ["Fangorn"]
    assert "Fangorn" not in state.hostile_land(Side.GOOD)
    assert "Fangorn" in state.hostile_land(Side.EVIL)
    state.territories_of(0).append("Mordor")  # a caller's list is its own
    assert state.territories_of(0) == ["Fangorn"]


@given(
    st.lists(
        st.tuples(st.integers(0, 63), st.one_of(st.none(), st.integers(0, 3)), st.booleans()),
        max_size=40,
    )
)
def test_kept_holdings_follow_every_change_of_owner(
    changes: list[tuple[int, int | None, bool]],
) -> None:
    """The state keeps each seat's territories, the land hostile to each side and each seat's
    region shares, updating them change by change: after any run of changes (and questions
    in between) they equal a reading of the owners from scratch."""
    state = position(owner=1)
    names = state.board.names
    for index, seat, ask in changes:
        if seat is None:
            if names[index] in state.owner:
                state.set_owner(names[index], None)
        else:
            state.set_owner(names[index], seat)
        if ask:
            _check_holdings(state)
    _check_holdings(state)


def _check_holdings(state: GameState) -> None:
    owner = state.owner
    for player in state.players:
        expected = [t for t in state.board.names if owner.get(t) == player.seat]
        assert state.territories_of(player.seat) == expected
        for _, members in state.board.regions.values():
            share = sum(owner.get(t) == player.seat for t in members) / len(members)
            assert state.region_shares(player.seat)[members] == share
    for side in Side:
        foes = {p.seat for p in state.players if p.side is not side}
        assert state.hostile_land(side) == {t for t, s in owner.items() if s in foes}
