"""Does the search player's candidate set hold a better play than heuristic_v2's own? Win
rates against v2 (``bench/sbg_players.py --check search``) cannot tell: one battle the
look-ahead touches becomes a coin flip. This bench asks the look-ahead itself, with many
copies, at every decision it would weigh, and plays v2's own choice on, so the battles are
v2 v v2 and every decision is measured on both sides.

    .venv/bin/python bench/sbg_search_gains.py [--forces fellowship_skirmish ...]
        [--tables "open field"] [--scenarios to_the_death] [--seeds 1] [--copies 48] [--depth 0]
        [--vetoes]   # besides, a candidate per charge v2 makes: that charge held
        [--otherwise]  # besides, a candidate per non-charger: it holds or closes in instead
        [--might 5]  # besides, a candidate per Hero with Might: it keeps it in its fights,
                     # each Might point kept (both sides) worth 5 points of models in the worth
        [--targets]  # besides, a candidate per other enemy a charger may reach: charged instead

Per decision where two candidates or more move otherwise (``search.SearchPlayer._moved``):
each candidate's mean worth over v2's own (shares of an army, copy n of every candidate on
the same keyed dice) and the standard error of that mean. In the summary, per candidate:
how often it was clearly better (gain > 2 standard errors), clearly worse, or not told apart.
A candidate set worth searching shows clear gains often; CPU seconds are printed besides.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import load_average  # noqa: E402

from battlesim.engines.dice import Dice  # noqa: E402
from battlesim.engines.log import EventLog  # noqa: E402
from battlesim.engines.sbg import game  # noqa: E402
from battlesim.engines.sbg.core.state import BattleState  # noqa: E402
from battlesim.engines.sbg.core.units import ModelId, PlayerId  # noqa: E402
from battlesim.engines.sbg.policies import search  # noqa: E402
from battlesim.engines.sbg.rules import game_types  # noqa: E402
from battlesim.engines.sbg.rules.scenarios import Scenario  # noqa: E402

FORCES = ("mordor_skirmish", "fellowship_skirmish", "rohan_skirmish")
Row = tuple[str, int, str, float, float]  # force, turn, candidate, mean gain, standard error


class Measuring(search.SteeredPlayer):
    """heuristic_v2 that, at each decision the search player would weigh, measures every
    candidate's gain over its own choice, then plays its own choice."""

    def __init__(self, scenario: Scenario | None, copies: int, depth: int, rows: list[Row]):
        super().__init__(scenario)
        self.look = search.SearchPlayer(scenario, rollouts=copies, depth=depth)
        self.rows = rows
        self.force = ""

    def move_order(self, state: BattleState, side: PlayerId) -> list[ModelId]:
        if search.close(state):
            for name, (mean, error) in search.gains(self.look.worths(state, side)).items():
                self.rows.append((self.force, state.turn, name, mean, error))
                print(f"    turn {state.turn} side {side} {name}: {mean:+.3f} se {error:.3f}")
        return super().move_order(state, side)


def battle(seed: int, force: str, table: str, scenario: str, copies: int, depth: int) -> list[Row]:
    options = {"forces": [force, force], "table": table, "scenario": scenario}
    dice = Dice(seed)
    setup = game.setup_from_options(options, dice)
    rows: list[Row] = []
    players = (
        Measuring(setup.scenario, copies, depth, rows),
        Measuring(setup.scenario, copies, depth, rows),
    )
    for player in players:
        player.force = force
    state = game.new_battle(setup, dice, EventLog())
    game_types.set_mode(state, setup.mode)
    game.deploy(state, setup.scenario, players)
    setup.scenario.start(state, players)
    outcome = game.play_battle(state, setup.scenario, players)
    print(f"  {seed} {force} {table!r} {scenario}: {outcome.winner}", flush=True)
    return rows


def summary(rows: list[Row]) -> None:
    by_name: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for _force, _turn, name, mean, error in rows:
        kind = "hold a charge" if name.startswith("hold ") else name
        kind = "another target" if " at " in name else kind
        kind = "moved otherwise" if name.endswith(" otherwise") else kind
        by_name["keeps Might" if name.endswith(" keeps Might") else kind].append((mean, error))
    for name, gains in sorted(by_name.items()):
        better = sum(m > 2 * e for m, e in gains)
        worse = sum(m < -2 * e for m, e in gains)
        mean = statistics.mean(m for m, _ in gains)
        print(
            f"{name}: {len(gains)} decisions, clearly better {better}, clearly worse {worse},"
            f" mean gain {mean:+.3f}, median se {statistics.median(e for _, e in gains):.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--forces", nargs="+", default=list(FORCES))
    parser.add_argument("--tables", nargs="+", default=["open field"])
    parser.add_argument("--scenarios", nargs="+", default=["to_the_death"])
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--copies", type=int, default=48)
    parser.add_argument("--depth", type=int, default=0)
    parser.add_argument("--vetoes", action="store_true", help="a candidate per charge held")
    parser.add_argument("--otherwise", action="store_true", help="a non-charger otherwise")
    parser.add_argument("--might", type=float, help="a Hero keeping Might; a point's worth")
    parser.add_argument("--targets", action="store_true", help="a candidate per other target")
    args = parser.parse_args()
    search.VETOES = args.vetoes
    search.TARGETS = args.targets
    search.OTHERWISE = args.otherwise
    search.THRIFT = args.might is not None
    search.MIGHT_POINTS = args.might or 0.0
    print(load_average())
    start = time.process_time()
    rows: list[Row] = []
    for seed in range(args.seeds):
        for force in args.forces:
            for table in args.tables:
                for scenario in args.scenarios:
                    rows += battle(seed, force, table, scenario, args.copies, args.depth)
    summary(rows)
    print(f"CPU {time.process_time() - start:.1f} s; {load_average()}")


if __name__ == "__main__":
    main()
