"""Each event of an SBG battle log told in one sentence, with the models' names: "Boromir of
Gondor (A01) charges Orc Warrior (B07)", "Duel: Boromir of Gondor (A01) 6 v 3 Orc Warrior
(B07): Boromir of Gondor (A01) wins". The replay page shows these sentences and the dice
beside them. Django-free: it reads the log alone (the set-up event names every model).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from battlesim.wording import ending_label

Event = Mapping[str, Any]
MODEL_ID = re.compile(r"\b[AB]\d{2,3}[a-z]?\b")
PHASES = {"priority": "Priority", "move": "Move", "shoot": "Shoot", "fight": "Fight", "end": "End"}


class Names:
    """Model ids to "Profile name (A03)", and sides to their force's name."""

    def __init__(self, setup: Event | None) -> None:
        forces = list((setup or {}).get("forces") or [])
        self.models: dict[str, str] = {}
        self.forces = [str(f.get("name", f"side {i + 1}")) for i, f in enumerate(forces)]
        for force in forces:
            for uid, profile in (force.get("models") or {}).items():
                self.models[str(uid)] = f"{profile} ({uid})"

    def model(self, uid: Any) -> str:
        if not isinstance(uid, str):
            return "?"
        return self.models.get(uid, uid)

    def models_of(self, uids: Any) -> str:
        if not isinstance(uids, list) or not uids:
            return "nobody"
        return _and([self.model(uid) for uid in uids])

    def side(self, player: Any) -> str:
        if isinstance(player, int) and 0 <= player < len(self.forces):
            return self.forces[player]
        return f"side {player}"

    def text(self, value: Any) -> str:
        """Free text of the log with every model id named."""
        return MODEL_ID.sub(lambda m: self.model(m.group(0)), str(value))


def _and(items: Sequence[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _inches(start: Any, end: Any) -> str:
    try:
        return f'{math.dist(start, end):.1f}"'
    except (TypeError, ValueError):
        return "some way"


def _roll(e: Event, n: Names) -> str:
    purpose = str(e.get("purpose", ""))
    rules: list[tuple[str, str]] = [
        (r"^duel support (\S+)$", "{0} rolls to support the duel"),
        (r"^duel roll-off$", "A roll-off breaks the duel's tie"),
        (r"^duel (\S+)$", "{0} rolls in the duel"),
        (r"^to hit (\S+)->(\S+)$", "{0} rolls to hit {1}"),
        (
            r"^strike (\S+)->(\S+) \(S(\d+) D(\d+)\)$",
            "{0} strikes {1} (Strength {2} v Defence {3})",
        ),
        (
            r"^to wound (\S+)->(\S+) \(S(\d+) D(\d+)\)$",
            "{0} rolls to wound {1} (Strength {2} v Defence {3})",
        ),
        (r"^priority side (\d)$", "priority"),
        (r"^courage (\S+) \((.+)\)$", "{0} takes a Courage test ({1})"),
        (r"^in the way (\S+) \((.+)\)$", "{0} is in the way of the shot ({1} to be hit)"),
        (r"^shooting into combat (\S+)$", "{0} shoots into a fight: who is hit?"),
        (r"^banner re-roll (\S+)$", "{0}'s banner gives a re-roll"),
        (r"^cast (\S+) \((.+)\)$", "{0} casts a power ({1})"),
        (r"^fate save for (\S+)$", "{0} rolls a Fate save"),
    ]
    for pattern, words in rules:
        match = re.match(pattern, purpose)
        if match is None:
            continue
        parts = [n.model(g) if MODEL_ID.fullmatch(g) else g for g in match.groups()]
        if words == "priority":
            return f"{n.side(int(parts[0]))} rolls for priority"
        return words.format(*parts)
    return f"Roll: {n.text(purpose)}"


def _duel(e: Event, n: Names) -> str:
    combat = [str(uid) for uid in e.get("combat") or []]
    sides = [[uid for uid in combat if uid.startswith(p)] for p in ("A", "B")]
    dice = e.get("dice") or [[], []]
    best = [max(d) if isinstance(d, list) and d else "?" for d in dice]
    names = [n.models_of(side) for side in sides]
    winner = e.get("winner")
    won = names[winner] if winner in (0, 1) else "nobody"
    return f"Duel: {names[0]} {best[0]} v {best[1]} {names[1]}: {won} wins"


def _action(e: Event, n: Names) -> str:
    kind = e.get("type")
    if kind == "charge":
        return f"{n.model(e.get('model'))} charges {n.model(e.get('target'))}"
    if kind == "hold":
        return f"{n.model(e.get('model'))} stands still"
    if kind == "move":
        return f"{n.model(e.get('model'))} sets off"
    return f"{n.model(e.get('model'))}: {str(kind).replace('_', ' ')}"


def _wound(e: Event, n: Names) -> str:
    left = e.get("wounds_left")
    after = "no wounds left" if left == 0 else f"{left} wound{'s' if left != 1 else ''} left"
    return f"{n.model(e.get('model'))} is wounded ({n.text(e.get('source', ''))}): {after}"


def _outcome(e: Event, n: Names) -> str:
    points = e.get("victory_points") or [0, 0]
    winner = e.get("winner")
    result = f"{n.side(winner)} wins" if winner in (0, 1) else "a draw"
    ending = ending_label("sbg", str(e.get("termination", "")))
    return (
        f"The battle ends in turn {e.get('turn')}: {ending}. Victory points "
        f"{n.side(0)} {points[0]}, {n.side(1)} {points[1]}: {result}"
    )


def _setup(e: Event, n: Names) -> str:
    forces = e.get("forces") or []
    counts = [len(f.get("models") or {}) for f in forces]
    sides = " v ".join(f"{n.side(i)} ({c} models)" for i, c in enumerate(counts))
    scenario = str(e.get("scenario", "")).replace("_", " ")
    return f"{sides}: {scenario}, at most {e.get('turn_limit')} turns"


def _end_of_turn(e: Event, n: Names) -> str:
    alive = e.get("alive") or []
    left = ", ".join(f"{n.side(i)} {count}" for i, count in enumerate(alive))
    return f"End of turn {e.get('turn')}; models left: {left}"


SENTENCES: dict[str, Callable[[Event, Names], str]] = {
    "setup": _setup,
    "phase": lambda e, n: (
        f"Turn {e.get('turn')}: {PHASES.get(e.get('phase'), e.get('phase'))} phase"
    ),
    "priority": lambda e, n: f"{n.side(e.get('player'))} has priority this turn",
    "roll": _roll,
    "action": _action,
    "move": lambda e, n: f"{n.model(e.get('model'))} moves {_inches(e.get('start'), e.get('end'))}",
    "shot": lambda e, n: (
        f"{n.model(e.get('shooter'))} shoots at {n.model(e.get('target'))}: "
        + ("a hit" if e.get("hit") else "a miss")
    ),
    "duel": _duel,
    "casualty": lambda e, n: (
        f"{n.model(e.get('model'))} is slain"
        if e.get("reason") == "slain"
        else f"{n.model(e.get('model'))} is removed ({n.text(e.get('reason'))})"
    ),
    "support": lambda e, n: f"{n.model(e.get('model'))} supports {n.model(e.get('supports'))}",
    "wound": _wound,
    "trapped": lambda e, n: f"{n.model(e.get('model'))} is trapped: its strikes count double",
    "courage": lambda e, n: (
        f"{n.model(e.get('model'))} {'passes' if e.get('passed') else 'fails'} a Courage test "
        f"({e.get('reason')}) with {e.get('total')}"
    ),
    "combats": lambda e, n: f"The fights are set: {len(e.get('combats') or [])} combats",
    "end_of_turn": _end_of_turn,
    "in_the_way_hit": lambda e, n: (
        f"{n.model(e.get('shooter'))}'s shot hits {n.model(e.get('obstruction'))}, in the way"
    ),
    "shielding": lambda e, n: f"{n.models_of(e.get('models'))} shield themselves",
    "will_lost": lambda e, n: (
        f"{n.model(e.get('model'))} loses {e.get('points')} Will ({e.get('rule')}); "
        f"{e.get('will')} left"
    ),
    "two_hands": lambda e, n: f"{n.model(e.get('model'))} strikes with both hands",
    "stand_fast": lambda e, n: (
        f"{n.model(e.get('hero'))} calls Stand Fast! for {n.model(e.get('model'))}"
    ),
    "cavalry_charge": lambda e, n: f"{n.model(e.get('model'))} charges home on horseback",
    "cast": lambda e, n: (
        f"{n.model(e.get('model'))} casts {n.text(e.get('power', ''))} at "
        f"{n.model(e.get('target'))}: " + ("it is cast" if e.get("cast") else "it fails")
    ),
    "spell": lambda e, n: (
        f"{str(e.get('name', '')).capitalize()} takes effect on {n.models_of(e.get('affected'))}"
    ),
    "knocked_down": lambda e, n: (
        f"{n.model(e.get('model'))} is knocked to the ground ({e.get('cause')})"
    ),
    "might": lambda e, n: (
        f"{n.model(e.get('model'))} spends {e.get('points')} Might on the {e.get('roll')} roll: "
        f"{e.get('value')} becomes {e.get('result')} ({e.get('might_left')} Might left)"
    ),
    "free_will": lambda e, n: f"{n.model(e.get('model'))} gets a free Will point ({e.get('rule')})",
    "effect": lambda e, n: (
        f"{str(e.get('name', '')).capitalize()} on {n.model(e.get('model'))} until {e.get('until')}"
    ),
    "effect_ended": lambda e, n: (
        f"{str(e.get('name', '')).capitalize()} on {n.model(e.get('model'))} ends"
    ),
    "heroic_action": lambda e, n: (
        f"{n.model(e.get('hero'))} declares {e.get('action')} ({e.get('might_left')} Might left)"
    ),
    "heroic_combat_move": lambda e, n: f"{n.model(e.get('model'))} fights on after Heroic Combat",
    "broken": lambda e, n: (
        f"{n.side(e.get('player'))} is broken ({e.get('casualties')} models lost)"
    ),
    "outcome": _outcome,
    "stand_up": lambda e, n: f"{n.model(e.get('model'))} stands up",
    "fate": lambda e, n: (
        f"{n.model(e.get('model'))} rolls {e.get('die')} for Fate: "
        + ("the wound is saved" if e.get("saved") else "not saved")
        + f" ({e.get('fate_left')} Fate left)"
    ),
    "fire": lambda e, n: (
        f"{n.model(e.get('hero'))} orders {len(e.get('models') or [])} models to fire"
    ),
    "mount_wound": lambda e, n: (
        f"{n.model(e.get('model'))}'s mount is wounded ({n.text(e.get('source', ''))})"
    ),
    "mount_slain": lambda e, n: (
        f"{n.model(e.get('model'))}'s mount is slain ({n.text(e.get('source', ''))})"
    ),
    "thrown_rider": lambda e, n: f"{n.model(e.get('model'))} is thrown from the saddle",
    "unhorsed": lambda e, n: f"{n.model(e.get('model'))} fights on foot now",
    "banner_passed": lambda e, n: (
        f"{n.model(e.get('model'))} hands the banner to {n.model(e.get('to'))}"
    ),
    "leap": lambda e, n: f"{n.model(e.get('model'))} leaps over {n.model(e.get('obstacle'))}",
}

SKIPPED = frozenset({"i", "kind", "table", "positions", "forces", "bases", "ignored", "dice"})


def _generic(e: Event, n: Names) -> str:
    """An event without its own sentence: its kind and fields, every model id named."""
    fields = ", ".join(
        f"{key.replace('_', ' ')} {n.text(value)}" for key, value in e.items() if key not in SKIPPED
    )
    head = str(e.get("kind", "event")).replace("_", " ").capitalize()
    return f"{head}: {fields}" if fields else head


def narrate(events: Sequence[Event]) -> list[str]:
    """One sentence per event of an SBG log, in order."""
    setup = next((e for e in events if e.get("kind") == "setup"), None)
    names = Names(setup)
    sentences = []
    for event in events:
        tell = SENTENCES.get(str(event.get("kind")), _generic)
        try:
            sentences.append(tell(event, names) + ".")
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            sentences.append(_generic(event, names) + ".")
    return sentences


def model_names(events: Sequence[Event]) -> dict[str, str]:
    """Every model's "Profile name (A03)", from the set-up."""
    setup = next((e for e in events if e.get("kind") == "setup"), None)
    return dict(Names(setup).models)
