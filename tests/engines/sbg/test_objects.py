"""Carrying Light objects (checklist part 2 §10.2): ADV-LIGHT-01 (002:L2946-2948) picked up
by moving into base contact; ADV-LIGHT-02 (002:L2950) Cavalry cannot pick one up unless
Expert Riders, and a carrier slain in a fight gives it to its killer in base contact,
otherwise it is dropped."""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import Move
from battlesim.engines.sbg.core.state import Removal
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules.movement import apply_action
from battlesim.engines.sbg.rules.scenarios import scenario_named
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile
from tests.engines.sbg.test_cavalry import mounted


def _prize_battle() -> object:
    state = battle([])
    add(state, "B9", 1, 40, 44)
    scenario_named("seize_the_prize").start(state)
    return state


def test_moving_into_contact_picks_the_object_up_and_it_follows_the_carrier() -> None:
    """ADV-LIGHT-01 (002:L2946): the prize at (24, 24) is taken by moving into contact."""
    state = _prize_battle()
    a = add(state, "A0", 0, 24, 20)  # type: ignore[arg-type]
    apply_action(state, a, Move("A0", (24, 22.5)))  # type: ignore[arg-type]
    assert objects.carrier(state, "the prize") is None  # type: ignore[arg-type]
    a.reset_turn()
    apply_action(state, a, Move("A0", (24, 23.05)))  # type: ignore[arg-type]
    assert objects.carrier(state, "the prize") is a  # type: ignore[arg-type]
    state.set_position(a, (20, 10))  # type: ignore[attr-defined]
    assert objects.where(state, "the prize") == (20, 10)  # type: ignore[arg-type]
    assert scenario_named("seize_the_prize").victory_points(state)[0] == 6  # type: ignore[arg-type]


def test_cavalry_cannot_pick_the_object_up_unless_expert_rider() -> None:
    """ADV-LIGHT-02 (002:L2950)."""
    state = _prize_battle()
    rider = add(state, "A0", 0, 24, 16, mounted())  # type: ignore[arg-type]
    apply_action(state, rider, Move("A0", (24, 22.8)))  # type: ignore[arg-type]
    assert rider.mount is not None and objects.carrier(state, "the prize") is None  # type: ignore[arg-type]
    state.set_position(rider, (10, 10))  # type: ignore[attr-defined]
    expert = add(state, "A1", 0, 24, 16, mounted(rules=("Expert Rider",)))  # type: ignore[arg-type]
    apply_action(state, expert, Move("A1", (24, 22.8)))  # type: ignore[arg-type]
    assert objects.carrier(state, "the prize") is expert  # type: ignore[arg-type]


def test_carrier_slain_in_a_fight_gives_the_object_to_its_killer() -> None:
    """ADV-LIGHT-02: the killer in base contact takes it; shot down, it is dropped."""
    state = _prize_battle()
    a = add(state, "A0", 0, 24, 24)  # type: ignore[arg-type]
    objects.give(state, "the prize", a)  # type: ignore[arg-type]
    b = add(state, "B0", 1, 24, 24 + BASE_GAP)  # type: ignore[arg-type]
    state.remove(a, Removal.SLAIN, source="struck by B0")  # type: ignore[attr-defined]
    assert objects.carrier(state, "the prize") is b  # type: ignore[arg-type]
    state.remove(b, Removal.SLAIN, source="shot by A7")  # type: ignore[attr-defined]
    assert objects.carrier(state, "the prize") is None  # type: ignore[arg-type]
    assert objects.where(state, "the prize") == b.position  # type: ignore[arg-type]


def _heavy_battle() -> object:
    state = battle([])
    add(state, "B9", 1, 40, 44)
    objects.place_object(state, "the chest", (24, 24), heavy=True)  # type: ignore[arg-type]
    return state


def test_a_heavy_object_halves_a_lone_carriers_move() -> None:
    """ADV-HEAVY-01 (002:L2956): alone, half its Move; a second carrier in contact, its
    full Move; ADV-HEAVY-02 (002:L2958): a Monster carries it as a Light object."""
    from battlesim.engines.sbg.rules.allowance import allowance

    state = _heavy_battle()
    a = add(state, "A0", 0, 24, 20)  # type: ignore[arg-type]
    apply_action(state, a, Move("A0", (24, 23.05)))  # type: ignore[arg-type]
    assert objects.carrier(state, "the chest") is a  # type: ignore[arg-type]
    a.reset_turn()
    assert allowance(state, a) == 3.0  # type: ignore[arg-type]
    add(state, "A1", 0, 24 + BASE_GAP, 23.05)  # type: ignore[arg-type]
    assert allowance(state, a) == 6.0  # type: ignore[arg-type]
    troll = add(state, "A2", 0, 10, 10, profile(keywords=frozenset({"monster"})))  # type: ignore[arg-type]
    objects.give(state, "the chest", troll)  # type: ignore[arg-type]
    assert allowance(state, troll) == 6.0  # type: ignore[arg-type]


def test_cavalry_never_carries_a_heavy_object() -> None:
    """ADV-HEAVY-02 (002:L2958): not even an Expert Rider."""
    state = _heavy_battle()
    rider = add(state, "A0", 0, 24, 16, mounted(rules=("Expert Rider",)))  # type: ignore[arg-type]
    apply_action(state, rider, Move("A0", (24, 22.8)))  # type: ignore[arg-type]
    assert objects.carrier(state, "the chest") is None  # type: ignore[arg-type]


def test_a_heavy_object_is_dropped_before_charging() -> None:
    """ADV-HEAVY-01: carriers drop it before charging; a charged carrier puts it down."""
    from battlesim.engines.sbg.core.actions import Charge

    state = _heavy_battle()
    a = add(state, "A0", 0, 24, 24)  # type: ignore[arg-type]
    objects.give(state, "the chest", a)  # type: ignore[arg-type]
    add(state, "B0", 1, 24, 26.5)  # type: ignore[arg-type]
    apply_action(state, a, Charge("A0", "B0", (24, 26.5 - BASE_GAP)))  # type: ignore[arg-type]
    assert objects.carrier(state, "the chest") is None  # type: ignore[arg-type]
    assert objects.where(state, "the chest") == (24, 24)  # type: ignore[arg-type]


class _Leaves(HeuristicPlayer):
    """Declines to take objects up and drops what it carries."""

    def decide(self, state, decision):  # type: ignore[no-untyped-def]
        if isinstance(decision, objects.TakeUp):
            return False
        if isinstance(decision, objects.PutDown):
            return True
        return super().decide(state, decision)


def test_adv_heavy_01_a_model_may_leave_an_object_where_it_lies() -> None:
    """ADV-HEAVY-01 (002:L2956): « Une figurine peut porter un objet lourd en se déplaçant à
    son contact »: it may, not must; a player declining leaves the prize on the ground."""
    state = _prize_battle()
    state.players = (_Leaves(), HeuristicPlayer())  # type: ignore[attr-defined]
    a = add(state, "A0", 0, 24, 20)  # type: ignore[arg-type]
    apply_action(state, a, Move("A0", (24, 23.05)))  # type: ignore[arg-type]
    assert objects.carrier(state, "the prize") is None  # type: ignore[arg-type]


def test_adv_light_02_an_unengaged_carrier_may_drop_it_as_its_move_begins() -> None:
    """ADV-LIGHT-02 (002:L2950): only a model not engaged may drop an object (« lâcher
    (volontairement ou non) »): dropped where it stands; engaged, it keeps it."""
    state = _prize_battle()
    a = add(state, "A0", 0, 24, 20)  # type: ignore[arg-type]
    objects.give(state, "the prize", a)  # type: ignore[arg-type]
    foe = add(state, "B1", 1, 24, 20 + BASE_GAP)  # type: ignore[arg-type]
    objects.put_down(state, _Leaves(), a)  # type: ignore[arg-type]
    assert objects.carrier(state, "the prize") is a  # type: ignore[arg-type]
    state.set_position(foe, (40, 40))  # type: ignore[attr-defined]
    objects.put_down(state, _Leaves(), a)  # type: ignore[arg-type]
    assert objects.carrier(state, "the prize") is None  # type: ignore[arg-type]
    assert objects.where(state, "the prize") == (24, 20)  # type: ignore[arg-type]


def test_a_war_beast_never_carries_an_object() -> None:
    """WB-GEN-07 (002:L1872, « ne peuvent pas porter d'objet »): a War Beast neither picks an
    object up (though a Monster, ADV-HEAVY-02) nor takes one from a carrier it slays, which
    drops it (a killer on foot takes it: the test above)."""
    beast_profile = profile(keywords=frozenset({"monster", "war beast"}))
    state = _prize_battle()
    beast = add(state, "B0", 1, 24, 30, beast_profile)  # type: ignore[arg-type]
    assert not objects.may_pick_up(beast) and not objects.may_pick_up(beast, heavy=True)
    a = add(state, "A0", 0, 24, 24)  # type: ignore[arg-type]
    objects.give(state, "the prize", a)  # type: ignore[arg-type]
    state.set_position(beast, (24, 24 + a.radius + beast.radius))  # type: ignore[attr-defined]
    state.remove(a, Removal.SLAIN, source="struck by B0")  # type: ignore[attr-defined]
    assert objects.carrier(state, "the prize") is None  # type: ignore[arg-type]
    assert objects.where(state, "the prize") == (24, 24)  # type: ignore[arg-type]
