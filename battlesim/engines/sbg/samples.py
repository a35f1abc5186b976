"""Sample forces of about 600 points as plain data, for tests, the CLI and benchmarks.

Characteristics are those of the BattleScribe data (``shared/bsdata``: Minas_Tirith.cat,
``Warrior of Minas Tirith`` and ``Captain of Minas Tirith``; Mordor.cat and the game system,
``Orc Warrior`` and ``Orc Captain``; the game system for the Heroes of ``gondor_captains``).
Points size the forces only (data.ASSUMPTIONS "points").

Cavalry samples: ``rohan`` (Captain and Riders of Rohan on horses, with Warriors of Rohan on
foot) and ``warg_riders`` (an Orc Captain and Warg Riders with Orc Warriors); a mount named in
the options makes the model Cavalry (``mounts.py``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final

_GONDOR_WARRIOR: Final = {
    "name": "Warrior of Minas Tirith",
    "move": 6,
    "fight": 3,
    "shoot": 4,
    "strength": 3,
    "defence": 5,
    "attacks": 1,
    "wounds": 1,
    "courage": 3,
    "keywords": ["Man", "Gondor", "Infantry", "Warrior"],
    "wargear": ["heavy armour", "sword"],
    "rules": ["Shieldwall (Active)"],
    "points": 8,
}

_ORC_WARRIOR: Final = {
    "name": "Orc Warrior",
    "move": 6,
    "fight": 3,
    "shoot": 5,
    "strength": 3,
    "defence": 4,
    "attacks": 1,
    "wounds": 1,
    "courage": 2,
    "keywords": ["Orc", "Mordor", "Infantry", "Warrior"],
    "wargear": ["armour", "sword"],
    "points": 5,
}


def _with(profile: dict[str, Any], *options: str, extra: int) -> dict[str, Any]:
    return {**profile, "options": list(options), "points": profile["points"] + extra}


MINAS_TIRITH: Final[dict[str, Any]] = {
    "name": "Minas Tirith patrol",
    "alignment": "good",
    "units": [
        {
            "leader": True,
            "count": 1,
            "profile": {
                "name": "Captain of Minas Tirith",
                "move": 6,
                "fight": 4,
                "shoot": 4,
                "strength": 4,
                "defence": 6,
                "attacks": 2,
                "wounds": 2,
                "courage": 4,
                "might": 2,
                "will": 1,
                "fate": 1,
                "keywords": ["Man", "Gondor", "Infantry", "Hero", "Hero of Fortitude"],
                "wargear": ["heavy armour", "sword"],
                "options": ["shield"],
                "rules": ["Shieldwall (Active)", "Heroic March"],
                "points": 55,
            },
        },
        {"count": 24, "profile": _with(_GONDOR_WARRIOR, "shield", extra=1)},
        {"count": 16, "profile": _with(_GONDOR_WARRIOR, "shield", "spear", extra=2)},
        {"count": 12, "profile": _with(_GONDOR_WARRIOR, "bow", extra=1)},
        {"count": 1, "profile": _with(_GONDOR_WARRIOR, "shield", "banner", extra=26)},
    ],
}

MORDOR: Final[dict[str, Any]] = {
    "name": "Mordor warband",
    "alignment": "evil",
    "units": [
        {
            "leader": True,
            "count": 1,
            "profile": {
                "name": "Orc Captain",
                "move": 6,
                "fight": 4,
                "shoot": 5,
                "strength": 4,
                "defence": 5,
                "attacks": 2,
                "wounds": 2,
                "courage": 3,
                "might": 2,
                "will": 1,
                "fate": 1,
                "keywords": ["Orc", "Mordor", "Infantry", "Hero", "Hero of Fortitude"],
                "wargear": ["armour", "sword"],
                "options": ["shield"],
                "rules": ["Heroic March"],
                "points": 50,
            },
        },
        {"count": 36, "profile": _with(_ORC_WARRIOR, "shield", extra=1)},
        {"count": 24, "profile": _with(_ORC_WARRIOR, "shield", "spear", extra=2)},
        {"count": 18, "profile": _with(_ORC_WARRIOR, "orc bow", extra=1)},
        {"count": 1, "profile": _with(_ORC_WARRIOR, "shield", "banner", extra=26)},
    ],
}


_HOBBIT: Final = {
    "move": 4,
    "fight": 3,
    "shoot": 3,
    "strength": 2,
    "defence": 3,
    "attacks": 1,
    "wounds": 2,
    "courage": 6,
    "might": 2,
    "keywords": ["Hobbit", "Infantry", "Hero"],
    "rules": ["Throw Stones (Active)", "Resistant to Magic"],
}

# The Ring-bearer and his companions: Middle-Earth_Strategy_Battle_Game.gst, "Frodo
# Baggins", "Samwise Gamgee" and "Boromir of Gondor" (Boromir fights as the leader; the Horn
# of Gondor and the Mithril Coat are left out: not played).
FELLOWSHIP: Final[dict[str, Any]] = {
    "name": "Fellowship and Gondor",
    "alignment": "good",
    "units": [
        {
            "leader": True,
            "count": 1,
            "profile": {
                "name": "Boromir of Gondor",
                "move": 6,
                "fight": 6,
                "shoot": 4,
                "strength": 4,
                "defence": 5,
                "attacks": 3,
                "wounds": 3,
                "courage": 6,
                "might": 6,
                "will": 1,
                "fate": 0,
                "keywords": ["Man", "Infantry", "Hero"],
                "wargear": ["armour", "sword"],
                "options": ["shield"],
                "points": 100,
            },
        },
        {
            "count": 1,
            "profile": {
                **_HOBBIT,
                "name": "Frodo Baggins",
                "will": 3,
                "fate": 3,
                "wargear": ["dagger", "the one ring"],
                "options": ["elven cloak"],
                "points": 65,
            },
        },
        {
            "count": 1,
            "profile": {
                **_HOBBIT,
                "name": "Samwise Gamgee",
                "will": 2,
                "fate": 2,
                "wargear": ["dagger"],
                "options": ["elven cloak"],
                "points": 45,
            },
        },
        {"count": 20, "profile": _with(_GONDOR_WARRIOR, "shield", extra=1)},
        {"count": 10, "profile": _with(_GONDOR_WARRIOR, "shield", "spear", extra=2)},
        {"count": 8, "profile": _with(_GONDOR_WARRIOR, "bow", extra=1)},
        {"count": 1, "profile": _with(_GONDOR_WARRIOR, "shield", "banner", extra=26)},
    ],
}


# --- cavalry samples: BattleScribe ``Warrior of Rohan`` (Minas_Tirith.cat) and ``Háma, Captain
# of Rohan`` (game system); ``Warg Rider`` (Isengard.cat, Mordor.cat) and ``Orc Captain``.
# A mount named in the options makes the model Cavalry (mount profiles: data.MOUNT_PROFILES).

_ROHAN_WARRIOR: Final = {
    "name": "Warrior of Rohan",
    "move": 6,
    "fight": 3,
    "shoot": 4,
    "strength": 3,
    "defence": 4,
    "attacks": 1,
    "wounds": 1,
    "courage": 3,
    "keywords": ["Man", "Rohan", "Infantry", "Warrior"],
    "wargear": ["armour", "sword"],
    "points": 7,
}

_WARG_RIDER: Final = {
    **_ORC_WARRIOR,
    "name": "Warg Rider",
    "options": ["warg"],
    "points": 11,
}


def _rider(profile: dict[str, Any], name: str, *options: str, extra: int) -> dict[str, Any]:
    return {**_with(profile, *options, extra=extra), "name": name}


ROHAN: Final[dict[str, Any]] = {
    "name": "Riders of Rohan",
    "alignment": "good",
    "units": [
        {
            "leader": True,
            "count": 1,
            "profile": {
                "name": "Captain of Rohan",
                "move": 6,
                "fight": 4,
                "shoot": 4,
                "strength": 4,
                "defence": 6,
                "attacks": 2,
                "wounds": 2,
                "courage": 4,
                "might": 3,
                "will": 1,
                "fate": 1,
                "keywords": ["Man", "Rohan", "Infantry", "Hero"],
                "wargear": ["heavy armour", "sword"],
                "options": ["horse", "shield"],
                "points": 80,
            },
        },
        {"count": 10, "profile": _rider(_ROHAN_WARRIOR, "Rider of Rohan", "horse", "bow", extra=7)},
        {
            "count": 6,
            "profile": _rider(
                _ROHAN_WARRIOR, "Rider of Rohan", "horse", "throwing weapons", "shield", extra=8
            ),
        },
        {"count": 12, "profile": _with(_ROHAN_WARRIOR, "shield", extra=1)},
        {"count": 12, "profile": _with(_ROHAN_WARRIOR, "shield", "spear", extra=2)},
        {"count": 8, "profile": _with(_ROHAN_WARRIOR, "bow", extra=1)},
        {"count": 1, "profile": _with(_ROHAN_WARRIOR, "shield", "banner", extra=26)},
    ],
}

WARG_RIDERS: Final[dict[str, Any]] = {
    "name": "Warg pack",
    "alignment": "evil",
    "units": [
        {
            "leader": True,
            "count": 1,
            "profile": {
                **MORDOR["units"][0]["profile"],
                "name": "Orc Captain on Warg",
                "options": ["warg", "shield"],
                "points": 60,
            },
        },
        {"count": 8, "profile": _with(_WARG_RIDER, "warg", "throwing weapons", "shield", extra=3)},
        {"count": 8, "profile": _with(_WARG_RIDER, "warg", "orc bow", extra=2)},
        {"count": 24, "profile": _with(_ORC_WARRIOR, "shield", extra=1)},
        {"count": 16, "profile": _with(_ORC_WARRIOR, "shield", "spear", extra=2)},
        {"count": 12, "profile": _with(_ORC_WARRIOR, "orc bow", extra=1)},
        {"count": 1, "profile": _with(_ORC_WARRIOR, "shield", "banner", extra=26)},
    ],
}


# Far Harad and Harad (Middle-Earth_Strategy_Battle_Game.gst, The_Serpent_Horde.cat): the
# War Mumak of Harad (275 points, Haradrim Commander included) with six Haradrim Warriors in
# its howdah, and Haradrim Warriors (6 points) on foot.
_HARADRIM_WARRIOR: Final = {
    "name": "Haradrim Warrior",
    "move": 6,
    "fight": 3,
    "shoot": 4,
    "strength": 3,
    "defence": 4,
    "attacks": 1,
    "wounds": 1,
    "courage": 3,
    "keywords": ["Man", "Haradrim", "Infantry", "Warrior"],
    "wargear": ["armour", "dagger"],
    "points": 6,
}

_MUMAK: Final = {
    "name": "War Mumak of Harad",
    "move": 8,
    "fight": 4,
    "shoot": 5,
    "strength": 9,
    "defence": 7,
    "attacks": 3,
    "wounds": 10,
    "courage": 2,
    # WB-GEN-02 (002:L1866): the card says Hero, but the commander is the Hero, not the beast.
    "keywords": ["Mumak", "Monster", "War Beast"],
    "rules": ["Trample", "Terror", "Awesome Presence (Passive)"],
    "points": 275,
    "base_mm": 100.0,  # bases.WAR_BEAST_BASE (assumption)
    "trample_hits": 3,  # "Trample: three Strength 9 hits"
    "trample_strength": 9,
    "howdah_defence": 9,  # the Howdah profile: Defence 9, 5 Wounds
    "howdah_wounds": 5,
}

_HARADRIM_COMMANDER: Final = {
    "name": "Haradrim Commander",
    "move": 6,
    "fight": 4,
    "shoot": 4,
    "strength": 4,
    "defence": 5,
    "attacks": 2,
    "wounds": 2,
    "courage": 4,
    "might": 2,
    "will": 1,
    "fate": 1,
    "keywords": ["Man", "Haradrim", "Infantry", "Hero"],
    "wargear": ["armour", "war spear"],
    "points": 0,
}

HARAD_MUMAK: Final[dict[str, Any]] = {
    "name": "Harad war host",
    "alignment": "evil",
    "units": [
        {
            "count": 1,
            "profile": _MUMAK,
            "crew": [
                {"commander": True, "leader": True, "count": 1, "profile": _HARADRIM_COMMANDER},
                {"count": 6, "profile": _with(_HARADRIM_WARRIOR, "bow", extra=0)},
            ],
        },
        {"count": 28, "profile": _with(_HARADRIM_WARRIOR, "spear", extra=0)},
        {"count": 28, "profile": _with(_HARADRIM_WARRIOR, "bow", extra=0)},
    ],
}


def _harad_skirmish() -> dict[str, Any]:
    """The Mumak with three crew bows, and eight warriors on foot (fast tests, golden log)."""
    mumak, spears, bows = HARAD_MUMAK["units"]
    crew = [mumak["crew"][0], {**mumak["crew"][1], "count": 3}]
    units = [{**mumak, "crew": crew}, {**spears, "count": 4}, {**bows, "count": 4}]
    return {**HARAD_MUMAK, "name": f"{HARAD_MUMAK['name']} (skirmish)", "units": units}


def _hero(
    name: str, stats: tuple[int, ...], pools: tuple[int, int, int], **card: Any
) -> dict[str, Any]:
    """A Gondor Hero on foot: (fight, shoot, strength, defence, attacks, wounds, courage)."""
    keys = ("fight", "shoot", "strength", "defence", "attacks", "wounds", "courage")
    return {
        "name": name,
        "move": 6,
        **dict(zip(keys, stats, strict=True)),
        **dict(zip(("might", "will", "fate"), pools, strict=True)),
        "keywords": ["Man", "Gondor", "Infantry", "Hero"],
        **card,
    }


# Heroes of Minas Tirith (BattleScribe game system and Minas_Tirith.cat profiles; points from
# the seed where it prints them, Boromir 160 and Faramir 80 at 002:L1493, L110).
GONDOR_CAPTAINS: Final[dict[str, Any]] = {
    "name": "Captains of Gondor",
    "alignment": "good",
    "units": [
        {
            "leader": True,
            "count": 1,
            "profile": _hero(
                "Boromir, Captain of the White Tower",
                (6, 3, 4, 6, 3, 3, 6),
                (6, 3, 3),
                wargear=["heavy armour", "sword"],
                options=["shield"],
                points=165,
            ),
        },
        {
            "count": 1,
            "profile": _hero(
                "Faramir, Captain of Gondor",
                (5, 3, 4, 5, 2, 2, 6),
                (3, 3, 2),
                wargear=["armour", "sword", "bow"],
                points=80,
            ),
        },
        {
            "count": 1,
            "profile": _hero(
                "Cirion, Lieutenant of Amon Barad",
                (4, 3, 4, 6, 2, 2, 4),
                (3, 1, 1),
                wargear=["heavy armour", "sword"],
                options=["shield"],
                points=65,
            ),
        },
        {"count": 2, "profile": MINAS_TIRITH["units"][0]["profile"]},
        {"count": 11, "profile": _with(_GONDOR_WARRIOR, "shield", extra=1)},
        {"count": 7, "profile": _with(_GONDOR_WARRIOR, "shield", "spear", extra=2)},
    ],
}


# Monsters (MON-*): BattleScribe profiles (game system 'Mordor Troll', Fangorn.cat 'Ent');
# bases from bases.py (40 mm large, 60 mm huge). The Ent's unique BPA is its 'Bludgeon' rule.
_MORDOR_TROLL: Final = {
    "name": "Mordor Troll",
    "move": 6,
    "fight": 7,
    "shoot": 5,
    "strength": 7,
    "defence": 7,
    "attacks": 3,
    "wounds": 3,
    "courage": 4,
    "keywords": ["Troll", "Mordor", "Monster", "Infantry", "Warrior"],
    "rules": ["Throw Stones", "Terror"],
    "points": 100,
    "base_mm": 40,
}

_ENT: Final = {
    "name": "Ent",
    "move": 6,
    "fight": 7,
    "shoot": 4,
    "strength": 8,
    "defence": 8,
    "attacks": 3,
    "wounds": 3,
    "courage": 6,
    "keywords": ["Ent", "Monster", "Infantry", "Warrior"],
    "rules": [
        "Woodland Creature",
        "Throw Stones (Active)",
        "Terror",
        "Bludgeon (Brutal Power Attack)",
    ],
    "points": 120,
    "base_mm": 60,
}


def _with_monster(
    force: dict[str, Any], name: str, monster: dict[str, Any], counts: tuple[int, ...]
) -> dict[str, Any]:
    """A sample force cut to ``counts`` (points kept near 600) plus one Monster."""
    units = [{**unit, "count": n} for unit, n in zip(force["units"], counts, strict=True)]
    return {**force, "name": name, "units": [*units, {"count": 1, "profile": monster}]}


def _skirmish(force: dict[str, Any], counts: tuple[int, ...]) -> dict[str, Any]:
    """A small cut of a sample force (same profiles), for fast tests and golden logs."""
    units = [{**unit, "count": n} for unit, n in zip(force["units"], counts, strict=True)]
    return {**force, "name": f"{force['name']} (skirmish)", "units": units}


# MAGIC-*: casters. Gandalf the Grey (The Fellowship.cat) and the Witch-king of Angmar and a
# Ringwraith on foot (Mordor.cat) with their powers, casting values and ranges as the
# catalogue gives them ("Immobilise"/"Command" are Transfix/Compel).
_GANDALF: Final = {
    "name": "Gandalf the Grey",
    **{"move": 6, "fight": 5, "shoot": 4, "strength": 4, "defence": 5, "attacks": 1},
    **{"wounds": 3, "courage": 7, "might": 3, "will": 6, "fate": 3},
    "keywords": ["Wizard", "Infantry", "Hero", "Hero of Legend"],
    "wargear": ["Narya", "Staff of Power", "Glamdring"],
    "rules": ["Heroic Resolve", "Heroic Channelling", "Heroic Strike"],
    "powers": [
        {"name": "Terrifying Aura", "casting_value": 2, "range": None},
        {"name": "Strengthen Will", "casting_value": 4, "range": 12},
        {"name": "Sorcerous Blast", "casting_value": 5, "range": 12},
        {"name": "Protection of the Valar", "casting_value": 4, "range": None},
        {"name": "Command", "casting_value": 4, "range": 12},
        {"name": "Immobilise", "casting_value": 3, "range": 12},
        {"name": "Collapse Rocks", "casting_value": 5, "range": 6},
        {"name": "Blinding Light", "casting_value": 2, "range": None},
    ],
    "points": 170,
}
_NAZGUL_POWERS: Final = [
    {"name": "Sap Will", "casting_value": 5, "range": 12},
    {"name": "Instill Fear", "casting_value": 4, "range": 3},
    {"name": "Transfix", "casting_value": 3, "range": 12},
    {"name": "Drain Courage", "casting_value": 2, "range": 12},
    {"name": "Compel", "casting_value": 4, "range": 12},
    {"name": "Black Dart", "casting_value": 5, "range": 12},
]
_RINGWRAITH: Final = {
    "name": "Ringwraith",
    **{"move": 6, "fight": 5, "shoot": 4, "strength": 4, "defence": 8, "attacks": 1},
    **{"wounds": 1, "courage": 6, "might": 0, "will": 7, "fate": 0},
    "keywords": ["Spirit", "Ringwraith", "Mordor", "Infantry", "Hero", "Hero of Valour"],
    "wargear": ["Heavy Armour", "Sword"],
    "rules": ["Will of Evil", "Terror", "Harbinger of Evil", "Heroic Channelling"],
    "powers": _NAZGUL_POWERS,
    "points": 55,
}
_WITCH_KING: Final = {
    **_RINGWRAITH,
    "name": "The Witch-king of Angmar",
    "keywords": ["Spirit", "Ringwraith", "Mordor", "Angmar", "Infantry", "Hero", "Hero of Legend"],
    "will": 10,
    "rules": [
        *("Will of Evil", "Terror", "Harbinger of Evil", "Heroic Resolve"),
        *("Heroic Channelling", "Heroic Strike", "Heroic Strength", "Heroic Challenge"),
    ],
    "powers": [{"name": "Your Staff is Broken", "casting_value": 4, "range": 12}, *_NAZGUL_POWERS],
    "points": 70,
}


def _led_by(
    force: dict[str, Any], name: str, casters: list[Any], counts: tuple[int, ...]
) -> dict[str, Any]:
    """A sample force led by casters (the first is the leader), cut to ``counts``."""
    units = [
        {**unit, "count": n, "leader": False}
        for unit, n in zip(force["units"], counts, strict=True)
    ]
    led = [{"count": 1, "leader": i == 0, "profile": p} for i, p in enumerate(casters)]
    return {**force, "name": name, "units": [*led, *units]}


GANDALF_MINAS_TIRITH: Final = _led_by(
    MINAS_TIRITH, "Minas Tirith patrol led by Gandalf", [_GANDALF], (1, 18, 12, 7, 1)
)
NAZGUL_MORDOR: Final = _led_by(
    MORDOR, "Mordor warband led by the Nazgul", [_WITCH_KING, _RINGWRAITH], (1, 30, 20, 12, 1)
)


# SE-*: a Gondor Battlecry Trebuchet as the Minas Tirith catalogue of the BattleScribe data
# prints it (engine card (10)/10/3 and its rules; the Siege Veteran's card; two crew with the
# Warrior of Minas Tirith's card, named "Minas Tirith Crew"), 80 points with its veteran.
_SIEGE_VETERAN: Final = {
    **_GONDOR_WARRIOR,
    "name": "Minas Tirith Siege Veteran (Gondor Battlecry Trebuchet)",
    "keywords": ["Man", "Gondor", "Infantry", "Hero"],
    "might": 1,
    "will": 1,
    "fate": 1,
    "rules": [],
    "points": 80,
    "siege_engine": {
        "name": "Gondor Battlecry Trebuchet",
        "strength": 10,
        "defence": 10,
        "wounds": 3,
        "large": True,
        "rules": ["Wall-Breaker", "Indirect Fire", "Area Effect"],
        "upgrades": [],
    },
}
_TREBUCHET: Final = {
    "count": 1,
    "profile": _SIEGE_VETERAN,
    "crew": [
        {"count": 2, "profile": {**_GONDOR_WARRIOR, "name": "Minas Tirith Crew", "rules": []}}
    ],
}


def _with_engine(force: dict[str, Any], counts: tuple[int, ...]) -> dict[str, Any]:
    """A skirmish cut of a sample force plus the Trebuchet and its crew (siege bench)."""
    cut = _skirmish(force, counts)
    return {
        **cut,
        "name": f"{force['name']} with a trebuchet",
        "units": [*cut["units"], _TREBUCHET],
    }


SAMPLE_FORCES: Final = MappingProxyType(
    {
        "minas_tirith": MINAS_TIRITH,
        "mordor": MORDOR,
        "minas_tirith_skirmish": _skirmish(MINAS_TIRITH, (1, 5, 3, 2, 1)),
        "mordor_skirmish": _skirmish(MORDOR, (1, 7, 4, 3, 1)),
        "gondor_captains": GONDOR_CAPTAINS,
        "gondor_captains_skirmish": _skirmish(GONDOR_CAPTAINS, (1, 1, 1, 1, 3, 2)),
        "harad_mumak": HARAD_MUMAK,
        "harad_mumak_skirmish": _harad_skirmish(),
        "rohan": ROHAN,
        "warg_riders": WARG_RIDERS,
        "rohan_skirmish": _skirmish(ROHAN, (1, 3, 2, 3, 3, 2, 1)),
        "warg_riders_skirmish": _skirmish(WARG_RIDERS, (1, 3, 3, 5, 3, 2, 1)),
        "fellowship": FELLOWSHIP,
        "fellowship_skirmish": _skirmish(FELLOWSHIP, (1, 1, 1, 4, 3, 2, 1)),
        # MON-*: about 600 points each, a Monster included
        "mordor_troll": _with_monster(
            MORDOR, "Mordor warband with a Troll", _MORDOR_TROLL, (1, 30, 20, 14, 1)
        ),
        "minas_tirith_ent": _with_monster(
            MINAS_TIRITH, "Minas Tirith patrol with an Ent", _ENT, (1, 20, 12, 10, 1)
        ),
        "mordor_troll_skirmish": _with_monster(
            MORDOR, "Mordor warband with a Troll (skirmish)", _MORDOR_TROLL, (1, 7, 4, 3, 1)
        ),
        "minas_tirith_ent_skirmish": _with_monster(
            MINAS_TIRITH, "Minas Tirith patrol with an Ent (skirmish)", _ENT, (1, 5, 3, 2, 1)
        ),
        # MAGIC-*: casters on both sides, about 600 points
        "gandalf_minas_tirith": GANDALF_MINAS_TIRITH,
        "nazgul_mordor": NAZGUL_MORDOR,
        # SE-*: a Siege Engine with its crew
        "minas_tirith_trebuchet_skirmish": _with_engine(MINAS_TIRITH, (1, 5, 3, 2, 1)),
    }
)
