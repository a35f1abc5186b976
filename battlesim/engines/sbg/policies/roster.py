"""The players a battle may name (the ``players`` option): name -> factory taking the
scenario. ``heuristic`` (the default) is ``heuristic_v2``, the heuristic with a plan (issue
29); ``heuristic_v1`` is the earlier heuristic, kept for comparison with its decisions
unchanged (the hashed logs and golden playthroughs name it, so they stay put while the
default player improves); ``search`` is heuristic_v2 that plays its turn's candidate plays
out on copies of the state first (``search.py``): tens of times slower, and not yet measured
stronger than v2 (``bench/sbg_players.py --check search``)."""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core.decisions import Player
from battlesim.engines.sbg.policies.players import (
    HeuristicPlayer,
    _heuristic_no_might,
    _random,
)
from battlesim.engines.sbg.policies.search import SearchPlayer
from battlesim.engines.sbg.policies.siege_policy import SiegePlanPlayer
from battlesim.engines.sbg.rules.scenarios import Scenario

PLAYERS: dict[str, Callable[[Scenario | None], Player]] = {
    # the default: measured stronger than v1 (bench/sbg_players.py); the plan player with the
    # attackers' siege moves (policies/siege_policy.py), the plan player wherever no gate stands
    "heuristic": SiegePlanPlayer,
    "heuristic_v1": HeuristicPlayer,
    "heuristic_v2": SiegePlanPlayer,
    "heuristic_no_might": _heuristic_no_might,
    "random": _random,
    "search": SearchPlayer,  # v2 with a look-ahead on copies of the state: slower
}

# What each player is, in a few words (the command line's help; the site's form labels them
# in its own words, battlesim/sbg_pages.PLAYER_LABELS, and a test keeps the two in step).
DESCRIPTIONS: dict[str, str] = {
    "heuristic": "the heuristic with a plan (default; same as heuristic_v2)",
    "heuristic_v1": "the earlier heuristic, kept for comparison",
    "heuristic_v2": "the heuristic with a plan",
    "heuristic_no_might": "heuristic_v1 whose Heroes never spend Might",
    "random": "random legal choices (a baseline)",
    "search": "heuristic_v2 weighing its turn on copies of the battle: tens of times slower",
}
