"""The One Ring (checklist part 2 §7.3, 002:L2196-2249) and Stealth from an Elven cloak."""

from __future__ import annotations

from typing import Any

import pytest

from battlesim.engines.sbg.core.actions import (
    Charge,
    Hold,
    IllegalActionError,
    Move,
    MoveAction,
    RingAction,
)
from battlesim.engines.sbg.core.data import CONTROL_ZONE
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.paths import angle_to, rotated
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.phases.move import run_move_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules import ring_moves as ring
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import duel
from battlesim.engines.sbg.rules.heroic_actions import heeded, heroic_turn
from battlesim.engines.sbg.rules.movement import apply_action, check_action
from battlesim.engines.sbg.rules.one_ring import wears_ring
from battlesim.engines.sbg.rules.shooting import legal_targets
from battlesim.engines.sbg.rules.sight import obstructions
from battlesim.engines.sbg.rules.stealth import hidden_by_stealth
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile, rolls
from tests.engines.sbg.test_battles import InvariantWatcher, run_watched

FRODO = profile(
    name="Frodo Baggins",
    move=4.0,
    courage=6,
    wounds=2,
    might=2,
    keywords=frozenset({"hobbit", "infantry", "hero"}),
    wargear=("dagger", "the one ring"),
)
NAZGUL = profile(name="Ringwraith", keywords=frozenset({"ringwraith", "infantry", "hero"}))
ARCHER = profile(wargear=("sword", "bow"))


class Scripted(HeuristicPlayer):
    """A heuristic player whose Ring and move choices are given by the test."""

    def __init__(self, **choices: Any) -> None:
        super().__init__()
        self.choices = choices
        self.asked: list[str] = []

    def ring_action(self, state: BattleState, model: ModelState) -> RingAction | None:
        return self.choices.get("ring")

    def resist_sauron(self, state: BattleState, model: ModelState, die: int) -> int:
        return int(self.choices.get("might", 0))

    def choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        self.asked.append(model.uid)
        return self.choices.get("moves", {}).get(model.uid, Hold(model.uid))

    def move_enemy_bearer(self, state: BattleState, model: ModelState) -> MoveAction:
        self.asked.append(f"foe:{model.uid}")
        return self.choices.get("foe_move", Hold(model.uid))


def _wearing(state: BattleState, uid: str = "A1", x: float = 10, y: float = 10) -> ModelState:
    bearer = add(state, uid, 0, x, y, FRODO)
    one_ring.wear(state, bearer, True)
    return bearer


# --- RING-ON-01 / RING-OFF-01 ---------------------------------------------------------------


def test_ring_on_01_put_on_in_the_move_phase_not_when_engaged() -> None:
    """RING-ON-01 (002:L2202): the bearer puts the Ring on in its Move phase and becomes
    invisible; an engaged bearer cannot put it on."""
    state = battle([])
    bearer = add(state, "A1", 0, 10, 10, FRODO)
    add(state, "B1", 1, 30, 30)
    run_move_phase(state, (Scripted(ring=RingAction.PUT_ON), Scripted()))
    assert wears_ring(bearer) and state.log.of_kind("ring_on")
    engaged = battle([])
    other = add(engaged, "A1", 0, 10, 10, FRODO)
    add(engaged, "B1", 1, 10 + BASE_GAP, 10)
    with pytest.raises(IllegalActionError, match="RING-ON-01"):
        ring.apply_ring_action(engaged, other, RingAction.PUT_ON)
    assert not wears_ring(other)


def test_ring_off_01_taking_it_off_needs_a_courage_test() -> None:
    """RING-OFF-01 (002:L2216-2218): a Courage test (2D6 + 6 >= 10) to take it off; on a
    fail it stays on; it cannot go on and come off in the same turn."""
    state = battle([2, 1, 3, 1])  # 3 + 6 = 9 fails, then 4 + 6 = 10 passes
    bearer = _wearing(state)
    ring.apply_ring_action(state, bearer, RingAction.TAKE_OFF)
    assert wears_ring(bearer) and state.log.of_kind("ring_stays_on")
    state.turn = 2
    ring.apply_ring_action(state, bearer, RingAction.TAKE_OFF)
    assert not wears_ring(bearer)
    with pytest.raises(IllegalActionError, match="RING-OFF-01"):
        ring.apply_ring_action(state, bearer, RingAction.PUT_ON)
    fresh = battle([])
    other = add(fresh, "A1", 0, 10, 10, FRODO)
    add(fresh, "A2", 0, 20, 10)
    ring.apply_ring_action(fresh, other, RingAction.PUT_ON)
    with pytest.raises(IllegalActionError, match="RING-OFF-01"):
        ring.apply_ring_action(fresh, other, RingAction.TAKE_OFF)


# --- RING-WILL-01 / 02 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "might", "owner", "might_left"),
    [(3, 0, True, 2), (2, 0, False, 2), (2, 1, True, 1), (1, 2, True, 0), (1, 1, False, 1)],
)
def test_ring_will_01_will_of_sauron_three_plus_and_might(
    die: int, might: int, owner: bool, might_left: int
) -> None:
    """RING-WILL-01 (002:L2222-2224): D6 at the start of the bearer's Move phase; Might may
    modify it; 3+ the owner moves the bearer, else the opponent does this turn."""
    state = battle([die])
    bearer = _wearing(state)
    assert ring.will_of_sauron(state, Scripted(might=might), bearer) is owner
    assert one_ring.foe_moves(state, bearer) is not owner
    assert bearer.might == might_left


def test_ring_will_01_roll_is_compulsory_even_when_engaged() -> None:
    """RING-WILL-01: the roll is made even if the bearer will not move (here: engaged);
    a Ring put on this turn needs no roll."""
    state = battle([5])
    _wearing(state)
    add(state, "B1", 1, 10 + BASE_GAP, 10)
    run_move_phase(state, (Scripted(), Scripted()))
    assert rolls(state) == [("will of sauron A1", [5])]
    fresh = battle([])
    add(fresh, "A1", 0, 10, 10, FRODO)
    add(fresh, "B1", 1, 30, 30)
    run_move_phase(fresh, (Scripted(ring=RingAction.PUT_ON), Scripted()))
    assert rolls(fresh) == []


def test_ring_will_02_the_opponent_moves_the_bearer() -> None:
    """RING-WILL-02 (002:L2226-2228): on a 1-2 the opponent moves the bearer (a charge is
    allowed), the owner is not asked; it stays in its own army."""
    state = battle([1])
    bearer = _wearing(state)
    enemy = add(state, "B1", 1, 14, 10)
    spot = (14 - BASE_GAP, 10.0)
    foe = Scripted(foe_move=Charge("A1", "B1", spot))
    owner = Scripted()
    run_move_phase(state, (owner, foe))
    assert bearer.position == spot and bearer.charged and state.engaged(enemy)
    assert "foe:A1" in foe.asked and "A1" not in owner.asked and bearer.player == 0


def test_ring_will_02_no_dangerous_move_for_the_opponent() -> None:
    """RING-WILL-02: the opponent may not force a dangerous action (a Leap over a wall)."""
    wall = TerrainPiece("wall", TerrainKind.OBSTACLE, ((12, 0), (12, 48)), 0.8, 0.3)
    state = battle([], table=Table("t", (wall,)))
    bearer = _wearing(state)
    one_ring.ring(bearer).sauron_turn = state.turn
    with pytest.raises(IllegalActionError, match="RING-WILL-02"):
        check_action(state, bearer, Move("A1", (13.5, 10)))


# --- RING-INV-01..07 --------------------------------------------------------------------------


def test_ring_inv_01_no_shooting_at_the_bearer_and_never_in_the_way() -> None:
    """RING-INV-01 (002:L2206): an invisible bearer cannot be targeted by shooting and never
    counts as In The Way; RING-INV-07: a Nazgûl may shoot it."""
    state = battle([])
    bearer = _wearing(state, "A1", 10, 20)
    archer = add(state, "B1", 1, 10, 30, ARCHER)
    assert legal_targets(state, archer) == []
    wraith = add(state, "B2", 1, 20, 20, profile(**{**_nazgul_data(), "wargear": ("bow",)}))
    assert legal_targets(state, wraith) == [bearer]
    state = battle([])
    bearer = _wearing(state, "A1", 10, 5)
    friend = add(state, "A2", 0, 10, 10)
    shooter = add(state, "B3", 1, 10, 0.6, ARCHER)
    assert obstructions(state, shooter, friend, frozenset()) == []
    one_ring.wear(state, bearer, False)
    assert [i.key for i in obstructions(state, shooter, friend, frozenset())] == ["A1"]


def _nazgul_data() -> dict[str, Any]:
    return {"name": "Ringwraith", "keywords": frozenset({"ringwraith", "infantry", "hero"})}


def test_ring_inv_02_no_control_zone_and_moving_through() -> None:
    """RING-INV-02 (002:L2206): no control zone; enemies move through it; it moves through
    friends and enemies but never ends its move on a model."""
    state = battle([])
    bearer = _wearing(state, "A1", 10, 10)
    enemy = add(state, "B1", 1, 10, 14)
    check_action(state, enemy, Move("B1", (10, 10 + BASE_GAP + 0.3)))  # inside 1": legal
    check_action(state, enemy, Move("B1", (10, 8.5)))  # straight through the bearer
    one_ring.wear(state, bearer, False)
    with pytest.raises(IllegalActionError, match="MOVE-GEN-07|MOVE-ZOC"):
        check_action(state, enemy, Move("B1", (10, 8.5)))
    state = battle([])
    bearer = _wearing(state, "A1", 10, 10.6)  # inside B1's zone: it may still pass through
    add(state, "B1", 1, 10, 12.5)
    add(state, "A2", 0, 11, 11)
    check_action(state, bearer, Move("A1", (10, 12.5 + BASE_GAP + 1.05)))  # through B1
    check_action(state, bearer, Move("A1", (12, 12)))  # through the friend A2
    with pytest.raises(IllegalActionError, match="RING-INV-02"):
        check_action(state, bearer, Move("A1", (10, 12.8)))  # ends on B1
    with pytest.raises(IllegalActionError, match="MOVE-ZOC-01"):
        check_action(state, bearer, Move("A1", (10, 12.5 + BASE_GAP + 0.5)))  # in B1's zone
    b2 = add(state, "B2", 1, 11.2, 14.5)
    spot = rotated(b2.position, angle_to(b2.position, bearer.position), BASE_GAP)
    check_action(state, bearer, Charge("A1", "B2", spot))  # through B1's zone first (CHG-08)


def test_ring_inv_03_an_enemy_ending_on_the_bearer_pushes_it_aside() -> None:
    """RING-INV-03 (002:L2208): the bearer is shifted the minimum distance to make room
    (directly away, out of contact); not possible while it is engaged."""
    state = battle([])
    bearer = _wearing(state, "A1", 10, 10)
    enemy = add(state, "B1", 1, 10, 14)
    apply_action(state, enemy, Move("B1", (10, 10.3)))
    gap = state.distance(enemy, bearer)
    assert 0.01 < gap < 0.03 and bearer.y < 10 and not state.engaged(bearer)
    held = battle([])
    bearer = _wearing(held, "A1", 10, 10)
    add(held, "B2", 1, 10 - BASE_GAP, 10)
    enemy = add(held, "B1", 1, 10, 14)
    with pytest.raises(IllegalActionError, match="MOVE-GEN-07"):
        check_action(held, enemy, Move("B1", (10, 10.3)))


def test_ring_inv_04_charging_the_bearer_needs_a_spotting_test() -> None:
    """RING-INV-04 (002:L2210): Courage test at -1 per full inch; a fail forbids the charge
    this turn and the model acts otherwise; a pass lets it charge."""
    state = battle([6, 4, 4])  # Will of Sauron 6; spotting 8 + Courage 3 - 2 (2.5") = 9
    _wearing(state, "A1", 10, 10)
    charger = add(state, "B1", 1, 10, 10 + BASE_GAP + 2.5)
    charge = Charge("B1", "A1", (10, 10 + BASE_GAP))
    foe = Scripted(moves={"B1": charge})
    run_move_phase(state, (Scripted(), foe))
    assert foe.asked == ["B1", "B1"] and one_ring.ring(charger).ring_unseen_turn == state.turn
    assert not charger.moved and state.log.of_kind("refused")
    state = battle([6, 5, 4])  # 9 + 3 - 2 = 10: passes
    bearer = _wearing(state, "A1", 10, 10)
    charger = add(state, "B1", 1, 10, 10 + BASE_GAP + 2.5)
    run_move_phase(state, (Scripted(), Scripted(moves={"B1": charge})))
    assert charger.charged and state.engaged(bearer)


def test_ring_inv_04_fearless_models_must_still_roll() -> None:
    """RING-INV-04: models that pass Courage tests automatically must still roll."""
    state = battle([1, 1])  # 2 + 3 - 0 = 5: fails despite Fearless
    bearer = _wearing(state, "A1", 10, 10)
    brave = add(state, "B1", 1, 10, 10 + BASE_GAP + 0.5, profile(rules=("Fearless (Passive)",)))
    assert not ring.spot(state, brave, bearer)
    assert rolls(state) == [("courage B1 (spot the Ring-bearer A1)", [1, 1])]


def test_ring_inv_05_enemies_halve_their_fight() -> None:
    """RING-INV-05 (002:L2210): every model engaged with the bearer halves its Fight (round
    up): F4 becomes 2, so the bearer (F3) wins a tied Duel roll of 4 against 4."""
    state = battle([4, 4])
    bearer = _wearing(state, "A1", 10, 10)
    enemy = add(state, "B1", 1, 10 + BASE_GAP, 10, profile(fight=4))
    assert modifier(Hook.FIGHT, HookContext(state, enemy)) == -2
    assert duel(state, Combat(bearer, [enemy])) == 0
    one_ring.wear(state, bearer, False)
    state = battle([4, 4])
    bearer = add(state, "A1", 0, 10, 10, FRODO)
    enemy = add(state, "B1", 1, 10 + BASE_GAP, 10, profile(fight=4))
    assert duel(state, Combat(bearer, [enemy])) == 1


def test_ring_inv_05_halved_after_a_heroic_strike() -> None:
    """RING-INV-05 (002:L2210) with HERO-HST-01 (002:L1706): the Heroic Strike's D6 comes
    before any other effect, so an enemy Hero of Fight 5 that rolled 4 fights at (5 + 4) / 2
    rounded up = 5 against the invisible bearer, not 5 + 4 - 2 = 7."""
    state = battle([])
    _wearing(state, "A1", 10, 10)
    hero = add(state, "B1", 1, 10 + BASE_GAP, 10, profile(fight=5, keywords=frozenset({"hero"})))
    heroic_turn(hero).fight = 4
    assert hero.profile.fight + modifier(Hook.FIGHT, HookContext(state, hero)) == 5


def test_ring_inv_06_heroics_never_help_allies() -> None:
    """RING-INV-06 (002:L2210): an invisible Hero's Heroic Actions cannot benefit allies
    (the query the heroic actions code asks through ``heeded``)."""
    state = battle([])
    bearer = add(state, "A1", 0, 10, 10, FRODO)
    assert one_ring.heroics_help_allies(bearer)
    assert heeded(state, bearer)
    one_ring.wear(state, bearer, True)
    assert not one_ring.heroics_help_allies(bearer) and not heeded(state, bearer)


def test_ring_inv_07_sauron_and_the_nazgul_ignore_invisibility() -> None:
    """RING-INV-07 (002:L2212): a Nazgûl keeps its Fight, charges without a spotting test,
    keeps its control zone against the bearer and may target it with powers."""
    state = battle([])
    bearer = _wearing(state, "A1", 10, 10)
    wraith = add(state, "B1", 1, 10 + BASE_GAP, 10, NAZGUL)
    orc = add(state, "B2", 1, 10 - BASE_GAP, 10)
    assert modifier(Hook.FIGHT, HookContext(state, wraith)) == 0
    assert one_ring.targetable_by_power(bearer, wraith)
    assert not one_ring.targetable_by_power(bearer, orc)
    assert not one_ring.invisible_to(bearer, wraith) and one_ring.invisible_to(bearer, orc)
    state = battle([6])  # the Will of Sauron only: the Nazgûl needs no spotting test
    bearer = _wearing(state, "A1", 10, 10)
    wraith = add(state, "B1", 1, 10, 13, NAZGUL)
    charge = Charge("B1", "A1", (10, 10 + BASE_GAP))
    run_move_phase(state, (Scripted(), Scripted(moves={"B1": charge})))
    assert wraith.charged and state.engaged(bearer)
    state = battle([])
    _wearing(state, "A1", 10, 10)
    wraith = add(state, "B1", 1, 10, 14, NAZGUL)
    with pytest.raises(IllegalActionError, match="MOVE-ZOC"):
        check_action(state, wraith, Move("B1", (10, 10 + BASE_GAP + 0.3)))
    sauron = profile(name="Sauron, the Dark Lord")
    assert one_ring.sees_invisible(add(state, "B3", 1, 30, 30, sauron))


# --- RING-PREC-01 / 02 ------------------------------------------------------------------------


def test_ring_prec_01_my_precious() -> None:
    """RING-PREC-01 (002:L2232-2234): the last living model of its army, wearing the Ring,
    is removed as a casualty; not if the Ring is off."""
    from battlesim.engines.sbg.core.state import Removal

    state = battle([])
    bearer = _wearing(state, "A1", 10, 10)
    friend = add(state, "A2", 0, 20, 10)
    state.remove(friend, Removal.SLAIN)
    assert not bearer.alive and state.casualties[0] == 2
    assert state.log.of_kind("casualty")[-1].data["reason"] == "my_precious"
    state = battle([])
    bearer = add(state, "A1", 0, 10, 10, FRODO)
    state.remove(add(state, "A2", 0, 20, 10), Removal.SLAIN)
    assert bearer.alive
    ring.apply_ring_action(state, bearer, RingAction.PUT_ON)
    assert not bearer.alive


def test_ring_prec_02_only_the_highest_bearer_keeps_the_ring() -> None:
    """RING-PREC-02 (002:L2236-2249): Frodo (4) outranks Gollum (6); two bearers of the
    same rank on opposite sides both keep it."""
    state = battle([])
    frodo = add(state, "A1", 0, 10, 10, FRODO)
    gollum = add(state, "B1", 1, 30, 30, profile(name="Gollum", wargear=("the one ring",)))
    one_ring.settle_bearers(state)
    assert one_ring.bears_ring(frodo) and not one_ring.bears_ring(gollum)
    state = battle([])
    frodo = add(state, "A1", 0, 10, 10, FRODO)
    other = add(state, "B1", 1, 30, 30, FRODO)
    one_ring.settle_bearers(state)
    assert one_ring.bears_ring(frodo) and one_ring.bears_ring(other)
    bilbo = profile(name="Bilbo Baggins", keywords=frozenset({"hobbit", "dwarf"}))
    assert one_ring.ring_rank(bilbo) == 3
    assert one_ring.ring_rank(profile(name="Bilbo Baggins")) == 5


# --- EQP-CLOAK-01: Stealth ---------------------------------------------------------------------


def _hedge_table() -> Table:
    hedge = TerrainPiece("hedge", TerrainKind.OBSTACLE, ((5, 20), (15, 20)), 0.6, 0.3)
    return Table("hedged", (hedge,))


def test_eqp_cloak_01_stealth_behind_terrain_beyond_six_inches() -> None:
    """EQP-CLOAK-01 (002:L2184), SR-STEALTH (002:L2763-2765): a cloaked model partly behind
    a hedge is not visible to an enemy more than 6" away (no shot, no charge); within 6",
    in the open, or when Cavalry, it is."""
    state = battle([], table=_hedge_table())
    cloaked = add(state, "A1", 0, 10, 20.8, profile(options=("elven cloak",)))
    archer = add(state, "B1", 1, 10, 12, ARCHER)
    assert hidden_by_stealth(state, archer, cloaked) and legal_targets(state, archer) == []
    close = add(state, "B2", 1, 10, 16, ARCHER)
    assert not hidden_by_stealth(state, close, cloaked)
    assert cloaked in legal_targets(state, close)
    plain = add(state, "A2", 0, 12, 20.8)
    assert not hidden_by_stealth(state, archer, plain)
    rider = profile(options=("elven cloak",), keywords=frozenset({"man", "cavalry"}))
    assert not hidden_by_stealth(state, archer, add(state, "A3", 0, 8, 20.8, rider))
    open_field = battle([])
    cloaked = add(open_field, "A1", 0, 30, 30, profile(options=("elven cloak",)))
    assert not hidden_by_stealth(open_field, add(open_field, "B1", 1, 30, 40, ARCHER), cloaked)


def test_eqp_cloak_01_no_charge_on_a_hidden_cloaked_model() -> None:
    """EQP-CLOAK-01: a charge on a cloaked model partly behind a short hedge, more than 6"
    away, is refused (it cannot be seen); the same charge on a model without a cloak is not."""
    hedge = TerrainPiece("hedge", TerrainKind.OBSTACLE, ((9.0, 20), (10.2, 20)), 0.6, 0.3)
    for options, hidden in ((("elven cloak",), True), ((), False)):
        state = battle([], table=Table("t", (hedge,)))
        target = add(state, "A1", 0, 10, 20.8, profile(options=options))
        charger = add(state, "B1", 1, 14, 13, profile(move=12.0))
        assert (
            state.distance(charger, target) > 6
            and hidden_by_stealth(state, charger, target) is hidden
        )
        charge = Charge("B1", "A1", (10 + BASE_GAP, 20.8))
        if hidden:
            with pytest.raises(IllegalActionError, match="SR-STEALTH"):
                check_action(state, charger, charge)
        else:
            check_action(state, charger, charge)


# --- seeded battles with the Ring-bearer ---------------------------------------------------------


class _RingWatcher(InvariantWatcher):
    """The battle invariants, where an invisible bearer has no control zone (RING-INV-02)."""

    def _outside_zones(self, model: Any) -> None:
        state = self.state
        assert state is not None
        if state.engaged(model):
            return
        for enemy in state.enemies(model):
            if enemy.prone or state.engaged(enemy) or one_ring.invisible_to(enemy, model):
                continue
            if state.distance(model, enemy) < CONTROL_ZONE - 0.01:
                self.problems.append(f"{model.uid} ends in {enemy.uid}'s zone")


def _ring_battle(seed: int) -> tuple[BattleState, _RingWatcher]:
    kinds = (RandomPlayer(), HeuristicPlayer())
    players = (kinds[seed % 2], kinds[(seed // 2) % 2])
    options = {"forces": ["fellowship_skirmish", "mordor_skirmish"], "turn_limit": 8}
    return run_watched(seed, players, options, _RingWatcher())


def test_seeded_battles_with_the_ring_bearer_keep_the_invariants() -> None:
    """RING-*: twenty seeded battles with Frodo and the One Ring (random and heuristic
    players): no exception, no overlap, zones respected, wounds and casualties add up, the
    Ring is put on and the Will of Sauron is rolled in some of them."""
    seen: set[str] = set()
    for seed in range(20):
        state, watcher = _ring_battle(seed)
        assert watcher.problems == [], seed
        assert sum(state.casualties) == sum(1 for m in state.models.values() if not m.alive)
        for model in state.models.values():
            wounds = sum(1 for e in state.log.of_kind("wound") if e.data["model"] == model.uid)
            assert model.wounds == model.profile.wounds - wounds
            assert not wears_ring(model) or one_ring.bears_ring(model)
        seen |= {e.kind for e in state.log.events}
    assert {"ring_on", "will_of_sauron", "ring_off"} <= seen


def test_heuristic_puts_the_ring_on_when_threatened_and_off_when_safe() -> None:
    """RING-ON-01, RING-OFF-01 for the heuristic: on when an enemy could charge this turn,
    never as the last model of the army (RING-PREC-01), off with no enemy within 12"."""
    state = battle([])
    bearer = add(state, "A1", 0, 10, 10, FRODO)
    friend = add(state, "A2", 0, 20, 20)
    orc = add(state, "B1", 1, 10, 16)
    player = HeuristicPlayer()
    assert player.ring_action(state, bearer) is RingAction.PUT_ON
    state.set_position(orc, (10, 40))
    assert player.ring_action(state, bearer) is None
    one_ring.wear(state, bearer, True)
    assert player.ring_action(state, bearer) is RingAction.TAKE_OFF
    assert isinstance(player.choose_move(state, bearer), Hold)
    one_ring.wear(state, bearer, False)
    state.set_position(orc, (10, 16))
    from battlesim.engines.sbg.core.state import Removal

    state.remove(friend, Removal.SLAIN)
    assert player.ring_action(state, bearer) is None


def test_heuristic_keeps_the_bearer_away_and_throws_an_enemy_bearer_at_its_fighters() -> None:
    """The heuristic never charges with its bearer and backs it away from close enemies;
    moving an enemy bearer (RING-WILL-02) it charges it into its hardest hitter."""
    state = battle([])
    bearer = add(state, "A1", 0, 10, 10, FRODO)
    add(state, "B1", 1, 10, 13)
    troll = add(state, "B2", 1, 12, 12, profile(attacks=3, strength=6))
    player = HeuristicPlayer()
    move = player.choose_move(state, bearer)
    assert isinstance(move, Move) and move.to[1] < bearer.y
    charge = player.move_enemy_bearer(state, bearer)
    assert isinstance(charge, Charge) and charge.target == troll.uid


# --- the One Ring and Heroic Actions (RING-WILL-01/02, RING-INV-06) ----------------------------


class _Heroic(Scripted):
    """Declares the Heroic Actions it is given, calls its friends, moves as told."""

    def __init__(self, declare: list[tuple[str, str]] | None = None, **choices: Any) -> None:
        super().__init__(**choices)
        self.declare = list(declare or [])

    def declare_heroic_action(self, state: BattleState, side: int, phase: Any) -> Any:
        return self.declare.pop(0) if self.declare else None

    def call_friends(self, state: BattleState, hero: ModelState, action: str) -> bool:
        return True


def test_ring_will_01_02_rolled_before_a_heroic_move_which_the_foe_forbids() -> None:
    """RING-WILL-01/02 (002:L2222-2228): the Will of Sauron is rolled at the start of the
    Move phase, before any move; on a 1-2 the opponent moves the bearer and it cannot make a
    Heroic Action: a Heroic Move declared for it is refused, and the foe moves it."""
    state = battle([1], priority=0)
    bearer = _wearing(state, "A1", 10, 10)
    add(state, "B1", 1, 30, 30)
    owner = _Heroic([("A1", "heroic move")], moves={"A1": Move("A1", (10, 13))})
    foe = _Heroic(foe_move=Move("A1", (13, 10)))
    run_move_phase(state, (owner, foe))
    assert [p for p, _ in rolls(state)] == ["will of sauron A1"]
    assert not state.log.of_kind("heroic_action")
    assert "RING-WILL-02" in state.log.of_kind("refused")[0].data["reason"]
    assert bearer.position == (13, 10) and "foe:A1" in foe.asked and bearer.might == 2


def test_ring_inv_06_an_invisible_heros_call_brings_no_friend() -> None:
    """RING-INV-06 (002:L2210): an invisible Hero may declare a Heroic Move but its "With
    Me!" does not benefit allies: the friend within 6" moves later, on its own, unleashed."""
    state = battle([6], priority=0)
    bearer = _wearing(state, "A1", 10, 10)
    friend = add(state, "A2", 0, 12, 10)
    add(state, "B1", 1, 40, 40)
    moves = {"A1": Move("A1", (10, 13)), "A2": Move("A2", (17, 10))}
    run_move_phase(state, (_Heroic([("A1", "heroic move")], moves=moves), _Heroic()))
    assert state.log.of_kind("heroic_action") and not state.log.of_kind("rally")
    assert bearer.position == (10, 13) and friend.position == (17, 10)


def test_ring_inv_06_no_friend_moves_again_after_an_invisible_heroic_combat() -> None:
    """RING-INV-06 (002:L2210): "if an invisible model declares a Heroic Combat, its allies
    cannot move again if it succeeds": the Orc is slain, the invisible Hero g moves again,
    its friend f of the same fight does not."""
    state = battle([1, 6, 1, 2, 1, 5], priority=0)
    ringed = profile(
        name="Hero",
        fight=5,
        strength=4,
        attacks=2,
        might=1,
        keywords=frozenset({"hero", "infantry", "man"}),
        wargear=("sword", "the one ring"),
    )
    g = add(state, "g", 0, 10, 10, ringed)
    one_ring.wear(state, g, True)
    add(state, "f", 0, 10 + BASE_GAP, 10 + BASE_GAP)
    orc = add(state, "o", 1, 10, 10 + BASE_GAP)
    run_fight_phase(state, (_Heroic([("g", "heroic combat")]), _Heroic()))
    assert not orc.alive
    assert [e.data["model"] for e in state.log.of_kind("heroic_combat_move")] == ["g"]
