"""Evil army rules IV (issue 19): the Easterlings' Phalanx, Unyielding Combat Stance and the
Gleaming Horde, from the BattleScribe rule text cited by its rule id; each test fails when
the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.rules import cavalry
from battlesim.engines.sbg.rules.equipment import starting_defence
from battlesim.engines.sbg.rules.monsters.core import knock_prone
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players

X, Y = 20.0, 20.0
EASTERLING = replace(WARRIOR, keywords=frozenset({"man", "easterling", "infantry", "warrior"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def _card(base: Profile, wargear: tuple[str, ...], options: tuple[str, ...] = ()) -> Profile:
    data = {**profile_to_data(base), "wargear": list(wargear), "options": list(options)}
    return profile_from_data(data)


def test_phalanx_keeps_the_shield_bonus_beside_a_pike() -> None:
    """BSData 0c4c-c496-3d2a-40c2: Easterlings use pikes and shields together without
    penalty: D4 + bought shield = D5 with a pike (ARM-SH-02 takes it away otherwise)."""
    plain = _card(EASTERLING, ("sword",), ("shield", "pike"))
    phalanx = _card(_with(EASTERLING, "Phalanx (Active)"), ("sword",), ("shield", "pike"))
    assert starting_defence(plain) == 4
    assert starting_defence(phalanx) == 5


def _close_ranks(rules: tuple[str, ...]) -> object:
    """FIGHT-WAY-04: two friends, touching each other, close the way behind the loser."""
    state = battle([6, 1, 1, 1, 1])
    ranked = _with(EASTERLING, *rules)
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y, ranked)
    add(state, "B2", 1, X + 1.9 * BASE_GAP, Y + 0.51 * BASE_GAP, ranked)
    add(state, "B3", 1, X + 1.9 * BASE_GAP, Y - 0.51 * BASE_GAP, ranked)
    run_fight_phase(state, players())
    return state


def test_phalanx_lets_two_friends_make_way() -> None:
    """BSData 0c4c-c496-3d2a-40c2: an Easterling on foot with Phalanx losing a Duel: up to
    two other Phalanx models make way instead of one; without it the loser is trapped."""
    state = _close_ranks(("Phalanx (Active)",))
    moves = [e.data["model"] for e in state.log.of_kind("move")]  # type: ignore[attr-defined]
    assert not state.log.of_kind("trapped")  # type: ignore[attr-defined]
    assert {"B2", "B3"} <= set(moves) and "B1" in moves
    plain = _close_ranks(())
    assert plain.log.of_kind("trapped")[0].data["model"] == "B1"  # type: ignore[attr-defined]


def test_unyielding_combat_stance_keeps_its_footing_on_a_four() -> None:
    """BSData e89f-6767-1096-ab86 (SR-AGILITY, 002:L2713): knocked Prone, a D6: 4+ stays
    standing, 3 falls."""
    acolyte = _with(EASTERLING, "Unyielding Combat Stance (Active)")
    state = battle([4, 3])
    model = add(state, "E", 1, X, Y, acolyte)
    knock_prone(state, model, "test")
    assert not model.prone
    knock_prone(state, model, "test")
    assert model.prone


def test_unyielding_combat_stance_mounted_loses_the_horse_not_its_feet() -> None:
    """BSData e89f-6767-1096-ab86: mounted and knocked down, on a 4+ it is separated from its
    mount but stays on its feet, without the Knocked Flying hit (no more dice rolled)."""
    rider = _card(_with(EASTERLING, "Unyielding Combat Stance (Active)"), ("sword", "horse"))
    state = battle([6, 4])  # the loose horse's test, then the footing
    model = add(state, "E", 1, X, Y, rider)
    cavalry.knocked_down(state, model, "test")
    assert model.mount is None and not model.prone and model.alive


def _kataphrakts(rules: tuple[str, ...]) -> tuple[object, object]:
    kataphrakt = _card(_with(EASTERLING, *rules), ("sword", "shield", "horse"))
    state = battle()
    middle = add(state, "K1", 1, X, Y, kataphrakt)
    for i, dy in enumerate((-1, 1)):
        add(state, f"K{i + 2}", 1, X, Y + dy * 2 * middle.radius, kataphrakt)
    return state, middle


def test_the_gleaming_horde_gives_mounted_models_shieldwall_for_rider_and_steed() -> None:
    """BSData 17dd-3492-6dfd-74ea: mounted, the model has Shieldwall; the +1 Defence goes to
    rider and steed: touching two shielded Gleaming Horde riders, +1 each."""
    state, middle = _kataphrakts(("The Gleaming Horde (Active)",))
    assert modifier(Hook.DEFENCE, HookContext(state, middle)) == 1  # type: ignore[arg-type]
    assert cavalry.mount_defence(middle, state) == middle.mount.defence + 1  # type: ignore[attr-defined,arg-type]
    plain, alone = _kataphrakts(())
    assert modifier(Hook.DEFENCE, HookContext(plain, alone)) == 0  # type: ignore[arg-type]


def test_supreme_agility_adds_two_to_crossing_tests_and_passes_in_the_way() -> None:
    """BSData 7332-63dd-0ba4-1b43: +2 to Jump, Leap and Climb tests, and every In The Way
    test to strike a barrier's defender is passed (FIGHT-BAR-09)."""
    from battlesim.engines.sbg.core.permissions import May, permitted

    state = battle()
    acolyte = add(state, "A", 1, X, Y, _with(EASTERLING, "Supreme Agility (Passive)"))
    plain = add(state, "P", 1, X + 5, Y, EASTERLING)
    assert modifier(Hook.CROSSING_TEST, HookContext(state, acolyte)) == 2
    assert modifier(Hook.CROSSING_TEST, HookContext(state, plain)) == 0
    assert permitted(May.STRIKE_PAST_BARRIERS, HookContext(state, acolyte))
    assert not permitted(May.STRIKE_PAST_BARRIERS, HookContext(state, plain))
