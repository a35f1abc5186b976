"""Rider and mount as data: the profiles a Cavalry model plays with (checklist part 1 §8).

Pure functions over frozen profiles (no battle state), so that ``state.py`` can build a
mounted model without importing the cavalry rules (``cavalry.py``).

A Cavalry model is one ``ModelState`` whose ``spec.profile`` is the *mounted* profile and whose
``mount`` holds the mount's own wounds and Defence:

- Move is the mount's (CAV-MOVE-01, 002:L1276, L1290);
- Fight, Strength and Attacks are the higher of rider and mount (CAV-FIGHT-01, 002:L1379);
- Courage, Shoot, Defence and Wounds are the rider's (CAV-COUR-01, 002:L1322);
- keywords: Cavalry instead of Infantry, plus the mount's kind (CAV-DEF-01, 002:L1264).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlesim.engines.sbg.core.data import CAVALRY_CIRCLE_MM, MOUNT_PROFILES
from battlesim.engines.sbg.core.units import MountProfile, Profile

FOOT_BASE_MM = 25.0  # a rider on foot stands on an infantry base (data.ASSUMPTIONS)
# WPN-LANCE-02 (002:L2024): the lance is dropped with the mount; barding goes with the mount.
_LEFT_WITH_MOUNT = frozenset({"lance", "barding"})


@dataclass(slots=True)
class MountState:
    """The mount of a Cavalry model during the battle: its own wounds and Defence."""

    profile: MountProfile
    wounds: int
    defence: int
    foot: Profile  # the rider's on-foot profile (CAV-SHOOT-04, CAV-DISM-02)
    # MAGIC-TGT-03: what powers aimed at the mount alone did (rules/magic/parts.py); a
    # mount's card stores are its rider's when shared (Deadly Union), so it starts with none
    will: int = 0
    fate: int = 0
    strength_lost: int = 0
    courage_lost: int = 0

    @property
    def slain(self) -> bool:
        return self.wounds <= 0

    @property
    def flees_alone(self) -> bool:
        """CAV-LOOSE-02 (002:L1330): Fight 0 or Attacks 0 (horses) always flee alone."""
        return self.profile.fight == 0 or self.profile.attacks == 0


def mount_state(profile: Profile) -> MountState | None:
    """The starting mount of a profile, or None for a model on foot."""
    mount = profile.mount
    if mount is None:
        return None
    return MountState(mount, mount.wounds, mount.defence, foot_profile(profile))


def mounted_profile(profile: Profile) -> Profile:
    """The profile a mounted model plays with (see the module docstring)."""
    mount = profile.mount
    assert mount is not None
    return replace(
        profile,
        move=mount.move,
        fight=max(profile.fight, mount.fight),
        strength=max(profile.strength, mount.strength),
        attacks=max(profile.attacks, mount.attacks),
        keywords=(profile.keywords - {"infantry"}) | {"cavalry", mount.kind},
        base_mm=max(profile.base_mm, CAVALRY_CIRCLE_MM),
    )


def foot_profile(profile: Profile) -> Profile:
    """The rider on foot: Infantry instead of Cavalry (CAV-DEF-01), no mount, no lance."""
    dropped = _LEFT_WITH_MOUNT | set(MOUNT_PROFILES)
    if profile.mount is not None:  # a mount from the data's card (options.py)
        dropped |= {profile.mount.name}
    return replace(
        profile,
        mount=None,
        keywords=(profile.keywords - {"cavalry"}) | {"infantry"},
        wargear=tuple(item for item in profile.wargear if item not in dropped),
        options=tuple(item for item in profile.options if item not in dropped),
        base_mm=FOOT_BASE_MM,
    )


def loose_profile(mount: MountState, rider: Profile) -> Profile:
    """A riderless mount (CAV-LOOSE-01): the mount's card as an Infantry model of its own."""
    card = mount.profile
    return Profile(
        name=f"{card.name.title()} (riderless)",
        move=card.move,
        fight=card.fight,
        shoot=card.shoot,
        strength=lowered(card.strength, mount.strength_lost),
        defence=mount.defence,
        attacks=card.attacks,
        wounds=card.wounds,
        courage=lowered(card.courage, mount.courage_lost),
        keywords=frozenset({"infantry", card.kind}),
        rules=card.rules,  # a data mount's own rules stay with it (Feral, Raging Beast)
        base_mm=max(rider.base_mm, CAVALRY_CIRCLE_MM),
    )


def lowered(value: int, lost: int) -> int:
    """``value`` less ``lost``, never below 1 (Wither, Drain Courage), nor raised to 1."""
    return max(min(value, 1), value - lost)


def feint_loss(mount: MountState | None, fight: int, loss: int) -> int:
    """How much a Feint of ``loss`` (SPS-FEINT-01) lowers a model whose Fight is ``fight``.
    SPS-CAV-01 (002:L2080): mounted, only the rider's own Fight drops, and the model still
    fights with the higher of it and the mount's (CAV-FIGHT-01, 002:L1379)."""
    if mount is None:
        return loss
    return fight - max(mount.foot.fight - loss, mount.profile.fight)
