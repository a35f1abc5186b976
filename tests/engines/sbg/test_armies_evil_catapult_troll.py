"""Evil army rules (issue 19): the Catapult Troll of Azog's Legion from the BattleScribe
text (Catapult, Goblin Crew, Metal Gauntlets), each with scripted dice; each test fails when
the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.rules import siege_engines
from battlesim.engines.sbg.rules.fighting import winners_strike
from battlesim.engines.sbg.rules.monsters.hurl import hurl_distance
from tests.engines.sbg.builders import WARRIOR, add, battle, players

TROLL = replace(
    WARRIOR,
    name="Catapult Troll",
    fight=6,
    shoot=4,
    strength=7,
    defence=7,
    attacks=1,
    wounds=5,
    keywords=frozenset({"troll", "gundabad", "monster", "siege", "engine", "infantry"}),
    wargear=("metal gauntlets", "catapult"),
    rules=("Goblin Crew",),
    base_mm=50.0,
)


def test_catapult_fires_a_volley_at_strength_ten_beyond_twelve_inches() -> None:
    """BSData 8efe-5bf2-3fda-55de (Catapult): Volley Fire at 12"-96", Strength 10, a Siege
    Engine's hit: To Hit 4 on its Shoot 4+, Scatter 6 (the target), To Wound 3 (S10 v D4):
    slain outright; an enemy closer than 12" is no target."""
    state = battle([4, 6, 3])
    state.players = players()
    troll = add(state, "T", 1, 10, 10, TROLL)
    near = add(state, "N", 0, 10, 16)
    far = add(state, "F", 0, 30, 40, replace(WARRIOR, wounds=2))
    siege_engines.fire_engines(state, 1)
    assert troll.shot and near.alive
    assert not far.alive


def test_catapult_after_moving_hits_only_on_a_six() -> None:
    """BSData 8efe-5bf2-3fda-55de: having moved, the Troll still fires but hits only on 6
    (a 5 misses)."""
    state = battle([5])
    state.players = players()
    troll = add(state, "T", 1, 10, 10, TROLL)
    far = add(state, "F", 0, 30, 40)
    troll.moved = True
    siege_engines.fire_engines(state, 1)
    assert troll.shot and far.alive
    assert [e.data["hit"] for e in state.log.of_kind("engine_shot")] == [False]


def test_catapult_fired_in_combat_malfunctions_on_a_one() -> None:
    """BSData 8efe-5bf2-3fda-55de: it may fire while in combat; a 1 To Hit then wounds the
    Troll."""
    state = battle([1])
    state.players = players()
    troll = add(state, "T", 1, 10, 10, TROLL)
    add(state, "E", 0, 10 + troll.radius + 0.49 + 0.005, 10)
    add(state, "F", 0, 30, 40)
    assert state.engaged(troll)
    siege_engines.fire_engines(state, 1)
    assert troll.wounds == 4


def test_goblin_crew_strikes_d6_times_at_strength_three_after_the_troll() -> None:
    """BSData cddb-be81-5e86-e1f5 (Goblin Crew): the Troll won; after its Strike (a 1, no
    wound), D6 (a 3) Strength 3 Strikes: 5 and 6 wound a D4 model, 1 does not."""
    state = battle([1, 3, 5, 6, 1])
    troll = add(state, "T", 1, 10, 10, TROLL)
    victim = add(state, "V", 0, 10, 10 + troll.radius + 0.49, replace(WARRIOR, wounds=5))
    winners_strike(state, players()[1], [troll], [victim], set())
    assert victim.wounds == 3


def test_metal_gauntlets_never_unarmed_and_strength_ten_for_the_hurl_distance() -> None:
    """BSData d669-3e7d-d709-8844 (Metal Gauntlets): never unarmed; Strength 10 for the Hurl
    distance: D6 3 (D3 2) + 10 - 4 = 8" (a plain S7 monster: 5")."""
    state = battle([])
    troll = add(state, "T", 1, 10, 10, replace(TROLL, wargear=("unarmed", *TROLL.wargear)))
    plain = add(state, "P", 1, 20, 10, replace(TROLL, wargear=("unarmed",)))
    target = add(state, "V", 0, 30, 10, replace(WARRIOR, strength=4))
    assert "unarmed" not in troll.triggers and "unarmed" in plain.triggers
    assert hurl_distance(state, 3, troll, target) == 8
    assert hurl_distance(state, 3, plain, target) == 5
