"""Heroic Actions (checklist part 1 §9.3-9.12, seed 002:L1572-1736), with scripted dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg.core.actions import Charge, Hold, IllegalActionError, Move, MoveAction
from battlesim.engines.sbg.core.arms import SpecialStrike
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Removal
from battlesim.engines.sbg.core.units import Alignment, ModelId, PlayerId, PowerSpec
from battlesim.engines.sbg.coverage import profile_coverage
from battlesim.engines.sbg.game import deploy, new_battle, play_battle, setup_from_options
from battlesim.engines.sbg.phases.end import run_end_phase
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.phases.move import run_move_phase
from battlesim.engines.sbg.phases.shoot import run_shoot_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.challenges import challenge
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.courage import stand_fast_hero
from battlesim.engines.sbg.rules.heroic_actions import DECLARATIONS, declarations, heroic_turn
from battlesim.engines.sbg.rules.monsters.core import heroic_combat_mark
from battlesim.engines.sbg.rules.movement import charge_spot, check_action
from battlesim.engines.sbg.rules.rider_status import rider_turns
from battlesim.engines.sbg.rules.scenarios import scenario_named
from battlesim.engines.sbg.rules.shooting import can_shoot, shoot
from battlesim.engines.sbg.rules.special_strikes import stun_mark
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile, rolls

HERO = profile(
    name="Hero",
    fight=5,
    strength=4,
    attacks=2,
    wounds=2,
    might=1,
    keywords=frozenset({"hero", "infantry", "man"}),
)
ORC = profile(name="Orc", fight=3, strength=3, defence=4)
ARCHER = profile(name="Archer", wargear=("sword", "bow"))

Planned = MoveAction | Callable[[BattleState, ModelState], MoveAction]


class Script(HeuristicPlayer):
    """Declares what it is told, holds unless told to move, never uses special strikes."""

    def __init__(
        self,
        declare: Sequence[ha.Choice | None] = (),
        moves: dict[ModelId, Planned] | None = None,
        calls: bool = True,
        accept: bool = True,
        silent: Sequence[ModelId] = (),
        prefer: ModelId | None = None,
    ) -> None:
        super().__init__()
        self.declare = list(declare)
        self.moves = moves or {}
        self.calls, self.accept = calls, accept
        self.silent, self.prefer = set(silent), prefer
        self.asked: list[tuple[PlayerId, str]] = []

    def declare_heroic_action(
        self, state: BattleState, side: PlayerId, phase: Phase
    ) -> ha.Choice | None:
        self.asked.append((side, phase.value))
        return self.declare.pop(0) if self.declare else None

    def call_friends(self, state: BattleState, hero: ModelState, action: str) -> bool:
        return self.calls

    def accept_challenge(
        self, state: BattleState, hero: ModelState, challenger: ModelState
    ) -> bool:
        return self.accept

    def choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        planned = self.moves.get(model.uid, Hold(model.uid))
        return planned(state, model) if callable(planned) else planned

    def choose_special_strike(self, *args: Any) -> SpecialStrike | None:
        return None

    def choose_target(
        self, state: BattleState, shooter: ModelState, targets: Sequence[ModelState]
    ) -> ModelId | None:
        return None if shooter.uid in self.silent else targets[0].uid

    def choose_strike_target(
        self,
        state: BattleState,
        striker: ModelState,
        targets: Sequence[ModelState],
        trapped: frozenset[ModelId],
    ) -> ModelId:
        uids = [t.uid for t in targets]
        return self.prefer if self.prefer in uids else uids[0]


def charge(target: ModelId) -> Callable[[BattleState, ModelState], MoveAction]:
    def plan(state: BattleState, model: ModelState) -> MoveAction:
        spot = charge_spot(state, model, state.models[target])
        assert spot is not None, f"{model.uid} cannot reach {target}"
        return Charge(model.uid, target, spot)

    return plan


def events(state: BattleState, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in state.log.of_kind(kind)]


def movers(state: BattleState) -> list[str]:
    return [e["model"] for e in events(state, "move")]


def hero(**changes: Any) -> Any:
    return profile(**{**_hero_fields(), **changes})


def _hero_fields() -> dict[str, Any]:
    return {
        "name": "Hero",
        "fight": 5,
        "strength": 4,
        "attacks": 2,
        "wounds": 2,
        "might": 1,
        "keywords": frozenset({"hero", "infantry", "man"}),
    }


# --- HERO-HA: the general procedure --------------------------------------------------------


def test_hero_ha_01_declared_at_the_start_of_its_own_phase() -> None:
    """HERO-HA-01 (002:L1576): declared at the start of the phase, before any move or die;
    an action of another phase is refused."""
    state = battle([])
    add(state, "g", 0, 10, 10, HERO)
    p0 = Script([("g", "heroic move"), ("g", "heroic combat")], {"g": Move("g", (10, 14))})
    run_move_phase(state, (p0, Script()))
    kinds = [e.kind for e in state.log.events if e.kind in {"heroic_action", "move", "roll"}]
    assert kinds[0] == "heroic_action" and "move" in kinds
    refused = events(state, "refused")[0]["reason"]
    assert "fight phase (HERO-HA-01)" in refused


def test_hero_ha_02_declaring_spends_one_might_at_once_and_is_logged() -> None:
    """HERO-HA-02 (002:L1576): name a Hero, declare the action, remove 1 Might at once."""
    state = battle([])
    g = add(state, "g", 0, 10, 10, hero(might=2))
    run_move_phase(state, (Script([("g", "heroic move")]), Script()))
    assert g.might == 1
    assert events(state, "heroic_action") == [
        {"hero": "g", "action": "heroic move", "phase": "move", "turn": 1, "might_left": 1}
    ]


def test_hero_ha_02_no_might_no_declaration() -> None:
    """HERO-HA-02, HERO-HA-08 (002:L1576, L1598): a Hero without Might cannot declare."""
    state = battle([])
    g = add(state, "g", 0, 10, 10, hero(might=0))
    assert ha.legal_declarations(state, 0, Phase.MOVE) == []
    DECLARATIONS.put(state, [])
    assert ha.refusal(state, 0, Phase.MOVE, ("g", "heroic move")) is not None
    assert g.might == 0


def test_hero_ha_03_one_heroic_action_per_hero_per_phase() -> None:
    """HERO-HA-03 (002:L1576): only one Heroic Action per phase, whatever its Might."""
    state = battle([])
    g = add(state, "g", 0, 10, 10, hero(might=3, rules=("Heroic March",)))
    run_move_phase(state, (Script([("g", "heroic move"), ("g", "heroic march")]), Script()))
    assert g.might == 2
    assert "HERO-HA-03" in events(state, "refused")[0]["reason"]


def test_hero_ha_04_the_side_without_priority_names_first() -> None:
    """HERO-HA-04 (002:L1578): the players name Heroes in turn, starting with the player who
    does not have Priority."""
    state = battle([], priority=0)
    add(state, "g", 0, 10, 10, HERO)
    add(state, "e", 1, 10, 30, HERO)
    p0, p1 = Script(), Script()
    ha.declare_all(state, (p0, p1), Phase.MOVE)
    assert p1.asked[0] == (1, "move") and len(p1.asked) == 1 and len(p0.asked) == 1


def test_hero_ha_05_each_declaration_gives_the_other_side_an_answer() -> None:
    """HERO-HA-05 (002:L1580-1584): after a declaration the opponent may answer; it goes on
    until both are satisfied."""
    state = battle([], priority=0)
    add(state, "g", 0, 10, 10, HERO)
    add(state, "e", 1, 10, 30, HERO)
    add(state, "e2", 1, 14, 30, HERO)
    p0 = Script([("g", "heroic move")])
    p1 = Script([("e", "heroic move"), ("e2", "heroic move")])
    ha.declare_all(state, (p0, p1), Phase.MOVE)
    order = [d.hero for d in declarations(state)]
    assert order == ["e", "g", "e2"]
    assert len(p1.asked) == 3 and len(p0.asked) == 2  # e, g, e2, pass, pass


@pytest.mark.parametrize(
    ("die", "order"),
    [(d, ["e", "g1", "g2"]) for d in (1, 3)] + [(d, ["g1", "e", "g2"]) for d in (4, 6)],
)
def test_hero_ha_06_roll_off_when_both_sides_act_first(die: int, order: list[str]) -> None:
    """HERO-HA-06 (002:L1588-1594, example L1628-1632): both sides declare Heroic Moves;
    the Priority player rolls a D6: 1-3 the Evil side acts first, 4-6 the Good side; then
    they alternate."""
    state = battle([die], priority=1)
    add(state, "g1", 0, 10, 10, HERO)
    add(state, "g2", 0, 30, 10, HERO)
    add(state, "e", 1, 20, 40, HERO)
    moves = {"g1": Move("g1", (10, 12)), "g2": Move("g2", (30, 12))}
    p0 = Script([("g1", "heroic move"), ("g2", "heroic move")], moves, calls=False)
    p1 = Script([("e", "heroic move")], {"e": Move("e", (20, 38))}, calls=False)
    run_move_phase(state, (p0, p1))
    assert rolls(state)[0] == ("heroic order roll-off (heroic move)", [die])
    assert movers(state) == order


def test_hero_ha_07_one_benefit_of_each_type_per_phase() -> None:
    """HERO-HA-07 (002:L1596): a friend in range of two "Fire!" calls shoots once."""
    state = battle([5, 1, 5, 1], priority=1)
    add(state, "g1", 0, 10, 10, HERO)
    add(state, "g2", 0, 14, 10, HERO)
    archer = add(state, "a", 0, 12, 12, ARCHER)
    add(state, "o", 1, 12, 30, ORC)
    p0 = Script([("g1", "heroic shoot"), ("g2", "heroic shoot")])
    run_shoot_phase(state, (p0, Script()))
    shots = [e["shooter"] for e in events(state, "shot")]
    assert shots.count("a") == 1 and archer.shot


def test_hero_ha_08_universal_actions_for_every_hero_with_might() -> None:
    """HERO-HA-08 (002:L1598): every Hero with Might may declare Heroic Move, Shoot and
    Combat in their phases; a Warrior may not."""
    state = battle([])
    add(state, "g", 0, 10, 10, HERO)
    add(state, "w", 0, 14, 10, profile(might=1))
    DECLARATIONS.put(state, [])
    assert ha.legal_declarations(state, 0, Phase.MOVE) == [("g", "heroic move")]
    assert ha.legal_declarations(state, 0, Phase.SHOOT) == [("g", "heroic shoot")]
    assert ha.legal_declarations(state, 0, Phase.FIGHT) == [("g", "heroic combat")]


def test_hero_ha_09_specific_actions_only_when_the_profile_lists_them() -> None:
    """HERO-HA-09, PROF-08 (002:L1651-1653, L151-153): a specific Heroic Action needs the
    Hero's profile; a Hero whose profile lists none has only the universal ones."""
    state = battle([])
    add(state, "g", 0, 10, 10, HERO)
    add(state, "m", 0, 20, 10, hero(rules=("Heroic March", "Heroic Strike")))
    DECLARATIONS.put(state, [])
    assert "profile does not list" in str(ha.refusal(state, 0, Phase.MOVE, ("g", "heroic march")))
    assert ha.refusal(state, 0, Phase.MOVE, ("m", "heroic march")) is None
    assert ("m", "heroic strike") in ha.legal_declarations(state, 0, Phase.FIGHT)


def test_hero_ha_10_a_unique_heroic_action_is_one_more_registration() -> None:
    """HERO-HA-10 (002:L1734-1736): unique Heroic Actions of individual profiles are added
    to the registry as data, then declared like any other."""
    called: list[str] = []
    action = ha.HeroicAction(
        "heroic test", "shoot", on_declare=lambda s, h, p: called.append(h.uid)
    )
    ha.register_action(action)
    try:
        state = battle([])
        add(state, "g", 0, 10, 10, hero(rules=("Heroic Test",)))
        ha.declare_all(state, (Script([("g", "heroic test")]), Script()), Phase.SHOOT)
        assert called == ["g"]
    finally:
        del ha.ACTIONS["heroic test"]


# --- HERO-HM: Heroic Move and "With Me!" -----------------------------------------------------


def test_hero_hm_01_the_hero_moves_before_the_priority_side() -> None:
    """HERO-HM-01 (002:L1602): the Hero moves before the other models, whatever Priority."""
    state = battle([], priority=1)
    add(state, "g", 0, 10, 10, HERO)
    add(state, "o", 1, 10, 30, ORC)
    p0 = Script([("g", "heroic move")], {"g": Move("g", (10, 14))})
    p1 = Script(moves={"o": Move("o", (10, 26))})
    run_move_phase(state, (p0, p1))
    assert movers(state) == ["g", "o"]


def test_hero_hm_02_charged_before_moving_cancels_the_heroic_move() -> None:
    """HERO-HM-02 (002:L1604): the Evil Hero's Heroic Move goes first (roll 2) and charges
    the Good Hero: its Heroic Move is cancelled and its Might lost."""
    state = battle([2], priority=0)
    g = add(state, "g", 0, 10, 10, HERO)
    add(state, "e", 1, 10, 15, HERO)
    p0 = Script([("g", "heroic move")], {"g": Move("g", (14, 10))})
    p1 = Script([("e", "heroic move")], {"e": charge("g")})
    run_move_phase(state, (p0, p1))
    cancelled = events(state, "heroic_cancelled")
    assert cancelled[0]["hero"] == "g" and "HERO-HM-02" in cancelled[0]["reason"]
    assert g.might == 0 and g.position == (10, 10) and state.engaged(g)


def test_hero_hm_03_with_me_friends_follow_and_end_within_six_inches() -> None:
    """HERO-HM-03 (002:L1608): friends within 6" move after the Hero and must end within 6"
    of it; one that cannot (or will not) move cannot move later this turn; friends out of
    range move in the normal order."""
    state = battle([], priority=1)
    add(state, "g", 0, 10, 10, HERO)
    near = add(state, "f1", 0, 12, 12)
    stray = add(state, "f2", 0, 14, 10)
    far = add(state, "f3", 0, 30, 10)
    add(state, "o", 1, 40, 40, ORC)
    moves = {
        "g": Move("g", (10, 16)),
        "f1": Move("f1", (12, 18)),
        "f2": Move("f2", (14, 4)),  # would end 11" from the Hero
        "f3": Move("f3", (30, 14)),
    }
    run_move_phase(state, (Script([("g", "heroic move")], moves), Script()))
    assert movers(state) == ["g", "f1", "f3"]
    assert near.position == (12, 18) and stray.position == (14, 10) and far.position == (30, 14)
    assert "HERO-HM-03" in events(state, "refused")[0]["reason"]
    assert events(state, "rally")[0]["models"] == ["f1", "f2"]


def test_hero_hm_04_with_me_without_moving_and_cancelled_if_the_hero_flees() -> None:
    """HERO-HM-04 (002:L1610): a Hero may call "With Me!" and stay (rallying); a Hero that
    flees on its Broken test loses its Heroic Move at once."""
    state = battle([], priority=1)
    add(state, "g", 0, 10, 10, HERO)
    friend = add(state, "f", 0, 10, 13)
    moves = {"f": Move("f", (10, 16))}
    run_move_phase(state, (Script([("g", "heroic move")], moves), Script()))
    assert friend.position == (10, 16) and events(state, "rally")
    state = battle([1, 1, 6, 6], priority=1)  # Broken: the Hero's 1+1+3 fails, friend passes
    g = add(state, "g", 0, 10, 10, HERO)
    add(state, "f", 0, 10, 13)
    state.broken[0] = True
    run_move_phase(state, (Script([("g", "heroic move")], moves), Script()))
    assert not g.alive and "fled" in events(state, "heroic_cancelled")[0]["reason"]
    assert not events(state, "rally")


def test_hero_hm_05_a_second_hero_moves_with_the_first_and_loses_its_own() -> None:
    """HERO-HM-05 (002:L1612), HERO-HA-07: two Heroes within 6" declare Heroic Moves; the
    first calls "With Me!"; the second moves as part of it and its own is cancelled."""
    state = battle([], priority=1)
    add(state, "g1", 0, 10, 10, HERO)
    g2 = add(state, "g2", 0, 13, 10, HERO)
    moves = {"g1": Move("g1", (10, 15)), "g2": Move("g2", (13, 15))}
    p0 = Script([("g1", "heroic move"), ("g2", "heroic move")], moves)
    run_move_phase(state, (p0, Script()))
    assert g2.position == (13, 15) and movers(state) == ["g1", "g2"]
    cancelled = events(state, "heroic_cancelled")
    assert cancelled[0]["hero"] == "g2" and "HERO-HM-05" in cancelled[0]["reason"]


def test_hero_hm_06_hma_06_no_friend_leaves_the_table() -> None:
    """HERO-HM-06, HERO-HMA-06 (002:L1614, L1679): moves never leave the table here
    (data.ASSUMPTIONS "heroic-off-table"): a friend trying it is refused and stays."""
    state = battle([], priority=1)
    add(state, "g", 0, 3, 10, HERO)
    friend = add(state, "f", 0, 2, 12)
    moves = {"g": Move("g", (3, 12)), "f": Move("f", (-2, 12))}
    run_move_phase(state, (Script([("g", "heroic move")], moves), Script()))
    assert friend.position == (2, 12)
    assert events(state, "refused")


# --- HERO-HS: Heroic Shoot and "Fire!" ------------------------------------------------------


def test_hero_hs_01_the_hero_shoots_first_never_while_engaged() -> None:
    """HERO-HS-01 (002:L1620): the Hero shoots before the Priority side; an engaged Hero
    cannot declare a Heroic Shoot."""
    state = battle([1, 1], priority=1)
    add(state, "g", 0, 10, 10, hero(wargear=("sword", "bow")))
    add(state, "b", 1, 10, 30, ARCHER)
    run_shoot_phase(state, (Script([("g", "heroic shoot")]), Script()))
    assert [e["shooter"] for e in events(state, "shot")] == ["g", "b"]
    state = battle([])
    add(state, "g", 0, 10, 10, HERO)
    add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    DECLARATIONS.put(state, [])
    assert "HERO-HS-01" in str(ha.refusal(state, 0, Phase.SHOOT, ("g", "heroic shoot")))


def test_hero_hs_02_fire_friends_shoot_with_the_hero_or_not_at_all() -> None:
    """HERO-HS-02 (002:L1624): a Hero without a bow calls "Fire!": its friends within 6"
    shoot before the Priority side; one in range that does not shoot cannot shoot later."""
    state = battle([1, 1], priority=1)
    add(state, "g", 0, 10, 10, HERO)
    add(state, "a1", 0, 12, 10, ARCHER)
    quiet = add(state, "a2", 0, 8, 10, ARCHER)
    add(state, "b", 1, 10, 30, ARCHER)
    run_shoot_phase(state, (Script([("g", "heroic shoot")], silent=["a2"]), Script()))
    assert [e["shooter"] for e in events(state, "shot")] == ["a1", "b"]
    assert not can_shoot(state, quiet) and heroic_turn(quiet).no_shoot


# --- HERO-HC: Heroic Combat -------------------------------------------------------------------


def test_hero_hc_01_the_heroes_combat_is_fought_first() -> None:
    """HERO-HC-01 (002:L1638): the combat with the Hero is resolved before the others."""
    state = battle([1, 6, 1, 1, 1, 6, 1], priority=0)
    add(state, "a", 0, 10, 10)
    add(state, "b", 1, 10, 10 + BASE_GAP, ORC)
    add(state, "g", 0, 30, 10, hero(strength=1))
    add(state, "o", 1, 30, 10 + BASE_GAP, profile(defence=10))
    run_fight_phase(state, (Script([("g", "heroic combat")]), Script()))
    duels = [e["combat"] for e in events(state, "duel")]
    assert duels[0] == ["g", "o"] and duels[1] == ["a", "b"]


def test_hero_hc_02_hc_04_hc_06_every_enemy_slain_the_hero_charges_again() -> None:
    """HERO-HC-02, HERO-HC-04, HERO-HC-06 (002:L1638-1648, Thorin and the lone Goblin): the
    Hero wins and slays its enemy, moves again and charges a new enemy; the combats are
    formed again and the new one is fought in the normal order."""
    state = battle([6, 1, 2, 5, 6, 6, 1, 5], priority=0)
    g = add(state, "g", 0, 10, 10, HERO)
    first = add(state, "o1", 1, 10, 10 + BASE_GAP, ORC)
    second = add(state, "o2", 1, 14, 14, ORC)
    run_fight_phase(state, (Script([("g", "heroic combat")], {"g": charge("o2")}), Script()))
    assert not first.alive and not second.alive and g.alive
    assert events(state, "heroic_combat_move") == [{"model": "g", "hero": "g"}]
    assert heroic_combat_mark(g).heroic_combat  # MON-BPA-BARGE-06: no Barge after a Heroic Combat
    reformed = [e for e in events(state, "combats") if e.get("reformed")]
    assert reformed[0]["combats"] == [["g", "o2"]]


def test_hero_hc_02_a_friend_that_cannot_move_stays_put() -> None:
    """HERO-HC-02 with CAV-THROWN-02 (002:L1638, L1358): a friend of the fight thrown from
    its horse this turn may do nothing else, so it does not move again (and nothing fails)."""
    state = battle([6] * 40, priority=0)
    g = add(state, "g", 0, 10, 10, HERO)
    thrown = add(state, "f", 0, 10 + BASE_GAP, 10 + BASE_GAP)
    rider_turns(thrown).thrown_turn = state.turn
    orc = add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    run_fight_phase(state, (Script([("g", "heroic combat")]), Script()))
    assert not orc.alive and g.alive
    assert [e["model"] for e in events(state, "heroic_combat_move")] == ["g"]
    assert thrown.position == (10 + BASE_GAP, 10 + BASE_GAP)


def test_hero_hc_02_supporters_do_not_move_again() -> None:
    """HERO-HC-02 (002:L1638): the friends engaged in the fight move again, not the spear
    supporters."""
    state = battle([6, 1, 1, 2, 5], priority=0)
    add(state, "g", 0, 10, 10, HERO)
    spear = add(state, "s", 0, 10, 10 - BASE_GAP, profile(wargear=("spear",)))
    add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    run_fight_phase(state, (Script([("g", "heroic combat")]), Script()))
    assert spear.supported
    assert [e["model"] for e in events(state, "heroic_combat_move")] == ["g"]


def test_hero_hc_03_one_heroic_combat_move_per_turn() -> None:
    """HERO-HC-03, HERO-HA-07 (002:L1638, L1596): a model that moved after one successful
    Heroic Combat and joins a second fights in it, but does not move again."""
    dice = [6, 1, 2, 5, 6, 1, 1, 1, 2, 5]
    state = battle(dice, priority=0)
    add(state, "g1", 0, 10, 10, HERO)
    add(state, "o1", 1, 10, 10 + BASE_GAP, ORC)
    add(state, "g2", 0, 16, 10, HERO)
    add(state, "o2", 1, 16, 10 + BASE_GAP, ORC)
    p0 = Script([("g1", "heroic combat"), ("g2", "heroic combat")], {"g1": charge("o2")})
    run_fight_phase(state, (p0, Script(prefer="o2")))
    moved = [e["model"] for e in events(state, "heroic_combat_move")]
    assert moved == ["g1", "g2"]
    assert not state.models["o2"].alive


@pytest.mark.parametrize(("die", "kept", "lost"), [(2, "e", "g"), (5, "g", "e")])
def test_hero_hc_05_both_sides_in_one_combat_only_the_first_is_kept(
    die: int, kept: str, lost: str
) -> None:
    """HERO-HC-05 (002:L1642): Good and Evil Heroes of one combat both declare Heroic
    Combat (Evil, without Priority, first); the Priority player rolls: on 2 Evil goes first,
    on 5 Good does; only that Hero's action is kept, the other's is cancelled, Might lost."""
    state = battle([die, 1, 1, 6, 1, 1, 1], priority=0)
    g = add(state, "g", 0, 10, 10, hero(defence=10))
    e = add(state, "e", 1, 10, 10 + BASE_GAP, HERO)
    p0, p1 = Script([("g", "heroic combat")]), Script([("e", "heroic combat")])
    run_fight_phase(state, (p0, p1))
    assert len(events(state, "duel")) == 1 and events(state, "duel")[0]["winner"] == 1
    cancelled = events(state, "heroic_cancelled")
    assert [c["hero"] for c in cancelled] == [lost] and "HERO-HC-05" in cancelled[0]["reason"]
    assert events(state, "heroic_order")[0]["first"] == (1 if kept == "e" else 0)
    assert g.might == e.might == 0


# --- HERO-HR: Heroic Resolve --------------------------------------------------------------


def test_hero_hr_01_friends_within_six_inches_get_a_free_resist_die() -> None:
    """HERO-HR-01 (002:L1657): at once, the Hero and friends within 6" get one free die to
    resist magic this turn (kept for when magic is played: data.ASSUMPTIONS)."""
    state = battle([])
    g = add(state, "g", 0, 10, 10, hero(rules=("Heroic Resolve",)))
    near = add(state, "n", 0, 10, 15)
    far = add(state, "f", 0, 10, 25)
    ha.declare_all(state, (Script([("g", "heroic resolve")]), Script()), Phase.MOVE)
    assert (
        heroic_turn(g).resist_dice,
        heroic_turn(near).resist_dice,
        heroic_turn(far).resist_dice,
    ) == (1, 1, 0)
    run_end_phase(state)
    assert heroic_turn(g).resist_dice == 0


def test_hero_hr_02_the_resolving_hero_cannot_move_but_may_shoot() -> None:
    """HERO-HR-02 (002:L1657): the Hero cannot move this turn but may shoot."""
    state = battle([], priority=0)
    g = add(state, "g", 0, 10, 10, hero(rules=("Heroic Resolve",), wargear=("sword", "bow")))
    add(state, "o", 1, 10, 40, ORC)
    moves = {"g": Move("g", (10, 14))}
    run_move_phase(state, (Script([("g", "heroic resolve")], moves), Script()))
    assert g.position == (10, 10) and "g" not in movers(state)
    assert can_shoot(state, g)


# --- HERO-HMA: Heroic March and "Forced March!" --------------------------------------------

MARCHER = hero(rules=("Heroic March",))


def test_hero_hma_01_three_or_five_more_inches_and_no_charge() -> None:
    """HERO-HMA-01 (002:L1663): +3" Infantry, +5" Cavalry; no charge while marching."""
    state = battle([])
    g = add(state, "g", 0, 10, 10, MARCHER)
    rider = add(
        state,
        "r",
        0,
        30,
        10,
        hero(rules=("Heroic March",), keywords=frozenset({"hero", "cavalry"})),
    )
    add(state, "o", 1, 10, 14, ORC)
    p0 = Script([("g", "heroic march"), ("r", "heroic march")])
    ha.declare_all(state, (p0, Script()), Phase.MOVE)
    assert allowance(state, g) == 9 and allowance(state, rider) == 11
    with pytest.raises(IllegalActionError, match="HERO-HMA-01"):
        check_action(state, g, Charge("g", "o", (10, 14 - BASE_GAP)))


def test_hero_hma_02_charged_before_it_moves_the_march_is_lost() -> None:
    """HERO-HMA-02 (002:L1665): the Priority side charges the marching Hero first."""
    state = battle([], priority=1)
    g = add(state, "g", 0, 10, 10, MARCHER)
    add(state, "o", 1, 10, 14, ORC)
    run_move_phase(state, (Script([("g", "heroic march")]), Script(moves={"o": charge("g")})))
    assert state.engaged(g) and g.might == 0
    assert "HERO-HMA-02" in events(state, "heroic_cancelled")[0]["reason"]


def test_hero_hma_03_forced_march_friends_add_three_inches_and_stay_close() -> None:
    """HERO-HMA-03 (002:L1673): friends within 6" of the Hero's start that have not moved
    add 3" and must end within 6" of the Hero."""
    state = battle([], priority=0)
    add(state, "g", 0, 10, 10, MARCHER)
    near = add(state, "f1", 0, 12, 10)
    far = add(state, "f2", 0, 30, 10)
    moves = {
        "g": Move("g", (10, 19)),
        "f1": Move("f1", (12, 19)),
        "f2": Move("f2", (30, 19)),  # no bonus out of range: 9" > 6" refused
    }
    run_move_phase(state, (Script([("g", "heroic march")], moves), Script()))
    assert near.position == (12, 19) and far.position == (30, 10)
    assert movers(state) == ["g", "f1"]


def test_hero_hma_04_rallying_without_moving_and_a_fleeing_hero() -> None:
    """HERO-HMA-04 (002:L1675): the Hero may call "Forced March!" and stay; its friends get
    the bonus and cannot charge. A Hero that flees on its Broken test marches no one."""
    state = battle([], priority=0)
    add(state, "g", 0, 10, 10, MARCHER)
    friend = add(state, "f", 0, 4.5, 10)
    add(state, "o", 1, 12, 17, ORC)
    moves: dict[ModelId, Planned] = {"f": Move("f", (11.5, 13))}
    run_move_phase(state, (Script([("g", "heroic march")], moves), Script()))
    assert friend.position == (11.5, 13)  # 7.6" with the bonus
    state = battle([1, 1, 6, 6], priority=0)  # the Hero flees; the friend passes (12 + 3)
    add(state, "g", 0, 10, 10, MARCHER)
    friend = add(state, "f", 0, 4.5, 10)
    state.broken[0] = True
    run_move_phase(state, (Script([("g", "heroic march")], moves), Script()))
    assert friend.position == (4.5, 10) and "MOVE-GEN-03" in events(state, "refused")[0]["reason"]
    assert not state.models["g"].alive and not events(state, "rally")


def test_hero_hma_04_forced_march_friends_cannot_charge() -> None:
    """HERO-HMA-04 (002:L1675): "Ces figurines ne peuvent tout de même pas charger"."""
    state = battle([], priority=0)
    add(state, "g", 0, 10, 10, MARCHER)
    friend = add(state, "f", 0, 12, 10)
    orc = add(state, "o", 1, 12, 14, ORC)
    moves: dict[ModelId, Planned] = {"f": Charge("f", "o", (12, 14 - BASE_GAP))}
    run_move_phase(state, (Script([("g", "heroic march")], moves), Script()))
    assert not state.engaged(orc) and friend.position == (12, 10)
    assert "HERO-HMA-01" in events(state, "refused")[0]["reason"]


def test_hero_hma_05_a_friend_that_stays_cannot_move_this_phase() -> None:
    """HERO-HMA-05 (002:L1677): a friend in range that does not move with the Hero cannot
    move at all this phase."""
    state = battle([], priority=0)
    add(state, "g", 0, 10, 10, MARCHER)
    friend = add(state, "f", 0, 12, 10)
    ha_moves: dict[ModelId, Planned] = {"g": Move("g", (10, 15))}
    p0 = Script([("g", "heroic march")], ha_moves)
    run_move_phase(state, (p0, Script()))
    assert friend.done_moving and friend.position == (12, 10)
    actions = [e for e in events(state, "action") if e["model"] == "f"]
    assert actions == [{"phase": "move", "type": "hold", "model": "f"}]


def test_hero_hma_07_grinnah_and_his_goblins_move_five_plus_three() -> None:
    """HERO-HMA-07 (002:L1669): Goblins (Move 5") within 6" of Grinnah move 5" + 3"."""
    goblin = profile(name="Goblin", move=5.0, keywords=frozenset({"goblin", "infantry"}))
    grinnah = hero(name="Grinnah", move=5.0, rules=("Heroic March",))
    state = battle([], priority=0)
    add(state, "g", 0, 10, 10, grinnah)
    gob = add(state, "b", 0, 12, 10, goblin)
    moves = {"g": Move("g", (10, 18)), "b": Move("b", (12, 18))}
    run_move_phase(state, (Script([("g", "heroic march")], moves), Script()))
    assert gob.position == (12, 18) and state.models["g"].position == (10, 18)


# --- HERO-HCH: Heroic Channelling -----------------------------------------------------------


def test_hero_hch_01_heroic_channelling_needs_powers_and_is_played() -> None:
    """HERO-HCH-01 (002:L1685): the Hero may use the channelled version of a power it
    casts this turn: a Hero without powers is refused (no Might spent); a caster declares
    it (1 Might) and the coverage counts it played (the powers are in rules/magic)."""
    channeller = hero(rules=("Heroic Channelling", "Heroic March"))
    state = battle([])
    g = add(state, "g", 0, 10, 10, channeller)
    ha.declare_all(state, (Script([("g", "heroic channelling")]), Script()), Phase.MOVE)
    assert g.might == 1 and "HERO-HCH-01" in events(state, "refused")[0]["reason"]
    caster = replace(channeller, will=2, powers=(PowerSpec("Transfix", 3, 12.0),))
    state = battle([])
    c = add(state, "c", 0, 10, 10, caster)
    ha.declare_all(state, (Script([("c", "heroic channelling")]), Script()), Phase.MOVE)
    assert c.might == 0 and ha.declared_by(state, c, "heroic channelling") is not None
    cover = profile_coverage(caster)
    assert {"heroic channelling", "transfix"} <= set(cover.implemented)


# --- HERO-HAC: Heroic Accuracy and "Take Aim!" -----------------------------------------------

SHARPSHOOTER = hero(rules=("Heroic Accuracy",), wargear=("sword", "bow"))


def _volley(dice: list[int], calls: bool) -> BattleState:
    """Two Evil shooters, each with an Orc in the way of its target."""
    state = battle(dice, alignments=(Alignment.EVIL, Alignment.GOOD))
    add(state, "g", 0, 10, 10, SHARPSHOOTER)
    add(state, "a", 0, 14, 10, ARCHER)
    add(state, "x", 1, 10, 15, ORC)
    add(state, "t", 1, 10, 20, ORC)
    add(state, "y", 1, 14, 15, ORC)
    add(state, "u", 1, 14, 20, ORC)
    ha.declare_all(state, (Script([("g", "heroic accuracy")], calls=calls), Script()), Phase.SHOOT)
    return state


def test_hero_hac_01_the_hero_rerolls_failed_in_the_way_tests() -> None:
    """HERO-HAC-01 (002:L1691): a failed in-the-way test (3) is re-rolled (4: the shot goes
    on); a passed one is not re-rolled; not while engaged."""
    state = _volley([5, 3, 4, 1], calls=False)
    shoot(state, state.models["g"], state.models["t"])
    assert [p for p, _ in rolls(state)][1:3] == ["in the way x (4+)", "in the way re-roll x (4+)"]
    state = _volley([5, 5, 1], calls=False)
    shoot(state, state.models["g"], state.models["t"])
    assert not any("re-roll" in p for p, _ in rolls(state))
    engaged = battle([])
    add(engaged, "g", 0, 10, 10, SHARPSHOOTER)
    add(engaged, "o", 1, 10, 10 + BASE_GAP, ORC)
    DECLARATIONS.put(engaged, [])
    assert "HAC-01" in str(ha.refusal(engaged, 0, Phase.SHOOT, ("g", "heroic accuracy")))


def test_hero_hac_02_hac_03_take_aim_friends_reroll_too() -> None:
    """HERO-HAC-02, HERO-HAC-03 (002:L1695-1702, Tauriel and her Rangers): with "Take Aim!" friends
    within 6" also re-roll failed in-the-way tests; without the call they do not."""
    state = _volley([5, 2, 6, 1], calls=True)
    shoot(state, state.models["a"], state.models["u"])
    assert rolls(state)[2][0] == "in the way re-roll y (4+)"
    state = _volley([5, 2, 1], calls=False)
    shoot(state, state.models["a"], state.models["u"])
    assert not any("re-roll" in p for p, _ in rolls(state))


# --- HERO-HST, HERO-HD, HERO-HSTR --------------------------------------------------------------


def test_hero_hst_01_heroic_strike_adds_d6_fight_capped_at_ten() -> None:
    """HERO-HST-01 (002:L1706): the D6 (6) is rolled at the start of the Hero's combat; Fight
    5 + 6 is capped at 10 and beats the Troll's 9 on a tied Duel (3 v 3); it lasts until the
    end of the turn."""
    state = battle([6, 3, 3, 1], priority=0)
    g = add(state, "g", 0, 10, 10, hero(attacks=1, rules=("Heroic Strike",)))
    add(state, "t", 1, 10, 10 + BASE_GAP, profile(fight=9, attacks=1, wounds=3))
    run_fight_phase(state, (Script([("g", "heroic strike")]), Script()))
    assert rolls(state)[0] == ("heroic strike g", [6])
    assert events(state, "duel")[0]["winner"] == 0
    assert modifier(Hook.FIGHT, HookContext(state, g)) == 5
    run_end_phase(state)
    assert heroic_turn(g).fight == 0


def test_hero_hd_01_only_natural_sixes_wound() -> None:
    """HERO-HD-01 (002:L1712): this Fight phase the Hero is wounded only on a natural 6
    (a 5 that would wound does not); a 6/4 needs a natural 6 then a natural 4, modifiers
    ignored."""
    state = battle([1, 1, 6, 1, 5, 6], priority=0)
    g = add(state, "g", 0, 10, 10, hero(rules=("Heroic Defence",), defence=4))
    add(state, "t", 1, 10, 10 + BASE_GAP, profile(fight=6, strength=6, attacks=2, wounds=3))
    run_fight_phase(state, (Script([("g", "heroic defence")]), Script()))
    assert g.wounds == 1  # the 5 failed, the 6 wounded
    state = battle([6, 3])
    state.phase = Phase.FIGHT
    assert not roll_to_wound(state, 2, 7, 1, "test", natural_six=True)  # 3 + 1 ignored
    state = battle([6, 3])
    assert roll_to_wound(state, 2, 7, 1, "test")


def test_hero_hstr_01_heroic_strength_adds_d3_capped_at_ten() -> None:
    """HERO-HSTR-01 (002:L1718): D3 (a 5 gives 3): Strength 3 + 3 wounds Defence 6 on a 4;
    never above 10."""
    state = battle([5, 6, 1, 4], priority=0)
    g = add(state, "g", 0, 10, 10, hero(strength=3, attacks=1, rules=("Heroic Strength",)))
    victim = add(state, "o", 1, 10, 10 + BASE_GAP, profile(defence=6))
    run_fight_phase(state, (Script([("g", "heroic strength")]), Script()))
    assert heroic_turn(g).strength == 3 and not victim.alive
    heroic_turn(g).strength = 3
    strong = add(state, "s", 0, 30, 30, hero(strength=9))
    heroic_turn(strong).strength = 3
    assert modifier(Hook.STRENGTH, HookContext(state, strong)) == 1


# --- HERO-HCHAL: Heroic Challenge --------------------------------------------------------------


def test_hero_hchal_01_only_against_a_hero_of_the_same_tier_or_higher() -> None:
    """HERO-HCHAL-01 (002:L1724): base contact with an enemy Hero of the same or a higher
    tier (data.ASSUMPTIONS "heroic-tiers")."""
    fortitude = frozenset({"hero", "infantry", "hero of fortitude"})
    state = battle([])
    add(state, "g", 0, 10, 10, hero(rules=("Heroic Challenge",), keywords=fortitude))
    add(state, "m", 1, 10, 10 + BASE_GAP, hero(keywords=frozenset({"hero", "minor hero"})))
    DECLARATIONS.put(state, [])
    assert "HCHAL-01" in str(ha.refusal(state, 0, Phase.FIGHT, ("g", "heroic challenge")))
    add(state, "v", 1, 10 - BASE_GAP, 10, hero(keywords=frozenset({"hero", "hero of valour"})))
    assert ha.refusal(state, 0, Phase.FIGHT, ("g", "heroic challenge")) is None
    assert ha.challenge_target(state, state.models["g"]).uid == "v"  # type: ignore[union-attr]


def test_hero_hchal_02_accepted_only_the_two_heroes_fight_and_the_victor_regains_might() -> None:
    """HERO-HCHAL-02 (002:L1726-1728): the other models roll no Duel dice and make no
    strikes; the Hero that deals the killing blow regains D3 Might (a 6: 3). The rival, beaten
    by the side of the challenger and the warrior beside it, backs away from both (A12
    revised) rather than being trapped, so the challenger's two Attacks roll one die each."""
    state = battle([6, 1, 2, 1, 5, 5, 6], priority=0)
    g = add(state, "g", 0, 10, 10, hero(rules=("Heroic Challenge",)))
    rival = add(state, "e", 1, 10, 10 + BASE_GAP, HERO)
    add(state, "w", 0, 10 - BASE_GAP, 10 + BASE_GAP)  # touches the rival
    add(state, "o", 1, 10 + BASE_GAP, 10, ORC)  # touches the challenger
    run_fight_phase(state, (Script([("g", "heroic challenge")], prefer="e"), Script()))
    assert rolls(state)[:2] == [("duel g", [6, 1]), ("duel e", [2, 1])]
    assert not any(p.startswith(("duel w", "duel o")) for p, _ in rolls(state))
    assert all(e["model"] == "e" or "g" in e["source"] for e in events(state, "wound"))
    assert not rival.alive and g.might == 3 and challenge(g).rival is None
    assert events(state, "challenge") == [{"hero": "g", "rival": "e", "accepted": True}]


def test_hero_hchal_02_the_rivals_must_charge_each_other_and_no_one_else_may() -> None:
    """HERO-HCHAL-02 (002:L1726): the two Heroes must charge each other every turn; no other
    model may charge either of them."""
    state = battle([], priority=0)
    g = add(state, "g", 0, 10, 10, HERO)
    e = add(state, "e", 1, 10, 14, HERO)
    orc = add(state, "o", 1, 14, 10, ORC)
    challenge(g).rival, challenge(e).rival = "e", "g"
    with pytest.raises(IllegalActionError, match="HERO-HCHAL-02"):
        check_action(state, orc, Charge("o", "g", (14 - BASE_GAP, 10)))
    run_move_phase(state, (Script(), Script()))
    assert state.engaged(g) and state.contacts(g) == [e]
    assert "HERO-HCHAL-02" in events(state, "refused")[0]["reason"]
    far = battle([], priority=0)
    g = add(far, "g", 0, 10, 10, HERO)
    e = add(far, "e", 1, 10, 30, HERO)
    challenge(g).rival, challenge(e).rival = "e", "g"
    run_move_phase(far, (Script(), Script()))
    assert g.position == pytest.approx((10, 16)) and e.position == pytest.approx((10, 24))


def test_hero_hchal_03_declined_no_more_help_for_friends_and_no_stand_fast() -> None:
    """HERO-HCHAL-03 (002:L1730): the Hero that declines no longer affects friends with its
    Heroic Actions while the challenger lives, and loses "Stand Fast!" for the game."""
    state = battle([])
    add(state, "g", 0, 10, 10, hero(rules=("Heroic Challenge",)))
    e = add(state, "e", 1, 10, 10 + BASE_GAP, hero(might=2, rules=("Heroic Resolve",)))
    friend = add(state, "f", 1, 14, 12)
    ha.declare_all(state, (Script([("g", "heroic challenge")]), Script(accept=False)), Phase.FIGHT)
    assert challenge(e).declined_from == "g"
    ha.declare_all(state, (Script(), Script([("e", "heroic resolve")])), Phase.MOVE)
    assert heroic_turn(e).resist_dice == 1 and heroic_turn(friend).resist_dice == 0
    e.tested = True
    state.touching[e.uid].clear()  # out of the fight: it would otherwise rally
    assert stand_fast_hero(state, friend) is None


# --- players and invariants ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_might_never_below_zero_and_one_action_per_hero_per_phase(seed: int) -> None:
    """HERO-HA-02/03 invariants over seeded battles (heuristic and random players)."""
    dice = Dice(seed)
    setup = setup_from_options(
        {"forces": ["minas_tirith_skirmish", "mordor_skirmish"], "turn_limit": 6}, dice
    )
    state = new_battle(setup, dice, EventLog())
    players = (HeuristicPlayer(), RandomPlayer()) if seed % 2 else (RandomPlayer(),) * 2
    deploy(state, setup.scenario, players)
    play_battle(state, setup.scenario, players)
    declared = [(e["turn"], e["phase"], e["hero"]) for e in events(state, "heroic_action")]
    assert len(declared) == len(set(declared))
    assert all(e["might_left"] >= 0 for e in events(state, "heroic_action"))
    assert all(m.might >= 0 for m in state.models.values())


def test_heuristic_answers_an_enemy_heroic_move() -> None:
    """HERO-HM-02 policy: friends near the Hero can charge and the enemy declared a Heroic
    Move: the heuristic player answers with its own. Priority alone is not worth a Might
    (heroic_policy._heroic_move: pre-empting lost in the bench)."""
    state = battle([], priority=1)
    add(state, "g", 0, 10, 10, hero(might=2))
    add(state, "a", 0, 12, 10)
    add(state, "b", 0, 8, 10)
    for i, x in enumerate((8, 10, 12)):
        add(state, f"o{i}", 1, x, 14, ORC)
    DECLARATIONS.put(state, [])
    assert HeuristicPlayer().declare_heroic_action(state, 0, Phase.MOVE) is None
    DECLARATIONS.put(state, [ha.Declaration("o0", ha.HEROIC_MOVE, 1)])
    assert HeuristicPlayer().declare_heroic_action(state, 0, Phase.MOVE) == ("g", "heroic move")


def test_heuristic_fights_first_when_the_hero_should_slay_its_enemy() -> None:
    """HERO-HC-02 policy: a lone Orc against a Fight 5 Hero with fresh enemies near: Heroic
    Combat; against a Troll it keeps its Might."""
    state = battle([])
    add(state, "g", 0, 10, 10, HERO)
    add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    add(state, "o2", 1, 14, 14, ORC)
    DECLARATIONS.put(state, [])
    assert HeuristicPlayer().declare_heroic_action(state, 0, Phase.FIGHT) == ("g", "heroic combat")
    state.models["o"].wounds = 3
    assert HeuristicPlayer().declare_heroic_action(state, 0, Phase.FIGHT) is None


def test_hero_hchal_02_a_rival_slain_otherwise_ends_the_challenge_without_might() -> None:
    """HERO-HCHAL-02 (002:L1728): only the Hero dealing the killing blow regains Might; a
    rival slain by someone else ends the challenge and the Hero may be charged again."""
    state = battle([])
    g = add(state, "g", 0, 10, 10, HERO)
    e = add(state, "e", 1, 10, 14, HERO)
    orc = add(state, "o", 1, 14, 10, ORC)
    challenge(g).rival, challenge(e).rival = "e", "g"
    e.wounds = 1
    state.wound(e, "shot by a1")
    ha.declare_all(state, (Script(), Script()), Phase.MOVE)
    assert challenge(g).rival is None and g.might == 1
    check_action(state, orc, Charge("o", "g", (10 + BASE_GAP, 10)))


def test_random_player_declares_a_legal_action_one_time_in_four() -> None:
    """HERO-HA-08 (002:L1598): the random player's declarations are drawn from the legal
    ones (a 4 on the D4 declares; the D1 picks the only legal one)."""
    state = battle([4, 1, 1])
    add(state, "g", 0, 10, 10, HERO)
    DECLARATIONS.put(state, [])
    assert RandomPlayer().declare_heroic_action(state, 0, Phase.FIGHT) == ("g", "heroic combat")
    assert RandomPlayer().declare_heroic_action(state, 0, Phase.FIGHT) is None


def test_hero_hd_01_brutal_power_attack_hits_need_natural_sixes_too() -> None:
    """HERO-HD-01 (002:L1712): "en ignorant tout modificateur ou effet d'attaque brutale":
    a Strength 10 hit (3+ on the chart) does not wound on a 5 in the Fight phase."""
    from battlesim.engines.sbg.rules.monsters.core import hit

    state = battle([5, 6])
    state.phase = Phase.FIGHT
    g = add(state, "g", 0, 10, 10, hero(rules=("Heroic Defence",)))
    heroic_turn(g).defence = True
    hit(state, g, 10, "hurl")
    assert g.wounds == 2
    hit(state, g, 10, "hurl")
    assert g.wounds == 1


def test_heuristic_heroic_strike_for_a_close_duel_and_challenge_for_a_weaker_hero() -> None:
    """HERO-HST-01, HERO-HCHAL-01 policy: against a Fight 6 Troll the Fight 5 Hero strikes
    heroically; touching a weaker enemy Hero of its tier it challenges instead."""
    both = ("Heroic Strike", "Heroic Challenge")
    state = battle([])
    add(state, "g", 0, 10, 10, hero(rules=both))
    troll = add(state, "t", 1, 10, 10 + BASE_GAP, profile(fight=6, wounds=3))
    DECLARATIONS.put(state, [])
    player = HeuristicPlayer()
    assert player.declare_heroic_action(state, 0, Phase.FIGHT) == ("g", "heroic strike")
    state.remove(troll, Removal.SLAIN)
    add(state, "e", 1, 10, 10 + BASE_GAP, hero(fight=4))
    assert player.declare_heroic_action(state, 0, Phase.FIGHT) == ("g", "heroic challenge")


def test_heuristic_marches_for_an_open_objective_far_from_the_enemy() -> None:
    """HERO-HMA-01 policy (Domination): no enemy within 14", an objective to take: march,
    keeping one Might; with one Might left it does not."""
    state = battle([])
    g = add(state, "g", 0, 24, 4, hero(might=2, rules=("Heroic March",)))
    add(state, "o", 1, 24, 44, ORC)
    DECLARATIONS.put(state, [])
    player = HeuristicPlayer(scenario_named("domination"))
    assert player.declare_heroic_action(state, 0, Phase.MOVE) == ("g", "heroic march")
    g.might = 1
    assert player.declare_heroic_action(state, 0, Phase.MOVE) is None


@pytest.mark.parametrize("heard", ["plain", "declined", "ring"])
def test_hero_hc_02_friends_of_the_fight_move_again_unless_the_hero_is_unheeded(heard: str) -> None:
    """HERO-HC-02 (002:L1638): every enemy slain (6,1 and 2 beat 3; a 5 wounds the Orc), the
    Hero and the friend engaged in the fight both move again. HERO-HCHAL-03 (002:L1730): a
    Hero that declined a challenge (challenger alive), RING-INV-06 (002:L2210): a Hero wearing
    the Ring; their Heroic Actions no longer benefit friends: only the Hero moves."""
    state = battle([6, 1, 2, 3, 5], priority=0)
    g = add(state, "g", 0, 10, 10, HERO)
    add(state, "w", 0, 10 + BASE_GAP, 10 + BASE_GAP)
    add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    add(state, "c", 1, 40, 40, HERO)
    challenge(g).declined_from = "c" if heard == "declined" else None
    one_ring.wear(state, g, heard == "ring")
    moves: dict[ModelId, Planned] = {"g": Move("g", (10, 13)), "w": Move("w", (14, 14))}
    run_fight_phase(state, (Script([("g", "heroic combat")], moves), Script()))
    moved = [e["model"] for e in events(state, "heroic_combat_move")]
    assert moved == (["g", "w"] if heard == "plain" else ["g"])


def test_ring_inv_06_an_invisible_hero_calls_no_friend() -> None:
    """RING-INV-06 (002:L2210): an invisible Hero may declare a Heroic Move, but "With Me!"
    brings no friend: the friend moves later in the normal order, free of the 6" leash."""
    state = battle([], priority=1)
    g = add(state, "g", 0, 10, 10, HERO)
    friend = add(state, "f", 0, 12, 12)
    one_ring.wear(state, g, True)
    moves = {"g": Move("g", (10, 16)), "f": Move("f", (12, 7))}
    run_move_phase(state, (Script([("g", "heroic move")], moves), Script()))
    assert not events(state, "rally") and friend.position == (12, 7)


def test_hero_hd_01_the_heroes_mount_is_not_protected() -> None:
    """HERO-HD-01 (002:L1712): "la monture du Heros n'est pas affectee par la Defense
    Heroique": an Orc's strike (S3 v D4, 5+) of 5 does not wound the rider but wounds its
    horse; a Strength 3 hit of 5 on the horse too."""
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
    from battlesim.engines.sbg.rules.fighting import strike
    from battlesim.engines.sbg.rules.monsters.core import hit

    data = profile_to_data(hero(rules=("Heroic Defence",)))
    rider_profile = profile_from_data({**data, "options": ["horse"]})
    for hits_mount in (strike, hit):
        state = battle([5, 5])
        state.phase = Phase.FIGHT
        rider = add(state, "g", 0, 10, 10, rider_profile)
        orc = add(state, "o", 1, 30, 30, ORC)
        heroic_turn(rider).defence = True
        if hits_mount is strike:
            strike(state, orc, rider, False)
            strike(state, orc, rider, False, at_mount=True)
        else:
            hit(state, rider, 3, "test")
            hit(state, rider, 3, "test", at_mount=True)
        assert rider.wounds == 2 and rider.mount is not None and rider.mount.slain


def test_hero_hd_01_a_rider_thrown_in_the_fight_phase_needs_a_natural_six() -> None:
    """HERO-HD-01 (002:L1712), CAV-THROWN-01 (002:L1357): a Hero thrown from its slain mount
    in the Fight phase suffers the Strength 3 hit (5+ against Defence 4) but only a natural
    6 wounds it: a 5 does not."""
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
    from battlesim.engines.sbg.rules.cavalry import flying_leap

    data = profile_to_data(hero(rules=("Heroic Defence",)))
    state = battle([5])
    state.phase = Phase.FIGHT
    rider = add(state, "g", 0, 10, 10, profile_from_data({**data, "options": ["horse"]}))
    heroic_turn(rider).defence = True
    flying_leap(state, rider)
    assert rider.wounds == 2 and rolls(state)[0][0].startswith("thrown g")


def _fight(state: BattleState, model: ModelState) -> int:
    return model.profile.fight + modifier(Hook.FIGHT, HookContext(state, model))


def test_hero_hst_01_the_d6_comes_before_every_other_effect() -> None:
    """HERO-HST-01 (002:L1706): "cet effet est applique avant que tous les autres effets":
    Fight 5 + 4 = 9, then halved by an invisible foe (RING-INV-05) gives 5 (not 4 + 3);
    a Fight that becomes 1 (Whirl SPS-WHIRL-01, Stun SPS-STUN-01) stays 1."""
    state = battle([])
    g = add(state, "g", 0, 10, 10, hero(rules=("Heroic Strike",)))
    heroic_turn(g).fight = 4
    assert _fight(state, g) == 9
    bearer = add(state, "b", 1, 10, 10 + BASE_GAP, HERO)
    one_ring.wear(state, bearer, True)
    assert _fight(state, g) == 5
    one_ring.wear(state, bearer, False)
    g.strike, g.fight_mod = SpecialStrike.WHIRL, 1 - g.profile.fight
    assert _fight(state, g) == 1
    g.strike, g.fight_mod, stun_mark(g).stunned_until = None, 0, state.turn
    assert _fight(state, g) == 1


def test_hero_hac_01_a_failed_shooting_into_combat_roll_is_re_rolled() -> None:
    """HERO-HAC-01 (002:L1691), SHOOT-CMB-03 (002:L849), ambiguity A18 (recommended: yes):
    the special in-the-way roll of a shot into a fight fails on 1-3 (the shooter's friend
    is hit); with Heroic Accuracy the 2 is re-rolled, the 5 hits the target, the 6 wounds."""
    state = battle([6, 2, 5, 6], alignments=(Alignment.EVIL, Alignment.GOOD))
    g = add(state, "g", 0, 30, 20, SHARPSHOOTER)
    friend = add(state, "b", 0, 20 + BASE_GAP, 20)
    target = add(state, "t", 1, 20, 20, profile(wounds=1))
    heroic_turn(g).reroll_in_the_way = True
    shoot(state, g, target)
    assert [p for p, _ in rolls(state)][1:3] == [
        "shooting into combat t",
        "shooting into combat re-roll t",
    ]
    assert not target.alive and friend.alive


@pytest.mark.parametrize("declares", [False, True])
def test_wpn_spear_05_a_spear_hero_that_declares_in_the_fight_phase_never_supports(
    declares: bool,
) -> None:
    """WPN-SPEAR-05 (002:L1996): "un Heros avec une Lance qui declare une Action Heroique
    pendant la phase de Combat ne peut jamais Soutenir": the spear Hero behind its friend
    supports, unless it declared a Heroic Action (here a Heroic Combat it cannot use)."""
    state = battle([6, 1, 1, 1, 1, 1], priority=0)
    add(state, "w", 0, 10, 10)
    spear_hero = add(state, "s", 0, 10, 10 - BASE_GAP, hero(wargear=("spear",)))
    add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    run_fight_phase(state, (Script([("s", "heroic combat")] if declares else []), Script()))
    assert spear_hero.supported is not declares
    assert [e["model"] for e in events(state, "support")] == ([] if declares else ["s"])


def test_hero_hc_02_an_enemy_left_alive_means_no_second_move() -> None:
    """HERO-HC-02 (002:L1638): "si tous les ennemis impliques dans le combat sont tues":
    the Hero wins (6 v 2) but wounds its two-Wound enemy only once (5, then 1): no move."""
    state = battle([6, 1, 2, 5, 1], priority=0)
    g = add(state, "g", 0, 10, 10, HERO)
    survivor = add(state, "o", 1, 10, 10 + BASE_GAP, profile(wounds=2))
    add(state, "o2", 1, 14, 14, ORC)
    run_fight_phase(state, (Script([("g", "heroic combat")], {"g": charge("o2")}), Script()))
    assert survivor.alive and survivor.wounds == 1
    assert not events(state, "heroic_combat_move") and not state.engaged(g)


def test_hero_hm_03_with_me_reaches_six_inches_base_to_base() -> None:
    """HERO-HM-03 (002:L1608): "toutes les figurines alliees a moins de 6 pouces": measured
    base to base from the Hero's start; a friend 5.9" away is called, one 6.1" away is not."""
    state = battle([], priority=1)
    g = add(state, "g", 0, 10, 10, HERO)
    gap = g.radius * 2
    add(state, "in", 0, 10 + gap + 5.9, 10)
    add(state, "out", 0, 10 - gap - 6.1, 10)
    run_move_phase(state, (Script([("g", "heroic move")], {"g": Move("g", (10, 12))}), Script()))
    assert events(state, "rally")[0]["models"] == ["in"]


def test_hero_ha_06_same_alignment_the_priority_side_goes_first_on_4_to_6() -> None:
    """HERO-HA-06 (002:L1592) names Good and Evil; both sides Evil here (data.ASSUMPTIONS
    'heroic-order-same-alignment'): 4-6 the Priority side acts first, 1-3 the other."""
    state = battle([], alignments=(Alignment.EVIL, Alignment.EVIL), priority=1)
    assert [ha.first_side(state, die) for die in range(1, 7)] == [0, 0, 0, 1, 1, 1]


def test_hero_hr_02_no_move_after_a_heroic_combat_either() -> None:
    """HERO-HR-02 (002:L1657): "ne peut pas se deplacer lors de ce tour": the Hero that
    declared Heroic Resolve fights beside a friend whose Heroic Combat slays every enemy
    (6,1 and 2,1 beat 3; a 5 wounds): the friend moves again, the resolving Hero does not."""
    state = battle([6, 1, 2, 1, 3, 5], priority=0)
    add(state, "g", 0, 10, 10, HERO)
    stayer = add(state, "r", 0, 10 + BASE_GAP, 10 + BASE_GAP, hero(rules=("Heroic Resolve",)))
    add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    ha.declare_all(state, (Script([("r", "heroic resolve")]), Script()), Phase.MOVE)
    moves: dict[ModelId, Planned] = {"g": Move("g", (10, 13)), "r": Move("r", (14, 14))}
    run_fight_phase(state, (Script([("g", "heroic combat")], moves), Script()))
    assert [e["model"] for e in events(state, "heroic_combat_move")] == ["g"]
    assert stayer.position == (10 + BASE_GAP, 10 + BASE_GAP)


@pytest.mark.parametrize(("source", "might"), [("rent by g", 4), ("struck by gx", 1)])
def test_hero_hchal_02_any_killing_blow_of_the_hero_regains_might(source: str, might: int) -> None:
    """HERO-HCHAL-02 (002:L1728): "quel que soit le Heros qui tue l'autre (il doit infliger
    le coup fatal)": a Monster Hero's Rend (MON-BPA) is its killing blow too: D3 (a 5: 3)
    Might; the blow of another model (gx) gives none."""
    state = battle([5])
    g = add(state, "g", 0, 10, 10, HERO)
    e = add(state, "e", 1, 10, 14, HERO)
    challenge(g).rival, challenge(e).rival = "e", "g"
    e.wounds = 1
    state.wound(e, source)
    ha.settle_challenges(state)
    assert challenge(g).rival is None and g.might == might


def test_hero_hchal_02_a_hero_in_a_challenge_is_not_challenged_again() -> None:
    """HERO-HCHAL-02 (002:L1728): the challenge lasts until one Hero is slain and every other
    model stays out of it (data.ASSUMPTIONS "challenge-exclusive"): neither the rival nor a
    third Hero touching it may start another challenge."""
    duellist = hero(rules=("Heroic Challenge",))
    state = battle([])
    a = add(state, "a", 0, 10, 10, duellist)
    b = add(state, "b", 1, 10, 10 + BASE_GAP, duellist)
    add(state, "c", 0, 10 + BASE_GAP, 10 + BASE_GAP, duellist)
    challenge(a).rival, challenge(b).rival = "b", "a"
    DECLARATIONS.put(state, [])
    assert "HCHAL-02" in str(ha.refusal(state, 1, Phase.FIGHT, ("b", "heroic challenge")))
    assert "HCHAL-01" in str(ha.refusal(state, 0, Phase.FIGHT, ("c", "heroic challenge")))
    challenge(b).rival = challenge(a).rival = None
    assert ha.refusal(state, 0, Phase.FIGHT, ("c", "heroic challenge")) is None


# --- SR-MASTERBATTLE: Master of Battle copies a Heroic Action for free -------------------------


@pytest.mark.parametrize(
    ("rule", "dice", "copied"),
    [
        ("Master of Battle (Active)", [], True),
        ("Master of Battle (Active) (3+)", [3], True),
        ("Master of Battle (Active) (3+)", [2], False),
    ],
)
def test_sr_masterbattle_a_master_copies_an_enemy_heroes_action_for_free(
    rule: str, dice: list[int], copied: bool
) -> None:
    """SR-MASTERBATTLE (002:L2823-2825): an enemy Hero within 6" declares a Heroic Move;
    the Master (no Might, no such action in its profile) may declare the same for free; the
    "(3+)" variant copies on a D6 of 3 or more only. A Master 6.1" away is not asked."""
    state = battle(dice, priority=0)
    e = add(state, "e", 1, 10, 10, HERO)
    master = add(state, "m", 0, 10, 14, hero(might=0, rules=(rule,)))
    far = add(state, "n", 0, 10 - 2 * e.radius - 6.1, 10, hero(might=0, rules=(rule,)))
    ha.declare_all(state, (Script(), Script([("e", "heroic move")])), Phase.MOVE)
    made = [(d.hero, d.action) for d in declarations(state)]
    assert made == [("e", "heroic move")] + ([("m", "heroic move")] if copied else [])
    assert master.might == 0 and far.might == 0 and e.might == 0
    free = [x for x in events(state, "heroic_action") if x.get("free")]
    assert [x["hero"] for x in free] == (["m"] if copied else [])
    assert [p for p, _ in rolls(state)] == (["master of battle m (3+)"] if dice else [])


def test_sr_masterbattle_the_copy_keeps_the_actions_own_conditions() -> None:
    """SR-MASTERBATTLE (002:L2823), HERO-HS-01 (002:L1620): an engaged Master cannot copy a
    Heroic Shoot (not while engaged), and a Master that already declared this phase cannot
    copy (HERO-HA-03)."""
    state = battle([], priority=0)
    add(state, "e", 1, 10, 10, HERO)
    add(state, "m", 0, 10, 14, hero(rules=("Master of Battle",)))
    add(state, "o", 1, 10, 14 + BASE_GAP, ORC)
    ha.declare_all(state, (Script(), Script([("e", "heroic shoot")])), Phase.SHOOT)
    assert [d.hero for d in declarations(state)] == ["e"]
    state = battle([], priority=1)
    add(state, "e", 1, 10, 10, HERO)
    master = add(state, "m", 0, 10, 14, hero(might=2, rules=("Master of Battle",)))
    ha.declare_all(
        state, (Script([("m", "heroic move")]), Script([("e", "heroic move")])), Phase.MOVE
    )
    assert [d.hero for d in declarations(state)] == ["m", "e"] and master.might == 1
    assert "master of battle" in profile_coverage(master.profile).implemented


def test_hero_hma_01_a_hero_that_dismounts_marches_as_infantry() -> None:
    """HERO-HMA-01 (002:L1663): +5" with the Cavalry keyword, +3" with Infantry: a mounted
    Hero declares a Heroic March (Horse: 10" + 5"), then dismounts as its move starts
    (CAV-DISM-01): it moves as Infantry, 6" + 3"."""
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
    from battlesim.engines.sbg.rules.cavalry import dismount

    data = profile_to_data(hero(rules=("Heroic March",)))
    state = battle([])
    rider = add(state, "g", 0, 10, 10, profile_from_data({**data, "options": ["horse"]}))
    ha.declare_all(state, (Script([("g", "heroic march")]), Script()), Phase.MOVE)
    assert allowance(state, rider) == 15
    dismount(state, rider)
    assert allowance(state, rider) == 9


def test_hero_hs_01_a_hero_slain_before_its_heroic_shoot_loses_it() -> None:
    """HERO-HS-01, HERO-HA-06 (002:L1620, L1592): both sides declare Heroic Shoot; the roll
    (2) lets Evil shoot first and its 6, 6 slay the Good Hero: that Heroic Shoot is
    cancelled (Might lost) and its friend, never called by "Fire!", shoots in the normal
    order (a miss on 1)."""
    state = battle([2, 6, 6, 1], priority=1)
    g = add(state, "g", 0, 10, 10, hero(wounds=1))
    archer = add(state, "a", 0, 12, 10, ARCHER)
    add(state, "e", 1, 10, 30, hero(wargear=("sword", "bow")))
    p0, p1 = Script([("g", "heroic shoot")]), Script([("e", "heroic shoot")])
    run_shoot_phase(state, (p0, p1))
    assert not g.alive and g.might == 0
    cancelled = events(state, "heroic_cancelled")
    assert [c["hero"] for c in cancelled] == ["g"] and "HERO-HS-01" in cancelled[0]["reason"]
    assert [e["shooter"] for e in events(state, "shot")] == ["e", "a"]
    assert archer.shot and not heroic_turn(archer).no_shoot


@pytest.mark.parametrize("in_fights", [False, True])
def test_heuristic_heroic_accuracy_only_when_shots_are_hindered(in_fights: bool) -> None:
    """HERO-HAC-01/02 policy: four shooters within 6" of the Hero; Take Aim! re-rolls only
    failed in-the-way tests, so against targets in the open the Might is kept; against
    targets locked in fights (the 1-3 roll, ambiguity A18) Heroic Accuracy is declared."""
    state = battle([], alignments=(Alignment.EVIL, Alignment.GOOD))
    add(state, "g", 0, 10, 10, hero(might=2, rules=("Heroic Accuracy",), wargear=("sword", "bow")))
    for i, x in enumerate((6, 8, 12)):
        add(state, f"a{i}", 0, x, 10, ARCHER)
    for i, x in enumerate((6, 10, 14)):
        add(state, f"t{i}", 1, x, 25)
        if in_fights:
            add(state, f"w{i}", 0, x, 25 + BASE_GAP)
    DECLARATIONS.put(state, [])
    choice = HeuristicPlayer().declare_heroic_action(state, 0, Phase.SHOOT)
    assert choice == (("g", "heroic accuracy") if in_fights else None)


def test_hero_hst_01_one_d6_for_the_turn_even_in_a_second_fight() -> None:
    """HERO-HST-01 (002:L1706): the D6 (3) is rolled at the start of the Hero's combat and
    lasts until the end of the turn: after its friend's Heroic Combat (HERO-HC-02) it charges
    a second Orc and fights again with the same +3, no second roll."""
    dice = [3, 6, 1, 6, 1, 2, 5, 6, 1, 1, 6]
    state = battle(dice, priority=0)
    add(state, "g", 0, 10, 10, HERO)
    h = add(state, "h", 0, 10 + BASE_GAP, 10 + BASE_GAP, hero(rules=("Heroic Strike",)))
    add(state, "o", 1, 10, 10 + BASE_GAP, ORC)
    second = add(state, "o2", 1, 14, 14, ORC)
    p0 = Script([("g", "heroic combat"), ("h", "heroic strike")], {"h": charge("o2")})
    run_fight_phase(state, (p0, Script()))
    assert [p for p, _ in rolls(state)].count("heroic strike h") == 1
    assert not second.alive and modifier(Hook.FIGHT, HookContext(state, h)) == 3


@pytest.mark.parametrize("declined", [False, True])
def test_cour_sf_05_stand_fast_after_a_heroic_move_not_after_a_declined_challenge(
    declined: bool,
) -> None:
    """COUR-SF-05 (002:L1602, L1730): a Broken side's Hero passes its test (5 + 5) as its
    Heroic Move starts and moves 4": the Warrior within 6" of it then stands fast, moving
    later without a test. A Hero that declined a Heroic Challenge (challenger alive) can no
    longer call "Stand Fast!": the Warrior tests (1 + 1 + 3 fails) and flees."""
    state = battle([5, 5, 1, 1], priority=1)
    g = add(state, "g", 0, 10, 10, HERO)
    w = add(state, "w", 0, 12, 18)
    add(state, "c", 1, 40, 40, HERO)
    challenge(g).declined_from = "c" if declined else None
    state.broken[0] = True
    moves = {"g": Move("g", (10, 14)), "w": Move("w", (12, 16))}
    run_move_phase(state, (Script([("g", "heroic move")], moves, calls=False), Script()))
    assert g.position == (10, 14) and g.tested
    assert w.alive is not declined
    assert [e["model"] for e in events(state, "stand_fast")] == ([] if declined else ["w"])
