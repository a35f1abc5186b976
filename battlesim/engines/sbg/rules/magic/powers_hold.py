"""Powers that hold an enemy: Transfix and Compel (MAGIC-P-TRANSFIX, MAGIC-P-COMPEL)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from battlesim.engines.sbg.core.actions import Charge, Hold, IllegalActionError, Move, MoveAction
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.characteristics import attacks_base, fight_base
from battlesim.engines.sbg.rules.crossing import crossings
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.harm import halved_loss
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, power
from battlesim.engines.sbg.rules.movement import apply_action

# MAGIC-P-TRANSFIX (002:L2537): no move, shot, cast, Heroic Action, "Stand Fast!" nor strike
HELD = frozenset({Bar.MOVE, Bar.SHOOT, Bar.CAST, Bar.HEROIC, Bar.STAND_FAST, Bar.STRIKE})


def _hold_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    """A held enemy neither strikes nor shoots nor moves this turn: about a third of its
    worth, more if channelled; nothing if it is held already."""
    if lasting.carries(state, target, "transfix") or lasting.carries(state, target, "compel"):
        return 0.0
    share = 0.45 if chan else 0.3
    if target.done_moving and not state.engaged(target) and target.missile is None:
        share /= 3  # it already moved and will not fight: only its shooting or casting left
    return share * worth.of(target)


def _not_a_beast(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    """WB-MAG-02 (002:L1901): a War Beast itself ignores Immobilise and Compel (its leader
    may be targeted; the beast is then held indirectly: not played yet)."""
    return "war beast" not in target.triggers


def hold(state: BattleState, spell: Spell, target: ModelState, no_strike: bool = True) -> None:
    """Transfix's effects on ``target``; channelled: Fight and Attacks halved, rounded up."""
    bars = HELD if no_strike else HELD - {Bar.STRIKE}
    lasting.put(state, spell, target, bars=bars)
    if spell.channelled:
        fight, attacks = fight_base(state, target), attacks_base(state, target)
        lasting.put(state, spell, target, hook=Hook.FIGHT, value=halved_loss(fight))
        lasting.put(state, spell, target, hook=Hook.ATTACKS, value=halved_loss(attacks))


@power(
    "MAGIC-P-TRANSFIX",
    "transfix",
    "002:L2535-2541",
    Aim.ENEMY,
    Duration.TEMPORARY,
    eligible=_not_a_beast,
    worth=_hold_worth,
    aliases=("immobilise", "immobilise/transfix", "immobilize"),
)
def magic_p_transfix(state: BattleState, spell: Spell) -> None:
    """Until the end of the turn the target cannot move, shoot, cast, declare Heroic Actions
    or strike if it wins a fight. Channelled: its Attacks and Fight are also halved."""
    hold(state, spell, spell.target)


@power(
    "MAGIC-P-COMPEL",
    "compel",
    "002:L2555-2563",
    Aim.ENEMY,
    Duration.TEMPORARY,
    eligible=_not_a_beast,
    worth=_hold_worth,
    aliases=("command", "command/compel"),
)
def magic_p_compel(state: BattleState, spell: Spell) -> None:
    """The caster's player may move the target up to half its Move, even if it moved
    already, even into a charge (no Terror test), never over a jump or a climb
    (``compel_move``); then it cannot move again this turn and is Transfixed. Channelled:
    Fight and Attacks halved and no strikes (as Transfix's)."""
    compel_move(state, spell.caster, spell.target)
    spell.target.done_moving = True
    hold(state, spell, spell.target)


@dataclass(frozen=True, slots=True)
class CompelMove(Decision[MoveAction]):
    """MAGIC-P-COMPEL (002:L2557): where the caster's player moves the compelled enemy
    (a Move or a Charge within half its Move; Hold: it stays)."""

    caster: ModelState
    target: ModelState

    def default(self, state: BattleState) -> MoveAction:
        return Hold(self.target.uid)


def compel_move(state: BattleState, caster: ModelState, target: ModelState) -> None:
    """Ask the caster's player for the move and carry it out if legal. Not moved: an
    engaged or Prone target (the engine's moves never leave a fight; « se coucher » is
    forbidden, standing up not offered: data.ASSUMPTIONS "compel move")."""
    if state.players is None or target.prone or state.engaged(target):
        return
    with half_move(state, target):
        action = state.players[caster.player].decide(state, CompelMove(caster, target))
        if isinstance(action, Hold):
            return
        try:
            if not isinstance(action, Move | Charge) or action.model != target.uid:
                raise IllegalActionError(f"{target.uid}: {action!r} is no move of it")
            if crossings(state, target, action.to):
                raise IllegalActionError(f"{target.uid}: no jump nor climb when compelled")
            apply_action(state, target, action)
        except IllegalActionError as error:
            state.log.emit("refused", model=target.uid, reason=str(error))


# Models moved by a Compel/Command now (army rules that act only on the model's own moves)
COMPELLED: set[str] = set()


@contextmanager
def half_move(state: BattleState, target: ModelState) -> Iterator[None]:
    """For the time of a compelled move the target may move again, up to half its Move
    characteristic (what it spent on its own move is kept afterwards)."""
    done, spent = target.done_moving, target.spent
    target.done_moving, target.spent = False, 0.0
    target.spent = max(0.0, allowance(state, target) - target.profile.move / 2)
    COMPELLED.add(target.uid)
    try:
        yield
    finally:
        COMPELLED.discard(target.uid)
        target.done_moving = done
        target.spent = max(spent, target.spent)
