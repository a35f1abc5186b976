"""How well do the SBG players play? The checks of issue 29, each a figure with its 95%
Wilson interval, the CPU time it took and the load average.

    .venv/bin/python bench/sbg_players.py [--seeds 4] [--player heuristic_v2] [--check ...]
    .venv/bin/python bench/sbg_players.py --seeds 1 --check stronger cost   # while iterating
    .venv/bin/python bench/sbg_players.py --seeds 2 --check stronger --outcomes FILE  # per battle
    .venv/bin/python bench/sbg_players.py --seeds 4 --offset 8 --check stronger  # seeds 8-11
    .venv/bin/python bench/sbg_players.py --check search --seeds 1 --tables "open field" \
        --scenarios to_the_death   # the search player v heuristic_v2 (slow: narrow it)
    .venv/bin/python bench/sbg_players.py --check search --seeds 1 --search-depth 0 \
        --search-rollouts 12       # its look-ahead's depth and copies for this run

Checks (targets of issue 29):
- stronger: the player beats heuristic_v1 in >= 65% of decisive battles, over sample
  pairings, every preset table and both scenarios, each seed with sides swapped;
- mirror: a force against itself, side 0's share of decisive battles within 5 points of 50%;
- random: the player against random >= 95% (each force against itself, both sides);
- ending: per preset table, >= 90% of battles end by the scenario's own condition (not the
  turn limit, the safety limit) when the player plays both sides;
- points: per preset table, a force against itself cut by 1/6 of its points wins >= 75%,
  sides swapped;
- balance: per preset table, the same pairing with sides swapped: the first force's win
  rates differ by <= 5 points;
- cost: CPU per battle of the player against v1's on the same battles (target <= 1.5x);
- search: the search player against ``--against`` (heuristic_v2 by default for this check),
  each ``--forces`` force (skirmish-size samples by default) against itself on every
  ``--tables`` table and ``--scenarios`` scenario, sides swapped: its share of decisive
  battles (target >= 0.60) and the CPU per battle of search v v2 beside v2 v v2 on the
  same battles (its cost, stated).

``--against`` names the player that "stronger" and "cost" compare with (the search player
is measured against heuristic_v2: target >= 60%, its cost stated).
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import load_average, rate  # noqa: E402

from battlesim.engines.sbg.core.tables_preset import PRESETS  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.policies import search as search_player  # noqa: E402
from battlesim.engines.sbg.samples import SAMPLE_FORCES  # noqa: E402

# Each sample force against itself: the forces are equal, only the players differ.
MIRROR_FORCES = ("minas_tirith", "mordor", "rohan", "warg_riders", "gondor_captains", "fellowship")
# The search check's default: the same forces at skirmish size (12-18 models; a full-size
# search battle costs minutes on a busy machine); --forces names any sample force.
SKIRMISH_MIRRORS = tuple(f"{name}_skirmish" for name in MIRROR_FORCES)
PAIRINGS = (
    ("minas_tirith", "mordor"),
    ("rohan", "warg_riders"),
    ("gondor_captains", "harad_mumak"),
    ("fellowship", "mordor_troll"),
    ("minas_tirith_ent", "mordor"),
)
SCENARIOS = ("to_the_death", "domination")
MIRRORS = ("minas_tirith", "mordor", "rohan")
SAFETY = "turn_limit"  # the termination that is the safety limit, not the scenario's own
TABLES = list(PRESETS)  # --tables narrows it (a slow player: one table at a time)
AGAINST = ["heuristic_v1"]  # --against: the player "stronger" and "cost" compare with
NARROWED: dict[str, tuple[str, ...]] = {}  # --forces, --scenarios (the search check)
OUTCOMES: list[str] = []  # --outcomes: the stronger check's battles, one JSON line each
OFFSET = [0]  # --offset: the first seed (new seeds for a check paired with main)


def seed_range(seeds: int) -> range:
    """The ``seeds`` seeds every check plays: from ``--offset`` on (0 by default)."""
    return range(OFFSET[0], OFFSET[0] + seeds)


def battle(seed: int, forces: list[Any], players: list[str], table: str, scenario: str) -> Any:
    options = {"forces": forces, "players": players, "table": table, "scenario": scenario}
    return play_game(seed=seed, options=options)


def swapped(
    seeds: int,
    scenarios: tuple[str, ...] = SCENARIOS,
    pairings: tuple[tuple[str, str], ...] = PAIRINGS,
) -> Iterator[tuple[Any, ...]]:
    """(seed, pairing, table, scenario, side the studied player or force takes)."""
    for seed in seed_range(seeds):
        for pairing in pairings:
            for table in TABLES:
                for scenario in scenarios:
                    for side in (0, 1):
                        yield seed, pairing, table, scenario, side


def stronger(seeds: int, player: str) -> None:
    """Over the sample pairings and over each sample force against itself (there only the
    players differ: a lopsided pairing is won by the stronger list whoever plays)."""
    mirrors = tuple((force, force) for force in MIRROR_FORCES)
    other = AGAINST[0]
    scenarios = NARROWED.get("scenarios", SCENARIOS)
    for label, pairings in (("sample pairings", PAIRINGS), ("same force", mirrors)):
        won = decisive = 0
        for seed, pairing, table, scenario, side in swapped(seeds, scenarios, pairings):
            players = [player, other] if side == 0 else [other, player]
            result = battle(seed, list(pairing), players, table, scenario)
            _record(seed, pairing, table, scenario, side, result)
            if result.winner is not None:
                decisive += 1
                won += int(result.winner) == side
        print(f"stronger ({label}): {player} v {other}, decisive won {rate(won, decisive)}")


def _record(seed: int, pairing: Any, table: str, scenario: str, side: int, result: Any) -> None:
    """One JSON line a battle to ``--outcomes`` (two runs' files pair battle for battle:
    which pairings and sides the player wins or loses, and what a change turned)."""
    if OUTCOMES:
        summary = result.summary
        row = {"seed": seed, "forces": list(pairing), "table": table, "scenario": scenario}
        row |= {"side": side, "winner": result.winner, "termination": result.termination}
        row |= {"start": summary["start_models"], "casualties": summary["casualties"]}
        with open(OUTCOMES[0], "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")


def mirror(seeds: int, player: str) -> None:
    first = decisive = 0
    for seed in seed_range(seeds):
        for force in MIRRORS:
            for table in TABLES:
                for scenario in SCENARIOS:
                    result = battle(seed, [force, force], [player, player], table, scenario)
                    if result.winner is not None:
                        decisive += 1
                        first += result.winner == "0"
    print(f"mirror: side 0 wins {rate(first, decisive)} of decisive (target 0.45-0.55)")


def versus_random(seeds: int, player: str) -> None:
    """Each sample force against itself (a lopsided pairing is lost by any player: the
    Mumak beats gondor_captains whoever plays it)."""
    won = played = 0
    mirrors = tuple((force, force) for force in MIRROR_FORCES)
    for seed, pairing, table, scenario, side in swapped(seeds, ("to_the_death",), mirrors):
        players = [player, "random"] if side == 0 else ["random", player]
        winner = battle(seed, list(pairing), players, table, scenario).winner
        played += 1
        won += winner is not None and int(winner) == side
    print(f"random: {player} v random, same force, wins {rate(won, played)} (target >= 0.95)")


def ending(seeds: int, player: str) -> None:
    """Each battle stopped by the safety limit is named with the models each side had left
    of its start (the scenario ends it when a side is down to a quarter)."""
    for table in TABLES:
        by_rule = played = 0
        for seed in seed_range(seeds):
            for pairing in PAIRINGS:
                for scenario in SCENARIOS:
                    result = battle(seed, list(pairing), [player, player], table, scenario)
                    played += 1
                    by_rule += result.termination != SAFETY
                    if result.termination == SAFETY:
                        print(f"  safety limit: seed {seed} {pairing} {scenario}: {_left(result)}")
        print(f"ending: {table!r} by the scenario's condition {rate(by_rule, played)} (>= 0.90)")


def _left(result: Any) -> str:
    """'left/start' of each side at the end, from the battle's summary."""
    start, lost = result.summary["start_models"], result.summary["casualties"]
    return ", ".join(f"side {k} {start[k] - lost[k]}/{start[k]}" for k in (0, 1))


def cut(name: str, share: float = 1 / 6) -> dict[str, Any]:
    """The sample force less at least ``share`` of its points: one model at a time from the
    unit with the most models (the leader stays)."""
    force = copy.deepcopy(SAMPLE_FORCES[name])
    units = force["units"]
    total = sum(u["count"] * u["profile"]["points"] for u in units)
    left = total
    while left > total * (1 - share):
        unit = max((u for u in units if not u.get("leader")), key=lambda u: u["count"])
        unit["count"] -= 1
        left -= unit["profile"]["points"]
    force["name"] = f"{force['name']} (cut to {left} of {total} points)"
    return force


def points(seeds: int, player: str) -> None:
    for table in TABLES:
        won = played = 0
        for seed in seed_range(seeds):
            for name in {f for pairing in PAIRINGS for f in pairing}:
                for side in (0, 1):
                    forces: list[Any] = [name, cut(name)] if side == 0 else [cut(name), name]
                    result = battle(seed, forces, [player, player], table, "to_the_death")
                    played += 1
                    won += result.winner is not None and int(result.winner) == side
        print(f"points: {table!r} full force v itself cut by 1/6 wins {rate(won, played)}")


def balance(seeds: int, player: str) -> None:
    for table in TABLES:
        wins = [0, 0]
        played = 0
        for seed in seed_range(seeds):
            for pairing in PAIRINGS:
                for scenario in SCENARIOS:
                    played += 1
                    for side in (0, 1):
                        forces = list(pairing) if side == 0 else list(reversed(pairing))
                        result = battle(seed, forces, [player, player], table, scenario)
                        wins[side] += result.winner == str(side)
        gap = abs(wins[0] - wins[1]) / played
        print(
            f"balance: {table!r} first force wins {rate(wins[0], played)} as side 0,"
            f" {rate(wins[1], played)} as side 1: {100 * gap:.1f} points apart (<= 5)"
        )


def cost(seeds: int, player: str) -> None:
    cpu = {}
    other = AGAINST[0]
    for name in (other, player):
        start = time.process_time()
        count = 0
        for seed, pairing, table, scenario, side in swapped(seeds):
            if side == 0:
                battle(seed, list(pairing), [name, name], table, scenario)
                count += 1
        cpu[name] = (time.process_time() - start) / count
    ratio = cpu[player] / cpu[other]
    print(
        f"cost: CPU per battle {player} {cpu[player]:.3f} s, {other}"
        f" {cpu[other]:.3f} s: {ratio:.2f}x (<= 1.5 against heuristic_v1)"
    )


def search(seeds: int, _player: str) -> None:
    """The search player against v2 (or ``--against``) where only the players differ: each
    force against itself, sides swapped. CPU per battle of search v v2 and of v2 v v2 on the
    same battles; the search player's own cost is the first less half the second."""
    other = AGAINST[0] if AGAINST[0] != "heuristic_v1" else "heuristic_v2"
    forces = NARROWED.get("forces", SKIRMISH_MIRRORS)
    scenarios = NARROWED.get("scenarios", SCENARIOS)
    won = decisive = played = turned = lost = 0
    cpu = {"search": 0.0, other: 0.0}
    mirrors = tuple((force, force) for force in forces)
    for seed, pairing, table, scenario, side in swapped(seeds, scenarios, mirrors):
        players = ["search", other] if side == 0 else [other, "search"]
        start = time.process_time()
        winner = battle(seed, list(pairing), players, table, scenario).winner
        cpu["search"] += time.process_time() - start
        start = time.process_time()
        before = battle(seed, list(pairing), [other, other], table, scenario).winner
        cpu[other] += time.process_time() - start
        played += 1
        if winner is not None:
            decisive += 1
            won += int(winner) == side
        # the same battle with v2 on both sides: did the search turn its side's result?
        turned += winner == str(side) and before != str(side)
        lost += before == str(side) and winner != str(side)
        print(f"  {seed} {pairing[0]} {table!r} {scenario} search side {side}: {winner}")
    each = {name: seconds / max(1, played) for name, seconds in cpu.items()}
    print(f"search: search v {other}, decisive won {rate(won, decisive)} (target >= 0.60)")
    print(
        f"search: against the same battles with {other} on both sides, the search won"
        f" {turned} its side did not and did not win {lost} its side did"
    )
    print(
        f"search: CPU per battle search v {other} {each['search']:.2f} s, {other} v {other}"
        f" {each[other]:.2f} s ({each['search'] / max(1e-9, each[other]):.1f}x); the search"
        f" player's own ~{each['search'] - each[other] / 2:.2f} s, {other}'s ~{each[other] / 2:.2f}"
        f" s per battle ({played} battles, {decisive} decisive)"
    )


CHECKS = {
    "stronger": stronger,
    "mirror": mirror,
    "random": versus_random,
    "ending": ending,
    "points": points,
    "balance": balance,
    "cost": cost,
    "search": search,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument(
        "--offset", type=int, default=0, help="the first seed: --seeds 4 --offset 8 plays 8-11"
    )
    parser.add_argument("--player", default="heuristic_v2")
    parser.add_argument(
        "--check", nargs="+", choices=sorted(CHECKS), default=[c for c in CHECKS if c != "search"]
    )
    parser.add_argument("--against", default="heuristic_v1", help="for stronger and cost")
    parser.add_argument("--tables", nargs="+", choices=sorted(PRESETS), default=list(PRESETS))
    parser.add_argument("--forces", nargs="+", choices=sorted(SAMPLE_FORCES), help="for search")
    parser.add_argument("--scenarios", nargs="+", choices=SCENARIOS, help="for search, stronger")
    parser.add_argument("--outcomes", help="stronger: append each battle to FILE (JSON lines)")
    parser.add_argument("--search-depth", type=int, help="for search: whole turns looked ahead")
    parser.add_argument("--search-rollouts", type=int, help="for search: copies per candidate")
    args = parser.parse_args()
    if args.search_depth is not None:
        search_player.DEPTH = args.search_depth
    if args.search_rollouts is not None:
        search_player.ROLLOUTS = args.search_rollouts
    NARROWED.update(
        {k: tuple(v) for k, v in vars(args).items() if k in ("forces", "scenarios") and v}
    )
    AGAINST[0] = args.against
    OFFSET[0] = args.offset
    OUTCOMES[:] = [args.outcomes] if args.outcomes else []
    TABLES[:] = args.tables
    print(load_average())
    for name in args.check:
        start = time.process_time()
        CHECKS[name](args.seeds, args.player)
        print(f"  ({time.process_time() - start:.0f} CPU s; {load_average()})")


if __name__ == "__main__":
    main()
