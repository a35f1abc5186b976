"""War Beasts (checklist part 2 §3, 002:L1860-1927): the beast and the models in its howdah.

A War Beast is a model whose keywords hold "war beast" (WB-GEN-01). Plain data: the beast's
unit lists its riders under ``"crew"`` (``units.force_from_data``), the commander's entry
marked ``"commander": true``; its profile carries ``trample_hits``/``trample_strength`` and
its howdah's ``howdah_defence``/``howdah_wounds`` (``samples.HARAD_MUMAK``). Riders are
ordinary models of the force, linked by ``riding(ModelState)`` and ``BattleState.crews``
(commander first). They stand at the beast's centre, move with it and never touch another
base, so they are never engaged (WB-SHT-02, WB-CC-01) and enemies never reach them
(WB-GEN-05). Trample and stampede: ``phases/trample.py``; fights: ``phases/beast_fight.py``;
players' choices: ``beast_tactics.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.data import (
    CONTACT_TOLERANCE,
    HOWDAH_HEIGHT,
    IN_THE_WAY_SCORE,
    SURVIVOR_RING_STEP,
)
from battlesim.engines.sbg.core.paths import Point, point_distance, rotated, terrain_fits
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Removal, on
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.falling import fall
from battlesim.engines.sbg.rules.footing import keeps_footing
from battlesim.engines.sbg.rules.howdah import beast_turn, howdah, riding

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

WAR_BEAST = "war beast"
IMMOVABLE = "immovable object"
PANIC = "panic"
IMPLEMENTED = frozenset({"trample", "war beast", "immovable object", "irresistible force"})
_RINGS = 24  # rings searched for a fallen rider's spot (6 inches at 0.25 inch steps)
_ANGLES = 16


# --- composition: WB-GEN-01/02/05 ---------------------------------------------------------


def is_war_beast(model: ModelState) -> bool:
    """WB-GEN-01 (002:L1862): a special kind of Monster, named by its keyword."""
    return WAR_BEAST in model.profile.keywords


def immovable(model: ModelState) -> bool:
    """WB-CC-03 (002:L1919): War Beasts and models with the same "Immovable Object" rule."""
    return is_war_beast(model) or IMMOVABLE in model.triggers


def mount(state: BattleState, beast: ModelState, riders: Sequence[ModelState]) -> None:
    """WB-GEN-05 (002:L1870): the howdah models ride the beast, the commander first."""
    state.crews[beast.uid] = [r.uid for r in riders]
    for rider in riders:
        howdah(rider).riding = beast.uid
        howdah(rider).perch = HOWDAH_HEIGHT
        state.set_position(rider, beast.position)


def board(state: BattleState) -> None:
    """Mount every force's crews (after deployment); a beast without crew gets an empty
    howdah entry, so that Panic and falls know it."""
    for force in state.forces:
        for spec in force.models:
            model = state.models.get(spec.uid)
            if model is not None and is_war_beast(model):
                state.crews.setdefault(model.uid, [])
        for beast_uid, riders in force.crews:
            mount(state, state.models[beast_uid], [state.models[uid] for uid in riders])


def crew(state: BattleState, beast: ModelState) -> list[ModelState]:
    """The living models still in the beast's howdah, commander (or successor) first."""
    riders = (state.models[uid] for uid in state.crews.get(beast.uid, ()))
    return [m for m in riders if m.alive and riding(m) == beast.uid]


def leader(state: BattleState, beast: ModelState) -> ModelState | None:
    """WB-MOV-05 (002:L1884): the commander, or at once another howdah model if he died."""
    riders = crew(state, beast)
    return riders[0] if riders else None


def beast_of(state: BattleState, rider: ModelState) -> ModelState | None:
    ridden = riding(rider)
    return state.models.get(ridden) if ridden is not None else None


def uses_war_beast_move(state: BattleState, model: ModelState) -> bool:
    """True for a War Beast: it moves by trampling (WB-MOV-07/08), never by a plain move."""
    return model.uid in state.crews


# --- army accounting: WB-GEN-03/04 --------------------------------------------------------


def passes_broken_tests(model: ModelState) -> bool:
    """WB-GEN-03 (002:L1868): the beast and its riders pass Broken-army Courage tests."""
    return is_war_beast(model) or riding(model) is not None


# --- shooting: WB-MOV-05, WB-SHT-01/02, WB-DMG-03 ------------------------------------------


def crew_may_shoot(state: BattleState, rider: ModelState) -> bool:
    """WB-MOV-05: the model leading the beast cannot shoot; WB-DMG-03: nobody in the howdah
    shoots in a turn the beast panics. Others shoot freely (never in a fight, WB-SHT-02)."""
    beast = beast_of(state, rider)
    if beast is None:
        return True
    if howdah(beast).panicked_turn == state.turn:
        return False
    return leader(state, beast) is not rider


def hit_howdah(state: BattleState, shooter: ModelState, beast: ModelState) -> None:
    """L796: a shot stopped by an obstacle with Wounds may wound it: the missile's Strength
    against the howdah's Defence; at 0 Wounds the howdah is destroyed (WB-GEN-06)."""
    weapon = shooter.missile
    no_howdah = howdah(beast).howdah_wounds <= 0 or beast.profile.howdah_defence <= 0
    if weapon is None or no_howdah or not beast.alive:
        return
    defence = beast.profile.howdah_defence
    purpose = f"to wound howdah of {beast.uid} (S{weapon.strength} D{defence})"
    if not roll_to_wound(state, weapon.strength, defence, 0, purpose):
        return
    howdah(beast).howdah_wounds -= 1
    state.log.emit("howdah_wound", beast=beast.uid, wounds_left=howdah(beast).howdah_wounds)
    if howdah(beast).howdah_wounds == 0:
        destroy_howdah(state, beast)


def howdah_score() -> int:
    """WB-SHT-01 (002:L1907, L784): the howdah is always In The Way of a shot at a rider."""
    return IN_THE_WAY_SCORE["howdah"]


# --- Panic: WB-DMG-02/03/04 ---------------------------------------------------------------


# Rules of a War Beast that lower its Panic (stampede) tests: name -> points off the total
# (the War Mûmak's Foul Temperament, armies/evil/mumak_options.py)
PANIC_PENALTY: dict[str, int] = {}


def panic_test(state: BattleState, beast: ModelState, reason: str, now: bool = False) -> bool:
    """WB-DMG-02 (002:L1927): Courage of the model leading it (the beast's own if none); the
    leader's Will or Might may turn a failure (courage.heroic_courage;
    any leader: "the commander" or his successor, WB-MOV-05). A failure leaves the beast
    to the opponent in its next Move phase (WB-DMG-03); ``now``: the test is taken at the
    start of the beast's own move (empty howdah), whose move is then that panic move. A
    panic move still due is kept (a later failure does not put it off). Ambiguity 10: after
    a pass, later tests the same turn pass (L1212)."""
    if PANIC in beast.courage_passed:  # COUR-TEST (L1212): the same rule, the same turn
        state.log.emit("panic", beast=beast.uid, reason=reason, passed=True, auto="passed")
        return True
    tester = leader(state, beast) or beast
    penalty = sum(points for rule, points in PANIC_PENALTY.items() if rule in beast.triggers)
    passed = courage_test(state, tester, f"panic {beast.uid}: {reason}", penalty=penalty)
    if passed:
        beast.courage_passed.add(PANIC)
    elif not howdah(beast).panic_turn:
        howdah(beast).panic_turn = state.turn if now else state.turn + 1
    state.log.emit("panic", beast=beast.uid, reason=reason, tester=tester.uid, passed=passed)
    return passed


def crewless_test(state: BattleState, beast: ModelState) -> None:
    """WB-DMG-02/03: a test when the howdah has no crew at the start of the beast's move; as
    a pass lets it "act normally" (this move), a failure makes this move the panic move."""
    if not crew(state, beast):
        panic_test(state, beast, "no crew", now=True)


def stampede_controller(state: BattleState, beast: ModelState) -> int | None:
    """WB-DMG-03/04: the side moving a panicking beast this Move phase, or None. A beast
    already charged cannot make a panic move (WB-DMG-04, 002:L1889). ``panic_turn`` is the
    turn of the Move phase the panic move is due in (data.ASSUMPTIONS war-beast-panic)."""
    if not howdah(beast).panic_turn or howdah(beast).panic_turn > state.turn:
        return None
    if beast_turn(beast).was_charged or state.engaged(beast):
        return None
    return 1 - beast.player


def end_panic(state: BattleState, beast: ModelState) -> None:
    """WB-DMG-03: its crew cannot shoot this turn; at the end of the Move phase it returns
    to its owner (the flag is spent by the move)."""
    howdah(beast).panic_turn = 0
    howdah(beast).panicked_turn = state.turn
    state.log.emit("stampede", beast=beast.uid, controller=1 - beast.player)


def leave_table(state: BattleState, beast: ModelState) -> None:
    """WB-DMG-03: a panic move off the table removes the beast and all its crew."""
    for rider in crew(state, beast):
        state.remove(rider, Removal.FLED)
    state.remove(beast, Removal.FLED)


# --- falls: WB-DMG-01, WB-GEN-06 ----------------------------------------------------------


def unseat(state: BattleState, beast: ModelState, cause: str) -> None:
    """WB-DMG-01 (002:L1923) / WB-GEN-06 (L1870, L1925): every rider falls; survivors are
    placed as close as possible to the beast, prone (the fall leaves them prone)."""
    for rider in crew(state, beast):
        throw_off(state, beast, rider, cause)


def throw_off(state: BattleState, beast: ModelState, rider: ModelState, cause: str) -> None:
    """One rider leaves the howdah by falling (falling rule, XREF L635-637)."""
    howdah(rider).riding = None
    howdah(rider).perch = 0.0
    spot = ground_spot(state, beast, rider)
    if spot is None:
        state.log.emit("no_room", model=rider.uid, cause=cause)
        state.remove(rider, Removal.SLAIN)
        return
    state.move_to(rider, spot, "thrown from the howdah")
    fall(state, rider, HOWDAH_HEIGHT, cause)


# Army rules by which a howdah model climbs down at its own move, after its beast moved
# (Rappelling Lines): each answers whether the model now stands on the ground free to move.
LEAVE_HOWDAH: list[Callable[[BattleState, Player, ModelState], bool]] = []


def destroy_howdah(state: BattleState, beast: ModelState) -> None:
    """WB-GEN-06: a howdah at 0 Wounds is destroyed and all its models fall."""
    state.log.emit("howdah_destroyed", beast=beast.uid)
    unseat(state, beast, "howdah destroyed")


def ground_spot(state: BattleState, beast: ModelState, rider: ModelState) -> Point | None:
    """The nearest free spot round the beast: rings outward from base contact."""
    for ring in range(_RINGS):
        reach = beast.radius + rider.radius + CONTACT_TOLERANCE / 2 + ring * SURVIVOR_RING_STEP
        for k in range(_ANGLES):
            spot = rotated(beast.position, 2 * math.pi * k / _ANGLES, reach)
            if _free(state, rider, spot):
                return spot
    return None


def contact_spots(state: BattleState, beast: ModelState, rider: ModelState) -> list[Point]:
    """The free spots round the beast where ``rider``'s base touches its base."""
    reach = beast.radius + rider.radius + CONTACT_TOLERANCE / 2
    spots = (rotated(beast.position, 2 * math.pi * k / _ANGLES, reach) for k in range(_ANGLES))
    return [spot for spot in spots if _free(state, rider, spot)]


def _free(state: BattleState, model: ModelState, spot: Point) -> bool:
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    for other in state.living():
        if other is model or riding(other) is not None:
            continue
        if point_distance(spot, other.position) < model.radius + other.radius - 1e-6:
            return False
    return True


# --- magic hook points: WB-MAG-01..05 (no powers are played yet, data.ASSUMPTIONS) --------

_IGNORED_BY_BEAST = frozenset({"immobilise", "compel", "command", "shroud of shadows"})
_NEVER_MOVE_BEAST = frozenset({"sorcerous blast", "nature's wrath", "call winds"})


def power_affects(model: ModelState, power: str) -> bool:
    """WB-MAG-02/05: the beast ignores Immobilise and Command/Compel (they reach it only
    through its leader) and Shroud of Shadows; every power may target a rider (WB-MAG-01)."""
    return not (is_war_beast(model) and power.lower() in _IGNORED_BY_BEAST)


def power_may_move(model: ModelState, power: str) -> bool:
    """WB-MAG-03: Sorcerous Blast, Nature's Wrath and Call Winds never move the beast nor
    knock it prone; a rider is not moved by Sorcerous Blast either (WB-MAG-04)."""
    moved_by_power = is_war_beast(model) or riding(model) is not None
    return not (moved_by_power and power.lower() in _NEVER_MOVE_BEAST)


def blasted_rider(state: BattleState, rider: ModelState) -> None:
    """WB-MAG-04 (002:L1903): for the magic module: a rider hit by Sorcerous Blast rolls a
    D6: 1-3 knocked prone in place (it stands up as soon as it can, WB-MOV-04), 4-6 thrown
    off and falls."""
    beast = beast_of(state, rider)
    if beast is None:
        return
    (die,) = state.roll(1, f"blasted rider {rider.uid}")
    if die <= 3:
        if keeps_footing(state, rider, "sorcerous blast"):
            return
        rider.prone = True
        state.log.emit("knocked_prone", model=rider.uid, cause="sorcerous blast")
    else:
        throw_off(state, beast, rider, "thrown by sorcerous blast")


@on(On.WOUNDED, "war beast panic", order=10)
def _wounded_beast(state: BattleState, blow: Happening) -> None:
    if blow.model.uid in state.crews:
        panic_test(state, blow.model, "wounded")  # WB-DMG-02 (002:L1927)


@on(On.REMOVED, "war beast slain", order=20)
def _slain_beast(state: BattleState, blow: Happening) -> None:
    if state.crews.get(blow.model.uid):
        unseat(state, blow.model, "war beast slain")  # WB-DMG-01 (002:L1923)


def note_charge(state: BattleState, charger: ModelState) -> None:
    """WB-MOV-11 (002:L1895): a War Beast an enemy charges before it moved cannot move."""
    for enemy in state.contacts(charger):
        if is_war_beast(enemy) and not enemy.done_moving:
            beast_turn(enemy).was_charged = True
