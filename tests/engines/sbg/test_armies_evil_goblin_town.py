"""Evil army rules (issue 19): Goblin-town's and the Ogre's rules from the BattleScribe rule
text, each with scripted dice; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.actions import Charge
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules import special_shots
from battlesim.engines.sbg.rules.beast_fight import losers_back_away
from battlesim.engines.sbg.rules.movement import apply_action
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players

GOBLIN = replace(
    WARRIOR,
    name="Goblin Warrior",
    keywords=frozenset({"goblin", "infantry", "warrior"}),
    points=4,
)
SCRIBE = replace(GOBLIN, name="The Goblin Scribe", move=0.0)
KING = replace(
    WARRIOR,
    name="The Goblin King",
    move=6.0,
    strength=5,
    defence=5,
    wounds=3,
    might=3,
    will=2,
    fate=0,
    shoot=5,
    keywords=frozenset({"goblin", "monster", "infantry", "hero"}),
)


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_blubbery_mass_ignores_a_wound_on_a_three_but_not_an_elven_blade() -> None:
    """BSData 029d-fb32-2637-5be5 (Blubbery Mass): each time the Goblin King is wounded a
    D6, on a 3+ the Wound is ignored; a 2 lets it through; Elven-made weapons and Magical
    Powers ignore the rule (no die rolled)."""
    state = battle([3, 2])
    king = add(state, "K", 1, 10, 10, _with(KING, "Blubbery Mass"))
    foe = add(state, "F", 0, 11, 10)
    elf = add(state, "E", 0, 9, 10, replace(WARRIOR, wargear=("sword", "elven-made")))
    state.wound(king, f"struck by {foe.uid}")
    assert king.wounds == 3
    state.wound(king, f"struck by {foe.uid}")
    assert king.wounds == 2
    state.wound(king, f"struck by {elf.uid}")
    state.wound(king, "cast by X")
    assert king.wounds == 0


def test_goblin_projectile_throws_a_goblin_at_strength_eight_and_knocks_prone() -> None:
    """BSData f5f8-3f75-92c2-ffc3 (Goblin Projectile): a friendly Goblin in base contact,
    neither engaged: a 12" throwing shot; the Goblin is removed, the shot is at Strength 8
    (To Hit 5 on his 5+, To Wound 2 against Defence 4 at S8... 3+ needed, so 3) and knocks
    Prone any model it hits that survives."""
    state = battle([5, 3, 1, 1, 1])
    king = add(state, "K", 1, 10, 10, _with(KING, "Goblin Projectile"))
    thrown = add(state, "G", 1, 10 + BASE_GAP, 10, GOBLIN)
    target = add(state, "T", 0, 10, 20, replace(WARRIOR, wounds=2))
    offered = special_shots.options(state, king)
    assert [o.target for o in offered] == ["T"]
    special_shots.take(state, king, offered[0])
    assert not thrown.alive
    assert target.wounds == 1 and target.prone
    lone = add(state, "L", 1, 30, 10, _with(KING, "Goblin Projectile"))
    assert special_shots.options(state, lone) == []


def test_relentless_advance_tramples_goblins_on_the_way_and_slays_the_one_ended_on() -> None:
    """BSData 88fd-7bc8-cc99-a7ce (Relentless Advance): charging, the Goblin King passes
    through friendly Goblins; each passed through suffers a Strength 3 hit (a 6 slays a D4
    Goblin here... S3 v D3 needs 4: the die 4 wounds it), the one he ends on is slain."""
    state = battle([4])
    king = add(state, "K", 1, 10, 10, _with(KING, "Relentless Advance"))
    passed = add(state, "G1", 1, 12, 10, replace(GOBLIN, defence=3))
    end = (16 - BASE_GAP, 10.0)
    ended_on = add(state, "G2", 1, end[0] - 0.6, 10.6, GOBLIN)
    add(state, "E", 0, 16, 10)
    state.phase = Phase.MOVE
    apply_action(state, king, Charge("K", "E", end))
    assert king.position == end
    assert not passed.alive and not ended_on.alive
    assert state.casualties[1] == 2


def test_relentless_advance_ogre_passes_orcs_but_not_men_and_never_on_a_move() -> None:
    """BSData 0d47-fa64-3b7b-00ec (Ogre): friendly Orc, Goblin and Bat models only, and only
    when charging."""

    from battlesim.engines.sbg.core.actions import IllegalActionError, Move

    state = battle([1])
    ogre = add(
        state,
        "O",
        1,
        10,
        10,
        _with(KING, "Relentless Advance", keywords=frozenset({"ogre", "monster", "infantry"})),
    )
    orc = add(state, "R", 1, 12, 10, replace(WARRIOR, keywords=frozenset({"orc", "infantry"})))
    with pytest.raises(IllegalActionError):
        apply_action(state, ogre, Move("O", (14.0, 10.0)))
    add(state, "E", 0, 16, 10)
    apply_action(state, ogre, Charge("O", "E", (16 - BASE_GAP, 10.0)))
    assert orc.alive  # the S3 hit rolled a 1
    man = add(state, "M", 1, 12, 20)
    ogre2 = add(state, "O2", 1, 10, 20, ogre.profile)
    add(state, "E2", 0, 16, 20)
    with pytest.raises(IllegalActionError):
        apply_action(state, ogre2, Charge("O2", "E2", (16 - BASE_GAP, 20.0)))
    assert man.alive


def test_immobile_scribe_is_trapped_whenever_he_loses() -> None:
    """BSData 8ee2-5a6b-55ef-cd1a (Immobile): the Goblin Scribe is automatically Trapped if
    he loses a Fight (room to back away or not); a plain loser backs away."""
    state = battle([])
    scribe = add(state, "S", 1, 10, 10, _with(SCRIBE, "Immobile"))
    winner = add(state, "W", 0, 10 + BASE_GAP, 10)
    assert losers_back_away(state, [winner], [scribe], {}) == {"S"}
    other = add(state, "P", 1, 30, 10, GOBLIN)
    winner2 = add(state, "W2", 0, 30 + BASE_GAP, 10)
    assert losers_back_away(state, [winner2], [other], {}) == set()


def test_always_more_brings_d3_plus_margin_goblin_warriors_on_a_passed_test() -> None:
    """BSData 186e-b12e-adad-68fd: at the end of the Move phase the Scribe (Courage 3)
    tests: 4+4+3 = 11 passes by 1; D3 (a 3: 2) + 1 = 3 Goblin Warriors enter from an edge,
    copied from the army's own Goblin Warrior; the army's count grows by 3."""
    state = battle([4, 4, 3])
    state.players = players()
    scribe = add(state, "S", 1, 24, 40, _with(SCRIBE, "Always More Where They Came From"))
    own = add(state, "G", 1, 20, 40, GOBLIN)
    add(state, "E", 0, 24, 4)
    before = state.start_counts[1]
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    new = [m for m in state.living(1) if m.uid.startswith("Sg")]
    assert len(new) == 3
    assert all(m.spec.profile == own.spec.profile for m in new)
    assert state.start_counts[1] == before + 3
    assert scribe.alive


def test_always_more_brings_none_on_a_failed_test() -> None:
    """BSData 186e-b12e-adad-68fd: a failed Courage test (1+1+3) brings no Goblin."""
    state = battle([1, 1])
    state.players = players()
    add(state, "S", 1, 24, 40, _with(SCRIBE, "Always More Where They Came From"))
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    assert [m.uid for m in state.living(1)] == ["S"]


def test_swap_with_me_grinnah_leaves_a_fight_for_a_goblin_within_three() -> None:
    """BSData 8ca1-3d86-17a3-61d5 (Swap with Me): at the start of the Fight phase Grinnah,
    engaged, spends a Might point to swap places with a friendly Goblin within 3" that is
    not engaged (heuristic); the Goblin now fights in his place."""
    state = battle([])
    state.players = players()
    grinnah = add(
        state, "N", 1, 10, 10, _with(GOBLIN, "Swap with Me", might=3, keywords=KING.keywords)
    )
    goblin = add(state, "G", 1, 10, 12.5, GOBLIN)
    foe = add(state, "F", 0, 10 - BASE_GAP, 10)
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_START)
    assert goblin.position == (10, 10) and grinnah.position == (10, 12.5)
    assert grinnah.might == 2
    assert state.engaged(goblin) and not state.engaged(grinnah)
    assert state.in_contact(goblin, foe)


def test_relentless_advance_charge_search_finds_a_path_through_goblins() -> None:
    """BSData 88fd-7bc8-cc99-a7ce: the players' charge search (movement.charge_options)
    offers the King an enemy behind a wall of Goblins; a plain hero there has none."""
    from battlesim.engines.sbg.rules.movement import charge_options

    state = battle([])
    king = add(state, "K", 1, 10, 10, _with(KING, "Relentless Advance"))
    plain = add(state, "P", 1, 30, 10, KING)
    for k, y in enumerate((8.0, 9.0, 10.0, 11.0, 12.0)):
        add(state, f"G{k}", 1, 12, y, GOBLIN)
        add(state, f"H{k}", 1, 32, y, GOBLIN)
    add(state, "E", 0, 15, 10)
    add(state, "F", 0, 35, 10)
    state.phase = Phase.MOVE
    assert [enemy.uid for enemy, _ in charge_options(state, king)] == ["E"]
    assert charge_options(state, plain) == []


def test_immobile_scribe_is_carried_as_a_heavy_object_by_a_friend() -> None:
    """BSData 8ee2-5a6b-55ef-cd1a (Immobile): in the Move phase a friend in base contact
    may move him as a Heavy Object: moving no more than half its Move (2.4" of 5") it takes
    him along (heuristic: away from the enemy); a 3" move leaves him where he is."""
    from battlesim.engines.sbg.core.actions import Move

    state = battle([])
    scribe = add(state, "S", 1, 10, 10, _with(SCRIBE, "Immobile"))
    carrier = add(state, "G", 1, 10 + BASE_GAP, 10, replace(GOBLIN, move=5.0))
    add(state, "E", 0, 10, 3)
    state.phase = Phase.MOVE
    apply_action(state, carrier, Move("G", (10 + BASE_GAP, 12.4)))
    assert scribe.position == pytest.approx((10, 12.4))
    state2 = battle([])
    scribe2 = add(state2, "S", 1, 10, 10, _with(SCRIBE, "Immobile"))
    carrier2 = add(state2, "G", 1, 10 + BASE_GAP, 10, replace(GOBLIN, move=5.0))
    add(state2, "E", 0, 10, 3)
    state2.phase = Phase.MOVE
    apply_action(state2, carrier2, Move("G", (10 + BASE_GAP, 13.0)))
    assert scribe2.position == (10, 10)
