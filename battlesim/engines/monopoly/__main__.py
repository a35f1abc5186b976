"""Play one game and print a readable account.

python -m battlesim.engines.monopoly --seed 7 --variant quick --one-ring --json game.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from battlesim.engines.log import Event
from battlesim.engines.monopoly.actions import BadOptionError
from battlesim.engines.monopoly.data import SQUARES
from battlesim.engines.monopoly.game import DEFAULT_PLAYERS, VARIANTS, play_game
from battlesim.engines.monopoly.players import STRATEGIES


def _name(square: Any) -> str:
    return SQUARES[square].name if isinstance(square, int) and square >= 0 else "la banque"


def _payee(seat: int) -> str:
    return "la banque" if seat < 0 else f"J{seat}"


LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "order": lambda d: f"Ordre de jeu : {', '.join(f'J{s}' for s in d['order'])}",
    "turn": lambda d: f"-- tour {d['round']}, J{d['seat']} sur {_name(d['position'])}",
    "roll": lambda d: f"   J{d['seat']} lance {d['dice'][0]}+{d['dice'][1]} ({d['purpose']})",
    "move": lambda d: (
        f"   J{d['seat']} va sur {_name(d['to'])}"
        + (" en passant par Départ" if d["passed_go"] else "")
    ),
    "card": lambda d: f"   J{d['seat']} tire : {d['text']}",
    "deed": lambda d: (
        f"   J{d['seat']} obtient {_name(d['square'])} pour {d['price']} ({d['how']})"
    ),
    "auction": lambda d: f"   enchère : {_auction(d)}",
    "pay": lambda d: f"   J{d['seat']} paie {d['amount']} à {_payee(d['to'])} ({d['reason']})",
    "salary": lambda d: f"   J{d['seat']} touche {d['amount']}",
    "receive": lambda d: f"   J{d['seat']} reçoit {d['amount']}",
    "jail": lambda d: f"   J{d['seat']} va en prison ({d['reason']})",
    "jail_leave": lambda d: f"   J{d['seat']} sort de prison ({d['how']})",
    "manage": lambda d: f"   J{d['seat']} {d['action']} {_name(d.get('square', -1))}",
    "trade": lambda d: (
        f"   échange J{d['proposer']}->J{d['partner']} "
        + ("accepté" if d["accepted"] else "refusé")
    ),
    "deed_offer": lambda d: (
        f"   J{d['debtor']} offre {', '.join(_name(q) for q in d['squares'])} à J{d['creditor']}"
    ),
    "deeds_paid": lambda d: (
        f"   J{d['seat']} cède {', '.join(_name(q) for q in d['squares'])} à J{d['to']} "
        f"pour {d['value']}"
    ),
    "bankrupt": lambda d: f"   J{d['seat']} fait faillite envers {_payee(d['creditor'])}",
    "ring": lambda d: f"   l'Anneau Unique avance sur {_name(d['square'])}",
    "game_over": lambda d: (
        f"Fin ({d['termination']}) : J{d['winner']} gagne; valeurs {d['values']}"
    ),
}


def _auction(data: dict[str, Any]) -> str:
    what = _name(data["square"]) if "square" in data else data.get("building", "?")
    if data["winner"] is None:
        return f"{what} sans preneur"
    return f"{what} à J{data['winner']} pour {data['price']}"


def describe(event: Event) -> str | None:
    """Return the account line of an event, or None for bookkeeping events."""
    line = LINES.get(event.kind)
    return line(event.data) if line else None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m battlesim.engines.monopoly", description=__doc__
    )
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument(
        "--players",
        default=",".join(DEFAULT_PLAYERS),
        help=f"comma-separated strategies among {', '.join(sorted(STRATEGIES))}",
    )
    parser.add_argument("--variant", choices=VARIANTS, default="classic")
    parser.add_argument("--one-ring", action="store_true", help="the One Ring special rules")
    parser.add_argument("--time-limit-rounds", type=int, default=None)
    parser.add_argument("--max-rounds", type=int, default=500)
    parser.add_argument(
        "--all-rich-cash",
        type=int,
        default=None,
        help="stop once every player still in holds more cash than this (not a rule)",
    )
    parser.add_argument("--json", type=Path, default=None, help="write log and summary here")
    parser.add_argument("--quiet", action="store_true", help="print the outcome only")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    options: dict[str, Any] = {
        "players": [p.strip() for p in args.players.split(",") if p.strip()],
        "variant": args.variant,
        "one_ring": args.one_ring,
        "max_rounds": args.max_rounds,
    }
    if args.time_limit_rounds is not None:
        options["time_limit_rounds"] = args.time_limit_rounds
    if args.all_rich_cash is not None:
        options["all_rich_cash"] = args.all_rich_cash
    listener = None if args.quiet else _printer
    try:
        result = play_game(seed=args.seed, options=options, listener=listener)
    except BadOptionError as error:
        parser.error(str(error))  # exits with code 2
    print(f"Vainqueur : {result.winner} ({result.termination})")
    if args.json:
        payload = {"summary": result.summary, "log": result.log.to_json()}
        args.json.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return 0


def _printer(event: Event) -> None:
    line = describe(event)
    if line:
        print(line)


if __name__ == "__main__":
    sys.exit(main())
