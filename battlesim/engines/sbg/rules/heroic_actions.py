"""Heroic Actions (checklist part 1 §9.3-9.12, 002:L1572-1736): declarations and effects.

Every action is a registered ``HeroicAction`` (its name, its phase, who may declare it, what
happens at once on declaration). The phases call ``declare_all`` at their start, ask
``resolution_order`` which Heroes act before the Priority order, and read the effects left on
``heroic_turn(model)`` (a ``HeroicTurn``, cleared at the end of the turn). A new special
heroic action is one more ``register_action`` call, not an ``if`` in a phase. The phase glue
(moving, shooting and fighting first) lives in ``phases/heroic.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.arms import SpecialStrike
from battlesim.engines.sbg.core.data import (
    HEROIC_RANGE,
    HEROIC_TIERS,
    MARCH_FAST,
    MARCH_INFANTRY,
    STAT_MAX,
)
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import Alignment, ModelId, PlayerId
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules.challenges import challenge, declined_challenger, rival_of
from battlesim.engines.sbg.rules.characteristics import fight_base, strength_base
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.pools import Pool, lent_might, spend, spend_might
from battlesim.engines.sbg.rules.special_strikes import is_stunned

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase

HEROIC_MOVE = "heroic move"
HEROIC_SHOOT = "heroic shoot"
HEROIC_COMBAT = "heroic combat"
HEROIC_RESOLVE = "heroic resolve"
HEROIC_MARCH = "heroic march"
HEROIC_CHANNELLING = "heroic channelling"
HEROIC_ACCURACY = "heroic accuracy"
HEROIC_STRIKE = "heroic strike"
HEROIC_DEFENCE = "heroic defence"
HEROIC_STRENGTH = "heroic strength"
HEROIC_CHALLENGE = "heroic challenge"

Choice = tuple[ModelId, str]  # what a player declares: (hero uid, action name)


@dataclass(slots=True)
class HeroicTurn:
    """What Heroic Actions did to one model until the end of the turn (TURN-06)."""

    fight: int = 0  # HERO-HST-01: +D6 Fight
    strength: int = 0  # HERO-HSTR-01: +D3 Strength
    defence: bool = False  # HERO-HD-01: wounded only on natural 6s this Fight phase
    reroll_in_the_way: bool = False  # HERO-HAC-01/02
    march: int = 0  # HERO-HMA-01/03: extra inches of Move this Move phase
    no_charge: bool = False  # HERO-HMA-01/04
    no_shoot: bool = False  # HERO-HS-02: in range of "Fire!" and did not shoot
    leash: ModelId | None = None  # HERO-HM-03, HMA-03: must end within 6" of this Hero
    resist_dice: int = 0  # HERO-HR-01: free resist dice (no magic is played yet)
    combat_moved: bool = False  # HERO-HC-03: moved after a Heroic Combat this turn
    stays: bool = False  # HERO-HR-02: declared Heroic Resolve, no move this turn


@dataclass(slots=True)
class Declaration:
    """One declared Heroic Action of the current phase (HERO-HA-02 marker)."""

    hero: ModelId
    action: str
    side: PlayerId
    cancelled: bool = False
    rolled: bool = False


# HERO-HA-*: each model's Heroic Action effects, gone at the end of the turn (TURN-06).
HEROIC_TURN: Status[HeroicTurn] = Status("heroic turn", HeroicTurn, Lasting.TURN)
# HERO-HA-02: the declarations of the current phase, in the order they resolve.
DECLARATIONS: Status[list[Declaration]] = Status("heroic declarations", list, Lasting.BATTLE)


def heroic_turn(model: ModelState) -> HeroicTurn:
    return HEROIC_TURN.of(model)


def declarations(state: BattleState) -> list[Declaration]:
    return DECLARATIONS.of(state)


Check = Callable[["BattleState", "ModelState"], "str | None"]
OnDeclare = Callable[["BattleState", "ModelState", Sequence[Any]], None]


@dataclass(frozen=True, slots=True)
class HeroicAction:
    """A kind of Heroic Action: ``universal`` ones every Hero with Might may declare
    (HERO-HA-08), the others only Heroes whose profile lists them (HERO-HA-09/10). Move,
    Shoot and Combat act before the Priority order (``phases/heroic.py``, HERO-HA-06)."""

    name: str
    phase: str
    universal: bool = False
    check: Check | None = None
    on_declare: OnDeclare | None = None


ACTIONS: dict[str, HeroicAction] = {}


def register_action(action: HeroicAction) -> HeroicAction:
    ACTIONS[action.name] = action
    return action


# --- declaring (HERO-HA-01..05) ----------------------------------------------------------


def refusal(
    state: BattleState, side: PlayerId, phase: Phase, choice: Choice, free: bool = False
) -> str | None:
    """Why ``choice`` cannot be declared now, or None if it can. ``free``: a copy by Master
    of Battle (SR-MASTERBATTLE), needing neither Might nor the action in the profile."""
    uid, name = choice
    hero = state.models.get(uid)
    action = ACTIONS.get(name)
    if hero is None or not hero.alive or hero.player != side or not hero.profile.is_hero:
        return f"{uid} is not a living Hero of side {side} (HERO-HA-02)"
    if action is None:
        return f"{name!r} is not a Heroic Action the engine plays (HERO-HA-09)"
    if action.phase != phase.value:
        return f"{name} belongs to the {action.phase} phase (HERO-HA-01)"
    if not (free or action.universal or name in hero.triggers):
        return f"{uid}'s profile does not list {name} (HERO-HA-09)"
    if not free and not _pays(state, hero, name):
        return f"{uid} has no Might left (HERO-HA-02)"
    if any(hero.triggers & rules for action, rules in BARRED_ACTIONS.items() if action == name):
        return f"{uid}'s rules forbid {name}"
    if effects.barred(state, hero, Bar.HEROIC):
        return f"{uid} is held by a power (MAGIC-P-TRANSFIX)"
    if any(d.hero == uid for d in declarations(state)):
        return f"{uid} already declared a Heroic Action this phase (HERO-HA-03)"
    if phase.value == "move" and one_ring.foe_moves(state, hero):
        return f"the opponent moves the Ring-bearer {uid} this turn (RING-WILL-02)"
    if riding(hero) is not None and action.phase == "fight":
        return f"{uid} rides a War Beast: only the beast fights (WB-CC-01)"
    return action.check(state, hero) if action.check is not None else None


def legal_declarations(state: BattleState, side: PlayerId, phase: Phase) -> list[Choice]:
    """Every (Hero, action) the side may declare now: what players choose from."""
    found = []
    for hero in state.living(side):
        if not hero.profile.is_hero or not _may_pay(state, hero):
            continue
        for name in sorted(ACTIONS):
            if refusal(state, side, phase, (hero.uid, name)) is None:
                found.append((hero.uid, name))
    return found


def declare_all(state: BattleState, players: Sequence[Any], phase: Phase) -> list[Declaration]:
    """HERO-HA-04/05 (002:L1578-1584): the side without Priority names first; the sides
    alternate, each declaration giving the other a chance to answer, until both pass."""
    DECLARATIONS.put(state, [])
    settle_challenges(state)  # a rival slain since (shot, fled): the challenge is over
    if not (_could_declare(state, 0) or _could_declare(state, 1)):
        return declarations(state)  # no Hero with Might: nothing to ask (speed)
    side, passes = 1 - state.priority, 0
    while passes < 2:
        choice = players[side].decide(state, DeclareHeroicAction(side, phase))
        made = choice is not None and _declare(state, players, side, phase, choice)
        passes = 0 if made else passes + 1
        side = 1 - side
    return declarations(state)


def _could_declare(state: BattleState, side: PlayerId) -> bool:
    return any(m.profile.is_hero and _may_pay(state, m) for m in state.living(side))


def _may_pay(state: BattleState, hero: ModelState) -> bool:
    """Might to spend, or a rule that makes some action free for this Hero now."""
    if hero.might + lent_might(state, hero) >= might_cost(state, hero):
        return True
    if WILL_PAYERS and will_payer(state, hero) is not None:
        return True
    if any(will_payer(state, hero, name) is not None for name in ACTION_WILL_PAYERS):
        return True
    return bool(FREE_ACTIONS) and any(free_by_rule(state, hero, name) for name in ACTIONS)


Answer = Callable[["BattleState", Sequence[Any], "Phase", "Declaration"], None]
ANSWERS: list[Answer] = []  # rules that react to a declaration (SR-MASTERBATTLE)


def _declare(
    state: BattleState,
    players: Sequence[Any],
    side: PlayerId,
    phase: Phase,
    choice: Choice,
    free: bool = False,
) -> bool:
    reason = refusal(state, side, phase, choice, free)
    if reason is not None:
        state.log.emit("refused", model=choice[0], reason=reason)
        return False
    hero, action = state.models[choice[0]], ACTIONS[choice[1]]
    free = free or free_by_rule(state, hero, action.name)
    payer = _payer(state, players, hero, action.name) if not free else None
    paid = True
    if payer is not None:  # The King's Counsel: a Herald's Will instead of the Might
        paid = spend(state, payer, Pool.WILL)
        state.log.emit("will", model=payer.uid, points=1, will_left=payer.will, paid_for=hero.uid)
    elif not free:  # HERO-HA-02: one Might at once, never refunded (HERO-HM-02)
        paid = spend_might(state, hero, might_cost(state, hero))  # its own or a lender's
    if not paid:  # the Heroic Action is cancelled, its point lost (pools.SPENT)
        state.log.emit("cancelled", model=hero.uid, deed=f"heroic action {action.name}")
        return False
    declaration = Declaration(hero.uid, action.name, side)
    declarations(state).append(declaration)
    state.log.emit(
        "heroic_action",
        hero=hero.uid,
        action=action.name,
        phase=phase.value,
        turn=state.turn,
        might_left=hero.might,
        **({"free": True} if free else {}),
    )
    if action.on_declare is not None:
        action.on_declare(state, hero, players)
    for answer in ANSWERS:
        answer(state, players, phase, declaration)
    return True


def declare_free(
    state: BattleState, players: Sequence[Any], phase: Phase, hero: ModelState, name: str
) -> bool:
    """A declaration that costs no Might and needs no profile entry (SR-MASTERBATTLE)."""
    return _declare(state, players, hero.player, phase, (hero.uid, name), free=True)


def cancel(state: BattleState, declaration: Declaration, reason: str) -> None:
    """A declared action that cannot happen is lost with its Might (HERO-HM-02, HMA-02)."""
    declaration.cancelled = True
    state.log.emit(
        "heroic_cancelled", hero=declaration.hero, action=declaration.action, reason=reason
    )


def declared(state: BattleState, name: str) -> list[Declaration]:
    return [d for d in declarations(state) if d.action == name and not d.cancelled]


def declared_by(state: BattleState, model: ModelState, name: str) -> Declaration | None:
    for declaration in declared(state, name):
        if declaration.hero == model.uid:
            return declaration
    return None


# --- who acts first (HERO-HA-06) -----------------------------------------------------------


def resolution_order(state: BattleState, declarations: list[Declaration]) -> list[Declaration]:
    """HERO-HA-06 (002:L1588-1594): one side's Heroes in the order declared; both sides:
    the Priority player rolls a D6 (1-3 Evil first, 4-6 Good), then the sides alternate."""
    mine = [[d for d in declarations if d.side == s] for s in (0, 1)]
    if not mine[0] or not mine[1]:
        return list(declarations)
    (die,) = state.roll(1, f"heroic order roll-off ({declarations[0].action})")
    first = first_side(state, die)
    state.log.emit("heroic_order", action=declarations[0].action, die=die, first=first)
    order: list[Declaration] = []
    queues = (mine[first], mine[1 - first])
    for i in range(max(len(queues[0]), len(queues[1]))):
        order += [q[i] for q in queues if i < len(q)]
    return order


def first_side(state: BattleState, die: int) -> PlayerId:
    """1-3 the Evil side, 4-6 the Good side; same alignment: data.ASSUMPTIONS."""
    a, b = state.alignment(0), state.alignment(1)
    if a is b:
        return state.priority if die >= 4 else 1 - state.priority
    good = 0 if a is Alignment.GOOD else 1
    return good if die >= 4 else 1 - good


# --- ranges, calls and heeding ----------------------------------------------------------


def heeded(state: BattleState, hero: ModelState) -> bool:
    """HERO-HCHAL-03: after declining a challenge, the Hero's actions no longer affect
    friends until the challenger is slain; RING-INV-06 (002:L2210): nor do an invisible
    Ring-bearer's."""
    if not one_ring.heroics_help_allies(hero):
        return False
    challenger = declined_challenger(state, hero)
    return challenger is None or not challenger.alive


def friends_in_range(state: BattleState, hero: ModelState) -> list[ModelState]:
    """Friends within 6" of the Hero (base to base; HERO-HM-03, HS-02, HAC-02, HMA-03) that
    may benefit from its Heroic Actions (army rules may forbid some: ``May.HEED``)."""
    return [
        f
        for f in state.living(hero.player)
        if f is not hero
        and state.distance(hero, f) <= HEROIC_RANGE + 1e-9
        and permitted(May.HEED, HookContext(state, hero, f))
    ]


# Army rules by which a friend in range of a Hero's call chooses whether it takes part
# (Cunning Mind): each answers True (it takes part, with no range to keep to the Hero),
# False (it stays out and may still act later in the phase) or None (no say: the core rules)
FollowChoice = Callable[["BattleState", "ModelState", "ModelState", str], "bool | None"]
FOLLOW_CHOICES: list[FollowChoice] = []


def follow_choice(
    state: BattleState, friend: ModelState, hero: ModelState, action: str
) -> bool | None:
    """The first army rule's say on whether ``friend`` takes part in ``hero``'s ``action``."""
    for rule in FOLLOW_CHOICES:
        answer = rule(state, friend, hero, action)
        if answer is not None:
            return answer
    return None


# Army rules that make a Hero's Heroic Action cost no Might (Ancestral Fury...): each says
# whether ``name`` is free for ``hero`` now; asked before the Might is spent.
FreeAction = Callable[["BattleState", "ModelState", str], bool]
FREE_ACTIONS: list[FreeAction] = []


# Heroic Actions a Hero's own rules forbid it: action -> the rules (Lumbering: Heroic Move)
BARRED_ACTIONS: dict[str, set[str]] = {}


def free_by_rule(state: BattleState, hero: ModelState, name: str) -> bool:
    return any(rule(state, hero, name) for rule in FREE_ACTIONS)


def _pays(state: BattleState, hero: ModelState, name: str) -> bool:
    """Might (its own or lent), a rule that makes this action free, or another's Will."""
    if hero.might + lent_might(state, hero) >= might_cost(state, hero):
        return True
    if free_by_rule(state, hero, name):
        return True
    return bool(WILL_PAYERS or ACTION_WILL_PAYERS) and will_payer(state, hero, name) is not None


# Army rules that raise the Might a Hero spends to declare a Heroic Action (Wormtongue: 2
# instead of 1 near Gríma): each gives the points added for ``hero`` now.
MIGHT_TAXES: list[Callable[[BattleState, ModelState], int]] = []


def might_cost(state: BattleState, hero: ModelState) -> int:
    """HERO-HA-02: one Might point, and any a rule adds (MIGHT_TAXES)."""
    return 1 + sum(tax(state, hero) for tax in MIGHT_TAXES)


# Army rules by which another model's Will pays a Hero's Heroic Action instead of its Might
# (The King's Counsel): each names that model now, or None.
WILL_PAYERS: list[Callable[[BattleState, ModelState], ModelState | None]] = []


# Army rules by which another model's Will may pay one named Heroic Action instead of the
# Hero's Might (Gothmog's Right Hand: a Heroic Move): action -> rules naming that model now.
ACTION_WILL_PAYERS: dict[str, list[Callable[[BattleState, ModelState], ModelState | None]]] = {}


def will_payer(state: BattleState, hero: ModelState, name: str | None = None) -> ModelState | None:
    """The model whose Will may pay the Hero's action now: any action (WILL_PAYERS) or,
    given its name, that one (ACTION_WILL_PAYERS)."""
    rules = WILL_PAYERS + (ACTION_WILL_PAYERS.get(name, []) if name is not None else [])
    for rule in rules:
        payer = rule(state, hero)
        if payer is not None and payer.alive and payer.will > 0:
            return payer
    return None


@dataclass(frozen=True, slots=True)
class PayWithWill(Decision[bool]):
    """A rule lets ``payer``'s Will pay ``hero``'s ``action`` instead of his Might ("may").
    Heuristic: yes (the Hero keeps his Might for the fight)."""

    hero: ModelState
    payer: ModelState
    action: str

    def default(self, state: BattleState) -> bool:
        return True


def _payer(
    state: BattleState, players: Sequence[Any], hero: ModelState, name: str
) -> ModelState | None:
    """Whose Will pays the declaration, if not the Hero's Might: a WILL_PAYERS rule always
    (The King's Counsel), an ACTION_WILL_PAYERS one when the player takes it or the Hero
    has no Might to pay with."""
    if not (WILL_PAYERS or ACTION_WILL_PAYERS):
        return None
    payer = will_payer(state, hero)
    if payer is not None or name not in ACTION_WILL_PAYERS:
        return payer
    payer = will_payer(state, hero, name)
    if payer is None or hero.might + lent_might(state, hero) < might_cost(state, hero):
        return payer
    ask = PayWithWill(hero, payer, name)
    return payer if players[hero.player].decide(state, ask) else None


def leash_refusal(state: BattleState, model: ModelState, end: tuple[float, float]) -> str | None:
    """HERO-HM-03, HMA-03: a friend moving with the Hero must end within 6" of it."""
    hero_uid = heroic_turn(model).leash
    if hero_uid is None:
        return None
    hero = state.models[hero_uid]
    gap = ((end[0] - hero.x) ** 2 + (end[1] - hero.y) ** 2) ** 0.5 - model.radius - hero.radius
    if gap <= HEROIC_RANGE + 1e-6:
        return None
    return f'{model.uid} would end {gap:.2f}" from {hero_uid} (HERO-HM-03, HMA-03)'


def march_bonus(model: ModelState) -> int:
    """HERO-HMA-01: +3" Infantry, +5" Cavalry or Fly."""
    fast = "cavalry" in model.triggers or "fly" in model.triggers
    return MARCH_FAST if fast else MARCH_INFANTRY


def tier(model: ModelState) -> int:
    """HERO-HCHAL-01: the Hero's tier from a keyword or rule (ASSUMPTIONS "heroic-tiers")."""
    ranks = [i for i, name in enumerate(HEROIC_TIERS) if name in model.triggers]
    return max(ranks, default=0)


def may_charge(charger: ModelState, target: ModelState) -> bool:
    """HERO-HCHAL-02: no model but its rival may charge a Hero in a challenge."""
    return challenge(target).rival is None or challenge(target).rival == charger.uid


# --- checks and effects of each action --------------------------------------------------


def _not_engaged(state: BattleState, hero: ModelState) -> str | None:
    """HERO-HS-01, HERO-HAC-01: not while engaged in combat."""
    return f"{hero.uid} is engaged (HERO-HS-01, HAC-01)" if state.engaged(hero) else None


def _march(state: BattleState, hero: ModelState, players: Sequence[Any]) -> None:
    """HERO-HMA-01: more Move, no charge."""
    heroic_turn(hero).march = march_bonus(hero)
    heroic_turn(hero).no_charge = True


def _resolve(state: BattleState, hero: ModelState, players: Sequence[Any]) -> None:
    """HERO-HR-01/02: at once, one free resist die to the Hero and friends within 6"; the
    Hero cannot move this turn (it may still shoot)."""
    affected = [hero, *(friends_in_range(state, hero) if heeded(state, hero) else [])]
    for model in affected:
        heroic_turn(model).resist_dice = 1  # HERO-HA-07: one per type
    hero.done_moving = heroic_turn(hero).stays = True
    state.log.emit("heroic_resolve", hero=hero.uid, models=[m.uid for m in affected])


def _accuracy(state: BattleState, hero: ModelState, players: Sequence[Any]) -> None:
    """HERO-HAC-01/02: the Hero, and friends within 6" if it calls "Take Aim!", re-roll
    failed in-the-way tests this turn."""
    affected = [hero]
    if heeded(state, hero) and players[hero.player].decide(
        state, CallFriends(hero, HEROIC_ACCURACY)
    ):
        affected += friends_in_range(state, hero)
        state.log.emit("take_aim", hero=hero.uid, models=[m.uid for m in affected[1:]])
    for model in affected:
        heroic_turn(model).reroll_in_the_way = True


def _defence(state: BattleState, hero: ModelState, players: Sequence[Any]) -> None:
    heroic_turn(hero).defence = True  # HERO-HD-01


def _challenge_check(state: BattleState, hero: ModelState) -> str | None:
    """HERO-HCHAL-01: base contact with an enemy Hero of the same or a higher tier; neither
    already in a challenge (data.ASSUMPTIONS "challenge-exclusive")."""
    if challenge(hero).rival is not None:
        return f"{hero.uid} is already in a challenge (HERO-HCHAL-02)"
    if challenge_target(state, hero) is None:
        return f"{hero.uid} touches no free enemy Hero of its tier or higher (HERO-HCHAL-01)"
    return None


def challenge_target(state: BattleState, hero: ModelState) -> ModelState | None:
    rivals = [
        e
        for e in state.contacts(hero)
        if e.profile.is_hero and challenge(e).rival is None and tier(e) >= tier(hero)
    ]
    return min(rivals, key=lambda e: (-tier(e), e.uid), default=None)


def _challenge(state: BattleState, hero: ModelState, players: Sequence[Any]) -> None:
    """HERO-HCHAL-02/03: the enemy Hero accepts (a duel to the death) or declines."""
    rival = challenge_target(state, hero)
    assert rival is not None
    accepted = bool(players[rival.player].decide(state, AcceptChallenge(rival, hero)))
    state.log.emit("challenge", hero=hero.uid, rival=rival.uid, accepted=accepted)
    if accepted:
        challenge(hero).rival, challenge(rival).rival = rival.uid, hero.uid
    else:
        challenge(rival).declined_from = hero.uid


for _action in (
    HeroicAction(HEROIC_MOVE, "move", universal=True),
    HeroicAction(HEROIC_SHOOT, "shoot", universal=True, check=_not_engaged),
    HeroicAction(HEROIC_COMBAT, "fight", universal=True),
    HeroicAction(HEROIC_RESOLVE, "move", on_declare=_resolve),
    HeroicAction(HEROIC_MARCH, "move", on_declare=_march),
    HeroicAction(HEROIC_ACCURACY, "shoot", check=_not_engaged, on_declare=_accuracy),
    HeroicAction(HEROIC_STRIKE, "fight"),
    HeroicAction(HEROIC_DEFENCE, "fight", on_declare=_defence),
    HeroicAction(HEROIC_STRENGTH, "fight"),
    HeroicAction(HEROIC_CHALLENGE, "fight", check=_challenge_check, on_declare=_challenge),
):
    register_action(_action)


def _channel_check(state: BattleState, hero: ModelState) -> str | None:
    """HERO-HCH-01 (002:L1685): only a Hero that may cast a power this turn channels it."""
    if not hero.profile.powers or hero.will < 1:
        return f"{hero.uid} has no power to channel or no Will (HERO-HCH-01)"
    return _not_engaged(state, hero)


# HERO-HCH-01: the channelled powers are in rules/magic (casting.channelling).
register_action(HeroicAction(HEROIC_CHANNELLING, "move", check=_channel_check))
IMPLEMENTED = frozenset(ACTIONS)


# --- effects read by the core ------------------------------------------------------------


def roll_combat_bonuses(state: BattleState, members: Sequence[ModelState]) -> None:
    """HERO-HST-01, HERO-HSTR-01: the D6 Fight and D3 Strength are rolled at the start of
    the Hero's combat and last until the end of the turn."""
    uids = {m.uid for m in members}
    for declaration in declarations(state):
        if declaration.rolled or declaration.cancelled or declaration.hero not in uids:
            continue
        hero = state.models[declaration.hero]
        if declaration.action == HEROIC_STRIKE:
            (die,) = state.roll(1, f"heroic strike {hero.uid}")
            heroic_turn(hero).fight = die
        elif declaration.action == HEROIC_STRENGTH:
            (die,) = state.roll(1, f"heroic strength D3 {hero.uid}")
            heroic_turn(hero).strength = (die + 1) // 2  # DICE-D3-01
        else:
            continue
        declaration.rolled = True
        state.log.emit("heroic_bonus", hero=hero.uid, action=declaration.action, die=die)


def wounded_only_on_sixes(state: BattleState, model: ModelState, at_mount: bool = False) -> bool:
    """HERO-HD-01: this Fight phase, only natural 6s wound the Hero; its mount is not
    affected (``at_mount``: the roll is against the mount, 002:L1712)."""
    return heroic_turn(model).defence and not at_mount and state.phase.value == "fight"


def fight_bonus(state: BattleState, model: ModelState) -> int:
    """HERO-HST-01 (002:L1706): +D6 Fight, never above 10, applied before every other
    effect: a Fight that then becomes 1 (Stun SPS-STUN-01, Whirl SPS-WHIRL-01) stays 1, and
    a halving (RING-INV-05) halves the raised value."""
    bonus, fight = heroic_turn(model).fight, fight_base(state, model)
    if not bonus or is_stunned(state, model) or model.strike is SpecialStrike.WHIRL:
        return 0
    return min(fight + bonus, STAT_MAX) - fight


@register(Hook.FIGHT, "hero")
def _heroic_strike(context: HookContext) -> int:
    return fight_bonus(context.state, context.model)  # HERO-HST-01


@register(Hook.STRENGTH, "hero")
def _heroic_strength(context: HookContext) -> int:
    """HERO-HSTR-01: +D3 Strength, never above 10, applied before other modifiers."""
    bonus = heroic_turn(context.model).strength
    strength = strength_base(context.state, context.model)
    return min(strength + bonus, STAT_MAX) - strength if bonus else 0


@register(Hook.MOVE, "any")
def _marching(context: HookContext) -> int:
    """HERO-HMA-01/03: the Heroic March bonus of this Move phase, by the keywords the model
    has as it moves (a Hero that dismounts marches as Infantry)."""
    return march_bonus(context.model) if heroic_turn(context.model).march else 0


def settle_challenges(state: BattleState) -> None:
    """HERO-HCHAL-02: a challenge ends when either Hero dies; the Hero that dealt the
    killing blow regains D3 Might (even above its starting store)."""
    for hero in state.living():
        rival = rival_of(state, hero)
        if rival is None or rival.alive:
            continue
        challenge(hero).rival = challenge(rival).rival = None
        if (_killing_blow(state, rival) or "").endswith(f" by {hero.uid}"):  # struck, rent...
            (die,) = state.roll(1, f"challenge won D3 Might {hero.uid}")
            hero.might += (die + 1) // 2
            state.log.emit("challenge_won", hero=hero.uid, rival=rival.uid, might=hero.might)


def _killing_blow(state: BattleState, model: ModelState) -> str | None:
    for event in reversed(state.log.events):
        if event.kind == "wound" and event.data["model"] == model.uid:
            return str(event.data["source"])
    return None


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class DeclareHeroicAction(Decision[Choice | None]):
    """HERO-HA-01/02: the next Heroic Action the side declares, if any."""

    side: PlayerId
    phase: Phase


@dataclass(frozen=True, slots=True)
class CallFriends(Decision[bool]):
    """HERO-HM-02, HERO-HMA: does the Hero call its friends along?"""

    hero: ModelState
    action: str


@dataclass(frozen=True, slots=True)
class AcceptChallenge(Decision[bool]):
    """HERO-HCHAL-02: does the Hero accept the challenge?"""

    hero: ModelState
    challenger: ModelState
