"""Players: distinct strategies over one battle-odds table (issue 8, "Players")."""

from __future__ import annotations

import pytest

from battlesim.engines.risk.combat import attack_options
from battlesim.engines.risk.odds import conquest_probability, throw_distribution
from battlesim.engines.risk.players import STRATEGIES, attack_odds
from battlesim.engines.risk.state import GameState
from tests.engines.risk.conftest import give, position


def test_the_odds_table_for_one_die_each() -> None:
    """003:L82: 1 v 1 the attacker needs a higher die: 15/36; +1 on defence: 10/36."""
    assert conquest_probability(1, 1) == pytest.approx(15 / 36)
    assert conquest_probability(1, 1, 0, 1) == pytest.approx(10 / 36)
    assert conquest_probability(1, 1, 1, 0) == pytest.approx(21 / 36)


def test_the_odds_table_sums_to_one_and_grows_with_attackers() -> None:
    for pairing in [(3, 2), (2, 2), (1, 2)]:
        assert sum(throw_distribution(*pairing, 1, 2).values()) == pytest.approx(1.0)
    chances = [conquest_probability(n, 3, 0, 1) for n in range(1, 12)]
    assert chances == sorted(chances) and chances[-1] > 0.8


def one_target() -> GameState:
    """Seat 0 can only attack Fangorn (Isengard: 2 defenders, a stronghold) from Gap of Rohan."""
    state = position(owner=0)
    give(state, 0, 5, "Gap of Rohan")
    give(state, 1, 2, "Fangorn")
    return state


def test_aggressive_attacks_where_defensive_waits() -> None:
    """Same position, same odds (about 64%): the aggressive player attacks, the defensive one
    holds (it wants 80%)."""
    state = one_target()
    options = attack_options(state, 0)
    assert 0.6 < attack_odds(state, "Gap of Rohan", "Fangorn") < 0.7
    aggressive = STRATEGIES["aggressive"](state.dice).attack(state, 0, options)
    defensive = STRATEGIES["defensive"](state.dice).attack(state, 0, options)
    assert aggressive is not None and aggressive.target == "Fangorn" and aggressive.dice == 3
    assert defensive is None


def test_region_player_goes_for_the_region_nearest_completion() -> None:
    """Two equal targets: Dunland would complete Rohan (6 of 7 held), Harad Haradwaith (5 of
    6): the region player takes Dunland, the aggressive player does not care."""
    state = position(owner=0)
    give(state, 1, 1, "Dunland", "Harad")
    give(state, 0, 4, "Enedwaith", "Near Harad")
    options = attack_options(state, 0)
    assert {t for _, t in options} == {"Dunland", "Harad"}
    region = STRATEGIES["region"](state.dice).attack(state, 0, options)
    aggressive = STRATEGIES["aggressive"](state.dice).attack(state, 0, options)
    assert region is not None and region.target == "Dunland"
    assert aggressive is not None and aggressive.target == "Harad"


def test_defensive_player_reinforces_its_threatened_stronghold() -> None:
    """The defensive player puts its reinforcements on a border stronghold."""
    state = position(owner=1)
    give(state, 0, 2, "Minas Tirith", "Lebennin")
    plan = STRATEGIES["defensive"](state.dice).place_reinforcements(state, 0, 5)
    assert plan == {"Minas Tirith": 5}
