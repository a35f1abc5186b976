"""How long a power's effects last (MAGIC-DUR-01..04, 002:L2359-2371), through core/effects.

Temporary: until the end of the turn it was cast. Exhaustion: while the caster keeps at
least 1 Will (ends the moment it falls to 0). Both end when the caster is killed or leaves
(MAGIC-DUR-01). A lasting change made by an Instant power (Drain Courage's -1 Courage "for
the game") stays when its caster dies (checklist §8.3 reading; data.ASSUMPTIONS).
"""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.effects import Bar, Effect, Until
from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.magic.spells import Duration, Spell


def _keeps_will(caster: ModelState) -> Callable[[BattleState], bool]:
    return lambda state: caster.alive and caster.will >= 1


def put(
    state: BattleState,
    spell: Spell,
    target: ModelState,
    *,
    hook: Hook | None = None,
    value: int = 0,
    bars: frozenset[Bar] = frozenset(),
    mark: str = "",
    reach: float = 0.0,
    keywords: frozenset[str] = frozenset(),
    name: str = "",
) -> Effect:
    """Put the spell's effect on ``target`` for the power's duration."""
    duration = spell.power.duration
    if duration is Duration.EXHAUSTION:
        until, holds, caster = Until.WHILE, _keeps_will(spell.caster), spell.caster.uid
    elif duration is Duration.TEMPORARY:
        until, holds, caster = Until.END_OF_TURN, None, spell.caster.uid
    else:  # an Instant power's lasting change (a characteristic "for the game")
        until, holds, caster = Until.END_OF_BATTLE, None, None
    effect = Effect(
        name or spell.power.name,
        target.uid,
        hook,
        value,
        until,
        spell.power.id,
        holds=holds,
        caster=caster,
        bars=bars,
        mark=mark,
        reach=reach,
        keywords=keywords,
    )
    return effects.add(state, effect)


def exhausting(state: BattleState, spell: Spell, *, name: str = "") -> Effect:
    """Put an Exhaustion effect whatever the power's listed duration (channelled Blinding
    Light, MAGIC-P-BLINDLIGHT)."""
    effect = Effect(
        name or spell.power.name,
        spell.target.uid,
        None,
        0,
        Until.WHILE,
        spell.power.id,
        holds=_keeps_will(spell.caster),
        caster=spell.caster.uid,
    )
    return effects.add(state, effect)


def carries(state: BattleState, model: ModelState, name: str) -> bool:
    """Whether an effect of that power name is on ``model`` already (players skip it)."""
    return any(e.name == name for e in effects.on_model(state, model))
