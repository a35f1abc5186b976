"""Good army rules of the Dwarf Heroes of Erebor and Thorin's Company (rules/armies/good/
dwarves.py, heroics.py, issue 18). Each test cites the BattleScribe rule id whose English text
is the spec, scripts the dice and fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battlesim.engines.sbg.core.state import BattleState, Phase
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.armies.good.dwarves import ChangeHeroicAction
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import resolve_combat
from battlesim.engines.sbg.rules.heroic_actions import (
    ANSWERS,
    HEROIC_MOVE,
    HEROIC_STRIKE,
    Declaration,
    declarations,
    free_by_rule,
)
from battlesim.engines.sbg.rules.heroics import fate_saves
from battlesim.engines.sbg.rules.might import budget
from battlesim.engines.sbg.rules.pools import Pool, available
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, rolls

HERO = replace(WARRIOR, name="Test Hero", keywords=WARRIOR.keywords | {"hero", "dwarf"})
ORC = replace(WARRIOR, name="Orc", wounds=3, keywords=frozenset({"orc", "infantry"}))


def card(*rules: str, base: Profile = HERO, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


# --- A Good Sort Really (babf-d482-bc85-6e1d, e64d-db19-e8a9-fc7c) ----------------------------


def _bilbo_and_dori(gap: float) -> tuple[BattleState, Any, Any]:
    state = battle([4])
    bilbo = add(state, "A1", 0, 10, 10, card(name="Bilbo Baggins, Master Burglar"))
    dori_card = card("A Good Sort Really", name="Dori the Dwarf", might=2, will=2, fate=2)
    dori = add(state, "A2", 0, 10 + gap, 10, dori_card)
    dori.might = dori.will = dori.fate = 2
    return state, bilbo, dori


def test_bilbo_spends_doris_fate_will_and_might_within_three_inches() -> None:
    state, bilbo, dori = _bilbo_and_dori(2.0)
    assert [available(state, bilbo, pool) for pool in Pool] == [2, 2, 2]
    assert budget(state, bilbo) == 2
    assert fate_saves(state, bilbo, lambda m, c: True, 1)  # Dori's Fate point, a 4
    assert dori.fate == 1 and bilbo.fate == 0


def test_doris_points_are_out_of_reach_beyond_three_inches() -> None:
    state, bilbo, dori = _bilbo_and_dori(4.0)
    assert [available(state, bilbo, pool) for pool in Pool] == [0, 0, 0]
    assert not fate_saves(state, bilbo, lambda m, c: True, 1) and dori.fate == 2


# --- Embedded Axe-blade (41fe-0509-62da-e214) -------------------------------------------------


def _bifur_wins(bifur_card: Profile) -> BattleState:
    """Bifur (2 Attacks) rolls 6 and 1 against a 2; a 6 To Wound (S3 v D4)."""
    state = battle([6, 1, 2, 6, 1])
    bifur = add(state, "A1", 0, 10, 10, bifur_card)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, ORC)
    resolve_combat(state, Combat(bifur, [orc]), players())
    return state


def test_bifurs_headbutt_is_one_strike_that_frees_his_heroic_moves() -> None:
    state = _bifur_wins(card("Embedded Axe-blade", name="Bifur the Dwarf", attacks=2))
    strikes = [p for p, _ in rolls(state) if p.startswith("strike")]
    assert len(strikes) == 1
    assert free_by_rule(state, state.models["A1"], HEROIC_MOVE)
    plain = _bifur_wins(card(name="Bifur the Dwarf", attacks=2))
    assert len([p for p, _ in rolls(plain) if p.startswith("strike")]) == 2


# --- Cool-headed (1327-e9ba-5a08-a30e) --------------------------------------------------------


def _thorin_declares(die: int) -> int:
    state = battle([die])
    thorin = add(state, "A1", 0, 10, 10, card("Cool-headed", name="Thorin III", might=2))
    thorin.might = 1  # the point just paid
    declaration = Declaration(thorin.uid, HEROIC_STRIKE, 0)
    declarations(state).append(declaration)
    for answer in ANSWERS:
        answer(state, (), Phase.FIGHT, declaration)
    return thorin.might


def test_cool_headed_gives_the_might_back_on_a_five() -> None:
    assert _thorin_declares(5) == 2
    assert _thorin_declares(4) == 1


class _Changer:
    def decide(self, state: BattleState, decision: Any) -> Any:
        if isinstance(decision, ChangeHeroicAction):
            return decision.options[0]
        return decision.default(state)


def test_cool_headed_may_change_the_action_after_an_enemy_declares() -> None:
    state = battle([1])
    state.players = (_Changer(), _Changer())
    state.phase = Phase.FIGHT
    thorin = add(state, "A1", 0, 10, 10, card("Cool-headed", name="Thorin III", might=2))
    enemy = add(state, "B1", 1, 30, 30, card(name="Orc Captain", might=2))
    mine = Declaration(thorin.uid, HEROIC_STRIKE, 0)
    theirs = Declaration(enemy.uid, HEROIC_STRIKE, 1)
    declarations(state).extend([mine, theirs])
    for answer in ANSWERS:
        answer(state, (), Phase.FIGHT, theirs)
    assert mine.action != HEROIC_STRIKE and declarations(state) == [mine, theirs]
