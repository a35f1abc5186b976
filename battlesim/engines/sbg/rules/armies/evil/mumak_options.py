"""The War Mûmak's options with rule text of their own (BSData game system, page 195); the
Gnarled Hide has none: the data's modifier (Defence 8) plays it (options.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.arms import MissileKind, MissileWeapon
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar, Effect, Until
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.paths import Point, point_distance
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import characteristics, war_beasts
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.howdah import howdah, riding
from battlesim.engines.sbg.rules.special_shots import SpecialShot, register_shot

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player

FOUL_TEMPERAMENT = "foul temperament"
_SOURCE = "BSData cd14-022c-82c0-21a1 (Foul Temperament)"

# "This Mûmak has its Attacks increased to 4, however, it will suffer a -1 penalty to all
# Courage tests when rolling to see whether or not it will Stampede." (the Panic test,
# WB-DMG-02, which decides a stampede: war_beasts.panic_test)
war_beasts.PANIC_PENALTY[FOUL_TEMPERAMENT] = 1


@override(Stat.ATTACKS, FOUL_TEMPERAMENT, source=_SOURCE)
def _foul_temperament(context: HookContext, attacks: int) -> int | None:
    """Attacks increased to 4 (never lowered by it)."""
    return max(attacks, 4)


# BSData 8d35-86bc-37b2-20ed Rocks (profile ef2f-48a6-9178-78e7: 8", Strength 6): "If they
# do not move, models in the Howdah may make a Shooting attack with a range of 8" and a
# Strength of 6." Carried models move with their beast, so neither the model nor its Mûmak
# may have moved this turn (READINGS "Rocks"); it is the model's shot of the phase.
ROCKS = "rocks"
_ROCKS_SOURCE = "BSData 8d35-86bc-37b2-20ed (Rocks)"
ROCK = MissileWeapon("rocks", 8.0, 6, MissileKind.STONES)


def _ready(state: BattleState, model: ModelState) -> bool:
    ridden = riding(model)
    return ridden is not None and not state.models[ridden].moved


def _pay(state: BattleState, model: ModelState) -> bool:
    return True


def _rock_lands(state: BattleState, thrower: ModelState, model: ModelState) -> None:
    defence = characteristics.defence_value(state, model, missile=True)
    purpose = f"to wound {thrower.uid}->{model.uid} (S{ROCK.strength} D{defence}, rocks)"
    if roll_to_wound(state, ROCK.strength, defence, 0, purpose, roller=thrower, target=model):
        state.wound(model, f"shot by {thrower.uid}")


def _worth(state: BattleState, thrower: ModelState, target: ModelState) -> float:
    """Heuristic: a rock when the model's own missile (if any) is weaker."""
    own = thrower.missile.strength if thrower.missile is not None else 0
    return 1.0 if own < ROCK.strength else 0.0


register_shot(SpecialShot(ROCKS, ROCK, _ready, _pay, _rock_lands, _worth, from_howdah=True))
REGISTRY.register(ROCKS, kind=Kind.RULE, source=_ROCKS_SOURCE)  # shared with SIEGE-ROCKS-01


# BSData 4632-4f22-5f50-61d0 Rappelling Lines (game system, page 195): "Models in the Howdah
# may attempt to dismount from the Mûmak during the Move phase, after the Mûmak has moved.
# Roll a D6 for each model that is attempting to dismount. On a 1, the rope has snapped and
# the unfortunate model suffers falling damage as normal. on a 2+, the model successfully
# dismounts, place it in base contact with the Mûmak. Models that dismount may still Charge
# as normal, although they may not make shooting attacks." An option of the Mûmak: its crew
# (never the commander, who steers it) climb down at their own move (READINGS "Rappelling").
RAPPELLING = "rappelling lines"
_RAPPEL_SOURCE = "BSData 4632-4f22-5f50-61d0 (Rappelling Lines)"
ROPE_SNAPS = 1  # the D6 result on which the rope snaps


@dataclass(frozen=True, slots=True)
class RappelDown(Decision[Point | None]):
    """Does this howdah model climb down its Mûmak's lines now, and to which of the free
    ``spots`` in base contact (None: it stays aboard)? Default: when an enemy stands within
    its Move of the beast's base (it may charge once down), the spot nearest that enemy."""

    model: ModelState
    beast: ModelState
    spots: tuple[Point, ...]

    def default(self, state: BattleState) -> Point | None:
        gap, enemy = state.nearest_enemy(self.beast)
        if enemy is None or gap > self.model.profile.move:
            return None
        return min(self.spots, key=lambda spot: point_distance(spot, enemy.position))


def _rappels(state: BattleState, player: Player, model: ModelState) -> bool:
    """After its Mûmak moved, a crew model may climb down: True when it stands on the
    ground unharmed by the fall (its own move follows: it may charge, never shoot)."""
    beast = war_beasts.beast_of(state, model)
    if beast is None or RAPPELLING not in beast.triggers or not beast.done_moving:
        return False
    if war_beasts.leader(state, beast) is model or state.engaged(beast):
        return False
    spots = tuple(war_beasts.contact_spots(state, beast, model))
    spot = player.decide(state, RappelDown(model, beast, spots)) if spots else None
    if spot is None or spot not in spots:
        return False  # it stays aboard (no room in contact, or none chosen)
    (die,) = state.roll(1, f"{model.uid} rappels down")
    snapped = die <= ROPE_SNAPS
    state.log.emit("rappel", model=model.uid, beast=beast.uid, roll=die, snapped=snapped)
    if snapped:
        war_beasts.throw_off(state, beast, model, "rappelling line snapped")
        return False
    howdah(model).riding = None
    howdah(model).perch = 0.0
    state.move_to(model, spot, "rappelling lines")
    effects.add(
        state,
        Effect(
            "rappelled",
            model.uid,
            None,
            0,
            Until.END_OF_TURN,
            _RAPPEL_SOURCE,
            bars=frozenset({Bar.SHOOT}),
        ),
    )
    return True


war_beasts.LEAVE_HOWDAH.append(_rappels)
REGISTRY.register(RAPPELLING, kind=Kind.RULE, source=_RAPPEL_SOURCE)
