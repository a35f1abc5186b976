"""Board names in the reader's language, where the sources give both.

Monopoly LOTR (Trilogy Edition): the engine's square names are French (seed 001 and the
Ledoux translation); the English ones below are the LOTR names the reviews of the same
Hasbro edition give, and the classic board's names for the corners and taxes' places
(shared reference ``simple-games.md`` §2.1, column "LOTR (EN)"). Risk LOTR: its only source
(seed 003) is English, so territories keep their English names in both languages; the
Return of the King's board has no names shown.
"""

from __future__ import annotations

from battlesim.engines.monopoly.data import SQUARES

MONOPOLY_ENGLISH: tuple[str, ...] = (
    "GO", "Bag End", "Events", "Farmer Maggot's", "Seen by the Palantír", "Bill the Pony",
    "Bucklebury Ferry", "People", "Bree", "Weathertop", "Jail", "Ford of Bruinen",
    "Staff of Gandalf", "Rivendell", "Pass of Caradhras", "Asfaloth", "Mines of Moria",
    "Events", "Lothlórien", "Falls of Rauros", "Free Parking", "Gap of Rohan", "People",
    "Helm's Deep", "Edoras", "Brego", "Fangorn Forest", "Westfold", "Staff of Saruman",
    "Isengard", "Go To Jail", "Osgiliath", "Pelennor Fields", "Events", "Minas Tirith",
    "Shadowfax", "People", "Barad-dûr", "Shelob's Lair", "Mount Doom",
)  # fmt: skip


def monopoly_square_names(language: str | None) -> list[str]:
    """The 40 squares' names in board order: French for a French reader, else English."""
    if (language or "").split("-")[0] == "fr":
        return [square.name for square in SQUARES]
    return list(MONOPOLY_ENGLISH)
