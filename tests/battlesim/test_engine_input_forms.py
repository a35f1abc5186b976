"""A Skin-changer's bear reaches the battle (BSData bf2e-3118-471d-9720): the profile's
``form`` becomes the card's ``form``, with the model's rules and pools and the form's own."""

from __future__ import annotations

import pytest

from battlesim.engine_input import profile_card
from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
from tests.factories import HeroProfileFactory

pytestmark = pytest.mark.django_db

BEAR = {
    "name": "Beorn the Bear",
    "rule": "Skin-Changer",
    "move": 8,
    "fight": 8,
    "strength": 8,
    "defence": 8,
    "attacks": 3,
    "wounds": 3,
    "courage": 6,
    "keywords": ["Bear", "Monster", "Infantry", "Hero"],
    "heroic_actions": ["Strike"],
    "rules": ["Beorn the Bear*", "Berserk"],
}


def test_the_form_card_keeps_the_model_pools_and_rules() -> None:
    beorn = HeroProfileFactory(name="Beorn", might=3, will=3, fate=3, shoot=None, form=BEAR)
    card = profile_card(beorn, rules=["Skin-Changer", "Fearless"])
    form = card["form"]
    assert (form["move"], form["fight"], form["defence"], form["might"]) == (8, 8, 8, 3)
    assert form["wargear"] == [] and form["shoot"] == 6  # no bow on either card
    assert form["rules"][:2] == ["Skin-Changer", "Fearless"]
    assert {"Beorn the Bear*", "Berserk", "Heroic Strike"} <= set(form["rules"])
    engine = profile_from_data(card)
    assert engine.form is not None and "monster" in engine.form.keywords
    assert engine.form.base_mm == engine.base_mm  # swapped where he stands
    assert profile_from_data(profile_to_data(engine)) == engine


def test_a_profile_without_a_form_has_no_key() -> None:
    assert "form" not in profile_card(HeroProfileFactory(name="Bard"), rules=[])
    assert "form" not in profile_to_data(profile_from_data(profile_card(HeroProfileFactory())))
