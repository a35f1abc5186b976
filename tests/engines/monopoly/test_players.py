"""The strategies choose differently at the same decision points; the rules still decide."""

from __future__ import annotations

from battlesim.engines.dice import Dice
from battlesim.engines.monopoly.actions import Build, JailChoice, Trade
from battlesim.engines.monopoly.game import play_game
from battlesim.engines.monopoly.players import (
    STRATEGIES,
    BuyEverything,
    CashReserve,
    MonopolyHunter,
    ThreeStrongholds,
)
from battlesim.engines.monopoly.state import GameState
from battlesim.engines.registry import play_function


def _state(cash: int = 1500) -> GameState:
    state = GameState(["a", "b", "c"])
    state.players[0].cash = cash
    return state


def test_the_cautious_player_keeps_its_reserve_where_the_acquisitive_one_buys() -> None:
    """Decision point 'buy' (001:L174): same table, different answers."""
    state = _state(cash=600)
    assert BuyEverything(Dice(1)).decide_buy(state, 0, 39)
    assert not CashReserve(Dice(1)).decide_buy(state, 0, 39)


def test_the_builder_stops_at_three_strongholds() -> None:
    """Decision point 'build' (001:L235): three strongholds, then no more."""
    state = _state()
    state.owner[1] = state.owner[3] = 0
    builder, acquisitive = ThreeStrongholds(Dice(1)), BuyEverything(Dice(1))
    state.level[1] = state.level[3] = 3
    assert builder.next_action(state, 0) is None
    assert acquisitive.next_action(state, 0) in (Build(1), Build(3))


def test_the_hunter_offers_more_for_the_missing_deed_each_time() -> None:
    """Decision point 'trade' (001:L251): buy the last deed of a group, raising the offer."""
    state = _state()
    state.owner[1], state.owner[3] = 0, 1
    hunter = MonopolyHunter(Dice(1))
    offers = [hunter.propose_trade(state, 0) for _ in range(6)]
    made = [o for o in offers if o is not None]
    assert [o.take for o in made] == [(3,), (3,)]
    assert made[1].give_cash > made[0].give_cash == int(60 * 2.1)


def test_an_acquisitive_player_accepts_a_generous_offer_the_hunter_refuses() -> None:
    """Decision point 'trade': each partner weighs an offer its own way."""
    state = _state()
    state.owner[1], state.owner[3] = 2, 1
    state.owner[6] = 0
    trade = Trade(0, 1, take=(3,), give_cash=150)
    assert BuyEverything(Dice(1)).accept_trade(state, 1, trade)
    assert not MonopolyHunter(Dice(1)).accept_trade(state, 1, trade)


def test_prison_choices_differ() -> None:
    """Decision point 'leave prison' (001:L224-227): pay at once or try for doubles."""
    state = _state()
    assert BuyEverything(Dice(1)).jail_choice(state, 0) is JailChoice.PAY
    assert CashReserve(Dice(1)).jail_choice(state, 0) is JailChoice.ROLL
    state.players[0].jail_cards.append(object())  # type: ignore[arg-type]
    assert CashReserve(Dice(1)).jail_choice(state, 0) is JailChoice.USE_CARD


def test_every_strategy_plays_a_whole_game_through_the_registry() -> None:
    """The registry contract: ``play_function('monopoly')`` plays with any strategies."""
    play = play_function("monopoly")
    for name in sorted(STRATEGIES):
        result = play(seed=3, options={"players": [name, "hunter"], "one_ring": True})
        assert result.summary["strategies"] == [name, "hunter"]
        assert result.winner is not None
    assert play is play_game
