"""The game's words for the site's pages: what a job's unit is called, why a battle ended,
and readable names for the figures of the engines' summaries (``casualties[0]`` becomes
"Casualties of Minas Tirith patrol"). Django-free, so the CLI and the worker use it too."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from battlesim.phrasebook import gettext_noop

NOUNS = {"sbg": (gettext_noop("battle"), gettext_noop("battles"))}
GAME_NOUN = (gettext_noop("game"), gettext_noop("games"))

# How each engine's terminations read, and which are safety stops rather than the game's
# own end (their winner is decided by the points at that moment, not by the rules' end).
ENDINGS: dict[str, dict[str, str]] = {
    "sbg": {
        "reduced_to_quarter": gettext_noop("a force reduced to a quarter of its models"),
        "wiped_out": gettext_noop("a force wiped out"),
        "turn_limit": gettext_noop("turn limit reached (a safety stop, decided on victory points)"),
    },
    "rotk": {
        "ring": gettext_noop("the Ring destroyed in the crater"),
        "black_gate": gettext_noop("the Black Gate taken"),
        "gollum": gettext_noop("Gollum reached the crater first"),
        "round_limit": gettext_noop("round limit reached (a safety stop)"),
    },
    "monopoly": {
        "last_player": gettext_noop("one player left"),
        "second_bankruptcy": gettext_noop("second bankruptcy (quick game)"),
        "time_limit": gettext_noop("time limit of the quick game"),
        "ring_at_mount_doom": gettext_noop("the Ring reached Mount Doom"),
        "round_limit": gettext_noop("round limit reached (a safety stop)"),
        "all_rich": gettext_noop("every survivor richer than the target (option)"),
    },
    "risk": {
        "ring_destroyed": gettext_noop("the Ring destroyed"),
        "turn_limit": gettext_noop("turn limit reached (a safety stop)"),
    },
}
SAFETY_STOPS: dict[str, frozenset[str]] = {
    "sbg": frozenset({"turn_limit"}),
    "rotk": frozenset({"round_limit"}),
    "monopoly": frozenset({"round_limit"}),
    "risk": frozenset({"turn_limit"}),
}
# Above this share of safety stops a page warns that the win rates are about the limit.
MANY_SAFETY_STOPS = 0.2

FIGURES = {
    "turns": gettext_noop("Turns played"),
    "rounds": gettext_noop("Rounds played"),
    "casualties": gettext_noop("Models slain"),
    "start_models": gettext_noop("Models at the start"),
    "victory_points": gettext_noop("Victory points"),
    "broken": gettext_noop("Broken (1 = yes)"),
    "spells_cast": gettext_noop("Spells cast"),
    "spells_resisted": gettext_noop("Spells resisted"),
}
SEAT = re.compile(r"^seat (?P<number>\d+)$")
SIDE_LIST = re.compile(r"^(?P<key>[a-z_]+)\[(?P<side>\d+)\]$")


def noun(game: str, plural: bool = True) -> str:
    """ "battles" for the SBG, "games" for the board games."""
    single, many = NOUNS.get(game, GAME_NOUN)
    return many if plural else single


def ending_label(game: str, termination: str) -> str:
    return ENDINGS.get(game, {}).get(termination, termination.replace("_", " "))


def is_safety_stop(game: str, termination: str) -> bool:
    return termination in SAFETY_STOPS.get(game, frozenset())


def side_names(names: Sequence[str]) -> list[str]:
    """Sides by list name; a mirror match tells its two lists apart."""
    if len(names) == 2 and names[0] == names[1]:
        return [f"{names[0]} (first list)", f"{names[1]} (second list)"]
    return list(names)


def figure_label(game: str, key: str, sides: Sequence[str] = ()) -> str:
    """``casualties[1]`` -> "Models slain: Mordor"; a seat of a board game is "seat 2"."""
    match = SIDE_LIST.match(key)
    base, side = (match["key"], int(match["side"])) if match else (key, None)
    text = FIGURES.get(base, base.replace("_", " ").capitalize())
    if side is None:
        return text
    if game == "sbg" and side < len(sides):
        return f"{text}: {sides[side]}"
    return f"{text}: seat {side + 1}"


def translated_label(label: str, translate: Callable[[str], str]) -> str:
    """A label of stored statistics (written in English by the worker) in the reader's
    language: a text the catalogue knows, whole or before its ": " ("Models slain: Rohan"),
    or a seat; names of lists, models and strategies stay as they are."""
    if not label:
        return label
    whole = translate(label)
    if whole != label:
        return whole
    head, sep, tail = label.partition(": ")
    if sep and translate(head) != head:
        return f"{translate(head)}{sep}{tail}"
    seat = SEAT.match(label)
    if seat:
        return translate(gettext_noop("seat {number}")).format(number=seat["number"])
    return label
