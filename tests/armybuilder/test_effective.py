"""Effective profiles: the stat card after options, rule by rule."""

from __future__ import annotations

from armybuilder.effective import Card, effective_card

WARRIOR = Card(6, 3, 4, 3, 4, 1, 1, 3, keywords=("Man", "Infantry"), wargear=("Sword",))


def test_armour_bought_adds_one_defence() -> None:
    """ARM-02: Armour gives +1 Defence."""
    assert effective_card(WARRIOR, ["Armour"]).defence == 5


def test_heavy_armour_over_armour_adds_only_one() -> None:
    """ARM-03: heavy armour +2, only +1 if the model already wore armour."""
    assert effective_card(WARRIOR, ["Heavy armour"]).defence == 6
    armoured = Card(6, 3, 4, 3, 5, 1, 1, 3, wargear=("Sword", "Armour"))
    assert effective_card(armoured, ["Heavy armour"]).defence == 6


def test_heavy_dwarf_armour_tiers() -> None:
    """ARM-04: heavy Dwarf armour +3; +1 over heavy or Dwarf armour; +2 over armour."""
    assert effective_card(WARRIOR, ["Heavy Dwarf armour"]).defence == 7
    dwarf = Card(5, 4, 4, 3, 6, 1, 1, 4, wargear=("Dwarf armour",))
    assert effective_card(dwarf, ["Heavy Dwarf armour"]).defence == 7


def test_a_shield_adds_one_defence_but_not_with_a_bow() -> None:
    """ARM-SH-01 and ARM-SH-02."""
    assert effective_card(WARRIOR, ["Shield"]).defence == 5
    archer = effective_card(WARRIOR, ["Shield", "Bow"])
    assert archer.defence == 4 and any("ARM-SH-02" in note for note in archer.notes)


def test_a_horse_makes_the_model_cavalry_moving_ten_inches() -> None:
    """CAV-PROF-01: a horse moves 10", Defence 4 (5 with barding)."""
    rider = effective_card(WARRIOR, ["Horse", "Shield"])
    assert (rider.move, rider.mount, rider.mount_defence) == (10, "Horse", 4)
    assert "Cavalry" in rider.keywords and "Infantry" not in rider.keywords
    assert rider.defence == 5
    assert effective_card(WARRIOR, ["Armoured horse"]).mount_defence == 5


def test_a_staff_of_power_is_noted() -> None:
    """WPN-STAFFPOW-01: one free Will point each turn."""
    card = effective_card(WARRIOR, ["Staff of Power"])
    assert any("free Will" in note for note in card.notes)
    assert card.wargear == ("Sword", "Staff of Power")


def test_a_horse_carried_as_wargear_sets_the_move() -> None:
    """CAV-PROF-01: a Knight of Minas Tirith rides its Horse (wargear): Move 10", not 6"."""
    knight = Card(6, 3, 4, 3, 5, 1, 1, 3, keywords=("Man", "Cavalry"), wargear=("Lance", "Horse"))
    card = effective_card(knight, [])
    assert (card.move, card.mount, card.keywords.count("Cavalry")) == (10, "Horse", 1)
