"""Armour, shields, Shieldwall, weapons chosen for the fight, coverage."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core.arms import Handedness, fighting_weapon
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.coverage import profile_coverage
from battlesim.engines.sbg.rules.equipment import starting_defence
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile


@pytest.mark.parametrize(
    ("wargear", "options", "defence"),
    [
        ((), ("armour",), 5),  # ARM-02: +1
        ((), ("heavy armour",), 6),  # ARM-03: +2
        (("armour",), ("heavy armour",), 5),  # ARM-03: only +1 over armour
        (("armour",), ("heavy dwarf armour",), 6),  # ARM-04: only +2 over armour
        (("heavy armour",), ("heavy dwarf armour",), 5),  # ARM-04: only +1 over heavy
        ((), ("shield",), 5),  # ARM-SH-01: +1
        (("bow",), ("shield",), 4),  # ARM-SH-02: no +1 with a bow
        (("pike",), ("shield",), 4),  # WPN-PIKE-04
    ],
)
def test_bought_armour_and_shields(
    wargear: tuple[str, ...], options: tuple[str, ...], defence: int
) -> None:
    """ARM-01..04, ARM-SH-01/02 (002:L2255-2275): Defence 4 on the card plus upgrades."""
    assert starting_defence(profile(wargear=wargear, options=options)) == defence


def test_two_handed_fight_loses_the_shield() -> None:
    """ARM-SH-02 (002:L2275): a shield is lost while fighting two-handed (cumbersome)."""
    state = battle([])
    model = add(state, "A1", 0, 5, 5, profile(wargear=("two-handed axe", "shield")))
    assert modifier(Hook.DEFENCE, HookContext(state, model)) == -1


def test_only_two_handed_weapon_must_be_used() -> None:
    """WPN-2H-01 (002:L1955): a model whose only weapon is two-handed must use it; a spear
    model with a sword fights with the sword (WPN-GEN-02)."""
    weapon = fighting_weapon(profile(wargear=("two-handed sword",)))
    assert weapon is not None and weapon.handedness is Handedness.TWO_HANDED
    weapon = fighting_weapon(profile(wargear=("spear", "sword")))
    assert weapon is not None and weapon.name == "sword"
    assert fighting_weapon(profile(wargear=("unarmed",))) is None


def test_shieldwall_needs_two_shielded_neighbours() -> None:
    """Shieldwall (BSData rule 3d14): +1 Defence touching two shielded Shieldwall models."""
    wall = profile(options=("shield",), rules=("Shieldwall (Active)",))
    state = battle([])
    middle = add(state, "A1", 0, 10, 10, wall)
    add(state, "A2", 0, 10 - BASE_GAP, 10, wall)
    assert modifier(Hook.DEFENCE, HookContext(state, middle)) == 0
    add(state, "A3", 0, 10 + BASE_GAP, 10, wall)
    assert modifier(Hook.DEFENCE, HookContext(state, middle)) == 1


def test_coverage_names_what_is_ignored() -> None:
    """Issue 4 item 9: a profile's rules and wargear split into implemented and ignored."""
    rules = ("Shieldwall (Active)", "Terror (Passive)", "No Such Rule (Passive)")
    report = profile_coverage(profile(wargear=("sword", "bow"), rules=rules))
    assert "shieldwall" in report.implemented and "bow" in report.implemented
    assert "terror" in report.implemented  # MOVE-CHG-14 (terror.py)
    assert report.ignored == ("no such rule",)  # Chittering Hordes is played now (issue 19)


def test_coverage_reports_special_strikes_and_ignored_wargear() -> None:
    """Issue 4 item 9: weapons' special strikes are listed; the Elven cloak (EQP-CLOAK-01)
    and the One Ring are played; a Mithril Coat is not, and is reported as ignored."""
    report = profile_coverage(
        profile(wargear=("club", "elven cloak", "the one ring", "mithril coat"))
    )
    assert "stun (special strike)" in report.implemented
    assert {"elven cloak", "the one ring"} <= set(report.implemented)
    assert report.ignored == ("mithril coat",)


def test_a_slain_warriors_banner_passes_to_a_warrior_in_contact() -> None:
    """EQP-BAN-06 (002:L2180): to a friendly Warrior in base contact, not prone, not engaged;
    the banner is then not counted as lost."""
    from battlesim.engines.sbg.core.state import Removal

    state = battle([])
    bearer = add(state, "A1", 0, 10, 10, profile(wargear=("sword", "banner")))
    prone = add(state, "A2", 0, 10 - BASE_GAP, 10)
    prone.prone = True
    heir = add(state, "A3", 0, 10 + BASE_GAP, 10)
    state.remove(bearer, Removal.SLAIN)
    assert "banner" in heir.triggers and "banner" not in prone.triggers
    assert state.log.of_kind("banner_passed")[0].data == {"model": "A1", "to": "A3"}
    assert "banner" not in bearer.triggers  # the scenarios score banners lost by this
