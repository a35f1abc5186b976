"""Powers on friends: Renew, Strengthen Will, Blessing of the Valar, Fortify Spirit,
Protection of the Valar, Refreshing Song."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.combat import d3
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.casting import PROTECTED
from battlesim.engines.sbg.rules.magic.harm import regain
from battlesim.engines.sbg.rules.magic.parts import chosen_part
from battlesim.engines.sbg.rules.magic.resisting import FORTIFIED
from battlesim.engines.sbg.rules.magic.spells import POWERS, Aim, Duration, Spell, power


def _die(state: BattleState, purpose: str) -> int:
    (die,) = state.roll(1, purpose)
    return die


def _renew_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    lost = target.profile.wounds - target.wounds
    return min(lost, 2 if chan else 1) * worth.per_wound(target) * 0.8


@power(
    "MAGIC-P-RENEW",
    "renew",
    "002:L2525-2531",
    Aim.FRIEND,
    Duration.INSTANT,
    worth=_renew_worth,
    parts=True,
)
def magic_p_renew(state: BattleState, spell: Spell) -> None:
    """The chosen part regains 1 lost Wound (channelled D3), never above its start."""
    count = d3(_die(state, "renew (D3)")) if spell.channelled else 1
    holder, tag = chosen_part(spell)
    gained = regain(holder, "wounds", count, holder.profile.wounds)
    state.log.emit("wounds_regained", model=spell.target.uid, wounds=gained, **tag)


def _is_hero(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    return target.profile.is_hero and target is not caster


def _will_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return (2.0 if chan else 1.0) * worth.WILL_POINT * (1.5 if target.profile.powers else 0.7)


@power(
    "MAGIC-P-STRWILL",
    "strengthen will",
    "002:L2669-2675",
    Aim.FRIEND,
    Duration.INSTANT,
    eligible=_is_hero,
    worth=_will_worth,
    parts=True,
)
def magic_p_strwill(state: BattleState, spell: Spell) -> None:
    """A friendly Hero gains 1 Will (channelled D3), even above its starting store; or
    its mount, which may then resist powers aimed at it (parts.py). The caster itself is
    not offered (it would spend Will to gain Will: data.ASSUMPTIONS)."""
    count = d3(_die(state, "strengthen will (D3)")) if spell.channelled else 1
    holder, tag = chosen_part(spell)
    holder.will += count
    state.log.emit("will_gained", model=spell.target.uid, will=holder.will, **tag)


def _bless_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    lost = target.profile.fate - target.fate
    return min(lost, 2 if chan else 1) * worth.per_wound(target) * 0.4


@power(
    "MAGIC-P-BLESSVALAR",
    "blessing of the valar",
    "002:L2439-2445",
    Aim.FRIEND,
    Duration.INSTANT,
    worth=_bless_worth,
    parts=True,
)
def magic_p_blessvalar(state: BattleState, spell: Spell) -> None:
    """The chosen part regains 1 Fate spent earlier (channelled D3), never above its start
    (a mount: none, mounts.MountState)."""
    count = d3(_die(state, "blessing of the valar (D3)")) if spell.channelled else 1
    holder, tag = chosen_part(spell)
    start = 0 if tag else spell.target.profile.fate  # a mount starts with no Fate of its own
    gained = regain(holder, "fate", count, start)
    state.log.emit("fate_regained", model=spell.target.uid, fate=gained, **tag)


def _enemy_casters(state: BattleState, model: ModelState) -> bool:
    return any(e.profile.powers for e in state.enemies(model))


def _fortify_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if lasting.carries(state, target, "fortify spirit") or not _enemy_casters(state, target):
        return 0.0
    return 0.05 * worth.of(target)


@power(
    "MAGIC-P-FORTIFY",
    "fortify spirit",
    "002:L2509-2515",
    Aim.FRIEND,
    Duration.EXHAUSTION,
    worth=_fortify_worth,
)
def magic_p_fortify(state: BattleState, spell: Spell) -> None:
    """The friend rolls 2 extra free dice when resisting (resisting.free_dice); channelled:
    it adds 1 to its highest resist die."""
    lasting.put(state, spell, spell.target, mark=FORTIFIED, value=int(spell.channelled))


def _protect_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if effects.marked(state, target, PROTECTED) or not _enemy_casters(state, target):
        return 0.0
    return 0.05 * worth.of(target)


def _within_3(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    return state.distance(caster, target) <= 3.0 + 1e-9


@power(
    "MAGIC-P-PROTVALAR",
    "protection of the valar",
    "002:L2607-2613",
    Aim.FRIEND,
    Duration.TEMPORARY,
    eligible=_within_3,
    worth=_protect_worth,
    radius=3.0,
)
def magic_p_protvalar(state: BattleState, spell: Spell) -> None:
    """The caster or a friend within 3" cannot be targeted by enemy powers this turn
    (casting.protected; reading 26: immune where it would be a target); channelled: every
    friend within 3" of the caster. Special rules that target are not covered yet."""
    if spell.channelled:
        lasting.put(state, spell, spell.caster, mark=PROTECTED, reach=3.0)
    else:
        lasting.put(state, spell, spell.target, mark=PROTECTED)


def _refresh_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    lost = target.profile.wounds - target.wounds
    pools = sum(getattr(target.profile, p) > getattr(target, p) for p in ("might", "will", "fate"))
    return (min(lost, 3 if chan else 1) * worth.per_wound(target)) * 0.8 + 0.3 * pools


def _unwanted(effect: effects.Effect) -> bool:
    """An effect of a power aimed at enemies (resistible): one a friend would wish gone,
    unlike its friends' powers (Fortify Spirit) it keeps (MAGIC-P-REFRESH, 002:L2643)."""
    unit = next((u for u in POWERS.values() if u.id == effect.source), None)
    return unit is not None and unit.resistible


@power(
    "MAGIC-P-REFRESH",
    "refreshing song",
    "002:L2639-2645",
    Aim.FRIEND,
    Duration.INSTANT,
    worth=_refresh_worth,
)
def magic_p_refresh(state: BattleState, spell: Spell) -> None:
    """The friend regains 1 Wound (channelled: all), 1 Might, 1 Will and 1 Fate lost
    earlier, never above its start, and the effects on it of powers aimed at it as an enemy
    end (« qu'elle souhaite »: it keeps its friends' powers, ``_unwanted``)."""
    target, profile = spell.target, spell.target.profile
    regain(target, "wounds", profile.wounds if spell.channelled else 1, profile.wounds)
    for pool in ("might", "will", "fate"):
        regain(target, pool, 1, getattr(profile, pool))
    effects.end(state, lambda e: e.target == target.uid and _unwanted(e))
    state.log.emit("refreshed", model=target.uid, wounds=target.wounds)
