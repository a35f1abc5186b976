"""The heuristic with a plan (issue 29, policies/plan): roles read from profile and list,
objectives read as data, and the habits that follow them. ``heuristic_v1`` stays today's
heuristic, decision for decision."""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlesim.engines.sbg.core.actions import Charge, Hold, Move
from battlesim.engines.sbg.core.paths import Point, point_distance
from battlesim.engines.sbg.game import play_game
from battlesim.engines.sbg.policies.plan.objectives import objectives
from battlesim.engines.sbg.policies.plan.player import PlanPlayer
from battlesim.engines.sbg.policies.plan.roles import Role, role_of
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.policies.roster import PLAYERS
from battlesim.engines.sbg.rules.scenarios import Domination, Scenario
from tests.engines.sbg.builders import add, battle, profile

HERO = dict(keywords=frozenset({"man", "infantry", "hero"}), might=1, fate=1)


def test_roles_come_from_profile_and_list() -> None:
    """A Hero with a bow is a Hero (it fights); a leader short of Might is kept back; banners,
    spears, bows and riders have their own roles."""
    state = battle()
    leader = add(state, "a1", 0, 10, 10, profile(**HERO))
    state.forces = (replace(state.forces[0], leader="a1"), state.forces[1])
    faramir = add(state, "a2", 0, 12, 10, profile(**HERO, wargear=("sword", "bow")))
    banner = add(state, "a3", 0, 14, 10, profile(wargear=("sword", "banner")))
    spear = add(state, "a4", 0, 16, 10, profile(wargear=("spear",)))
    bow = add(state, "a5", 0, 18, 10, profile(wargear=("sword", "bow")))
    line = add(state, "a6", 0, 20, 10)
    assert [role_of(state, m) for m in (leader, faramir, banner, spear, bow, line)] == [
        Role.LEADER,
        Role.HERO,
        Role.BANNER,
        Role.SUPPORT,
        Role.ARCHER,
        Role.LINE,
    ]
    leader.might = 3  # enough Might to lead the charge (as heuristic_v1)
    assert role_of(state, leader) is Role.HERO


@dataclass(frozen=True, slots=True)
class _OnePoint(Scenario):
    """A scenario no player knows by name: one objective at the table's centre."""

    name: str = "unheard_of"

    def objectives(self) -> tuple[Point, ...]:
        return ((24.0, 24.0),)


def test_objectives_are_read_as_data_not_by_name() -> None:
    assert [o.point for o in objectives(_OnePoint())] == [(24.0, 24.0)]
    assert len(objectives(Domination())) == 5
    assert objectives(Scenario()) == ()


def test_a_model_holding_an_objective_stays_on_it() -> None:
    """The model on the objective holds rather than charge an enemy off it (v1 walked off
    objectives it held); a free friend is sent to the objective, not to the enemy."""
    state = battle()
    keeper = add(state, "a1", 0, 24, 23)
    walker = add(state, "a2", 0, 10, 10)
    add(state, "b1", 1, 27, 28.5)  # in charge reach, 4.9" from the objective
    add(state, "b2", 1, 40, 40)
    player = PlanPlayer(_OnePoint())
    assert isinstance(player.choose_move(state, keeper), Hold)
    action = player.choose_move(state, walker)
    assert isinstance(action, Move)
    assert point_distance(action.to, (24.0, 24.0)) < point_distance(walker.position, (24, 24))


def test_an_archer_with_no_target_walks_half_a_move_to_find_one() -> None:
    """SHOOT-ELIG-06: half a Move keeps the shot; v1 held whenever the nearest enemy was in
    range, with or without a target."""
    state = battle()
    for k in range(3):
        add(state, f"a{k}", 0, 10 + 2 * k, 10)  # a line, so the bow keeps to shooting
    bow = add(state, "a9", 0, 24, 5, profile(wargear=("sword", "bow")))
    add(state, "b1", 1, 24, 5 + 24 + 3)  # out of the bow's 24" range by ~2"
    action = PlanPlayer().choose_move(state, bow)
    assert isinstance(action, Move)
    assert abs(point_distance(action.to, bow.position) - 3.0) < 0.05


def test_an_archer_with_a_target_holds_and_shoots() -> None:
    state = battle()
    for k in range(3):
        add(state, f"a{k}", 0, 10 + 2 * k, 10)
    bow = add(state, "a9", 0, 24, 5, profile(wargear=("sword", "bow")))
    add(state, "b1", 1, 24, 25)
    assert isinstance(PlanPlayer().choose_move(state, bow), Hold)


def test_a_second_rank_fighter_wraps_round_to_a_free_enemy() -> None:
    """The enemy already fought by two friends counts as further away: the fighter behind
    makes for the enemy nobody fights yet."""
    state = battle()
    add(state, "a1", 0, 24, 20)
    add(state, "a2", 0, 25.2, 20.6)
    add(state, "b1", 1, 24.6, 21.0)  # fought by a1 and a2
    free = add(state, "b2", 1, 31, 27)
    behind = add(state, "a3", 0, 24.5, 12)
    action = PlanPlayer().choose_move(state, behind)
    assert isinstance(action, Move | Charge)
    assert (
        point_distance(action.to, free.position)
        < point_distance(behind.position, free.position) - 4
    )


def test_heuristic_v1_is_the_earlier_player_and_the_default_plays_with_a_plan() -> None:
    """``heuristic_v1`` keeps the earlier heuristic (its hashed logs stay valid); the default
    ``heuristic`` is the plan player; both play both scenarios."""
    assert PLAYERS["heuristic_v1"] is HeuristicPlayer
    assert PLAYERS["heuristic"] is PLAYERS["heuristic_v2"]
    assert issubclass(PLAYERS["heuristic_v2"], PlanPlayer)  # its siege moves first (issue 20)
    options = {"forces": ["minas_tirith_skirmish", "mordor_skirmish"], "turn_limit": 3}
    for scenario in ("to_the_death", "domination"):
        players = ["heuristic_v2", "heuristic_v1"]
        result = play_game(seed=5, options={**options, "scenario": scenario, "players": players})
        assert result.termination in ("turn_limit", "reduced_to_quarter", "wiped_out")


def test_with_priority_a_model_that_cannot_charge_stops_outside_the_enemy_reach() -> None:
    """MOVE-CHG: the enemy moves after the Priority side; ending within its Move + 1" would
    hand it the charge. Without Priority (the enemy has moved) the model walks its full Move."""
    for priority, walked in ((0, 10.0 - 7.0), (1, 6.0)):
        state = battle(priority=priority)
        model = add(state, "a1", 0, 24, 10)
        add(state, "b1", 1, 24, 10 + 10 + 25.0 / 25.4)  # 10" apart, base to base
        action = PlanPlayer().choose_move(state, model)
        assert isinstance(action, Move)
        assert abs(point_distance(action.to, model.position) - walked) < 0.05


def test_the_leader_follows_the_fight_instead_of_freezing() -> None:
    """The leader (short of Might) ends behind the friend nearest the enemy, not left on a
    flank; v1 held it still whenever a friend stood nearer the enemy."""
    state = battle(priority=1)
    leader = add(state, "a1", 0, 6, 6, profile(**HERO))
    state.forces = (replace(state.forces[0], leader="a1"), state.forces[1])
    front = add(state, "a2", 0, 24, 20)
    add(state, "b1", 1, 24, 30)
    action = PlanPlayer().choose_move(state, leader)
    assert isinstance(action, Move)
    assert (
        point_distance(action.to, front.position)
        < point_distance(leader.position, front.position) - 5
    )
