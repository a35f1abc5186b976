"""Rules of Isengard's Orc and Uruk-hai captains from the BattleScribe rule text: Uglúk's
Head Taker, Sharku's Riding Dagger and Snaga's Cunning Mind."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook, HookContext
from battlesim.engines.sbg.core.permissions import May, grant, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
    Phase,
    Removal,
    Tick,
    every,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.fighting import STRIKE_FAILED
from battlesim.engines.sbg.rules.heroic_actions import (
    FOLLOW_CHOICES,
    HEROIC_SHOOT,
    wounded_only_on_sixes,
)

# --- Head Taker (Uglúk, BSData 8dec-fd8e-c2ed-92c4) -------------------------------------------
# His force Broken, instead of his Courage test Uglúk may remove a friendly Warrior within
# 2" as a casualty; that turn he passes his test, and his Stand Fast! reaches 12" and rallies
# Heroes as well as Warriors. Chosen as the Move phase starts, before anyone tests (as The
# Price of Failure, hunters.py; READINGS).
HEAD_TAKER = "head taker"
HEAD_REACH = 2.0
LONGER_STAND_FAST = 6  # inches added to the rulebook's 6": 12"
STAND_FAST_REACH_TAKEN = 12.0
_TAKEN: Status[dict[ModelId, int]] = Status("head taker", dict, Lasting.BATTLE)


def _warriors_near(state: BattleState, ugluk: ModelState) -> list[ModelState]:
    return [
        m
        for m in state.living(ugluk.player)
        if m is not ugluk
        and not m.profile.is_hero
        and m.uid not in state.structures
        and state.distance(m, ugluk) <= HEAD_REACH + 1e-9
    ]


@dataclass(frozen=True, slots=True)
class TakeAHead(Decision[ModelId | None]):
    """Head Taker: the friendly Warrior Uglúk slays instead of testing (None: he tests).
    Heuristic: when two or more other friends within 12" are not Engaged (his 12" Stand
    Fast! is worth a model), the cheapest Warrior, then the one with fewest Wounds."""

    ugluk: ModelState
    warriors: tuple[ModelState, ...]

    def default(self, state: BattleState) -> ModelId | None:
        if not self.warriors:
            return None
        spared = [
            m
            for m in state.living(self.ugluk.player)
            if m is not self.ugluk
            and m.uid not in state.structures
            and not state.engaged(m)
            and state.distance(m, self.ugluk) <= STAND_FAST_REACH_TAKEN
        ]
        if len(spared) < 3:  # the victim is one of them
            return None
        victim = min(self.warriors, key=lambda m: (m.profile.points, m.wounds, m.uid))
        return victim.uid


@every(Tick.PHASE_START, HEAD_TAKER, order=26)
def _head_taker(state: BattleState) -> None:
    if state.phase is not Phase.MOVE:
        return
    for ugluk in [m for m in state.living() if HEAD_TAKER in m.triggers]:
        if not state.broken[ugluk.player] or state.engaged(ugluk):
            continue
        warriors = tuple(_warriors_near(state, ugluk))
        if not warriors:
            continue
        ask = TakeAHead(ugluk, warriors)
        players = state.players
        choice = ask.default(state) if players is None else players[ugluk.player].decide(state, ask)
        victim = next((m for m in warriors if m.uid == choice), None)
        if victim is not None:
            _take(state, ugluk, victim)


def _take(state: BattleState, ugluk: ModelState, victim: ModelState) -> None:
    state.log.emit("army_rule", model=ugluk.uid, rule=HEAD_TAKER, victim=victim.uid)
    state.remove(victim, Removal.SLAIN, HEAD_TAKER)
    _TAKEN.of(state)[ugluk.uid] = state.turn
    reach = Effect(
        HEAD_TAKER,
        ugluk.uid,
        Hook.STAND_FAST_REACH,
        LONGER_STAND_FAST,
        Until.END_OF_TURN,
        "BSData 8dec-fd8e-c2ed-92c4",
    )
    effects.add(state, reach)


def _took_this_turn(state: BattleState, model: ModelState) -> bool:
    taken = _TAKEN.peek(state)
    return taken is not None and taken.get(model.uid) == state.turn


@grant_by_effect(May.PASS_COURAGE_UNTESTED)
def _ugluk_passes(context: HookContext) -> bool | None:
    if context.details.get("reason") != "broken" or HEAD_TAKER not in context.model.triggers:
        return None
    return True if _took_this_turn(context.state, context.model) else None


@grant(May.RALLY_HERO, HEAD_TAKER, source="BSData 8dec-fd8e-c2ed-92c4 (Head Taker)")
def _rallies_heroes(context: HookContext) -> bool:
    return _took_this_turn(context.state, context.model)


REGISTRY.register(HEAD_TAKER, kind=Kind.RULE, source="BSData 8dec-fd8e-c2ed-92c4")


# --- Riding Dagger (Sharku, BSData c812-6ec1-f12c-7316) ---------------------------------------
# A dagger (names_evil.yaml); whenever an enemy Hero in base contact resolves a Strike against
# Sharku and fails To Wound, Sharku at once makes one Strength 4 Strike against that Hero. A
# Strike at his Warg is not one against Sharku; a trapped Sharku's set of two dice is one
# Strike, failed when neither die wounds (READINGS).
RIDING_DAGGER = "riding dagger"
DAGGER_STRENGTH = 4


def _riding_dagger(
    state: BattleState, striker: ModelState, target: ModelState, at_mount: bool
) -> None:
    if at_mount or RIDING_DAGGER not in target.triggers or not target.alive:
        return
    if not striker.alive or not striker.profile.is_hero or striker.player == target.player:
        return
    if not state.in_contact(striker, target):
        return
    state.log.emit("army_rule", model=target.uid, rule=RIDING_DAGGER, target=striker.uid)
    defence = characteristics.defence_value(state, striker)
    purpose = f"{RIDING_DAGGER} {target.uid}->{striker.uid} (S{DAGGER_STRENGTH} D{defence})"
    sixes = wounded_only_on_sixes(state, striker, False)  # HERO-HD-01
    wounds = roll_to_wound(
        state,
        DAGGER_STRENGTH,
        defence,
        0,
        purpose,
        natural_six=sixes,
        roller=target,
        target=striker,
    )
    if wounds:
        state.wound(striker, f"struck by {target.uid}")


STRIKE_FAILED.append(_riding_dagger)
REGISTRY.register(RIDING_DAGGER, kind=Kind.WEAPON, source="BSData c812-6ec1-f12c-7316")


# --- Cunning Mind (Snaga, BSData 47df-3d72-b5ab-b069) -----------------------------------------
# Snaga may stay out of a friendly Hero's Heroic Move, March or Shoot and still move or shoot
# later in the phase; taking part, he need not end within the Hero's range
# (phases/heroic.py asks ``JoinHeroicAction`` of models with a rule in FREE_FOLLOWERS).
CUNNING_MIND = "cunning mind"


@dataclass(frozen=True, slots=True)
class JoinHeroicAction(Decision[bool]):
    """Cunning Mind: does the model take part in ``hero``'s Heroic ``action``? Heuristic: a
    move or march, yes (he goes early and unleashed); a Heroic Shoot, only if he can shoot
    (staying out keeps his own shot for later)."""

    model: ModelState
    hero: ModelState
    action: str

    def default(self, state: BattleState) -> bool:
        if self.action == HEROIC_SHOOT:
            return self.model.missile is not None
        return True


def _cunning_mind(
    state: BattleState, friend: ModelState, hero: ModelState, action: str
) -> bool | None:
    if CUNNING_MIND not in friend.triggers:
        return None
    ask = JoinHeroicAction(friend, hero, action)
    players = state.players
    joins = ask.default(state) if players is None else players[friend.player].decide(state, ask)
    state.log.emit("army_rule", model=friend.uid, rule=CUNNING_MIND, hero=hero.uid, joins=joins)
    return bool(joins)


FOLLOW_CHOICES.append(_cunning_mind)
REGISTRY.register(CUNNING_MIND, kind=Kind.RULE, source="BSData 47df-3d72-b5ab-b069")
