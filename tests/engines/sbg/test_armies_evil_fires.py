"""Fires (issue 19, rules/armies/evil/fires.py): Burn it Down! (BSData edd4-10db-4ec6-936a),
the Campfire (7413-3b20-a2b0-45da) and Roast 'em Slowly (8bdb-7ad2-e2e7-94e5), from the
BattleScribe rule text; scripted dice, each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import Happening, On, Phase, Tick, notify, tick
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import rectangle
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules.ablaze import burning
from battlesim.engines.sbg.rules.armies.evil.fires import (
    CAMPFIRE_RADIUS,
    ROAST,
    burning_pieces,
)
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.magic.resisting import free_dice
from battlesim.engines.sbg.rules.monsters.core import BPAS, BpaFight, BpaOption, options_for
from tests.engines.sbg.builders import WARRIOR, add, battle

WOOD = Table("wood", (TerrainPiece("wood", TerrainKind.DIFFICULT, rectangle(20, 20, 8, 8)),))
HERO = replace(WARRIOR, keywords=WARRIOR.keywords | {"hero"}, might=0, will=1, fate=0)
ROWAN = replace(HERO, name="Rowan Thistlewood", rules=("Burn it Down!",))
STURDY = replace(WARRIOR, wounds=3)
TROLL = replace(
    HERO,
    strength=7,
    wounds=3,
    base_mm=50.0,
    keywords=frozenset({"troll", "monster", "infantry", "hero"}),
)
BERT = replace(TROLL, name="Bert the Troll", rules=("Roast 'em Slowly (Brutal Power Attack)",))
BILL = replace(TROLL, name="Bill the Troll", options=("campfire",))
TOM = replace(TROLL, name="Tom the Troll")


def _rowan_by_the_wood(dice: list[int]):
    """Rowan ends his move 0.5" from the wood, an enemy stands in it."""
    state = battle(dice, table=WOOD)
    rowan = add(state, "B1", 1, 16 - 0.5 - 0.5, 20, ROWAN)
    enemy = add(state, "A1", 0, 20, 20, STURDY)
    notify(state, On.MOVE_ENDED, Happening(rowan, reason="move"))
    return state, rowan, enemy


def test_burn_it_down_three_plus_sets_the_wood_alight_and_it_sets_models_ablaze() -> None:
    """A 3 sets the wood on fire (once per game); at the Move phase's end the enemy in it
    rolls 4: Set Ablaze (its Strength 9 hit rolls 1, so it lives and burns)."""
    state, rowan, enemy = _rowan_by_the_wood([3, 4, 1])
    assert [p.name for p in burning_pieces(state)] == ["wood"]
    state.phase = Phase.MOVE
    tick(state, Tick.PHASE_END)
    assert burning(state, enemy) and enemy.alive


def test_burn_it_down_fails_on_a_two_and_is_spent() -> None:
    state, rowan, _ = _rowan_by_the_wood([2])
    assert burning_pieces(state) == []
    notify(state, On.MOVE_ENDED, Happening(rowan, reason="move"))  # no second try
    assert burning_pieces(state) == []


def test_the_campfire_warms_the_three_trolls_and_lets_bert_roast_a_foe() -> None:
    """Bill's Campfire is placed before the first turn; Tom within 6" of it has +1 Courage
    and Resistant to Magic; Bert within 6" may Roast 'em Slowly: the foe is put in contact
    with the fire and Set Ablaze (its Strength 9 hit rolls 2: it lives, burning)."""
    state = battle([2])
    add(state, "B1", 1, 20, 10, BILL)
    tom = add(state, "B2", 1, 23, 10, TOM)
    bert = add(state, "B3", 1, 26, 10, BERT)
    foe = add(state, "A1", 0, 26 + bert.radius + 0.5, 10, STURDY)
    tick(state, Tick.TURN_START)
    assert modifier(Hook.COURAGE, HookContext(state, tom)) == 1
    assert free_dice(state, tom)[0] == 1
    fight = BpaFight(state, Combat(bert, [foe]), bert, HeuristicPlayer(), [bert], [foe])
    assert BpaOption(ROAST, foe.uid) in options_for(fight)
    BPAS[ROAST].resolve(fight, foe)
    assert burning(state, foe) and foe.alive
    from battlesim.engines.sbg.rules.armies.evil.fires import _CAMPFIRES

    (centre,) = _CAMPFIRES.of(state)
    gap = ((foe.x - centre[0]) ** 2 + (foe.y - centre[1]) ** 2) ** 0.5
    assert abs(gap - foe.radius - CAMPFIRE_RADIUS) < 0.05


def test_no_fire_within_six_inches_no_roast() -> None:
    state = battle()
    bert = add(state, "B3", 1, 26, 10, BERT)
    foe = add(state, "A1", 0, 26 + bert.radius + 0.5, 10, STURDY)
    fight = BpaFight(state, Combat(bert, [foe]), bert, HeuristicPlayer(), [bert], [foe])
    assert all(o.name != ROAST for o in options_for(fight))
