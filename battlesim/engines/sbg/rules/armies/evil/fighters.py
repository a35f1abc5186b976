"""Fighting rules of single Evil heroes and warriors (Rhûn, Dunland, Mordor, Dol Guldur),
from the BattleScribe rule text: Duel, Fight, Attacks and To Wound changes."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.arms import Handedness
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.rules.characteristics import attacks_base, fight_base


@reroll(Roll.TO_WOUND_IN_COMBAT, "slay their horses!", source="BSData da7b-6438-63fe-eee4")
def _slay_their_horses(context: HookContext) -> Reroll:
    """Slay their Horses!: whilst Cavalry, re-roll To Wound 1s against mounts."""
    mounted = context.model.mount is not None
    return Reroll.ONES if mounted and context.details.get("at_mount") else Reroll.NONE


@reroll(Roll.TO_WOUND_IN_COMBAT, "show no mercy", source="BSData c42b-6c56-933e-db50")
def _show_no_mercy(context: HookContext) -> Reroll:
    """Show No Mercy: striking a Trapped enemy, Rutabi re-rolls failed To Wound rolls."""
    return Reroll.FAILED if context.details.get("trapped") else Reroll.NONE


@reroll(Roll.TO_WOUND_IN_COMBAT, "trident spear", source="BSData Trident Spear (wargear)")
def _trident_spear(context: HookContext) -> Reroll:
    """The Trident Spear is a spear; the Forsaken must re-roll all failed To Wound rolls."""
    return Reroll.FAILED


RHUNISH_FURY = "rhunish fury"


@override(Stat.ATTACKS, RHUNISH_FURY, source="BSData 4b58-5ee8-9c4b-6421")
def _rhunish_fury(context: HookContext, value: int) -> int | None:
    """Rhunish Fury: Khamûl has 3 Attacks instead of 2 (the data's card may carry it); a
    value set, so a Stun (Attacks 1) or a halving counts from it."""
    return max(3, value)


DEADLY_STRENGTH = "deadly strength"


@register(Hook.DUEL_DIE, DEADLY_STRENGTH)
def _deadly_strength(context: HookContext) -> int:
    """Deadly Strength: never the -1 Duel penalty of a two-handed weapon (WPN-2H-02), nor of
    a hand-and-a-half weapon used two-handed (its +1 To Wound stays)."""
    model = context.model
    if "masterforged" in model.triggers:
        return 0  # WPN-MASTER-01 already spares it the penalty
    weapon = model.weapon
    two_handed = weapon is not None and weapon.handedness is Handedness.TWO_HANDED
    return 1 if two_handed or model.two_hands else 0


REGISTRY.register(DEADLY_STRENGTH, kind=Kind.RULE, source="BSData d501-9a9a-98ef-be36")

ELVEN_RINGS = frozenset({"nenya", "narya", "vilya"})
MASTER_WANTS = "you have something my master wants!"


@register(Hook.WOUND_ROLL, MASTER_WANTS)
def _master_wants(context: HookContext) -> int:
    """+1 To Wound against a model bearing Nenya, Narya or Vilya."""
    other = context.other
    return 1 if other is not None and ELVEN_RINGS & other.triggers else 0


REGISTRY.register(MASTER_WANTS, kind=Kind.RULE, source="BSData 3a9b-7657-de5e-db14")

FAVOUR = "favour of the war chief"
_FAVOUR_REACH = 3.0


@register(Hook.FIGHT, FAVOUR)
def _favour_of_the_war_chief(context: HookContext) -> int:
    """Favour of the War Chief: a Huscarl supporting a fight within 3" of a friendly
    Dunlending Hero has +1 Fight value for that fight."""
    state, model = context.state, context.model
    if not model.supported or state.engaged(model):
        return 0
    chiefs = (
        m
        for m in state.living(model.player)
        if m.profile.is_hero and "dunlending" in m.profile.keywords
    )
    return 1 if any(state.distance(c, model) <= _FAVOUR_REACH for c in chiefs) else 0


REGISTRY.register(FAVOUR, kind=Kind.RULE, source="BSData 7b6c-0f47-d7df-1b08")

BRAWLER = "orcish brawler"


def outnumbered(state: BattleState, model: ModelState) -> bool:
    """The enemies touching the model outnumber it and the friends touching those enemies
    (supporters do not touch them, so they never count; READINGS)."""
    foes = state.contacts(model)
    friends = {model.uid} | {f.uid for foe in foes for f in state.contacts(foe)}
    return len(foes) > len(friends)


@register(Hook.FIGHT, BRAWLER)
def _brawler_fight(context: HookContext) -> int:
    """Orcish Brawler: outnumbered in a fight, Gorbag has +1 Fight value and +1 Attack."""
    return 1 if outnumbered(context.state, context.model) else 0


@register(Hook.ATTACKS, BRAWLER)
def _brawler_attacks(context: HookContext) -> int:
    return 1 if outnumbered(context.state, context.model) else 0


REGISTRY.register(BRAWLER, kind=Kind.RULE, source="BSData 25ac-79eb-9f0c-86e8")

SLOW_VENOM = "slow-active venom"


@on(On.WOUNDED, SLOW_VENOM, order=50)
def _slow_active_venom(state: BattleState, blow: Happening) -> None:
    """Slow-active Venom (BSData aac5-c17f-5a81-5ab4): a model wounded by a Rhûnish War
    Drake and not slain has -1 Fight and -1 Attack (never below 1) for the rest of the game;
    once per model, whichever Drake wounds it again."""
    source = blow.source.removeprefix("struck by ").removeprefix("shot by ")
    drake = state.models.get(source)
    model = blow.model
    if drake is None or SLOW_VENOM not in drake.triggers or blow.at_mount:
        return
    if effects.marked(state, model, SLOW_VENOM) is not None:
        return
    fight, attacks = fight_base(state, model), attacks_base(state, model)
    for hook, stat in ((Hook.FIGHT, fight), (Hook.ATTACKS, attacks)):
        value = -1 if stat > 1 else 0
        effects.add(
            state,
            Effect(
                SLOW_VENOM, model.uid, hook, value, Until.END_OF_BATTLE, SLOW_VENOM, mark=SLOW_VENOM
            ),
        )


REGISTRY.register(SLOW_VENOM, kind=Kind.RULE, source="BSData aac5-c17f-5a81-5ab4")
