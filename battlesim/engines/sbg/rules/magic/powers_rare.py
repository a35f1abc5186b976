"""Powers no card of the community data carries yet, played for lists that do: Enrage
Beast, Shatter, Paralyse."""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.state import BattleState, ModelState, Tick, every
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.harm import hit, knock_prone, wound_chance
from battlesim.engines.sbg.rules.magic.powers_hold import HELD
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, power

ENRAGED = "enraged"  # MAGIC-P-ENRAGE's mark: one S10 hit at the end of the turn
PARALYSED = "paralysed"  # MAGIC-P-PARALYSE's mark (value 1: channelled)
_BEASTS = frozenset({"bat", "bats", "warg", "spider", "spiders"})


def _beast(state: BattleState, caster: ModelState, target: ModelState) -> bool:
    """A friendly Bat, unridden (Infantry) Warg or Spider."""
    return bool(target.profile.keywords & _BEASTS) and target.mount is None


def _enrage_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    if not state.engaged(target) or lasting.carries(state, target, "enrage beast"):
        return 0.0
    return 0.3 * worth.of(target) - wound_chance(state, 10, target) * worth.per_wound(target)


@power(
    "MAGIC-P-ENRAGE",
    "enrage beast",
    "002:L2615-2621",
    Aim.FRIEND,
    Duration.TEMPORARY,
    eligible=_beast,
    worth=_enrage_worth,
)
def magic_p_enrage(state: BattleState, spell: Spell) -> None:
    """+2 Fight, Attacks, Strength and Courage (channelled +3) until the end of the turn;
    at the end of the turn the beast suffers one Strength 10 hit."""
    bonus = 3 if spell.channelled else 2
    for hook in (Hook.FIGHT, Hook.ATTACKS, Hook.STRENGTH, Hook.COURAGE):
        lasting.put(state, spell, spell.target, hook=hook, value=bonus)
    lasting.put(state, spell, spell.target, mark=ENRAGED)


@every(Tick.TURN_END, "enrage beast", order=90)
def _enraged_hit(state: BattleState) -> None:
    """Before the turn's effects end (order 100)."""
    for effect in [e for e in effects.active(state) if e.mark == ENRAGED]:
        hit(state, None, state.models[effect.target], 10, "enrage beast")


def _shatter_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    harm = wound_chance(state, 6, target) * worth.per_wound(target) if chan else 0.0
    return (0.2 if target.missile is not None or target.weapon is not None else 0.0) * worth.of(
        target
    ) + harm


_UNBREAKABLE = frozenset({"staff", "staff of power"})


@power(
    "MAGIC-P-SHATTER",
    "shatter",
    "002:L2397-2403",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_shatter_worth,
)
def magic_p_shatter(state: BattleState, spell: Spell) -> None:
    """One piece of the target's wargear is destroyed for the game: the caster picks its
    missile weapon if it has one, else its hand weapon (it fights Unarmed); staffs of power,
    mounts and natural weapons cannot be (data.ASSUMPTIONS "shatter"). Channelled: also one
    Strength 6 hit."""
    target = spell.target
    if target.missile is not None:
        state.log.emit("wargear_destroyed", model=target.uid, item=target.missile.name)
        target.missile = None
    elif target.weapon is not None and target.weapon.name not in _UNBREAKABLE:
        state.log.emit("wargear_destroyed", model=target.uid, item=target.weapon.name)
        target.triggers = (target.triggers - {target.weapon.name}) | {"unarmed"}
        target.weapon = None
    if spell.channelled:
        hit(state, spell.caster, target, 6, f"cast by {spell.caster.uid}")


def _paralyse_worth(
    state: BattleState, caster: ModelState, target: ModelState, chan: bool
) -> float:
    if lasting.carries(state, target, "paralyse"):
        return 0.0
    return 0.6 * worth.of(target)


@power(
    "MAGIC-P-PARALYSE",
    "paralyse",
    "002:L2497-2507",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_paralyse_worth,
)
def magic_p_paralyse(state: BattleState, spell: Spell) -> None:
    """The target is knocked Prone and does nothing (no move, shot, power, Heroic Action or
    strike) until it recovers: at the end of each turn a 6 on a D6, one more die per friend
    in base contact with it (reading 23), stands it up. Channelled: at the end of each turn
    it is still Paralysed it suffers one Strength 5 hit. Its Duel is not changed yet (it
    should roll no Duel dice: data.ASSUMPTIONS "paralyse")."""
    paralyse(state, spell.target, spell.power.name, spell.power.id, spell.channelled)


def paralysed(state: BattleState, model: ModelState) -> bool:
    return effects.marked(state, model, PARALYSED) is not None


def paralyse(
    state: BattleState, target: ModelState, name: str, source: str, channelled: bool = False
) -> None:
    """MAGIC-P-PARALYSE's effect, for the power and for army rules that treat a model "as
    under the effect of the Paralyse Magical Power" (webs, chains, a Troll's sack)."""
    knock_prone(state, target, source)
    effect = effects.Effect(
        name,
        target.uid,
        None,
        int(channelled),
        effects.Until.END_OF_BATTLE,
        source,
        bars=HELD,
        mark=PARALYSED,
    )
    effects.add(state, effect)


@every(Tick.TURN_END, "paralyse", order=80)
def _recover(state: BattleState) -> None:
    for effect in [e for e in effects.active(state) if e.mark == PARALYSED]:
        model = state.models[effect.target]
        if not model.alive:
            continue
        if effect.value:
            hit(state, None, model, 5, "paralyse")
            if not model.alive:
                continue
        friends = [
            f for f in state.living(model.player) if f is not model and state.in_contact(f, model)
        ]
        dice = state.roll(1 + len(friends), f"recover from paralysis {model.uid}")
        if 6 in dice:
            model.prone = False
            effects.end(state, _paralysis_of(model.uid))
            state.log.emit("recovered", model=model.uid)


def _paralysis_of(uid: str) -> Callable[[effects.Effect], bool]:
    return lambda effect: effect.target == uid and effect.mark == PARALYSED
