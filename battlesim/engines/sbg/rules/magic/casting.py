"""Casting a Magical Power (MAGIC-WHO/WHEN/TGT/RNG/CAST, 002:L2291-2323; HERO-HCH-01).

In the Move phase each caster may attempt one power (MAGIC-WHEN-01): the Move phase offers
it before the model's move and, if it did not cast then, at the end of its move (a Hero
that charged is Engaged by then and may not, MAGIC-WHEN-02). Its player chooses the power,
the target and the Will points (``ChooseSpell``), and at a Cavalry model the rider or the
mount for the powers that say so (MAGIC-TGT-03, parts.py), all before rolling; the casting dice are
``will.cast``; the targets' side may then resist (resisting.py); an uncast or resisted
power does nothing, the Will stays spent. A Hero that declared Heroic Channelling this turn
casts the channelled form (MAGIC-CHAN-01).

An item may cast a power for its bearer (``FREE_POWERS``: Thranduil's Circlet of Kings): no
Will is spent and no die rolled, the power counts as cast with a 6 (READINGS "powers cast by
an item": it is the bearer's one attempt of the turn, at the moment and under the range and
target rules of any other).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.marks import shrouded
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, notify
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId, PowerSpec
from battlesim.engines.sbg.rules.cavalry import RIDER
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_CHANNELLING, declared_by
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.magic import resisting
from battlesim.engines.sbg.rules.magic.parts import choose_part
from battlesim.engines.sbg.rules.magic.spells import Aim, PowerUnit, Spell, unit_of
from battlesim.engines.sbg.rules.magic.will_of_evil import WILL_OF_EVIL
from battlesim.engines.sbg.rules.one_ring import sees_invisible
from battlesim.engines.sbg.rules.rider_status import rider_turns
from battlesim.engines.sbg.rules.sight import can_see
from battlesim.engines.sbg.rules.stealth import hidden_by_stealth
from battlesim.engines.sbg.rules.untouchable import spared, untouchable
from battlesim.engines.sbg.rules.will import cast

CANDIDATES = 6  # nearest eligible models offered per power (speed)
PROTECTED = "protected from powers"  # MAGIC-P-PROTVALAR's mark
CAST_TURN: Status[list[int]] = Status("cast this turn", list, Lasting.TURN)
ITEM_CAST = 6  # an item's power: "automatically cast, counting the result as a 6"


@dataclass(frozen=True, slots=True)
class SpellOption:
    """One power a caster may cast now at one target (the caster itself for self and area
    powers), with the models it would affect."""

    spec: PowerSpec
    power: PowerUnit
    target: ModelId
    affected: tuple[ModelId, ...]
    item: str = ""  # the item that casts it for the bearer (no Will, a 6), if any


@dataclass(frozen=True, slots=True)
class SpellPlan:
    """The player's choice: which option, and how many Will points to spend (>= 1; 0 for
    a power an item casts)."""

    option: SpellOption
    points: int


@dataclass(frozen=True, slots=True)
class ChooseSpell(Decision[SpellPlan | None]):
    """MAGIC-CAST-01: power, target and Will points, chosen before rolling; None: no cast."""

    caster: ModelState
    options: tuple[SpellOption, ...]
    channelled: bool

    def default(self, state: BattleState) -> SpellPlan | None:
        return None


def spendable(caster: ModelState) -> int:
    """The Will points it may spend casting: a model with Will of Evil never its last one
    (SR-WILLEVIL, 002:L2813)."""
    return caster.will - 1 if WILL_OF_EVIL in caster.triggers else caster.will


# Items that cast powers for their bearer, by the item's name (a trigger of the bearer):
# the powers it may cast now (the item's rule counts its uses through ``item_casts``)
FREE_POWERS: dict[str, Callable[[ModelState], tuple[PowerSpec, ...]]] = {}
_ITEM_CASTS: Status[list[tuple[str, str]]] = Status("powers cast by items", list, Lasting.BATTLE)


def item_casts(caster: ModelState) -> list[tuple[str, str]]:
    """(item, power) for each power an item has cast for ``caster`` this battle."""
    return _ITEM_CASTS.of(caster)


def _free_powers(caster: ModelState) -> list[tuple[str, PowerSpec]]:
    """(item, power) for each power the caster's items may cast now (none: a set meet)."""
    items = sorted(caster.triggers & FREE_POWERS.keys())
    return [(item, spec) for item in items for spec in FREE_POWERS[item](caster)]


def may_cast(state: BattleState, caster: ModelState) -> bool:
    """MAGIC-WHO-01, MAGIC-WHEN-01/02: powers and 1 Will (or an item casting for it); not
    Prone nor Engaged; once a turn; not held by a power (MAGIC-P-TRANSFIX); a rider thrown
    this turn neither."""
    if not caster.alive:
        return False
    with_will = bool(caster.profile.powers) and spendable(caster) >= 1
    if not with_will and not _free_powers(caster):
        return False
    if caster.prone or state.engaged(caster) or rider_turns(caster).thrown_turn == state.turn:
        return False
    if CAST_TURN.of(caster):
        return False
    return not effects.barred(state, caster, Bar.CAST)


def channelling(state: BattleState, caster: ModelState) -> bool:
    """HERO-HCH-01 (002:L1685): declared Heroic Channelling this turn."""
    return declared_by(state, caster, HEROIC_CHANNELLING) is not None


def options(state: BattleState, caster: ModelState) -> tuple[SpellOption, ...]:
    """Every power of the card the engine plays, at each legal target (MAGIC-TGT/RNG)."""
    chan = channelling(state, caster)
    found: list[SpellOption] = []
    owned = [("", spec) for spec in caster.profile.powers] if spendable(caster) >= 1 else []
    for item, spec in [*owned, *_free_powers(caster)]:
        unit = unit_of(spec)
        if unit is not None:
            found.extend(_aimed(state, caster, spec, unit, chan, item))
    return tuple(found)


def _aimed(
    state: BattleState,
    caster: ModelState,
    spec: PowerSpec,
    unit: PowerUnit,
    chan: bool,
    item: str = "",
) -> list[SpellOption]:
    if unit.aim is Aim.SELF:
        return [SpellOption(spec, unit, caster.uid, (caster.uid,), item)]
    if unit.aim in (Aim.AROUND, Aim.ENEMIES_IN_RANGE):
        reach = reach_of(spec, unit, chan)
        hit = [e.uid for e in state.enemies(caster) if _in_area(state, caster, e, reach, unit)]
        return [SpellOption(spec, unit, caster.uid, tuple(hit), item)] if hit else []
    targets = single_targets(state, caster, unit, spec)
    return [SpellOption(spec, unit, t.uid, (t.uid,), item) for t in targets]


def reach_of(spec: PowerSpec, unit: PowerUnit, chan: bool) -> float:
    if unit.aim is Aim.AROUND:
        return unit.channelled_radius if chan and unit.channelled_radius else unit.radius
    return spec.range + (unit.channelled_range if chan else 0.0)


def _in_area(
    state: BattleState, caster: ModelState, enemy: ModelState, reach: float, unit: PowerUnit
) -> bool:
    """MAGIC-P-PROTVALAR: a protected model is immune when a power affects several."""
    if state.distance(caster, enemy) > reach + 1e-9 or protected(state, enemy):
        return False
    if unit.aim is Aim.ENEMIES_IN_RANGE and not can_see(state, caster, enemy):
        return False
    return unit.eligible(state, caster, enemy)


# Army rules by which a power's target ignores its effects once it is cast and not resisted:
# each answers True when the power does nothing (Bofur's Steadfast)
SHRUGGED_OFF: list[Callable[[BattleState, Sequence[Any], Spell], bool]] = []


def protected(state: BattleState, model: ModelState) -> bool:
    return effects.marked(state, model, PROTECTED) is not None


def single_targets(
    state: BattleState, caster: ModelState, unit: PowerUnit, spec: PowerSpec
) -> list[ModelState]:
    """MAGIC-RNG-01: in range (base to base, as shooting), seen if an enemy; MAGIC-TGT-02:
    Engaged models may be targeted; the nearest ``CANDIDATES`` eligible ones."""
    reach = max(spec.range, unit.radius) + (
        unit.channelled_range if channelling(state, caster) else 0.0
    )
    enemy = unit.aim is Aim.ENEMY
    pool = state.enemies(caster) if enemy else state.living(caster.player)
    near = sorted(
        (m for m in pool if riding(m) is None or enemy),
        key=lambda m: (state.distance(caster, m), m.uid),
    )
    found: list[ModelState] = []
    for model in near:
        if state.distance(caster, model) > reach + 1e-9 and model is not caster:
            break
        if untouchable(model):
            continue  # Tom is Master, River-daughter: resisted, friendly powers included
        if enemy and spared(state, model, caster.player):
            continue  # Broken Mind: its own army aims no power at it (READINGS)
        if enemy and (protected(state, model) or not can_see(state, caster, model)):
            continue
        if enemy and hidden_by_stealth(state, caster, model):
            continue  # SR-STEALTH (002:L2763): nor a Magical Power beyond 6"
        if enemy and shrouded(state, model) and not sees_invisible(caster):
            continue  # MAGIC-P-SHROUD: an Invisible model cannot be targeted
        if unit.eligible(state, caster, model):
            found.append(model)
        if len(found) >= CANDIDATES:
            break
    return found


def offer(state: BattleState, players: Sequence[Any], caster: ModelState) -> None:
    """MAGIC-WHEN-01: the caster's player may cast one power now (called by the Move phase
    before and after the model's move)."""
    if not may_cast(state, caster):
        return
    found = options(state, caster)
    if not found:
        return
    plan = players[caster.player].decide(
        state, ChooseSpell(caster, found, channelling(state, caster))
    )
    if plan is None:
        return
    least = 0 if plan.option.item else 1
    if plan.option not in found or not least <= plan.points <= spendable(caster):
        state.log.emit("refused", model=caster.uid, reason=f"illegal spell {plan!r}")
        return
    cast_spell(state, players, caster, plan)


def cast_spell(
    state: BattleState, players: Sequence[Any], caster: ModelState, plan: SpellPlan
) -> bool:
    """Roll the casting dice, let the targets' side resist, resolve; True if it took effect."""
    option, unit = plan.option, plan.option.power
    CAST_TURN.of(caster).append(state.turn)
    target = state.models[option.target]
    part = choose_part(state, players, caster, unit, target)  # MAGIC-TGT-03: before rolling
    if option.item:
        best = _cast_by_item(state, caster, option)
    else:
        best = cast(state, caster, plan.points, option.spec.casting, unit.id, target.uid)
    cast_ok = bool(best)
    notify(state, On.SPELL_CAST, Happening(caster, source=unit.id, other=target, passed=cast_ok))
    if not best:
        return False
    affected = tuple(state.models[uid] for uid in option.affected if state.models[uid].alive)
    spell = Spell(unit, option.spec, caster, target, affected, channelling(state, caster), part)
    if unit.resistible and resisting.resisted(state, players, spell, best):
        return False
    if any(rule(state, players, spell) for rule in SHRUGGED_OFF):
        return False  # army rules: the target ignores the power's effects (Steadfast)
    state.log.emit(
        "spell",
        power=unit.id,
        name=unit.name,
        model=caster.uid,
        target=target.uid,
        affected=[m.uid for m in affected],
        channelled=spell.channelled,
        **({"part": part} if part != RIDER else {}),
    )
    _RESOLVING.of(state).append(unit.id)
    try:
        unit.resolve(state, spell)
    finally:
        _RESOLVING.of(state).pop()
    return True


def _cast_by_item(state: BattleState, caster: ModelState, option: SpellOption) -> int:
    """The item casts it: no Will, no dice, cast with a 6; its use is counted."""
    _ITEM_CASTS.of(caster).append((option.item, option.spec.name))
    state.log.emit(
        "cast",
        model=caster.uid,
        dice=[],
        best=ITEM_CAST,
        cast=True,
        power=option.power.id,
        target=option.target,
        item=option.item,
    )
    return ITEM_CAST


# The powers being resolved now (army rules that Magical Powers ignore: Blubbery Mass)
_RESOLVING: Status[list[str]] = Status("magical power resolving", list, Lasting.BATTLE)


def resolving_power(state: BattleState) -> bool:
    """A Magical Power is being resolved now."""
    return bool(_RESOLVING.peek(state))
