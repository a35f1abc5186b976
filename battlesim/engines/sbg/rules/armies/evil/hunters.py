"""Rules of Azog, Bolg and the Hunter Orcs (Azog's Hunters, Azog's Legion, the Dark Powers of
Dol Guldur) and of Stand Fast! commanders, from the BattleScribe rule text."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier, register
from battlesim.engines.sbg.core.overrides import Stat, override, value
from battlesim.engines.sbg.core.permissions import May, grant, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll, reroll_by_effect
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.combat import clamp_stat, wound_need
from battlesim.engines.sbg.rules.kinds import SURE_FOOTED

I_AM_MASTER = "i am master"
_MASTER_NEED = 3


@override(Stat.STRUCK_DEFENCE, I_AM_MASTER, source="BSData cf41-3d7d-f9a1-2c6d (I am Master)")
def _i_am_master(context: HookContext, defence: int) -> int | None:
    """I am Master: striking an enemy Hero after winning a fight, Azog never needs more than
    3+ To Wound whatever its Defence: the Defence he strikes is lowered to the highest that
    his Strength wounds on 3+ (a single die), never raised."""
    target = context.other
    if target is None or not target.profile.is_hero:
        return None
    need = wound_need(_strength(context), defence)
    if need is not None and need.second is None and need.first <= _MASTER_NEED:
        return None
    for lower in range(defence - 1, 0, -1):
        need = wound_need(_strength(context), lower)
        if need is not None and need.second is None and need.first <= _MASTER_NEED:
            return lower
    return None


def _strength(context: HookContext) -> int:
    base = value(Stat.STRENGTH, context, context.model.profile.strength)
    return clamp_stat(base + modifier(Hook.STRENGTH, context))


# Stand Fast! of commanders: a longer range (Hook.STAND_FAST_REACH, 6" in the rulebook).
_LONG_STAND_FAST = {
    "general of the north": 'BSData 4eb8-8e91-0002-3183 (General of the North: 12")',
    "lord of dunland": 'BSData aa51-6bab-49f4-a122 (Lord of Dunland: 12")',
    "ascendant": 'BSData f61b-eecb-fff2-66b9 (Ascendant: 12")',
}


def _twelve_inches(context: HookContext) -> int:
    return 6


for _name, _source in _LONG_STAND_FAST.items():
    register(Hook.STAND_FAST_REACH, _name)(_twelve_inches)
    REGISTRY.register(_name, kind=Kind.RULE, source=_source)


@grant(
    May.RALLY_HERO,
    "general of the north",
    source="BSData 4eb8-8e91-0002-3183 (General of the North)",
)
def _general_of_the_north(context: HookContext) -> bool:
    """General of the North: unlike any other Hero's, Azog's Stand Fast! affects other Orc
    Heroes."""
    hero = context.other
    return hero is not None and "orc" in hero.profile.keywords


# Morgul Arrows (BSData f7ad-7c37-9819-7eec): a model that suffers a Wound from the
# carrier's shooting and is not slain rolls a D6 at the start of each later turn; on a 1 it
# suffers a Wound.
MORGUL_ARROWS = "morgul arrows"
_POISONED: Status[dict[str, int]] = Status("morgul arrows", dict, Lasting.BATTLE)


@on(On.WOUNDED, MORGUL_ARROWS, order=50)
def _morgul_wound(state: BattleState, blow: Happening) -> None:
    if not blow.source.startswith("shot by "):
        return
    shooter = state.models.get(blow.source.removeprefix("shot by "))
    if shooter is not None and MORGUL_ARROWS in shooter.triggers:
        _POISONED.of(state).setdefault(blow.model.uid, state.turn)


@every(Tick.TURN_START, MORGUL_ARROWS, order=50)
def _morgul_turn(state: BattleState) -> None:
    for uid, since in sorted(_POISONED.of(state).items()):
        model = state.models[uid]
        if not model.alive or state.turn <= since:
            continue
        (die,) = state.roll(1, f"morgul arrows {uid}")
        if die == 1:
            state.wound(model, "morgul arrows")


REGISTRY.register(MORGUL_ARROWS, kind=Kind.RULE, source="BSData f7ad-7c37-9819-7eec")


# Kills that grow a Hero's rules: The Bringer of Death (Bolg), Torturer (the Keeper).
BRINGER = "the bringer of death"
_BRINGER_STEPS = ((2, "terror"), (5, "harbinger of evil"), (10, "mighty hero"))
_KILLS: Status[dict[str, int]] = Status("kills", dict, Lasting.BATTLE)


@on(On.REMOVED, BRINGER, order=55)
def _bringer_of_death(state: BattleState, happening: Happening) -> None:
    """The Bringer of Death (BSData 88e5-eae5-235c-5714): once Bolg has slain two enemies he
    causes Terror, five: Harbinger of Evil too, ten: Mighty Hero too."""
    killer = _killer(state, happening)
    if killer is None or BRINGER not in killer.triggers:
        return
    kills = _count_kill(state, killer.uid)
    for need, rule in _BRINGER_STEPS:
        if kills >= need and rule not in killer.triggers:
            killer.triggers = killer.triggers | {rule}
            state.log.emit("rule_gained", model=killer.uid, rule=rule, kills=kills)


REGISTRY.register(BRINGER, kind=Kind.RULE, source="BSData 88e5-eae5-235c-5714")


def _killer(state: BattleState, happening: Happening) -> ModelState | None:
    """The enemy that slew the model, by strike or shot, if it still lives."""
    for prefix in ("struck by ", "shot by "):
        if happening.source.startswith(prefix):
            killer = state.models.get(happening.source.removeprefix(prefix))
            if killer is not None and killer.alive and killer.player != happening.model.player:
                return killer
    return None


def _count_kill(state: BattleState, uid: str) -> int:
    kills = _KILLS.of(state)
    kills[uid] = kills.get(uid, 0) + 1
    return kills[uid]


TORTURER = "torturer"
_TORTURER_STEPS = ((3, "terror"),)


@on(On.REMOVED, TORTURER, order=55)
def _torturer_kill(state: BattleState, happening: Happening) -> None:
    """Torturer (BSData f074-c36f-3068-4fbe): the Keeper counts the models he slays; from
    three he causes Terror (the re-rolls are below)."""
    killer = _killer(state, happening)
    if killer is None or TORTURER not in killer.triggers:
        return
    kills = _count_kill(state, killer.uid)
    for need, rule in _TORTURER_STEPS:
        if kills >= need and rule not in killer.triggers:
            killer.triggers = killer.triggers | {rule}
            state.log.emit("rule_gained", model=killer.uid, rule=rule, kills=kills)


@reroll(Roll.TO_WOUND_IN_COMBAT, TORTURER, source="BSData f074-c36f-3068-4fbe (Torturer)")
def _torturer_rerolls(context: HookContext) -> Reroll:
    """Torturer: one kill or more, re-roll To Wound 1s; five or more, every failed roll."""
    kills = _KILLS.of(context.state).get(context.model.uid, 0)
    if kills >= 5:
        return Reroll.FAILED
    return Reroll.ONES if kills >= 1 else Reroll.NONE


# Hunt Master (Fimbul): mounted, he ignores the penalties Cavalry suffer in difficult
# terrain (CAV-MOVE-03/04), so he keeps his charge bonuses there (kinds.SURE_FOOTED).
HUNT_MASTER = "hunt master"
SURE_FOOTED.add(HUNT_MASTER)
REGISTRY.register(HUNT_MASTER, kind=Kind.RULE, source="BSData Hunt Master (Fimbul)")


# The Price of Failure (Yazneg): his army Broken, Azog and Yazneg in base contact as the Move
# phase starts: instead of Azog's Courage test, Yazneg may be removed; Azog then passes, his
# Stand Fast! reaches the whole table this turn, and while Azog lives the Hunter Orcs, Hunter
# Orc Captains, Fimbul and Narzug re-roll failed Courage tests (READINGS).
PRICE_OF_FAILURE = "the price of failure"
_HUNTERS = ("hunter orc", "fimbul", "narzug")
WHOLE_TABLE = 100  # inches added to Azog's Stand Fast! reach: every model on the table
_PAID: Status[dict[int, int]] = Status("the price of failure", dict, Lasting.BATTLE)


def _azog(state: BattleState, player: int) -> ModelState | None:
    found = [m for m in state.living(player) if m.profile.name.lower() == "azog"]
    return found[0] if found else None


@dataclass(frozen=True, slots=True)
class PayThePrice(Decision[bool]):
    """Is Yazneg removed so that Azog passes his test (The Price of Failure)? Heuristic: yes
    (a Hero is lost, the army's Courage tests are much surer)."""

    yazneg: ModelState
    azog: ModelState

    def default(self, state: BattleState) -> bool:
        return True


@every(Tick.PHASE_START, PRICE_OF_FAILURE, order=25)
def _price_of_failure(state: BattleState) -> None:
    if state.phase is not Phase.MOVE:
        return
    for yazneg in [m for m in state.living() if PRICE_OF_FAILURE in m.triggers]:
        azog = _azog(state, yazneg.player)
        if not state.broken[yazneg.player] or azog is None or not state.in_contact(azog, yazneg):
            continue
        ask = PayThePrice(yazneg, azog)
        players = state.players
        yes = ask.default(state) if players is None else players[yazneg.player].decide(state, ask)
        if yes:
            state.log.emit("army_rule", model=yazneg.uid, rule=PRICE_OF_FAILURE, azog=azog.uid)
            state.remove(yazneg, Removal.SLAIN, PRICE_OF_FAILURE)
            _PAID.of(state)[yazneg.player] = state.turn
            whole_table = Effect(
                PRICE_OF_FAILURE,
                azog.uid,
                Hook.STAND_FAST_REACH,
                WHOLE_TABLE,
                Until.END_OF_TURN,
                "BSData The Price of Failure",
            )
            effects.add(state, whole_table)


def _paid(state: BattleState, model: ModelState) -> int | None:
    return _PAID.of(state).get(model.player) if _PAID.peek(state) else None


@grant_by_effect(May.PASS_COURAGE_UNTESTED)
def _azog_passes(context: HookContext) -> bool | None:
    model, state = context.model, context.state
    turn = _paid(state, model)
    azog = _azog(state, model.player) if turn == state.turn else None
    reason = context.details.get("reason")
    return True if azog is model and reason == "broken" else None


@reroll_by_effect(Roll.COURAGE)
def _hunters_reroll(context: HookContext) -> Reroll:
    model, state = context.model, context.state
    if _paid(state, model) is None or _azog(state, model.player) is None:
        return Reroll.NONE
    name = model.profile.name.lower()
    return Reroll.FAILED if name.startswith(_HUNTERS) else Reroll.NONE


REGISTRY.register(PRICE_OF_FAILURE, kind=Kind.RULE, source="BSData The Price of Failure (Yazneg)")
