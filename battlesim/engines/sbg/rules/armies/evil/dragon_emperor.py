"""The Dragon Emperor of Rhûn (the Easterlings) from the BattleScribe text: Emperor of the
Easterlings, the Royal Palanquin he rides and the Emperor's Glaive.

The Palanquin is no Cavalry mount (the text: he stays Infantry and always uses his own
characteristics), so it is played as what it does: its own Wounds (its card, BSData profile
41b8-40e7-b48d-83c7: Defence 6, Strength 3, 6 Wounds) kept on the Emperor, taking the shots
its In The Way test gives it, slowing as it is hurt, adding Strikes and, when he falls
riding it, leaving Black Dragons behind; its own two rules (a 12" banner, +1 Fight to
Easterling Warriors near it) stand while it does."""

from __future__ import annotations

import math

from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.paths import point_distance, terrain_fits
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Removal,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelSpec, Profile
from battlesim.engines.sbg.rules import equipment
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.fight_stances import SHIELD_WITHOUT_SHIELD
from battlesim.engines.sbg.rules.fighting import COMPANION_STRIKES, NEVER_SUPPORTS
from battlesim.engines.sbg.rules.kinds import UNSHIFTED
from battlesim.engines.sbg.rules.magic.harm import UNPUSHED
from battlesim.engines.sbg.rules.muster import model_state
from battlesim.engines.sbg.rules.shooting import SHOT_ABSORBERS
from battlesim.engines.sbg.rules.sight import can_see
from battlesim.engines.sbg.rules.special_strikes import (
    EXTRA_STRIKES,
    SPEAR_STRIKES,
    SpecialStrike,
)

# --- Emperor of the Easterlings (BSData c14b-a374-8358-4044) ---------------------------
EMPEROR = "emperor of the easterlings"
_EMPEROR_ID = "BSData c14b-a374-8358-4044 (Emperor of the Easterlings)"
WHOLE_TABLE = 1000  # inches added to his Stand Fast! reach: "regardless of range"


def _easterling(model: ModelState | None) -> bool:
    return model is not None and "easterling" in model.profile.keywords


@register(Hook.STAND_FAST_REACH, EMPEROR)
def _any_range(context: HookContext) -> int:
    """Friendly Easterling models benefit from his Stand Fast! regardless of range."""
    return WHOLE_TABLE if _easterling(context.other) else 0


@grant(May.RALLY_HERO, EMPEROR, source=_EMPEROR_ID)
def _easterling_heroes(context: HookContext) -> bool:
    """... this also affects friendly Easterling Hero models."""
    return _easterling(context.other)


REGISTRY.register(EMPEROR, kind=Kind.RULE, source=_EMPEROR_ID)

# --- Royal Palanquin (BSData afef-13ba-9bbd-9fc7) ----------------------------------------
PALANQUIN = "royal palanquin"
_PALANQUIN_ID = "BSData afef-13ba-9bbd-9fc7 (Royal Palanquin), profile 41b8-40e7-b48d-83c7"
PALANQUIN_WOUNDS, PALANQUIN_DEFENCE, PALANQUIN_STRENGTH = 6, 6, 3
SLOWED_AT, SLOWED_MOVE = 2, 3.0  # "reduced to 2 Wounds, its Move value is reduced to 3""
PALANQUIN_HIT_TO = 4  # "On a 1-4 the Palanquin is hit, and on a 5+ the Dragon Emperor"
FOOTPRINT = 3.0  # inches round the Emperor where the Black Dragons are placed (READINGS)
_WOUNDS: Status[list[int]] = Status(
    "royal palanquin wounds", lambda: [PALANQUIN_WOUNDS], Lasting.BATTLE
)
# A Black Dragon bearer: the Palanquin card's Fight, Strength, Defence and Courage, one
# Attack and one Wound, shield and sword (the data has no Black Dragon card; READINGS).
BLACK_DRAGON = Profile(
    name="Black Dragon",
    move=6.0,
    fight=4,
    shoot=4,
    strength=PALANQUIN_STRENGTH,
    defence=PALANQUIN_DEFENCE,
    attacks=1,
    wounds=1,
    courage=2,
    keywords=frozenset({"man", "easterling", "infantry", "warrior"}),
    wargear=("sword", "shield"),
)


def palanquin_wounds(model: ModelState) -> int:
    """The Wounds the Palanquin the model rides has left (0: none, or destroyed)."""
    if PALANQUIN not in model.triggers:
        return 0
    return _WOUNDS.of(model)[0]


def on_palanquin(model: ModelState) -> bool:
    return model.alive and palanquin_wounds(model) > 0


@register(Hook.MOVE, PALANQUIN)
def _slowed(context: HookContext) -> int:
    """3 or more Wounds: it moves as normal; 2: Move 3"; 1: it cannot move at all."""
    left = palanquin_wounds(context.model)
    move = context.model.profile.move
    if left == 0 or left > SLOWED_AT:
        return 0
    if left == SLOWED_AT:
        return math.floor(SLOWED_MOVE - move)
    return -math.ceil(move) - 100


def wound_palanquin(state: BattleState, emperor: ModelState, source: str) -> None:
    wounds = _WOUNDS.of(emperor)
    wounds[0] = max(0, wounds[0] - 1)
    state.log.emit("army_rule", model=emperor.uid, rule=PALANQUIN, wounds_left=wounds[0])
    if wounds[0] == 0:
        state.log.emit("palanquin_destroyed", model=emperor.uid, source=source)


def _takes_the_shot(state: BattleState, shooter: ModelState, victim: ModelState) -> bool:
    """A shot hitting the Emperor on his Palanquin: an In The Way test, 1-4 the Palanquin is
    hit (the shot's Strength against its Defence 6), 5+ the Emperor."""
    if not on_palanquin(victim) or shooter.missile is None:
        return False
    (die,) = state.roll(1, f"in the way: palanquin of {victim.uid} (1-{PALANQUIN_HIT_TO})")
    if die > PALANQUIN_HIT_TO:
        return False
    strength = shooter.missile.strength
    purpose = f"to wound {shooter.uid}->palanquin of {victim.uid} (S{strength} D6)"
    if roll_to_wound(state, strength, PALANQUIN_DEFENCE, 0, purpose, roller=shooter):
        wound_palanquin(state, victim, f"shot by {shooter.uid}")
    return True


SHOT_ABSORBERS.append(_takes_the_shot)


def _palanquin_strikes(state: BattleState, emperor: ModelState) -> tuple[str, int, int] | None:
    """Winning a Duel (not shielding: a shielding model makes no Strikes), the Palanquin
    strikes as many times as it has Wounds left, after him, no Special Strikes."""
    left = palanquin_wounds(emperor) if emperor.alive else 0
    return (PALANQUIN, left, PALANQUIN_STRENGTH) if left > 0 else None


COMPANION_STRIKES.append(_palanquin_strikes)


@on(On.KNOCKED_DOWN, PALANQUIN, order=30, trigger=PALANQUIN)
def _never_prone(state: BattleState, happening: Happening) -> bool:
    """It cannot be knocked Prone, except when hit directly by a Siege Engine."""
    model = happening.model
    if not on_palanquin(model) or happening.source.startswith("siege engine"):
        return False
    state.log.emit("keeps_footing", model=model.uid, cause=happening.source, rule=PALANQUIN)
    return True


UNSHIFTED.append(on_palanquin)  # not affected by Hurl nor Barge
UNPUSHED.append(on_palanquin)  # not moved by Sorcerous Blast nor Call Winds


@on(On.REMOVED, PALANQUIN, order=50, trigger=PALANQUIN)
def _black_dragons(state: BattleState, happening: Happening) -> None:
    """Slain whilst riding it: the Palanquin is replaced by a Black Dragon per Wound it has
    left, placed within its footprint, with no Courage test to flee."""
    emperor = happening.model
    left = palanquin_wounds(emperor)
    if happening.reason != Removal.SLAIN.value or left <= 0:
        return
    _WOUNDS.of(emperor)[0] = 0
    placed = []
    for index in range(left):
        uid = f"{emperor.uid}d{index + 1}"
        dragon = model_state(ModelSpec(uid, BLACK_DRAGON), emperor.player, emperor.position)
        spot = _room(state, dragon, emperor.position)
        if spot is None:
            break
        dragon.x, dragon.y = spot
        dragon.done_moving = True
        state.spawn(dragon)
        state.start_counts[emperor.player] += 1  # READINGS: as the army's other models
        placed.append(uid)
    state.log.emit("army_rule", model=emperor.uid, rule=PALANQUIN, black_dragons=placed)


def _room(
    state: BattleState, model: ModelState, centre: tuple[float, float]
) -> tuple[float, float] | None:
    """The first free spot within the footprint: the centre, then rings 0.5" apart."""
    rings = [0.0] + [0.5 * k for k in range(1, int(FOOTPRINT / 0.5) + 1)]
    for ring in rings:
        steps = 1 if ring == 0 else 12
        for k in range(steps):
            angle = 2 * math.pi * k / steps
            spot = (centre[0] + ring * math.cos(angle), centre[1] + ring * math.sin(angle))
            if _free(state, model, spot):
                return spot
    return None


def _free(state: BattleState, model: ModelState, spot: tuple[float, float]) -> bool:
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    return all(
        point_distance(spot, other.position) >= model.radius + other.radius - CONTACT_TOLERANCE
        for other in state.living()
        if other is not model
    )


REGISTRY.register(PALANQUIN, kind=Kind.WARGEAR, source=_PALANQUIN_ID)

# The Palanquin's own rules (nested in its wargear entry, so on no profile the importer
# reads; played with it). Standards of the Emperor (BSData d415-71d7-fe20-0d0f): the
# Palanquin is a banner with a range of 12" (carried by the Palanquin: no -1 to anyone).
STANDARDS_REACH = 12.0


def _standards(state: BattleState, members: list[ModelState]) -> ModelState | None:
    player = members[0].player
    for emperor in state.living(player):
        if not on_palanquin(emperor):
            continue
        if any(state.distance(emperor, m) <= STANDARDS_REACH + 1e-9 for m in members):
            return emperor
    return None


equipment.BANNER_RULES.append(_standards)

# In the Name of the Dragon Emperor (BSData 9298-2abb-9593-fae1): friendly Easterling
# Warriors within 6" of the Palanquin that can see it have +1 Fight.
IN_THE_NAME_REACH = 6.0


@register(Hook.FIGHT, "easterling")
def _in_the_name(context: HookContext) -> int:
    state, model = context.state, context.model
    if "warrior" not in model.profile.keywords or model.profile.is_hero:
        return 0
    for emperor in state.living(model.player):
        near = state.distance(emperor, model) <= IN_THE_NAME_REACH + 1e-9
        if near and on_palanquin(emperor) and can_see(state, model, emperor):
            return 1
    return 0


# --- The Emperor's Glaive (BSData profile b092-46a5-709f-5086) ---------------------------
GLAIVE = "the emperor's glaive"
# An Elven-made spear (names.yaml) that may Feint; Shielding without a shield; no
# supporting while he rides the Palanquin.
EXTRA_STRIKES[GLAIVE] = SpecialStrike.FEINT
SPEAR_STRIKES.add(GLAIVE)
SHIELD_WITHOUT_SHIELD.add(GLAIVE)
NEVER_SUPPORTS.append(lambda model: GLAIVE in model.triggers and on_palanquin(model))
REGISTRY.register(
    GLAIVE, kind=Kind.WEAPON, source="BSData b092-46a5-709f-5086 (The Emperor's Glaive)"
)
