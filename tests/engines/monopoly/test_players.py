"""The strategies choose differently at the same decision points; the rules still decide."""

from __future__ import annotations

import pytest

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
    state.set_owner(1, 0)
    state.set_owner(3, 0)
    builder, acquisitive = ThreeStrongholds(Dice(1)), BuyEverything(Dice(1))
    state.level[1] = state.level[3] = 3
    assert builder.next_action(state, 0) is None
    assert acquisitive.next_action(state, 0) in (Build(1), Build(3))


def test_a_player_refuses_to_hand_an_opponent_a_group_cheaply() -> None:
    """Decision point 'trade' (001:L251): the last brown deed (60) completes the buyer's group
    (120 of prices), a threat the seller counts as 0.75 of it with three players (1.5 over two
    rivals; the cautious player 2.0 over two), plus its margin: 20, or 50 when cautious."""
    state = _state()
    state.set_owner(1, 0)
    state.set_owner(3, 1)
    for player in (BuyEverything(Dice(1)), ThreeStrongholds(Dice(1)), MonopolyHunter(Dice(1))):
        assert not player.accept_trade(state, 1, Trade(0, 1, take=(3,), give_cash=150))
        assert not player.accept_trade(state, 1, Trade(0, 1, take=(3,), give_cash=169))
        assert player.accept_trade(state, 1, Trade(0, 1, take=(3,), give_cash=60 + 90 + 20))
    cautious = CashReserve(Dice(1))
    assert not cautious.accept_trade(state, 1, Trade(0, 1, take=(3,), give_cash=229))
    assert cautious.accept_trade(state, 1, Trade(0, 1, take=(3,), give_cash=60 + 120 + 50))


def test_a_buyer_pays_for_a_missing_deed_the_price_the_owner_accepts() -> None:
    """Decision point 'trade': a buyer values its own group above the share of the threat the
    owner counts, so it pays what the owner asks, if that still leaves it a gain."""
    state = _state()
    state.set_owner(1, 0)
    state.set_owner(3, 1)
    offer = MonopolyHunter(Dice(1)).propose_trade(state, 0)
    assert offer is not None and offer.take == (3,) and offer.give == ()
    assert offer.give_cash == 60 + 90 + 20 + 1
    assert BuyEverything(Dice(1)).accept_trade(state, 1, offer)
    state.set_owner(1, 2)  # nothing left to complete: no offer
    assert MonopolyHunter(Dice(1)).propose_trade(state, 0) is None


def test_two_players_swap_the_deeds_that_complete_each_others_group() -> None:
    """Decision point 'trade': at a four-player table every strategy proposes a swap that
    completes a group on each side, with cash for the difference, and the partner accepts."""
    for name in ("acquisitive", "builder", "cautious", "hunter"):
        state = GameState(["a", "b", "c", "d"])
        state.set_owner(1, 0)
        state.set_owner(9, 0)
        state.set_owner(3, 1)
        state.set_owner(6, 1)
        state.set_owner(8, 1)
        offer = STRATEGIES[name](Dice(1)).propose_trade(state, 0)
        assert offer is not None and (offer.give, offer.take) == ((9,), (3,)), name
        assert STRATEGIES[name](Dice(1)).accept_trade(state, 1, offer), name


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


@pytest.mark.pure_python  # patches the module's own calls
def test_the_kept_trade_deals_give_the_offer_read_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trade plan keeps its deals (before cash) on the state while the owners, players,
    mortgages and buildings they were read from stay, also across a change of owner that
    leaves the groups both sides lack one deed of and those deeds' holders as they were; at
    every proposal of whole games the deals and the offer equal those read with nothing kept."""
    from battlesim.engines.monopoly import players, trading

    asked = {"kept": 0, "kept_across_a_sale": 0}

    def checked(
        state: GameState, seat: int, appetite: trading.Appetite, reserve: int
    ) -> Trade | None:
        key = seat  # the deals are kept per seat, with the appetite they were read for
        before = state.offers.get(key)
        if isinstance(before, trading._Read):
            moved = before.owner_changes != state.owner_changes
            holds = before.holds(state, seat)
            asked["kept"] += holds
            asked["kept_across_a_sale"] += holds and moved
        offer = trading.best_offer(state, seat, appetite, reserve)
        kept = state.offers.pop(key, None)
        assert trading.best_offer(state, seat, appetite, reserve) == offer
        fresh = state.offers.get(key)
        if isinstance(kept, trading._Read) and isinstance(fresh, trading._Read):
            assert kept.deals == fresh.deals
        if kept is not None:
            state.offers[key] = kept  # the next proposal reads what the engine kept
        return offer

    monkeypatch.setattr(players, "best_offer", checked)
    for seed in range(8):
        play_game(seed=seed, options={"all_rich_cash": 5000})
    assert asked["kept"] > 0
    assert asked["kept_across_a_sale"] > 0


@pytest.mark.pure_python  # patches the module's own calls
def test_an_idle_player_is_idle_when_its_plans_are_read_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player with nothing to build or lift keeps that answer while the table stays and its
    cash does not grow; every time whole games take that answer, the building and lifting
    plans read afresh find nothing either."""
    from battlesim.engines.monopoly.players import Player

    still_idle = Player._still_idle
    kept = {"answers": 0}

    def checked(self: Player, state: GameState, seat: int, cash: int) -> bool:
        idle = still_idle(self, state, seat, cash)
        if idle:
            kept["answers"] += 1
            assert self.place_building(state, seat, None) is None
            assert self.lift_one(state, seat) is None
        return idle

    monkeypatch.setattr(Player, "_still_idle", checked)
    for seed in range(8):
        play_game(seed=seed, options={"all_rich_cash": 5000})
    assert kept["answers"] > 100
