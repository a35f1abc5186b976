"""Shooting (checklist part 1 §5, 002:L689-918; missile weapons part 2 §6): who may shoot, at whom,
and one shot from the To Hit roll to the wound. The Shoot phase (phases/shoot.py) runs it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core import effects, marks
from battlesim.engines.sbg.core.arms import MissileKind
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    notify,
    subscribed,
)
from battlesim.engines.sbg.core.units import Alignment
from battlesim.engines.sbg.rules import (
    cavalry,
    characteristics,
    one_ring,
    passengers,
    shot_lines,
    war_beasts,
    water,
)
from battlesim.engines.sbg.rules.chariots import chariot_of
from battlesim.engines.sbg.rules.combat import clamp_die, roll_to_wound
from battlesim.engines.sbg.rules.fortifications import shot_can_harm
from battlesim.engines.sbg.rules.heroic_actions import heroic_turn
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.one_ring import wears_ring
from battlesim.engines.sbg.rules.sight import can_see, ducking_friends, obstructions, small_fry
from battlesim.engines.sbg.rules.stealth import hidden_by_stealth
from battlesim.engines.sbg.rules.untouchable import (
    DISGUISES,
    disguised,
    disguised_from,
    spared,
    untouchable,
)

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.arms import MissileWeapon

# What a shot does to the model it hits (a wound roll unless a rule says otherwise)
OnHit = Callable[[BattleState, ModelState, ModelState], None]

TARGETS_CONSIDERED = 6  # nearest enemies in range examined for sight (speed; see report)
TARGETS_OFFERED = 3  # the search stops once this many legal targets are found


def can_shoot(state: BattleState, model: ModelState, weapon: MissileWeapon | None = None) -> bool:
    """SHOOT-ELIG-01/02/05/06/07 and MSL-BOW-01, MSL-XBOW-01, MSL-THROW-01; ``weapon``: a
    shot a rule treats as this weapon (a Dragon's breath, rules/special_shots.py)."""
    weapon = weapon or model.missile
    if weapon is None or model.shot or model.prone or model.leapt or state.engaged(model):
        return False
    if riding(model) is not None and not war_beasts.crew_may_shoot(state, model):
        return False  # WB-MOV-05, WB-DMG-03
    if heroic_turn(model).no_shoot:
        return False  # HERO-HS-02: in range of "Fire!" and did not shoot
    if cavalry.cannot_act(state, model):
        return False  # CAV-THROWN-01/02: thrown this turn
    if effects.barred(state, model, Bar.SHOOT):
        return False  # MAGIC-P-TRANSFIX: held by a power
    if not water.may_shoot(state, model):
        return False  # ADV-WATER-03: in deep water, or it swam this turn (002:L767)
    if weapon.kind is MissileKind.THROWING:
        return True
    if weapon.kind in (MissileKind.CROSSBOW, MissileKind.STONES):
        return not model.moved  # MSL-XBOW-01; SR-THROWSTONES (002:L2807): not moved at all
    chariot = chariot_of(model)
    if chariot is not None and chariot.bow_after_full_move:
        return True  # BSData 2d04-12f6-f278-6d1f Stable Platform: a bow after a full move
    return model.spent <= model.profile.move / 2 + 1e-9


def shots_allowed(state: BattleState, model: ModelState) -> int:
    """MSL-SLING-01 (002:L2162): a sling shoots twice if the model did not move; rules may
    add shots (SR-EXPSHOT)."""
    sling = model.missile is not None and model.missile.kind is MissileKind.SLING
    extra = modifier(Hook.EXTRA_SHOTS, HookContext(state, model))
    return (2 if sling and not model.moved else 1) + extra


def _targetable(state: BattleState, shooter: ModelState, target: ModelState) -> bool:
    """SHOOT-CMB-01 (002:L845): Good models may not shoot at engaged enemies; RING-INV-01
    (002:L2206): an invisible Ring-bearer cannot be targeted; SR-STEALTH, EQP-CLOAK-01."""
    if wears_ring(target) and one_ring.invisible_to(target, shooter):
        return False
    if untouchable(target) or spared(state, target, shooter.player):
        return False  # army rules: Tom is Master; Broken Mind (its own army never shoots it)
    if disguised(state, target, shooter.player):
        return False  # army rules: A Traitor Within (Gríma among the enemy)
    if marks.shrouded(state, target) and not one_ring.sees_invisible(shooter):
        return False  # MAGIC-P-SHROUD: cannot be targeted by shooting
    good = state.alignment(shooter.player) is Alignment.GOOD
    if good and state.engaged(target):
        return False
    return not hidden_by_stealth(state, shooter, target)


def is_legal_target(
    state: BattleState,
    shooter: ModelState,
    target: ModelState,
    weapon: MissileWeapon | None = None,
) -> bool:
    """SHOOT-ELIG-03 (002:L737, « choisissez simplement un ennemi parmi eux »): any enemy in range
    and in sight that the rules let it target, however many are nearer."""
    weapon = weapon or shooter.missile
    if weapon is None or target.player == shooter.player or not target.alive:
        return False
    if state.distance(shooter, target) > weapon.range + 1e-9:
        return False
    if state.structures and not shot_can_harm(weapon.strength, target):
        return False  # SIEGE-GATEATK-01: a shot of Strength 4 or less cannot harm a gate
    if shot_lines.screened(state, shooter, target, weapon.strength):
        return False  # BSData a4dc-4e53-02a8-ca97: a Ballista's bolt line screens it
    unseen = ducking_friends(state, shooter) | small_fry(state, target)
    visible = _targetable(state, shooter, target) and can_see(state, shooter, target, unseen)
    return visible and not _friends_block(state, shooter, target)


def legal_targets(
    state: BattleState,
    shooter: ModelState,
    weapon: MissileWeapon | None = None,
    offered: int = TARGETS_OFFERED,
) -> list[ModelState]:
    """SHOOT-ELIG-03/04: visible enemies in range (inclusive), nearest first: the few offered
    to players (a speed cap; ``is_legal_target`` accepts any other legal one). ``offered``
    stops the search sooner (a player asking only whether there is one, or the nearest: the
    first ones found are the same, without the sight lines to the others).

    SHOOT-ITW-05: a Good shooter cannot target an enemy with friends in the way.
    """
    weapon = weapon or shooter.missile
    if weapon is None:
        return []
    # the grid's cells within range (a superset, sorted below: no scan of every enemy)
    reach = weapon.range + shooter.radius + state.largest_radius + 0.01
    gaps = ((state.distance(shooter, e), e.uid, e) for e in _near_enemies(state, shooter, reach))
    in_range = sorted(item for item in gaps if item[0] <= weapon.range + 1e-9)
    found = []
    ducking = ducking_friends(state, shooter)
    for _, _, target in in_range[:TARGETS_CONSIDERED]:
        if state.structures and not shot_can_harm(weapon.strength, target):
            continue  # SIEGE-GATEATK-01: a shot of Strength 4 or less cannot harm a gate
        if shot_lines.screened(state, shooter, target, weapon.strength):
            continue  # BSData a4dc-4e53-02a8-ca97: a Ballista's bolt line screens it
        unseen = ducking | small_fry(state, target)  # SHOOT-ITW-06: models it ignores
        visible = _targetable(state, shooter, target) and can_see(state, shooter, target, unseen)
        if visible and not _friends_block(state, shooter, target):
            found.append(target)
        if len(found) >= offered:
            break
    return found


def _near_enemies(state: BattleState, model: ModelState, reach: float) -> list[ModelState]:
    enemy = 1 - model.player
    return [
        e
        for e in state.in_box(model.x - reach, model.y - reach, model.x + reach, model.y + reach)
        if e.player == enemy
    ]


def _friends_block(state: BattleState, shooter: ModelState, target: ModelState) -> bool:
    """SHOOT-ITW-05; A Traitor Within: no shot while a disguised enemy is In The Way."""
    good = state.alignment(shooter.player) is Alignment.GOOD
    hidden = {m.uid for m in disguised_from(state, shooter.player)} if DISGUISES else set()
    if not good and not hidden:
        return False
    for item in obstructions(state, shooter, target, frozenset()):
        if item.key in hidden:
            return True
        other = state.models.get(item.key)
        if good and other is not None and other.player == shooter.player:
            return True
    return False


# Tests by which shots hit a model only on a natural 6 (MAGIC-P-BLINDLIGHT is a mark; army
# rules add theirs: the Crebain's Clouds of Birds, the Shadow Lord's Pall of Darkness)
ONLY_SIXES_HIT: list[Callable[[BattleState, ModelState], bool]] = []


def only_sixes_hit(state: BattleState, target: ModelState) -> bool:
    return any(test(state, target) for test in ONLY_SIXES_HIT)


def to_hit_need(state: BattleState, shooter: ModelState, moving_penalty: bool = True) -> int:
    """SHOOT-HIT-01, SHOOT-MOVE-01 (002:L854-856): -1 to the Shoot value after moving."""
    penalty = 1 if shooter.moved and moving_penalty else 0
    worse = modifier(Hook.SHOOT_VALUE, HookContext(state, shooter))
    return min(6, max(1, characteristics.shoot_base(state, shooter) + worse + penalty))


# Army rules that let a model shoot again after a hit (Rapid Fire): each is given the
# shooter, the model just hit and how many shots the chain has had, and names the next
# target (or None).
FollowUp = Callable[[BattleState, ModelState, ModelState, int], "ModelState | None"]
FOLLOW_UPS: list[FollowUp] = []
# Army rules whose natural 6 To Hit wounds at once: no In The Way test, no To Wound (Deadeye)
SURE_WOUND_ON_SIX: set[str] = set()


def shoot(
    state: BattleState,
    shooter: ModelState,
    target: ModelState,
    moving_penalty: bool = True,
    on_hit: OnHit | None = None,
) -> None:
    """SHOOT-GEN-03: roll to hit, in-the-way tests, combat roll, roll to wound; then any
    shot an army rule adds after a hit (FOLLOW_UPS).

    ``moving_penalty=False``: a throw while charging has no -1 (MSL-THROW-02). ``on_hit``:
    what the shot does to the model it hits instead of wounding (a Dragon's breath).
    """
    weapon = shooter.missile
    if weapon is not None and shot_lines.stopped(state, shooter, target, weapon.strength):
        return  # BSData a4dc-4e53-02a8-ca97: a strong shot meeting a bolt line, 5+
    shots = 1
    while _shoot_once(state, shooter, target, moving_penalty, on_hit) and FOLLOW_UPS:
        following = [rule(state, shooter, target, shots) for rule in FOLLOW_UPS]
        found = next((m for m in following if m is not None), None)
        if found is None or not shooter.alive:
            return
        target, shots = found, shots + 1


def _shoot_once(
    state: BattleState,
    shooter: ModelState,
    target: ModelState,
    moving_penalty: bool,
    on_hit: OnHit | None = None,
) -> bool:
    """One shot; True if it hit."""
    (die,) = state.roll(1, f"to hit {shooter.uid}->{target.uid}")
    land = on_hit or _wound_with_missile
    if permitted(May.HIT_ON_TWO_REGARDLESS, HookContext(state, shooter, target)):
        return _sure_shot(state, shooter, target, die, land)
    bonus = modifier(Hook.TO_HIT, HookContext(state, shooter, target))
    need = to_hit_need(state, shooter, moving_penalty)
    grant = allowed(Roll.TO_HIT, HookContext(state, shooter, target))  # army rules
    if _rerolls_hit(grant, die, bonus, need):
        (die,) = state.roll(1, f"to hit {shooter.uid}->{target.uid} (re-roll)")
    # SHOOT-MOVE-01 and ambiguity A15: a natural 6 always hits. HERO-MIGHT-06 item 3: Might.
    score = 6 if die == 6 else clamp_die(die + bonus)
    if marks.blinded(state, target) or only_sixes_hit(state, target):  # only a natural 6
        hit = die == 6
    else:
        hit = boost(state, shooter, MightRoll.TO_HIT, score, need, target=target) >= need
    state.log.emit("shot", shooter=shooter.uid, target=target.uid, hit=hit)
    if subscribed(On.SHOT):
        notify(state, On.SHOT, Happening(shooter, count=die, other=target, passed=hit))
    if not hit:
        return False
    if on_hit is None and die == 6 and not SURE_WOUND_ON_SIX.isdisjoint(shooter.triggers):
        state.wound(target, f"shot by {shooter.uid}")  # Deadeye: "automatically suffers"
        return True
    victim = _through_the_way(state, shooter, target)
    if victim is not None and victim is target and state.engaged(target):
        victim = _into_combat(state, shooter, target)
    if victim is not None:
        land(state, shooter, victim)
    return True


def _rerolls_hit(grant: Reroll, die: int, bonus: int, need: int) -> bool:
    """A To Hit die re-rolled under a rule: a natural 1 (ONES) or any die that misses."""
    if grant is Reroll.ONES:
        return die == 1
    return grant is Reroll.FAILED and die != 6 and clamp_die(die + bonus) < need


def _sure_shot(
    state: BattleState, shooter: ModelState, target: ModelState, die: int, land: OnHit
) -> bool:
    """A shot that hits on 2+ "regardless of In The Way tests, if the target is Engaged in
    combat or any other factors including modifiers" (Deadly Shot's one shot)."""
    hit = die >= 2
    state.log.emit("shot", shooter=shooter.uid, target=target.uid, hit=hit, sure=True)
    if subscribed(On.SHOT):
        notify(state, On.SHOT, Happening(shooter, count=die, other=target, passed=hit))
    if hit:
        land(state, shooter, target)
    return hit


def _through_the_way(
    state: BattleState, shooter: ModelState, target: ModelState, reroll: bool = False
) -> ModelState | None:
    """SHOOT-ITW-02/03: one test per item, nearest first; a failure stops the shot there."""
    combat = frozenset(m.uid for m in state.contacts(target))
    for item in obstructions(state, shooter, target, combat):
        (die,) = state.roll(1, f"in the way {item.key} ({item.score}+)")
        again = reroll or heroic_turn(shooter).reroll_in_the_way
        if die < item.score and again:  # HERO-HAC-01/02
            (die,) = state.roll(1, f"in the way re-roll {item.key} ({item.score}+)")
        # HERO-MIGHT-03/06 item 3 (002:L1520, L1540): after any re-roll, Might may pass it.
        score = boost(state, shooter, MightRoll.IN_THE_WAY, die, item.score, target=target)
        if score >= item.score:
            continue
        state.log.emit("in_the_way_hit", shooter=shooter.uid, obstruction=item.key)
        hit = state.models.get(item.key)
        if hit is not None and untouchable(hit):
            return None  # Tom is Master: a missile that hits him disappears first
        return hit
    ridden = riding(target)
    if ridden is not None and riding(shooter) != ridden:
        score = war_beasts.howdah_score()  # WB-SHT-01 (002:L1907): always in the way
        (die,) = state.roll(1, f"in the way howdah of {ridden} ({score}+)")
        if die < score:
            state.log.emit("in_the_way_hit", shooter=shooter.uid, obstruction="howdah")
            war_beasts.hit_howdah(state, shooter, state.models[ridden])
            return None
    return target


def into_combat(state: BattleState, shooter: ModelState, target: ModelState) -> ModelState:
    """SHOOT-CMB-03 for other shots into a fight (a siege engine's, SE-SHOOT-05)."""
    return _into_combat(state, shooter, target)


def through_the_way(
    state: BattleState, shooter: ModelState, target: ModelState, *, reroll: bool = False
) -> ModelState | None:
    """SHOOT-ITW-02/03 for other shots (a siege engine's, SE-INWAY-01); ``reroll``: a rule
    re-rolls failed In The Way tests (The Black Arrow)."""
    return _through_the_way(state, shooter, target, reroll)


def _into_combat(state: BattleState, shooter: ModelState, target: ModelState) -> ModelState:
    """SHOOT-CMB-03 (002:L849): 1-3 the shooter's friend in the combat nearest it is hit."""
    friends = sorted(
        (point_distance(shooter.position, m.position), m.uid, m) for m in state.contacts(target)
    )
    (die,) = state.roll(1, f"shooting into combat {target.uid}")
    if die <= 3 and heroic_turn(shooter).reroll_in_the_way:  # HERO-HAC-01, ambiguity A18
        (die,) = state.roll(1, f"shooting into combat re-roll {target.uid}")
    if die <= 3 and friends:
        return friends[0][2]
    return target


# Army rules by which a shot hitting a model may hit what carries it instead (the Royal
# Palanquin): each is given (state, shooter, victim) and returns True if it took the hit.
SHOT_ABSORBERS: list[Callable[[BattleState, ModelState, ModelState], bool]] = []


def _wound_with_missile(state: BattleState, shooter: ModelState, victim: ModelState) -> None:
    """SHOOT-WND-01: the weapon's Strength against the victim's Defence; a hit on a cavalry
    model strikes the rider or the mount (CAV-SHOOT-02)."""
    assert shooter.missile is not None
    if any(rule(state, shooter, victim) for rule in SHOT_ABSORBERS):
        return  # an army rule's In The Way test gave the hit to what the model rides
    at_mount = cavalry.shot_part(state, victim) == cavalry.MOUNT
    if not at_mount and victim.mount is not None and passengers.SEATS.peek(state) is not None:
        hit = passengers.shot_at_rider(state, victim)  # ADV-PASS-06: 1-3 the passenger
        if hit is not victim:
            with passengers.exposed(state, hit):
                _wound_with_missile(state, shooter, hit)
            return
    if at_mount:
        defence = cavalry.mount_defence(victim, state)
    else:
        defence = characteristics.defence_value(state, victim, missile=True)
    bonus = modifier(Hook.WOUND_ROLL, HookContext(state, shooter, victim, {"missile": True}))
    strength = shooter.missile.strength
    purpose = f"to wound {shooter.uid}->{victim.uid} (S{strength} D{defence})"
    poisoned = shooter.missile.kind is MissileKind.BLOWPIPE  # MSL-BLOW-01: re-roll 1s
    grant = allowed(Roll.TO_WOUND_SHOOTING, HookContext(state, shooter, victim))
    poisoned = poisoned or grant is Reroll.ONES  # SR-POISON: poisoned arrows
    failed = grant is Reroll.FAILED  # army rules: "re-roll failed To Wound rolls" shooting
    if roll_to_wound(
        state,
        strength,
        defence,
        bonus,
        purpose,
        poisoned,
        roller=shooter,
        target=victim,
        reroll_failed=failed,
    ):
        extra = modifier(Hook.EXTRA_SHOT_WOUNDS, HookContext(state, shooter, victim))
        state.wound(victim, f"shot by {shooter.uid}", at_mount, count=1 + extra)
