"""Self powers that last while the caster keeps its Will (Exhaustion): Terrifying Aura,
Aura of Dismay, Aura of Command, Fury."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.rules.courage import PASSES_COURAGE
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, parameter, power
from battlesim.engines.sbg.rules.terror import CAUSES_TERROR, frightens
from battlesim.engines.sbg.rules.wound_saves import save_on_sixes

NEAR = 12.0  # an aura is worth casting when an enemy is this close


def _enemies_near(state: BattleState, caster: ModelState) -> bool:
    return any(state.distance(caster, e) <= NEAR for e in state.enemies(caster))


def _terror_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if lasting.carries(state, caster, "terrifying aura") or not _enemies_near(state, caster):
        return 0.0
    if "terror" in caster.triggers:
        return 0.0
    return 0.15 * worth.of(caster) + 1.0


@power(
    "MAGIC-P-TERRAURA",
    "terrifying aura",
    "002:L2413-2419",
    Aim.SELF,
    Duration.EXHAUSTION,
    worth=_terror_worth,
)
def magic_p_terraura(state: BattleState, spell: Spell) -> None:
    """The caster causes Terror; channelled: a model wishing to charge it tests on 3D6 less
    the highest (terror.dares)."""
    lasting.put(state, spell, spell.caster, mark=CAUSES_TERROR, value=int(spell.channelled))


def _dismay_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if lasting.carries(state, caster, "aura of dismay") or not _enemies_near(state, caster):
        return 0.0
    reach = 12.0 if chan else 6.0
    friends = [f for f in state.living(caster.player) if state.distance(caster, f) <= reach]
    return 0.5 + 0.1 * len(friends)


@power(
    "MAGIC-P-DISMAY",
    "aura of dismay",
    "002:L2405-2411",
    Aim.SELF,
    Duration.EXHAUSTION,
    worth=_dismay_worth,
)
def magic_p_dismay(state: BattleState, spell: Spell) -> None:
    """The caster and every friend within 6" (channelled 12") cause Terror."""
    lasting.put(
        state, spell, spell.caster, mark=CAUSES_TERROR, reach=12.0 if spell.channelled else 6.0
    )


def _command_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if lasting.carries(state, caster, "aura of command") or not _enemies_near(state, caster):
        return 0.0
    broken = state.broken[caster.player]
    terror = any(frightens(e, caster, state) for e in state.enemies(caster))
    return 0.3 + (1.0 if broken else 0.0) + (0.5 if terror else 0.0)


@power(
    "MAGIC-P-AURACMD",
    "aura of command",
    "002:L2421-2427",
    Aim.SELF,
    Duration.EXHAUSTION,
    worth=_command_worth,
)
def magic_p_auracmd(state: BattleState, spell: Spell) -> None:
    """The caster and every friend within 6" (channelled 12") pass every Courage test."""
    lasting.put(
        state, spell, spell.caster, mark=PASSES_COURAGE, reach=12.0 if spell.channelled else 6.0
    )


def _fury_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if lasting.carries(state, caster, "fury") or not _enemies_near(state, caster):
        return 0.0
    friends = [f for f in state.living(caster.player) if state.distance(caster, f) <= 6.0]
    return (0.3 if state.broken[caster.player] else 0.1) * len(friends) + (0.4 if chan else 0.0)


FURY_SAVE = "fury save"  # the channelled Fury's mark


@power(
    "MAGIC-P-FURY",
    "fury",
    "002:L2517-2523",
    Aim.SELF,
    Duration.EXHAUSTION,
    worth=_fury_worth,
    parameters=True,
)
def magic_p_fury(state: BattleState, spell: Spell) -> None:
    """Friends within 6" of the caster having all the keywords in brackets pass every
    Courage test; channelled: each Wound they suffer is ignored on a 6, as a Fate point."""
    keywords = parameter(spell.spec)
    lasting.put(state, spell, spell.caster, mark=PASSES_COURAGE, reach=6.0, keywords=keywords)
    if spell.channelled:
        lasting.put(state, spell, spell.caster, mark=FURY_SAVE, reach=6.0, keywords=keywords)


@on(On.WOUNDING, "fury save", order=15)
def _fury_save(state: BattleState, blow: Happening) -> bool:
    """MAGIC-P-FURY channelled: the D6 is rolled at once after the Wound, before Fate
    (ordered before the Fate save), one per Wound of the blow."""
    model = blow.model
    if model.uid in _PASSED_ON or blow.at_mount:
        return False
    if effects.marked(state, model, FURY_SAVE) is None:
        return False
    return save_on_sixes(state, blow, f"fury save {model.uid}", _PASSED_ON, "fury_save")


_PASSED_ON: set[str] = set()
