"""CLI: play one SBG battle and print a readable turn-by-turn account.

python -m battlesim.engines.sbg --seed 7 [--scenario domination] [--table village]
    [--players heuristic random] [--forces minas_tirith mordor] [--json log.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from battlesim.engines.log import Event
from battlesim.engines.sbg.game import BattleOptionError, play_game
from battlesim.engines.sbg.policies.roster import DESCRIPTIONS, PLAYERS
from battlesim.engines.sbg.rules.scenario_library import SETS
from battlesim.engines.sbg.rules.scenarios import SCENARIOS
from battlesim.engines.sbg.samples import SAMPLE_FORCES

_QUIET = frozenset({"roll", "action", "move", "support", "courage"})


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m battlesim.engines.sbg", description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument(
        "--scenario",
        choices=[*sorted(SCENARIOS), *(f"random:{name}" for name in sorted(SETS)), "random"],
        default="to_the_death",
    )
    parser.add_argument("--mode", choices=["matched", "narrative"], default="matched")
    parser.add_argument("--table", help="preset name, or 'generated' (see --table-seed)")
    parser.add_argument("--table-seed", type=int)
    parser.add_argument("--turn-limit", type=int)
    parser.add_argument(
        "--forces",
        nargs=2,
        metavar=("A", "B"),
        default=["minas_tirith", "mordor"],
        help=f"sample names ({', '.join(sorted(SAMPLE_FORCES))}) or JSON files",
    )
    parser.add_argument(
        "--players",
        nargs=2,
        choices=sorted(PLAYERS),
        default=["heuristic", "heuristic"],
        help="; ".join(f"{name}: {DESCRIPTIONS[name]}" for name in sorted(PLAYERS)),
    )
    parser.add_argument("--json", type=Path, help="write the event log to this file")
    parser.add_argument("--verbose", action="store_true", help="print every roll and move")
    return parser.parse_args(argv)


def _force(value: str) -> object:
    if value in SAMPLE_FORCES:
        return value
    path = Path(value)
    if not path.exists():
        raise BattleOptionError(f"{value!r} is neither a sample force nor a file")
    return json.loads(path.read_text())


def describe(event: Event) -> str:
    """One readable line for an event."""
    data = event.data
    if event.kind == "phase":
        return f"-- turn {data['turn']}: {data['phase']} phase"
    if event.kind == "setup":
        forces = " v ".join(
            f"{f['name']} ({f['points']} pts, {len(f['models'])} models)" for f in data["forces"]
        )
        return f"== {forces}; {data['scenario']}, seed {data['seed']}; ignored: {data['ignored']}"
    if event.kind == "priority":
        return f"   priority: side {data['player']}"
    if event.kind == "duel":
        return f"   duel {'/'.join(data['combat'])}: dice {data['dice']} -> side {data['winner']}"
    if event.kind == "casualty":
        return f"   {data['model']} is removed ({data['reason']})"
    if event.kind == "end_of_turn":
        return f"   end of turn {data['turn']}: alive {data['alive']}"
    if event.kind == "outcome":
        return (
            f"== {data['termination']} after turn {data['turn']}: VP {data['victory_points']}, "
            f"winner {data['winner'] if data['winner'] is not None else 'none (draw)'}"
        )
    payload = ", ".join(f"{k}={v}" for k, v in data.items() if k not in {"positions", "table"})
    return f"   {event.kind}: {payload}"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    options = {
        "forces": [_force(v) for v in args.forces] if args.forces else None,
        "scenario": args.scenario,
        "mode": args.mode,
        "players": args.players,
        "table": args.table,
        "table_seed": args.table_seed,
        "turn_limit": args.turn_limit,
    }

    def printer(event: Event) -> None:
        if args.verbose or event.kind not in _QUIET:
            print(describe(event))

    try:
        result = play_game(seed=args.seed, options=options, listener=printer)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json is not None:
        args.json.write_text(json.dumps(result.log.to_json(), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
