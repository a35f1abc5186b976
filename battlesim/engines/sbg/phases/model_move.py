"""One model's move in the Move phase or a Heroic Action (MOVE-*, HERO-HM/HMA): ask its player,
check the answer, carry it out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.actions import (
    Charge,
    ChooseMove,
    Hold,
    IllegalActionError,
    MoveAction,
)
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
)
from battlesim.engines.sbg.core.table import moving_through
from battlesim.engines.sbg.rules import (
    cavalry,
    objects,
    one_ring,
    passengers,
    prone,
    sentries,
    siege_crew,
    terrain_rules,
    terror,
    war_beasts,
    water,
)
from battlesim.engines.sbg.rules import ring_moves as ring
from battlesim.engines.sbg.rules.cavalry import ChooseDismount
from battlesim.engines.sbg.rules.challenges import challenge
from battlesim.engines.sbg.rules.chariots import chariot_of
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.magic import casting, powers_shroud
from battlesim.engines.sbg.rules.movement import (
    CHARGE_ANSWERS,
    MUST_CHARGE,
    START_OF_MOVE,
    _unseen,
    answer_charge,
    apply_action,
    can_move,
    challenge_charge,
    forced_charge,
)
from battlesim.engines.sbg.rules.ring_moves import MoveEnemyBearer
from battlesim.engines.sbg.rules.throw_kill import free_to_finish

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player
from battlesim.engines.sbg.phases import chariot_run, trample  # noqa: E402


def take_action(state: BattleState, players: tuple[Player, Player], model: ModelState) -> None:
    """The model's action as its player (or, RING-WILL-02, the opponent) chooses it; a
    refused action -> it holds. A howdah rider moves only with its beast (WB-MOV-04/05).
    Terrain its rules cross as open ground costs it no extra (SR-WOODLAND, SR-MOUNTAIN).
    ADV-WATER-02/03: one in deep water (or Prone in shallow water) swims first."""
    if water.before_move(state, model):
        model.done_moving = True  # drowned
        return
    if sentries.before_move(state, model):  # ADV-SENTRY-02: a lookout stays put
        return
    crossed = terrain_rules.open_features(state, model) | water.open_water(state, model)
    with moving_through(crossed):
        _take_action(state, players, model)


def _take_action(state: BattleState, players: tuple[Player, Player], model: ModelState) -> None:
    if riding(model) is not None:
        trample.rider_leads(state, players, model)
        if not _climbs_down(state, players[model.player], model):
            return
        model.done_moving = False  # down from the howdah: its own move follows
    if prone.before_move(state, players[model.player], model):  # MOVE-PRONE-04/05
        return
    _maybe_dismount(state, players[model.player], model)
    objects.put_down(state, players[model.player], model)  # ADV-LIGHT-02: at will
    if siege_crew.stays(state, players[model.player], model):
        _carry_out(state, model, Hold(model.uid))  # SE-SHOOT-01: crew at the engine
        return
    if any([rule(state, model) for rule in START_OF_MOVE]):  # army rules, each asked
        model.done_moving = True  # it acted "instead of moving" (Healing Herbs)
        return
    casting.offer(state, players, model)  # MAGIC-WHEN-01: before its move...
    if chariot_of(model) is not None:  # Chariot Charge (rules/chariots.py)
        chariot_run.move_chariot(state, players, model)
        casting.offer(state, players, model)
        return
    action = _choose(state, players, model)
    target = state.models.get(action.target) if isinstance(action, Charge) else None
    if (
        target is not None
        and _must_spot(state, model, target)
        and not ring.spot(state, model, target)
    ):
        action = _choose(state, players, model)  # RING-INV-04: it acts normally otherwise
    if challenge(model).rival is not None:
        action = challenge_charge(state, model, action)
    elif MUST_CHARGE:
        action = forced_charge(state, model, action)  # army rules: "must Charge ... if able"
    if CHARGE_ANSWERS and isinstance(action, Charge):
        action = answer_charge(state, model, action)  # army rules: Considerable Wealth
    if isinstance(action, Charge) and not powers_shroud.dares(state, model, action):
        action = _choose(state, players, model)  # MAGIC-P-SHROUD: it acts normally otherwise
    if isinstance(action, Charge) and not terror.dares(state, model, action):
        action = Hold(model.uid)  # MOVE-CHG-14: failed Terror test: no charge, no move
    _carry_out(state, model, action)
    if free_to_finish(model):  # MSL-THROW-03: its throw slew the target; it moves on
        _carry_out(state, model, _choose(state, players, model))
    if passengers.goes_on(state, model):  # ADV-PASS-03: a 6 to take a passenger up
        _carry_out(state, model, _choose(state, players, model))
    casting.offer(state, players, model)  # ... or at its end, if it did not cast (once a turn)
    prone.after_move(state, players[model.player], model)  # MOVE-PRONE-06: lie down


def _climbs_down(state: BattleState, player: Player, model: ModelState) -> bool:
    """An army rule lets the howdah model climb down now (Rappelling Lines)."""
    return any(leaves(state, player, model) for leaves in war_beasts.LEAVE_HOWDAH)


def _carry_out(state: BattleState, model: ModelState, action: MoveAction) -> None:
    try:
        apply_action(state, model, action)
    except IllegalActionError as error:
        state.log.emit("refused", model=model.uid, reason=str(error))
        if can_move(state, model):
            apply_action(state, model, Hold(model.uid))
        model.done_moving = True  # a model that cannot move at all simply does not


def _maybe_dismount(state: BattleState, player: Player, model: ModelState) -> None:
    """CAV-DISM-01..03 (002:L1365-1373): a mounted model may dismount as its move starts
    (the player's choice); never from a fight (it could not move anyway)."""
    if model.mount is None or chariot_of(model) is not None:
        return  # neither chariot's text lets its crew step down (READINGS "Chariots")
    if not player.decide(state, ChooseDismount(model)):
        return
    cavalry.dismount(state, model)


def _must_spot(state: BattleState, model: ModelState, target: ModelState) -> bool:
    """RING-INV-04: charging an invisible bearer not yet failed to be seen this turn."""
    return _unseen(target, model) and ring.may_charge(state, model, target)


def _choose(state: BattleState, players: tuple[Player, Player], model: ModelState) -> MoveAction:
    """RING-WILL-02: the opponent moves a bearer that lost the Will of Sauron roll."""
    if one_ring.foe_moves(state, model):
        return players[1 - model.player].decide(state, MoveEnemyBearer(model))
    if sentries.foe_moves(state, model):  # ADV-SENTRY-02: a distracted sentry
        return players[1 - model.player].decide(state, ChooseMove(model))
    return players[model.player].decide(state, ChooseMove(model))
