"""The battle state: positions, wounds, prone, turn, phase, priority, broken armies.

Models are circles on the table (base radius in inches); distances are between the closest
points of the bases (MEAS-02, 002:L281). All dice go through ``roll`` so that every result is
logged with its purpose.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.sbg.core.arms import HandWeapon, MissileWeapon, SpecialStrike
from battlesim.engines.sbg.core.bases import LARGE_BASE, height_for
from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE, TABLE_SIZE
from battlesim.engines.sbg.core.keys import Key
from battlesim.engines.sbg.core.mounts import MountState
from battlesim.engines.sbg.core.spatial import Grid
from battlesim.engines.sbg.core.status import Lasting, Status, expire
from battlesim.engines.sbg.core.units import (
    PERCHING,
    STRUCTURES,
    Alignment,
    Force,
    ModelId,
    ModelSpec,
    PlayerId,
    Profile,
)

Point = tuple[float, float]
PERCH_REACH = 1.0  # SR-FLY-05 (002:L2899): « à moins de 1" de hauteur »
_PERCH_RADIUS = LARGE_BASE.radius - 1e-6
_SIDE_SPAN = 1 << 40  # living order: every model of side 0 before any of side 1


class Phase(Key):
    """TURN-01 (002:L325-335): the five phases of a turn."""

    SETUP = "setup"
    PRIORITY = "priority"
    MOVE = "move"
    SHOOT = "shoot"
    FIGHT = "fight"
    END = "end"


class Removal(enum.Enum):
    SLAIN = "slain"
    FLED = "fled"  # COUR-BRK-04: counts as a casualty
    PRECIOUS = "my_precious"  # RING-PREC-01: the last model of its army, wearing the Ring


@dataclass(slots=True)
class ModelState:
    """One model during the battle (mutable: the state changes, profiles never do)."""

    uid: ModelId
    player: PlayerId
    spec: ModelSpec
    x: float
    y: float
    radius: float
    wounds: int
    defence: int
    weapon: HandWeapon | None
    missile: MissileWeapon | None
    triggers: frozenset[str]
    alive: bool = True
    prone: bool = False
    spent: float = 0.0  # Move allowance spent this turn (SHOOT-ELIG-06, ambiguity A14)
    moved: bool = False
    charged: bool = False
    shot: bool = False
    supported: bool = False
    fought: bool = False
    done_moving: bool = False
    tested: bool = False
    leapt: bool = False
    stood_up: bool = False  # MOVE-PRONE-07: no lying down after standing up this turn
    arriving: bool = False  # MOVE-CHG-12: entered as a reinforcement this turn
    # COUR-TEST-03: rules whose Courage test the model passed this turn (auto-pass again)
    courage_passed: set[str] = field(default_factory=set)
    # per-fight effects of special strikes (special_strikes.py), cleared after each fight
    strike: SpecialStrike | None = None
    fight_mod: int = 0
    strength_mod: int = 0
    defence_mod: int = 0
    # HERO-*: heroic pools, spent through heroics.spend (never below zero)
    might: int = 0
    will: int = 0
    fate: int = 0
    # CAV-*: a Cavalry model's mount (None on foot), see mounts.py and cavalry.py
    mount: MountState | None = None
    unhorsed: bool = False  # a rider that began mounted (CAV-BRK-01 counts it as a rider)
    loose: bool = False  # a riderless mount (CAV-LOOSE-01)
    charge_bonus: bool = False  # CAV-CHG-01: Extra Attack and Knock to the ground, this fight
    lance_bonus: bool = False  # WPN-LANCE-01: +1 To Wound, this fight
    # per-fight stances (fight_stances.py): ARM-SH-03 Shielding, WPN-HAH-01 two hands
    shielding: bool = False
    two_hands: bool = False
    # Rule-owned data (core/status.py): each rule family keeps its own typed status here.
    status: dict[Status[Any], Any] = field(default_factory=dict)

    @property
    def profile(self) -> Profile:
        return self.spec.profile

    @property
    def position(self) -> Point:
        return (self.x, self.y)

    def reset_turn(self) -> None:
        """TURN-06 (002:L335), ambiguity A24: clear only turn-scoped state."""
        self.spent = 0.0
        self.moved = self.charged = self.shot = self.supported = False
        self.fought = self.done_moving = self.tested = self.leapt = False
        self.stood_up = self.arriving = False
        self.courage_passed.clear()
        expire(self, Lasting.TURN)

    def clear_fight(self) -> None:
        self.strike = None
        self.fight_mod = self.strength_mod = self.defence_mod = 0
        self.charge_bonus = self.lance_bonus = False
        self.shielding = self.two_hands = False
        expire(self, Lasting.FIGHT)


class On(Key):
    """Moments of a model that rules may subscribe to (``@on(On.X, name, order)``)."""

    WOUNDING = "wounding"  # a blow is about to take Wounds: an interceptor may take it over
    WOUNDED = "wounded"  # a model lost Wounds and is still on the table
    LEAVING = "leaving"  # a model is being taken off the table, before it counts as a casualty
    REMOVED = "removed"  # a model left the table (slain, fled, My precious!), casualty logged
    FALLING = "falling"  # a model falls ``amount`` inches: an interceptor may take it over
    KNOCKED_DOWN = "knocked down"  # a model is about to be knocked to the ground: an
    # interceptor may keep it on its feet (a mounted one is still separated from its mount)
    MOVE_DECLARED = "move declared"  # a legal move or charge is about to be carried out
    CHARGE_DECLARED = "charge declared"  # ... and it is a charge of ``other``
    MOVE_ENDED = "move ended"  # the model finished a move or charge
    DUEL_ROLLED = "duel rolled"  # a fight's Duel roll is decided: ``models`` fought, ``winner``
    DUEL_WON = "duel won"  # each model of the winning side, after the Duel roll
    STRIKE = "strike"  # one Attack of ``model`` at ``other`` ("count" To Wound dice)
    COURAGE_TEST = "courage test"  # a Courage test was taken (``passed``, ``reason``)
    SHOT = "shot"  # ``model`` shot at ``other`` (``count``: the natural To Hit die)
    SPELL_CAST = "spell cast"  # ``model`` cast ``source`` at ``other`` (magic)
    SPELL_RESISTED = "spell resisted"  # ``other`` resisted the spell ``source`` of ``model``


class Tick(Key):
    """Moments of the battle itself (``@every(Tick.X, name, order)``); the phase is
    ``state.phase``."""

    TURN_START = "turn start"
    PHASE_START = "phase start"
    PHASE_END = "phase end"
    TURN_END = "turn end"


# Rules of models summoned mid-battle that are no casualty of their army when removed
# (Progeny's Broodlings: "not counted when working out if a force is Broken").
UNCOUNTED: set[str] = set()


@dataclass(frozen=True, slots=True)
class Happening:
    """What a subscriber is told: the model concerned and the moment's details."""

    model: ModelState
    source: str = ""
    count: int = 1
    at_mount: bool = False
    reason: str = ""
    amount: float = 0.0
    other: ModelState | None = None
    models: tuple[ModelState, ...] = ()
    passed: bool | None = None
    winner: PlayerId | None = None
    after_saves: Callable[[], int] | None = None  # BattleState.wound's, for a blow passed on


# A subscriber returns True to say it took the moment over (interceptors only).
Subscriber = Callable[["BattleState", Happening], bool | None]
TickSubscriber = Callable[["BattleState"], None]


@dataclass(frozen=True, slots=True)
class Subscription:
    order: int
    name: str
    subscriber: Subscriber
    trigger: str | None = None  # only for models carrying it


_SUBSCRIBERS: dict[On, list[Subscription]] = {moment: [] for moment in On}
_TICKS: dict[Tick, list[tuple[int, str, TickSubscriber]]] = {tick: [] for tick in Tick}


def on(
    moment: On, name: str, order: int, trigger: str | None = None
) -> Callable[[Subscriber], Subscriber]:
    """Subscribe to ``moment`` (for models carrying ``trigger`` only, if given); subscribers
    run by ``order`` (then by name), whatever the order in which their modules were
    imported, so play never depends on imports."""

    def decorate(subscriber: Subscriber) -> Subscriber:
        subs = _SUBSCRIBERS[moment]
        subs.append(Subscription(order, name, subscriber, trigger))
        subs.sort(key=lambda s: (s.order, s.name))
        return subscriber

    return decorate


def every(tick: Tick, name: str, order: int) -> Callable[[TickSubscriber], TickSubscriber]:
    """Subscribe to a moment of the battle (turn and phase starts and ends)."""

    def decorate(subscriber: TickSubscriber) -> TickSubscriber:
        _TICKS[tick].append((order, name, subscriber))
        _TICKS[tick].sort(key=lambda s: (s[0], s[1]))
        return subscriber

    return decorate


def subscribed(moment: On) -> bool:
    """Whether anyone listens (callers on hot paths build no ``Happening`` otherwise)."""
    return bool(_SUBSCRIBERS[moment])


def notify(state: BattleState, moment: On, happening: Happening) -> None:
    """Tell every subscriber of ``moment``, in order."""
    for s in _SUBSCRIBERS[moment]:
        if s.trigger is None or s.trigger in happening.model.triggers:
            s.subscriber(state, happening)


def intercept(state: BattleState, moment: On, happening: Happening) -> bool:
    """Offer the moment to each subscriber in order; True once one takes it over."""
    triggers = happening.model.triggers
    return any(
        s.subscriber(state, happening)
        for s in _SUBSCRIBERS[moment]
        if s.trigger is None or s.trigger in triggers
    )


def tick(state: BattleState, moment: Tick) -> None:
    """Tell the battle's subscribers that ``moment`` has come."""
    for _, _, subscriber in _TICKS[moment]:
        subscriber(state)


@dataclass(slots=True)
class BattleState:
    """Everything that changes during a battle; the rules live in ``phases``."""

    forces: tuple[Force, Force]
    dice: Dice
    log: EventLog
    models: dict[ModelId, ModelState] = field(default_factory=dict)
    table: Any = None
    width: float = TABLE_SIZE
    depth: float = TABLE_SIZE
    turn: int = 0
    phase: Phase = Phase.SETUP
    priority: PlayerId = 0
    previous_priority: PlayerId | None = None
    broken: list[bool] = field(default_factory=lambda: [False, False])
    start_counts: list[int] = field(default_factory=lambda: [0, 0])
    casualties: list[int] = field(default_factory=lambda: [0, 0])
    drum_sounded: dict[PlayerId, ModelId] = field(default_factory=dict)
    wounded_leaders: set[ModelId] = field(default_factory=set)
    # WB-GEN-05: War Beast id -> the ids of the models in its howdah, commander first
    crews: dict[ModelId, list[ModelId]] = field(default_factory=dict)
    # SE-CREW-01: Siege Engine id -> its crew's ids, the Siege Veteran first
    engines: dict[ModelId, list[ModelId]] = field(default_factory=dict)
    # Siege Engines and gates on the table (units.STRUCTURES): pieces, not models of an army
    structures: set[ModelId] = field(default_factory=set)
    # Enemies in base contact, kept up to date on every move and removal: "is it engaged?"
    # is asked thousands of times per turn (speed).
    touching: dict[ModelId, set[ModelId]] = field(default_factory=dict)
    # Fights across a barrier (FIGHT-BAR-05): attacker -> defender, engaged without base
    # contact (also in ``touching``) until either model moves or is removed.
    across: dict[ModelId, ModelId] = field(default_factory=dict)
    _alive: tuple[list[ModelState], list[ModelState]] = field(default_factory=lambda: ([], []))
    priority_rule_used: set[ModelId] = field(default_factory=set)  # PRIO-04: once per game
    # Models the opposing player controls for now (army rules: Broken Mind, Shattered
    # Spirit): model id -> the army it belongs to (``hand_over``, ``army_of``)
    handed_over: dict[ModelId, PlayerId] = field(default_factory=dict)
    # The two Players, set when a battle is played: rules that ask a side mid-roll (Might,
    # might.boost) reach them here. None in bare rule tests: nobody is asked.
    players: Any = None
    reserves: list[Any] = field(default_factory=list)  # reinforcements.Reserve, off the table
    # SIEGE-TOWER-01: models aboard a siege tower per side, off the table yet in the army
    aboard: list[int] = field(default_factory=lambda: [0, 0])
    # CAV-BRK-01 (002:L1433): riders and mounts lost, per side; a pair is one casualty
    riders_lost: list[int] = field(default_factory=lambda: [0, 0])
    mounts_lost: list[int] = field(default_factory=lambda: [0, 0])
    # MON-BPA-BARGE-05: Monsters that charged again after a Barge; fought later this phase
    new_fights: list[ModelId] = field(default_factory=list)
    # Rule-owned data about the whole battle (core/status.py)
    status: dict[Status[Any], Any] = field(default_factory=dict)
    # The living models by where they stand (core/spatial.py), and each one's place in living
    # order (side 0 first, then placing order) to sort what the grid finds back into it.
    grid: Grid[ModelState] = field(default_factory=Grid, repr=False)
    _order: dict[ModelId, int] = field(default_factory=dict, repr=False)
    _placed: int = 0
    _largest: float = 0.0  # the largest base radius on the table so far
    # Per side, a count of the changes to where its living models stand (moves, models
    # placed, removed or handed over): ``nearest_enemy`` keeps each model's answer while the
    # enemy side's count and the model's own place stay the same (speed: a side's models ask
    # it many times in their Move phase, while the enemy stands still).
    _moved: list[int] = field(default_factory=lambda: [0, 0], repr=False)
    _nearest: dict[ModelId, tuple[Any, ...]] = field(default_factory=dict, repr=False)
    _longest: dict[PlayerId, tuple[int, float]] = field(default_factory=dict, repr=False)
    # SR-FLY-05 (002:L2899): the models that may perch (Fly, a large base), and those standing
    # on top of sheer terrain now -> the height of that top (Table.perch_level)
    perchers: set[ModelId] = field(default_factory=set)
    perched: dict[ModelId, float] = field(default_factory=dict)

    def begin_phase(self, phase: Phase) -> None:
        """TURN-01: the phase starts (rules subscribed to ``Tick.PHASE_START`` are told)."""
        self.phase = phase
        tick(self, Tick.PHASE_START)

    def place(self, model: ModelState) -> ModelState:
        """Put a starting model on the table (``rules/muster.py`` builds it from its card)."""
        self.models[model.uid] = model
        self._enter(model)
        if not model.triggers & STRUCTURES:  # SE-COUR-01 (002:L3124): no model to count
            self.start_counts[model.player] += 1
        if PERCHING in model.triggers and model.radius >= _PERCH_RADIUS:
            self.perchers.add(model.uid)
        self.touching[model.uid] = set()
        self._perch(model)
        self._touch(model)
        return model

    def _enter(self, model: ModelState) -> None:
        """The model joins the living (at the end of its side's list) and the grid."""
        self._alive[model.player].append(model)
        self._moved[model.player] += 1
        if model.triggers & STRUCTURES:
            self.structures.add(model.uid)
        self._placed += 1
        self._order[model.uid] = model.player * _SIDE_SPAN + self._placed
        self.grid.put(model.uid, model)
        self._largest = max(self._largest, model.radius)

    def _leave(self, model: ModelState) -> None:
        self._alive[model.player].remove(model)
        self._moved[model.player] += 1
        self.grid.drop(model.uid)

    def refitted(self, model: ModelState) -> None:
        """The model's card or base changed where it stands (a rider's mount left loose, a
        form changed): kept answers about its side are dropped (``nearest_enemy``,
        ``longest_move``)."""
        self._moved[model.player] += 1

    def hand_over(self, model: ModelState, player: PlayerId) -> None:
        """The model plays for ``player`` as one of its models (army rules whose text passes
        its control to the opposing player): it moves to that side's living list, so its
        moves, fights and every choice of it are that player's; its casualty and its place
        in its army's leadership stay with its own army (``army_of``)."""
        if model.player == player or not model.alive:
            return
        army = self.army_of(model)
        self._untouch(model)
        self._leave(model)
        model.player = player
        self._enter(model)
        self._touch(model)
        if player == army:
            self.handed_over.pop(model.uid, None)
        else:
            self.handed_over[model.uid] = army

    def army_of(self, model: ModelState) -> PlayerId:
        """The side whose army the model belongs to, whoever controls it now."""
        return self.handed_over.get(model.uid, model.player) if self.handed_over else model.player

    def take_off(self, model: ModelState) -> None:
        """MOVE-REINF: a reserve waits off the table, still in the army's starting count."""
        self._untouch(model)
        self._leave(model)

    def bring_on(self, model: ModelState, point: Point) -> None:
        """MOVE-REINF-01: a reserve enters the table at ``point``."""
        self._enter(model)
        self.set_position(model, point)

    def spawn(self, model: ModelState) -> None:
        """Add a model born during the battle (a riderless mount, CAV-LOOSE-01): it is not
        one of the starting models."""
        self.models[model.uid] = model
        self._enter(model)
        self.touching[model.uid] = set()
        self._touch(model)

    def set_position(self, model: ModelState, point: Point) -> None:
        """Put the model at ``point`` (no log: set-up and tests) and update contacts."""
        self._untouch(model)
        model.x, model.y = point
        self._moved[model.player] += 1
        if model.uid in self.grid:
            self.grid.put(model.uid, model)
            self._largest = max(self._largest, model.radius)
        if self.perchers:
            self._perch(model)
        self._touch(model)
        for uid in self.crews.get(model.uid, ()):  # WB-MOV-04: the howdah moves with it
            self.set_position(self.models[uid], point)

    def _untouch(self, model: ModelState) -> None:
        for other in self.touching[model.uid]:
            self.touching[other].discard(model.uid)
        self.touching[model.uid] = set()
        if self.across:
            self.across = {a: d for a, d in self.across.items() if model.uid not in (a, d)}

    def link_across(self, attacker: ModelState, defender: ModelState) -> None:
        """FIGHT-BAR-05 (002:L1108): engaged over the barrier without base contact."""
        self.across[attacker.uid] = defender.uid
        self.touching[attacker.uid].add(defender.uid)
        self.touching[defender.uid].add(attacker.uid)
        self.log.emit("across_barrier", attacker=attacker.uid, defender=defender.uid)

    def unlink_across(self, attacker: ModelState) -> None:
        """FIGHT-BAR-11: a trapped attacker is no longer engaged, without moving."""
        defender = self.across.pop(attacker.uid, None)
        if defender is not None:
            self.touching[attacker.uid].discard(defender)
            self.touching[defender].discard(attacker.uid)
            self.log.emit("separated", attacker=attacker.uid, defender=defender)

    def _touch(self, model: ModelState) -> None:
        # SE-ATK-03 (002:L3132-3134), reading 32: nobody fights a Siege Engine (nor a gate,
        # attacked apart, SIEGE-GATEATK-01), so a model in contact with one is not engaged
        if not model.alive or (self.structures and model.uid in self.structures):
            return
        reach = model.radius + self._largest + CONTACT_TOLERANCE
        for enemy in self.near(model.x, model.y, reach, 1 - model.player):
            if self.structures and enemy.uid in self.structures:
                continue
            if self.in_contact(model, enemy):
                self.touching[model.uid].add(enemy.uid)
                self.touching[enemy.uid].add(model.uid)

    def living(self, player: PlayerId | None = None) -> list[ModelState]:
        """Living models in placing order (kept as lists: asked thousands of times a turn)."""
        if player is None:
            return self._alive[0] + self._alive[1]
        return self._alive[player]

    def near(
        self, x: float, y: float, reach: float, player: PlayerId | None = None
    ) -> list[ModelState]:
        """Living models (of ``player``, or all) whose centre may lie within ``reach`` of
        (x, y) on each axis (the grid's cells: a superset; callers keep their exact test), in
        living order, as ``living`` lists them."""
        found = self.grid.in_box(x - reach, y - reach, x + reach, y + reach)
        if player is not None:
            found = [m for m in found if m.player == player]
        return self.in_living_order(found)

    def in_box(self, x0: float, y0: float, x1: float, y1: float) -> list[ModelState]:
        """Every living model whose grid cell meets the box (a superset of the centres in
        it), in no particular order: for callers whose answer does not depend on it."""
        return self.grid.in_box(x0, y0, x1, y1)

    def along(self, a: Point, b: Point, margin: float, reach: float) -> list[ModelState]:
        """``in_box`` of the segment a-b's box grown by ``margin``, without the grid's cells
        farther than ``reach`` from the segment (the same models in the same order, but for
        those whose centre cannot lie within ``reach`` of it): a sight line's blockers."""
        return self.grid.along(a, b, margin, reach)

    def in_living_order(self, models: list[ModelState]) -> list[ModelState]:
        order = self._order
        return sorted(models, key=lambda m: order[m.uid])

    @property
    def largest_radius(self) -> float:
        """The largest base radius placed so far (a bound for grid queries by centre)."""
        return self._largest

    def enemies(self, model: ModelState) -> list[ModelState]:
        return self._alive[1 - model.player]

    def nearest_enemy(self, model: ModelState) -> tuple[float, ModelState | None]:
        """The enemy with the smallest ``distance`` to the model and that distance (the first
        in living order on a tie; ``(inf, None)`` without enemies): what a scan of every
        enemy finds. Kept per model while neither it nor the enemy side moved (``_moved``)."""
        version = self._moved[1 - model.player]
        kept = self._nearest.get(model.uid)
        if (
            kept is not None
            and kept[0] == version
            and kept[1] == model.x
            and kept[2] == model.y
            and kept[3] == model.radius
            and kept[4] == model.player
        ):
            found: tuple[float, ModelState | None] = kept[5]
            return found
        found = self._nearest_enemy(model)
        self._nearest[model.uid] = (version, model.x, model.y, model.radius, model.player, found)
        return found

    def longest_move(self, player: PlayerId) -> float:
        """The largest Move value on the cards of the side's living models (0 for none),
        kept while the side's count of changes (``_moved``) stays the same (speed)."""
        version = self._moved[player]
        kept = self._longest.get(player)
        if kept is not None and kept[0] == version:
            return kept[1]
        found = self._longest_now(player)
        self._longest[player] = (version, found)
        return found

    def _longest_now(self, player: PlayerId) -> float:
        """``longest_move`` worked out (the kept answer and its check both read this)."""
        return max((m.profile.move for m in self._alive[player]), default=0)

    def stale_answers(self) -> list[str]:
        """The kept answers (``nearest_enemy``, ``longest_move``) that would be given now
        but differ from a fresh look: a change to where a side stands that bypassed its count
        (``_moved``). Empty when the keeping is sound; for the invariant checks."""
        stale = []
        for uid, kept in self._nearest.items():
            model = self.models[uid]
            if not model.alive or kept[:5] != (
                self._moved[1 - model.player],
                model.x,
                model.y,
                model.radius,
                model.player,
            ):
                continue  # not what nearest_enemy would answer now
            fresh = self._nearest_enemy(model)
            if fresh[0] != kept[5][0] or fresh[1] is not kept[5][1]:
                stale.append(f"{uid}: nearest enemy kept as {kept[5][1]!r}, now {fresh[1]!r}")
        for player, (version, longest) in self._longest.items():
            fresh_move = self._longest_now(player)
            if version == self._moved[player] and longest != fresh_move:
                stale.append(f"side {player}: longest Move kept as {longest}, now {fresh_move}")
        return stale

    def _nearest_enemy(self, model: ModelState) -> tuple[float, ModelState | None]:
        """``nearest_enemy`` worked out: the grid's cells round the model first: an enemy
        found there nearer than any outside them could stand is the answer (speed: players
        ask it for every model, and most stand near the enemy once the lines meet); else the
        scan."""
        enemies = self._alive[1 - model.player]
        x, y, radius = model.x, model.y, model.radius
        if len(enemies) > _NEAREST_SCAN_BELOW:
            half, side, order = _NEAREST_BOX, 1 - model.player, self._order
            best: tuple[float, int, ModelState | None] = (math.inf, 0, None)
            for enemy in self.grid.in_box(x - half, y - half, x + half, y + half):
                if enemy.player == side:
                    # ``distance`` inlined, the same operations in the same order (speed)
                    gap = math.hypot(x - enemy.x, y - enemy.y) - radius - enemy.radius
                    if (gap, order[enemy.uid]) < best[:2]:  # ties: the first in living order
                        best = (gap, order[enemy.uid], enemy)
            # an enemy not found stands farther than ``half`` from (x, y): strictly farther
            # than the best found, so the scan keeps the same one
            if best[0] < half - radius - self._largest - 1e-9:
                return best[0], best[2]
        return _nearest_of(enemies, x, y, radius)

    def alignment(self, player: PlayerId) -> Alignment:
        return self.forces[player].alignment

    @staticmethod
    def distance(a: ModelState, b: ModelState) -> float:
        """MEAS-02: closest points of two circular bases (0 when touching)."""
        return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius

    def in_contact(self, a: ModelState, b: ModelState) -> bool:
        """Bases touching (MEAS-02); SR-FLY-05: a perched model and one below it only
        within 1" of height (the lower one's head to the top the other stands on)."""
        if self.distance(a, b) > CONTACT_TOLERANCE:
            return False
        return not self.perched or self.height_apart(a, a.position, b) <= PERCH_REACH

    def _perch(self, model: ModelState) -> None:
        """SR-FLY-05: note whether a model that may perch stands on top of sheer terrain."""
        level = 0.0
        if model.uid in self.perchers and self.table is not None:
            level = self.table.perch_level(model.position)
        if level > 0.0:
            self.perched[model.uid] = level
        else:
            self.perched.pop(model.uid, None)

    def perch_at(self, model: ModelState, point: Point) -> float:
        """The height of the top ``model`` would perch on at ``point`` (0: not perched)."""
        if model.uid not in self.perchers or self.table is None:
            return 0.0
        return float(self.table.perch_level(point))

    def top_of(self, model: ModelState, point: Point) -> float:
        """The height of the model's head standing at ``point`` (the ground there, and the
        model's height: half of it Prone, LOS-04)."""
        ground = self.table.ground_level(point) if self.table is not None else 0.0
        mounted = model.mount is not None
        return float(ground) + height_for(model.profile.keywords, mounted, model.prone)

    def height_apart(self, model: ModelState, point: Point, other: ModelState) -> float:
        """SR-FLY-05: the height between a perched model and one below it, ``model``
        standing at ``point`` (the top it perches on less the other's head; negative when
        the lower one would not fit beneath); 0 when neither perches above the other."""
        mine = self.perch_at(model, point)
        theirs = self.perched.get(other.uid, 0.0)
        if mine > theirs:
            return mine - self.top_of(other, other.position)
        if theirs > mine:
            return theirs - self.top_of(model, point)
        return 0.0

    @staticmethod
    def in_contact_at(point: Point, radius: float, other: ModelState) -> bool:
        """Would a base of ``radius`` at ``point`` touch ``other`` (not overlap it)?"""
        gap = math.hypot(point[0] - other.x, point[1] - other.y) - radius - other.radius
        return -CONTACT_TOLERANCE <= gap <= CONTACT_TOLERANCE

    def contacts(self, model: ModelState) -> list[ModelState]:
        """Enemies in base contact: the model is engaged if any (MOVE-CHG-03)."""
        return [self.models[uid] for uid in sorted(self.touching[model.uid])]

    def engaged(self, model: ModelState) -> bool:
        return bool(self.touching[model.uid])

    def roll(self, count: int, purpose: str, sides: int = 6) -> list[int]:
        """Roll ``count`` dice through the one Dice and log them with their purpose."""
        values = [self.dice.roll(sides, purpose) for _ in range(count)]
        self.log.emit("roll", purpose=purpose, dice=values)
        return values

    def move_to(
        self, model: ModelState, point: Point, reason: str, across: ModelState | None = None
    ) -> None:
        """Move and log; ``across``: the barrier defender the charger ends engaged with
        (FIGHT-BAR-05), linked before the move is logged so that listeners see it engaged."""
        start = model.position
        self.set_position(model, point)
        if across is not None:
            self.link_across(model, across)
        self.log.emit("move", model=model.uid, reason=reason, start=_pt(start), end=_pt(point))

    def wound(
        self,
        model: ModelState,
        source: str,
        at_mount: bool = False,
        count: int = 1,
        after_saves: Callable[[], int] | None = None,
    ) -> None:
        """CHAR-W-01 (002:L100): a model at 0 Wounds is removed at once.

        ``count``: the Wounds one blow deals (Mighty Blow, flails, instant kills). Rules may
        take the blow over first (``On.WOUNDING``: a Cavalry model's rider and mount, the Fate
        save); a model left with Wounds is announced (``On.WOUNDED``: War Beast panic).
        ``after_saves``: Wounds added only once no rule took the blow over (SR-BANE's D3 is
        rolled for a wound « non sauvé par du Destin », 002:L2773, L1786-1788).
        """
        blow = Happening(model, source, count, at_mount, after_saves=after_saves)
        if intercept(self, On.WOUNDING, blow):
            return
        if after_saves is not None:
            count += after_saves()
            blow = Happening(model, source=source, count=count, at_mount=at_mount)
        model.wounds -= min(count, model.wounds)
        self.log.emit("wound", model=model.uid, source=source, wounds_left=model.wounds)
        if self.forces[self.army_of(model)].leader == model.uid:
            self.wounded_leaders.add(model.uid)
        if model.wounds <= 0:
            self.remove(model, Removal.SLAIN, source)
        else:
            notify(self, On.WOUNDED, blow)

    def remove(self, model: ModelState, reason: Removal, source: str = "") -> None:
        """Take the model off the table; ``source`` names what slew it ("struck by A01")."""
        self._untouch(model)
        model.alive = False
        self._leave(model)
        notify(self, On.LEAVING, Happening(model, reason=reason.value, source=source))
        self._count_casualty(model)
        army = self.army_of(model)
        self.log.emit("casualty", model=model.uid, player=army, reason=reason.value)
        notify(self, On.REMOVED, Happening(model, reason=reason.value, source=source))

    def _count_casualty(self, model: ModelState) -> None:
        """COUR-BRK-01; CAV-BRK-01 (002:L1433-1435): a rider and a mount, from any models;
        SE-COUR-01 (002:L3124): a Siege Engine (or a gate) is no casualty."""
        if model.triggers & STRUCTURES or (UNCOUNTED and model.triggers & UNCOUNTED):
            return
        army = self.army_of(model)
        if model.mount is not None:
            self.lose_parts(army, riders=1, mounts=0 if model.mount.slain else 1)
        elif model.unhorsed or model.loose:
            self.lose_parts(army, riders=int(model.unhorsed), mounts=int(model.loose))
        else:
            self.casualties[army] += 1

    def lose_parts(self, player: PlayerId, riders: int, mounts: int) -> None:
        """CAV-BRK-01: count riders and mounts lost; each new complete pair is a casualty."""
        before = min(self.riders_lost[player], self.mounts_lost[player])
        self.riders_lost[player] += riders
        self.mounts_lost[player] += mounts
        after = min(self.riders_lost[player], self.mounts_lost[player])
        self.casualties[player] += after - before

    def alive_count(self, player: PlayerId) -> int:
        """Living models of ``player``, those aboard a siege tower too; a Siege Engine or a
        gate is none (SE-COUR-01)."""
        alive = self._alive[player]
        if not self.structures:
            return len(alive)
        return sum(1 for m in alive if m.uid not in self.structures) + self.aboard[player]

    def positions(self) -> dict[str, list[float]]:
        return {m.uid: _pt(m.position) for m in self.living()}


_NEAREST_BOX = 6.0  # inches each way: the box of ``nearest_enemy``'s cells
_NEAREST_SCAN_BELOW = 16  # enemies: fewer are scanned at once


def _nearest_of(
    enemies: list[ModelState], x: float, y: float, radius: float
) -> tuple[float, ModelState | None]:
    best: tuple[float, ModelState | None] = (math.inf, None)
    for enemy in enemies:
        # ``distance`` inlined, the same operations in the same order (speed: hot loop)
        gap = math.hypot(x - enemy.x, y - enemy.y) - radius - enemy.radius
        if gap < best[0]:
            best = (gap, enemy)
    return best


def _pt(point: Point) -> list[float]:
    return [round(point[0], 3), round(point[1], 3)]
