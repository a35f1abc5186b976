"""SR-ABLAZE (Set Ablaze, Passive, 002:L2793-2797), reached by channelled Flameburst
(MAGIC-P-FLAMEBURST, 002:L2447-2453): one S9 hit at once; a survivor suffers one S5 hit in
every End phase until it puts the flames out by lying down and crawling 1" or by entering
water. Dice are scripted; each test fails when its part of the rule is removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Tick,
    notify,
    tick,
)
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import PowerSpec
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import prone
from battlesim.engines.sbg.rules.ablaze import burning, crawled, set_ablaze
from battlesim.engines.sbg.rules.magic.powers_harm import magic_p_flameburst
from battlesim.engines.sbg.rules.magic.spells import Spell, unit_of
from tests.engines.sbg.builders import WARRIOR, add, battle, rolls

# D8 tells S9 (4+) from S6 (5+); three Wounds so that it survives the first hit.
TROLL = replace(WARRIOR, name="Test Troll", defence=8, wounds=3, keywords=frozenset({"infantry"}))


def _flameburst(state: BattleState, target: ModelState, channelled: bool) -> None:
    caster = add(state, "A9", 0, 30, 30, replace(WARRIOR, will=3))
    spec = PowerSpec("Flameburst", 5, 12.0)
    unit = unit_of(spec)
    assert unit is not None
    magic_p_flameburst(state, Spell(unit, spec, caster, target, (target,), channelled))


@pytest.mark.parametrize(("channelled", "wounds"), [(True, 2), (False, 3)])
def test_sr_ablaze_channelled_flameburst_hits_at_strength_9(channelled: bool, wounds: int) -> None:
    """SR-ABLAZE (002:L2795): "une touche de Force 9" at once: a 4 wounds D8 at S9, not at
    S6 (the plain Flameburst, 002:L2449)."""
    state = battle([4])
    target = add(state, "B1", 1, 20, 20, TROLL)
    _flameburst(state, target, channelled)
    assert target.wounds == wounds
    assert burning(state, target) is channelled


def test_sr_ablaze_burns_at_strength_5_in_every_end_phase() -> None:
    """SR-ABLAZE (002:L2795): a survivor suffers one S5 hit "à chaque phase de Fin de Tour"
    until put out: S5 v D8 needs a 6; two End phases, two hits (6 wounds, 5 does not)."""
    state = battle([1, 6, 5])
    target = add(state, "B1", 1, 20, 20, TROLL)
    set_ablaze(state, None, target, "test")
    assert target.wounds == 3 and burning(state, target)  # the S9 hit rolled a 1
    tick(state, Tick.TURN_END)
    assert target.wounds == 2
    state.turn += 1
    tick(state, Tick.TURN_END)
    assert target.wounds == 2 and burning(state, target)
    assert [purpose for purpose, _ in rolls(state)][-1].startswith("to wound set ablaze")


def test_sr_ablaze_a_model_slain_by_the_first_hit_does_not_burn() -> None:
    state = battle([6])
    target = add(state, "B1", 1, 20, 20)
    set_ablaze(state, None, target, "test")
    assert not target.alive
    tick(state, Tick.TURN_END)  # no further die asked


def test_sr_ablaze_lying_down_and_crawling_1_inch_puts_the_flames_out() -> None:
    """SR-ABLAZE (002:L2797): "se coucher et ramper de 1"": the heuristic lies a burning
    model down after its move, then crawls it 1" next Move phase; the flames are out and
    the End phase asks no die (the scripted dice would run out)."""
    state = battle([1, 6])
    target = add(state, "B1", 1, 20, 20, TROLL)
    set_ablaze(state, None, target, "test")
    player = HeuristicPlayer()
    assert player.decide(state, prone.LiesDown(target))  # heuristic: lie down when burning
    prone.after_move(state, player, target)
    assert target.prone
    tick(state, Tick.TURN_END)  # still burning this End phase: S5 hit, a 6 wounds
    assert target.wounds == 2
    target.spent = 0.0
    assert prone.before_move(state, player, target)  # it crawled: its move is over
    assert not burning(state, target)
    tick(state, Tick.TURN_END)
    assert target.wounds == 2


def test_sr_ablaze_a_shorter_crawl_does_not_put_it_out() -> None:
    state = battle([1])
    target = add(state, "B1", 1, 20, 20, TROLL)
    set_ablaze(state, None, target, "test")
    target.prone = True
    start = target.position
    state.move_to(target, (20.5, 20), "crawl")
    crawled(state, target, start)  # half an inch only
    assert burning(state, target)


def test_sr_ablaze_entering_water_puts_the_flames_out() -> None:
    """SR-ABLAZE (002:L2797): "entrer dans une étendue d'eau" ends the burning at once."""
    stream = TerrainPiece("stream", TerrainKind.DIFFICULT, ((24, 0), (28, 0), (28, 48), (24, 48)))
    state = battle([1], table=Table("wet", (stream,)))
    target = add(state, "B1", 1, 20, 20, TROLL)
    set_ablaze(state, None, target, "test")
    notify(state, On.MOVE_ENDED, Happening(target))
    assert burning(state, target)  # dry ground
    state.move_to(target, (26, 20), "move")
    notify(state, On.MOVE_ENDED, Happening(target))
    assert not burning(state, target)
