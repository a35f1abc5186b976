"""Play one game from the command line and print a readable account.

python -m battlesim.engines.rotk --seed 7 --players 3 --strategy racer --json game.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from battlesim.engines.log import Event
from battlesim.engines.rotk.account import describe
from battlesim.engines.rotk.game import BadOptionError, play_game
from battlesim.engines.rotk.players import Strategy


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m battlesim.engines.rotk", description="The Return of the King film game."
    )
    parse.add_argument("--seed", type=int, required=True, help="the seed of the one Dice")
    parse.add_argument("--players", type=int, choices=(3, 4), default=4)
    parse.add_argument(
        "--strategy",
        action="append",
        choices=[s.value for s in Strategy],
        help="one for every seat, or repeat once per seat (default greedy)",
    )
    parse.add_argument("--variant", action="store_true", help="Gollum one space, may share")
    parse.add_argument(
        "--entry",
        choices=["once", "each_turn"],
        default="once",
        help="the pawn enters once and stays, or starts each turn on the start row (seed L120)",
    )
    parse.add_argument("--json", type=Path, help="write the result and the event log here")
    parse.add_argument("--quiet", action="store_true", help="print the outcome only")
    return parse


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    options = {"players": args.players, "strategies": args.strategy or ["greedy"]}
    options["variant"] = args.variant
    options["entry"] = args.entry
    try:
        result = play_game(seed=args.seed, options=options, listener=None if args.quiet else _show)
    except BadOptionError as error:
        parser().error(str(error))  # exits with code 2
    print(f"winner: {result.winner}  termination: {result.termination}")
    print(json.dumps(result.summary, sort_keys=True))
    if args.json:
        payload = {"seed": args.seed, "summary": result.summary, "log": result.log.to_json()}
        args.json.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    return 0


def _show(event: Event) -> None:
    line = describe(event)
    if line is not None:
        print(line)


if __name__ == "__main__":
    sys.exit(main())
