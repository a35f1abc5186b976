"""The War Mûmak's options with rule text of their own (BSData game system, page 195); the
Gnarled Hide has none: the data's modifier (Defence 8) plays it (options.py)."""

from __future__ import annotations

from battlesim.engines.sbg.core.arms import MissileKind, MissileWeapon
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules import characteristics, war_beasts
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.special_shots import SpecialShot, register_shot

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
