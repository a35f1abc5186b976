"""A carried model as a Light or a Heavy object (ADV-CARRYMODEL-01, 002:L2964): « Une
figurine est considérée comme un objet léger si sa valeur de Défense est égale (ou
inférieure) à la moitié de la Force du porteur. Une figurine est un objet lourd si sa valeur
de Défense est supérieure à la moitié de la Force de porteur. » The Captive scenario puts
one on the table (a captive of Defence 2)."""

from __future__ import annotations

from battlesim.engines.sbg.core.actions import Charge, Move
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.rules import objects
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.movement import apply_action
from battlesim.engines.sbg.rules.scenario_library import LIBRARY
from battlesim.engines.sbg.rules.scenarios import scenario_named
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile
from tests.engines.sbg.test_cavalry import mounted

CAPTIVE = "the captive"


def _captive(defence: int = 3) -> BattleState:
    state = battle([])
    add(state, "B9", 1, 40, 44)
    objects.place_object(state, CAPTIVE, (24, 24), defence=defence)
    return state


def test_adv_carrymodel_01_defence_at_most_half_the_strength_is_a_light_object() -> None:
    """Defence 3, a carrier of Strength 6: 3 <= 6/2, a Light object: it moves its full
    Move, carrying it alone (ADV-LIGHT-01)."""
    state = _captive(3)
    strong = add(state, "A0", 0, 24, 20, profile(strength=6))
    apply_action(state, strong, Move("A0", (24, 23.05)))
    assert objects.carrier(state, CAPTIVE) is strong
    strong.reset_turn()
    assert allowance(state, strong) == 6.0


def test_adv_carrymodel_01_defence_above_half_the_strength_is_a_heavy_object() -> None:
    """Defence 3, a carrier of Strength 5: 3 > 5/2, a Heavy object: alone, half its Move
    (ADV-HEAVY-01); a second carrier in contact, its full Move."""
    state = _captive(3)
    weak = add(state, "A0", 0, 24, 20, profile(strength=5))
    apply_action(state, weak, Move("A0", (24, 23.05)))
    assert objects.carrier(state, CAPTIVE) is weak
    weak.reset_turn()
    assert allowance(state, weak) == 3.0
    add(state, "A1", 0, 24 + BASE_GAP, 23.05)
    assert allowance(state, weak) == 6.0


def test_adv_carrymodel_01_the_weight_depends_on_each_carrier() -> None:
    """The same captive is Heavy for one carrier and Light for another: a charging carrier
    drops it only when Heavy for him (ADV-HEAVY-01), and Cavalry may carry it (an Expert
    Rider, ADV-LIGHT-02) only when it is Light for the rider (ADV-HEAVY-02)."""
    for strength, dropped in ((5, True), (6, False)):
        state = _captive(3)
        carrier = add(state, "A0", 0, 24, 24, profile(strength=strength))
        objects.give(state, CAPTIVE, carrier)
        add(state, "B0", 1, 24, 26.5)
        apply_action(state, carrier, Charge("A0", "B0", (24, 26.5 - BASE_GAP)))
        assert (objects.carrier(state, CAPTIVE) is None) is dropped, strength
    for strength, taken in ((5, False), (6, True)):
        state = _captive(3)
        rider = add(state, "A0", 0, 24, 16, mounted(rules=("Expert Rider",), strength=strength))
        apply_action(state, rider, Move("A0", (24, 22.8)))
        assert (objects.carrier(state, CAPTIVE) is rider) is taken, strength


def test_the_captive_scenario_places_a_model_of_defence_two() -> None:
    """The Captive: Defence 2, Light for a Strength 4 captain, Heavy for a Strength 3
    warrior (ADV-CARRYMODEL-01)."""
    spec = LIBRARY["the_captive"]
    assert spec.objectives[0].defence == 2 and spec.deployment.by_edge
    state = battle([])
    captain = add(state, "A0", 0, 10, 10, profile(strength=4))
    warrior = add(state, "A1", 0, 12, 10, profile(strength=3))
    scenario_named("the_captive").start(state)
    found = objects.OBJECTS.of(state).placed[CAPTIVE]
    assert found.defence == 2
    assert not objects.heavy_for(state, found, captain)
    assert objects.heavy_for(state, found, warrior)
