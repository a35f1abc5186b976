"""The rallying point (checklist part 2 §12.3, SIEGE-RALLY-01; 002:L3305-3309)."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.effects import Bar, Effect, Until
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.marks import PARALYSED
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.rules import fortifications as forts
from battlesim.engines.sbg.rules import siege_rally as sr
from battlesim.engines.sbg.rules.courage import courage_value
from battlesim.engines.sbg.rules.equipment import banner_in_range
from battlesim.engines.sbg.rules.magic.casting import CAST_TURN
from tests.engines.sbg.builders import add, battle, players, profile

GAP = 25 / 25.4  # two 25 mm bases: centres this far apart touch


def _point(state, at=(24.0, 30.0)):
    sr.place_rally_points(state, [at])
    return state.models["R1"]


def test_siege_rally_01_friends_within_6_inches_add_1_to_courage_once():
    """« à moins de 6" ... ajoutent +1 point à leur valeur de Bravoure »: 6" between the
    bases: +1; 7": none; two points in reach: still +1; an enemy: none."""
    state = battle()
    _point(state)
    sr.place_rally_points(state, [(26.0, 30.0)])  # a second one, 2" east
    near = add(state, "B1", 1, 24.0, 30.0 + GAP + 6.0, profile(courage=3))
    far = add(state, "B2", 1, 24.0, 30.0 - GAP - 7.0, profile(courage=3))
    enemy = add(state, "A1", 0, 22.0, 30.0 + GAP + 1.0, profile(courage=3))
    assert courage_value(state, near) == 4
    assert courage_value(state, far) == 3
    assert courage_value(state, enemy) == 3


def test_siege_rally_01_counts_as_a_banner_within_3_inches():
    """« considèrent le Point de Ralliement comme une Bannière » (EQP-BAN-01: 3")."""
    state = battle()
    point = _point(state)
    friend = add(state, "B1", 1, 24.0, 30.0 + GAP + 3.0)
    further = add(state, "B2", 1, 30.0, 30.0 + GAP + 3.5)
    enemy = add(state, "A1", 0, 22.0, 30.0 + GAP + 0.5)
    assert banner_in_range(state, [friend]) is point
    assert banner_in_range(state, [further]) is None
    assert banner_in_range(state, [enemy]) is None


def test_siege_rally_01_no_model_of_the_army_never_charged_nor_shot():
    state = battle()
    point = _point(state)
    assert state.start_counts[1] == 0 and state.alive_count(1) == 0
    assert not permitted(May.BE_CHARGED, HookContext(state, point))
    assert not forts.shot_can_harm(10, point)


def _end_phase(state):
    state.players = players()
    state.phase = Phase.END
    tick(state, Tick.PHASE_START)


def test_siege_rally_01_an_enemy_in_contact_destroys_it_at_the_end_phase():
    """An enemy standing in base contact that did nothing of the list this turn removes it;
    it is no casualty."""
    state = battle()
    point = _point(state)
    add(state, "A1", 0, 24.0, 30.0 - GAP)
    _end_phase(state)
    assert not point.alive and state.casualties[1] == 0
    assert any(e.kind == "rallying_point_destroyed" for e in state.log.events)


@pytest.mark.parametrize(
    "what", ["prone", "shot", "fought", "supported", "cast", "immobilised", "paralysed", "far"]
)
def test_siege_rally_01_not_destroyed_by_an_enemy_that_did_any_of_the_list(what):
    """Prone, shot, in a fight (supporting counts), cast a power, held by Immobilise or
    Paralyse, or not in contact: it stands."""
    state = battle()
    point = _point(state)
    enemy = add(state, "A1", 0, 24.0, 30.0 - GAP - (0.5 if what == "far" else 0.0))
    if what == "cast":
        CAST_TURN.of(enemy).append(state.turn)
    elif what in ("immobilised", "paralysed"):
        bars = frozenset({Bar.MOVE}) if what == "immobilised" else frozenset()
        mark = PARALYSED if what == "paralysed" else ""
        source = "MAGIC-P-TRANSFIX" if what == "immobilised" else "MAGIC-P-PARALYSE"
        held = Effect(what, enemy.uid, None, 0, Until.END_OF_TURN, source, bars=bars, mark=mark)
        effects.add(state, held)
    elif what != "far":
        setattr(enemy, what, True)
    _end_phase(state)
    assert point.alive
