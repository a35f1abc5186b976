"""Play one game of Risk LOTR from the command line and print a readable account.

python -m battlesim.engines.risk --seed 7 --players aggressive,region,defensive,random
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from battlesim.engines.log import Event
from battlesim.engines.risk.account import Account
from battlesim.engines.risk.actions import BadOptionError
from battlesim.engines.risk.game import DEFAULT_PLAYERS, play_game


def parser() -> argparse.ArgumentParser:
    cli = argparse.ArgumentParser(prog="python -m battlesim.engines.risk", description=__doc__)
    cli.add_argument("--seed", type=int, required=True, help="seed of the one Dice")
    cli.add_argument(
        "--players",
        default=",".join(DEFAULT_PLAYERS),
        help="2-4 strategies, comma separated: random, aggressive, region, defensive",
    )
    cli.add_argument("--turn-limit", type=int, default=300, help="safety limit on turns")
    cli.add_argument("--leaders", type=int, choices=(1, 2), default=1, help="leaders at set-up")
    cli.add_argument("--scoring", choices=("team", "player"), help="default: team, 3p player")
    cli.add_argument(
        "--card-bonus", action="store_true", help="2002 rule: +2 on a traded card's territory"
    )
    cli.add_argument("--json", type=Path, help="write the summary and the event log here")
    cli.add_argument("--quiet", action="store_true", help="print only the result")
    return cli


def printer() -> Callable[[Event], None]:
    account = Account()

    def show(event: Event) -> None:
        line = account.describe(event)
        if line is not None:
            print(line)

    return show


def main(argv: Sequence[str] | None = None) -> int:
    cli = parser()
    args = cli.parse_args(argv)
    options = {
        "players": [name.strip() for name in args.players.split(",") if name.strip()],
        "turn_limit": args.turn_limit,
        "leaders_at_setup": args.leaders,
        "scoring": args.scoring,
        "card_territory_bonus": args.card_bonus,
    }
    try:
        listener = None if args.quiet else printer()
        result = play_game(seed=args.seed, options=options, listener=listener)
    except BadOptionError as error:
        cli.error(str(error))  # exits with code 2
    if args.quiet:
        print(f"winner {result.winner} ({result.termination}); scores {result.summary['scores']}")
    if args.json:
        payload = {"summary": result.summary, "log": result.log.to_json()}
        args.json.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
