"""Heroic Actions inside the phases (part 1 §9.4-9.12, 002:L1600-1730).

Heroes that declared a Heroic Move, Shoot or Combat act before the Priority order; a Hero's
call ("With Me!", "Forced March!", "Fire!") brings the friends within 6" along; a Heroic
Combat that slays every enemy lets its models move again; an accepted challenge is a fight
of the two Heroes alone. Declarations and effects are in ``heroic_actions.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core.actions import MoveOrder
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.phases.model_move import take_action
from battlesim.engines.sbg.rules import (
    master_of_battle,  # noqa: F401  (SR-MASTERBATTLE answers)
    movement,
    shooting,
)
from battlesim.engines.sbg.rules.challenges import rival_of
from battlesim.engines.sbg.rules.combats import Combat, split_combats
from battlesim.engines.sbg.rules.courage import broken_test
from battlesim.engines.sbg.rules.heroic_actions import (  # noqa: F401  (re-exported to phases)
    HEROIC_COMBAT,
    HEROIC_MARCH,
    HEROIC_MOVE,
    HEROIC_SHOOT,
    CallFriends,
    cancel,
    declarations,
    declare_all,
    declared,
    declared_by,
    follow_choice,
    friends_in_range,
    heeded,
    heroic_turn,
    march_bonus,
    resolution_order,
    roll_combat_bonuses,
    settle_challenges,
)
from battlesim.engines.sbg.rules.monsters.core import heroic_combat_mark

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

# --- Move phase: Heroic Move (HERO-HM-*) and Heroic March (HERO-HMA-*) -------------------


def run_heroic_moves(state: BattleState, players: tuple[Player, Player]) -> None:
    """HERO-HM-01 (002:L1602): declared Heroic Moves go before the Priority order, in the
    order of HERO-HA-06."""
    for declaration in resolution_order(state, declared(state, HEROIC_MOVE)):
        hero = state.models[declaration.hero]
        reason = _cannot_lead(state, hero)
        if reason is not None:
            cancel(state, declaration, reason)
        elif not broken_test(state, hero):
            cancel(state, declaration, "the Hero fled (HERO-HM-04)")
        else:
            lead(state, players, hero, HEROIC_MOVE)


def _cannot_lead(state: BattleState, hero: ModelState) -> str | None:
    if not hero.alive:
        return "the Hero was slain"
    if state.engaged(hero):
        return "charged before it moved (HERO-HM-02, HERO-HMA-02)"
    if hero.done_moving:
        return "the Hero already moved (HERO-HM-05)"
    return None


def leads_march(state: BattleState, model: ModelState) -> bool:
    """HERO-HMA-01: a Hero that declared a Heroic March, at its turn to move."""
    return bool(declarations(state)) and declared_by(state, model, HEROIC_MARCH) is not None


def lead(state: BattleState, players: tuple[Player, Player], hero: ModelState, action: str) -> None:
    """The Hero moves; if it calls "With Me!" (HERO-HM-03) or "Forced March!" (HERO-HMA-03)
    the friends within 6" of its starting position follow, ending within 6" of it. A War
    Beast never follows: only its own commander's Heroic Move or March moves it, by its
    trample (WB-MOV-05/06), and another Hero's call does not stop it either."""
    player = players[hero.player]
    calls = heeded(state, hero) and player.decide(state, CallFriends(hero, action))
    friends = [
        f
        for f in friends_in_range(state, hero)
        if movement.can_move(state, f) and f.uid not in state.crews  # WB-MOV-06 (L1886)
    ]
    choices = {f.uid: follow_choice(state, f, hero, action) for f in friends} if calls else {}
    friends = [f for f in friends if choices.get(f.uid) is not False]  # Cunning Mind: stays out
    take_action(state, players, hero)
    if not calls or not friends:
        return
    if not hero.alive:  # HERO-HMA-04: slain before finishing its move
        state.log.emit("heroic_cancelled", hero=hero.uid, action=action, reason="slain")
        return
    state.log.emit("rally", hero=hero.uid, action=action, models=[f.uid for f in friends])
    called = {f.uid for f in friends}
    for uid in player.decide(state, MoveOrder(hero.player)):
        friend = state.models[uid]
        if uid not in called or not movement.can_move(state, friend):
            continue
        if broken_test(state, friend):
            leashed = choices.get(uid) is None  # Cunning Mind: no range to keep
            _follow(state, players, hero, friend, action == HEROIC_MARCH, leashed)
    for friend in friends:
        friend.done_moving = True  # HERO-HM-03, HMA-05: in range and did not move: no move


def _follow(
    state: BattleState,
    players: tuple[Player, Player],
    hero: ModelState,
    friend: ModelState,
    march: bool,
    leashed: bool = True,
) -> None:
    heroic_turn(friend).leash = hero.uid if leashed else None
    if march:  # HERO-HMA-03/04: the bonus, and no charge
        heroic_turn(friend).march = march_bonus(friend)
        heroic_turn(friend).no_charge = True
    take_action(state, players, friend)
    heroic_turn(friend).leash = None


def end_move_phase(state: BattleState) -> None:
    """The march bonus and its ban on charging last for the Move phase only; a marching
    Hero charged before its move lost the March (HERO-HMA-02)."""
    for declaration in declared(state, HEROIC_MARCH):
        hero = state.models[declaration.hero]
        if hero.alive and not hero.moved and state.engaged(hero):
            cancel(state, declaration, "charged before it moved (HERO-HMA-02)")
    for model in state.living():
        heroic_turn(model).march = 0
        heroic_turn(model).no_charge = False
        heroic_turn(model).leash = None


# --- Shoot phase: Heroic Shoot and "Fire!" (HERO-HS-*) -----------------------------------

TakeShots = Callable[[BattleState, Any, ModelState], None]


def run_heroic_shoots(state: BattleState, players: tuple[Player, Player], take: TakeShots) -> None:
    """HERO-HS-01/02 (002:L1620-1624): the Hero shoots before the Priority order; with
    "Fire!" its friends within 6" shoot with it, and those that do not cannot shoot later."""
    for declaration in resolution_order(state, declared(state, HEROIC_SHOOT)):
        hero = state.models[declaration.hero]
        if not hero.alive or state.engaged(hero):
            cancel(state, declaration, "slain or engaged before shooting (HERO-HS-01)")
            continue
        player = players[hero.player]
        calls = heeded(state, hero) and player.decide(state, CallFriends(hero, HEROIC_SHOOT))
        friends = friends_in_range(state, hero) if calls else []
        friends = [f for f in friends if follow_choice(state, f, hero, HEROIC_SHOOT) is not False]
        if shooting.can_shoot(state, hero):
            take(state, player, hero)
        if friends:
            state.log.emit("fire", hero=hero.uid, models=[f.uid for f in friends])
        for friend in friends:
            if friend.alive and shooting.can_shoot(state, friend):
                take(state, player, friend)
            heroic_turn(friend).no_shoot = not friend.shot


# --- Fight phase: Heroic Combat (HERO-HC-*) and Heroic Challenge (HERO-HCHAL-*) ---------

FightOne = Callable[[BattleState, "Combat", Any], None]


def fight_heroic_combats(
    state: BattleState, players: tuple[Player, Player], combats: list[Combat], fight_one: FightOne
) -> list[Combat]:
    """HERO-HC-01..05 (002:L1638-1642): each Heroic Combat is fought first, in the order of
    HERO-HA-06; a Hero whose combat was already fought loses its action (HC-05). Then
    the combats are formed again (HC-04) and those with models still to fight returned."""
    declarations = declared(state, HEROIC_COMBAT)
    if not declarations:
        return combats
    for declaration in resolution_order(state, declarations):
        hero = state.models[declaration.hero]
        combat = next((c for c in combats if hero.uid in c.uids()), None)
        if not hero.alive or combat is None:
            cancel(state, declaration, "no combat left to fight first (HERO-HC-05)")
            continue
        for model in (combat.center, *combat.leaves):
            heroic_combat_mark(
                model
            ).heroic_combat = True  # MON-BPA-BARGE-06: no Barge for these this turn
        fight_one(state, combat, players)
        if hero.alive and not combat.side(1 - hero.player):
            _move_again(state, players, hero, combat)
        combats = _still_to_fight(state)
    state.log.emit("combats", combats=[c.uids() for c in combats], reformed=True)
    return combats


def _still_to_fight(state: BattleState) -> list[Combat]:
    """HERO-HC-04: the combats formed again; one whose models all fought is not fought
    again (data.ASSUMPTIONS "heroic-combat-move")."""
    combats = shape_challenges(state, split_combats(state))
    return [c for c in combats if not all(m.fought for m in (c.center, *c.leaves))]


def _move_again(
    state: BattleState, players: tuple[Player, Player], hero: ModelState, combat: Combat
) -> None:
    """HERO-HC-02/03: every enemy slain: the Hero, then its friends of the fight (not the
    spear or pike supporters), may move again, charges included; once per turn each."""
    friends = [m for m in combat.side(hero.player) if m is not hero]
    movers = [hero, *(friends if heeded(state, hero) else [])]  # RING-INV-06, HCHAL-03
    for model in movers:
        if not model.alive or heroic_turn(model).combat_moved or state.engaged(model):
            continue  # HC-03; still fighting another enemy: it cannot move (MOVE-CHG-03)
        if heroic_turn(model).stays:
            continue  # HERO-HR-02: a Hero that declared Heroic Resolve never moves this turn
        model.done_moving, model.spent = False, 0.0
        if not movement.can_move(state, model):
            model.done_moving = True  # e.g. a rider thrown in this fight (CAV-THROWN-01/02)
            continue
        heroic_turn(model).combat_moved = True
        state.log.emit("heroic_combat_move", model=model.uid, hero=hero.uid)
        take_action(state, players, model)
        model.fought = not state.engaged(model)  # a new charge is fought in its turn


def shape_challenges(state: BattleState, combats: list[Combat]) -> list[Combat]:
    """HERO-HCHAL-02: the combats of two Heroes in an accepted challenge become one in which
    only the two Heroes roll, add their Fight and strike."""
    for hero in state.living():
        rival = rival_of(state, hero)
        if rival is None or hero.uid > rival.uid or rival.uid not in state.touching[hero.uid]:
            continue
        joined = [c for c in combats if hero.uid in c.uids() or rival.uid in c.uids()]
        members = {m.uid: m for c in joined for m in (c.center, *c.leaves) if m is not hero}
        duel = Combat(
            hero, [members[u] for u in sorted(members)], only=frozenset({hero.uid, rival.uid})
        )
        combats = [c for c in combats if all(c is not j for j in joined)] + [duel]
    return combats
