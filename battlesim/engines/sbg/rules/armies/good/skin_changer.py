"""Beorn and Grimbeorn, men who become bears: Skin-changer, the form's carry-over (Beorn the
Bear*, Grimbeorn the Bear*), Berserk and Crushing Strength.

The other form is a card of its own the importer reads from the data (``Profile.form``); the
model changes into it where it stands and the two cards swap, so it can change back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.units import ModelSpec, Profile
from battlesim.engines.sbg.rules.characteristics import defence_value
from battlesim.engines.sbg.rules.combat import clamp_stat, roll_to_wound, wound_need
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.heroic_actions import wounded_only_on_sixes
from battlesim.engines.sbg.rules.kinds import braced
from battlesim.engines.sbg.rules.might import MightRoll, boost
from battlesim.engines.sbg.rules.monsters.core import BpaFight, BrutalPowerAttack, register_bpa
from battlesim.engines.sbg.rules.movement import MUST_CHARGE, START_OF_MOVE
from battlesim.engines.sbg.rules.muster import model_state

SKIN_CHANGER = "skin-changer"
BERSERK = "berserk"
CRUSHING = "crushing strength"
CHANGE_ON = 4  # "On the roll of a 4+ (Might may be used to modify this roll)"
CRUSHING_STRENGTH = 10
_NEAR = 12.0  # inches: the heuristic turns into the bear with an enemy this close (plus Move)


@dataclass(frozen=True, slots=True)
class ChangeForm(Decision[bool]):
    """Skin-changer: whether the model tries to change into ``into`` at the start of its
    move. The heuristic becomes the bear (the fighting form) once an enemy is within its
    Move plus 12", and stays one: it never turns back into the man."""

    model: ModelState
    into: str
    fighting_form: bool

    def default(self, state: BattleState) -> bool:
        if not self.fighting_form:
            return False
        reach = self.model.profile.move + _NEAR
        return any(state.distance(self.model, e) <= reach for e in state.enemies(self.model))


def fighting_form(current: Profile, other: Profile) -> bool:
    """The form that fights harder: the higher Fight plus Strength plus Defence."""

    def worth(card: Profile) -> int:
        return card.fight + card.strength + card.defence

    return worth(other) > worth(current)


def _skin_changer(state: BattleState, model: ModelState) -> bool:
    """Skin-Changer (BSData bf2e-3118-471d-9720): at the start of its move the controlling
    player may roll a D6; on a 4+ (Might may modify it) the model changes from a man into a
    bear or back, then moves as normal, charges included. Not with an enemy in base contact.
    It never replaces the move (returns False)."""
    other = model.profile.form
    if SKIN_CHANGER not in model.triggers or other is None or state.phase is not Phase.MOVE:
        return False
    if state.engaged(model) or model.mount is not None:
        return False
    offer = ChangeForm(model, other.name, fighting_form(model.profile, other))
    if not ask(state, model, offer):
        return False
    (die,) = state.roll(1, f"skin-changer {model.uid}")
    score = boost(state, model, MightRoll.RULE, die, CHANGE_ON)
    if score >= CHANGE_ON:
        change_form(state, model)
    else:
        state.log.emit("form_kept", model=model.uid, roll=die, score=score)
    return False


def change_form(state: BattleState, model: ModelState) -> None:
    """Beorn the Bear* (BSData 4ec0-138b-224a-c337), Grimbeorn the Bear* (156a-0a31-faa5-
    7762): the model takes the other form's profile and characteristics; its Might, Will,
    Fate and Wounds remain as they are. Its weapons, armour and rules are the new card's
    (READINGS "Skin-changer"); the old card becomes the form it may change back into."""
    current, other = model.profile, model.profile.form
    assert other is not None
    swapped = replace(other, form=replace(current, form=None))
    fresh = model_state(ModelSpec(model.uid, swapped), model.player, model.position)
    model.spec = fresh.spec
    model.weapon, model.missile, model.triggers = fresh.weapon, fresh.missile, fresh.triggers
    model.defence = fresh.defence
    state.refitted(model)
    state.log.emit("form_changed", model=model.uid, form=swapped.name, was=current.name)


START_OF_MOVE.append(_skin_changer)
REGISTRY.register(SKIN_CHANGER, kind=Kind.RULE, source="BSData bf2e-3118-471d-9720")
REGISTRY.register("beorn the bear", kind=Kind.RULE, source="BSData 4ec0-138b-224a-c337")
REGISTRY.register("grimbeorn the bear", kind=Kind.RULE, source="BSData 156a-0a31-faa5-7762")


# --- Berserk ------------------------------------------------------------------------------


def _berserk_charge(state: BattleState, model: ModelState) -> Callable[[ModelState], bool] | None:
    """Berserk (BSData a787-6cd2-03e4-ff75): Beorn the Bear must always Charge an enemy if
    he is able to (any enemy: the nearest he can reach, movement.forced_charge)."""
    if BERSERK not in model.triggers:
        return None
    return lambda enemy: True


def _apart(context: HookContext) -> bool | None:
    """Berserk: whilst in bear form he may not use the Stand Fast! or Heroic Actions of
    other models, and other models may not use his."""
    hero, friend = context.model, context.other
    if friend is None or friend is hero:
        return None
    return False if BERSERK in hero.triggers or BERSERK in friend.triggers else None


MUST_CHARGE.append(_berserk_charge)
for _may in (May.RALLY, May.RALLY_HERO, May.HEED):
    grant_by_effect(_may)(_apart)
REGISTRY.register(BERSERK, kind=Kind.RULE, source="BSData a787-6cd2-03e4-ff75")


# --- Crushing Strength ----------------------------------------------------------------------


def crushing_targets(fight: BpaFight) -> list[ModelState | None]:
    """Any losing model of the fight (as Rend: not one an army rule braces)."""
    return [m for m in fight.living_losers() if not braced(m)]


def resolve_crushing(fight: BpaFight, victim: ModelState | None) -> None:
    """Crushing Strength (BSData 621d-6450-dd20-ea5b): instead of striking, the chosen
    loser suffers a Strength 10 hit; each successful To Wound roll brings another, until the
    victim is dead or a roll fails (a wound saved by Fate still counts as a success)."""
    assert victim is not None
    state, monster = fight.state, fight.monster
    while victim.alive:
        defence = clamp_stat(defence_value(state, victim))
        purpose = f"crushing strength {monster.uid}->{victim.uid} (S10 D{defence})"
        sixes = wounded_only_on_sixes(state, victim)  # HERO-HD-01
        wounded = roll_to_wound(
            state,
            CRUSHING_STRENGTH,
            defence,
            0,
            purpose,
            natural_six=sixes,
            roller=monster,
            target=victim,
        )
        if not wounded:
            return
        state.wound(victim, f"crushed by {monster.uid}")


def crushing_harm(
    state: BattleState,
    monster: ModelState,
    losers: Sequence[ModelState],
    victim: ModelState | None,
) -> float:
    """The heuristic's estimate: the share of the victim's Wounds the chain of S10 hits is
    expected to take (each hit follows only a wounding one)."""
    if victim is None:
        return 0.0
    need = wound_need(CRUSHING_STRENGTH, clamp_stat(defence_value(state, victim)))
    if need is None:
        return 0.0
    p = (7 - need.first) / 6 * ((7 - need.second) / 6 if need.second else 1.0)
    wounds = max(1, victim.wounds)
    return sum(p**k for k in range(1, wounds + 1)) / wounds


CRUSHING_BPA = register_bpa(
    BrutalPowerAttack(CRUSHING, crushing_targets, resolve_crushing, unique=True, harm=crushing_harm)
)
