"""Dalamyr's Smoke Bombs (Corsairs of Umbar), from the BattleScribe wargear text: a throwing
weapon of Strength 1 (a special shot, rules/special_shots.py, with the range of throwing
weapons); a model hit but not slain spends a Will point or suffers the channelled Transfix
(MAGIC-P-TRANSFIX: held until the end of the turn, Fight and Attacks halved); a natural 1 To
Hit and the supply is gone for the battle."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.arms import MISSILE_WEAPONS, MissileKind, MissileWeapon
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.magic.harm import halved_loss
from battlesim.engines.sbg.rules.magic.powers_hold import HELD
from battlesim.engines.sbg.rules.pools import Pool, spend
from battlesim.engines.sbg.rules.special_shots import SpecialShot, register_shot

SMOKE_BOMBS = "smoke bombs"
SMOKE_STRENGTH = 1
SOURCE = "BSData Smoke Bombs (Dalamyr)"
BOMB = MissileWeapon(
    SMOKE_BOMBS, MISSILE_WEAPONS["throwing weapons"].range, 1, MissileKind.THROWING
)
_SPENT: Status[list[bool]] = Status("smoke bombs run out", list, Lasting.BATTLE)
_THROWING: Status[list[bool]] = Status("throwing a smoke bomb", list, Lasting.TURN)


@dataclass(frozen=True, slots=True)
class ShakeOffSmoke(Decision[bool]):
    """Does the model spend a Will point rather than be Transfixed by the smoke? Heuristic:
    yes when it has one."""

    model: ModelState

    def default(self, state: BattleState) -> bool:
        return self.model.will >= 1


def _ready(state: BattleState, dalamyr: ModelState) -> bool:
    return not _SPENT.peek(dalamyr)


def _pay(state: BattleState, dalamyr: ModelState) -> bool:
    _THROWING.put(dalamyr, [True])
    return True  # a bomb costs no point


@on(On.SHOT, SMOKE_BOMBS, order=50, trigger=SMOKE_BOMBS)
def _supply(state: BattleState, shot: Happening) -> None:
    """A natural 1 To Hit with a smoke bomb: none left for the rest of the battle."""
    dalamyr = shot.model
    if _THROWING.peek(dalamyr) and shot.count == 1:
        _SPENT.of(dalamyr).append(True)
        state.log.emit("army_rule", model=dalamyr.uid, rule=SMOKE_BOMBS, run_out=True)
    _THROWING.drop(dalamyr)


def _smoked(state: BattleState, dalamyr: ModelState, model: ModelState) -> None:
    defence = characteristics.defence_value(state, model, missile=True)
    purpose = f"to wound {dalamyr.uid}->{model.uid} (S{SMOKE_STRENGTH} D{defence}, smoke)"
    if roll_to_wound(state, SMOKE_STRENGTH, defence, 0, purpose, roller=dalamyr, target=model):
        state.wound(model, f"shot by {dalamyr.uid}")
    if not model.alive:
        return
    ask = ShakeOffSmoke(model)
    players = state.players
    shake = ask.default(state) if players is None else players[model.player].decide(state, ask)
    if shake and model.will >= 1 and spend(state, model, Pool.WILL):
        state.log.emit("army_rule", model=model.uid, rule=SMOKE_BOMBS, will_spent=1)
        return  # shaken off; a cancelled point leaves it choking (pools.SPENT)
    fight, attacks = (
        characteristics.fight_base(state, model),
        characteristics.attacks_base(state, model),
    )
    for hook, value in (
        (None, 0),
        (Hook.FIGHT, halved_loss(fight)),
        (Hook.ATTACKS, halved_loss(attacks)),
    ):
        bars = HELD if hook is None else frozenset()
        effects.add(
            state, Effect(SMOKE_BOMBS, model.uid, hook, value, Until.END_OF_TURN, SOURCE, bars=bars)
        )
    state.log.emit("army_rule", model=model.uid, rule=SMOKE_BOMBS, transfixed=True)


def _worth(state: BattleState, dalamyr: ModelState, target: ModelState) -> float:
    """Heuristic: a Hero or a model yet to fight is worth holding; one already held is not."""
    if any(e.name == SMOKE_BOMBS for e in effects.on_model(state, target)):
        return 0.0
    return 1.5 if target.profile.is_hero else 0.5


register_shot(SpecialShot(SMOKE_BOMBS, BOMB, _ready, _pay, _smoked, _worth))
REGISTRY.register(SMOKE_BOMBS, kind=Kind.WARGEAR, source=SOURCE)
