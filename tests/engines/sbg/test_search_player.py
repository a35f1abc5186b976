"""A copy of the battle state (core/clone.py) and the search player that plays its turn's
intent out on copies (policies/search.py), issue 29 item 3."""

from __future__ import annotations

import copy
from typing import Any
from unittest.mock import patch

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg import game
from battlesim.engines.sbg.checks import invariant_breaches, move_refusal
from battlesim.engines.sbg.core.actions import Charge, ChooseMove, Hold, Move
from battlesim.engines.sbg.core.clone import clone
from battlesim.engines.sbg.core.state import BattleState, Removal
from battlesim.engines.sbg.phases.turn import play_turn
from battlesim.engines.sbg.policies import search
from battlesim.engines.sbg.policies.plan.intent import Intent
from battlesim.engines.sbg.policies.plan.player import PlanPlayer
from battlesim.engines.sbg.policies.roster import PLAYERS
from battlesim.engines.sbg.policies.search import (
    BROKEN_WEIGHT,
    MARGIN,
    Candidate,
    SearchPlayer,
    SteeredPlayer,
    _kept,
    _worth,
)
from battlesim.engines.sbg.policies.search_dice import KeyedDice
from battlesim.engines.sbg.rules.might import MightAsk, MightRoll
from battlesim.engines.sbg.rules.scenarios import Scenario
from tests.engines.sbg.builders import add, battle, profile

OPTIONS = {"forces": ["minas_tirith", "mordor"], "table": "village"}


def _started(seed: int, turns: int) -> tuple[BattleState, Scenario]:
    dice = Dice(seed)
    setup = game.setup_from_options(OPTIONS, dice)
    players = (PlanPlayer(setup.scenario), PlanPlayer(setup.scenario))
    state = game.new_battle(setup, dice, EventLog())
    game.deploy(state, setup.scenario, players)
    setup.scenario.start(state, players)
    state.players = players
    for _ in range(turns):
        play_turn(state, players)
    return state, setup.scenario


def _snapshot(state: BattleState) -> tuple[object, ...]:
    models = {uid: (m.position, m.wounds, m.alive, m.prone) for uid, m in state.models.items()}
    touching = {uid: sorted(t) for uid, t in state.touching.items()}
    return models, touching, len(state.log), len(state.dice.rolls), state.casualties[:]


def test_a_copy_plays_on_exactly_as_the_battle_would() -> None:
    """Given the same dice, the copy plays the next turns event for event as the battle
    itself: nothing that decides play is lost or shared by the copy."""
    state, scenario = _started(seed=4, turns=3)
    twin = clone(state, copy.deepcopy(state.dice))
    for board in (state, twin):
        players = (PlanPlayer(scenario), PlanPlayer(scenario))
        board.players = players
        for _ in range(3):
            play_turn(board, players)
    assert twin.log.to_json() == state.log.to_json()
    assert _snapshot(twin)[:2] == _snapshot(state)[:2]


def test_playing_a_copy_leaves_the_battle_untouched() -> None:
    """The copy rolls its own dice and logs to its own log: the battle's models, contacts,
    log and dice are as they were."""
    state, scenario = _started(seed=2, turns=3)
    before = _snapshot(state)
    twin = clone(state, Dice(99))
    players = (PlanPlayer(scenario), PlanPlayer(scenario))
    twin.players = players
    for _ in range(3):
        play_turn(twin, players)
    assert _snapshot(twin) != before
    assert _snapshot(state) == before


def test_the_search_player_is_named_and_leaves_the_battle_untouched() -> None:
    """``search`` is on the roster; its look-ahead (several copies) rolls none of the
    battle's dice and moves none of its models."""
    assert PLAYERS["search"] is SearchPlayer
    state, scenario = _started(seed=3, turns=2)
    before = _snapshot(state)
    player = SearchPlayer(scenario, rollouts=1)
    order = player.move_order(state, state.priority)
    assert player.searched == 1
    assert sorted(order) == sorted(m.uid for m in state.living(state.priority))
    assert _snapshot(state) == before


def test_the_search_player_plays_whole_battles_the_same_way_each_time() -> None:
    """Same seed, same log: the copies' dice come from the battle's seed, never its dice
    (skirmish-size forces: the look-ahead is costly at full size)."""
    options = {
        "forces": ["rohan_skirmish", "warg_riders_skirmish"],
        "table": "village",
        "players": ["search", "heuristic_v2"],
    }
    first = game.play_game(seed=7, options=options)
    again = game.play_game(seed=7, options=options)
    assert first.log.dumps() == again.log.dumps()
    other = game.play_game(seed=7, options={**options, "players": ["heuristic_v2"] * 2})
    assert other.log.dumps() != first.log.dumps()  # the look-ahead changed some play


def test_a_copy_is_worth_the_points_kept_less_the_points_lost() -> None:
    """Each side keeps its share of its points by Wounds left: with one of its two equal
    models slain, side 0 is worth half an army less than the untouched enemy, and a broken
    army counts against its side."""
    state = battle()
    add(state, "a1", 0, 10, 10)
    slain = add(state, "a2", 0, 12, 10)
    add(state, "b1", 1, 10, 30)
    add(state, "b2", 1, 12, 30)
    scenario = Scenario()
    assert _worth(state, 0, scenario, ended=False) == 0.0
    state.remove(slain, Removal.SLAIN)
    assert (_kept(state, 0), _kept(state, 1)) == (0.5, 1.0)
    worth = _worth(state, 0, scenario, ended=False)
    assert worth <= -0.5  # and the enemy's victory-point lead, if any
    state.broken[0] = True
    assert _worth(state, 0, scenario, ended=False) == worth - BROKEN_WEIGHT


def test_forcing_an_intent_remakes_the_plan_for_that_turn_only() -> None:
    """The search player's choice reaches v2's plan for this turn; the next turn v2 reads its
    intent from the forces again."""
    state, scenario = _started(seed=1, turns=1)
    player = PlanPlayer(scenario)
    side = state.priority
    assert player._plan(state, side).intent is Intent.ADVANCE
    player.force_intent(state, side, Intent.HOLD)
    assert player._plan(state, side).intent is Intent.HOLD
    state.turn += 1
    assert player._plan(state, side).intent is Intent.ADVANCE


# Defence 4: the bows wound it on a 5 (1/3), worth standing to shoot. Against Defence 5 or
# more (1/6 or worse) v2's bows walk into the trolls' reach themselves once they are near,
# and pressing gains nothing (search worths measured on 16 copies: -0.05 +- 0.09).
TROLL = profile(name="Test Troll", fight=6, strength=6, defence=4, attacks=3, wounds=3, courage=4)
BOWMAN = profile(name="Test Bowman", wargear=("sword", "bow"))
HERO = frozenset({"man", "infantry", "hero"})


def _trolls_facing_bows() -> BattleState:
    """Two trolls with the priority, four bowmen 12" away: out of a troll's charge this turn,
    and the bowmen's charge reach is 7" (Move 6 and v2's 1" margin)."""
    state = battle(Dice(5), priority=0)
    for k in range(2):
        add(state, f"a{k}", 0, 20 + 3 * k, 10, TROLL)
    for k in range(4):
        add(state, f"b{k}", 1, 17 + 3 * k, 22, BOWMAN)
    state.players = (PlanPlayer(), PlanPlayer())
    return state


def test_the_look_ahead_closes_in_where_the_heuristic_would_wait_to_be_shot() -> None:
    """v2 moving first stops outside the enemy's charge reach (ADVANCE): the trolls stand 7"
    off, the bowmen shoot, and next turn the trolls still cannot reach them. Played out on
    copies, closing all the way (PRESS) lets the trolls charge the bowmen next turn, which
    they win: the search player presses, and its trolls end the move nearer."""
    state = _trolls_facing_bows()
    assert PlanPlayer()._plan(state, 0).intent is Intent.ADVANCE
    player = SearchPlayer(Scenario())
    scores = player.scores(state, 0)
    assert max(scores, key=lambda name: scores[name]) in ("press", "bold")
    assert scores["press"] > scores["v2"] + MARGIN
    player.move_order(state, 0)
    assert player._plan(state, 0).intent is Intent.PRESS
    troll = state.models["a0"]
    pressed = player.choose_move(state, troll)
    waited = PlanPlayer().choose_move(state, troll)
    assert isinstance(pressed, Move) and isinstance(waited, Move)
    assert pressed.to[1] > waited.to[1] + 1.0  # nearer the bowmen (they stand at y = 22)


class _Checked:
    """Wraps the search player: each move it answers must pass the engine's own check, or
    be the very move heuristic_v2 steered the same way answers there (v2 itself now and
    then answers a move the engine refuses, into an enemy's zone, in about 1 battle in 3
    of skirmish mirrors in the village: that is v2's, not the look-ahead's)."""

    def __init__(self, inner: SearchPlayer) -> None:
        self.inner = inner
        self.moves = 0
        self.refused = 0

    def decide(self, state: BattleState, decision: Any) -> Any:
        answer = self.inner.decide(state, decision)
        if isinstance(decision, ChooseMove):
            if move_refusal(state, answer) is not None:
                assert _steered_twin(self.inner).decide(state, decision) == answer, answer
                self.refused += 1
            self.moves += 1
        return answer


def _steered_twin(player: SearchPlayer) -> SteeredPlayer:
    """heuristic_v2 steered as ``player`` is this turn (no look-ahead)."""
    twin = SteeredPlayer(player.scenario)
    twin._forced = dict(player._forced)
    twin._thresholds = dict(player._thresholds)
    return twin


def test_the_search_player_plays_a_small_battle_to_its_end_legally() -> None:
    """A skirmish-size battle, played to its end by the scenario: every move of the search
    player passes the engine's check, the battle's invariants hold after every turn and the
    look-ahead was used."""
    dice = Dice(3)
    options = {"forces": ["rohan_skirmish", "warg_riders_skirmish"], "table": "village"}
    setup = game.setup_from_options(options, dice)
    search = SearchPlayer(setup.scenario)
    players = (_Checked(search), PlanPlayer(setup.scenario))
    state = game.new_battle(setup, dice, EventLog())
    game.deploy(state, setup.scenario, players)  # type: ignore[arg-type]
    setup.scenario.start(state, players)  # type: ignore[arg-type]
    state.players = players  # type: ignore[assignment]
    while setup.scenario.ended(state) is None:
        play_turn(state, players)  # type: ignore[arg-type]
        assert invariant_breaches(state) == []
    assert state.turn < setup.scenario.turn_limit  # ended by the scenario's own condition
    assert players[0].moves > 10 and search.searched > 0
    assert players[0].refused <= 2


def test_a_candidate_that_moves_as_an_earlier_one_is_not_played_on() -> None:
    """The trolls move first: holding stops them short of the bowmen's reach as v2's own
    ADVANCE does, and the bold turn presses as PRESS does (no charge is in reach). Those
    candidates end the Move phase as an earlier one and are not rolled out (cost)."""
    state = _trolls_facing_bows()
    player = SearchPlayer(Scenario(), rollouts=2)
    assert [c.name for c in player.candidates(state, 0)] == ["v2", "press", "hold", "bold", "wary"]
    assert sorted(player.worths(state, 0)) == ["press", "v2"]


def test_keyed_dice_roll_the_same_for_the_same_purpose_whatever_came_before() -> None:
    """Two copies that part ways roll the same dice for the same duel: a draw is keyed by
    its purpose and how many such draws came before, not by the order of all draws."""
    plain = KeyedDice(11)
    duel = [plain.roll(6, "duel m1") for _ in range(4)]
    parted = KeyedDice(11)
    parted.d6s(3, "to hit m2->m5")
    parted.roll(6, "courage m4")
    assert parted.d6s(4, "duel m1") == duel
    assert [r.purpose for r in parted.rolls][-1] == "duel m1"  # recorded like any draw
    others = [KeyedDice(seed).roll(6, "duel m1") for seed in range(12, 40)]
    assert len(set(others)) == 6  # another seed, other dice


def _trolls_before_bowmen() -> BattleState:
    """Two trolls of side 0 within a charge of four bowmen of side 1, v2 on both sides."""
    state = battle(Dice(5), priority=0)
    for k in range(2):
        add(state, f"a{k}", 0, 20 + 3 * k, 18, TROLL)  # 4" off: within a troll's charge
    for k in range(4):
        add(state, f"b{k}", 1, 17 + 3 * k, 22, BOWMAN)
    state.players = (PlanPlayer(), PlanPlayer())
    return state


def test_a_held_charge_is_a_candidate_of_its_own_when_asked() -> None:
    """With ``VETOES`` (bench/sbg_search_gains.py --vetoes), each model v2 charges with makes
    a candidate of its own: v2's turn with that one charge held. Held, the troll makes no
    charge; its fellow still charges."""
    state = _trolls_before_bowmen()
    steered = SteeredPlayer()
    assert all(
        isinstance(steered.choose_move(state, state.models[u]), Charge) for u in ("a0", "a1")
    )
    steered.steer(state, 0, Candidate("hold a0", veto="a0"))
    assert not isinstance(steered.choose_move(state, state.models["a0"]), Charge)
    assert isinstance(steered.choose_move(state, state.models["a1"]), Charge)
    player = SearchPlayer(Scenario(), rollouts=2)
    player._moved(state, 0)
    assert "hold a0" not in player._offered  # VETOES is off: the search player's default
    with patch.object(search, "VETOES", True):
        moved = player._moved(state, 0)
    assert {"hold a0", "hold a1"} <= set(player._offered) and "hold a0" in moved


def test_another_target_in_reach_is_a_candidate_of_its_own_when_asked() -> None:
    """With ``TARGETS`` (bench/sbg_search_gains.py --targets), each other enemy a charger of
    v2's may reach makes a candidate of its own: v2's turn with that model charging that
    enemy. Steered so, the troll charges the bowman named, not v2's choice."""
    state = _trolls_before_bowmen()
    own = SteeredPlayer().choose_move(state, state.models["a0"])
    assert isinstance(own, Charge)
    other = next(f"b{k}" for k in range(4) if f"b{k}" != own.target)
    steered = SteeredPlayer()
    steered.steer(state, 0, Candidate(f"a0 at {other}", target=("a0", other)))
    charge = steered.choose_move(state, state.models["a0"])
    assert isinstance(charge, Charge) and charge.target == other
    player = SearchPlayer(Scenario(), rollouts=2)
    player._moved(state, 0)
    assert not any(" at " in name for name in player._offered)  # off: the player's default
    with patch.object(search, "TARGETS", True):
        moved = player._moved(state, 0)
    assert f"a0 at {other}" in player._offered and any(" at " in name for name in moved)


def test_a_model_moved_otherwise_is_a_candidate_of_its_own_when_asked() -> None:
    """With ``OTHERWISE`` (bench/sbg_search_gains.py --otherwise), each model of ours near the
    enemy that makes no charge makes a candidate of its own: v2's turn with that model
    holding where v2 moves it (closing in where v2 holds it)."""
    state = _trolls_facing_bows()
    troll = state.models["a0"]
    assert isinstance(PlanPlayer().choose_move(state, troll), Move)  # v2 walks it closer
    steered = SteeredPlayer()
    steered.steer(state, 0, Candidate("a0 otherwise", otherwise="a0"))
    assert isinstance(steered.choose_move(state, troll), Hold)
    assert isinstance(steered.choose_move(state, state.models["a1"]), Move)
    player = SearchPlayer(Scenario(), rollouts=2)
    player._moved(state, 0)
    assert not any(name.endswith(" otherwise") for name in player._offered)  # off by default
    with patch.object(search, "OTHERWISE", True):
        moved = player._moved(state, 0)
    assert "a0 otherwise" in player._offered and "a0 otherwise" in moved


def test_a_hero_keeping_its_might_is_a_candidate_of_its_own_when_asked() -> None:
    """With ``THRIFT`` (bench/sbg_search_gains.py --might), each Hero of ours with Might makes
    a candidate of its own: v2's turn with that Hero spending none in its fights (Duels, to
    hit, to wound), kept even where its Move phase ends as v2's own (it is spent later); with
    ``MIGHT_POINTS`` a point kept counts in a copy's worth."""
    state = _trolls_facing_bows()
    hero = add(state, "a2", 0, 26, 10, profile(keywords=HERO, wounds=2, fate=0, might=2))
    duel = MightAsk(MightRoll.DUEL, value=4, need=5, budget=2)
    assert SteeredPlayer().spend_might(state, hero, duel) == 1
    steered = SteeredPlayer()
    steered.steer(state, 0, Candidate("a2 keeps Might", thrift="a2"))
    assert steered.spend_might(state, hero, duel) == 0
    player = SearchPlayer(Scenario(), rollouts=2)
    with patch.object(search, "THRIFT", True):
        moved = player._moved(state, 0)
    assert "a2 keeps Might" in moved
    before = _worth(state, 0, Scenario(), ended=False)
    with patch.object(search, "MIGHT_POINTS", 5.0):
        assert _worth(state, 0, Scenario(), ended=False) > before
