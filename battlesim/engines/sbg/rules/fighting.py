"""Fighting (checklist part 1 §6, 002:L920-1086; spears part 2 §4.2-4.3, banners §7.1): one
fight from supports and the Duel roll to strikes and backing away. The Fight phase
(phases/fight.py) splits the fights and runs them in order."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from battlesim.engines.sbg.core import effects, marks
from battlesim.engines.sbg.core.actions import IllegalActionError
from battlesim.engines.sbg.core.arms import SpecialStrike, can_support, has_pike
from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.overrides import Stat, value
from battlesim.engines.sbg.core.paths import (
    angle_to,
    rotated,
    terrain_fits,
)
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, allowed
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    notify,
    subscribed,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.rules import (
    beast_fight,
    cavalry,
    characteristics,
    fight_stances,
    monsters,
    passengers,
    prone,
    siege_stairs,
    special_strikes,
)
from battlesim.engines.sbg.rules.back_away import clear_of_others
from battlesim.engines.sbg.rules.combat import (
    ChooseStrikeTarget,
    DuelSide,
    clamp_die,
    clamp_stat,
    duel_winner_without_roll_off,
    roll_off_winner,
    roll_to_wound,
)
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.equipment import banner_in_range
from battlesim.engines.sbg.rules.falling import fall
from battlesim.engines.sbg.rules.heroic_actions import declarations, wounded_only_on_sixes
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.might import DIE_MAX, MightRoll, boost, budget
from battlesim.engines.sbg.rules.orders import StrikeOrder, in_order
from battlesim.engines.sbg.rules.special_strikes import ChooseSpecialStrike
from battlesim.engines.sbg.rules.untouchable import disguised, spared, strikeless

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player


_BACK_AWAY_STEP = math.radians(5)
T = TypeVar("T")


_SEPARATION = 0.05  # inches: "back off slightly" (FIGHT-TRAP-04), data.ASSUMPTIONS


# Army rules by which a model may not support now (the Emperor's Glaive on the Palanquin)
NEVER_SUPPORTS: list[Callable[[ModelState], bool]] = []


def _may_support(state: BattleState, model: ModelState, friend: ModelState) -> bool:
    """WPN-SPEAR-01/04/08: spear Infantry, not engaged, not prone, did not shoot or fight;
    or Infantry a rule lets support ``friend`` as if with a spear (May.SUPPORT_AS_SPEAR)."""
    if not model.alive or model.supported or model.shot or model.prone or model.fought:
        return False
    if riding(model) is not None:
        return False  # WB-CC-01: howdah models are never part of a fight
    if any(rule(model) for rule in NEVER_SUPPORTS):
        return False  # army rules: the Dragon Emperor on his Palanquin
    if any(d.hero == model.uid for d in declarations(state)):
        return False  # WPN-SPEAR-05 (002:L1996): a Hero that declared a Heroic Action here
    if state.engaged(model):
        return False
    if can_support(model.profile):
        return True
    infantry = "infantry" in model.profile.keywords
    return infantry and permitted(May.SUPPORT_AS_SPEAR, HookContext(state, model, other=friend))


def assign_supporters(state: BattleState, combat: Combat) -> None:
    """Each fighter gets at most one spear (WPN-SPEAR-07) plus one pike second rank."""
    if combat.only:
        return  # HERO-HCHAL-02
    for player in (0, 1):
        for friend in combat.side(player):
            first = _support_one(state, combat, friend, friend)
            if first is not None and has_pike(first.profile):
                _support_one(state, combat, friend, first, pike_only=True)


def _support_one(
    state: BattleState, combat: Combat, friend: ModelState, via: ModelState, pike_only: bool = False
) -> ModelState | None:
    if friend.shielding:
        return None  # WPN-SPEAR-10 (002:L2279): no support for a Shielding model
    for helper in state.living(friend.player):
        if pike_only and not has_pike(helper.profile):
            continue
        if helper.radius + 1e-9 < friend.radius or not state.in_contact(helper, via):
            continue
        if _may_support(state, helper, friend):
            helper.supported = True
            combat.supporters[helper.uid] = helper
            state.log.emit("support", model=helper.uid, supports=friend.uid)
            return helper
    return None


@dataclass(slots=True)
class _Die:
    owner: ModelState
    raw: int
    bonus: int
    rerolled: bool = False  # each D6 is re-rolled once at most (EQP-BAN-02, army rules)
    companion: bool = False  # a companion's own die (COMPANION_DICE): Might never alters it

    @property
    def value(self) -> int:
        return clamp_die(self.raw + self.bonus)


# Army rules giving a fighter a companion that rolls its own Duel die beside the model's
# (Sebastian): each returns the companion's name, or None. Appended to by rules/armies/.
COMPANION_DICE: list[Callable[[BattleState, ModelState], str | None]] = []


def _roll_side(state: BattleState, combat: Combat, player: PlayerId) -> list[_Die]:
    dice: list[_Die] = []
    fighters = combat.fighters(player)
    joined = not all(marks.paralysed(state, m) for m in fighters + combat.helpers(player))
    for model in fighters:
        if joined and marks.paralysed(state, model):
            continue  # MAGIC-P-PARALYSE (002:L2499): no Duel dice; its friends roll theirs
        count = fight_stances.duel_dice(model, _attacks(state, model))
        raws = state.roll(count, f"duel {model.uid}")
        # the rolled dice are a detail: some rules drop a penalty on a natural 6
        bonus = modifier(Hook.DUEL_DIE, HookContext(state, model, details={"duel dice": raws}))
        dice += [_Die(model, raw, bonus) for raw in raws]
        for rule in COMPANION_DICE:
            name = rule(state, model)
            if name is not None:
                (raw,) = state.roll(1, f"duel {name} {model.uid}")
                dice.append(_Die(model, raw, 0, companion=True))
    for helper in combat.helpers(player):
        bonus = modifier(Hook.DUEL_DIE, HookContext(state, helper))
        dice += [_Die(helper, raw, bonus) for raw in state.roll(1, f"duel support {helper.uid}")]
    return dice


def _fight_value(state: BattleState, models: list[ModelState]) -> int:
    """FIGHT-DUEL-04: the highest Fight value of the side (supporters included)."""
    return max((characteristics.fight_value(state, m) for m in models), default=0)


def _duel_side(
    state: BattleState,
    combat: Combat,
    player: PlayerId,
    dice: list[_Die],
    fight: int | None = None,
) -> DuelSide:
    """``fight``: the side's Fight value when the caller has it (``_side_fights``)."""
    if fight is None:
        fight = _side_fight(state, combat, player)
    return DuelSide(player, state.alignment(player), tuple(d.value for d in dice), fight)


def _side_fight(state: BattleState, combat: Combat, player: PlayerId) -> int:
    return _fight_value(state, combat.fighters(player) + combat.helpers(player))


def _side_fights(state: BattleState, combat: Combat) -> tuple[int, int]:
    """Both sides' Fight values, read once while the banners and army rules re-roll Duel
    dice: a re-roll changes dice (and spends Will), never a Fight value (speed: the side
    losing so far is asked before each re-roll)."""
    return _side_fight(state, combat, 0), _side_fight(state, combat, 1)


# Army rules that may settle a fight before the Duel roll: each returns the winning side or None
AUTO_WINNERS: list[Callable[[BattleState, Combat], PlayerId | None]] = []


def duel(state: BattleState, combat: Combat) -> PlayerId:
    """FIGHT-DUEL-01..04 with banner re-rolls (EQP-BAN-02/04); return the winning side."""
    for rule in AUTO_WINNERS:  # army rules: a fight won without a Duel roll (Horn of Gondor)
        auto = rule(state, combat)
        if auto is not None:
            state.log.emit("duel", combat=combat.uids(), dice=[[], []], winner=auto, auto=True)
            return auto
    dice = {p: _roll_side(state, combat, p) for p in (0, 1)}
    fights = _side_fights(state, combat)
    used: set[PlayerId] = set()
    for _ in range(2):  # ambiguity 16: the side losing re-rolls first, each at most once
        loser = _provisional_loser(state, combat, dice, fights)
        if loser is None or loser in used or not _banner_reroll(state, combat, loser, dice[loser]):
            break
        used.add(loser)
    _one_die_rerolls(state, combat, dice)
    _army_rerolls(state, combat, dice, fights)
    might_bidding(state, combat, dice)
    a, b = (_duel_side(state, combat, p, dice[p]) for p in (0, 1))
    winner = duel_winner_without_roll_off(a, b)
    if winner is None:
        (roll,) = state.roll(1, "duel roll-off")
        winner = roll_off_winner(roll, a, b, state.priority, _elven_sides(combat))
    state.log.emit("duel", combat=combat.uids(), dice=[list(a.dice), list(b.dice)], winner=winner)
    return winner


def _provisional_loser(
    state: BattleState,
    combat: Combat,
    dice: dict[PlayerId, list[_Die]],
    fights: tuple[int, int] | None = None,
) -> PlayerId | None:
    """The side losing the Duel so far, if not a roll-off; ``fights``: both sides' Fight
    values when the caller has them (``_side_fights``)."""
    if fights is None:
        a, b = (_duel_side(state, combat, p, dice[p]) for p in (0, 1))
    else:
        a, b = (_duel_side(state, combat, p, dice[p], fights[p]) for p in (0, 1))
    winner = duel_winner_without_roll_off(a, b)
    return None if winner is None else 1 - winner


def _banner_reroll(state: BattleState, combat: Combat, player: PlayerId, dice: list[_Die]) -> bool:
    """EQP-BAN-02: one model re-rolls one die; the lowest is the one worth re-rolling."""
    if not dice or banner_in_range(state, combat.side(player) + combat.helpers(player)) is None:
        return False
    worst = min(dice, key=lambda d: (d.value, d.owner.uid))
    (worst.raw,) = state.roll(1, f"banner re-roll {worst.owner.uid}")
    worst.rerolled = True
    return True


# Army rules that re-roll single Duel dice of a side (Awesome Presence...): each is given the
# side losing so far and its dice, after the banner's re-roll, and re-rolls a die not yet
# re-rolled (marking it). Appended to by the rule's module (rules/armies/).
DuelReroll = Callable[[BattleState, PlayerId, list[_Die]], None]
DUEL_REROLLS: list[DuelReroll] = []


def _army_rerolls(
    state: BattleState,
    combat: Combat,
    dice: dict[PlayerId, list[_Die]],
    fights: tuple[int, int] | None = None,
) -> None:
    for rule in DUEL_REROLLS:
        loser = _provisional_loser(state, combat, dice, fights)
        if loser is not None:
            rule(state, loser, dice[loser])


def _one_die_rerolls(state: BattleState, combat: Combat, dice: dict[PlayerId, list[_Die]]) -> None:
    """Army rules (Lord of the West, Durin's Axe...): "may re-roll a single D6 when making a
    Duel roll". After the banners, each such model of the side that is losing re-rolls its
    own lowest die once, if its player wants to (``RerollDuelDie``), before Might."""
    for player in (0, 1):
        for model in combat.fighters(player):
            if not allowed(Roll.DUEL_ONE_DIE, HookContext(state, model)):
                continue
            own = [d for d in dice[player] if d.owner is model]
            if not own or _provisional_loser(state, combat, dice) != player:
                continue
            worst = min(own, key=lambda d: d.value)
            if ask(state, model, RerollDuelDie(model, worst.value)):
                (worst.raw,) = state.roll(1, f"duel re-roll of one die {model.uid}")
    _foe_rerolls(state, combat, dice)


def _foe_rerolls(state: BattleState, combat: Combat, dice: dict[PlayerId, list[_Die]]) -> None:
    """Army rules (Swift Parry): the carrier forces one enemy in the fight to re-roll a single
    Duel die, before Might: the enemy's highest die, while the carrier's side is losing."""
    for player in (0, 1):
        for model in combat.fighters(player):
            if not allowed(Roll.DUEL_FOE_DIE, HookContext(state, model)):
                continue
            theirs = dice[1 - player]
            if not theirs or _provisional_loser(state, combat, dice) != player:
                continue
            best = max(theirs, key=lambda d: d.value)
            if ask(state, model, RerollDuelDie(model, best.value, foe=True)):
                (best.raw,) = state.roll(1, f"duel re-roll forced by {model.uid}")


@dataclass(frozen=True, slots=True)
class RerollDuelDie(Decision[bool]):
    """Whether ``model`` re-rolls its lowest Duel die (``value``) while its side loses."""

    model: ModelState
    value: int
    foe: bool = False  # the die is an enemy's, re-rolled at the model's demand (Swift Parry)

    def default(self, state: BattleState) -> bool:
        return self.value > 1 if self.foe else self.value < DIE_MAX


def ask(state: BattleState, model: ModelState, decision: Decision[T]) -> T:
    """The decision put to ``model``'s player (its default in bare rule tests)."""
    if state.players is None:
        return decision.default(state)
    answer: T = state.players[model.player].decide(state, decision)
    return answer


def might_bidding(state: BattleState, combat: Combat, dice: dict[PlayerId, list[_Die]]) -> None:
    """HERO-MIGHT-03/04 (002:L1520-1522): once every die and re-roll is in (EQP-BAN-02), the
    side losing may spend Might first, then the other may answer, and so on until neither
    side spends. A tie is opened by the Priority side (data.ASSUMPTIONS "might-bidding")."""
    if not any(budget(state, d.owner) > 0 for p in (0, 1) for d in dice[p]):
        return  # no Hero with Might in this fight (most fights: keep it cheap)
    side = _provisional_loser(state, combat, dice)
    side = state.priority if side is None else side
    quiet = 0
    while quiet < 2:
        quiet = 0 if _side_bids(state, combat, dice, side) else quiet + 1
        side = 1 - side


def _side_bids(
    state: BattleState, combat: Combat, dice: dict[PlayerId, list[_Die]], side: PlayerId
) -> bool:
    """Each Hero of the side may raise its own best die (HERO-MIGHT-05: only its own dice;
    only the highest die counts, so that is the die worth raising)."""
    spent = False
    for hero in combat.side(side) + combat.helpers(side):
        own = [d for d in dice[side] if d.owner is hero and not d.companion]
        if budget(state, hero) <= 0 or not own:
            continue
        die = max(own, key=lambda d: d.value)
        need, contest = _duel_needs(state, combat, dice, side)
        value = boost(state, hero, MightRoll.DUEL, die.value, need, contest=contest)
        if value != die.value:
            die.bonus = value - die.raw
            spent = True
    return spent


def _duel_needs(
    state: BattleState, combat: Combat, dice: dict[PlayerId, list[_Die]], side: PlayerId
) -> tuple[int, int | None]:
    """The score that wins the Duel for ``side`` now, and the one it would need if the rival
    Heroes spent all their Might (None when the rival has none to answer with)."""
    mine = _fight_value(state, combat.side(side) + combat.helpers(side))
    rival = 1 - side
    theirs = _fight_value(state, combat.side(rival) + combat.helpers(rival))
    edge = 0 if mine > theirs else 1  # FIGHT-DUEL-02: the higher Fight wins a tie
    best = max((d.value for d in dice[rival]), default=0)
    reach = max((min(6, d.value + budget(state, d.owner)) for d in dice[rival]), default=0)
    contest = max(best, reach) + edge if reach > best else None
    return best + edge, contest


# Rules or wargear by which the enemies fighting their carrier get no Elven-made bonus
# (Razgûsh's Bone-breaker)
NO_ELVEN_EDGE: set[str] = set()


def _elven_sides(combat: Combat) -> frozenset[PlayerId]:
    """WPN-ELF-01 (ambiguity 12): a side has the advantage if any fighter has one."""
    fighters = [combat.center, *combat.leaves]
    denied = {1 - m.player for m in fighters if m.triggers & NO_ELVEN_EDGE}
    return frozenset(
        m.player
        for m in fighters
        if "elven-made" in m.triggers and not m.shielding and m.player not in denied
    )  # ARM-SH-03: a Shielding model has no weapon bonus


def strike(
    state: BattleState,
    striker: ModelState,
    target: ModelState,
    trapped: bool,
    at_mount: bool = False,
) -> None:
    """One Attack: one To Wound roll, or a set of two against a trapped model (FIGHT-TRAP-03).

    ``at_mount``: the Attack is aimed at the cavalry target's mount (CAV-STRIKE-01), both
    dice of a set at the same part (ambiguity register, part 1 §8.7)."""
    striking = HookContext(state, striker, target)
    strength = value(Stat.STRENGTH, striking, striker.profile.strength)  # rules that set it
    strength = clamp_stat(strength + modifier(Hook.STRENGTH, striking))
    strength = marks.strike_strength(state, striker) or strength  # MAGIC-P-BLADEWRATH
    if at_mount:
        defence = cavalry.mount_defence(target, state)
    else:
        defence = characteristics.defence_value(state, target)
    defence = value(Stat.STRUCK_DEFENCE, striking, defence)  # SR-BLADESDEAD: Courage
    bonus = modifier(Hook.WOUND_ROLL, HookContext(state, striker, target, {"trapped": trapped}))
    sixes = wounded_only_on_sixes(state, target, at_mount)  # HERO-HD-01
    if subscribed(On.STRIKE):
        notify(state, On.STRIKE, Happening(striker, other=target, count=2 if trapped else 1))
    purpose = f"strike {striker.uid}->{target.uid} (S{strength} D{defence})"
    # FIGHT-TRAP-03 (002:L1042): « jetez les deux dés de cette attaque en même temps »
    dice: list[int | None] = list(state.roll(2, purpose)) if trapped else [None]
    wounded = False
    for rolled in dice:
        if not target.alive or at_mount and (target.mount is None or target.mount.slain):
            return
        details = {"trapped": trapped, "at_mount": at_mount}  # army rules read them
        grant = allowed(Roll.TO_WOUND_IN_COMBAT, HookContext(state, striker, target, details))
        ones = special_strikes.rerolls_ones(striker) or grant is Reroll.ONES
        failed = grant is Reroll.FAILED
        spare = _one_wound_reroll(state, striker, target)
        if roll_to_wound(
            state,
            strength,
            defence,
            bonus,
            purpose,
            ones,
            sixes,
            striker,
            target,
            failed,
            rolled,
            spare,
        ):
            wounded = True
            blow = 1 + modifier(Hook.EXTRA_WOUNDS, striking)  # SR-MIGHTYBLOW
            state.wound(  # SR-BANE: its D3 only for a wound no save stopped
                target,
                f"struck by {striker.uid}",
                at_mount,
                count=blow,
                after_saves=lambda: modifier(Hook.WOUNDS_AFTER_SAVES, striking),
            )
    if not wounded:
        for rule in STRIKE_FAILED:
            rule(state, striker, target, at_mount)


# Army rules by which a winner chooses to strike no blows (Gríma's A Traitor Within)
HOLDS_BLOWS: list[Callable[[BattleState, ModelState], bool]] = []

# Army rules answering a Strike none of whose To Wound dice succeeded (Sharku's Riding
# Dagger): each is called with the striker, its target and whether it aimed at the mount
STRIKE_FAILED: list[Callable[[BattleState, ModelState, ModelState, bool], None]] = []


# Army rules that re-roll "a single D6 when rolling To Wound": one die per fight (READINGS)
_ONE_WOUND_DIE: Status[list[bool]] = Status("one to wound die re-rolled", list, Lasting.FIGHT)


def _one_wound_reroll(
    state: BattleState, striker: ModelState, target: ModelState
) -> Callable[[], bool] | None:
    """The striker's spare re-roll of one failed To Wound die this fight, if a rule gives it:
    calling it spends it (True) or finds it spent (False)."""
    if not allowed(Roll.TO_WOUND_ONE_DIE, HookContext(state, striker, target)):
        return None
    used = _ONE_WOUND_DIE.of(striker)

    def spend_it() -> bool:
        if used:
            return False
        used.append(True)
        return True

    return spend_it


def winners_strike(
    state: BattleState,
    player: Player,
    strikers: list[ModelState],
    losers: list[ModelState],
    trapped: set[str],
    gate: Callable[[ModelState], bool] | None = None,
) -> None:
    """FIGHT-MULTI-02..04: each winner's strikes in turn, in the player's order (L1066),
    targets chosen per Attack; a strike goes on only if ``gate`` passes (a barrier's
    in-the-way test, FIGHT-BAR-09)."""
    for striker in in_order(state, player, StrikeOrder(tuple(strikers))):
        if cavalry.cannot_act(state, striker):
            continue  # CAV-THROWN-01/02 thrown rider
        if striker.shielding:  # ARM-SH-03 Shielding: no strikes, save a shield's own
            _shielding_strike(state, player, striker, losers, trapped, gate)
            continue
        if effects.barred(state, striker, Bar.STRIKE):
            continue  # MAGIC-P-TRANSFIX: held by a power, it does not strike
        if striker.prone:  # FIGHT-PRONE-01/03: no strikes; it may stand up instead
            prone.winner_stands(state, player, striker)
            continue
        if any(rule(state, striker) for rule in HOLDS_BLOWS):
            continue  # army rules: Gríma keeps his allegiance hidden
        if _special_strikes_instead(state, player, striker, losers):
            continue
        attacks = 1 if striker.supported else _attacks(state, striker)
        for _ in range(attacks):
            living = [m for m in losers if m.alive]
            if not living:
                return
            target = _strike_target(state, player, striker, living, trapped)
            if gate is None or gate(striker):
                _blow(state, player, striker, target, target.uid in trapped or target.prone)
        _extra_strikes(state, player, striker, losers, gate)
        _companion_strikes(state, player, striker, losers, trapped, gate)


# Shields whose bearer, winning a fight he Shielded in, makes one Strike at his own Strength
# with no weapon bonus (the Oakenshield, rules/armies/good/oakenshield.py)
SHIELDING_STRIKES: set[str] = set()


def _shielding_strike(
    state: BattleState,
    player: Player,
    striker: ModelState,
    losers: list[ModelState],
    trapped: set[str],
    gate: Callable[[ModelState], bool] | None,
) -> None:
    found = sorted(striker.triggers & SHIELDING_STRIKES)
    living = [m for m in losers if m.alive]
    if not found or not living:
        return
    target = _strike_target(state, player, striker, living, trapped)
    if gate is None or gate(striker):
        doubled = target.uid in trapped or target.prone
        strength = striker.profile.strength
        companion_strike(state, striker, found[0], strength, target, doubled)


# Army rules' Strikes made beside a winner by what it carries or rides (the Catapult
# Troll's Goblin crew, the Royal Palanquin): each gives (name, count, Strength) or None;
# resolved after the winner's own Strikes, never Special Strikes.
COMPANION_STRIKES: list[Callable[[BattleState, ModelState], tuple[str, int, int] | None]] = []


def _companion_strikes(
    state: BattleState,
    player: Player,
    striker: ModelState,
    losers: list[ModelState],
    trapped: set[str],
    gate: Callable[[ModelState], bool] | None,
) -> None:
    for rule in COMPANION_STRIKES:
        found = rule(state, striker)
        if found is None:
            continue
        name, count, strength = found
        state.log.emit("companion_strikes", model=striker.uid, rule=name, strikes=count)
        for _ in range(count):
            living = [m for m in losers if m.alive]
            if not living:
                return
            target = _strike_target(state, player, striker, living, trapped)
            if gate is None or gate(striker):
                doubled = target.uid in trapped or target.prone
                companion_strike(state, striker, name, strength, target, doubled)


def companion_strike(
    state: BattleState,
    striker: ModelState,
    name: str,
    strength: int,
    target: ModelState,
    trapped: bool,
) -> None:
    """One Strike of ``strength`` made for ``striker`` (FIGHT-TRAP-03: two dice against a
    Trapped or Prone foe); its Wounds are the striker's ("struck by")."""
    defence = characteristics.defence_value(state, target)
    sixes = wounded_only_on_sixes(state, target)  # HERO-HD-01
    purpose = f"{name} strike {striker.uid}->{target.uid} (S{strength} D{defence})"
    for _ in range(2 if trapped else 1):
        if not target.alive:
            return
        if roll_to_wound(state, strength, defence, 0, purpose, natural_six=sixes):
            state.wound(target, f"struck by {striker.uid}")


def _extra_strikes(
    state: BattleState,
    player: Player,
    striker: ModelState,
    losers: list[ModelState],
    gate: Callable[[ModelState], bool] | None,
) -> None:
    """Army rules' added Strikes (Whirl of Blades): one To Wound die each, even against a
    Trapped foe ("will not double again")."""
    extra = modifier(Hook.EXTRA_STRIKES, HookContext(state, striker))
    for _ in range(extra):
        living = [m for m in losers if m.alive]
        if not living:
            return
        target = _strike_target(state, player, striker, living, set())
        if gate is None or gate(striker):
            _blow(state, player, striker, target, False)


def _blow(
    state: BattleState, player: Player, striker: ModelState, target: ModelState, trapped: bool
) -> None:
    """One Attack at the part the striker's player picks: a passenger (ADV-PASS-07), else
    the rider or the mount of a Cavalry target (CAV-STRIKE-01)."""
    aimed = passengers.struck_part(state, player, striker, target)
    if aimed is not target:
        with passengers.exposed(state, aimed):
            strike(state, striker, aimed, trapped)
        return
    at_mount = cavalry.strike_part(state, player, striker, target) == cavalry.MOUNT
    strike(state, striker, target, trapped, at_mount)


# Army rules that bind a striker's Strikes to a single model (a declared Morgul Blade): each
# returns that model's uid, or None when it binds none
BOUND_TARGET: list[Callable[[BattleState, ModelState], str | None]] = []


def _strike_target(
    state: BattleState,
    player: Player,
    striker: ModelState,
    living: list[ModelState],
    trapped: set[str],
) -> ModelState:
    """The player's choice among the losers; a refused choice falls on the first loser.
    A rule that binds the striker's Strikes to one model (BOUND_TARGET) chooses for him."""
    for bound in BOUND_TARGET:
        held = state.models.get(bound(state, striker) or "")
        if held is not None and held in living:
            return held
    choice = player.decide(state, ChooseStrikeTarget(striker, living, frozenset(trapped)))
    target = state.models.get(choice)
    if target is None or target not in living:
        error = IllegalActionError(f"{choice} is not a loser of this fight")
        state.log.emit("refused", model=striker.uid, reason=str(error))
        return living[0]
    return target


def _attacks(state: BattleState, model: ModelState) -> int:
    return characteristics.attacks(state, model)


def _special_strikes_instead(
    state: BattleState, player: Player, striker: ModelState, losers: list[ModelState]
) -> bool:
    """SPS-BASH-01, SPS-WHIRL-01: strikes replaced by a knock-down try or a sweep."""
    living = [m for m in losers if m.alive]
    if striker.strike is SpecialStrike.WHIRL:
        for target in special_strikes.whirl_targets(living):
            _blow(state, player, striker, target, False)
        return True
    if striker.strike in (SpecialStrike.BASH, SpecialStrike.STUN) and living:
        victim = state.models[
            player.decide(state, ChooseStrikeTarget(striker, living, frozenset()))
        ]
        if striker.strike is SpecialStrike.BASH:
            special_strikes.bash(state, striker, victim)
            if victim.prone and victim.mount is not None:
                cavalry.knocked_down(state, victim, "bash")  # CAV-LOOSE-03 (002:L1332)
        else:
            special_strikes.stun(state, striker, victim)
        return True
    return False


def declare_strikes(state: BattleState, combat: Combat, players: tuple[Player, Player]) -> None:
    """SPS-GEN-01 (002:L2056): each fighter may declare a special strike before the Duel."""
    for model in [combat.center, *combat.leaves]:
        if model.shielding:
            continue  # SPS-GEN-02 (002:L2277): no weapon bonus while Shielding
        if combat.only and model.uid not in combat.only:
            continue  # HERO-HCHAL-02
        enemies = combat.fighters(1 - model.player) + combat.helpers(1 - model.player)
        enemy_fight = max(characteristics.fight_base(state, m) for m in enemies)
        fight = characteristics.fight_base(state, model)
        options = special_strikes.eligible(model, enemy_fight, fight)
        if not options:
            continue
        choice = players[model.player].decide(
            state, ChooseSpecialStrike(model, options, enemy_fight)
        )
        if choice is not None:
            special_strikes.declare(state, model, choice, enemy_fight)


def stab_backlashes(state: BattleState, losers: list[ModelState]) -> None:
    """SPS-STAB-01: each losing stabber suffers one Strength 2 hit after the fight."""
    for model in losers:
        if special_strikes.stab_backlash(state, model):
            defence = characteristics.defence_value(state, model)
            purpose = f"stab backlash {model.uid} (S2 D{defence})"
            sixes = wounded_only_on_sixes(state, model)  # HERO-HD-01
            if roll_to_wound(state, 2, defence, 0, purpose, natural_six=sixes):
                state.wound(model, "own stab")


def _separate(state: BattleState, loser: ModelState, winners: list[ModelState]) -> None:
    """FIGHT-TRAP-04: attackers back off slightly so that no base contact remains."""
    for winner in winners:
        if not winner.alive or not state.in_contact(winner, loser):
            continue
        angle = angle_to(loser.position, winner.position)
        spot = rotated(winner.position, angle, _SEPARATION + CONTACT_TOLERANCE)
        fits = terrain_fits(state.table, spot, winner.radius, state.width, state.depth)
        if fits and clear_of_others(state, winner, spot):
            state.move_to(winner, spot, "separate")


# Army rules acting after a fight's Strikes: each is given the winners and the losers.
AFTER_STRIKES: list[Callable[[BattleState, list[ModelState], list[ModelState]], None]] = []


def resolve_combat(state: BattleState, combat: Combat, players: tuple[Player, Player]) -> None:
    """FIGHT-GEN-04: Duel, back away, strike, remove casualties (already removed at 0 W)."""
    if not combat.side(0) or not combat.side(1):
        return
    fight_stances.declare(state, combat, players)
    assign_supporters(state, combat)
    supporters = list(combat.supporters.values())
    cavalry.start_fight(state, [combat.center, *combat.leaves], supporters)  # CAV-CHG-02/03
    # army rules (Tom is Master): with such a model in the fight, nobody strikes at all
    silent = strikeless(combat.side(0) + combat.side(1))
    if not silent:
        declare_strikes(state, combat, players)
    winner = duel(state, combat)
    winners = combat.side(winner)
    losers = combat.side(1 - winner)
    _announce_duel(state, combat, winner, winners)
    for model in winners + losers:
        special_strikes.after_duel(state, model, won=model.player == winner)
    # MON-BPA-01: a winning Monster may use a Brutal Power Attack instead of striking
    replaced: set[ModelId] | None = set()
    if not silent:
        replaced = monsters.brutal_power_attacks(state, combat, players, winner)
    if replaced is None:  # MON-BPA-HURL-08, MON-BPA-BARGE-04: the fight ends at once
        _mark_fought(combat)
        stab_backlashes(state, losers)
        _clear_fight(state, combat)
        return
    falls: dict[str, float] = {}
    down_stairs = siege_stairs.backing_down(state, winners, losers)  # SIEGE-STAIRS-02
    trapped = beast_fight.losers_back_away(  # WB-CC-03
        state, winners, losers, falls, players[1 - winner]
    )
    beast_fight.irresistible_force(state, winners, losers + combat.helpers(1 - winner))
    siege_stairs.slip(state, down_stairs)
    cavalry.knock_to_ground(state, winners, losers, trapped)  # CAV-CHG-06/07
    for uid in sorted(trapped):
        state.log.emit("trapped", model=uid)
    _mark_fought(combat)
    strikers = [m for m in combat.fighters(winner) if m.uid not in replaced]
    strikers += combat.helpers(winner)
    strikers = [] if silent else strikers
    struck = [  # Broken Mind, A Traitor Within: not struck
        m for m in losers if not spared(state, m, winner) and not disguised(state, m, winner)
    ]
    winners_strike(state, players[winner], strikers, struck, trapped)
    for rule in AFTER_STRIKES:  # army rules acting once the Strikes are made (Headbutt)
        rule(state, winners, losers)
    cavalry.after_strikes(state, losers)  # CAV-STRIKE-02: Thrown Rider tests now
    stab_backlashes(state, losers)
    _falls_over_edges(state, falls)
    for loser in losers:
        if loser.alive and loser.uid in trapped:
            _separate(state, loser, winners)
    _clear_fight(state, combat)


def _announce_duel(
    state: BattleState, combat: Combat, winner: PlayerId, winners: list[ModelState]
) -> None:
    """Rules subscribed to Duel rolls (the whole fight) and Duel wins (each winner)."""
    if subscribed(On.DUEL_ROLLED):
        fought = (*combat.side(0), *combat.side(1))
        notify(state, On.DUEL_ROLLED, Happening(combat.center, models=fought, winner=winner))
    if subscribed(On.DUEL_WON):
        for model in winners:
            notify(state, On.DUEL_WON, Happening(model, models=tuple(winners), winner=winner))


def _mark_fought(combat: Combat) -> None:
    for model in [combat.center, *combat.leaves, *combat.supporters.values()]:
        model.fought = model.fought or model.uid not in combat.supporters


def _clear_fight(state: BattleState, combat: Combat) -> None:
    cavalry.after_strikes(state, [combat.center, *combat.leaves])  # CAV-STRIKE-02
    for model in [combat.center, *combat.leaves]:
        model.clear_fight()


def _falls_over_edges(state: BattleState, falls: dict[str, float]) -> None:
    """FIGHT-BACK-04, MOVE-FALL-03 (002:L988, L974): a survivor that backed over an edge
    falls after the winners' strikes (Bombur's example)."""
    for uid, drop in sorted(falls.items()):
        model = state.models[uid]
        if model.alive:
            fall(state, model, drop, "backed over an edge")
