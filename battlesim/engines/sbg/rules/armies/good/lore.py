"""Army rules that take an enemy's rule away: Flói Stonehand's Loremaster."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.arms import HAND_WEAPONS, MISSILE_WEAPONS
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.names import parts
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.equipment import ARMOUR_TIERS
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.movement import START_OF_MOVE
from battlesim.engines.sbg.rules.pools import Pool, spend
from battlesim.engines.sbg.rules.sight import can_see

LOREMASTER = "loremaster"
# The One Ring is excepted by the text; armour and shields are the card's Defence (READINGS)
_KEPT = frozenset({"the one ring", "shield", "any"}) | frozenset(ARMOUR_TIERS)
_WORTH_IT = 12.0  # inches: the heuristic spends Will on an enemy this close
_NEGATED: Status[list[str]] = Status("negated by loremaster", list, Lasting.BATTLE)


def negatable(model: ModelState) -> tuple[str, ...]:
    """The enemy's special rules (card order), then its wargear other than weapons, armour,
    shields and the One Ring, under the names the engine reads."""
    card = model.profile
    rules = [part for raw in card.rules for part in parts(raw)]
    gear = [part for raw in card.wargear for part in parts(raw, wargear=True)]
    gear = [g for g in gear if g not in HAND_WEAPONS and g not in MISSILE_WEAPONS]
    found = [n for n in rules + gear if n in model.triggers and n not in _KEPT]
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True, slots=True)
class ChooseNegated(Decision["tuple[str, str] | None"]):
    """Loremaster: the enemy model and the rule or wargear Flói negates this turn, or None
    to keep his Will. The heuristic negates the first rule of the nearest enemy Hero or
    Monster within 12" (any enemy if none), else keeps his Will."""

    model: ModelState
    options: tuple[tuple[ModelState, tuple[str, ...]], ...]

    def default(self, state: BattleState) -> tuple[str, str] | None:
        near = [(m, n) for m, n in self.options if state.distance(self.model, m) <= _WORTH_IT]
        if not near:
            return None
        big = [(m, n) for m, n in near if m.profile.is_hero or "monster" in m.triggers]
        enemy, names = min(big or near, key=lambda o: (state.distance(self.model, o[0]), o[0].uid))
        return (enemy.uid, names[0])


def _loremaster(state: BattleState, floi: ModelState) -> bool:
    """Loremaster (BSData c1d2-f6ef-3b1c-34ef): at the start of his move, Flói may spend a
    Will point to negate an enemy's special rule or wargear (not the One Ring) until the end
    of the turn; no range, but he must see the model. It is no action instead of moving."""
    if LOREMASTER not in floi.triggers or floi.will <= 0 or state.phase is not Phase.MOVE:
        return False  # his move of the Move phase (not a Heroic Combat's)
    options = tuple(
        (enemy, names)
        for enemy in state.enemies(floi)
        if (names := negatable(enemy)) and can_see(state, floi, enemy)
    )
    if not options:
        return False
    choice = ask(state, floi, ChooseNegated(floi, options))
    legal = {(m.uid, n) for m, names in options for n in names}
    if choice is None or tuple(choice) not in legal:
        return False
    uid, name = choice
    if not spend(state, floi, Pool.WILL):
        return False  # the deed is cancelled (pools.SPENT)
    enemy = state.models[uid]
    enemy.triggers = enemy.triggers - {name}
    _NEGATED.of(enemy).append(name)
    state.log.emit("negated", model=floi.uid, target=uid, name=name, rule=LOREMASTER)
    return False


@every(Tick.TURN_END, LOREMASTER, order=90)
def _restore(state: BattleState) -> None:
    """The negated names come back at the end of the turn."""
    for model in state.models.values():
        names = _NEGATED.peek(model)
        if names:
            model.triggers = model.triggers | frozenset(names)
            names.clear()


START_OF_MOVE.append(_loremaster)
REGISTRY.register(LOREMASTER, kind=Kind.RULE, source="BSData c1d2-f6ef-3b1c-34ef")
