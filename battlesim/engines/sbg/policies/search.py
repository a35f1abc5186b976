"""``SearchPlayer``: heuristic_v2 with a look-ahead at each turn's key decision (issue 29,
item 3), a slower player users may pick (meant to be stronger; not yet measured so:
``bench/sbg_players.py --check search``).

When its side is asked its move order and the armies are close enough to fight within two
moves, it tries each candidate way to play the turn (``CANDIDATES``: v2's own choice; an
intent forced, ADVANCE, PRESS or HOLD: how far the line closes in; a bold turn that presses
and charges even poor exchanges; a wary one that holds and charges only the fights it
expects to win) on copies of the state (``core/clone.py``). Each candidate first plays the
rest of this Move phase on a copy, the candidate steering its side; one whose models end
where an earlier candidate's do is the same play and is dropped (most turns every candidate
plays as v2: nothing is rolled out). Each distinct one is then played on from its Move phase
``rollouts`` times, the rest of the turn and ``depth`` more turns with heuristic_v2 on both
sides. Copy n of every candidate rolls seed n of ``KeyedDice`` (``search_dice.py``): a draw
is keyed by its purpose ("duel m3") and how many such draws came before, so that the same
duel or test rolls the same dice in every candidate's copy even once the plays part ways
(common random numbers: the candidates differ by their play, not their luck). The seeds come
from the battle's seed, never from its dice. The candidate whose copies end best on average
(material kept less material lost, the scenario's victory points, a side broken) is played
if it beats v2's own choice by more than ``MARGIN`` and ``SURE`` standard errors of the
copies' paired differences. Far apart, it plays as v2. ``VETOES`` (off; a research option
of ``bench/sbg_search_gains.py``) adds a candidate per charge v2 makes: its turn with that
one charge held; ``TARGETS`` (off, the same) one per other enemy a charger of v2's may reach:
its turn with that enemy charged instead; ``OTHERWISE`` (off, the same) one per model of
ours near the enemy that makes no charge: its turn with that model holding where v2 moves
it, closing in where v2 holds it.

Its strength and cost are stated by ``bench/sbg_players.py --check search``.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass

from battlesim.engines.sbg.core.actions import Charge, Hold, MoveAction
from battlesim.engines.sbg.core.clone import clone
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.phases.move import rest_of_move_phase
from battlesim.engines.sbg.phases.turn import after_move_phase, play_turn
from battlesim.engines.sbg.policies.plan.intent import Intent
from battlesim.engines.sbg.policies.search_dice import KeyedDice
from battlesim.engines.sbg.policies.siege_policy import SiegePlanPlayer
from battlesim.engines.sbg.rules.heroic_actions import Choice
from battlesim.engines.sbg.rules.might import MightAsk, MightRoll
from battlesim.engines.sbg.rules.movement import charge_options
from battlesim.engines.sbg.rules.scenarios import Scenario

ROLLOUTS = 12  # dice seeds per candidate
DEPTH = 1  # whole turns played after the rest of this one
CONTACT_RANGE = 2.0  # moves apart within which the turn's choice matters
BROKEN_WEIGHT = 0.2  # a broken army, in shares of an army's points
POINTS_WEIGHT = 0.2  # the scenario's victory-point lead, in shares of the points at stake
WON = 2.0  # a copy where the battle ended: won or lost outright
MARGIN = 0.03  # average worth by which a candidate must beat v2's own choice to be played
SURE = 1.0  # ... and standard errors of the copies' differences it must beat it by
BOLD = -0.6  # the worst exchange charged by a bold turn (v2: -0.1, or -0.3 pressing)
WARY = 0.1  # the worst exchange charged by a wary turn: only fights it expects to win
VETOES = False  # also a candidate per model v2 charges with: v2's turn with that charge held
TARGETS = False  # also a candidate per other enemy a charger of v2's may reach: charged instead
OTHERWISE = False  # also a candidate per model of ours that makes no charge: it moves otherwise
THRIFT = False  # also a candidate per Hero of ours with Might: it keeps its Might in fights
MIGHT_POINTS = 0.0  # a Might point kept, in points of models (0: not counted, the player's)
FIGHT_ROLLS = frozenset(
    {MightRoll.DUEL, MightRoll.TO_HIT, MightRoll.IN_THE_WAY, MightRoll.TO_WOUND}
)
FORCED = 5.0  # a forced target's worth to its charger: above any other enemy's


@dataclass(frozen=True, slots=True)
class Candidate:
    """A way to play the turn: an intent for the move (None: v2's own) and the worst
    exchange worth a charge (None: v2's own threshold)."""

    name: str
    intent: Intent | None = None
    threshold: float | None = None
    veto: ModelId | None = None  # a model of ours that makes no charge this turn
    target: tuple[ModelId, ModelId] | None = None  # (ours, enemy): it charges that one if it may
    otherwise: ModelId | None = None  # a model of ours that holds if v2 moves it, else closes in
    thrift: ModelId | None = None  # a Hero of ours that spends no Might in its fights this turn


OWN = Candidate("v2")  # first: it wins ties, and the others must beat it by MARGIN
CANDIDATES = (
    OWN,
    Candidate("advance", Intent.ADVANCE),
    Candidate("press", Intent.PRESS),
    Candidate("hold", Intent.HOLD),
    Candidate("bold", Intent.PRESS, BOLD),  # close in and charge whatever may be reached
    Candidate("wary", Intent.HOLD, WARY),  # stand off; charge only the fights it should win
)


class SteeredPlayer(SiegePlanPlayer):
    """heuristic_v2 (the plan player with its siege moves, as the roster names it) whose
    turn may be steered: a candidate's intent and charge threshold for the rest of the turn
    (the search player, and v2 on the copies)."""

    def __init__(self, scenario: Scenario | None = None, *, spend_might: bool = True) -> None:
        super().__init__(scenario, spend_might=spend_might)
        self._thresholds: dict[PlayerId, tuple[int, float]] = {}  # side -> (turn, threshold)
        self._vetoed: tuple[int, ModelId] | None = None  # (turn, model held from charging)
        self._target: tuple[int, ModelId, ModelId] | None = None  # (turn, ours, enemy)
        self._otherwise: tuple[int, ModelId] | None = None  # (turn, model moved otherwise)
        self._thrift: tuple[int, ModelId] | None = None  # (turn, Hero keeping its Might)

    def steer(self, state: BattleState, side: PlayerId, candidate: Candidate) -> None:
        if candidate.intent is not None:
            self.force_intent(state, side, candidate.intent)
        if candidate.threshold is not None:
            self._thresholds[side] = (state.turn, candidate.threshold)
        if candidate.veto is not None:
            self._vetoed = (state.turn, candidate.veto)
        if candidate.target is not None:
            self._target = (state.turn, *candidate.target)
        if candidate.otherwise is not None:
            self._otherwise = (state.turn, candidate.otherwise)
        if candidate.thrift is not None:
            self._thrift = (state.turn, candidate.thrift)

    def spend_might(self, state: BattleState, model: ModelState, ask: MightAsk) -> int:
        if self._thrift == (state.turn, model.uid) and ask.roll in FIGHT_ROLLS:
            return 0
        return super().spend_might(state, model, ask)

    def declare_heroic_action(
        self, state: BattleState, side: PlayerId, phase: Phase
    ) -> Choice | None:
        choice = super().declare_heroic_action(state, side, phase)
        if choice is not None and self._thrift == (state.turn, choice[0]):
            return None
        return choice

    def _choose_move(self, state: BattleState, model: ModelState) -> MoveAction:
        action = super()._choose_move(state, model)
        if self._otherwise != (state.turn, model.uid) or isinstance(action, Charge):
            return action
        if isinstance(action, Hold):
            return self._close_in(state, model, self._plan(state, model.player))
        return Hold(model.uid)

    def _charge(
        self, state: BattleState, model: ModelState, threshold: float | None = None
    ) -> Charge | None:
        if self._vetoed == (state.turn, model.uid):
            return None
        return super()._charge(state, model, threshold)

    def _charge_value(self, state: BattleState, model: ModelState, enemy: ModelState) -> float:
        if self._target == (state.turn, model.uid, enemy.uid):
            return FORCED  # ranked first: charged wherever a charge reaches it
        return super()._charge_value(state, model, enemy)

    def _threshold(self, state: BattleState, side: PlayerId) -> float:
        steered = self._thresholds.get(side)
        if steered is not None and steered[0] == state.turn:
            return steered[1]
        return super()._threshold(state, side)


class SearchPlayer(SteeredPlayer):
    """heuristic_v2 that weighs its turn's play by playing it out on copies."""

    def __init__(
        self,
        scenario: Scenario | None = None,
        *,
        spend_might: bool = True,
        rollouts: int | None = None,
        depth: int | None = None,
    ) -> None:
        super().__init__(scenario, spend_might=spend_might)
        # read when made, not when defined: the bench's --search-depth sets them for a run
        self.rollouts = ROLLOUTS if rollouts is None else rollouts
        self.depth = DEPTH if depth is None else depth
        self.scenario_or_default = scenario if scenario is not None else Scenario()
        self.searched = 0  # decisions searched (benches report it)
        self._offered: dict[str, Candidate] = {}  # this decision's candidates by name

    def move_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        if close(state):
            self.steer(state, side, self._best(state, side))
            self.searched += 1
        return super().move_order(state, side)

    def candidates(self, state: BattleState, side: PlayerId) -> list[Candidate]:
        """The candidates that differ from v2's own choice (its intent forced again is no
        other play)."""
        own = self._plan(state, side).intent
        return [c for c in CANDIDATES if c is OWN or c.intent != own or c.threshold is not None]

    def scores(self, state: BattleState, side: PlayerId) -> dict[str, float]:
        """Each candidate's average worth over its copies (the same dice seeds for each)."""
        return {
            name: sum(worths) / len(worths) for name, worths in self.worths(state, side).items()
        }

    def worths(self, state: BattleState, side: PlayerId) -> dict[str, list[float]]:
        """Each distinct candidate's worth on each copy, copy n of every candidate rolling
        seed n. A candidate whose Move phase ends as an earlier one's is the same play and
        is not played on (``_moved``)."""
        return self._played_on(state, side, self._moved(state, side))

    def _best(self, state: BattleState, side: PlayerId) -> Candidate:
        """The candidate that beats v2's own choice by the most, if it beats it surely: by
        more than ``MARGIN`` and than ``SURE`` standard errors of the copies' differences."""
        moved = self._moved(state, side)
        if len(moved) < 2:  # every candidate plays as v2: nothing to weigh
            return OWN
        measured = gains(self._played_on(state, side, moved))
        best, best_gain = OWN, 0.0
        for candidate in self._offered.values():
            if candidate.name not in measured:
                continue
            gain, error = measured[candidate.name]
            if gain > max(MARGIN, SURE * error) and gain > best_gain:
                best, best_gain = candidate, gain
        return best

    def _played_on(
        self, state: BattleState, side: PlayerId, moved: dict[str, BattleState]
    ) -> dict[str, list[float]]:
        """Each copy of ``moved`` played on with each copy seed."""
        seeds = [_seed(state, side, n) for n in range(self.rollouts)]
        thrifts = {name: self._offered[name].thrift for name in moved}
        return {
            name: [self._play_on(copy, side, seed, thrifts[name]) for seed in seeds]
            for name, copy in moved.items()
        }

    def _moved(self, state: BattleState, side: PlayerId) -> dict[str, BattleState]:
        """Each candidate's copy at the end of this Move phase, the candidate steering its
        side, once per distinct play (v2's own first). The phase's own few dice (a jump, a
        terror test) roll the first copy seed for every candidate."""
        seed = _seed(state, side, 0)
        moved: dict[str, BattleState] = {}
        seen: set[tuple[object, ...]] = set()
        candidates = self.candidates(state, side)
        self._offered = {c.name: c for c in candidates}
        for candidate in candidates:
            copy = clone(state, KeyedDice(seed))
            players = (SteeredPlayer(self.scenario), SteeredPlayer(self.scenario))
            players[side].steer(copy, side, candidate)
            copy.players = players
            rest_of_move_phase(copy, players, side)
            key = (_placed(copy), candidate.thrift)  # Might is kept after the Move phase
            if key not in seen:
                seen.add(key)
                moved[candidate.name] = copy
            if candidate is OWN:  # the research options' candidates, off v2's own turn
                extra = _research(state, copy, side)
                candidates += extra
                self._offered.update((c.name, c) for c in extra)
        return moved

    def _play_on(
        self, moved: BattleState, side: PlayerId, seed: int, thrift: ModelId | None = None
    ) -> float:
        """The worth to ``side`` of a copy of ``moved`` played on with ``seed``'s dice: the
        rest of the turn and ``depth`` more turns, v2 on both sides (``thrift``: a Hero of
        ours keeping its Might in this turn's fights)."""
        scenario = self.scenario_or_default
        copy = clone(moved, KeyedDice(seed))
        players = (SteeredPlayer(self.scenario), SteeredPlayer(self.scenario))
        if thrift is not None:
            players[side].steer(copy, side, Candidate("thrift", thrift=thrift))
        copy.players = players
        after_move_phase(copy, players)
        for _ in range(self.depth):
            if scenario.ended(copy) is not None:
                return _worth(copy, side, scenario, ended=True)
            play_turn(copy, players)
        return _worth(copy, side, scenario, ended=scenario.ended(copy) is not None)


def _chargers(before: BattleState, after: BattleState, side: PlayerId) -> list[ModelId]:
    """Our models that fight after the Move phase and did not before it (they charged)."""
    return [
        m.uid
        for m in after.living(side)
        if after.touching.get(m.uid) and not before.touching.get(m.uid)
    ]


def _research(before: BattleState, after: BattleState, side: PlayerId) -> list[Candidate]:
    """The candidates of the research options that are on (``bench/sbg_search_gains.py``),
    read off v2's own Move phase (``before`` to ``after``): a charge held (``VETOES``), a
    non-charger moved otherwise (``OTHERWISE``), a Hero keeping its Might (``THRIFT``), a
    charger sent at another enemy (``TARGETS``)."""
    extra: list[Candidate] = []
    if VETOES:
        extra += [Candidate(f"hold {uid}", veto=uid) for uid in _chargers(before, after, side)]
    if OTHERWISE:
        extra += _otherwise(before, after, side)
    if THRIFT:
        extra += [
            Candidate(f"{m.uid} keeps Might", thrift=m.uid)
            for m in before.living(side)
            if m.profile.is_hero and m.might > 0
        ]
    if TARGETS:
        extra += _other_targets(before, after, side)
    return extra


def _otherwise(before: BattleState, after: BattleState, side: PlayerId) -> list[Candidate]:
    """A candidate per model of ours free to move that does not charge in v2's Move phase and
    stands within two moves of an enemy: it holds where v2 moves it, closes in where v2
    holds it."""
    moves = []
    for model in before.living(side):
        if before.touching.get(model.uid) or after.touching.get(model.uid):
            continue
        gap, enemy = before.nearest_enemy(model)
        if enemy is not None and gap <= CONTACT_RANGE * model.profile.move + 2.0:
            moves.append(Candidate(f"{model.uid} otherwise", otherwise=model.uid))
    return moves


def _other_targets(before: BattleState, after: BattleState, side: PlayerId) -> list[Candidate]:
    """A candidate per enemy each of v2's chargers (``_chargers``) may charge from where it
    stands, other than those it fights after v2's Move phase."""
    others = []
    for uid in _chargers(before, after, side):
        fought = after.touching.get(uid, ())
        for enemy, _spot in charge_options(before, before.models[uid]):
            if enemy.uid not in fought:
                others.append(Candidate(f"{uid} at {enemy.uid}", target=(uid, enemy.uid)))
    return others


def _placed(state: BattleState) -> tuple[object, ...]:
    """Where every model stands, its Wounds and who touches whom: two Move phases that end
    the same are the same play."""
    models = tuple((uid, m.x, m.y, m.alive, m.wounds) for uid, m in sorted(state.models.items()))
    touching = tuple(sorted((uid, tuple(sorted(t))) for uid, t in state.touching.items()))
    return models, touching


def gains(worths: dict[str, list[float]]) -> dict[str, tuple[float, float]]:
    """Each candidate's gain over v2's own (``OWN``) from ``worths`` (``SearchPlayer.worths``:
    copy n of every candidate on the same dice): the mean of the paired differences and its
    standard error, v2's own left out."""
    own = worths[OWN.name]
    measured: dict[str, tuple[float, float]] = {}
    for name, values in worths.items():
        if name != OWN.name:
            paired = [a - b for a, b in zip(values, own, strict=True)]
            measured[name] = (sum(paired) / len(paired), _error(paired))
    return measured


def _error(values: list[float]) -> float:
    """Standard error of the mean of ``values`` (infinite for fewer than two)."""
    if len(values) < 2:
        return math.inf
    mean = sum(values) / len(values)
    spread = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return math.sqrt(spread / len(values))


def close(state: BattleState) -> bool:
    """Whether some enemies stand within two moves of each other (a fight may start before
    the next turn's choice)."""
    for model in state.living(0):
        reach = CONTACT_RANGE * model.profile.move + 2.0
        for enemy in state.near(model.x, model.y, reach + state.largest_radius, 1):
            if state.distance(model, enemy) <= max(reach, CONTACT_RANGE * enemy.profile.move):
                return True
    return False


def _seed(state: BattleState, side: PlayerId, n: int) -> int:
    """A seed of its own for each copy: from the battle's seed, the turn, the side and the
    copy's number (the battle's own dice are never rolled by a copy)."""
    key = f"{getattr(state.dice, 'seed', 0)}:{state.turn}:{side}:{n}"
    return zlib.crc32(key.encode())


def _worth(state: BattleState, side: PlayerId, scenario: Scenario, *, ended: bool) -> float:
    """Share of its points the side keeps less the enemy's share, the victory-point lead,
    a broken army; a battle that ended counts as won or lost outright."""
    points = scenario.victory_points(state)
    lead = points[side] - points[1 - side]
    if ended and lead:
        return WON if lead > 0 else -WON
    kept = _kept(state, side) - _kept(state, 1 - side)
    broken = BROKEN_WEIGHT * (int(state.broken[1 - side]) - int(state.broken[side]))
    might = _might_kept(state, side) - _might_kept(state, 1 - side) if MIGHT_POINTS else 0.0
    return kept + broken + might + POINTS_WEIGHT * lead / max(1, points[0] + points[1])


def _might_kept(state: BattleState, side: PlayerId) -> float:
    """The Might the side's living Heroes still hold, at ``MIGHT_POINTS`` a point, as a
    share of the side's starting points."""
    total = sum(max(1, m.profile.points) for m in state.models.values() if m.player == side)
    held = sum(m.might for m in state.living(side))
    return MIGHT_POINTS * held / max(1, total)


def _kept(state: BattleState, side: PlayerId) -> float:
    """Share of the side's starting points still on the table, by Wounds left."""
    total = left = 0.0
    for model in state.models.values():  # the slain too: they stay in ``models``
        if model.player == side:
            worth = max(1, model.profile.points)
            total += worth
            left += worth * model.wounds / max(1, model.profile.wounds) if model.alive else 0.0
    return left / max(1.0, total)
