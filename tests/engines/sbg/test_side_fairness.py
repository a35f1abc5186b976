"""Both sides played alike (issues 16 and 29): a battle and its mirror image, the sides
exchanged, must get the mirror image of each decision; a choice that falls to one side's
ids or to side 0 whoever has Priority leans every battle the same way
(``bench/sbg_sides.py`` finds them)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from battlesim.engines.dice import Dice
from battlesim.engines.sbg.core.state import BattleState, Phase
from battlesim.engines.sbg.core.units import ModelSpec, PlayerId
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.policies.plan.player import PlanPlayer
from battlesim.engines.sbg.rules.heroic_actions import (
    HEROIC_COMBAT,
    Choice,
    declarations,
    legal_declarations,
)
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle


def _two_fights(priority: int, mirrored: bool) -> BattleState:
    """One fight centred on each side: a1 against b1 and b2, b3 against a2 and a3. Mirrored:
    reflected north to south, each model played by its counterpart (a1 by b1...)."""
    state = battle(range(1, 7), priority=priority)
    own, other = ("b", "a") if mirrored else ("a", "b")
    side = {own: 1 if mirrored else 0, other: 0 if mirrored else 1}

    def put(letter: str, k: int, x: float, y: float) -> None:
        add(state, f"{letter}{k}", side[letter], x, 48.0 - y if mirrored else y)

    put(own, 1, 10.0, 20.0)
    for k, angle in ((1, 60), (2, 120)):
        a = math.radians(angle)
        put(other, k, 10.0 + BASE_GAP * math.cos(a), 20.0 + BASE_GAP * math.sin(a))
    put(other, 3, 30.0, 21.0)
    for k, angle in ((2, -60), (3, -120)):
        a = math.radians(angle)
        put(own, k, 30.0 + BASE_GAP * math.cos(a), 21.0 + BASE_GAP * math.sin(a))
    forces = tuple(
        replace(force, models=tuple(ModelSpec(f"{'ab'[s]}{k}", WARRIOR) for k in (1, 2, 3)))
        for s, force in enumerate(state.forces)
    )
    state.forces = (forces[0], forces[1])
    return state


def test_after_the_heroic_combats_the_priority_player_orders_the_fights_again() -> None:
    """TURN-05 (002:L333) holds after the Heroic Combats formed the fights again: the
    Priority player is asked the order of those left (before, they were fought by id)."""
    asked: list[int] = []

    class Heroic(PlanPlayer):
        def combat_order(self, state: BattleState, combats: Sequence[object]) -> list[int]:
            asked.append(len(combats))
            return super().combat_order(state, combats)

        def declare_heroic_action(
            self, state: BattleState, side: PlayerId, phase: Phase
        ) -> Choice | None:
            legal = [c for c in legal_declarations(state, side, phase) if c[1] == HEROIC_COMBAT]
            return legal[0] if legal and not declarations(state) else None

    state = _two_fights(1, False)
    hero = replace(WARRIOR, keywords=WARRIOR.keywords | {"hero"}, might=3)
    extra = add(state, "b4", 1, 40.0, 40.0, hero)  # far from the fights: no fight of its own
    add(state, "a4", 0, 20.0, 10.0)  # a third fight, left with a1's after the Heroic Combat
    add(state, "b5", 1, 20.0, 10.0 + BASE_GAP)
    state.models["b3"].spec = extra.spec
    state.models["b3"].might = 3
    state.dice = Dice(5)
    run_fight_phase(state, (Heroic(), Heroic()))
    assert declarations(state), "the Heroic Combat was declared"
    assert asked == [3, 2]  # the three fights, then the two left after the Heroic Combat
