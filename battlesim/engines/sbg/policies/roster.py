"""The players a battle may name (the ``players`` option): name -> factory taking the
scenario. ``heuristic_v1`` is today's heuristic kept for comparison (its decisions, hence
the hashed logs, unchanged); ``heuristic_v2`` is the heuristic with a plan (issue 29)."""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core.decisions import Player
from battlesim.engines.sbg.policies.plan.player import PlanPlayer
from battlesim.engines.sbg.policies.players import (
    HeuristicPlayer,
    _heuristic_no_might,
    _random,
)
from battlesim.engines.sbg.rules.scenarios import Scenario

PLAYERS: dict[str, Callable[[Scenario | None], Player]] = {
    "heuristic": HeuristicPlayer,
    "heuristic_v1": HeuristicPlayer,
    "heuristic_v2": PlanPlayer,
    "heuristic_no_might": _heuristic_no_might,
    "random": _random,
}
