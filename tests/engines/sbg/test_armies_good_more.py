"""Good army rules on Priority, Terror, Will, shooting, terrain and Defence (issue 18):
rules/armies/good/{priority,presence,will,shooting,ground,leaders}.py. Each test cites the
BattleScribe rule id whose text it follows and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.effects import active
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, Happening, On, Tick, notify, tick
from battlesim.engines.sbg.core.table import WOODS
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.phases.priority import roll_priority
from battlesim.engines.sbg.rules.magic.resisting import free_dice
from battlesim.engines.sbg.rules.shooting import shoot, shots_allowed
from battlesim.engines.sbg.rules.terrain_rules import open_features
from battlesim.engines.sbg.rules.terror import frightens
from battlesim.engines.sbg.rules.will import pay_will
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls

HERO = replace(
    WARRIOR, name="Test Hero", might=1, will=2, fate=1, keywords=WARRIOR.keywords | {"hero"}
)


def card(*rules: str, base: Profile = HERO, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def dice_of(state: BattleState) -> list[list[int]]:
    return [d for _, d in rolls(state)]


# --- Priority: the Ring of Durin, Longbeard, the Young Sage, Foresight of the Eldar -----------


def later_turn(dice: list[int]) -> BattleState:
    state = battle(dice)
    state.turn, state.previous_priority = 2, 1
    return state


def test_the_ring_of_durin_rerolls_a_losing_priority_die_once_a_game() -> None:
    """1429-1355-81b8-ae93: side 0 rolls 2 against 5, re-rolls a 6 and wins; the next
    losing roll stands."""
    state = later_turn([2, 5, 6, 1, 4])
    add(state, "A1", 0, 10, 10, card(wargear=("sword", "the ring of durin")))
    assert roll_priority(state) == 0
    assert roll_priority(state) == 1 and len(rolls(state)) == 5
    plain = later_turn([2, 5, 6])
    add(plain, "A1", 0, 10, 10, card())
    assert roll_priority(plain) == 1


def test_longbeard_spends_will_for_a_priority_reroll() -> None:
    """26d2-4ad0-8b10-dbc9 (and the Young Sage, ba41-a80b-1f0f-aa0d)."""
    state = later_turn([1, 5, 6])
    balin = add(state, "A1", 0, 10, 10, card("Longbeard"))
    young = add(state, "A2", 0, 12, 10, card("The Young Sage", will=0))
    assert roll_priority(state) == 0 and balin.will == 1 and young.will == 0


def test_foresight_of_the_eldar_raises_the_die_with_its_points() -> None:
    """79fa-1b58-9993-551f: D6 points (a 3), then +2 turns a 3 against a 4 into a 5."""
    state = later_turn([3, 4, 3])
    add(state, "A1", 0, 10, 10, card("Foresight of the Eldar"))
    assert roll_priority(state) == 0
    assert [e.data["left"] for e in state.log.of_kind("foresight")] == [1]


# --- Terror and Fortify Spirit for the battle or the turn --------------------------------------


def test_the_horn_of_zirakzigil_gives_terror_and_unbending_resolve_fortify_spirit() -> None:
    """ee68-9e43-ae48-ada2 and 27e0-89a9-4e14-b1af, from the first turn on."""
    state = battle()
    durin = add(
        state, "A1", 0, 10, 10, card(wargear=("sword", "war horn", "the horn of zirakzigil"))
    )
    glorfindel = add(state, "A2", 0, 20, 10, card("Unbending Resolve", will=0))
    orc = add(state, "B1", 1, 30, 10, WARRIOR)
    assert not frightens(durin, orc, state) and free_dice(state, glorfindel) == (0, 0)
    tick(state, Tick.TURN_START)
    assert frightens(durin, orc, state)
    assert free_dice(state, glorfindel) == (2, 0)


def test_fearsome_charge_causes_terror_for_the_turn_of_the_charge() -> None:
    """cf39-3cbe-0016-758d."""
    state = battle()
    dain = add(state, "A1", 0, 10, 10, card("Fearsome Charge"))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, WARRIOR)
    assert not frightens(dain, orc, state)
    notify(state, On.CHARGE_DECLARED, Happening(dain, other=orc))
    assert frightens(dain, orc, state)
    tick(state, Tick.TURN_END)
    assert not active(state, dain.uid) or not frightens(dain, orc, state)


# --- a free Will point a turn --------------------------------------------------------------------


def test_the_lady_of_lothlorien_spends_one_free_will_point_a_turn() -> None:
    """f2a8-2c2e-98ca-fdef (and the Shipwright's Power, b024-3618-5110-e0ce)."""
    state = battle()
    galadriel = add(state, "A1", 0, 10, 10, card("The Lady of Lothlórien", will=3))
    cirdan = add(state, "A2", 0, 20, 10, card("The Shipwright's Power", will=3))
    plain = add(state, "A3", 0, 30, 10, card(will=3))
    for model in (galadriel, cirdan, plain):
        pay_will(state, model, 2)
        pay_will(state, model, 1)
    assert (galadriel.will, cirdan.will, plain.will) == (1, 1, 0)


# --- Deadly Shot (7265-036b-65ff-76c1) ----------------------------------------------------------


class SureShot:
    def decide(self, state: BattleState, decision: object) -> bool:
        return True


def test_deadly_shot_fires_three_times() -> None:
    state = battle()
    legolas = add(state, "A1", 0, 10, 10, card("Deadly Shot", wargear=("bow",), shoot=3))
    plain = add(state, "A2", 0, 12, 10, card(wargear=("bow",), shoot=3))
    assert (shots_allowed(state, legolas), shots_allowed(state, plain)) == (3, 1)


def test_deadly_shots_single_shot_hits_on_two_whatever_the_shoot_value() -> None:
    """Shoot 6+ would miss with a 2; the sure shot hits, then wounds (S2 bow v D4 needs 6)."""
    state = battle([2, 6])
    state.players = (SureShot(), SureShot())
    legolas = add(state, "A1", 0, 10, 10, card("Deadly Shot", wargear=("bow",), shoot=6))
    orc = add(state, "B1", 1, 10, 20, WARRIOR)
    assert shots_allowed(state, legolas) == 1
    shoot(state, legolas, orc)
    assert not orc.alive and dice_of(state) == [[2], [6]]
    plain = battle([2, 6])
    archer = add(plain, "A1", 0, 10, 10, card(wargear=("bow",), shoot=6))
    orc2 = add(plain, "B1", 1, 10, 20, WARRIOR)
    shoot(plain, archer, orc2)
    assert orc2.alive and dice_of(plain) == [[2]]


# --- Fleetfoot (c07e-808a-f538-03b5) --------------------------------------------------------------


def test_fleetfoot_makes_a_woodland_creatures_mount_cross_woods() -> None:
    def rider(*rules: str) -> Profile:
        data = {**profile_to_data(card(*rules)), "options": ["horse"], "name": "Rider"}
        return profile_from_data(data)

    state = battle()
    plain = add(state, "A1", 0, 10, 10, rider("Woodland Creature"))
    fleet = add(state, "A2", 0, 20, 10, rider("Woodland Creature", "Fleetfoot"))
    assert open_features(state, plain) == frozenset()
    assert open_features(state, fleet) == frozenset({WOODS})


# --- The Herald's Duty (f568-15b1-e555-4841) ----------------------------------------------


def test_the_heralds_duty_gives_defence_in_contact_two_when_all_three_touch() -> None:
    state = battle()
    champion = add(state, "A1", 0, 10, 10, card("The Herald's Duty"))
    herald = add(state, "A2", 0, 10 + BASE_GAP, 10, card("The Herald's Duty"))

    def defence(model: object) -> int:
        return modifier(Hook.DEFENCE, HookContext(state, model))  # type: ignore[arg-type]

    assert (defence(champion), defence(herald)) == (1, 1)
    other = add(state, "A3", 0, 10 + BASE_GAP / 2, 10 + BASE_GAP * 0.866, card("The Herald's Duty"))
    assert (defence(champion), defence(herald), defence(other)) == (2, 2, 2)
    far = add(state, "A4", 0, 30, 30, card("The Herald's Duty"))
    assert defence(far) == 0


def test_dubious_counsel_gives_might_on_two_and_takes_it_on_one() -> None:
    """605b-ae6a-4e75-1c7b: Alfrid (Will 3) counsels twice (keeping one point): a 4 gives the
    Master a Might point beyond his store; a 1 takes it back for Alfrid."""
    from battlesim.engines.sbg.core.state import Phase

    lake = WARRIOR.keywords | {"hero", "lake-town"}
    state = battle([4, 1])
    alfrid = add(state, "A1", 0, 10, 10, card("Dubious Counsel", might=0, will=3, keywords=lake))
    master = add(state, "A2", 0, 12, 10, card(might=1, will=0, keywords=lake))
    state.begin_phase(Phase.PRIORITY)
    assert [e.data["die"] for e in state.log.of_kind("counsel")] == [4, 1]
    assert (master.might, alfrid.might, alfrid.will) == (1, 1, 1)
    state.begin_phase(Phase.MOVE)  # only at the start of the Priority phase
    assert len(state.log.of_kind("counsel")) == 2
