"""Turns per second of our Monopoly and Risk engines beside public simulators, one run.

The peers are checkouts of two public projects, passed as directories (nothing is vendored):
``gamescomputersplay/monopoly`` (four standard players, its log off, its early stop when every
survivor holds over 5,000) and ``chronitis/pyrisk`` (four ``BetterAI`` players, no display).
A turn is one player's turn: a Monopoly move (ours: ``summary["turns"]``, the rolls after a
double inside the turn; the peer: ``Player.make_a_move`` calls from its game loop, not the
calls it makes to itself after a double, which would count a turn with a double as two:
about 19% more turns) and a Risk turn (ours: ``summary["turns"]``; pyrisk: one
``reinforce`` call, made once per living player's turn). Ours and the peer alternate in
rounds, so both see the same load; the load average is printed with each round.

The peers keep no log, so the ratio is taken on our unlogged play (``play_unlogged``: the same
games from the same seeds, no event log or dice record; what a study's job plays when it does
not keep a battle's log); our logged play (``play_game``) is timed and printed beside it.

A Risk turn is not the same amount of play on both sides, so after the timed rounds the
throws per turn of a few games of each (untimed) are printed too. Over seeds 0-29 ours threw
8.8 times a turn (23 turns a game) and pyrisk's BetterAI 3.2 (about 125 turns a game): per
throw the gap is far smaller than per turn, and per game ours is the faster.

    .venv/bin/python bench/board_peers.py --monopoly-peer DIR --pyrisk DIR [--seconds 5]
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines import compiled  # noqa: E402
from battlesim.engines.monopoly import game as monopoly_game  # noqa: E402
from battlesim.engines.risk import game as risk_game  # noqa: E402

PYRISK_TURN_CAP = 3000  # our Risk stops at 300 turns
PYRISK_CAPPED = {"games": 0}
THROW_GAMES = 30  # seeded games of each side whose throws per turn are counted


class _Capped(Exception):
    """A pyrisk game passed the turn cap."""


Runner = Callable[[int], int | None]  # plays the game of a seed: its turns (None: left out)


def ours(play: Any, options: dict[str, Any]) -> Runner:
    return lambda seed: int(play(seed=seed, options=options).summary["turns"])


def ours_monopoly(options: dict[str, Any]) -> dict[str, Runner]:
    return {
        "ours": ours(monopoly_game.play_unlogged, options),
        "logged": ours(monopoly_game.play_game, options),
    }


def ours_risk(players: list[str]) -> dict[str, Runner]:
    options = {"players": players}
    return {
        "ours": ours(risk_game.play_unlogged, options),
        "logged": ours(risk_game.play_game, options),
    }


def _import_from(directory: Path, module: str) -> Any:
    if str(directory) not in sys.path:
        sys.path.insert(0, str(directory))
    return importlib.import_module(module)


def peer_monopoly(directory: Path) -> Runner:
    game = _import_from(directory, "monopoly.core.game")
    _import_from(directory, "monopoly.log_settings").LogSettings.KEEP_GAME_LOG = False
    player_class = _import_from(directory, "monopoly.core.player").Player
    counted = {"turns": 0, "depth": 0}
    make_a_move = player_class.make_a_move

    def counting(self: Any, *args: Any) -> Any:
        counted["turns"] += counted["depth"] == 0  # a roll after a double is the same turn
        counted["depth"] += 1
        try:
            return make_a_move(self, *args)
        finally:
            counted["depth"] -= 1

    player_class.make_a_move = counting
    game.setup_game.__globals__["Log"].save = lambda self: None  # no files written

    def run(seed: int) -> int:
        counted["turns"] = 0
        game.monopoly_game((seed + 1, seed))
        return counted["turns"]

    return run


def peer_pyrisk(directory: Path) -> Runner:
    game_module = _import_from(directory, "game")
    world = _import_from(directory, "world")
    better = _import_from(directory, "ai.better").BetterAI
    counted, capped = {"turns": 0}, PYRISK_CAPPED
    logging.getLogger("pyrisk").setLevel(logging.CRITICAL)  # its AI warnings flood the output

    class Counted(better):  # type: ignore[misc, valid-type]
        def reinforce(self, available: int) -> Any:
            counted["turns"] += 1
            if counted["turns"] > PYRISK_TURN_CAP:
                raise _Capped
            return super().reinforce(available)

    def run(seed: int) -> int:
        random.seed(seed)
        counted["turns"] = 0
        game = game_module.Game(
            curses=False,
            delay=0,
            connect=world.CONNECT,
            cmap=world.MAP,
            ckey=world.KEY,
            areas=world.AREAS,
            deal=False,
        )
        for name in ("ALPHA", "BRAVO", "CHARLIE", "DELTA"):
            game.add_player(name, Counted)
        try:
            game.play()
        except _Capped:  # pyrisk has no turn limit: a stalemate is left out of the count
            capped["games"] += 1
            return None
        return counted["turns"]

    return run


def risk_throws_per_turn(directory: Path, players: list[str], games: int) -> None:
    """Print the dice throws per turn of ``games`` seeded games of each side (untimed)."""
    game_class = _import_from(directory, "game").Game
    run, counted = peer_pyrisk(directory), {"throws": 0}
    combat = game_class.combat

    def counting(self: Any, src: Any, target: Any, f_atk: Any, f_move: Any) -> Any:
        def attacks(n_atk: int, n_def: int) -> Any:
            keep_on = f_atk(n_atk, n_def)  # each yes is one throw of its loop
            counted["throws"] += bool(keep_on)
            return keep_on

        return combat(self, src, target, attacks, f_move)

    game_class.combat = counting
    peer_turns = 0
    for seed in range(games):
        before = counted["throws"]
        played = run(seed)
        if played is None:  # a capped stalemate is left out here too
            counted["throws"] = before
        else:
            peer_turns += played
    game_class.combat = combat
    our_turns = our_throws = 0
    for seed in range(games):
        result = risk_game.play_game(seed=seed, options={"players": players})
        our_turns += result.summary["turns"]
        our_throws += len(result.log.of_kind("throw"))
    print(
        f"  throws per turn over seeds 0-{games - 1}: ours {our_throws / our_turns:.1f}"
        f" ({our_turns / games:.0f} turns a game), pyrisk {counted['throws'] / peer_turns:.1f}"
    )


def timed(runner: Runner, seconds: float, first_seed: int) -> tuple[int, int, float]:
    """Play seeded games for about ``seconds`` CPU seconds: games, turns, CPU seconds."""
    games = turns = seed = 0
    cpu = 0.0
    while cpu < seconds:
        start = time.process_time()
        played = runner(first_seed + seed)
        seed += 1
        if played is not None:
            cpu += time.process_time() - start
            games, turns = games + 1, turns + played
    return games, turns, cpu


def compare(title: str, ours: dict[str, Runner], peer: Runner, seconds: float, rounds: int) -> None:
    print(title)
    runners = {**ours, "peer": peer}
    totals = {name: [0, 0, 0.0] for name in runners}
    for round_ in range(rounds):
        for name, runner in runners.items():
            games, turns, cpu = timed(runner, seconds, 10_000 * round_)
            load = os.getloadavg()[0]
            print(
                f"  round {round_ + 1} {name:6s}: {games:5d} games {turns:8d} turns"
                f" in {cpu:5.1f} CPU s"
                f" = {turns / cpu:8.0f} turns/s, {games / cpu:6.1f} games/s (load {load:.2f})"
            )
            for i, value in enumerate((games, turns, cpu)):
                totals[name][i] += value
    rates = {name: total[1] / total[2] for name, total in totals.items()}
    peer_rate = rates["peer"]
    print(
        f"  all rounds: ours (unlogged) {rates['ours']:.0f} turns/s, peer {peer_rate:.0f}:"
        f" {rates['ours'] / peer_rate:.2f}x; ours logged {rates['logged']:.0f}:"
        f" {rates['logged'] / peer_rate:.2f}x"
    )


def main() -> int:
    cli = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    cli.add_argument("--monopoly-peer", type=Path, help="checkout of gamescomputersplay/monopoly")
    cli.add_argument("--pyrisk", type=Path, help="checkout of chronitis/pyrisk")
    cli.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per side per round")
    cli.add_argument("--rounds", type=int, default=2)
    args = cli.parse_args()
    print(f"load average at start: {', '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print(f"our engines: {compiled.STATUS}")
    if args.monopoly_peer:
        sys.setrecursionlimit(10_000)
        compare(
            "Monopoly, four players (ours: default strategies, early stop at 5,000 like the peer)",
            ours_monopoly({"all_rich_cash": 5000}),
            peer_monopoly(args.monopoly_peer.resolve()),
            args.seconds,
            args.rounds,
        )
    if args.pyrisk:
        players = ["aggressive", "defensive", "region", "strategist"]
        compare(
            "Risk, four players (ours: aggressive, defensive, region, strategist;"
            " pyrisk: BetterAI)",
            ours_risk(players),
            peer_pyrisk(args.pyrisk.resolve()),
            args.seconds,
            args.rounds,
        )
        cut = PYRISK_CAPPED["games"]
        print(f"  pyrisk stalemates cut at {PYRISK_TURN_CAP} turns and left out: {cut}")
        risk_throws_per_turn(args.pyrisk.resolve(), players, THROW_GAMES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
