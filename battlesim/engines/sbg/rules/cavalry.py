"""Cavalry rules (checklist part 1 §8, 002:L1260-1475; lances part 2 WPN-LANCE, SPS-CAV-01).

The rider and the mount are one ``ModelState`` (see ``mounts.py``); this module splits them:
wounds on the mount, the Thrown Rider table, riderless mounts, dismounting, the cavalry
charge bonus and knocking infantry to the ground, descents and failed leaps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core import names
from battlesim.engines.sbg.core.bases import MM_PER_INCH, mount_height_for
from battlesim.engines.sbg.core.data import (
    CONTACT_TOLERANCE,
    DESCENT_HIT_STRENGTH,
    EPSILON,
    THROWN_HIT_STRENGTH,
    THROWN_ON_FAILED_LEAP,
)
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier, register
from battlesim.engines.sbg.core.mounts import MountState, loose_profile
from battlesim.engines.sbg.core.paths import (
    circle_base,
    fan,
    near_terrain,
    point_distance,
    rotated,
    segment_box,
    terrain_cost,
    terrain_fits,
)
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Point,
    Removal,
    on,
)
from battlesim.engines.sbg.core.table import TerrainKind
from battlesim.engines.sbg.core.units import ModelSpec
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.chariots import CHARIOTS, chariot_of
from battlesim.engines.sbg.rules.combat import clamp_stat, roll_to_wound
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.falling import falling_hits
from battlesim.engines.sbg.rules.footing import keeps_footing
from battlesim.engines.sbg.rules.heroic_actions import wounded_only_on_sixes
from battlesim.engines.sbg.rules.heroics import fate_policy, fate_saves
from battlesim.engines.sbg.rules.kinds import MONSTER, immovable, sure_footed
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.muster import model_state
from battlesim.engines.sbg.rules.pools import Pool, available
from battlesim.engines.sbg.rules.rider_status import rider_turns

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

RIDER, MOUNT = "rider", "mount"
_DIFFICULT = frozenset({TerrainKind.DIFFICULT.value})


def is_cavalry(model: ModelState) -> bool:
    """CAV-DEF-01/04: mounted, or Cavalry by keyword (a Monster with a rider)."""
    return model.mount is not None or "cavalry" in model.profile.keywords


def mount_defence(model: ModelState, state: BattleState | None = None) -> int:
    """The mount's own Defence (barding included); the rider's modifiers (shields, Piercing
    Strike, SPS-CAV-01 002:L2080-2086) are the rider's alone, unless a rule of the rider
    says its steed has them too (Hook.MOUNT_DEFENCE, given ``state``)."""
    assert model.mount is not None
    bonus = 0 if state is None else modifier(Hook.MOUNT_DEFENCE, HookContext(state, model))
    return clamp_stat(model.mount.defence + bonus)


MONSTROUS_CHARGE = "monstrous charge"

# --- CAV-THROWN-01..04: the Thrown Rider table ----------------------------------------------


def thrown_rider_die(state: BattleState, rider: ModelState) -> int:
    """The one D6 of a Thrown Rider test. CAV-THROWN-04 (002:L1532): a Hero may spend Might
    on this die (might.boost): a 2 avoids the flying leap's fall."""
    (die,) = state.roll(1, f"thrown rider {rider.uid}")
    if die == 1 and allowed(Roll.THROWN_RIDER, HookContext(state, rider)) is not Reroll.NONE:
        (die,) = state.roll(1, f"thrown rider {rider.uid} (re-roll)")  # SR-EXPRIDER
    return boost(state, rider, MightRoll.THROWN_RIDER, die, 2)


def thrown_rider_test(state: BattleState, model: ModelState) -> None:
    """CAV-SHOOT-04, CAV-STRIKE-02 (002:L1354, L1419): the mount is slain; the rider tests and
    goes on foot where the cavalry model stood."""
    die = thrown_rider_die(state, model)
    state.log.emit("thrown_rider", model=model.uid, roll=die)
    unhorse(state, model)
    if die == 1 and not keeps_footing(state, model, "thrown rider"):
        flying_leap(state, model)  # CAV-THROWN-01 (002:L1357)
    elif die == 1:
        pass  # kept its footing: none of the Knocked Flying effects
    elif die <= 5:
        rider_turns(
            model
        ).thrown_turn = state.turn  # CAV-THROWN-02 (002:L1358): nothing else this turn
    # CAV-THROWN-03 (002:L1359): a 6 lands on its feet with no penalty


def thrown_off(state: BattleState, model: ModelState, cause: str) -> None:
    """A rule's Thrown Rider test while the mount lives (Tremendous Impact, BSData
    c8f1-e8b8-1755-4a12): the rider tests on the chart (``thrown_rider_test``) and the mount,
    riderless, tests to stay beside him (CAV-LOOSE-01)."""
    mount = model.mount
    assert mount is not None
    state.log.emit("thrown_off", model=model.uid, cause=cause)
    thrown_rider_test(state, model)
    _loose_beside(state, model, mount)


def flying_leap(state: BattleState, rider: ModelState) -> None:
    """CAV-THROWN-01: prone beside the mount, one Strength 3 hit, no move, shot or strike
    for the rest of the turn (it stays in its fight, prone)."""
    rider.prone = True
    rider_turns(rider).thrown_turn = state.turn
    defence = characteristics.defence_value(state, rider)
    purpose = f"thrown {rider.uid} (S{THROWN_HIT_STRENGTH} D{defence})"
    sixes = wounded_only_on_sixes(state, rider)  # HERO-HD-01: thrown in the Fight phase
    if roll_to_wound(state, THROWN_HIT_STRENGTH, defence, 0, purpose, natural_six=sixes):
        state.wound(rider, "thrown")


def cannot_act(state: BattleState, model: ModelState) -> bool:
    """CAV-THROWN-01/02: thrown this turn, so no move, no shot and no strike."""
    return rider_turns(model).thrown_turn == state.turn


# --- rider and mount part ways ----------------------------------------------------------------


def _refit(model: ModelState, spec: ModelSpec) -> None:
    """Give the model a new profile: weapons and triggers follow it (WPN-LANCE-02)."""
    fresh = model_state(spec, model.player, model.position)
    model.spec = spec
    model.weapon, model.missile, model.triggers = fresh.weapon, fresh.missile, fresh.triggers
    model.radius = fresh.radius


def drop_item(state: BattleState, model: ModelState, item: str) -> None:
    """The model drops a carried item (card wargear or bought option) for good: weapons and
    triggers follow (an army rule: a dismounted Khandish Horseman's bow or axe)."""
    profile = model.profile
    kept = replace(
        profile,
        wargear=tuple(w for w in profile.wargear if w != item),
        options=tuple(o for o in profile.options if o != item),
    )
    _refit(model, ModelSpec(model.uid, kept))
    state.refitted(model)
    state.log.emit("item_dropped", model=model.uid, item=item)


# Army rules told when a Cavalry model goes on foot (thrown, mount slain, dismounted)
ON_FOOT: list[Callable[[BattleState, ModelState], None]] = []
# Rules told when a Cavalry model's rider takes its last Wound (passengers.py)
RIDER_LOST: list[Callable[[BattleState, ModelState], None]] = []


def unhorse(state: BattleState, model: ModelState) -> MountState:
    """CAV-SHOOT-04 (002:L1354): the Infantry version replaces the cavalry model at its
    centre; it stays in its fight with the same enemies even without base contact."""
    mount = model.mount
    assert mount is not None
    engaged = set(state.touching[model.uid])
    _refit(model, ModelSpec(model.uid, mount.foot))
    model.mount, model.unhorsed = None, True
    state.set_position(model, model.position)
    for uid in engaged:
        if state.models[uid].alive:
            state.touching[model.uid].add(uid)
            state.touching[uid].add(model.uid)
    state.log.emit("unhorsed", model=model.uid, profile=mount.foot.name)
    for rule in ON_FOOT:
        rule(state, model)
    return mount


# A data mount's own rules that settle its riderless test without dice (mount_rules.py:
# Feral flees): canonical rule name -> whether it stays
RIDERLESS_STAYS: dict[str, bool] = {}


def mount_stays(state: BattleState, loose: ModelState, mount: MountState) -> bool:
    """CAV-LOOSE-01/02 (002:L1326-1330): a riderless mount tests its Courage at once; Fight 0
    or Attacks 0 flee without a test; a rule of the mount's own may settle it."""
    if mount.flees_alone:
        state.log.emit("mount_flees", model=loose.uid, auto=True)
        return False
    ruled = [RIDERLESS_STAYS.get(names.canonical(rule)) for rule in mount.profile.rules]
    answer = next((found for found in ruled if found is not None), None)
    if answer is not None:
        if not answer:
            state.log.emit("mount_flees", model=loose.uid, auto=True)
        return answer
    passed = courage_test(state, loose, "riderless mount")
    if not passed:
        state.log.emit("mount_flees", model=loose.uid, auto=False)
    return passed


def rider_slain(state: BattleState, model: ModelState, source: str) -> None:
    """The rider's last wound (CAV-SHOOT-03, CAV-STRIKE-03, 002:L1352, L1417): the mount is
    left riderless and stays only if it passes its test; else the whole model goes."""
    mount = model.mount
    assert mount is not None
    for rule in RIDER_LOST:
        rule(state, model)
    model.wounds -= 1
    state.log.emit("wound", model=model.uid, source=source, wounds_left=model.wounds)
    if state.forces[model.player].leader == model.uid:
        state.wounded_leaders.add(model.uid)
    if mount.slain or mount.flees_alone:
        state.remove(model, Removal.SLAIN)  # rider slain, mount dead or fled: a casualty
        return
    state.lose_parts(model.player, riders=1, mounts=0)
    state.log.emit("rider_slain", model=model.uid, source=source)
    _become_loose(model, mount)
    state.refitted(model)  # its base is the mount's now
    if not mount_stays(state, model, mount):
        state.remove(model, Removal.FLED)


def _become_loose(model: ModelState, mount: MountState) -> None:
    """CAV-LOOSE-01: the model becomes the riderless mount, with the mount's wounds."""
    _refit(model, ModelSpec(model.uid, loose_profile(mount, model.profile)))
    model.wounds, model.defence = mount.wounds, mount.defence
    model.mount, model.loose = None, True
    model.might = model.will = model.fate = 0


def wound_mount(state: BattleState, model: ModelState, source: str) -> None:
    """One wound on the mount; a slain mount throws its rider at once, or in a fight once
    every strike is resolved (CAV-STRIKE-02, 002:L1415, L1419)."""
    mount = model.mount
    assert mount is not None and not mount.slain
    mount.wounds -= 1
    state.log.emit("mount_wound", model=model.uid, source=source, wounds_left=mount.wounds)
    if not mount.slain:
        return
    state.lose_parts(model.player, riders=0, mounts=1)
    state.log.emit("mount_slain", model=model.uid, source=source)
    chariot = CHARIOTS.get(mount.profile.name)
    if chariot is not None and chariot.crew_lost:  # BSData a68c-6cf6-cbc4-de16
        state.remove(model, Removal.SLAIN, f"{source}: the chariot's crew are lost")
        return
    if state.phase is not Phase.FIGHT:
        thrown_rider_test(state, model)


def after_strikes(state: BattleState, models: list[ModelState]) -> None:
    """CAV-STRIKE-02: the Thrown Rider tests a fight owes, after all its strikes."""
    for model in models:
        if model.alive and model.mount is not None and model.mount.slain:
            thrown_rider_test(state, model)


def knocked_down(state: BattleState, model: ModelState, cause: str) -> None:
    """CAV-LOOSE-03/04 (002:L1332-1336), CAV-MOVE-05: a cavalry model knocked to the ground
    throws its rider as a 1 on the Thrown Rider table; the mount, riderless, tests."""
    state.log.emit("knocked_down", model=model.uid, cause=cause)
    model.prone = False
    mount = unhorse(state, model)
    _loose_beside(state, model, mount)
    if not keeps_footing(state, model, cause):  # else separated from its mount, standing
        flying_leap(state, model)


def _loose_beside(state: BattleState, rider: ModelState, mount: MountState) -> None:
    """The riderless mount stands as close to its rider as there is room if it passes its
    test, else it has fled. CAV-LOOSE-04 (002:L1336): in a fight it stays in that fight with
    its rider's enemies (data.ASSUMPTIONS "riderless-mount-room")."""
    spec = ModelSpec(f"{rider.uid}m", loose_profile(mount, rider.profile))
    loose = model_state(spec, rider.player, rider.position)
    loose.wounds, loose.defence, loose.loose = mount.wounds, mount.defence, True
    spot = _room_near(state, rider, loose.radius) if mount_stays(state, loose, mount) else None
    if spot is None:
        state.lose_parts(rider.player, riders=0, mounts=1)
        state.log.emit("mount_gone", model=rider.uid)
        return
    loose.x, loose.y = spot
    loose.done_moving = True  # CAV-LOOSE-06 (002:L1373): it does not move this phase
    state.spawn(loose)
    for uid in state.touching[rider.uid]:
        state.touching[loose.uid].add(uid)
        state.touching[uid].add(loose.uid)
    state.log.emit("riderless_mount", model=loose.uid, rider=rider.uid, at=list(spot))


_ROOM_RINGS = 13  # rings of 0.25 inch round the rider: the mount goes at most 3 inch away


def room_near(state: BattleState, rider: ModelState, radius: float) -> tuple[float, float] | None:
    """Where a base of ``radius`` set down beside the rider goes (a riderless mount, a
    passenger): the nearest free spot round it."""
    return _room_near(state, rider, radius)


def _room_near(state: BattleState, rider: ModelState, radius: float) -> tuple[float, float] | None:
    """The nearest free spot round the rider: touching it first, then ring by ring outwards
    (CAV-LOOSE-04: 'the minimum distance'). A rider not in a fight leaves its mount out of
    base contact with enemies: no model dismounts into combat (CAV-DISM-03, 002:L1373)."""
    apart = 0.0 if state.touching[rider.uid] else 2 * CONTACT_TOLERANCE
    near = [
        (o, radius + o.radius + (apart if o.player != rider.player else 0.0) - 1e-6)
        for o in state.living()
        if o is not rider
    ]
    for ring in range(_ROOM_RINGS):
        reach = rider.radius + radius + CONTACT_TOLERANCE / 2 + 0.25 * ring
        for angle in fan(0.0, 12, math.pi / 12):
            spot = rotated(rider.position, angle, reach)
            if not terrain_fits(state.table, spot, radius, state.width, state.depth):
                continue
            if all(point_distance(spot, o.position) >= gap for o, gap in near):
                return spot
    return None


# --- CAV-DISM-01..03: dismounting ----------------------------------------------------------


def dismount(state: BattleState, model: ModelState) -> None:
    """CAV-DISM-01/02 (002:L1365-1367): automatic, at the start of the model's move; the rider
    then moves with its own Move less what it has spent (CAV-DISM-02). Never from a fight
    (CAV-DISM-03, the engine's check); the mount becomes riderless (CAV-LOOSE-06)."""
    state.log.emit("dismount", model=model.uid)
    mount = unhorse(state, model)
    _loose_beside(state, model, mount)


# --- CAV-CHG-01..08, WPN-LANCE-01: the cavalry charge -----------------------------------------


def in_difficult_terrain(state: BattleState, model: ModelState) -> bool:
    """CAV-MOVE-04 (002:L1282): any part of the base in difficult terrain."""
    if state.table is None or not state.table.pieces:
        return False
    box = segment_box(model.position, model.position, model.radius)
    if not near_terrain(state.table, box, _DIFFICULT):
        return False  # the cheap bounding-box test answers most calls (speed)
    pieces = state.table.touching(model.position, circle_base(model.radius), 0.0)
    return any(piece.kind is TerrainKind.DIFFICULT for piece in pieces)


def rough_path(state: BattleState, model: ModelState, start: Point, end: Point) -> bool:
    """Does any part of the base touch difficult terrain along this straight move? (It then
    costs more than its length: CAV-MOVE-03.)"""
    cost = terrain_cost(state.table, start, end, model.radius, cavalry=True)
    return cost > point_distance(start, end) + EPSILON


def note_charge(state: BattleState, model: ModelState, start: Point, end: Point) -> None:
    """WPN-LANCE-01 (002:L2022): no lance bonus for a model that 'charged through difficult
    terrain'; CAV-MOVE-04 (002:L1282) names the lance among the charge bonuses lost in
    difficult terrain, so all of them go (data.ASSUMPTIONS "cavalry-charge")."""
    charger = model.mount is not None or MONSTROUS_CHARGE in model.triggers  # SR-MONCHARGE
    if charger and not sure_footed(model) and rough_path(state, model, start, end):
        rider_turns(model).rough_charge_turn = state.turn


def lance_allowed(state: BattleState, model: ModelState) -> bool:
    """WPN-LANCE-01 (002:L2022) and the charge bonuses' common conditions: mounted, charged
    this turn, neither through nor in difficult terrain (CAV-MOVE-04, CAV-CHG-04), not
    against a barrier defender (FIGHT-BAR-18, 002:L1425)."""
    mounted = model.mount is not None or MONSTROUS_CHARGE in model.triggers  # SR-MONCHARGE
    mounted = mounted or bool(model.triggers & CHARGES_AS_CAVALRY)
    if not mounted or not model.charged or model.uid in state.across:
        return False
    if rider_turns(model).rough_charge_turn == state.turn:
        return False
    return sure_footed(model) or not in_difficult_terrain(state, model)


# Rules by which a model on foot that charges gains the cavalry's knock to the ground "as if
# he were a Cavalry model" (the Shield of Cirith Ungol): the charge conditions are the
# cavalry's; no Extra Attack comes with it (that bonus is the "cavalry" trigger's)
CHARGES_AS_CAVALRY: set[str] = set()


# Rules by which the Cavalry fighting their carrier's fight (as a fighter or a supporter)
# gain neither the Extra Attack nor the knock-down of a charge (Frída's Readied Stance)
NO_CHARGE_BONUS: set[str] = set()


def start_fight(
    state: BattleState, members: list[ModelState], supporters: Sequence[ModelState] = ()
) -> None:
    """Decide the charge bonuses once, as the combat is resolved (CAV-CHG-02/03): only when
    every enemy in base contact is Infantry (not Cavalry)."""
    steady = {m.player for m in [*members, *supporters] if m.triggers & NO_CHARGE_BONUS}
    for model in members:
        model.lance_bonus = lance_allowed(state, model)
        enemies = state.contacts(model)
        # SR-MONCHARGE (b): a Monstrous Charge keeps its bonus against Cavalry
        monstrous = MONSTROUS_CHARGE in model.triggers
        infantry_only = not any(is_cavalry(e) for e in enemies)
        braced = 1 - model.player in steady
        model.charge_bonus = model.lance_bonus and (monstrous or infantry_only) and not braced
        if model.charge_bonus:
            state.log.emit("cavalry_charge", model=model.uid)


@register(Hook.ATTACKS, "cavalry")
def _extra_attack(context: HookContext) -> int:
    """CAV-CHG-05 (002:L1391-1393): +1 Attack for the Duel and the strikes."""
    return 1 if context.model.charge_bonus else 0


@register(Hook.ATTACKS, "monstrous charge")
def _monstrous_extra_attack(context: HookContext) -> int:
    """SR-MONCHARGE (002:L2741): the cavalry's Extra Attack after charging."""
    model = context.model
    return 1 if model.charge_bonus and "cavalry" not in model.triggers else 0


REGISTRY.register(MONSTROUS_CHARGE, kind=Kind.RULE, source="SR-MONCHARGE (002:L2741-2747)")


@register(Hook.WOUND_ROLL, "lance")
def _lance(context: HookContext) -> int:
    """WPN-LANCE-01 (002:L2022): +1 To Wound in melee after charging (both dice of 6/x)."""
    melee = not context.details.get("missile")
    return 1 if melee and context.model.lance_bonus else 0


def knockdown_immune(state: BattleState, target: ModelState) -> bool:
    """CAV-CHG-06/08 (002:L1397, L1804): Monsters and Strength 6+ are not knocked down
    (current Strength, with modifiers); MON-CAV-01: War Beasts neither (monsters.core)."""
    if "monster" in target.profile.keywords or knocked_down_by_charge_immune(target):
        return True
    return characteristics.strength_value(state, target) >= 6


def _strength(state: BattleState, model: ModelState) -> int:
    return characteristics.strength_value(state, model)


def _stands(state: BattleState, loser: ModelState, monstrous: int) -> bool:
    """Whether the charge leaves ``loser`` standing. SR-MONCHARGE (002:L2743, reading 28):
    a Monstrous Charge (Strength ``monstrous``, 0 without one) knocks down Infantry of any
    Strength, and Cavalry and Monsters of lower Strength (War Beasts never fall)."""
    if not monstrous:
        return knockdown_immune(state, loser)
    if immovable(loser):
        return True
    big = is_cavalry(loser) or "monster" in loser.profile.keywords
    return big and _strength(state, loser) >= monstrous


# Rules by which a winner that charged knocks every opponent to the ground, whatever its
# size (Smaug's Unstoppable Momentum)
CHARGE_KNOCKS_DOWN: set[str] = set()


def _knock_all(state: BattleState, losers: list[ModelState], trapped: set[str]) -> None:
    for loser in losers:
        if not loser.alive or immovable(loser) or loser.prone:
            continue
        if loser.mount is not None:
            knocked_down(state, loser, "unstoppable charge")
        else:
            loser.prone = True
            state.log.emit("knocked_down", model=loser.uid, cause="unstoppable charge")
        trapped.add(loser.uid)


def knock_to_ground(
    state: BattleState, winners: list[ModelState], losers: list[ModelState], trapped: set[str]
) -> None:
    """CAV-CHG-06/07 (002:L1397, L1411): a winner with its bonuses knocks every opponent
    prone after backing away; they count as trapped (FIGHT-TRAP-06). A winner that charged
    with a rule of ``CHARGE_KNOCKS_DOWN`` knocks down every opponent whatever its size, save
    what can never be knocked down (War Beasts: ``immovable``)."""
    if any(w.alive and w.charged and w.triggers & CHARGE_KNOCKS_DOWN for w in winners):
        _knock_all(state, losers, trapped)
        return
    if not any(w.charge_bonus and w.alive for w in winners):
        return
    monstrous = [
        w for w in winners if w.charge_bonus and w.alive and MONSTROUS_CHARGE in w.triggers
    ]
    might = max((_strength(state, w) for w in monstrous), default=0)
    for loser in losers:
        if not loser.alive or _stands(state, loser, might):
            continue
        if loser.mount is not None:
            knocked_down(state, loser, "cavalry charge")
        else:
            loser.prone = True
            state.log.emit("knocked_down", model=loser.uid, cause="cavalry charge")
        trapped.add(loser.uid)


# --- CAV-STRIKE-01, CAV-SHOOT-02: which part is hit -------------------------------------------


def strike_part(state: BattleState, player: Player, striker: ModelState, target: ModelState) -> str:
    """CAV-STRIKE-01 (002:L1415): the striker's choice, strike by strike (rider if refused)."""
    if target.mount is None or target.mount.slain:
        return RIDER
    choice = player.decide(state, ChooseStrikePart(striker, target))
    if choice not in (RIDER, MOUNT):
        state.log.emit("refused", model=striker.uid, reason=f"{choice!r} is not rider or mount")
        choice = RIDER
    chariot = chariot_of(target)
    if choice == RIDER and chariot is not None:  # Defensive Bulwark, The Chariot in Combat
        (die,) = state.roll(1, f"strike past the chariot {striker.uid}->{target.uid}")
        return RIDER if die >= chariot.strike_rider_from else MOUNT
    return choice


def shot_part(state: BattleState, target: ModelState) -> str:
    """CAV-SHOOT-02 (002:L1348): each hit on a cavalry model, D6: 1-3 mount, 4-6 rider.
    SR-MONCHARGE (c) (002:L2747, reading 28): a monstrous mount is In The Way of its rider,
    who is hit on a 5-6 only (1-4 the mount)."""
    if target.mount is None or target.mount.slain:
        return RIDER
    (die,) = state.roll(1, f"rider or mount {target.uid}")
    rider_from = MONSTROUS_RIDER_FROM if MONSTROUS_CHARGE in target.triggers else RIDER_FROM
    chariot = chariot_of(target)
    if chariot is not None:  # Defensive Bulwark, Large War Machine (chariots.py)
        rider_from = chariot.shot_rider_from
    return RIDER if die >= rider_from else MOUNT


RIDER_FROM = 4  # CAV-SHOOT-02: a shot hits the rider on 4-6
MONSTROUS_RIDER_FROM = 5  # SR-MONCHARGE (c): on 5-6 behind a monstrous mount


# --- CAV-MOVE-05..07: leaps, falls and descents -------------------------------------------------


def failed_leap(state: BattleState, model: ModelState) -> None:
    """CAV-MOVE-05 (002:L1286), ambiguity A29: after a 1 to Leap or Jump, a further D6 of 1
    throws the rider as a 1 on the Thrown Rider table."""
    (die,) = state.roll(1, f"thrown by the leap {model.uid}")
    if die <= THROWN_ON_FAILED_LEAP:
        knocked_down(state, model, "failed leap")


def mount_hits(state: BattleState, model: ModelState, hits: int, cause: str) -> None:
    """Strength 3 hits on the mount (CAV-MOVE-07); if it dies the rider suffers as many hits,
    then takes the Thrown Rider test (ambiguity A31)."""
    for k in range(hits):
        if model.mount is None or model.mount.slain:
            break
        defence = mount_defence(model)
        purpose = f"{cause} {model.uid} mount hit {k + 1} (S{DESCENT_HIT_STRENGTH} D{defence})"
        if roll_to_wound(state, DESCENT_HIT_STRENGTH, defence, 0, purpose):
            model.mount.wounds -= 1
            state.log.emit("mount_wound", model=model.uid, source=cause)
    if model.mount is None or not model.mount.slain:
        return
    state.lose_parts(model.player, riders=0, mounts=1)
    state.log.emit("mount_slain", model=model.uid, source=cause)
    for k in range(hits):
        defence = characteristics.defence_value(state, model)
        purpose = f"{cause} {model.uid} rider hit {k + 1} (S{DESCENT_HIT_STRENGTH} D{defence})"
        if model.alive and roll_to_wound(state, DESCENT_HIT_STRENGTH, defence, 0, purpose):
            state.wound(model, cause)
    if model.alive:
        thrown_rider_test(state, model)


def descent_hits(model: ModelState, drop: float) -> int:
    """CAV-MOVE-06/07 (002:L1304-1306): none up to the mount's height, else one plus one per
    whole inch beyond."""
    return falling_hits(drop, mount_height_for(model.profile.keywords))


def descend(state: BattleState, model: ModelState, drop: float) -> None:
    """CAV-MOVE-07: climbing down higher than the mount: no test, the mount takes the hits."""
    hits = descent_hits(model, drop)
    state.log.emit("cavalry_descent", model=model.uid, drop=round(drop, 3), hits=hits)
    mount_hits(state, model, hits, "descent")


def fall(state: BattleState, model: ModelState, drop: float, cause: str) -> None:
    """A mounted model that falls: the mount takes the falling hits (as CAV-MOVE-07); if it
    lives, the model is knocked to the ground (CAV-LOOSE-03, data.ASSUMPTIONS)."""
    mount_hits(state, model, descent_hits(model, drop), cause)
    if model.alive and model.mount is not None:
        knocked_down(state, model, cause)


def foot_radius(model: ModelState) -> float:
    """The radius the rider will have on foot (for players' room checks)."""
    assert model.mount is not None
    return model.mount.foot.base_mm / MM_PER_INCH / 2


@on(On.WOUNDING, "cavalry", order=10)
def _rider_and_mount(state: BattleState, blow: Happening) -> bool:
    """A Cavalry model's rider and mount have their own wounds: ``at_mount`` wounds the mount
    (CAV-SHOOT-02, CAV-STRIKE-01); a slain rider leaves a riderless mount (CAV-LOOSE-01),
    unless Fate saves him (HERO-FATE-04/05, 002:L1778)."""
    model, count = blow.model, blow.count
    if not (blow.at_mount or model.mount is not None and model.wounds <= count):
        return False
    if blow.at_mount:
        wound_mount(state, model, blow.source)
    elif not (
        available(state, model, Pool.FATE) > 0
        and fate_saves(state, model, fate_policy(state), count)
    ):
        rider_slain(state, model, blow.source)
    return True


def knocked_down_by_charge_immune(model: ModelState) -> bool:
    """MON-CAV-01, MON-BND-02 (002:L1804): a Monster charged by Cavalry is never knocked
    Prone (the charger keeps its Extra Attack and lance bonus); nor is a War Beast."""
    return MONSTER in model.triggers or immovable(model)


@on(On.FALLING, "cavalry", order=10)
def _mounted_fall(state: BattleState, happening: Happening) -> bool:
    if happening.model.mount is None:
        return False
    fall(state, happening.model, happening.amount, happening.source)
    return True


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseStrikePart(Decision[str]):
    """CAV-STRIKE-01: "rider" or "mount" of a cavalry target, per Attack."""

    striker: ModelState
    target: ModelState

    def default(self, state: BattleState) -> str:
        return RIDER


@dataclass(frozen=True, slots=True)
class ChooseDismount(Decision[bool]):
    """CAV-DISM-01: does this mounted model dismount as its move starts?"""

    model: ModelState

    def default(self, state: BattleState) -> bool:
        return False
