"""Army rules of the fight: weapon skills (Weapon Master, the Bladelord's Skill, Axes of the
Dwarves!), re-rolls To Wound and Duel dice of named Heroes, extra Attacks against several
foes (Knife Fighters, Blade Mistress) and Strikes against chargers (Wall of Blades)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.arms import Handedness
from battlesim.engines.sbg.core.auras import Affects, aura
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier, register
from battlesim.engines.sbg.core.overrides import Stat, override, value
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll, reroll_by_effect
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Removal,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.armies.good.near import carrier_within, named
from battlesim.engines.sbg.rules.characteristics import attacks_base, fight_base
from battlesim.engines.sbg.rules.combat import clamp_stat
from battlesim.engines.sbg.rules.fight_stances import SHIELD_WITHOUT_SHIELD
from battlesim.engines.sbg.rules.fighting import ask, strike
from battlesim.engines.sbg.rules.kinds import BRACED

# --- never unarmed, no two-handed penalty ---------------------------------------------------


def two_handed_penalty(context: HookContext) -> bool:
    """Whether the model now suffers the -1 Duel of a two-handed weapon (WPN-2H-02, WPN-HAH-01),
    which masterforged weapons never do (WPN-MASTER-01)."""
    model, weapon = context.model, context.model.weapon
    if weapon is None or "masterforged" in model.triggers:
        return False
    two = weapon.handedness is Handedness.TWO_HANDED
    return two or (weapon.handedness is Handedness.HAND_AND_A_HALF and model.two_hands)


def _never_unarmed(context: HookContext) -> int:
    """Cancels WPN-UNARMED-01's -1 (Duel and To Wound) for a model that is never unarmed."""
    return 1 if "unarmed" in context.model.triggers else 0


@register(Hook.DUEL_DIE, "weapon master")
def _weapon_master_duel(context: HookContext) -> int:
    """Weapon Master (BSData 4bb4-a011-0585-ed8b): never unarmed, and never the -1 Duel of a
    two-handed weapon."""
    return _never_unarmed(context) + (1 if two_handed_penalty(context) else 0)


register(Hook.WOUND_ROLL, "weapon master")(_never_unarmed)
REGISTRY.register("weapon master", kind=Kind.RULE, source="BSData 4bb4-a011-0585-ed8b")

# "Strangling Fingers" (BSData d780-791a-8610-1882): "Sméagol ... is never considered unarmed"
register(Hook.DUEL_DIE, "strangling fingers")(_never_unarmed)
register(Hook.WOUND_ROLL, "strangling fingers")(_never_unarmed)
REGISTRY.register("strangling fingers", kind=Kind.WARGEAR, source="BSData d780-791a-8610-1882")


def _natural_six_skill(context: HookContext) -> int:
    """A natural 6 in the model's Duel roll drops its two-handed penalty."""
    dice = context.details.get("duel dice", ())
    return 1 if 6 in dice and two_handed_penalty(context) else 0


# The Bladelord's Skill (BSData bae9-76b9-6f7f-4031) and the Broadsword (BSData
# 362b-3b22-7e12-5627): "scores a natural roll of a 6 in a Duel roll ... does not apply the
# penalty for using a two-handed weapon".
register(Hook.DUEL_DIE, "the bladelord's skill")(_natural_six_skill)
REGISTRY.register("the bladelord's skill", kind=Kind.RULE, source="BSData bae9-76b9-6f7f-4031")
register(Hook.DUEL_DIE, "broadsword")(_natural_six_skill)
REGISTRY.register("broadsword", kind=Kind.WEAPON, source="BSData 362b-3b22-7e12-5627")


# --- To Wound re-rolls -----------------------------------------------------------------------


@reroll(Roll.TO_WOUND_IN_COMBAT, "a warrior born", source="BSData a5b1-c31a-dcb8-6270")
def _a_warrior_born(context: HookContext) -> Reroll:
    """A Warrior Born: "Glóin the Dwarf must re-roll scores of 1 To Wound in combat"."""
    return Reroll.ONES


_AZOG = ("azog",)


@reroll(Roll.TO_WOUND_IN_COMBAT, "a score to settle", source="BSData 7678-89f4-6e93-81c2")
def _a_score_to_settle(context: HookContext) -> Reroll:
    """A Score to Settle: Thorin re-rolls failed To Wound rolls striking Azog."""
    target = context.other
    return Reroll.FAILED if target is not None and named(target, _AZOG) else Reroll.NONE


@reroll(Roll.TO_WOUND_IN_COMBAT, "blood feud", source="BSData f3ba-83b9-3207-d57b")
def _blood_feud(context: HookContext) -> Reroll:
    """Blood Feud: Thráin re-rolls failed To Wound rolls striking Azog or any model of the
    army that holds Azog (alive or not: "in the same army")."""
    target = context.other
    if target is None:
        return Reroll.NONE
    army = context.state.forces[target.player].models
    return Reroll.FAILED if any(named_spec(spec.profile.name) for spec in army) else Reroll.NONE


def named_spec(card: str) -> bool:
    return card.casefold().startswith(_AZOG)


# --- a single die of the Duel and of the To Wound rolls --------------------------------------


def _one_die(context: HookContext) -> Reroll:
    return Reroll.FAILED


for _rule, _source in (
    ("lord of the west", "BSData 92b3-3f05-3a60-5952: one Duel die and one To Wound die"),
    ("weapon synergy", "BSData 8b4a-ca35-8aad-e533: one Duel die and one To Wound die"),
):
    reroll(Roll.DUEL_ONE_DIE, _rule, source=_source)(_one_die)
    reroll(Roll.TO_WOUND_ONE_DIE, _rule, source=_source)(_one_die)
# Durin's Axe: "the wielder may re-roll a single dice when making Duel rolls"
reroll(Roll.DUEL_ONE_DIE, "durin's axe", source="BSData 181d-a719-8173-707e")(_one_die)


# --- extra Attacks ---------------------------------------------------------------------------

_MAX_EXTRA = 3  # Knife Fighters: "to a maximum of 3 bonus Attacks"
_EXTRA_FOES: Status[list[int]] = Status("attacks for each foe", list, Lasting.FIGHT)


def _per_foe(context: HookContext, cap: int | None) -> int:
    """+1 Attack for each enemy engaged after the first, "determined at the start of each
    fight" (kept for the fight once the Fight phase counts it)."""
    state, model = context.state, context.model
    kept = _EXTRA_FOES.of(model) if state.phase is Phase.FIGHT else []
    if not kept:
        extra = max(0, len(state.contacts(model)) - 1)
        kept.append(extra if cap is None else min(cap, extra))
    return kept[0]


@register(Hook.ATTACKS, "knife fighters")
def _knife_fighters(context: HookContext) -> int:
    """Knife Fighters (BSData a01e-504c-0253-45cc): +1 Attack per enemy engaged after the
    first, at most +3."""
    return _per_foe(context, _MAX_EXTRA)


@register(Hook.ATTACKS, "blade mistress")
def _blade_mistress(context: HookContext) -> int:
    """Blade Mistress (BSData 9f7a-69c4-f297-f7a4): Tauriel, +1 Attack per enemy engaged
    after the first (no maximum given)."""
    return _per_foe(context, None)


REGISTRY.register("knife fighters", kind=Kind.RULE, source="BSData a01e-504c-0253-45cc")
REGISTRY.register("blade mistress", kind=Kind.RULE, source="BSData 9f7a-69c4-f297-f7a4")


# --- Axes of the Dwarves!, the King's Axeman: two axes or the two-handed axe ----------------


@dataclass(frozen=True, slots=True)
class ChooseTwoAxes(Decision[bool]):
    """At the start of a fight: an axe in each hand (``attacks`` Attacks, one-handed) rather
    than the two-handed axe. The heuristic takes the extra Attack."""

    model: ModelState
    attacks: int

    def default(self, state: BattleState) -> bool:
        return True


_TWO_AXES: Status[list[bool]] = Status("an axe in each hand", list, Lasting.FIGHT)
_AXES = {"axes of the dwarves!": 3, "the king's axeman": 4}


def _two_axes(context: HookContext) -> int | None:
    """The Attacks with an axe in each hand, or None when the model fights with its
    two-handed axe this fight (or is not in a fight on foot)."""
    model, state = context.model, context.state
    rule = next((name for name in _AXES if name in model.triggers), None)
    if rule is None or state.phase is not Phase.FIGHT or "cavalry" in model.triggers:
        return None
    chosen = _TWO_AXES.of(model)
    if not chosen:
        chosen.append(ask(state, model, ChooseTwoAxes(model, _AXES[rule])))
    return _AXES[rule] if chosen[0] else None


def _wields_two_handed(model: ModelState) -> bool:
    return model.weapon is not None and model.weapon.handedness is Handedness.TWO_HANDED


def _great_axe(context: HookContext) -> int:
    """+1 when the model takes up the two-handed axe though it carries a one-handed one
    (the engine arms it with the axe: WPN-SWAP-04), -1 when it holds the two-handed axe but
    fights with two axes; 0 otherwise."""
    if context.state.phase is not Phase.FIGHT or "cavalry" in context.model.triggers:
        return 0
    axes = _two_axes(context) is not None
    holds = _wields_two_handed(context.model)
    return -1 if axes and holds else (1 if not axes and not holds else 0)


def _axes_attacks(context: HookContext) -> int:
    attacks = _two_axes(context)
    return 0 if attacks is None else attacks - attacks_base(context.state, context.model)


def _axes_wound(context: HookContext) -> int:
    """The two-handed axe's +1 To Wound (WPN-2H-02) comes or goes with the choice."""
    return 0 if context.details.get("missile") else _great_axe(context)


def _axes_duel(context: HookContext) -> int:
    """... and its -1 Duel, unless masterforged (WPN-MASTER-01) or a Weapon Master."""
    model = context.model
    exempt = "masterforged" in model.triggers or "weapon master" in model.triggers
    return 0 if exempt else -_great_axe(context)


for _rule, _source in (
    ("axes of the dwarves!", "BSData c543-a6a9-9d2e-e06b: Gimli, 3 Attacks with two axes"),
    ("the king's axeman", "BSData aaa9-2dd1-f0f5-7002: Dwalin on foot, 4 Attacks with two axes"),
):
    register(Hook.ATTACKS, _rule)(_axes_attacks)
    register(Hook.WOUND_ROLL, _rule)(_axes_wound)
    register(Hook.DUEL_DIE, _rule)(_axes_duel)
    REGISTRY.register(_rule, kind=Kind.RULE, source=_source)


# --- Wall of Blades, Stand by our Men! --------------------------------------------------------


@register(Hook.WOUND_ROLL, "wall of blades")
def _wall_of_blades(context: HookContext) -> int:
    """Wall of Blades (BSData b6db-d73f-7a8d-2ede): +1 To Wound with the spear against a model
    that charged it this turn (READINGS: a model carrying a spear uses it for this)."""
    target = context.other
    spear = "spear" in context.model.triggers and not context.details.get("missile")
    return 1 if spear and target is not None and target.charged else 0


REGISTRY.register("wall of blades", kind=Kind.RULE, source="BSData b6db-d73f-7a8d-2ede")

_MILITIA = ("lake-town militia",)


@aura(
    Hook.WOUND_ROLL,
    "stand by our men!",
    reach=3.0,
    affects=Affects.FRIENDS,
    group="stand by our men!",
    source="BSData 9167-a375-fdbd-cdcf",
)
def _stand_by_our_men(context: HookContext, carrier: ModelState) -> int:
    """Stand by our Men!: when Hilda-Bianca charged, she and the Lake-town Militia within 3"
    of her that charged this turn have +1 To Wound in the Fight phase."""
    model = context.model
    if context.details.get("missile") or context.state.phase is not Phase.FIGHT:
        return 0
    ours = model is carrier or named(model, _MILITIA)
    return 1 if ours and carrier.charged and model.charged else 0


# --- Lord of Lossarnach, Vengeful Fury, Andúril -----------------------------------------------


@reroll_by_effect(Roll.TO_WOUND_IN_COMBAT)
def _lord_of_lossarnach(context: HookContext) -> Reroll:
    """The Lord of Lossarnach (BSData 0ad0-d88b-b38e-4642): Axemen of Lossarnach within 6" of
    Forlong must re-roll 1s To Wound in the Fight phase."""
    model = context.model
    if not named(model, ("axemen of lossarnach", "axeman of lossarnach")):
        return Reroll.NONE
    near = carrier_within(context.state, model, 6.0, "the lord of lossarnach")
    return Reroll.ONES if near is not None else Reroll.NONE


REGISTRY.register("the lord of lossarnach", kind=Kind.RULE, source="BSData 0ad0-d88b-b38e-4642")

VENGEFUL = "vengeful fury"
_KILI = ("kíli the dwarf, champion of erebor", "kili the dwarf, champion of erebor")
_AVENGING: Status[list[bool]] = Status("vengeful fury", list, Lasting.BATTLE)


@on(On.REMOVED, VENGEFUL, order=60)
def _kili_slain(state: BattleState, happening: Happening) -> None:
    """Vengeful Fury (BSData b7da-458e-74d6-f05f): if Kíli the Dwarf, Champion of Erebor is
    in the army and is killed, Tauriel becomes Strength 5, Defence 4 for the battle."""
    slain = happening.model
    if happening.reason != Removal.SLAIN.value or not named(slain, _KILI):
        return
    for tauriel in state.living(slain.player):
        if VENGEFUL in tauriel.triggers and not _AVENGING.of(tauriel):
            _AVENGING.of(tauriel).append(True)
            state.log.emit("vengeful_fury", model=tauriel.uid)


@override(Stat.STRENGTH, VENGEFUL, source="BSData b7da-458e-74d6-f05f")
def _vengeful_strength(context: HookContext, value: int) -> int | None:
    return 5 if _AVENGING.of(context.model) else None


@override(Stat.DEFENCE, VENGEFUL, source="BSData b7da-458e-74d6-f05f")
def _vengeful_defence(context: HookContext, value: int) -> int | None:
    return 4 if _AVENGING.of(context.model) else None


ANDURIL = "andúril, flame of the west"


@override(Stat.STRUCK_DEFENCE, ANDURIL, source="BSData ea35-2a2b-59b7-4dc2")
def _anduril(context: HookContext, defence: int) -> int | None:
    """Andúril: Aragorn "never requires more than a 4 for his To Wound rolls": against a
    Defence above his Strength he wounds as against his own Strength (4+, WOUND_CHART); the
    two-handed +1 still applies (3+)."""
    model = context.model
    strength = value(Stat.STRENGTH, context, model.profile.strength)
    strength = clamp_stat(strength + modifier(Hook.STRENGTH, context))
    return strength if defence > strength else None


# --- One Final Blow ---------------------------------------------------------------------------

FINAL_BLOW = "one final blow"
_FINAL_STRENGTH = 4


@on(On.LEAVING, FINAL_BLOW, order=40, trigger=FINAL_BLOW)
def _one_final_blow(state: BattleState, happening: Happening) -> None:
    """One Final Blow (BSData 4314-b03f-d887-cc1a): Haldir slain in close combat makes one
    Strength 4 Strike on each enemy engaged with him (READINGS: those still in base contact
    as he falls)."""
    haldir = happening.model
    if happening.reason != Removal.SLAIN.value or not happening.source.startswith("struck by "):
        return
    foes = [m for m in state.living(1 - haldir.player) if state.in_contact(haldir, m)]
    _FINAL.of(haldir).append(True)
    for foe in foes:
        if foe.alive:
            strike(state, haldir, foe, trapped=False)


_FINAL: Status[list[bool]] = Status("one final blow", list, Lasting.BATTLE)


@override(Stat.STRENGTH, FINAL_BLOW, source="BSData 4314-b03f-d887-cc1a")
def _final_strength(context: HookContext, value: int) -> int | None:
    return _FINAL_STRENGTH if _FINAL.of(context.model) else None


# --- Dwarven Fury ---------------------------------------------------------------------------

FURY = "dwarven fury"
_FURY: Status[list[int]] = Status("dwarven fury", list, Lasting.FIGHT)


@dataclass(frozen=True, slots=True)
class ChooseDwarvenFury(Decision[bool]):
    """Dwarven Fury: lower the Fight value by D3 for re-rolls of every failed To Wound this
    fight. The heuristic takes it when the rival's Fight is already above its own (a tie lost
    anyway) or when it is fighting alone against several."""

    model: ModelState
    rival_fight: int

    def default(self, state: BattleState) -> bool:
        outfought = self.rival_fight > fight_base(state, self.model)
        return outfought or len(state.contacts(self.model)) > 1


def _fury(context: HookContext) -> int:
    """The Fight lost to Dwarven Fury this fight (0 if not chosen), asked once per fight."""
    model, state = context.model, context.state
    if state.phase is not Phase.FIGHT or not state.engaged(model):
        return 0
    chosen = _FURY.of(model)
    if not chosen:
        rival = max((fight_base(state, m) for m in state.contacts(model)), default=0)
        take = ask(state, model, ChooseDwarvenFury(model, rival))
        chosen.append(state.roll(1, f"dwarven fury {model.uid}", sides=3)[0] if take else 0)
    return chosen[0]


@register(Hook.FIGHT, FURY)
def _fury_fight(context: HookContext) -> int:
    """Dwarven Fury (BSData cb49-a87a-ad88-5ddb): before the Duel roll, Young Dwalin may lower
    his Fight value by D3 ..."""
    return -_fury(context)


@reroll(Roll.TO_WOUND_IN_COMBAT, FURY, source="BSData cb49-a87a-ad88-5ddb")
def _fury_rerolls(context: HookContext) -> Reroll:
    """... to re-roll all failed To Wound rolls in the following fight."""
    return Reroll.FAILED if _fury(context) > 0 else Reroll.NONE


# --- Drain Soul, the Foe Spear ----------------------------------------------------------------


@register(Hook.EXTRA_WOUNDS, "drain soul")
def _drain_soul(context: HookContext) -> int:
    """Drain Soul (BSData 8a60-a507-e2b3-fbe1, bb4b-da64-b877-6e8b): a model that suffers a
    Wound from the carrier is slain whatever its Wounds: the blow takes them all, and one
    successful Fate roll prevents the whole blow (HERO-FATE-04)."""
    target = context.other
    return max(0, target.wounds - 1) if target is not None else 0


REGISTRY.register(
    "drain soul", kind=Kind.RULE, source="BSData 8a60-a507-e2b3-fbe1, bb4b-da64-b877-6e8b"
)


@register(Hook.WOUND_ROLL, "foe spear")
def _foe_spear(context: HookContext) -> int:
    """Foe Spear (BSData e341-cb55-dd9f-ee82): a spear that, supporting a model with an Iron
    Shield, has +1 To Wound against Monsters (READINGS: the shield-bearer it touches)."""
    model, target, state = context.model, context.other, context.state
    if not model.supported or target is None or "monster" not in target.triggers:
        return 0
    shields = (f for f in state.living(model.player) if "iron shield" in f.triggers)
    return 1 if any(state.engaged(f) and state.in_contact(model, f) for f in shields) else 0


REGISTRY.register("foe spear", kind=Kind.WEAPON, source="BSData e341-cb55-dd9f-ee82")


# --- Shielding without a shield, Swift Parry, Noldorin Daggers -----------------------------

# Caras Galadhon Fighting Style (BSData fdbf-2edb-4017-a0d7): the Guard of the Galadhrim Court
# may also Shield (pikes and all; a Shielding model is never supported, ARM-SH-04).
SHIELD_WITHOUT_SHIELD.add("caras galadhon fighting style")
REGISTRY.register(
    "caras galadhon fighting style", kind=Kind.RULE, source="BSData fdbf-2edb-4017-a0d7"
)

WHITE_CITY = "defend the white city!"
SHIELD_WITHOUT_SHIELD.add(WHITE_CITY)
_WHITE_CITY: Status[list[bool]] = Status("defend the white city strike", list, Lasting.FIGHT)


@on(On.DUEL_WON, WHITE_CITY, order=50, trigger=WHITE_CITY)
def _defend_the_white_city(state: BattleState, happening: Happening) -> None:
    """Defend the White City! (BSData 5e24-ce10-6900-ec08): Irolas may Shield without a
    shield; if he Shields and wins, he makes one Strength 4 Strike on an enemy of the fight
    (READINGS: the weakest-armoured one in contact, as the Duel is won)."""
    irolas = happening.model
    foes = [m for m in state.contacts(irolas) if m.alive]
    if not irolas.shielding or not foes:
        return
    target = min(foes, key=lambda m: (m.defence, m.uid))
    _WHITE_CITY.of(irolas).append(True)
    strike(state, irolas, target, trapped=False)
    _WHITE_CITY.drop(irolas)


@override(Stat.STRENGTH, WHITE_CITY, source="BSData 5e24-ce10-6900-ec08")
def _white_city_strength(context: HookContext, value: int) -> int | None:
    return 4 if _WHITE_CITY.peek(context.model) else None


# Swift Parry (BSData 7b51-e462-0398-ba7d): Rúmil forces one enemy in his fight to re-roll a
# single Duel die, before any Might (fighting._foe_rerolls).
reroll(Roll.DUEL_FOE_DIE, "swift parry", source="BSData 7b51-e462-0398-ba7d")(_one_die)

# Noldorin Daggers (BSData d95c-924b-e77a-d04e): Elven-made daggers, thrown too (names.yaml),
# with failed To Wound rolls re-rolled whether thrown or striking.
reroll(Roll.TO_WOUND_IN_COMBAT, "noldorin daggers", source="BSData d95c-924b-e77a-d04e")(_one_die)
reroll(Roll.TO_WOUND_SHOOTING, "noldorin daggers", source="BSData d95c-924b-e77a-d04e")(_one_die)

# The Glaive (BSData 47f0-7db8-9972-e52d): a spear or a hand-and-a-half sword (names_good.yaml:
# it fights as the sword, supports as the spear, WPN-GEN-02); "alternatively, the bearer of a
# glaive can use the Shielding rule" without a shield.
SHIELD_WITHOUT_SHIELD.add("glaive")
REGISTRY.register("glaive", kind=Kind.WEAPON, source="BSData 47f0-7db8-9972-e52d")

# The Wood Elf Spear (BSData profile 8493-a2f4-d950-3d4e): a spear (names.yaml parts) that
# "may also parry, allowing the model to use the rules for Shielding" without a shield.
SHIELD_WITHOUT_SHIELD.add("wood elf spear")
REGISTRY.register("wood elf spear", kind=Kind.WEAPON, source="BSData 8493-a2f4-d950-3d4e")


# --- The Iron Shield (BSData a833-dc15-6753-b77f), Spear & Shield (a6dc-c579-efe7-cabb) ---------

# "A model armed with an Iron Shield cannot be barged or Hurled and is unaffected by the Rend
# Brutal Power Attack" (monsters/: kinds.braced).
BRACED.add("iron shield")
REGISTRY.register("iron shield", kind=Kind.WARGEAR, source="BSData a833-dc15-6753-b77f")


SPEAR_AND_SHIELD = "spear & shield"


@register(Hook.DUEL_DIE, "any")  # not the trigger itself: "a & b" names two keywords (hooks.py)
def _spear_and_shield(context: HookContext) -> int:
    """Spear & Shield: unless supported by a model with a Foe Spear, a model with an Iron
    Shield has -1 to its Duel rolls, even when Shielding."""
    model, state = context.model, context.state
    if SPEAR_AND_SHIELD not in model.triggers:
        return 0
    friends = (f for f in state.living(model.player) if "foe spear" in f.triggers)
    supported = any(f.supported and state.in_contact(f, model) for f in friends)
    return 0 if supported else -1


REGISTRY.register(SPEAR_AND_SHIELD, kind=Kind.RULE, source="BSData a6dc-c579-efe7-cabb")
