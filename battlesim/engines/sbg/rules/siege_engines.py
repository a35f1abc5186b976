"""Siege Engines in battle (checklist part 2 §11, 002:L3020-3174): who may fire one, at what,
the Scatter table, and what its hit does.

The engine is a model of its side (``core/units.engine_profile``): it has a base, Defence and
Wounds, so it is shot at like any model (SE-ATK-01); it never moves by itself, holds no
control zone, is never knocked down, charged, counted for the Break nor for objectives
(SE-MOVE-01, SE-ATK-03, SE-COUR-01, SE-DEPLOY-03, the rules asking ``siege_crew.is_engine``).
Its shot is taken in its side's Shoot phase (``phases/shoot.py``) before its models shoot.
The engine's own rules come from its card's data (BattleScribe rule ids in ``source``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar, barred
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Removal, on
from battlesim.engines.sbg.core.units import GATE, RALLYING_POINT, SIEGE_ENGINE, Alignment, ModelId
from battlesim.engines.sbg.rules import cavalry, characteristics, shot_lines
from battlesim.engines.sbg.rules.characteristics import strength_base
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.fortifications import GREAT_GATE
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.kinds import immovable, man_sized
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.monsters import hurl
from battlesim.engines.sbg.rules.monsters.core import hit, knock_prone
from battlesim.engines.sbg.rules.shooting import into_combat, through_the_way
from battlesim.engines.sbg.rules.siege_crew import (
    WINDLANCE,
    is_engine,
    is_structure,
    trained_crew,
)
from battlesim.engines.sbg.rules.sight import can_see
from battlesim.engines.sbg.rules.untouchable import disguised

RANGE = 48.0  # SE-SHOOT-03 (002:L3049)
SHORT_RANGE = 24.0  # BSData "Short Range" (d05d-2364-2774-bee4)
INDIRECT_RANGE = (12.0, 96.0)  # BSData "Indirect Fire" (fd67-b261-f3fd-d070)
SUPERIOR_RANGE = 12.0  # SE-UPG-RANGE (002:L3170)
SCATTER_REACH = 6.0  # SE-SCATTER-01 (002:L3088-3092)
ACCURATE_REACH = 3.0  # BSData "Accurate" (3cb0-101f-89f9-6c6a)
AREA_REACH, AREA_STRENGTH = 2.0, 5  # BSData "Area Effect" (b7ec-80ee-e92d-f4f9)
INEXPERIENCED_NEED = 6  # SE-INEXP-01 (002:L3120)
HALF_WOUNDS_DEFENCE, HALF_WOUNDS_WOUNDS = 10, 10  # SE-WOUND-03 (002:L3100), reading 31

AREA_EFFECT = "area effect"
INDIRECT_FIRE = "indirect fire"
WALL_BREAKER = "wall-breaker"
ACCURATE = "accurate"
SHORT = "short range"
FLAMING = "flaming ammunition"
SUPERIOR = "superior construction"
SWIFT_RELOAD = "swift reload"
RAPID_FIRE = "rapid fire"
PIERCING = "piercing shot"
HEADS = "severed heads"
RELIABLE = "reliable"  # BSData 07e9-d548-6806-d492 (Iron Hills Ballista)
TREMENDOUS = "tremendous impact"  # BSData c8f1-e8b8-1755-4a12 (Iron Hills Ballista)
TWIRLY = "the old twirly whirlies"  # BSData a4dc-4e53-02a8-ca97 (Iron Hills Ballista)
IMPACT_REACH, IMPACT_STRENGTH = 2.0, 4  # BSData c8f1-e8b8-1755-4a12
PIERCING_STRENGTH, FLUNG_STRENGTH, FLUNG_MAX_STRENGTH = 9, 6, 5  # BSData 9ab3-1e2b-0a19-417b
HEADS_STRENGTH, HEADS_REACH = 3, 2.0  # SE-UPG-HEADS (002:L3166)
VOLLEY_NAMES = ("catapult", "trebuchet")  # SE-VOLLEY-01 (002:L3057)

for _name, _source in (
    (AREA_EFFECT, "BSData b7ec-80ee-e92d-f4f9 (SE-WOUND-05, 002:L3104-3106)"),
    (INDIRECT_FIRE, "BSData fd67-b261-f3fd-d070 (SE-VOLLEY-01, 002:L3057)"),
    (WALL_BREAKER, "BSData 455c-ce02-b279-7c7a"),
    (ACCURATE, "BSData 3cb0-101f-89f9-6c6a"),
    (SHORT, "BSData d05d-2364-2774-bee4"),
    (FLAMING, "SE-UPG-FLAME (002:L3162)"),
    (SUPERIOR, "SE-UPG-RANGE (002:L3170)"),
    (SWIFT_RELOAD, "SE-UPG-RELOAD (002:L3174), BSData 575e-8ca9-7dac-9a71"),
    (RAPID_FIRE, "BSData 587f-bed7-9efd-eafb (Avenger Bolt Thrower)"),
    (PIERCING, "BSData 9ab3-1e2b-0a19-417b"),
    (HEADS, "SE-UPG-HEADS (002:L3166)"),
    (RELIABLE, "BSData 07e9-d548-6806-d492"),
    (TREMENDOUS, "BSData c8f1-e8b8-1755-4a12"),
    (TWIRLY, "BSData a4dc-4e53-02a8-ca97, READINGS"),
    (SIEGE_ENGINE, "SE-PROF-01 (002:L3022-3027)"),
    (WINDLANCE, "BSData 4741-f743-34e6-9196"),
    ("windlance", "BSData 4741-f743-34e6-9196 (the option that buys The Windlance)"),
):
    REGISTRY.register(_name, kind=Kind.RULE, source=_source)


@grant(May.BE_CHARGED, SIEGE_ENGINE, source="SE-ATK-03 (002:L3132-3134), reading 32")
def _never_charged(_context: object) -> bool:
    """Reading 32: the text describes no melee against an engine; it is never charged."""
    return False


@on(On.KNOCKED_DOWN, "siege engine stands", order=0, trigger=SIEGE_ENGINE)
def _never_prone(_state: BattleState, _happening: Happening) -> bool:
    """SE-ATK-03 (002:L3132): « ne peut jamais être mis à terre »."""
    return True


# --- who fires it -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Crewing:
    """The models firing the engine this turn (SE-SHOOT-01/02, SE-INEXP-01, SE-UPG-TROLL)."""

    trained: tuple[ModelState, ...]
    inexperienced: tuple[ModelState, ...]
    troll: ModelState | None

    @property
    def operators(self) -> tuple[ModelState, ...]:
        return self.trained + self.inexperienced

    def need(self, state: BattleState) -> int:
        """SE-SHOOT-04: the best Shoot value of the trained crew not engaged; SE-INEXP-01:
        only a 6 when more inexperienced than trained crew (equal numbers: reading)."""
        if len(self.inexperienced) > len(self.trained) or not self.trained:
            return INEXPERIENCED_NEED
        return min(characteristics.shoot_base(state, m) for m in self.trained)

    def veteran(self) -> ModelState | None:
        """SE-VET-01, SE-UPG-ENGCAPT: the trained Hero who may spend Might on its rolls."""
        return next((m for m in self.trained if m.profile.is_hero and m.might > 0), None)


def is_large(engine: ModelState) -> bool:
    """SE-SHOOT-02: the card's size; The Windlance (BSData 4741-f743-34e6-9196) "is a small
    Siege Engine"."""
    return "large" in engine.profile.keywords and WINDLANCE not in engine.triggers


def crew_size(engine: ModelState) -> int:
    """SE-SHOOT-01/02 (002:L3043, L3047): two crew, one for a Small engine."""
    return 2 if is_large(engine) else 1


def _able(state: BattleState, engine: ModelState, model: ModelState) -> bool:
    """SE-SHOOT-01: on foot, unengaged, standing, free to move, in base contact; SE-CREW-02:
    one engine a turn (a crewman who shot already is spent)."""
    return (
        model.alive
        and model.mount is None
        and not model.prone
        and not model.shot
        and not state.engaged(model)
        and not barred(state, model, Bar.MOVE)
        and state.in_contact(model, engine)
    )


def crewing(state: BattleState, engine: ModelState) -> Crewing | None:
    """The crew that may fire ``engine`` now, or None (SE-SHOOT-01: not if it moved, or with
    too few able crew; SE-ATK-01: not once destroyed)."""
    if not engine.alive or engine.moved or engine.shot:
        return None
    near = state.near(engine.x, engine.y, engine.radius + 2.0, engine.player)
    able = [m for m in near if m is not engine and not is_structure(m) and _able(state, engine, m)]
    troll = next((m for m in able if "troll" in m.profile.keywords), None)
    hands = [m for m in able if m is not troll]
    own = trained_crew(state, engine.player)
    trained = tuple(m for m in hands if m.uid in own)
    extra = tuple(m for m in hands if m.uid not in own)
    size = crew_size(engine)
    if len(trained) + len(extra) < size:
        return None
    # Trained crew first: helpers are called in only to make up the number (SE-SHOOT-01).
    helpers = extra[: max(0, size - len(trained))]
    return Crewing(trained, helpers, troll)


# --- range, targets ----------------------------------------------------------------------


def reach(engine: ModelState) -> tuple[float, float]:
    """The engine's least and greatest range (SE-SHOOT-03, Short Range, Indirect Fire,
    SE-UPG-RANGE)."""
    low, high = (0.0, RANGE)
    if SHORT in engine.triggers:
        high = SHORT_RANGE
    if INDIRECT_FIRE in engine.triggers:
        low, high = INDIRECT_RANGE
    if SUPERIOR in engine.triggers or WINDLANCE in engine.triggers:
        high += SUPERIOR_RANGE  # the Windlance "with the Superior Construction upgrade"
    return low, high


def volley(engine: ModelState) -> bool:
    """SE-VOLLEY-01 (002:L3057): catapults and trebuchets, and engines whose rules say so
    (Indirect Fire; The Old Twirly Whirlies: "the Ballista follows the rules for Volley
    Fire")."""
    name = engine.profile.name.lower()
    if INDIRECT_FIRE in engine.triggers or TWIRLY in engine.triggers:
        return True
    return any(word in name for word in VOLLEY_NAMES)


def siege_target(model: ModelState) -> bool:
    """SE-TGT-01 (002:L3063-3068): Mûmakil, Large engines and great gates are Siege
    targets; Infantry, Cavalry, Monsters, Small engines and doors are Battlefield targets."""
    if is_engine(model):
        return is_large(model)
    if GATE in model.triggers:
        return GREAT_GATE in model.triggers
    return "war beast" in model.triggers


def _sees(state: BattleState, engine: ModelState, crew: Crewing, target: ModelState) -> bool:
    """SE-SHOOT-01: sight from any crewman; SE-VOLLEY-01: a volley, from any friend."""
    ignore = frozenset({engine.uid, *(m.uid for m in crew.operators)})
    if any(can_see(state, m, target, ignore) for m in crew.operators):
        return True
    if not volley(engine):
        return False
    return any(can_see(state, m, target, ignore) for m in _friends_near(state, engine, target))


def _friends_near(state: BattleState, engine: ModelState, target: ModelState) -> list[ModelState]:
    friends = [m for m in state.living(engine.player) if not is_structure(m)]
    return sorted(friends, key=lambda m: state.distance(m, target))[:6]  # nearest: speed


def legal_target(state: BattleState, engine: ModelState, crew: Crewing, target: ModelState) -> bool:
    """SE-SHOOT-03: an enemy within range and seen; SHOOT-CMB-01: a Good engine no engaged
    enemy; SE-GOOD-01 (002:L3080): nor one whose area of effect holds a friend, nor with a
    friend in the way of a shot that is no volley."""
    if not target.alive or target.player == engine.player:
        return False
    if disguised(state, target, engine.player):
        return False  # army rules: A Traitor Within
    if RALLYING_POINT in target.triggers:
        return False  # SIEGE-RALLY-01: only its own rule destroys it (READINGS)
    low, high = reach(engine)
    if not low - 1e-9 <= state.distance(engine, target) <= high + 1e-9:
        return False
    if shot_lines.screened(state, engine, target, engine.profile.strength):
        return False  # BSData a4dc-4e53-02a8-ca97: another Ballista's bolt line
    if state.alignment(engine.player) is Alignment.GOOD and _risks_friends(state, engine, target):
        return False
    return _sees(state, engine, crew, target)


def _risks_friends(state: BattleState, engine: ModelState, target: ModelState) -> bool:
    if state.engaged(target):
        return True
    if AREA_EFFECT in engine.triggers and any(
        not is_structure(m) for m in _around(state, target, AREA_REACH, engine.player)
    ):
        return True
    if volley(engine):
        return False
    from battlesim.engines.sbg.rules.sight import obstructions  # noqa: PLC0415 (speed)

    return any(
        getattr(state.models.get(item.key), "player", None) == engine.player
        for item in obstructions(state, engine, target, frozenset())
    )


def legal_targets(state: BattleState, engine: ModelState, crew: Crewing) -> list[ModelState]:
    """The enemies the engine may fire at, nearest first."""
    enemies = sorted(state.enemies(engine), key=lambda e: (state.distance(engine, e), e.uid))
    return [e for e in enemies if legal_target(state, engine, crew, e)]


def _around(
    state: BattleState, model: ModelState, reach_: float, player: int | None = None
) -> list[ModelState]:
    """Living models (of ``player``) within ``reach_`` of ``model``, itself excluded."""
    found = state.near(model.x, model.y, reach_ + model.radius + state.largest_radius, player)
    return [m for m in found if m is not model and state.distance(m, model) <= reach_ + 1e-9]


# --- firing --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EngineShot:
    """A special shot the crew declare before rolling To Hit (The Black Arrow)."""

    name: str
    reroll_to_hit: bool = False
    reroll_in_the_way: bool = False
    dead_on: bool = False  # no Scatter roll: a hit on a Battlefield target is a Dead On!


# Army rules that let a crewman declare a special shot instead of shooting the engine
# normally (rules/armies/good/windlance.py): each returns the shot, or None.
DeclareShot = Callable[[BattleState, ModelState, Crewing, ModelState], EngineShot | None]
DECLARED_SHOTS: list[DeclareShot] = []


def _declared(
    state: BattleState, engine: ModelState, crew: Crewing, target: ModelState
) -> EngineShot | None:
    for declare in DECLARED_SHOTS:
        shot = declare(state, engine, crew, target)
        if shot is not None:
            state.log.emit("engine_special_shot", engine=engine.uid, shot=shot.name)
            return shot
    return None


def fire(state: BattleState, engine: ModelState, crew: Crewing, target: ModelState) -> None:
    """SE-SHOOT-01: the engine's one shooting attack this turn; the crew used are spent."""
    spend_shot(engine, crew)  # SE-CREW-02: one engine a turn; it was their shooting attack
    state.log.emit(
        "engine_fires",
        engine=engine.uid,
        target=target.uid,
        crew=[m.uid for m in crew.operators],
        inexperienced=[m.uid for m in crew.inexperienced],
    )
    if shot_lines.stopped(state, engine, target, engine.profile.strength):
        return  # BSData a4dc-4e53-02a8-ca97: a bolt line stops it on a 5+
    if RAPID_FIRE in engine.triggers:
        _volley_of_bolts(state, engine, crew, target)
        return
    shot = _declared(state, engine, crew, target)
    if not _hits(state, engine, crew, target, reroll=shot is not None and shot.reroll_to_hit):
        return
    land(state, engine, crew, target, shot)


def land(
    state: BattleState,
    engine: ModelState,
    crew: Crewing,
    target: ModelState,
    shot: EngineShot | None = None,
) -> None:
    """A shot that hit: Scatter (a Battlefield target), In The Way (no volley), into a
    fight, then what it does to the model it falls on (SE-SCATTER-01, SE-WOUND-*);
    ``shot``: the special shot the crew declared, if any."""
    victim: ModelState | None = target
    if not siege_target(target) and not (shot is not None and shot.dead_on):
        victim = _scatter(state, engine, crew, target)
    if victim is None:
        state.log.emit("engine_missed", engine=engine.uid)
        return
    if not volley(engine) and victim is target:
        shooter = crew.operators[0]
        again = shot is not None and shot.reroll_in_the_way
        victim = through_the_way(state, shooter, target, reroll=again)  # SE-INWAY-01
        if victim is None:
            return
    if state.engaged(victim):
        victim = into_combat(state, crew.operators[0], victim)  # SE-SHOOT-05
    if TWIRLY in engine.triggers:
        shot_lines.draw(state, engine, victim, f"the old twirly whirlies of {engine.uid}")
    around = _around(state, victim, IMPACT_REACH) if TREMENDOUS in engine.triggers else []
    battlefield = not siege_target(victim)
    _strike(state, engine, crew, victim)
    if battlefield and around:
        _tremendous_impact(state, engine, around)


def _hits(
    state: BattleState,
    engine: ModelState,
    crew: Crewing,
    target: ModelState,
    reroll: bool = False,
) -> bool:
    return engine_hits(state, engine, crew, target.uid, target, reroll)


def engine_hits(
    state: BattleState,
    engine: ModelState,
    crew: Crewing,
    aim: str,
    target: ModelState | None = None,
    reroll: bool = False,
) -> bool:
    """SE-SHOOT-04: To Hit with the crew's best Shoot value; SE-UPG-TROLL: a Troll in
    contact re-rolls a miss (``reroll``: a declared shot does); SE-VET-01: the veteran's
    Might, after any re-roll. ``aim`` names what is shot at (a model's id, or a point an
    army rule nominates)."""
    need = crew.need(state)
    (die,) = state.roll(1, f"engine to hit {engine.uid}->{aim} ({need}+)")
    if die < need and (crew.troll is not None or reroll):
        who = f"troll {crew.troll.uid}" if crew.troll is not None else "declared shot"
        (die,) = state.roll(1, f"engine to hit re-roll ({who})")
    elif die == 1 and RELIABLE in engine.triggers:  # BSData 07e9-d548-6806-d492
        (die,) = state.roll(1, f"engine to hit re-roll (reliable {engine.uid})")
    veteran = crew.veteran()
    if die < need and veteran is not None:
        die = boost(state, veteran, MightRoll.TO_HIT, die, need, target=target)
    hit = die >= need
    state.log.emit("engine_shot", engine=engine.uid, target=aim, hit=hit)
    return hit


def spend_shot(engine: ModelState, crew: Crewing) -> None:
    """SE-SHOOT-01, SE-CREW-02: the engine's one shooting attack this turn is used, and so
    is the crew's."""
    engine.shot = True
    for model in crew.operators:
        model.shot = True


def _scatter(
    state: BattleState, engine: ModelState, crew: Crewing, target: ModelState
) -> ModelState | None:
    """SE-SCATTER-01 (002:L3088-3092): 1 the opponent may pick one of the shooter's models
    within 6" (3" Accurate), else a miss; 2-5 he may pick another of his own within 6" that
    the engine sees, or keep the target; 6 the target. A Troll re-rolls (SE-UPG-TROLL), the
    veteran may spend Might (SE-VET-01)."""
    (die,) = state.roll(1, f"scatter {engine.uid}->{target.uid}")
    troll = die < 6 and crew.troll is not None and state.players is not None
    if troll and state.players[engine.player].decide(state, RerollScatter(engine, die)):
        (die,) = state.roll(1, f"scatter re-roll (troll of {engine.uid})")
    veteran = crew.veteran()
    if die < 6 and veteran is not None:
        die = boost(state, veteran, MightRoll.RULE, die, 6, target=target)
    state.log.emit("scatter", engine=engine.uid, target=target.uid, die=die)
    if die >= 6:
        return target
    ridden = riding(target)
    if ridden is not None:  # WB-SHT-01 (002:L1907), reading 9: any scatter hits the beast
        return state.models[ridden]
    narrow = ACCURATE in engine.triggers or RELIABLE in engine.triggers  # 3", not 6"
    spread = ACCURATE_REACH if narrow else SCATTER_REACH
    opponent = target.player
    if die == 1:
        options = [m for m in _around(state, target, spread, engine.player)]
        return _opponent_pick(state, engine, opponent, target, options, keep=None)
    ignore = frozenset({engine.uid, *(m.uid for m in crew.operators)})
    mine = [
        m
        for m in _around(state, target, spread, opponent)
        if not siege_target(m) and any(can_see(state, c, m, ignore) for c in crew.operators)
    ]
    return _opponent_pick(state, engine, opponent, target, mine, keep=target)


def _opponent_pick(
    state: BattleState,
    engine: ModelState,
    opponent: int,
    target: ModelState,
    options: list[ModelState],
    keep: ModelState | None,
) -> ModelState | None:
    if not options or state.players is None:
        return keep
    choice = state.players[opponent].decide(state, ScatterPick(engine, target, options, keep))
    if choice is None:
        return keep
    picked = state.models.get(choice)
    if picked is None or picked not in options:
        state.log.emit("refused", model=choice, reason="not a model the scatter may fall on")
        return keep
    state.log.emit("scatter_onto", engine=engine.uid, model=picked.uid)
    return picked


# --- what the hit does ---------------------------------------------------------------------


def _strike(state: BattleState, engine: ModelState, crew: Crewing, victim: ModelState) -> None:
    """SE-WOUND-01: the engine's Strength against the victim's Defence."""
    if siege_target(victim):
        _wound_siege_target(state, engine, crew, victim)
        return
    heads = HEADS in engine.triggers and state.players is not None
    if heads and state.players[engine.player].decide(state, ShootHeads(engine, victim)):
        _severed_heads(state, engine, victim)
        return
    splash = _around(state, victim, AREA_REACH) if AREA_EFFECT in engine.triggers else []
    _wound_battlefield_target(state, engine, crew, victim)
    for model in splash:  # BSData Area Effect: one S5 hit, never an outright kill
        if model.alive and not is_structure(model):
            _plain_hit(state, model, AREA_STRENGTH, f"area effect of {engine.uid}")


def _to_wound(
    state: BattleState,
    engine: ModelState,
    crew: Crewing,
    victim: ModelState,
    defence: int,
    reroll_ones: bool = False,
    rolled: int | None = None,
) -> bool:
    strength = engine.profile.strength
    purpose = f"engine to wound {engine.uid}->{victim.uid} (S{strength} D{defence})"
    return roll_to_wound(
        state,
        strength,
        defence,
        0,
        purpose,
        reroll_ones,
        roller=crew.veteran(),
        target=victim,
        rolled=rolled,
    )


def outright_wounds(model: ModelState) -> int:
    """SE-WOUND-02/03 (002:L3098-3100): killed outright, unless Defence 10 or 10+ Wounds on
    its starting card: then half its Wounds, rounded up (reading 31)."""
    card = model.profile
    if card.defence >= HALF_WOUNDS_DEFENCE or card.wounds >= HALF_WOUNDS_WOUNDS:
        return math.ceil(card.wounds / 2)
    return model.wounds


def _wound_battlefield_target(
    state: BattleState, engine: ModelState, crew: Crewing, victim: ModelState
) -> None:
    """SE-WOUND-02: knocked Prone, and slain outright if wounded (one Fate roll saves it
    all, HERO-FATE-04); SE-WOUND-04: a Cavalry model's rider and mount are both hit."""
    source = f"siege engine {engine.uid}"
    if victim.mount is not None and not victim.mount.slain:
        mount_defence = cavalry.mount_defence(victim, state)
        if _to_wound(state, engine, crew, victim, mount_defence):
            for _ in range(victim.mount.wounds):
                if victim.alive and victim.mount is not None and not victim.mount.slain:
                    state.wound(victim, source, at_mount=True)
    defence = characteristics.defence_value(state, victim)
    if victim.alive and _to_wound(state, engine, crew, victim, defence):
        state.wound(victim, source, count=outright_wounds(victim))
    if victim.alive and PIERCING in engine.triggers:
        _fling(state, engine, victim)
    if victim.alive:
        knock_prone(state, victim, source)


def _tremendous_impact(state: BattleState, engine: ModelState, around: list[ModelState]) -> None:
    """BSData Tremendous Impact (c8f1-e8b8-1755-4a12): after a hit on a Battlefield target,
    the Man-sized (or smaller) models within 2" are Knocked to the Ground, Cavalry models take
    a Thrown Rider test, and every model within 2" suffers one S4 hit (READINGS: who and in
    what order)."""
    source = f"tremendous impact of {engine.uid}"
    models = [m for m in around if m.alive and not is_structure(m)]
    state.log.emit("tremendous_impact", engine=engine.uid, models=[m.uid for m in models])
    for model in models:
        if model.alive and model.mount is not None and not immovable(model):
            cavalry.thrown_off(state, model, source)
        elif model.alive and man_sized(model):
            knock_prone(state, model, source)
    for model in models:
        if model.alive:
            _plain_hit(state, model, IMPACT_STRENGTH, source)


def _fling(state: BattleState, engine: ModelState, victim: ModelState) -> None:
    """BSData Piercing Shot (9ab3-1e2b-0a19-417b): a target of Strength 5 or less is flung
    D6" directly away from the engine; each model it passes over is knocked Prone and takes
    one S6 hit; stopped by impassable terrain or a Strength 6+ model, both it and that model
    take one S6 hit (the S9 hit is the card's Strength, SE-WOUND-01)."""
    if strength_base(state, victim) > FLUNG_MAX_STRENGTH or immovable(victim):
        return
    (die,) = state.roll(1, f"piercing shot flings {victim.uid} D6")
    path = hurl.hurl_path(state, engine, victim, float(die))
    state.move_to(victim, hurl.landing(state, victim, path.end), "flung by a piercing shot")
    state.log.emit(
        "flung",
        engine=engine.uid,
        model=victim.uid,
        distance=die,
        passed=[m.uid for m in path.passed],
        stopper=path.stopper.uid if path.stopper else None,
        wall=path.wall,
    )
    for model in path.passed:
        hit(state, model, FLUNG_STRENGTH, "passed over by a flung model")
        knock_prone(state, model, "passed over by a flung model")
    if path.stopper is not None or path.wall:
        if path.stopper is not None:
            hit(state, path.stopper, FLUNG_STRENGTH, "hit by a flung model")
        hit(state, victim, FLUNG_STRENGTH, "flung against an obstacle")


def _severed_heads(state: BattleState, engine: ModelState, victim: ModelState) -> None:
    """SE-UPG-HEADS (002:L3166): the engine's Strength ignored, the target and every model
    within 2" suffer one S3 hit, no knock-down, at most one Wound; each enemy hit tests its
    Courage or is removed as a casualty."""
    struck = [victim, *(m for m in _around(state, victim, HEADS_REACH) if not is_engine(m))]
    state.log.emit("severed_heads", engine=engine.uid, models=[m.uid for m in struck])
    for model in struck:
        _plain_hit(state, model, HEADS_STRENGTH, f"severed heads of {engine.uid}")
    for model in struck:
        enemy = model.alive and model.player != engine.player
        if enemy and not courage_test(state, model, "severed heads"):
            # « retirées comme pertes »: a casualty, as a model that flees
            state.remove(model, Removal.FLED, f"severed heads of {engine.uid}")


def _wound_siege_target(
    state: BattleState, engine: ModelState, crew: Crewing, victim: ModelState
) -> None:
    """SE-WOUND-05 note: a Siege target loses one Wound per success; SE-UPG-FLAME re-rolls
    a 1; BSData Wall-Breaker rolls two dice and keeps the highest."""
    defence = characteristics.defence_value(state, victim)
    rolled = None
    if WALL_BREAKER in engine.triggers:
        dice = state.roll(2, f"wall-breaker {engine.uid}->{victim.uid}")
        rolled = max(dice)
    flaming = FLAMING in engine.triggers
    if _to_wound(state, engine, crew, victim, defence, reroll_ones=flaming, rolled=rolled):
        state.wound(victim, f"siege engine {engine.uid}")


def _plain_hit(state: BattleState, model: ModelState, strength: int, source: str) -> None:
    defence = characteristics.defence_value(state, model)
    purpose = f"{source} -> {model.uid} (S{strength} D{defence})"
    if roll_to_wound(state, strength, defence, 0, purpose):
        state.wound(model, source)


def _volley_of_bolts(
    state: BattleState, engine: ModelState, crew: Crewing, target: ModelState
) -> None:
    """BSData Rapid Fire (Avenger Bolt Thrower): D6 shots (SE-UPG-RELOAD, Swift Reload:
    2D6, the highest), each hit or miss like a shooting attack, no scatter, no outright
    kill, no knock-down."""
    dice = state.roll(2 if SWIFT_RELOAD in engine.triggers else 1, f"shots of {engine.uid}")
    for _ in range(max(dice)):
        if not target.alive:
            return
        if _hits(state, engine, crew, target):
            _plain_hit(state, target, engine.profile.strength, f"bolt of {engine.uid}")


# --- the Shoot phase's step ----------------------------------------------------------------


# Army rules whose models fire as Siege Engines of their own (the Catapult Troll): each is
# called with the side at the start of its engines' shots.
MODEL_ENGINES: list[Callable[[BattleState, int], None]] = []

# Army rules that may use an engine's shooting attack for something else (the Assault
# Ballista's Raise the Ladder): each returns True when it used the engine this turn
INSTEAD_OF_FIRING: list[Callable[[BattleState, ModelState, Crewing], bool]] = []


def fire_engines(state: BattleState, side: int, heroic: bool = False) -> None:
    """Each living engine of ``side`` that its crew may fire is offered a target, after the
    models that are engines of their own (``MODEL_ENGINES``: the Catapult Troll);
    ``heroic``: only those that always count as declaring a Heroic Shoot (The Old Twirly
    Whirlies), which fire before the Priority order (HERO-HS-01)."""
    if state.players is None:
        return
    if not heroic:
        for rule in MODEL_ENGINES:
            rule(state, side)
    if not state.engines:
        return
    for engine_id in sorted(state.engines):
        engine = state.models[engine_id]
        if engine.player != side or not engine.alive:
            continue
        if heroic and TWIRLY not in engine.triggers:
            continue
        crew = crewing(state, engine)
        if crew is None:
            continue
        if any(rule(state, engine, crew) for rule in INSTEAD_OF_FIRING):
            continue  # an army rule used the engine's shot (Raise the Ladder)
        targets = legal_targets(state, engine, crew)
        if not targets:
            continue
        choice = state.players[side].decide(state, ChooseEngineTarget(engine, targets))
        target = state.models.get(choice) if choice is not None else None
        if target is None:
            continue
        if target not in targets:
            state.log.emit("refused", model=engine.uid, reason=f"{choice} is no legal target")
            continue
        fire(state, engine, crew, target)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseEngineTarget(Decision[ModelId | None]):
    """SE-SHOOT-03: the model the engine fires at (None: it holds). Default: the enemy with
    the most enemies around it within 2" (the area of effect), then the dearest, nearest."""

    engine: ModelState
    targets: Sequence[ModelState]

    def default(self, state: BattleState) -> ModelId | None:
        def worth(model: ModelState) -> tuple[int, int, float]:
            crowd = len(_around(state, model, AREA_REACH, model.player))
            return (crowd, model.profile.points, -state.distance(self.engine, model))

        return max(self.targets, key=worth).uid if self.targets else None


@dataclass(frozen=True, slots=True)
class ScatterPick(Decision[ModelId | None]):
    """SE-SCATTER-01: the opponent's pick of where a scattered shot lands (``keep``: the
    original target on a 2-5, None on a 1). Default: on a 1, the shooter's dearest model;
    on a 2-5, his own cheapest model if cheaper than the target."""

    engine: ModelState
    target: ModelState
    options: Sequence[ModelState]
    keep: ModelState | None

    def default(self, state: BattleState) -> ModelId | None:
        if self.keep is None:
            return max(self.options, key=lambda m: (m.profile.points, m.uid)).uid
        cheapest = min(self.options, key=lambda m: (m.profile.points, m.uid))
        return cheapest.uid if cheapest.profile.points < self.keep.profile.points else None


@dataclass(frozen=True, slots=True)
class ShootHeads(Decision[bool]):
    """SE-UPG-HEADS (002:L3166): shoot severed heads rather than the stone? Default: when
    three models or more stand within 2" of the target (more Courage tests than a kill)."""

    engine: ModelState
    target: ModelState

    def default(self, state: BattleState) -> bool:
        return len(_around(state, self.target, HEADS_REACH)) >= 2


@dataclass(frozen=True, slots=True)
class RerollScatter(Decision[bool]):
    """SE-UPG-TROLL (002:L3152): re-roll the Scatter roll? Default: only a 1 (the shot
    would fall on the shooter's own side)."""

    engine: ModelState
    die: int

    def default(self, state: BattleState) -> bool:
        return self.die == 1
