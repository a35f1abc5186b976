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
from battlesim.engines.sbg.rules.magic.harm import halved_loss, wound_chance
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, power
from battlesim.engines.sbg.rules.movement import apply_action

HELD = frozenset({Bar.MOVE, Bar.SHOOT, Bar.CAST, Bar.HEROIC, Bar.STRIKE})


WON_DUEL = 0.5  # the chance a held fighter would have won its fight
HELD_HERO = 0.08  # a Hero held: no Heroic Action, no casting, no Might on its rolls
IDLE_MOVE = 0.03  # a held model that would not fight: only its move is lost


def _hold_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    """A held enemy neither moves, shoots, casts, declares Heroic Actions nor strikes if it
    wins its fight this turn: worth the blows it would have struck at the best of our models
    it fights or may fight this turn (its Attacks, a fight won one time in two, each
    wounding as its Strength does), its shooting, and for a Hero its heroics. An enemy out of
    reach of any fight loses only its move. Channelled: half as much again. Nothing if it
    is held already."""
    if lasting.carries(state, target, "transfix") or lasting.carries(state, target, "compel"):
        return 0.0
    victims = worth.fights_ahead(state, target)
    value = 0.0
    if victims:
        attacks = attacks_base(state, target)
        value = max(
            attacks
            * WON_DUEL
            * wound_chance(state, target.profile.strength, m)
            * worth.per_wound(m)
            for m in victims
        )
        if target.profile.is_hero:
            value += HELD_HERO * worth.of(target)
    elif not target.done_moving:
        value = IDLE_MOVE * worth.of(target)
    if target.missile is not None:
        value += 0.3 * worth.per_wound(target)
    return value * (1.5 if chan else 1.0)


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


@contextmanager
def half_move(state: BattleState, target: ModelState) -> Iterator[None]:
    """For the time of a compelled move the target may move again, up to half its Move
    characteristic (what it spent on its own move is kept afterwards)."""
    done, spent = target.done_moving, target.spent
    target.done_moving, target.spent = False, 0.0
    target.spent = max(0.0, allowance(state, target) - target.profile.move / 2)
    try:
        yield
    finally:
        target.done_moving = done
        target.spent = max(spent, target.spent)
