"""Random-legal fuzz over the Good factions of BattleScribe data (issue 18).

One battle per Good faction, each of its profiles once in its force (so every Good profile
plays at least once across the runs), against a random Evil faction (up to 12 of its
profiles, drawn at random): a random player on one side and the heuristic on the other (in
turn), on the preset tables in turn. Cards are built as the site's battlesim/engine_input.py
builds them from the imported data. It prints the battles, how many raised an exception
(there should be none), the Good profiles that played, the casualties and turns, the names
left unplayed, then CPU time.

    .venv/bin/python bench/sbg_good_fuzz.py [BSDATA_FOLDER] [SEED] [FACTION,FACTION...]

A profile's other form (a Skin-changer's bear) and its siege engine come with its card (an
engine its Hero buys as an option is bought: the Windlance).
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
from battlesim.engines.sbg.core.units import STAND_IN  # noqa: E402
from battlesim.engines.sbg.coverage import _stand_ins, load_dataset  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.options import apply_effects  # noqa: E402
from profiles.importers.bs_dataset import TIER_BY_NAME  # noqa: E402
from profiles.importers.bs_option_effects import option_effects  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "bsdata"  # the project's ../shared/bsdata
FOES = 12
NO_SHOOT_VALUE = 6  # as battlesim/engine_input.py
TIER_NAMES = {tier: name for name, tier in TIER_BY_NAME.items()}


def card(parsed: Any) -> dict[str, Any]:
    """The engine card of an imported profile (battlesim/engine_input.profile_card's shape)."""
    c = parsed.characteristics
    numbers = {key: getattr(c, key) for key in STAND_IN}
    heroic = [a if a.lower().startswith("heroic") else f"Heroic {a}" for a in parsed.heroic_actions]
    tier = [TIER_NAMES[parsed.heroic_tier]] if parsed.heroic_tier is not None else []
    found: dict[str, Any] = {
        "name": parsed.name,
        **{key: STAND_IN[key] if value is None else value for key, value in numbers.items()},
        "shoot": c.shoot if c.shoot is not None else NO_SHOOT_VALUE,
        **{key: getattr(c, key) or 0 for key in ("might", "will", "fate")},
        "keywords": [*parsed.keywords, *tier],
        "wargear": list(parsed.wargear),
        "rules": [r.name for r in parsed.rules] + heroic + _stand_ins(c.notes, parsed),
        "points": parsed.points,
    }
    powers = [
        {"name": p.name, "casting_value": p.casting_value, "range": p.range_inches or 12}
        for p in parsed.powers
    ]
    if parsed.form is not None:  # a Skin-changer's bear (engine_input._form)
        found["form"] = form_card(parsed, found)
    engine = parsed.siege_engine
    if engine is not None:  # its engine (an option engine bought: the Windlance)
        found["siege_engine"] = {
            **{k: getattr(engine, k) for k in ("name", "strength", "defence", "wounds")},
            "rules": list(engine.rules),
        }
        found["options"] = [engine.option] if engine.option else []
    return {**found, "powers": powers} if powers else found


def form_card(parsed: Any, own: dict[str, Any]) -> dict[str, Any]:
    """The other form's card as battlesim/engine_input._form builds it."""
    form = parsed.form
    c = form.characteristics
    numbers = {key: getattr(c, key) for key in (*STAND_IN, "shoot")}
    heroic = [a if a.lower().startswith("heroic") else f"Heroic {a}" for a in form.heroic_actions]
    return {
        **{key: own[key] if value is None else value for key, value in numbers.items()},
        "name": form.name,
        **{key: own[key] for key in ("might", "will", "fate", "points")},
        "keywords": [*form.keywords, *own["keywords"][len(parsed.keywords) :]],
        "wargear": [],
        "rules": list(dict.fromkeys([*own["rules"], *form.rules, *heroic])),
    }


def bought(parsed: Any, own: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The card with a random pick of the profile's plain options (at most one per group)
    bought, played from their data effects where the engine knows no rule for them
    (options.apply_effects, as battlesim/engine_input does)."""
    picked: dict[str, str] = {}
    for option in parsed.options:
        if not option.conditional and rng.random() < 0.5:
            picked.setdefault(option.group or option.name, option.name)
    names = sorted({*own.get("options", ()), *picked.values()})
    effects = {o.name: option_effects(o) for o in parsed.options}
    return apply_effects({**own, "options": names}, dict.fromkeys(names, 1), effects)


def force(name: str, side: str, profiles: list[Any], rng: random.Random) -> dict[str, Any]:
    units = [{"profile": bought(p, card(p), rng), "count": 1} for p in profiles]
    heroes = [u for u in units if "Hero" in u["profile"]["keywords"]]
    if heroes:
        heroes[0]["leader"] = True
    return {"name": name, "alignment": side, "units": units}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("bsdata", type=Path, nargs="?", default=DEFAULT_DATA)
    parser.add_argument("seed", type=int, nargs="?", default=18)
    parser.add_argument("factions", nargs="?", default="", help="FACTION,FACTION... (all)")
    args = parser.parse_args()
    if not args.bsdata.is_dir():
        parser.error(f"{args.bsdata} is not a folder")
    folder, seed = args.bsdata, args.seed
    only = {name.strip() for name in args.factions.split(",") if name.strip()}
    dataset = load_dataset(folder)
    good = [f for f in dataset.factions if getattr(f.side, "value", "") == "good"]
    good = [f for f in good if not only or f.name in only]
    evil = [f for f in dataset.factions if getattr(f.side, "value", "") == "evil"]
    rng, tables = random.Random(seed), list(PRESETS)
    failures, played, fallen, turns, ignored = 0, 0, 0, 0, set()
    start = time.process_time()
    for n, faction in enumerate(good):
        foe = rng.choice(evil)
        theirs = rng.sample(list(foe.profiles), min(FOES, len(foe.profiles)))
        options = {
            "forces": [
                force(faction.name, "good", list(faction.profiles), rng),
                force(foe.name, "evil", theirs, rng),
            ],
            "table": tables[n % len(tables)],
            # a random player on one side (every legal choice in time), the heuristic on the
            # other, so that the armies meet and fight (in turn, as bench/sbg_rules_fuzz.py)
            "players": ["random", "heuristic"] if n % 2 else ["heuristic", "random"],
        }
        try:
            result = play_game(seed=seed * 1000 + n, options=options)
        except Exception:  # noqa: BLE001  (the fuzz reports every failure)
            failures += 1
            print(f"{faction.name} v {foe.name} (seed {seed * 1000 + n}):", file=sys.stderr)
            traceback.print_exc(limit=6)
            continue
        played += len(faction.profiles)
        fallen += sum(1 for event in result.log.events if event.kind == "casualty")
        turns += result.summary.get("turns", 0) if isinstance(result.summary, dict) else 0
        ignored.update(result.summary["ignored"][0] if isinstance(result.summary, dict) else ())
        print(f"  {faction.name} ({len(faction.profiles)} profiles) v {foe.name}: ok")
    total = sum(len(f.profiles) for f in good)
    cpu = time.process_time() - start
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{len(good)} battles, {failures} with an exception")
    print(f"Good profiles played: {played}/{total}; {fallen} casualties, {turns} turns")
    print(
        f"Good names left unplayed in these battles: {len(ignored)}: {', '.join(sorted(ignored))}"
    )
    print(f"{cpu:.1f} CPU s, load {load}")
    return 1 if failures or played < total else 0


if __name__ == "__main__":
    sys.exit(main())
