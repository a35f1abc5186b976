"""Random-legal fuzz of the Evil armies' rules (issue 19): one battle per Evil faction of a
BattleScribe data folder against a Good faction drawn at random, each force holding one unit
of every profile of its faction (so every Evil profile plays at least once across the runs),
with options drawn at random (at most one per option group; a Siege Veteran brings his
engine with the upgrades drawn among his options), a random player on one side
and the heuristic on the other (in turn). It prints each battle, how many raised an exception
(there should be none), casualties and the names left unplayed, then CPU time and load.

    .venv/bin/python bench/sbg_evil_fuzz.py ../shared/bsdata [SEED]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.sbg.core.tables_preset import PRESETS  # noqa: E402
from battlesim.engines.sbg.core.units import STAND_IN, is_stand_in, stand_in_rule  # noqa: E402
from battlesim.engines.sbg.coverage import load_dataset  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from profiles.importers.bs_dataset import ParsedFaction, ParsedProfile, Side  # noqa: E402
from profiles.stat_values import SYMBOLS, StatKind  # noqa: E402

NO_SHOOT_VALUE = 6  # as battlesim/engine_input.py: a "-" Shoot value is never rolled


def card(parsed: ParsedProfile) -> dict[str, Any]:
    """The engine's card of an imported profile, as battlesim/engine_input.py makes it."""
    c = parsed.characteristics
    numbers = {key: getattr(c, key) for key in STAND_IN}
    heroic = [a if a.lower().startswith("heroic") else f"Heroic {a}" for a in parsed.heroic_actions]
    symbols = [(field, SYMBOLS[StatKind(kind)]) for field, kind in c.notes]
    stand_ins = [stand_in_rule(f, s) for f, s in symbols if is_stand_in(f, s)]
    powers = [
        {"name": p.name, "casting_value": p.casting_value, "range": p.range_inches}
        for p in parsed.powers
    ]
    return {
        "name": parsed.name,
        **{key: STAND_IN[key] if value is None else value for key, value in numbers.items()},
        "shoot": c.shoot if c.shoot is not None else NO_SHOOT_VALUE,
        "might": c.might or 0,
        "will": c.will or 0,
        "fate": c.fate or 0,
        "keywords": list(parsed.keywords),
        "wargear": list(parsed.wargear),
        "rules": [rule.name for rule in parsed.rules] + heroic + stand_ins,
        "points": parsed.points,
        **({"powers": powers} if powers else {}),
    }


def options(parsed: ParsedProfile, rng: random.Random) -> list[str]:
    """A random pick of the profile's plain options, at most one per group."""
    picked: dict[str, str] = {}
    for option in parsed.options:
        if option.conditional or rng.random() < 0.5:
            continue
        picked.setdefault(option.group or option.name, option.name)
    return sorted(picked.values())


def engine_card(parsed: ParsedProfile, bought: list[str]) -> dict[str, Any]:
    """SE-VET-01, SE-UPG-*: a Siege Veteran's (or Engineer Captain's) engine card with the
    upgrades bought among his options, as battlesim/engine_input._engine_card gives it; an
    engine bought as the Hero's option comes only with that option."""
    engine = parsed.siege_engine
    if engine is None or (engine.option and engine.option not in bought):
        return {}
    numbers = {key: getattr(engine, key) for key in ("name", "strength", "defence", "wounds")}
    upgrades = [name for name in bought if name in engine.upgrades]
    return {"siege_engine": {**numbers, "rules": list(engine.rules), "upgrades": upgrades}}


def unit(profile: ParsedProfile, leader: bool, rng: random.Random) -> dict[str, Any]:
    bought = options(profile, rng)
    return {
        "count": max(1, profile.models_per_unit),
        "leader": leader,
        "profile": {**card(profile), "options": bought, **engine_card(profile, bought)},
    }


def force(faction: ParsedFaction, rng: random.Random) -> dict[str, Any]:
    """One unit of each profile of the faction (a team entry brings its models; a veteran
    his siege engine); the first Hero of the highest points leads."""
    heroes = [p for p in faction.profiles if p.heroic_tier is not None]
    leader = max(heroes, key=lambda p: p.points).source_id if heroes else None
    units = [unit(profile, profile.source_id == leader, rng) for profile in faction.profiles]
    return {"name": faction.name, "alignment": faction.side.value, "units": units}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("bsdata", type=Path, help="folder of one .gst and its .cat files")
    parser.add_argument("seed", type=int, nargs="?", default=19)
    args = parser.parse_args()
    if not args.bsdata.is_dir():
        parser.error(f"{args.bsdata} is not a folder")
    dataset = load_dataset(args.bsdata)
    seed = args.seed
    rng = random.Random(seed)
    evil = [f for f in dataset.factions if f.side is Side.EVIL]
    good = [f for f in dataset.factions if f.side is Side.GOOD]
    tables, failures, fallen, profiles, ignored = list(PRESETS), 0, 0, 0, set()
    engines = shots = 0
    start = time.process_time()
    for n, faction in enumerate(evil):
        rival = rng.choice(good)
        forces = [force(faction, rng), force(rival, rng)]
        profiles += len(faction.profiles)
        engines += sum(u["count"] for u in forces[0]["units"] if "siege_engine" in u["profile"])
        options = {
            "forces": forces,
            "table": tables[n % len(tables)],
            "players": ["random", "heuristic"] if n % 2 else ["heuristic", "random"],
        }
        label = f"seed {seed * 1000 + n}: {faction.name} v {rival.name}, {options['table']}"
        try:
            result = play_game(seed=seed * 1000 + n, options=options)
        except Exception:  # noqa: BLE001  (the fuzz reports every failure)
            failures += 1
            print(f"{label}: EXCEPTION", file=sys.stderr)
            traceback.print_exc(limit=6)
            continue
        dead = sum(1 for event in result.log.events if event.kind == "casualty")
        fallen += dead
        shots += sum(1 for event in result.log.events if event.kind == "engine_shot")
        ignored.update(result.summary["ignored"][0])  # the Evil force's unplayed names
        print(
            f"{label}: winner {result.winner}, {dead} casualties, {result.summary['turns']} turns"
        )
    cpu = time.process_time() - start
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{len(evil)} battles ({profiles} Evil profiles, each at least once), ", end="")
    print(f"{failures} with an exception, {fallen} casualties")
    print(f"{engines} siege engines in the Evil forces, {shots} engine shots")
    print(f"{len(ignored)} names unplayed in the Evil forces: {', '.join(sorted(ignored))}")
    print(f"{cpu:.1f} CPU s, load {load}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
