"""Armies entering by their table edge and their Siege Engines (SE-DEPLOY-02,
002:L3140-3142), scripted dice: « les deux joueurs jettent un dé pour déterminer leur bord
de table pour pouvoir déployer leurs Engins de Siège. Le joueur ayant le plus haut résultat
peut choisir son bord de table (son adversaire aura automatiquement le bord opposé) et
déploie immédiatement ses Engins de Siège. Son adversaire déploiera les siens ensuite. Dans
cette situation, les Engins de Siège ne comptent pas comme s'étant déplacés au premier tour.
Si un seul joueur a des Engins de Siège, il gagne automatiquement ce jet de dé. »"""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from battlesim.engines.dice import ScriptedDice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.game import deploy, new_battle, play_game, setup_from_options
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import edge_entry, reinforcements
from battlesim.engines.sbg.rules import siege_engines as se

T = TypeVar("T")
TREBUCHET = "minas_tirith_trebuchet_skirmish"


class _South(HeuristicPlayer):
    """Chooses the south edge (y = 0) when it wins the roll for the edges."""

    def decide(self, state: BattleState, decision: Decision[T]) -> T:
        if isinstance(decision, edge_entry.ChooseEdge):
            return decision.options[0]  # type: ignore[return-value]
        return super().decide(state, decision)


def _deployed(forces: list[Any], dice: list[int]) -> BattleState:
    setup = setup_from_options({"forces": forces, "scenario": "the_captive"}, ScriptedDice([]))
    state = new_battle(setup, ScriptedDice(dice), EventLog())
    deploy(state, setup.scenario, (_South(), _South()))
    return state


def _rolls(state: BattleState) -> list[tuple[str, list[int]]]:
    return [(e.data["purpose"], e.data["dice"]) for e in state.log.of_kind("roll")]


def _engine(state: BattleState, side: int) -> Any:
    uid = state.forces[side].engines[0][0]
    return state.models[uid]


def test_se_deploy_02_the_higher_roll_chooses_its_edge_and_deploys_its_engines_first() -> None:
    """Both have engines: 3-3 is rolled again, then 2-5: side 1 wins, chooses the south
    edge; side 0 gets the north one. Side 1's engine stands within 6" of y = 0, side 0's
    within 6" of y = 48, each with its crew; every other model waits to enter by its
    edge in turn 1."""
    state = _deployed([TREBUCHET, TREBUCHET], [3, 3, 2, 5])
    assert edge_entry.own_edge(state, 1) == 0.0 and edge_entry.own_edge(state, 0) == 48.0
    first, second = _engine(state, 1), _engine(state, 0)
    assert first.y - first.radius <= 6.0 and first.y >= first.radius
    assert second.y + second.radius >= 42.0 and second.y <= 48.0 - second.radius
    assert [e.data["player"] for e in state.log.of_kind("table_edge")] == [1]
    assert [dice for _, dice in _rolls(state)] == [[3, 3], [2, 5]]
    crews = {uid for side in (0, 1) for _, crew in state.forces[side].engines for uid in crew}
    on_table = {m.uid for m in state.living()}
    assert on_table == {first.uid, second.uid, *crews}
    for reserve in state.reserves:
        assert reserve.turn == 1
        assert reserve.edge == edge_entry.own_edge(state, reserve.player)


def test_se_deploy_02_engines_deployed_so_have_not_moved_in_turn_one() -> None:
    """« ne comptent pas comme s'étant déplacés au premier tour »: each engine may fire
    in turn 1 (SE-SHOOT-01 forbids it after a move), its crew around it."""
    state = _deployed([TREBUCHET, TREBUCHET], [6, 1])
    for side in (0, 1):
        engine = _engine(state, side)
        assert not engine.moved
        assert se.crewing(state, engine) is not None


def test_se_deploy_02_a_player_alone_with_engines_wins_without_a_roll() -> None:
    """Only side 0 has an engine: no die is rolled (the scripted dice hold none), it
    chooses its edge and its engine stands within 6" of it."""
    state = _deployed([TREBUCHET, "mordor_skirmish"], [])
    assert [e.data for e in state.log.of_kind("table_edge")] == [
        {"player": 0, "edge": 0.0, "other": 48.0}
    ]
    assert not state.log.of_kind("roll")
    engine = _engine(state, 0)
    assert engine.y - engine.radius <= 6.0


def test_se_deploy_02_a_reserve_enters_only_by_its_own_edge() -> None:
    """MOVE-REINF-01 with an edge: a point on another edge is refused, the edge points
    offered are all on its own edge."""
    state = _deployed([TREBUCHET, "mordor_skirmish"], [])
    reserve = next(r for r in state.reserves if r.player == 1)
    points = reinforcements.entry_points(state, reserve)
    assert points and all(p[1] == pytest.approx(48.0) for p in points)
    assert not reinforcements.on_its_edge(reserve, (24.0, 0.0))


def test_the_captive_battle_brings_both_armies_on_and_ends() -> None:
    """The Captive: every model enters in turn 1 by its army's edge and the battle is
    fought to its end (no side wiped out before it arrived)."""
    result = play_game(
        seed=3,
        options={"forces": [TREBUCHET, "mordor_skirmish"], "scenario": "the_captive"},
    )
    arrived = {e.data["model"] for e in result.log.events if e.kind == "arrive"}
    assert any(uid.startswith("A") for uid in arrived)
    assert any(uid.startswith("B") for uid in arrived)
    assert result.termination != "wiped_out" or result.summary["turns"] > 1


def test_a_war_beast_and_its_crew_deploy_by_their_edge() -> None:
    """data.ASSUMPTIONS "edge entry": a War Beast and its crew (who ride it) stand within 6"
    of their edge before the battle; the rest of the army enters (a crewman once entered
    alone and could not move: the fuzz's seed 5067)."""
    forces = ["fellowship_skirmish", "harad_mumak_skirmish"]
    state = _deployed(forces, [])
    beasts = [m for m in state.living(1) if m.radius > 1.0]
    assert beasts and all(m.y + m.radius >= 42.0 for m in beasts)
    result = play_game(
        seed=5067,
        options={"forces": forces, "scenario": "the_captive", "table": "river ford"},
    )
    assert result.summary["turns"] >= 1
