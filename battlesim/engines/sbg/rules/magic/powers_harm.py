"""Powers that harm one enemy: Black Dart, Sap Will, Drain Courage, Wither, Curse, Chill
Soul, Banishment, Flameburst, Your Staff Is Broken."""

from __future__ import annotations

from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.ablaze import set_ablaze
from battlesim.engines.sbg.rules.cavalry import MOUNT
from battlesim.engines.sbg.rules.combat import d3
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.harm import hit, lose_wounds, wound_chance
from battlesim.engines.sbg.rules.magic.parts import (
    chosen_part,
    hit_mount,
    lower_mount,
    mount_loses_wounds,
)
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, power
from battlesim.engines.sbg.rules.magic.will_of_evil import banish


def _die(state: BattleState, purpose: str) -> int:
    (die,) = state.roll(1, purpose)
    return die


def _dart_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    wounds = min(2.0, target.wounds) if chan else 1.0
    return wound_chance(state, 9, target) * wounds * worth.per_wound(target) * 1.3


@power(
    "MAGIC-P-BLACKDART",
    "black dart",
    "002:L2649-2655",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_dart_worth,
    parts=True,
)
def magic_p_blackdart(state: BattleState, spell: Spell) -> None:
    """One Strength 9 hit, not a shot, on the chosen part (MAGIC-TGT-03); channelled: D3
    Wounds for the Wound it deals."""
    count = d3(_die(state, "black dart wounds (D3)")) if spell.channelled else 1
    strike = hit_mount if spell.part == MOUNT else hit
    strike(state, spell.caster, spell.target, 9, f"cast by {spell.caster.uid}", count)


def _will_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return (
        min(target.will, 3.5 if chan else 2.0)
        * worth.WILL_POINT
        * (1.5 if target.profile.powers else 1.0)
    )


@power(
    "MAGIC-P-SAPWILL",
    "sap will",
    "002:L2679-2685",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_will_worth,
    parts=True,
)
def magic_p_sapwill(state: BattleState, spell: Spell) -> None:
    """The target loses D3 Will (channelled D6), never below 0; the mount its own."""
    die = _die(state, "sap will")
    holder, tag = chosen_part(spell)
    lost = min(holder.will, die if spell.channelled else d3(die))
    holder.will -= lost
    rule = {"rule": "sap will, on the mount"} if tag else {}
    state.log.emit(
        "will_lost", model=spell.target.uid, points=lost, will=holder.will, **rule, **tag
    )
    banish(state, spell.target)  # SR-WILLEVIL: a Nazgûl sapped to 0 Will is banished


def _courage_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return (
        (0.15 if not chan else 0.3) * worth.of(target) * (0.5 if target.profile.courage <= 1 else 1)
    )


@power(
    "MAGIC-P-DRAINCOUR",
    "drain courage",
    "002:L2481-2487",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_courage_worth,
    parts=True,
)
def magic_p_draincour(state: BattleState, spell: Spell) -> None:
    """Courage -1 (minimum 1, the Courage clamp) for the rest of the game, cumulative;
    channelled: -D3. The mount's own Courage counts once it is riderless."""
    loss = d3(_die(state, "drain courage (D3)")) if spell.channelled else 1
    if spell.part == MOUNT:
        lower_mount(state, spell.target, courage=loss)
        return
    lasting.put(state, spell, spell.target, hook=Hook.COURAGE, value=-loss)


def _wither_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return 0.1 * worth.of(target) * (2 if chan else 1)


@power(
    "MAGIC-P-WITHER",
    "wither",
    "002:L2381-2387",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_wither_worth,
    parts=True,
)
def magic_p_wither(state: BattleState, spell: Spell) -> None:
    """Strength -1 (minimum 1, the Strength clamp) for the game; channelled: -D3. On the
    mount: its own Strength (parts.py)."""
    loss = d3(_die(state, "wither (D3)")) if spell.channelled else 1
    if spell.part == MOUNT:
        lower_mount(state, spell.target, strength=loss)
        return
    lasting.put(state, spell, spell.target, hook=Hook.STRENGTH, value=-loss)


def _curse_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return min(target.fate, 3 if chan else 1) * 0.4 * worth.per_wound(target)


@power(
    "MAGIC-P-CURSE",
    "curse",
    "002:L2591-2597",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_curse_worth,
    parts=True,
)
def magic_p_curse(state: BattleState, spell: Spell) -> None:
    """The target loses 1 Fate; channelled: all its Fate. The mount loses its own."""
    holder, tag = chosen_part(spell)
    holder.fate = 0 if spell.channelled else max(0, holder.fate - 1)
    state.log.emit("fate_lost", model=spell.target.uid, fate=holder.fate, **tag)


def _wound_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return worth.per_wound(target) * 1.3


@power(
    "MAGIC-P-CHILL",
    "chill soul",
    "002:L2623-2629",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_wound_worth,
    channelled_range=6.0,
    parts=True,
)
def magic_p_chill(state: BattleState, spell: Spell) -> None:
    """The chosen part loses 1 Wound as if wounded in combat; channelled: range +6"."""
    lose = mount_loses_wounds if spell.part == MOUNT else lose_wounds
    lose(state, spell.target, 1, f"cast by {spell.caster.uid}")


def _spirit(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    return "spirit" in target.triggers


def _banish_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return worth.per_wound(target) * (2.0 if chan else 1.0) * 1.3


@power(
    "MAGIC-P-BANISH",
    "banishment",
    "002:L2429-2435",
    Aim.ENEMY,
    Duration.INSTANT,
    eligible=_spirit,
    worth=_banish_worth,
    parts=True,
)
def magic_p_banish(state: BattleState, spell: Spell) -> None:
    """Only on a Spirit: the chosen part loses 1 Wound (channelled D3) as if wounded in
    combat (a mount only if a Spirit itself, parts.parts_of)."""
    count = d3(_die(state, "banishment (D3)")) if spell.channelled else 1
    lose = mount_loses_wounds if spell.part == MOUNT else lose_wounds
    lose(state, spell.target, count, f"cast by {spell.caster.uid}")


def _flame_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return wound_chance(state, 9 if chan else 6, target) * worth.per_wound(target) * 1.3


@power(
    "MAGIC-P-FLAMEBURST",
    "flameburst",
    "002:L2447-2453",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_flame_worth,
)
def magic_p_flameburst(state: BattleState, spell: Spell) -> None:
    """One Strength 6 hit; channelled: the target is Set Ablaze instead (SR-ABLAZE, rules/
    ablaze.py: one S9 hit, then S5 in each End phase until put out)."""
    cause = f"cast by {spell.caster.uid}"
    if spell.channelled:
        set_ablaze(state, spell.caster, spell.target, cause)
    else:
        hit(state, spell.caster, spell.target, 6, cause)


STAFFS = ("staff", "staff of power")


def _has_staff(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    return any(staff in target.triggers for staff in STAFFS)


def _staff_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    harm = wound_chance(state, 7, target) * worth.per_wound(target) if chan else 0.0
    return 0.1 * worth.of(target) + harm


@power(
    "MAGIC-P-STAFFBROKEN",
    "your staff is broken",
    "002:L2687-2693",
    Aim.ENEMY,
    Duration.INSTANT,
    eligible=_has_staff,
    worth=_staff_worth,
    aliases=("your staff is broken!",),
)
def magic_p_staffbroken(state: BattleState, spell: Spell) -> None:
    """The target's staff is destroyed with all its benefits (a Staff of Power's free Will,
    the hand-and-a-half bonus); fighting with it, the target is left Unarmed (another hand
    weapon on its card is not taken up: data.ASSUMPTIONS "broken staff"). Channelled: also
    one Strength 7 hit."""
    target = spell.target
    lost = frozenset(STAFFS)
    if target.weapon is not None and target.weapon.name == "staff":
        target.weapon = None
        lost |= {"hand-and-a-half"}
        target.triggers = (target.triggers - lost) | {"unarmed"}
    else:
        target.triggers = target.triggers - lost
    state.log.emit("wargear_destroyed", model=target.uid, item="staff")
    if spell.channelled:
        hit(state, spell.caster, target, 7, f"cast by {spell.caster.uid}")
