"""``SearchPlayer``: heuristic_v2 with a look-ahead at each turn's key decision (issue 29,
item 3), a slower and stronger player users may pick.

When its side is asked its move order and the armies are close enough to fight within two
moves, it tries each intent (ADVANCE, PRESS, HOLD: how far the line closes in) on copies of
the state (``core/clone.py``): each copy plays the rest of the turn and ``depth`` more turns
with heuristic_v2 on both sides, the candidate intent forced on its own side this turn. Each
candidate is played with the same ``rollouts`` dice seeds (common random numbers: the
candidates differ by their play, not their luck). The intent whose copies end best on
average (material kept less material lost, the scenario's victory points, a side broken)
is played if it beats ADVANCE, the heuristic's own choice, by more than ``MARGIN`` (less
is the dice's noise). Far apart, it plays as v2.

Its cost is stated by ``bench/sbg_players.py --player search --check cost``.
"""

from __future__ import annotations

import zlib

from battlesim.engines.dice import Dice
from battlesim.engines.sbg.core.clone import clone
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.units import ModelId, PlayerId
from battlesim.engines.sbg.phases.turn import play_turn, rest_of_turn
from battlesim.engines.sbg.policies.plan.intent import Intent
from battlesim.engines.sbg.policies.plan.player import PlanPlayer
from battlesim.engines.sbg.rules.scenarios import Scenario

CANDIDATES = (Intent.ADVANCE, Intent.PRESS, Intent.HOLD)  # ADVANCE first: it wins ties
ROLLOUTS = 2  # dice seeds per candidate
DEPTH = 1  # whole turns played after the rest of this one
CONTACT_RANGE = 2.0  # moves apart within which the turn's choice matters
BROKEN_WEIGHT = 0.2  # a broken army, in shares of an army's points
POINTS_WEIGHT = 0.2  # the scenario's victory-point lead, in shares of the points at stake
WON = 2.0  # a copy where the battle ended: won or lost outright
MARGIN = 0.03  # average worth by which a candidate must beat ADVANCE to be played


class SearchPlayer(PlanPlayer):
    """heuristic_v2 that weighs its turn's intent by playing it out on copies."""

    def __init__(
        self,
        scenario: Scenario | None = None,
        *,
        spend_might: bool = True,
        rollouts: int = ROLLOUTS,
        depth: int = DEPTH,
    ) -> None:
        super().__init__(scenario, spend_might=spend_might)
        self.rollouts = rollouts
        self.depth = depth
        self.scenario_or_default = scenario if scenario is not None else Scenario()
        self.searched = 0  # decisions searched (benches report it)

    def move_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        if _close(state):
            self.force_intent(state, side, self._best_intent(state, side))
            self.searched += 1
        return super().move_order(state, side)

    def scores(self, state: BattleState, side: PlayerId) -> dict[Intent, float]:
        """Each candidate's average worth over its copies (the same dice seeds for each)."""
        seeds = [_seed(state, side, n) for n in range(self.rollouts)]
        return {
            intent: sum(self._play_out(state, side, intent, seed) for seed in seeds) / len(seeds)
            for intent in CANDIDATES
        }

    def _best_intent(self, state: BattleState, side: PlayerId) -> Intent:
        scores = self.scores(state, side)
        best = max(CANDIDATES, key=lambda intent: (scores[intent], -CANDIDATES.index(intent)))
        if scores[best] < scores[Intent.ADVANCE] + MARGIN:
            return Intent.ADVANCE  # within the dice's noise: the heuristic's own choice
        return best

    def _play_out(self, state: BattleState, side: PlayerId, intent: Intent, seed: int) -> float:
        """The copy's worth to ``side`` once it has played on with ``intent`` this turn."""
        scenario = self.scenario_or_default
        copy = clone(state, Dice(seed))
        players = (PlanPlayer(self.scenario), PlanPlayer(self.scenario))
        players[side].force_intent(copy, side, intent)
        copy.players = players
        rest_of_turn(copy, players, side)
        for _ in range(self.depth):
            if scenario.ended(copy) is not None:
                return _worth(copy, side, scenario, ended=True)
            play_turn(copy, players)
        return _worth(copy, side, scenario, ended=scenario.ended(copy) is not None)


def _close(state: BattleState) -> bool:
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
    return kept + broken + POINTS_WEIGHT * lead / max(1, points[0] + points[1])


def _kept(state: BattleState, side: PlayerId) -> float:
    """Share of the side's starting points still on the table, by Wounds left."""
    total = left = 0.0
    for model in state.models.values():  # the slain too: they stay in ``models``
        if model.player == side:
            worth = max(1, model.profile.points)
            total += worth
            left += worth * model.wounds / max(1, model.profile.wounds) if model.alive else 0.0
    return left / max(1.0, total)
