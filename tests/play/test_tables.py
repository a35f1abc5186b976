"""The tables without Django: replays, the rules a person meets, what each seat may see."""

from __future__ import annotations

from typing import Any

import pytest

from battlesim.engines.log import Event
from battlesim.play import risk_table
from battlesim.play.runner import Outcome, advance
from battlesim.play.seating import IllegalChoiceError
from tests.play.helpers import plain_choice

MONOPOLY = ("monopoly", {"variant": "quick", "one_ring": False}, [None, "acquisitive", "hunter"])
RISK = ("risk", {"turn_limit": 10}, [None, "defensive"])


def run(
    table: tuple[str, dict[str, Any], list[str | None]],
    decisions: list[dict[str, Any]],
    seed: int = 4,
) -> Outcome:
    game, settings, seats = table
    return advance(game, seed, settings, seats, decisions, stop_at_ai=False)


def play_until(
    table: tuple, wanted: str, seed: int = 4, limit: int = 300
) -> tuple[list[dict], Outcome]:
    decisions: list[dict[str, Any]] = []
    for _ in range(limit):
        outcome = run(table, decisions, seed)
        assert outcome.prompt is not None, "the game ended first"
        prompt = outcome.prompt.to_json()
        if prompt["kind"] == wanted:
            return decisions, outcome
        decisions.append({"seat": 0, "kind": prompt["kind"], "choice": plain_choice(prompt)})
    raise AssertionError(f"no {wanted} question")


def test_the_same_record_replays_the_same_game() -> None:
    decisions, _ = play_until(MONOPOLY, "manage")
    assert run(MONOPOLY, decisions).events == run(MONOPOLY, decisions).events


def test_a_monopoly_trade_offered_to_an_ai_goes_through_the_engine() -> None:
    decisions, outcome = play_until(MONOPOLY, "trade")
    form = outcome.prompt.form
    partner = form["partners"][0]
    offer = {
        "partner": partner,
        "give_cash": min(50, form["cash"]),
        "take": form["theirs"][str(partner)][:1],
    }
    after = run(MONOPOLY, [*decisions, {"seat": 0, "kind": "trade", "choice": offer}])
    trades = [e for e in after.events if e["kind"] == "trade" and e["proposer"] == 0]
    assert trades and trades[-1]["partner"] == partner
    assert trades[-1]["take"] == offer["take"]


def test_a_monopoly_trade_with_a_stranger_s_deed_is_refused() -> None:
    decisions, outcome = play_until(MONOPOLY, "trade")
    snapshot = outcome.snapshot
    stranger = snapshot["owner"].index(2)
    bad = {"partner": 1, "take": [stranger]}
    with pytest.raises(IllegalChoiceError):
        run(MONOPOLY, [*decisions, {"seat": 0, "kind": "trade", "choice": bad}])


def test_risk_attacks_with_the_chosen_number_of_dice() -> None:
    decisions, outcome = play_until(RISK, "attack")
    target = outcome.prompt.options[1].id
    decisions.append({"seat": 0, "kind": "attack", "choice": target})
    dice_prompt = run(RISK, decisions).prompt
    assert dice_prompt.kind == "attack_dice"
    assert [o.id for o in dice_prompt.options][0] == "1"
    decisions.append({"seat": 0, "kind": "attack_dice", "choice": "1"})
    after = run(RISK, decisions)
    throw = [e for e in after.events if e["kind"] == "throw"][-1]
    assert throw["seat"] == 0 and len(throw["attack"]) == 1


def test_risk_hides_another_seat_s_cards_and_draws() -> None:
    snapshot = run(RISK, play_until(RISK, "attack")[0]).snapshot
    seen = risk_table.view(snapshot, {1}, finished=False)
    assert seen["players"][0]["adventures"] == len(snapshot["players"][0]["adventures"])
    assert seen["players"][1]["adventures"] == snapshot["players"][1]["adventures"]
    draw = Event(9, "adventure_card", {"seat": 0, "card": 3, "name": "Mission"})
    assert risk_table.hidden_from(draw, {1}, finished=False)
    assert not risk_table.hidden_from(draw, {0}, finished=False)
    assert risk_table.hidden_from(Event(1, "hands", {}), {0}, finished=False)


def test_a_risk_person_may_choose_the_defence_dice() -> None:
    table = ("risk", {"turn_limit": 10, "defence": "ask"}, [None, "aggressive"])
    decisions, outcome = play_until(table, "defend", seed=6)
    assert [o.id for o in outcome.prompt.options] == ["1", "2"]
    decisions.append({"seat": 0, "kind": "defend", "choice": "1"})
    throw = [e for e in run(table, decisions, seed=6).events if e["kind"] == "throw"][-1]
    assert len(throw["defence"]) == 1


@pytest.mark.parametrize(
    "offer",
    [
        {"partner": 99, "give_cash": 10},
        {"partner": 1, "take": [999]},
        {"partner": "x"},
        {"partner": 1, "give_cash": -5},
        {"partner": 1, "give": "all"},
    ],
)
def test_a_malformed_trade_form_is_refused_with_a_reason(offer: dict[str, Any]) -> None:
    decisions, _ = play_until(MONOPOLY, "trade")
    with pytest.raises(IllegalChoiceError):
        run(MONOPOLY, [*decisions, {"seat": 0, "kind": "trade", "choice": offer}])


@pytest.mark.parametrize(
    "attack",
    [
        {"target": "99,99", "armies": [1]},
        {"target": "nowhere"},
        {"target": "black_gate", "armies": "all"},
    ],
)
def test_a_malformed_rotk_attack_is_refused_with_a_reason(attack: dict[str, Any]) -> None:
    table = ("rotk", {"variant": False}, [None, "greedy", "racer"])
    decisions: list[dict[str, Any]] = []
    for _ in range(100):
        prompt = run(table, decisions).prompt.to_json()
        if prompt["kind"] == "turn" and any(o["id"].startswith("move") for o in prompt["options"]):
            break
        decisions.append({"seat": 0, "kind": prompt["kind"], "choice": plain_choice(prompt)})
    with pytest.raises(IllegalChoiceError):
        run(table, [*decisions, {"seat": 0, "kind": "turn", "choice": attack}])


@pytest.mark.parametrize("choice", [["yes"], {"partner": 1}, 3, None])
def test_a_choice_of_the_wrong_shape_is_refused(choice: Any) -> None:
    decisions, outcome = play_until(MONOPOLY, "manage")
    with pytest.raises(IllegalChoiceError):
        run(MONOPOLY, [*decisions, {"seat": 0, "kind": "manage", "choice": choice}])


def play_with(
    table: tuple, choose: Any, wanted: str, seed: int = 4, limit: int = 400
) -> tuple[list[dict], Outcome]:
    """Play with ``choose(prompt)`` until a question of kind ``wanted``."""
    decisions: list[dict[str, Any]] = []
    for _ in range(limit):
        outcome = run(table, decisions, seed)
        assert outcome.prompt is not None, f"the game ended before a {wanted} question"
        prompt = outcome.prompt.to_json()
        if prompt["kind"] == wanted:
            return decisions, outcome
        decisions.append({"seat": prompt["seat"], "kind": prompt["kind"], "choice": choose(prompt)})
    raise AssertionError(f"no {wanted} question")


def refuse_to_buy(prompt: dict[str, Any]) -> Any:
    return "no" if prompt["kind"] == "buy" else plain_choice(prompt)


def test_monopoly_a_declined_deed_goes_to_an_auction_the_person_bids_in() -> None:
    decisions, outcome = play_with(MONOPOLY, refuse_to_buy, "bid")
    ids = [o.id for o in outcome.prompt.options]
    assert ids[0] == "pass" and len(ids) > 1
    decisions.append({"seat": 0, "kind": "bid", "choice": ids[1]})
    after = run(MONOPOLY, decisions)
    while after.prompt is not None and after.prompt.kind == "bid":  # then drop out
        decisions.append({"seat": 0, "kind": "bid", "choice": "pass"})
        after = run(MONOPOLY, decisions)
    auctions = [e for e in after.events if e["kind"] == "auction"]
    assert any([0, int(ids[1])] in e["bids"] for e in auctions)


def test_monopoly_a_person_mortgages_in_their_turn() -> None:
    decisions, outcome = play_until(MONOPOLY, "manage")
    mortgage = next(o.id for o in outcome.prompt.options if o.id.startswith("mortgage:"))
    decisions.append({"seat": 0, "kind": "manage", "choice": mortgage})
    after = run(MONOPOLY, decisions)
    square = int(mortgage.split(":")[1])
    assert square in after.snapshot["mortgaged"]


def test_monopoly_an_ai_s_trade_offer_reaches_the_person_who_may_accept() -> None:
    table = ("monopoly", {"variant": "quick", "one_ring": False}, [None, "random"])
    decisions, outcome = play_until(table, "accept_trade")
    assert "offers a trade" in str(outcome.prompt.text)  # read in English
    decisions.append({"seat": 0, "kind": "accept_trade", "choice": "yes"})
    after = run(table, decisions)
    trade = [e for e in after.events if e["kind"] == "trade"][-1]
    assert trade["partner"] == 0 and trade["accepted"] is True


def fortify_first(prompt: dict[str, Any]) -> Any:
    if prompt["kind"] == "attack":
        return "stop"
    return plain_choice(prompt)


def test_risk_a_person_fortifies_a_chosen_number_of_battalions() -> None:
    decisions, outcome = play_with(RISK, fortify_first, "fortify_from")
    source = outcome.prompt.options[1].id
    decisions.append({"seat": 0, "kind": "fortify_from", "choice": source})
    target = run(RISK, decisions).prompt.options[0].id
    decisions.append({"seat": 0, "kind": "fortify_to", "choice": target})
    count_prompt = run(RISK, decisions).prompt
    assert count_prompt.kind == "fortify_count" and count_prompt.options[0].id == "1"
    decisions.append({"seat": 0, "kind": "fortify_count", "choice": "1"})
    after = run(RISK, decisions)
    if after.prompt is not None and after.prompt.kind == "fortify_leader":
        decisions.append({"seat": 0, "kind": "fortify_leader", "choice": "no"})
        after = run(RISK, decisions)
    moves = [e for e in after.events if e["kind"] == "fortify" and e["seat"] == 0]
    assert moves and moves[-1]["count"] == 1 and moves[-1]["target"] == target


def test_rotk_a_person_attacks_a_tile_with_chosen_cards() -> None:
    table = ("rotk", {"variant": False}, [None, "greedy", "racer"])
    decisions: list[dict[str, Any]] = []
    for _ in range(200):
        outcome = run(table, decisions)
        prompt = outcome.prompt.to_json()
        hand = outcome.snapshot["seats"][0]["hand"]
        armies = [c for c in hand if c["kind"] == "army"]
        if prompt["form"] and armies:
            colour = armies[0]["colour"]
            chosen = [c["id"] for c in armies if c["colour"] == colour]
            attack = {"target": prompt["form"]["targets"][0], "armies": chosen, "heroes": []}
            after = run(table, [*decisions, {"seat": 0, "kind": "turn", "choice": attack}])
            fights = [e for e in after.events if e["kind"] == "attack" and e["seat"] == 0]
            assert fights and fights[-1]["armies"] == chosen
            return
        decisions.append({"seat": 0, "kind": prompt["kind"], "choice": plain_choice(prompt)})
    pytest.fail("no attack was open to the person")
