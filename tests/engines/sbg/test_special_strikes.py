"""Special strikes (part 2 §5, 002:L2054-2102) and standing up after a Bash."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from battlesim.engines.sbg.core.arms import SpecialStrike
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.phases.move import stand_up
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.special_strikes import IllegalStrikeError, declare, eligible
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile, rolls

X, Y = 24.0, 24.0


class Declares(HeuristicPlayer):
    """Declares the given strike whenever it is allowed."""

    def __init__(self, strike: SpecialStrike | None) -> None:
        super().__init__()
        self.strike = strike

    def choose_special_strike(
        self,
        state: BattleState,
        model: ModelState,
        options: Sequence[SpecialStrike],
        enemy_fight: int,
    ) -> SpecialStrike | None:
        return self.strike if self.strike in options else None


def _fight(
    dice: list[int], a_gear: tuple[str, ...], strike: SpecialStrike, **a: int
) -> BattleState:
    state = battle(dice)
    add(state, "A1", 0, X, Y, profile(wargear=a_gear, **a))
    add(state, "B1", 1, X + BASE_GAP, Y, profile(wounds=3))
    run_fight_phase(state, (Declares(strike), Declares(None)))
    return state


def test_feint_and_stab_depend_on_fight_values() -> None:
    """SPS-FEINT-01, SPS-STAB-01 (002:L2068-2078): Feint needs Fight >= the enemy's, Stab
    needs it lower; a spear has no special strike (WPN-SPEAR-03)."""
    state = battle([])
    sword = add(state, "A1", 0, X, Y, profile(fight=4))
    assert eligible(sword, 4) == [SpecialStrike.FEINT]
    assert eligible(sword, 5) == [SpecialStrike.STAB]
    spear = add(state, "A2", 0, X, Y + 5, profile(wargear=("spear",)))
    assert eligible(spear, 3) == []
    with pytest.raises(IllegalStrikeError):
        declare(state, sword, SpecialStrike.PIERCE, 3)


def test_feint_lowers_fight_by_d3_for_ties() -> None:
    """SPS-FEINT-01 (example 002:L2074): Fight 5 feints, D3 roll 3 -> 2: Fight 3 ties the
    enemy's 3, so a tied Duel goes to the roll-off (Good wins on 4)."""
    state = _fight([3, 4, 4, 4, 5, 1, 1], ("sword",), SpecialStrike.FEINT, fight=5)
    assert rolls(state)[:4] == [
        ("feint D3 A1", [3]),
        ("duel A1", [4]),
        ("duel B1", [4]),
        ("duel roll-off", [4]),
    ]


def test_feint_winner_rerolls_wound_ones() -> None:
    """SPS-FEINT-01: a winner re-rolls To Wound rolls of 1; the re-roll stands."""
    state = _fight([1, 6, 1, 1, 5], ("sword",), SpecialStrike.FEINT, fight=5)
    assert rolls(state)[3:] == [
        ("strike A1->B1 (S3 D4)", [1]),
        ("strike A1->B1 (S3 D4) (re-roll of a 1)", [5]),
    ]
    assert state.models["B1"].wounds == 2


def test_stab_loser_suffers_a_strength_two_hit() -> None:
    """SPS-STAB-01 (002:L2078): a stabber that loses takes one S2 hit after the fight
    (S2 v D4 needs 5)."""
    state = battle([1, 6, 1, 5])
    add(state, "A1", 0, X, Y, profile(fight=2))
    add(state, "B1", 1, X + BASE_GAP, Y, profile(fight=4))
    run_fight_phase(state, (Declares(SpecialStrike.STAB), Declares(None)))
    assert rolls(state)[-1] == ("stab backlash A1 (S2 D4)", [5])
    assert not state.models["A1"].alive


def test_piercing_strike_adds_strength_when_winning() -> None:
    """SPS-PIERCE-01 (002:L2084): the axe's strikes are at Strength +1."""
    state = _fight([6, 1, 5], ("axe",), SpecialStrike.PIERCE)
    assert rolls(state)[2] == ("strike A1->B1 (S4 D4)", [5])


def test_piercing_strike_costs_d3_defence_when_losing() -> None:
    """SPS-PIERCE-01: if its side loses, its Defence drops by D3 for the fight (D4-2 = 2)."""
    state = _fight([1, 6, 4, 1], ("axe",), SpecialStrike.PIERCE)
    assert rolls(state)[2:] == [("piercing strike D3 A1", [4]), ("strike B1->A1 (S3 D2)", [1])]


def test_bash_knocks_the_enemy_prone_instead_of_striking() -> None:
    """SPS-BASH-01 (002:L2060-2064): D6 + S each; the basher's total >= the victim's."""
    state = _fight([6, 1, 3, 3], ("hammer",), SpecialStrike.BASH)
    assert state.log.of_kind("bash")[0].data == {"model": "A1", "victim": "B1", "knocked": True}
    assert state.models["B1"].prone
    assert not [r for r in rolls(state) if r[0].startswith("strike")]


def test_whirl_makes_one_strike_against_each_enemy() -> None:
    """SPS-WHIRL-01 (002:L2094): Fight 1, then one strike per engaged enemy, no doubling."""
    state = battle([6, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y, profile(wargear=("flail",), fight=5))
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "B2", 1, X - BASE_GAP, Y)
    run_fight_phase(state, (Declares(SpecialStrike.WHIRL), Declares(None)))
    strikes = [r[0] for r in rolls(state) if r[0].startswith("strike")]
    assert strikes == ["strike A1->B1 (S3 D4)", "strike A1->B2 (S3 D4)"]


def test_standing_up_costs_half_the_move() -> None:
    """MOVE-PRONE-05/08 (002:L661, L669): half the Move, and it counts as having moved."""
    state = battle([])
    model = add(state, "A1", 0, X, Y)
    model.prone = True
    stand_up(state, model)
    assert not model.prone and model.moved
    assert allowance(state, model) == pytest.approx(3.0)


@pytest.mark.parametrize(("die", "stunned"), [(4, False), (5, True)])
def test_stun_makes_attacks_and_fight_one_until_next_turn(die: int, stunned: bool) -> None:
    """SPS-STUN-01 (002:L2090): on 5+ the victim's Attacks and Fight become 1 and its Shoot
    value 6+ until the end of the following turn; no strikes are made."""
    state = battle([6, 1, 1, 1, die])
    add(state, "A1", 0, X, Y, profile(wargear=("club",)))
    victim = add(state, "B1", 1, X + BASE_GAP, Y, profile(attacks=3, fight=5, shoot=3))
    run_fight_phase(state, (Declares(SpecialStrike.STUN), Declares(None)))
    assert victim.stunned_until == (2 if stunned else 0)
    assert not [r for r in rolls(state) if r[0].startswith("strike")]
    from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
    from battlesim.engines.sbg.rules.shooting import to_hit_need

    fight = victim.profile.fight + modifier(Hook.FIGHT, HookContext(state, victim))
    attacks = victim.profile.attacks + modifier(Hook.ATTACKS, HookContext(state, victim))
    assert (fight, attacks, to_hit_need(state, victim)) == ((1, 1, 6) if stunned else (5, 3, 3))
    state.turn = 3
    assert modifier(Hook.ATTACKS, HookContext(state, victim)) == 0
