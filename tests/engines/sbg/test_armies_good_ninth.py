"""Good army rules of command, lore and song (rules/armies/good/command.py, lore.py, songs.py,
issue 18). Each test cites the BattleScribe rule id whose English text is the spec, scripts
the dice and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.objectives import Award, VictoryAward
from battlesim.engines.sbg.core.registry import REGISTRY, Status
from battlesim.engines.sbg.core.state import BattleState, Phase, Removal, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules import terror
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.movement import START_OF_MOVE
from battlesim.engines.sbg.rules.scenarios import _leader_points
from tests.engines.sbg.builders import WARRIOR, add, battle

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero"})


def card(*rules: str, base: Profile = HERO, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def start_of_move(state: BattleState, uid: str) -> bool:
    state.phase = Phase.MOVE
    return any([rule(state, state.models[uid]) for rule in START_OF_MOVE])


# --- Line of Command (833d-f497-0b30-0d31) ---------------------------------------------------


def _leader_slain(hurin_alive: bool, leader_keywords: frozenset[str]) -> int:
    state = battle()
    gondor_hero = card(name="Boromir", keywords=leader_keywords)
    leader = add(state, "A1", 0, 10, 10, gondor_hero)
    hurin = add(state, "A2", 0, 20, 10, card("Line of Command", name="Húrin the Tall"))
    state.forces = (replace(state.forces[0], leader="A1"), state.forces[1])
    state.remove(leader, Removal.SLAIN)
    if not hurin_alive:
        state.remove(hurin, Removal.SLAIN)
    return _leader_points(state, 0, VictoryAward(Award.LEADER_SLAIN, 3))


def test_line_of_command_denies_the_points_for_a_slain_gondor_leader() -> None:
    gondor = HERO.keywords | {"gondor"}
    assert _leader_slain(True, gondor) == 0
    assert _leader_slain(False, gondor) == 3  # Húrin slain too
    assert _leader_slain(True, HERO.keywords) == 3  # the leader is no Gondor Hero


# --- Master of Ambush, Lantern: nothing to act on (names_good.yaml) ----------------------------


def test_master_of_ambush_and_the_lantern_are_classed_with_a_reason() -> None:
    for name in ("Master of Ambush", "Lantern"):
        assert REGISTRY.status(name) is Status.FLAVOUR


# --- Loremaster (c1d2-f6ef-3b1c-34ef) --------------------------------------------------------


def test_loremaster_negates_an_enemy_rule_until_the_end_of_the_turn() -> None:
    state = battle([1, 1])
    floi = add(state, "A1", 0, 10, 10, card("Loremaster", will=2))
    floi.will = 2
    troll = add(state, "B1", 1, 10, 16, card("Terror", name="Cave Troll"))
    assert "terror" in troll.triggers
    assert not start_of_move(state, "A1")  # he still moves
    assert "terror" not in troll.triggers and floi.will == 1
    assert not terror.frightens(troll, floi, state)
    tick(state, Tick.TURN_END)
    assert "terror" in troll.triggers


def test_loremaster_keeps_his_will_with_no_enemy_near() -> None:
    state = battle()
    floi = add(state, "A1", 0, 10, 10, card("Loremaster", will=2))
    floi.will = 2
    add(state, "B1", 1, 10, 40, card("Terror", name="Cave Troll"))
    start_of_move(state, "A1")
    assert floi.will == 2


# --- Enchanting Song (3b17-32b9-9f2c-43b1) ---------------------------------------------------


def test_the_madrigal_holds_an_enemy_that_fails_its_courage_test() -> None:
    state = battle([1, 2])  # 1 + 2 + Courage 3 < 10
    add(state, "A1", 0, 10, 10, card("Enchanting Song"))
    orc = add(state, "B1", 1, 10, 18)
    start_of_move(state, "A1")
    assert orc.done_moving
    assert not start_of_move(state, "A1") and len(state.log.of_kind("song")) == 1  # one a turn


def test_the_lay_of_gondolin_makes_the_sentinel_terrifying_for_the_turn() -> None:
    state = battle()
    sentinel = add(state, "A1", 0, 10, 10, card("Enchanting Song"))
    orc = add(state, "B1", 1, 10, 18)
    orc.done_moving = True  # it has moved: no Madrigal, the Lay
    start_of_move(state, "A1")
    assert terror.frightens(sentinel, orc, state)
    tick(state, Tick.TURN_END)
    assert not terror.frightens(sentinel, orc, state)


def test_the_hymn_of_elbereth_passes_a_friends_courage_tests() -> None:
    from battlesim.engines.sbg.rules.armies.good.songs import HYMN, _sing

    state = battle()
    sentinel = add(state, "A1", 0, 10, 10, card("Enchanting Song"))
    friend = add(state, "A2", 0, 14, 10)
    _sing(state, sentinel, HYMN, friend)
    assert courage_test(state, friend, "broken")  # no dice scripted: passed untested
