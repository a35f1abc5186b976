"""Sap Fortitude (the Dwimmerlaik, BSData e3d2-6bda-089b-5b23): every Might, Will or Fate
point an enemy Hero spends within 6" may be sapped (a Will point, a D6, 4+): the Hero pays an
additional point of the same type or its deed is cancelled, the points spent lost. Scripted
dice on four spending sites: Might on a roll, a Heroic Action, Will on a spell, Fate."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

from battlesim.engines.sbg.core.state import BattleState, Phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.heroic_actions import declarations
from battlesim.engines.sbg.rules.heroics import fate_saves
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.will import cast
from tests.engines.sbg.builders import WARRIOR, add, battle
from tests.engines.sbg.test_heroic_actions import Script

HERO = replace(WARRIOR, might=0, will=0, fate=0, keywords=frozenset({"man", "infantry", "hero"}))
DWIMMERLAIK = replace(
    WARRIOR,
    might=0,
    will=6,
    fate=0,
    rules=("Sap Fortitude",),
    keywords=frozenset({"spirit", "ringwraith", "infantry", "hero"}),
)
X, Y = 24.0, 24.0


def _players(state: BattleState) -> BattleState:
    state.players = (HeuristicPlayer(), HeuristicPlayer())
    return state


def _saps(state: BattleState) -> list[tuple[int, bool]]:
    return [
        (e.data["die"], e.data["sapped"])
        for e in state.log.of_kind("army_rule")
        if e.data["rule"] == "sap fortitude"
    ]


def test_might_on_a_roll_sapped_without_a_spare_point_is_cancelled() -> None:
    """A Hero 3" away spends his one Might on a 3 (Leap, 4+): sapped on a 4, with no point
    to spare the roll stays a 3 and the Might is lost; the Dwimmerlaik paid one Will."""
    state = _players(battle([4]))
    hero = add(state, "h", 0, X, Y, replace(HERO, might=1))
    dwimmerlaik = add(state, "d", 1, X + 3, Y, DWIMMERLAIK)
    assert boost(state, hero, MightRoll.LEAP, 3, 4) == 3
    assert hero.might == 0 and dwimmerlaik.will == 5
    assert _saps(state) == [(4, True)]


def test_might_on_a_roll_sapped_is_saved_by_an_additional_point_itself_open_to_sap() -> None:
    """With a second Might point the Hero pays it: that point is sapped in turn (a 3: it
    stands), so the roll becomes a 4 for two Might and the Dwimmerlaik's two Will."""
    state = _players(battle([4, 3]))
    hero = add(state, "h", 0, X, Y, replace(HERO, might=2))
    dwimmerlaik = add(state, "d", 1, X + 3, Y, DWIMMERLAIK)
    assert boost(state, hero, MightRoll.LEAP, 3, 4) == 4
    assert hero.might == 0 and dwimmerlaik.will == 4
    assert _saps(state) == [(4, True), (3, False)]


def test_a_hero_beyond_six_inches_is_not_sapped() -> None:
    """Beyond 6" nothing is rolled: the Might raises the roll."""
    state = _players(battle([]))
    hero = add(state, "h", 0, X, Y, replace(HERO, might=1))
    dwimmerlaik = add(state, "d", 1, X + 7, Y, DWIMMERLAIK)
    assert boost(state, hero, MightRoll.LEAP, 3, 4) == 4
    assert dwimmerlaik.will == 6 and _saps(state) == []


def test_a_heroic_action_sapped_is_cancelled_its_might_lost() -> None:
    """A Heroic Move's Might point sapped on a 5, no spare: no declaration, Might lost."""
    state = battle([5])
    hero = add(state, "h", 0, X, Y, replace(HERO, might=1))
    add(state, "d", 1, X + 5, Y, DWIMMERLAIK)
    ha.declare_all(state, (Script([("h", "heroic move")]), Script()), Phase.MOVE)
    assert declarations(state) == [] and hero.might == 0
    assert _saps(state) == [(5, True)]


def test_a_heroic_action_not_sapped_is_declared() -> None:
    """The same on a 3: the Heroic Move is declared."""
    state = battle([3])
    hero = add(state, "h", 0, X, Y, replace(HERO, might=1))
    add(state, "d", 1, X + 5, Y, DWIMMERLAIK)
    ha.declare_all(state, (Script([("h", "heroic move")]), Script()), Phase.MOVE)
    assert [d.hero for d in declarations(state)] == [hero.uid]


def test_will_on_a_spell_sapped_cancels_the_casting_before_the_next_point() -> None:
    """Two Will on a 4+ casting: the first point sapped on a 4 and none to spare beyond the
    second the casting needs: cancelled, no casting dice, the second point never spent."""
    state = battle([4])
    caster = add(state, "c", 0, X, Y, replace(HERO, will=2))
    dwimmerlaik = add(state, "d", 1, X + 2, Y, DWIMMERLAIK)
    assert cast(state, caster, 2, 4) == 0
    assert caster.will == 1 and dwimmerlaik.will == 5
    assert state.log.of_kind("cast") == []


def test_will_on_a_spell_not_sapped_is_cast() -> None:
    """The same with sap rolls of 3 and 2 (each point tried): both casting dice roll."""
    state = battle([3, 2, 5, 1])
    caster = add(state, "c", 0, X, Y, replace(HERO, will=2))
    dwimmerlaik = add(state, "d", 1, X + 2, Y, DWIMMERLAIK)
    assert cast(state, caster, 2, 4) == 5
    assert caster.will == 0 and dwimmerlaik.will == 4


def test_a_fate_point_sapped_rolls_no_save() -> None:
    """A Fate point sapped on a 6, none to spare: no Fate roll, the wound stands."""
    state = battle([6])
    hero = add(state, "h", 0, X, Y, replace(HERO, fate=1))
    add(state, "d", 1, X + 1, Y, DWIMMERLAIK)
    assert not fate_saves(state, hero, lambda m, c: True, 1)
    assert hero.fate == 0 and state.log.of_kind("fate") == []


def test_the_heuristic_dwimmerlaik_keeps_two_will() -> None:
    """With two Will left he lets the point go: the Fate roll (a 4) saves."""
    state = battle([4])
    hero = add(state, "h", 0, X, Y, replace(HERO, fate=1))
    add(state, "d", 1, X + 1, Y, replace(DWIMMERLAIK, will=2))
    assert fate_saves(state, hero, lambda m, c: True, 1)
    assert _saps(state) == []


_PAYING = {"spend", "spend_pooled", "spend_might", "pay_might", "pay_will", "pay_again"}


def test_every_spending_site_honours_the_answer() -> None:
    """No engine module spends a point and drops whether its deed goes ahead."""
    root = Path(__file__).resolve().parents[3] / "battlesim" / "engines" / "sbg"
    dropped = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                func = node.value.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in _PAYING:
                    dropped.append(f"{path.name}:{node.lineno}")
    assert dropped == []
