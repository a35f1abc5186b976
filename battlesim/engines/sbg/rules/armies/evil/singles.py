"""Single Evil heroes' and warriors' rules from the BattleScribe rule text (Crebain, the Dark
Headsman, the Watchers of Kârna, the Dragon Knights, Gollum, Sid, Brórgîr, the Shadow Lord,
the Witch-king's Crown of Morgul),
each played through a general extension point (natural dice, shots hitting on 6s, Stealth
denied, never unarmed, Shielding without a shield)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.rules.combat import natural_wound_die
from battlesim.engines.sbg.rules.fight_stances import SHIELD_WITHOUT_SHIELD
from battlesim.engines.sbg.rules.muster import NEVER_UNARMED
from battlesim.engines.sbg.rules.shooting import ONLY_SIXES_HIT
from battlesim.engines.sbg.rules.stealth import NO_STEALTH
from battlesim.engines.sbg.rules.terror import TERROR
from battlesim.engines.sbg.rules.will import ONE_WILL_DIE, REGAIN_ONE_ON_SIX, pay_will

# Clouds of Birds (Crebain): shooting attacks only ever hit a Crebain on a natural 6.
CLOUDS = "clouds of birds"
ONLY_SIXES_HIT.append(lambda state, target: CLOUDS in target.triggers)
REGISTRY.register(CLOUDS, kind=Kind.RULE, source="BSData Clouds of Birds (Crebain)")

# Keen Sight (Crebain): enemy models within 12" of one or more Crebain gain no benefit from
# Stalk Unseen (Stealth, SR-STEALTH).
KEEN_SIGHT = "keen sight"
KEEN_REACH = 12.0


def _seen_by_crebain(state: BattleState, target: ModelState) -> bool:
    return any(
        KEEN_SIGHT in m.triggers and state.distance(m, target) <= KEEN_REACH + 1e-9
        for m in state.enemies(target)
    )


NO_STEALTH.append(_seen_by_crebain)
REGISTRY.register(KEEN_SIGHT, kind=Kind.RULE, source="BSData Keen Sight (Crebain)")

# Executioner (the Dark Headsman): a natural 6 To Wound makes the Strike cause D3 Wounds,
# counted after Fate points are used (WOUNDS_AFTER_SAVES, as SR-BANE's D3).
EXECUTIONER = "executioner"


@register(Hook.WOUNDS_AFTER_SAVES, EXECUTIONER)
def _executioner(context: HookContext) -> int:
    if context.details.get("missile") or natural_wound_die(context.state) != 6:
        return 0
    (die,) = context.state.roll(1, f"executioner D3 {context.model.uid}")
    return (die + 1) // 2 - 1


REGISTRY.register(EXECUTIONER, kind=Kind.RULE, source="BSData Executioner (the Dark Headsman)")

# Twin Blades (Watcher of Kârna's wargear): Attacks 2.
TWIN_BLADES = "twin blades"


@override(Stat.ATTACKS, TWIN_BLADES, source="BSData Twin Blades (Watcher of Kârna)")
def _twin_blades(context: HookContext, value: int) -> int | None:
    return max(2, value)


# Steely Nerve (Watcher of Kârna): +2 Courage to charge a Terror-causing enemy and when a
# model with Blades of the Dead strikes them.
STEELY_NERVE = "steely nerve"
_STEELY_REASONS = frozenset({TERROR, "blades of the dead"})


@register(Hook.COURAGE, STEELY_NERVE)
def _steely_nerve(context: HookContext) -> int:
    return 2 if context.details.get("reason") in _STEELY_REASONS else 0


REGISTRY.register(STEELY_NERVE, kind=Kind.RULE, source="BSData Steely Nerve (Watcher of Kârna)")

# Shield of Blades (Easterling Dragon Knight): Shielding with his two swords, no shield.
SHIELD_OF_BLADES = "shield of blades"
SHIELD_WITHOUT_SHIELD.add(SHIELD_OF_BLADES)
REGISTRY.register(SHIELD_OF_BLADES, kind=Kind.RULE, source="BSData Shield of Blades")

# Strangler (Gollum) and Brawler (Sid Briarthorn): never counted as unarmed.
for _name, _who in (("strangler", "Gollum"), ("brawler", "Sid Briarthorn")):
    NEVER_UNARMED.add(_name)
    REGISTRY.register(_name, kind=Kind.RULE, source=f"BSData {_name.title()} ({_who})")

# Angmar Arisen (the Witch-king of Dol Guldur): 3 Might instead of 2 (his card may give 2).
ANGMAR_ARISEN = "angmar arisen"


@every(Tick.TURN_START, ANGMAR_ARISEN, order=5)
def _angmar_arisen(state: BattleState) -> None:
    if state.turn != 1:
        return
    for model in state.living():
        if ANGMAR_ARISEN in model.triggers and model.might < 3:
            model.might = 3


REGISTRY.register(ANGMAR_ARISEN, kind=Kind.RULE, source="BSData Angmar Arisen")

# Crown of Morgul (BSData 269c-5c1c-af80-c908, the Witch-king's option): "his Attack value
# is increased to 3. Additionally, [he] can choose to re-roll one dice when making Casting
# or Resist tests" (rules/will.py: the lowest die, when the test would fail; a re-roll
# never worsens a failed test, so the choice is always taken).
CROWN_OF_MORGUL = "crown of morgul"
ONE_WILL_DIE.add(CROWN_OF_MORGUL)


@override(Stat.ATTACKS, CROWN_OF_MORGUL, source="BSData 269c-5c1c-af80-c908 (Crown of Morgul)")
def _crown_attacks(context: HookContext, attacks: int) -> int | None:
    return max(attacks, 3)


# Sorcerous Adept (Brórgîr): a natural 6 on his Casting test gives him one Will point back
# once the power is resolved (READINGS: one point per test, whatever its 6s).
SORCEROUS_ADEPT = "sorcerous adept"


REGAIN_ONE_ON_SIX.add(SORCEROUS_ADEPT)
REGISTRY.register(SORCEROUS_ADEPT, kind=Kind.RULE, source="BSData Sorcerous Adept (Brórgîr)")

# Arcana Leech (the Undying): at the start of the Move phase he may spend a Will point;
# until the End phase he regains one Will point for each power another model within 6" of
# him casts successfully.
ARCANA_LEECH = "arcana leech"


@dataclass(frozen=True, slots=True)
class WakeArcanaLeech(Decision[bool]):
    """Does the Undying spend a Will point on Arcana Leech this turn? Heuristic: when at
    least two casters (friend or foe) are within 12" of him."""

    undying: ModelState
    casters_near: int

    def default(self, state: BattleState) -> bool:
        return self.casters_near >= 2


@every(Tick.PHASE_START, ARCANA_LEECH, order=31)
def _arcana_leech(state: BattleState) -> None:
    if state.phase is not Phase.MOVE:
        return
    for undying in state.living():
        if ARCANA_LEECH not in undying.triggers or undying.will < 1:
            continue
        casters = sum(
            1
            for m in state.living()
            if m is not undying and m.profile.powers and state.distance(m, undying) <= 12.0
        )
        ask = WakeArcanaLeech(undying, casters)
        players = state.players
        yes = ask.default(state) if players is None else players[undying.player].decide(state, ask)
        if yes and pay_will(state, undying, 1):  # else cancelled (pools.SPENT)
            mark = Effect(ARCANA_LEECH, undying.uid, None, 0, Until.END_OF_TURN, "BSData")
            effects.add(state, replace(mark, mark=ARCANA_LEECH))
            state.log.emit("army_rule", model=undying.uid, rule=ARCANA_LEECH, turn=state.turn)


@on(On.SPELL_CAST, ARCANA_LEECH, order=90)
def _leech(state: BattleState, cast: Happening) -> None:
    if not cast.passed:
        return
    for effect in effects.active(state):
        undying = state.models[effect.target]
        if effect.mark != ARCANA_LEECH or not undying.alive or undying is cast.model:
            continue
        if state.distance(undying, cast.model) <= 6.0 + 1e-9:
            undying.will += 1
            state.log.emit("will_returned", model=undying.uid, rule=ARCANA_LEECH)


REGISTRY.register(ARCANA_LEECH, kind=Kind.RULE, source="BSData Arcana Leech (the Undying)")

# Pall of Darkness (the Shadow Lord): at the start of the Move phase he may spend a Will
# point; until the End phase, shots hit him or any model within 6" of him only on a 6.
PALL = "pall of darkness"
PALL_REACH = 6.0


@dataclass(frozen=True, slots=True)
class CastPall(Decision[bool]):
    """Does the Shadow Lord spend a Will point on the Pall of Darkness this turn? Heuristic:
    when an enemy that shoots is within 24" of him or a friend within 6" of him."""

    lord: ModelState
    shooters_near: int

    def default(self, state: BattleState) -> bool:
        return self.shooters_near > 0


@every(Tick.PHASE_START, PALL, order=30)
def _pall_of_darkness(state: BattleState) -> None:
    if state.phase is not Phase.MOVE:
        return
    for lord in state.living():
        if PALL not in lord.triggers or lord.will < 1:
            continue
        shooters = sum(
            1
            for e in state.enemies(lord)
            if e.missile is not None and state.distance(e, lord) <= e.missile.range + PALL_REACH
        )
        ask = CastPall(lord, shooters)
        players = state.players
        yes = ask.default(state) if players is None else players[lord.player].decide(state, ask)
        if yes and pay_will(state, lord, 1):  # else cancelled (pools.SPENT)
            effects.add(
                state, Effect(PALL, lord.uid, None, 0, Until.END_OF_TURN, "BSData", mark=PALL)
            )
            state.log.emit("army_rule", model=lord.uid, rule=PALL, turn=state.turn)


def _under_the_pall(state: BattleState, target: ModelState) -> bool:
    for effect in effects.active(state):
        if effect.mark != PALL:
            continue
        lord = state.models[effect.target]
        near = lord is target or state.distance(lord, target) <= PALL_REACH + 1e-9
        if lord.alive and lord.player == target.player and near:
            return True
    return False


ONLY_SIXES_HIT.append(_under_the_pall)
REGISTRY.register(PALL, kind=Kind.RULE, source="BSData Pall of Darkness (the Shadow Lord)")
