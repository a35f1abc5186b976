"""Plain force data -> engine profiles: bases by model type when the data gives none."""

from __future__ import annotations

from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data

CARD = {
    "name": "Cave Troll",
    "move": 6,
    "fight": 6,
    "shoot": 5,
    "strength": 6,
    "defence": 6,
    "attacks": 3,
    "wounds": 3,
    "courage": 3,
}


def test_a_monster_from_an_army_list_stands_on_a_large_base() -> None:
    """BASE-01 gives no sizes: data.ASSUMPTIONS (40 mm Troll, 60 mm Ent, else 25 mm)."""
    troll = profile_from_data({**CARD, "keywords": ["Troll", "Moria", "Monster"]})
    ent = profile_from_data({**CARD, "name": "Ent", "keywords": ["Ent", "Monster"]})
    man = profile_from_data({**CARD, "name": "Man", "keywords": ["Man", "Infantry"]})
    assert (troll.base_mm, ent.base_mm, man.base_mm) == (40.0, 60.0, 25.0)


def test_a_base_given_in_the_data_wins_and_survives_the_round_trip() -> None:
    troll = profile_from_data({**CARD, "keywords": ["Troll"], "base_mm": 50})
    assert troll.base_mm == 50.0
    assert profile_from_data(profile_to_data(troll)) == troll
