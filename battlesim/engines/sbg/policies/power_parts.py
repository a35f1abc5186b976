"""How the heuristic player chooses the rider or the mount a power affects (MAGIC-TGT-03).

By expected value, as for a strike (players.choose_strike_part): each part's worth is the
share of the Cavalry model the power takes (or, on a friend, gives back), times the chance
the part does not resist (the rider with its Will and free dice, saving a Wound with Fate;
the mount with its own Will only). A harmful power goes at the mount when the mount would
fall and the rider would likely resist or be saved by Fate; a healing power goes to the
part that lost Wounds; ties go to the rider.
"""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.cavalry import MOUNT, RIDER, mount_defence
from battlesim.engines.sbg.rules.combat import wound_need
from battlesim.engines.sbg.rules.magic import worth
from battlesim.engines.sbg.rules.magic.resisting import free_dice
from battlesim.engines.sbg.rules.magic.spells import POWERS, Aim, unit_of

FATE_SAVES = 0.5  # a Fate point saves a Wound on a 4+ (HERO-FATE)
RIDER_DICE = 2  # the rider's Will dice the player expects it to spend resisting
RIDERLESS = 0.2  # the share of a mount's Strength or Courage that counts: once riderless
LONE_HORSE = 1.5  # slaying the rider of a horse that flees alone removes the whole model


def chance(strength: int, defence: int) -> float:
    """The chance one hit of ``strength`` wounds ``defence``."""
    need = wound_need(strength, defence)
    if need is None:
        return 0.0
    return (7 - need.first) / 6 * ((7 - need.second) / 6 if need.second else 1.0)


def _rider_fell(state: BattleState, target: ModelState, strength: int) -> float:
    """The share of the rider one hit (or a lost Wound: ``strength`` 0) takes."""
    assert target.mount is not None
    hit = chance(strength, target.defence) if strength else 1.0
    share = hit / max(1, target.wounds) * (1 - FATE_SAVES if target.fate > 0 else 1.0)
    return share * (LONE_HORSE if target.mount.flees_alone else 1.0)


def _mount_fell(state: BattleState, target: ModelState, strength: int) -> float:
    assert target.mount is not None
    hit = chance(strength, mount_defence(target, state)) if strength else 1.0
    return hit / max(1, target.mount.wounds)


def _wounding(strength: int) -> Callable[[BattleState, ModelState, str], float]:
    def value(state: BattleState, target: ModelState, part: str) -> float:
        fell = _mount_fell if part == MOUNT else _rider_fell
        return fell(state, target, strength)

    return value


def _wither(state: BattleState, target: ModelState, part: str) -> float:
    mount = target.mount
    assert mount is not None
    if part == RIDER:
        return 1.0
    return 1.0 if mount.profile.strength > max(1, mount.foot.strength) else RIDERLESS


def _courage(state: BattleState, target: ModelState, part: str) -> float:
    return 1.0 if part == RIDER else RIDERLESS


def _store(pool: str) -> Callable[[BattleState, ModelState, str], float]:
    def value(state: BattleState, target: ModelState, part: str) -> float:
        holder = target.mount if part == MOUNT else target
        return float(min(2, getattr(holder, pool)))

    return value


def _renew(state: BattleState, target: ModelState, part: str) -> float:
    mount = target.mount
    assert mount is not None
    if part == MOUNT:
        return (mount.profile.wounds - mount.wounds) / max(1, mount.wounds)
    return (target.profile.wounds - target.wounds) / max(1, target.wounds)


def _bless(state: BattleState, target: ModelState, part: str) -> float:
    return float(part == RIDER and target.fate < target.profile.fate)


def _strengthen(state: BattleState, target: ModelState, part: str) -> float:
    return 1.0 if part == RIDER else 0.0


VALUES: dict[str, Callable[[BattleState, ModelState, str], float]] = {
    "MAGIC-P-BLACKDART": _wounding(9),
    "MAGIC-P-CHILL": _wounding(0),
    "MAGIC-P-BANISH": _wounding(0),
    "MAGIC-P-WITHER": _wither,
    "MAGIC-P-DRAINCOUR": _courage,
    "MAGIC-P-CURSE": _store("fate"),
    "MAGIC-P-SAPWILL": _store("will"),
    "MAGIC-P-RENEW": _renew,
    "MAGIC-P-BLESSVALAR": _bless,
    "MAGIC-P-STRWILL": _strengthen,
}


def resisted(state: BattleState, target: ModelState, part: str, casting: int) -> float:
    """The chance the part resists a power cast with ``casting`` (its best die)."""
    mount = target.mount
    assert mount is not None
    if part == MOUNT:
        return worth.resist_chance(casting, mount.will)
    dice = min(RIDER_DICE, target.will) + free_dice(state, target)[0]
    return worth.resist_chance(casting, dice)


def choose(
    state: BattleState, caster: ModelState, target: ModelState, power: str, parts: tuple[str, ...]
) -> str:
    """The part with the best expected value; the rider on a tie."""
    unit = POWERS.get(power)
    value = VALUES.get(unit.id) if unit is not None else None
    if unit is None or value is None:
        return RIDER
    casting = next((spec.casting for spec in caster.profile.powers if unit_of(spec) is unit), 4)

    def score(part: str) -> tuple[float, bool]:
        kept = 1.0 if unit.aim is Aim.FRIEND else 1 - resisted(state, target, part, casting)
        return value(state, target, part) * kept, part == RIDER

    return max(parts, key=score)
