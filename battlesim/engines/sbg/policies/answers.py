"""How the policies answer decisions: each decision type is answered by one named method.

The rules ask with typed decisions (core/decisions.py) and never see a policy. A policy that
has a method for a decision answers it with the decision's facts; any other decision (a new
rule's, say) gets the rule's own default, so a new rule plays with every policy at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from mypy_extensions import mypyc_attr

from battlesim.engines.sbg.core.actions import ChooseMove, MoveOrder, SoundDrum
from battlesim.engines.sbg.phases.combat_order import CombatOrder
from battlesim.engines.sbg.phases.combat_split import ChooseSplit
from battlesim.engines.sbg.phases.shoot import ChooseTarget
from battlesim.engines.sbg.phases.trample import ChooseTrample, TrampleFriend
from battlesim.engines.sbg.rules.back_away import ChooseBackAway
from battlesim.engines.sbg.rules.cavalry import ChooseDismount, ChooseStrikePart
from battlesim.engines.sbg.rules.combat import ChooseStrikeTarget
from battlesim.engines.sbg.rules.courage import SpendWillOnCourage
from battlesim.engines.sbg.rules.fight_stances import ChooseShielding, ChooseTwoHands
from battlesim.engines.sbg.rules.heroic_actions import (
    AcceptChallenge,
    CallFriends,
    DeclareHeroicAction,
)
from battlesim.engines.sbg.rules.heroics import SpendFate
from battlesim.engines.sbg.rules.magic.casting import ChooseSpell
from battlesim.engines.sbg.rules.magic.parts import ChoosePowerPart
from battlesim.engines.sbg.rules.magic.powers_hold import CompelMove
from battlesim.engines.sbg.rules.magic.resisting import ChooseResist, ChooseResister
from battlesim.engines.sbg.rules.master_of_battle import CopyHeroicAction
from battlesim.engines.sbg.rules.might import SpendMight
from battlesim.engines.sbg.rules.monsters.barge import ChooseBargeCharge, ChooseBargeDirection
from battlesim.engines.sbg.rules.monsters.core import ChooseBrutalPowerAttack
from battlesim.engines.sbg.rules.muster import DeploymentOrder
from battlesim.engines.sbg.rules.orders import BarrierOrder, StrikeOrder
from battlesim.engines.sbg.rules.priority_rules import ClaimPriority
from battlesim.engines.sbg.rules.prone import CrawlTo, LiesDown, StandsUp
from battlesim.engines.sbg.rules.reinforcements import ChooseEntry
from battlesim.engines.sbg.rules.ring_moves import ChooseRingAction, MoveEnemyBearer, ResistSauron
from battlesim.engines.sbg.rules.special_strikes import ChooseSpecialStrike

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Decision
    from battlesim.engines.sbg.core.state import BattleState

T = TypeVar("T")

# The method of a policy that answers each kind of decision.
ANSWERS: dict[type[Any], str] = {
    DeploymentOrder: "deployment_order",
    SoundDrum: "sound_drum",
    MoveOrder: "move_order",
    ChooseMove: "choose_move",
    CrawlTo: "crawl_to",
    ChooseEntry: "choose_entry",
    ChooseSplit: "choose_split",
    StandsUp: "stands_up",
    LiesDown: "lies_down",
    ChooseTarget: "choose_target",
    ChooseStrikeTarget: "choose_strike_target",
    ChooseSpecialStrike: "choose_special_strike",
    CombatOrder: "combat_order",
    ClaimPriority: "claim_priority",
    SpendMight: "spend_might",
    ChooseTrample: "choose_trample",
    TrampleFriend: "trample_friend",
    ChooseStrikePart: "choose_strike_part",
    ChooseDismount: "choose_dismount",
    ChooseRingAction: "ring_action",
    ChooseShielding: "choose_shielding",
    ChooseTwoHands: "choose_two_hands",
    ResistSauron: "resist_sauron",
    MoveEnemyBearer: "move_enemy_bearer",
    DeclareHeroicAction: "declare_heroic_action",
    CallFriends: "call_friends",
    AcceptChallenge: "accept_challenge",
    CopyHeroicAction: "copy_heroic_action",
    ChooseBrutalPowerAttack: "choose_brutal_power_attack",
    ChooseBargeDirection: "choose_barge_direction",
    ChooseBargeCharge: "choose_barge_charge",
    ChooseSpell: "choose_spell",
    ChoosePowerPart: "choose_power_part",
    CompelMove: "compel_move",
    ChooseResist: "choose_resist",
    ChooseResister: "choose_resister",
    ChooseBackAway: "choose_back_away",
    StrikeOrder: "strike_order",
    BarrierOrder: "barrier_order",
    SpendWillOnCourage: "will_on_courage",
    SpendFate: "spend_fate",
}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: policies may be Python
class Answering:
    """``decide`` for a policy whose methods are named in ``ANSWERS``."""

    def decide(self, state: BattleState, decision: Decision[T]) -> T:
        name = ANSWERS.get(type(decision))
        method = getattr(self, name, None) if name is not None else None
        if method is None:
            return decision.default(state)
        answer: T = method(state, *decision.facts())
        return answer
