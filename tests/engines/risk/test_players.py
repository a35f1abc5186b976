"""Players: distinct strategies over one battle-odds table (issue 8, "Players")."""

from __future__ import annotations

import pytest

from battlesim.engines.risk.actions import CardPlay, Fortify
from battlesim.engines.risk.combat import attack_options
from battlesim.engines.risk.data import Timing
from battlesim.engines.risk.odds import conquest_probability, throw_distribution
from battlesim.engines.risk.players import STRATEGIES, attack_odds
from battlesim.engines.risk.powers import power_options
from battlesim.engines.risk.readings import enemy_reach
from battlesim.engines.risk.state import GameState
from tests.engines.risk.conftest import adventure, give, position


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


def test_strategist_sends_its_leader_toward_a_mission_site() -> None:
    """003:L94, L140: a mission scores 2 once a leader stands on its site. The leader's army
    at Gap of Rohan holds the Tharbad mission (Minhiriath, 2 steps): the strategist takes
    Enedwaith on the way; the aggressive player, to whom the weak neighbours are equal prizes,
    takes another (West Rohan, the last by name)."""
    state = position(owner=1)
    give(state, 0, 6, "Gap of Rohan")
    state.leaders["Gap of Rohan"] = 0
    state.players[0].adventures.append(adventure("Mission: Tharbad"))
    options = attack_options(state, 0)
    strategist = STRATEGIES["strategist"](state.dice).attack(state, 0, options)
    aggressive = STRATEGIES["aggressive"](state.dice).attack(state, 0, options)
    assert strategist is not None and strategist.target == "Enedwaith"
    assert aggressive is not None and aggressive.target == "West Rohan"


def test_strategist_walks_its_leader_onto_a_mission_site_it_holds() -> None:
    """A mission site reachable through own land: the fortify move carries the leader."""
    state = position(owner=1)
    give(state, 0, 4, "Gap of Rohan")
    give(state, 0, 1, "Enedwaith", "Minhiriath")
    state.leaders["Gap of Rohan"] = 0
    state.players[0].adventures.append(adventure("Mission: Tharbad"))
    move = STRATEGIES["strategist"](state.dice).fortify(state, 0)
    assert move == Fortify("Gap of Rohan", "Minhiriath", 3, True)


def test_strategist_plays_a_fellowship_card_even_when_it_slows_its_lead() -> None:
    """003:L140: only played cards score. Good leads (it holds the board): the aggressive
    player keeps Boromir (it would slow the end), the strategist plays it for its point."""
    state = position(owner=0)
    give(state, 1, 1, "Mount Doom")
    card = adventure("Boromir Tries to Seize the One Ring")
    state.players[0].adventures.append(card)
    options = power_options(state, 0, Timing.FELLOWSHIP)
    assert options == [CardPlay(card.id)]
    strategist = STRATEGIES["strategist"](state.dice)
    aggressive = STRATEGIES["aggressive"](state.dice)
    assert strategist.play_power(state, 0, Timing.FELLOWSHIP, options, None) == options[0]
    assert aggressive.play_power(state, 0, Timing.FELLOWSHIP, options, None) is None


def test_strategist_founds_its_opening_stack_where_it_reaches_most_enemy_land() -> None:
    """Set-up (003:L18): the first battalion goes to the border territory with the most enemy
    territories within four steps through enemy land, not to the last name in the list."""
    state = position(owner=1)
    give(state, 0, 1, "Gap of Rohan", "Forodwaith")
    reach = {t: enemy_reach(state, 0, t, 4) for t in ("Gap of Rohan", "Forodwaith")}
    assert reach["Gap of Rohan"] > reach["Forodwaith"]
    assert STRATEGIES["strategist"](state.dice).place_one(state, 0) == "Gap of Rohan"


def test_strategist_claims_away_from_its_camp() -> None:
    """Fornost and Rhudaur are both vacant Arnor land, so the region share ties them. Rhudaur
    borders the camp (seat 0 holds Carrock, its ally seat 2 Eregion), Fornost only Sauron's
    land: the base claim takes Rhudaur (the name breaks the tie), the strategist spreads out
    to Fornost."""
    state = position(owner=1)
    for vacant in ("Fornost", "Rhudaur"):
        del state.owner[vacant]
        del state.armies[vacant]
    give(state, 0, 1, "Carrock")
    give(state, 2, 1, "Eregion")
    vacant = ["Fornost", "Rhudaur"]
    assert STRATEGIES["aggressive"](state.dice).claim(state, 0, vacant) == "Rhudaur"
    assert STRATEGIES["strategist"](state.dice).claim(state, 0, vacant) == "Fornost"
