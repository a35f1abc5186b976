"""Charges at what a rule bans from being charged (``May.BE_CHARGED``, rules/movement.py
``chargeable``): MOVE-CHG-01/03 (002:L430, L434): « finir son mouvement au contact socle à
socle avec une figurine ennemie ... engagés en combat ». Pieces nobody fights are reached by
a plain move (no control zone, SE-ATK-03) and attacked by their own rules; Tom's and
Goldberry's zones are closed to the enemy. Each charge was legal before the rules asked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.core.objectives import GateSpec, TowerSpec
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.core.units import engine_profile
from battlesim.engines.sbg.rules import fortifications as forts
from battlesim.engines.sbg.rules import siege_rally as sr
from battlesim.engines.sbg.rules import siege_towers as st
from battlesim.engines.sbg.rules.movement import charge_options, check_action
from tests.engines.sbg.builders import WARRIOR, add, battle
from tests.engines.sbg.test_siege_engines import BALLISTA

RADIUS = 25.0 / 25.4 / 2  # a 25 mm base
STEP = 3.0  # inches between the charger's base and the piece's: within a 6" Move


def _charger(state: BattleState, piece: ModelState, player: int = 0) -> ModelState:
    """An enemy of ``piece`` standing ``STEP`` inches south of it, in plain sight."""
    return add(state, "X1", player, piece.x, piece.y - piece.radius - RADIUS - STEP)


def _contact(piece: ModelState, model: ModelState) -> tuple[float, float]:
    return (piece.x, piece.y - piece.radius - model.radius)


def _refused(state: BattleState, model: ModelState, piece: ModelState) -> None:
    """The charge is illegal and the search offers none; a plain move into contact stands
    (the piece has no control zone, SE-ATK-03 and the pieces kept like it)."""
    with pytest.raises(IllegalActionError, match="may never be charged"):
        check_action(state, model, Charge(model.uid, piece.uid, _contact(piece, model)))
    assert piece not in [enemy for enemy, _ in charge_options(state, model)]
    check_action(state, model, Move(model.uid, _contact(piece, model)))


def test_se_atk_03_a_siege_engine_is_never_charged():
    """SE-ATK-03 (002:L3132): no control zone; SE-ATK-02 (L3130): put out of action by a turn
    in contact « sans rien faire d'autre (comme ... combattre) »; reading 32: never fought."""
    state = battle()
    engine = add(state, "E1", 1, 24.0, 30.0, engine_profile(BALLISTA))
    _refused(state, _charger(state, engine), engine)


def test_siege_gateatk_01_a_gate_is_attacked_in_contact_never_charged():
    """SIEGE-GATEATK-01 (002:L3276): « Une figurine en contact avec une porte peut l'attaquer
    lors de la phase de Combat comme si elle était un ennemi »: no enemy model to charge."""
    state = battle()
    forts.raise_gates(state, (GateSpec((24.0, 31.0), "castle gate", owner=1, width=3.0),))
    gate = state.models["G1"]
    _refused(state, _charger(state, gate), gate)


def test_siege_rally_01_a_rallying_point_is_touched_never_charged():
    """SIEGE-RALLY-01 (002:L3309): destroyed by an enemy « au contact » that was « impliqué
    dans » no fight: a marker on a 25 mm base, reached by a move, never fought."""
    state = battle()
    sr.place_rally_points(state, [(24.0, 30.0)])
    point = state.models["R1"]
    _refused(state, _charger(state, point), point)


def test_siege_tower_04_a_siege_tower_is_never_charged():
    """SIEGE-TOWER-04 (002:L3349): Defence 10 and 3 Wounds, a target of Siege Engines; the
    text gives it no fight (READINGS: attacked as a gate)."""
    state = battle(table=walled_keep())
    st.place_towers(state, (TowerSpec((12.0, 14.0)),))
    tower = state.models["T1"]
    _refused(state, _charger(state, tower, player=1), tower)


def test_mirror_of_galadriel_is_never_charged():
    """BSData 022c-3102-e0fb-55f1: « a Heavy Object with a Defence of 8 and 3 Wounds »,
    attacked as a gate (READINGS), never charged."""
    from battlesim.engines.sbg.rules.armies.good import mirror

    state = battle()
    lady = replace(WARRIOR, name="Galadriel", options=("mirror of galadriel",))
    add(state, "G", 1, 24, 40, lady)
    add(state, "E", 0, 24, 4)
    mirror._place(state)
    (piece,) = mirror.mirrors(state, 1)
    _refused(state, _charger(state, piece), piece)


def test_tom_is_master_no_enemy_charges_into_his_zone():
    """Tom is Master (BSData b106-f127-a9e9-ce9f): « No models may move into Tom's Control
    Zone ... unless his controlling player allows it »: no charge, no move into contact."""
    state = battle()
    tom = replace(WARRIOR, name="Tom Bombadil", rules=("Tom is Master (Passive)",))
    master = add(state, "T", 1, 24.0, 30.0, tom)
    hobbit = _charger(state, master)
    with pytest.raises(IllegalActionError, match="may never be charged"):
        check_action(state, hobbit, Charge(hobbit.uid, master.uid, _contact(master, hobbit)))
    assert charge_options(state, hobbit) == []
