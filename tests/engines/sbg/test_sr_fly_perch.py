"""SR-FLY-05 (checklist part 2 §9, seed 002:L2899): a large flyer perched on top of terrain,
models beneath it. Expected outcomes read off the French text:

« Si une figurine avec Vol et un grand socle finit son mouvement au sommet d'un décor, il peut
y avoir de la place pour passer dessous - les autres figurines peuvent en conséquence se
déplacer sous la figurine, du moment qu'elles passent. Si une figurine ennemie passe à moins
de 1" de hauteur de la figurine perchée sur le décor, alors elle devra la charger [...]. Si une
figurine avec Vol atterrit sur un décor de ce type, et qu'une figurine se trouve dessous à moins
de 1", alors la figurine avec Vol compte comme ayant chargé. »

The stage: a sheer rock pillar 1" square; a Fly monster on a 40 mm base landing on its centre
overhangs it by about 0.29" on each side; a Man (1.2" tall) standing against the pillar's side
has his base under that overhang. Each test fails when the rule is taken out (the flyer can
then never land over the man, the man never pass under it, or they count as touching whatever
the height).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.actions import Charge, IllegalActionError, Move
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.rules.movement import apply_action, check_action
from tests.engines.sbg.builders import WARRIOR, add, battle

FELL = replace(
    WARRIOR,
    name="Test Fell Beast",
    keywords=frozenset({"monster", "warrior"}),
    base_mm=40.0,  # a large base (bases.LARGE_BASE)
    rules=("Fly (Active)",),
)
SMALL_FLYER = replace(WARRIOR, name="Test Bat", rules=("Fly (Active)",))  # a 25 mm base
TOP = (10.75, 20.0)  # the pillar's centre
BESIDE = (11.25 + 0.5, 20.0)  # a 25 mm base against the pillar's east side, under the overhang


def _pillar(height: float) -> Table:
    rock = TerrainPiece(
        "rock pillar",
        TerrainKind.ELEVATED,
        ((10.25, 19.5), (11.25, 19.5), (11.25, 20.5), (10.25, 20.5)),
        height=height,
        sloped=False,
        climbable=False,
    )
    return Table("t", (rock,))


def _stage(height: float, flyer: object = FELL) -> tuple[BattleState, ModelState, ModelState]:
    state = battle(table=_pillar(height))
    beast = add(state, "B1", 1, 10.75, 12.0, flyer)  # 8" south of the pillar
    man = add(state, "A1", 0, *BESIDE)
    return state, beast, man


def test_sr_fly_05_landing_over_a_man_more_than_1_inch_below_is_a_plain_move() -> None:
    """On a 3" pillar the man's head (1.2") is 1.8" under the flyer: it lands over him with a
    plain move ("les autres figurines peuvent ... se déplacer sous la figurine"), neither is
    engaged, and a charge there is refused (no contact more than 1" of height apart)."""
    state, beast, man = _stage(3.0)
    with pytest.raises(IllegalActionError):
        check_action(state, beast, Charge("B1", "A1", TOP))
    apply_action(state, beast, Move("B1", TOP))
    assert beast.position == TOP
    assert state.perched == {"B1": 3.0}
    assert not state.engaged(beast) and not state.engaged(man)


def test_sr_fly_05_landing_over_a_man_within_1_inch_counts_as_a_charge() -> None:
    """On a 2" pillar the man's head is 0.8" under the flyer: « compte comme ayant chargé »:
    a plain move there is refused, the landing is a charge on the man and ends engaged."""
    state, beast, man = _stage(2.0)
    with pytest.raises(IllegalActionError):
        check_action(state, beast, Move("B1", TOP))
    apply_action(state, beast, Charge("B1", "A1", TOP))
    assert beast.position == TOP and beast.charged
    assert state.engaged(beast) and [m.uid for m in state.contacts(man)] == ["B1"]


def test_sr_fly_05_no_landing_over_a_man_who_does_not_fit_beneath() -> None:
    """On a 1" pillar the man (1.2") does not fit under the flyer's base ("du moment qu'elles
    passent"): neither a move nor a charge may end there."""
    state, beast, _ = _stage(1.0)
    for action in (Move("B1", TOP), Charge("B1", "A1", TOP)):
        with pytest.raises(IllegalActionError):
            check_action(state, beast, action)


def test_sr_fly_05_a_small_flyer_never_perches_over_anyone() -> None:
    """« une figurine avec Vol et un grand socle »: a 25 mm flyer on the same 3" pillar
    perches not: the man beside the pillar touches its base's edge and holds it in his
    control zone as on flat ground, so its plain landing there is refused (where the large
    flyer, 1.8" above him, lands freely)."""
    state, bat, _ = _stage(3.0, SMALL_FLYER)
    with pytest.raises(IllegalActionError, match="MOVE-ZOC-01"):
        check_action(state, bat, Move("B1", TOP))
    assert state.perchers == set()


def _perched(height: float) -> tuple[BattleState, ModelState, ModelState]:
    """The flyer already on the pillar; the man 5" east of it, to walk west under it."""
    state = battle(table=_pillar(height))
    beast = add(state, "B1", 1, *TOP, FELL)
    man = add(state, "A1", 0, 16.0, 20.0)
    return state, beast, man


def test_sr_fly_05_an_enemy_more_than_1_inch_below_walks_under_the_perched_flyer() -> None:
    """3" pillar: the man passes under the flyer's overhang 1.8" below it and stops there,
    outside its reach: a plain move, no charge, not engaged."""
    state, beast, man = _perched(3.0)
    apply_action(state, man, Move("A1", BESIDE))
    assert man.position == BESIDE
    assert not state.engaged(man) and not state.engaged(beast)


def test_sr_fly_05_an_enemy_passing_within_1_inch_below_must_charge_it() -> None:
    """2" pillar: the man passing 0.8" under the flyer « devra la charger »: the plain move is
    refused; his charge ending beneath its base is legal and engages it."""
    state, beast, man = _perched(2.0)
    with pytest.raises(IllegalActionError):
        check_action(state, man, Move("A1", BESIDE))
    apply_action(state, man, Charge("A1", "B1", BESIDE))
    assert [m.uid for m in state.contacts(man)] == ["B1"]
