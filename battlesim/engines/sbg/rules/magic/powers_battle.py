"""Powers that change how models fight, shoot or stand: Blinding Light, Enchanted Blades,
Bladewrath, Collapse Rocks, Panic Steed, Tremor."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.marks import BLINDING, STRIKES_AT
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll_by_effect
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.cavalry import thrown_rider_test
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.harm import hit, knock_prone, wound_chance
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, power

ENCHANTED = "enchanted blades"  # MAGIC-P-ENCHBLADES's mark
LIGHT_REACH = 6.0  # MAGIC-P-BLINDLIGHT: shots at models this near the caster hit on a 6


def _shooters_near(state: BattleState, caster: ModelState) -> int:
    return sum(
        1
        for e in state.enemies(caster)
        if e.missile is not None and state.distance(caster, e) <= 24
    )


def _light_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    """Shots that would hit on a 6 instead: only at models within 6" of the caster, so
    each enemy shooter counts for the share of its targets standing there."""
    if lasting.carries(state, caster, "blinding light"):
        return 0.0
    friends = state.living(caster.player)
    covered = sum(1 for f in friends if state.distance(caster, f) <= LIGHT_REACH)
    share = covered / max(1, len(friends))
    return 0.15 * _shooters_near(state, caster) * share * (1.5 if chan else 1.0)


@power(
    "MAGIC-P-BLINDLIGHT",
    "blinding light",
    "002:L2583-2589",
    Aim.SELF,
    Duration.TEMPORARY,
    worth=_light_worth,
)
def magic_p_blindlight(state: BattleState, spell: Spell) -> None:
    """Shooting at the caster or a friend within 6" of it hits only on a 6 (the daylight
    within 12" has no use on the engine's tables; models beyond impassable terrain are not
    told apart: data.ASSUMPTIONS "blinding light"). Channelled: it lasts as Exhaustion."""
    if spell.channelled:
        effect = effects.Effect(
            spell.power.name,
            spell.caster.uid,
            None,
            0,
            effects.Until.WHILE,
            spell.power.id,
            holds=lambda s: spell.caster.alive and spell.caster.will >= 1,
            caster=spell.caster.uid,
            mark=BLINDING,
            reach=LIGHT_REACH,
        )
        effects.add(state, effect)
        return
    lasting.put(state, spell, spell.caster, mark=BLINDING, reach=LIGHT_REACH)


def _fighter_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    """A friend about to fight (engaged, or an enemy within charge reach)."""
    if lasting.carries(state, target, "enchanted blades") or lasting.carries(
        state, target, "bladewrath"
    ):
        return 0.0
    close = state.engaged(target) or any(
        state.distance(target, e) <= target.profile.move + 1 for e in state.enemies(target)
    )
    return 0.25 * worth.of(target) * target.profile.attacks / 2 if close else 0.0


@power(
    "MAGIC-P-ENCHBLADES",
    "enchanted blades",
    "002:L2575-2581",
    Aim.FRIEND,
    Duration.TEMPORARY,
    worth=_fighter_worth,
)
def magic_p_enchblades(state: BattleState, spell: Spell) -> None:
    """The friend re-rolls its failed To Wound rolls in the Fight phase; channelled: also
    +1 To Wound, with a two-handed weapon's +1 (not when shooting)."""
    lasting.put(state, spell, spell.target, mark=ENCHANTED, value=int(spell.channelled))


@reroll_by_effect(Roll.TO_WOUND_IN_COMBAT)
def _enchanted_reroll(context: HookContext) -> Reroll:
    found = effects.marked(context.state, context.model, ENCHANTED)
    return Reroll.FAILED if found is not None else Reroll.NONE


@register(Hook.WOUND_ROLL, "any")
def _enchanted_bonus(context: HookContext) -> int:
    if context.details.get("missile") or not effects.active(context.state):
        return 0
    found = effects.marked(context.state, context.model, ENCHANTED)
    return 1 if found is not None and found.value > 0 else 0


@power(
    "MAGIC-P-BLADEWRATH",
    "bladewrath",
    "002:L2471-2477",
    Aim.FRIEND,
    Duration.TEMPORARY,
    worth=_fighter_worth,
)
def magic_p_bladewrath(state: BattleState, spell: Spell) -> None:
    """In the Fight phase the friend's strikes are resolved at Strength 6 (channelled 10)
    whatever the Strength modifiers (reading 22: To Wound modifiers stay)."""
    lasting.put(state, spell, spell.target, mark=STRIKES_AT, value=10 if spell.channelled else 6)


ROCKY = ("ruin", "rock", "stone", "house", "tower", "wall", "cave", "cliff", "crag")


def _rocky(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    """MAGIC-P-COLLAPSE: on a piece named as rocky ground, a ruin, a stone building or a
    cave (data.ASSUMPTIONS "collapse rocks": the tables name their pieces)."""
    table = state.table
    if table is None:
        return False
    pieces = table.terrain_at(target.position)
    return any(word in piece.name.lower() for piece in pieces for word in ROCKY)


def _rocks_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return wound_chance(state, 5, target) * worth.per_wound(target) * 1.3


@power(
    "MAGIC-P-COLLAPSE",
    "collapse rocks",
    "002:L2489-2495",
    Aim.ENEMY,
    Duration.INSTANT,
    eligible=_rocky,
    worth=_rocks_worth,
)
def magic_p_collapse(state: BattleState, spell: Spell) -> None:
    """One Strength 5 hit; channelled, every model within 2" of the target, friend or foe,
    also suffers one S5 hit."""
    source = f"cast by {spell.caster.uid}"
    around = [
        m for m in state.living() if m is not spell.target and state.distance(spell.target, m) <= 2
    ]
    hit(state, spell.caster, spell.target, 5, source)
    if spell.channelled:
        for model in around:
            hit(state, None, model, 5, source)


def _mounted(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    return target.mount is not None


def _steed_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return 0.4 * worth.of(target)


@power(
    "MAGIC-P-PANICSTEED",
    "panic steed",
    "002:L2599-2605",
    Aim.ENEMY,
    Duration.INSTANT,
    eligible=_mounted,
    worth=_steed_worth,
)
def magic_p_panicsteed(state: BattleState, spell: Spell) -> None:
    """Only on Cavalry: the mount flees (removed, a mount lost, CAV-BRK-01) and the rider
    rolls on the Thrown Rider table. Channelled: every enemy Cavalry model within 3" of
    the target too."""
    targets = [spell.target]
    if spell.channelled:
        targets += [
            e
            for e in state.living(spell.target.player)
            if e is not spell.target
            and e.mount is not None
            and state.distance(spell.target, e) <= 3
        ]
    for model in targets:
        if model.alive and model.mount is not None:
            state.log.emit("mount_fled", model=model.uid, rule=spell.power.id)
            state.lose_parts(model.player, riders=0, mounts=1)
            thrown_rider_test(state, model)


def _tremor_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return (wound_chance(state, 6, target) * worth.per_wound(target) + 0.2 * worth.of(target)) * 1.3


def _line_hits(
    state: BattleState, caster: ModelState, target: ModelState, length: float
) -> list[ModelState]:
    """Models touched by a line from the target's edge, ``length`` inches directly away from
    the caster (the target included), with everyone in their fights (MAGIC-P-TREMOR)."""
    dx, dy = target.x - caster.x, target.y - caster.y
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    start = (target.x, target.y)
    end = (target.x + ux * (target.radius + length), target.y + uy * (target.radius + length))
    touched = [target]
    for model in state.living():
        if model is target or riding(model) is not None:
            continue
        if _segment_distance((model.x, model.y), start, end) <= model.radius:
            touched.append(model)
    for model in list(touched):
        touched += [m for m in state.contacts(model) if m not in touched]
    return touched


def _segment_distance(
    point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    ax, ay = a
    bx, by = b
    px, py = point
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    )
    return math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)))


@power(
    "MAGIC-P-TREMOR", "tremor", "002:L2631-2637", Aim.ENEMY, Duration.INSTANT, worth=_tremor_worth
)
def magic_p_tremor(state: BattleState, spell: Spell) -> None:
    """A line D6" (channelled 2D6") long from the target, directly away from the caster:
    every model it touches, friend or foe, the target included, and every model in their
    fights is knocked Prone (Cavalry Knocked Flying) and suffers one Strength 6 hit. The
    target resists for all (reading 25: it is always among the affected)."""
    dice = state.roll(2 if spell.channelled else 1, "tremor (inches)")
    for model in _line_hits(state, spell.caster, spell.target, float(sum(dice))):
        knock_prone(state, model, spell.power.id)
        hit(
            state,
            spell.caster if model is spell.target else None,
            model,
            6,
            f"cast by {spell.caster.uid}",
        )
