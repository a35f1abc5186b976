"""How much of the community data the BattleScribe roster export can place (no database).

For every catalogue: how many profiles a captain can be exported as (a path outside any
Warband), and, per hero, how many of the other profiles are offered inside that hero's own
entry (its Warband); the rest are exported nested in the Warband with their own entry ids.
Run: ``.venv/bin/python bench/roster_coverage.py [BSDATA_DIR]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the project root; these modules load no Django

from armybuilder.battlescribe.catalogue import (  # noqa: E402
    captain_placement,
    catalogue_data,
    follower_placement,
)
from profiles.importers.battlescribe import parse_battlescribe  # noqa: E402
from profiles.importers.bs_dataset import ParsedFaction, ProfileKind  # noqa: E402

DEFAULT_DIR = ROOT.parent / "shared" / "bsdata"


def faction_figures(directory: Path, faction: ParsedFaction) -> tuple[int, int, int, int]:
    """Return (profiles, placed anywhere, (hero, warrior) pairs, pairs in the hero's entry)."""
    data = catalogue_data(directory, faction.source_id)
    placed = sum(captain_placement(data, p.source_id) is not None for p in faction.profiles)
    pairs = found = 0
    for hero in (p for p in faction.profiles if p.kind is ProfileKind.HERO):
        captain = captain_placement(data, hero.source_id)
        if captain is None:
            continue
        for other in faction.profiles:
            if other.kind is ProfileKind.WARRIOR:
                pairs += 1
                found += follower_placement(data, other.source_id, captain.path[0]) is not None
    return len(faction.profiles), placed, pairs, found


def _directory() -> Path:
    cli = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cli.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIR)
    directory: Path = cli.parse_args().directory
    if not any(directory.glob("*.gst")):
        cli.error(f"{directory} holds no BattleScribe game system (.gst)")
    return directory


def main() -> None:
    directory = _directory()
    started = time.perf_counter()
    dataset = parse_battlescribe([directory])
    totals = [0, 0, 0, 0]
    for faction in dataset.factions:
        figures = faction_figures(directory, faction)
        totals = [a + b for a, b in zip(totals, figures, strict=True)]
    profiles, placed, pairs, found = totals
    print(f"catalogues: {len(dataset.factions)}, profiles: {profiles}")
    print(f"profiles with a path in their catalogue: {placed} ({placed / profiles:.1%})")
    print(f"(hero, warrior) pairs offered in the hero's own entry: {found}/{pairs}")
    print(f"elapsed: {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
