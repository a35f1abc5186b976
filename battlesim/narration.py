"""Each event of an SBG battle log told in one sentence, with the models' names: "Boromir of
Gondor (A01) charges Orc Warrior (B07)", "Duel: Boromir of Gondor (A01) 6 v 3 Orc Warrior
(B07): Boromir of Gondor (A01) wins". The replay page shows these sentences and the dice
beside them. Django-free: it reads the log alone (the set-up event names every model), and
speaks the reader's language through ``battlesim.phrasebook`` (the French sentences use the
rulebook's words: Combat, Duel, Bloqué, Puissance, Volonté, Destin).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from battlesim.phrasebook import Translate, gettext_noop, phrasebook
from battlesim.wording import ending_label

Event = Mapping[str, Any]
MODEL_ID = re.compile(r"\b[AB]\d{2,3}[a-z]?\b")
# Whole names, so French can say « phase d'Initiative » as the rulebook does.
PHASES = {
    "priority": gettext_noop("Priority phase"),
    "move": gettext_noop("Move phase"),
    "shoot": gettext_noop("Shoot phase"),
    "fight": gettext_noop("Fight phase"),
    "end": gettext_noop("End phase"),
}


class Names:
    """Model ids to "Profile name (A03)", sides to their force's name, and the phrasebook
    of the reader's language (``_``)."""

    def __init__(self, setup: Event | None, translate: Translate | None = None) -> None:
        self._: Translate = translate or phrasebook(None)
        forces = list((setup or {}).get("forces") or [])
        self.models: dict[str, str] = {}
        self.forces = [
            str(f.get("name", self._("side {number}").format(number=i + 1)))
            for i, f in enumerate(forces)
        ]
        for force in forces:
            for uid, profile in (force.get("models") or {}).items():
                self.models[str(uid)] = f"{profile} ({uid})"

    def say(self, template: str, **fields: Any) -> str:
        """``template`` (already marked for the catalogue) in the reader's language."""
        return self._(template).format(**fields)

    def model(self, uid: Any) -> str:
        if not isinstance(uid, str):
            return "?"
        rider = uid[:-1]
        if uid not in self.models and uid.endswith("m") and rider in self.models:
            # a riderless mount enters play as its rider's uid + "m" (SBG CAV-LOOSE-01)
            return self.say(gettext_noop("{model}'s mount"), model=self.models[rider])
        return self.models.get(uid, uid)

    def models_of(self, uids: Any) -> str:
        if not isinstance(uids, list) or not uids:
            return self._("nobody")
        return self.join([self.model(uid) for uid in uids])

    def side(self, player: Any) -> str:
        if isinstance(player, int) and 0 <= player < len(self.forces):
            return self.forces[player]
        return self._("side {number}").format(number=player)

    def text(self, value: Any) -> str:
        """Free text of the log with every model id named."""
        return MODEL_ID.sub(lambda m: self.model(m.group(0)), str(value))

    def join(self, items: Sequence[str]) -> str:
        """ "A, B and C" in the reader's language."""
        word = self._(" and ")
        if len(items) <= 2:
            return word.join(items)
        return ", ".join(items[:-1]) + word + items[-1]


def _inches(start: Any, end: Any, n: Names) -> str:
    try:
        return n.say(gettext_noop('{distance:.1f}"'), distance=math.dist(start, end))
    except (TypeError, ValueError):
        return n._("some way")


ROLLS: list[tuple[str, str]] = [
    (r"^duel support (\S+)$", gettext_noop("{0} rolls to support the duel")),
    (r"^duel roll-off$", gettext_noop("A roll-off breaks the duel's tie")),
    (r"^duel (\S+)$", gettext_noop("{0} rolls in the duel")),
    (r"^to hit (\S+)->(\S+)$", gettext_noop("{0} rolls to hit {1}")),
    (
        r"^strike (\S+)->(\S+) \(S(\d+) D(\d+)\)$",
        gettext_noop("{0} strikes {1} (Strength {2} v Defence {3})"),
    ),
    (
        r"^to wound (\S+)->(\S+) \(S(\d+) D(\d+)\)$",
        gettext_noop("{0} rolls to wound {1} (Strength {2} v Defence {3})"),
    ),
    (r"^priority side (\d)$", "priority"),
    (r"^courage (\S+) \((.+)\)$", gettext_noop("{0} takes a Courage test ({1})")),
    (r"^in the way (\S+) \((.+)\)$", gettext_noop("{0} is in the way of the shot ({1} to be hit)")),
    (r"^shooting into combat (\S+)$", gettext_noop("{0} shoots into a fight: who is hit?")),
    (r"^banner re-roll (\S+)$", gettext_noop("{0}'s banner gives a re-roll")),
    (r"^cast (\S+) \((.+)\)$", gettext_noop("{0} casts a power ({1})")),
    (r"^fate save for (\S+)$", gettext_noop("{0} rolls a Fate save")),
]


def _roll(e: Event, n: Names) -> str:
    purpose = str(e.get("purpose", ""))
    for pattern, words in ROLLS:
        match = re.match(pattern, purpose)
        if match is None:
            continue
        parts = [n.model(g) if MODEL_ID.fullmatch(g) else g for g in match.groups()]
        if words == "priority":
            return n.say(gettext_noop("{side} rolls for priority"), side=n.side(int(parts[0])))
        return n._(words).format(*parts)
    return n.say(gettext_noop("Roll: {purpose}"), purpose=n.text(purpose))


def _duel(e: Event, n: Names) -> str:
    combat = [str(uid) for uid in e.get("combat") or []]
    sides = [[uid for uid in combat if uid.startswith(p)] for p in ("A", "B")]
    dice = e.get("dice") or [[], []]
    best = [max(d) if isinstance(d, list) and d else "?" for d in dice]
    names = [n.models_of(side) for side in sides]
    winner = e.get("winner")
    won = names[winner] if winner in (0, 1) else n._("nobody")
    return n.say(
        gettext_noop("Duel: {first} {first_roll} v {second_roll} {second}: {winner} wins"),
        first=names[0],
        first_roll=best[0],
        second_roll=best[1],
        second=names[1],
        winner=won,
    )


def _action(e: Event, n: Names) -> str:
    kind = e.get("type")
    model = n.model(e.get("model"))
    if kind == "charge":
        return n.say(
            gettext_noop("{model} charges {target}"), model=model, target=n.model(e.get("target"))
        )
    if kind == "hold":
        return n.say(gettext_noop("{model} stands still"), model=model)
    if kind == "move":
        return n.say(gettext_noop("{model} sets off"), model=model)
    return f"{model}: {str(kind).replace('_', ' ')}"


def _wound(e: Event, n: Names) -> str:
    left = e.get("wounds_left")
    if left == 0:
        after = n._("no wounds left")
    elif left == 1:
        after = n._("1 wound left")
    else:
        after = n.say(gettext_noop("{count} wounds left"), count=left)
    return n.say(
        gettext_noop("{model} is wounded ({source}): {after}"),
        model=n.model(e.get("model")),
        source=n.text(e.get("source", "")),
        after=after,
    )


def _outcome(e: Event, n: Names) -> str:
    points = e.get("victory_points") or [0, 0]
    winner = e.get("winner")
    if winner in (0, 1):
        result = n.say(gettext_noop("{side} wins"), side=n.side(winner))
    else:
        result = n._("a draw")
    ending = n._(ending_label("sbg", str(e.get("termination", ""))))
    return n.say(
        gettext_noop(
            "The battle ends in turn {turn}: {ending}. Victory points "
            "{first} {first_points}, {second} {second_points}: {result}"
        ),
        turn=e.get("turn"),
        ending=ending,
        first=n.side(0),
        first_points=points[0],
        second=n.side(1),
        second_points=points[1],
        result=result,
    )


def _setup(e: Event, n: Names) -> str:
    forces = e.get("forces") or []
    counts = [len(f.get("models") or {}) for f in forces]
    sides = " v ".join(
        n.say(gettext_noop("{side} ({count} models)"), side=n.side(i), count=c)
        for i, c in enumerate(counts)
    )
    scenario = str(e.get("scenario", "")).replace("_", " ")
    said = n.say(
        gettext_noop("{sides}: {scenario}, at most {turns} turns"),
        sides=sides,
        scenario=scenario,
        turns=e.get("turn_limit"),
    )
    return "; ".join([said, *share_sentences(e.get("points_share"), n)])


SHARE_SENTENCE = gettext_noop(
    # xgettext:no-python-format
    "{side} fields {share}% of its list's {points} points, as the "
    "scenario asks (left out: {models})"
)


def share_sentences(facts: Any, n: Names) -> list[str]:
    """The models a scenario's share of the points keeps off the table, one sentence a side
    that fields less than its list (the engine's ``points_share`` of the set-up or summary):
    why a siege's defender has fewer models than its list."""
    if not isinstance(facts, Mapping):
        return []
    shares, points = facts.get("shares") or [], facts.get("list_points") or []
    said = []
    for side, left in enumerate(facts.get("left_out") or []):
        if not left or not isinstance(left, Mapping):
            continue
        said.append(
            n.say(
                SHARE_SENTENCE,
                side=n.side(side),
                share=round(100 * float(shares[side])),
                points=points[side],
                models=n.join([f"{profile} ({uid})" for uid, profile in left.items()]),
            )
        )
    return said


def _end_of_turn(e: Event, n: Names) -> str:
    alive = e.get("alive") or []
    left = ", ".join(f"{n.side(i)} {count}" for i, count in enumerate(alive))
    return n.say(
        gettext_noop("End of turn {turn}; models left: {left}"), turn=e.get("turn"), left=left
    )


def _model_says(template: str) -> Callable[[Event, Names], str]:
    """A sentence about the event's ``model`` alone."""
    return lambda e, n: n.say(template, model=n.model(e.get("model")))


def _ladder_push(e: Event, n: Names) -> str:
    if e.get("pushed"):
        template = gettext_noop("The defenders push {name} down ({roll}, {modifier:+d})")
    else:
        template = gettext_noop("The defenders fail to push {name} down ({roll}, {modifier:+d})")
    return n.say(
        template, name=n.text(e.get("name")), roll=e.get("roll"), modifier=e.get("modifier", 0)
    )


def _rappel(e: Event, n: Names) -> str:
    if e.get("snapped"):
        template = gettext_noop("{model}'s rope snaps ({roll}): it falls from the howdah")
    else:
        template = gettext_noop("{model} climbs down the Mûmak's ropes ({roll})")
    return n.say(template, model=n.model(e.get("model")), roll=e.get("roll"))


# Sieges (SIEGE-*): the gate, ladders, the tower and the defenders' equipment.
SIEGE_SENTENCES: dict[str, Callable[[Event, Names], str]] = {
    "ram": lambda e, n: n.say(
        gettext_noop("{models} ram the gate (Strength {strength})"),
        models=n.models_of(e.get("carriers")),
        strength=e.get("strength"),
    ),
    "gate_attacked": _model_says(gettext_noop("{model} attacks the gate")),
    "gate_broken": lambda e, n: n.say(gettext_noop("The gate is broken down")),
    "ladder_raised": lambda e, n: n.say(
        gettext_noop("{model} raises {name} against the {wall}"),
        model=n.model(e.get("model")),
        name=n.text(e.get("name")),
        wall=n.text(e.get("wall")),
    ),
    "ladder": lambda e, n: n.say(
        gettext_noop("{model} climbs a ladder onto the {piece}"),
        model=n.model(e.get("model")),
        piece=n.text(e.get("piece")),
    ),
    "ladder_push": _ladder_push,
    "tower_pushed": lambda e, n: n.say(
        gettext_noop("{models} push the siege tower {inches} inches"),
        models=n.models_of(e.get("pushers")),
        inches=f"{float(e.get('inches') or 0):.1f}",
    ),
    "tower_boarded": _model_says(gettext_noop("{model} climbs into the siege tower")),
    "tower_ramp": lambda e, n: n.say(
        gettext_noop("The siege tower lowers its ramp onto the {wall}"), wall=n.text(e.get("wall"))
    ),
    "tower_left": _model_says(gettext_noop("{model} steps out of the siege tower")),
    "tower_wrecked": lambda e, n: n.say(gettext_noop("The siege tower is wrecked")),
    "rock": lambda e, n: n.say(
        gettext_noop("{model} drops a rock on {target} ({roll})"),
        model=n.model(e.get("model")),
        target=n.model(e.get("target")),
        roll=e.get("roll"),
    ),
    "boiling_water_spent": lambda e, n: n.say(
        gettext_noop("Boiling water is poured from the {name}"), name=n.text(e.get("name"))
    ),
    "rappel": _rappel,
}


SENTENCES: dict[str, Callable[[Event, Names], str]] = {
    "setup": _setup,
    "phase": lambda e, n: n.say(
        gettext_noop("Turn {turn}: {phase}"),
        turn=e.get("turn"),
        phase=n._(PHASES[e.get("phase")])
        if e.get("phase") in PHASES
        else n.say(gettext_noop("{phase} phase"), phase=e.get("phase")),
    ),
    "priority": lambda e, n: n.say(
        gettext_noop("{side} has priority this turn"), side=n.side(e.get("player"))
    ),
    "roll": _roll,
    "action": _action,
    "move": lambda e, n: n.say(
        gettext_noop("{model} moves {distance}"),
        model=n.model(e.get("model")),
        distance=_inches(e.get("start"), e.get("end"), n),
    ),
    "shot": lambda e, n: n.say(
        gettext_noop("{shooter} shoots at {target}: a hit")
        if e.get("hit")
        else gettext_noop("{shooter} shoots at {target}: a miss"),
        shooter=n.model(e.get("shooter")),
        target=n.model(e.get("target")),
    ),
    "duel": _duel,
    "casualty": lambda e, n: (
        n.say(gettext_noop("{model} is slain"), model=n.model(e.get("model")))
        if e.get("reason") == "slain"
        else n.say(
            gettext_noop("{model} is removed ({reason})"),
            model=n.model(e.get("model")),
            reason=n.text(e.get("reason")),
        )
    ),
    "support": lambda e, n: n.say(
        gettext_noop("{model} supports {other}"),
        model=n.model(e.get("model")),
        other=n.model(e.get("supports")),
    ),
    "wound": _wound,
    "trapped": _model_says(gettext_noop("{model} is trapped: its strikes count double")),
    "courage": lambda e, n: n.say(
        gettext_noop("{model} passes a Courage test ({reason}) with {total}")
        if e.get("passed")
        else gettext_noop("{model} fails a Courage test ({reason}) with {total}"),
        model=n.model(e.get("model")),
        reason=e.get("reason"),
        total=e.get("total"),
    ),
    "combats": lambda e, n: n.say(
        gettext_noop("The fights are set: {count} combats"), count=len(e.get("combats") or [])
    ),
    "end_of_turn": _end_of_turn,
    "in_the_way_hit": lambda e, n: n.say(
        gettext_noop("{shooter}'s shot hits {obstruction}, in the way"),
        shooter=n.model(e.get("shooter")),
        obstruction=n.model(e.get("obstruction")),
    ),
    "shielding": lambda e, n: n.say(
        gettext_noop("{models} shield themselves"), models=n.models_of(e.get("models"))
    ),
    "will_lost": lambda e, n: n.say(
        gettext_noop("{model} loses {points} Will ({rule}); {will} left"),
        model=n.model(e.get("model")),
        points=e.get("points"),
        rule=e.get("rule"),
        will=e.get("will"),
    ),
    "two_hands": _model_says(gettext_noop("{model} strikes with both hands")),
    "stand_fast": lambda e, n: n.say(
        gettext_noop("{hero} calls Stand Fast! for {model}"),
        hero=n.model(e.get("hero")),
        model=n.model(e.get("model")),
    ),
    "cavalry_charge": _model_says(gettext_noop("{model} charges home on horseback")),
    "cast": lambda e, n: n.say(
        gettext_noop("{model} casts {power} at {target} through the {item}, with no Will")
        if e.get("item")
        else gettext_noop("{model} casts {power} at {target}: it is cast")
        if e.get("cast")
        else gettext_noop("{model} casts {power} at {target}: it fails"),
        model=n.model(e.get("model")),
        power=n.text(e.get("power", "")),
        target=n.model(e.get("target")),
        item=n.text(e.get("item", "")),
    ),
    "power_part": lambda e, n: n.say(
        gettext_noop("{model} aims {name} at the mount of {target}")
        if e.get("part") == "mount"
        else gettext_noop("{model} aims {name} at the rider of {target}"),
        model=n.model(e.get("model")),
        name=str(e.get("name", "")).capitalize(),
        target=n.model(e.get("target")),
    ),
    "spell": lambda e, n: n.say(
        gettext_noop("{name} takes effect on {models}"),
        name=str(e.get("name", "")).capitalize(),
        models=n.models_of(e.get("affected")),
    ),
    "knocked_down": lambda e, n: n.say(
        gettext_noop("{model} is knocked to the ground ({cause})"),
        model=n.model(e.get("model")),
        cause=e.get("cause"),
    ),
    "might": lambda e, n: n.say(
        gettext_noop(
            "{model} spends {points} Might on the {roll} roll: "
            "{value} becomes {result} ({left} Might left)"
        ),
        model=n.model(e.get("model")),
        points=e.get("points"),
        roll=e.get("roll"),
        value=e.get("value"),
        result=e.get("result"),
        left=e.get("might_left"),
    ),
    "free_will": lambda e, n: n.say(
        gettext_noop("{model} gets a free Will point ({rule})"),
        model=n.model(e.get("model")),
        rule=e.get("rule"),
    ),
    "effect": lambda e, n: n.say(
        gettext_noop("{name} on {model} until {until}"),
        name=str(e.get("name", "")).capitalize(),
        model=n.model(e.get("model")),
        until=e.get("until"),
    ),
    "effect_ended": lambda e, n: n.say(
        gettext_noop("{name} on {model} ends"),
        name=str(e.get("name", "")).capitalize(),
        model=n.model(e.get("model")),
    ),
    "heroic_action": lambda e, n: n.say(
        gettext_noop("{hero} declares {action} ({left} Might left)"),
        hero=n.model(e.get("hero")),
        action=e.get("action"),
        left=e.get("might_left"),
    ),
    "heroic_combat_move": _model_says(gettext_noop("{model} fights on after Heroic Combat")),
    "broken": lambda e, n: n.say(
        gettext_noop("{side} is broken ({count} models lost)"),
        side=n.side(e.get("player")),
        count=e.get("casualties"),
    ),
    "outcome": _outcome,
    "stand_up": _model_says(gettext_noop("{model} stands up")),
    "fate": lambda e, n: n.say(
        gettext_noop("{model} rolls {die} for Fate: the wound is saved ({left} Fate left)")
        if e.get("saved")
        else gettext_noop("{model} rolls {die} for Fate: not saved ({left} Fate left)"),
        model=n.model(e.get("model")),
        die=e.get("die"),
        left=e.get("fate_left"),
    ),
    "fire": lambda e, n: n.say(
        gettext_noop("{hero} orders {count} models to fire"),
        hero=n.model(e.get("hero")),
        count=len(e.get("models") or []),
    ),
    "mount_wound": lambda e, n: n.say(
        gettext_noop("{model}'s mount is wounded ({source})"),
        model=n.model(e.get("model")),
        source=n.text(e.get("source", "")),
    ),
    "mount_slain": lambda e, n: n.say(
        gettext_noop("{model}'s mount is slain ({source})"),
        model=n.model(e.get("model")),
        source=n.text(e.get("source", "")),
    ),
    "mount_flees": _model_says(gettext_noop("{model}, riderless, flees the battlefield")),
    "thrown_rider": _model_says(gettext_noop("{model} is thrown from the saddle")),
    "unhorsed": _model_says(gettext_noop("{model} fights on foot now")),
    "banner_passed": lambda e, n: n.say(
        gettext_noop("{model} hands the banner to {other}"),
        model=n.model(e.get("model")),
        other=n.model(e.get("to")),
    ),
    "leap": lambda e, n: n.say(
        gettext_noop("{model} leaps over {obstacle}"),
        model=n.model(e.get("model")),
        obstacle=n.model(e.get("obstacle")),
    ),
}

SENTENCES.update(SIEGE_SENTENCES)


def _regained(e: Event, n: Names) -> str:
    templates = {
        "might": gettext_noop("{model} regains {count} Might"),
        "will": gettext_noop("{model} regains {count} Will"),
        "fate": gettext_noop("{model} regains {count} Fate"),
    }
    template = templates.get(str(e.get("pool")), gettext_noop("{model} regains {count} points"))
    return n.say(template, model=n.model(e.get("model")), count=e.get("count", 1))


# Objects of army lists (the Mirror of Galadriel) and the stores Heroes regain.
SENTENCES.update(
    {
        "mirror_placed": lambda e, n: n.say(
            gettext_noop("{owner} sets her mirror down"), owner=n.model(e.get("owner"))
        ),
        "object_attacked": _model_says(gettext_noop("{model} strikes at the mirror")),
        "mirror_broken": lambda e, n: n.say(gettext_noop("The mirror is broken")),
        "regained": _regained,
    }
)

SKIPPED = frozenset({"i", "kind", "table", "positions", "forces", "bases", "ignored", "dice"})


def _generic(e: Event, n: Names) -> str:
    """An event without its own sentence: its kind and fields, every model id named."""
    fields = ", ".join(
        f"{key.replace('_', ' ')} {n.text(value)}" for key, value in e.items() if key not in SKIPPED
    )
    head = str(e.get("kind", "event")).replace("_", " ").capitalize()
    return f"{head}: {fields}" if fields else head


def narrate(events: Sequence[Event], language: str | None = None) -> list[str]:
    """One sentence per event of an SBG log, in order, in ``language`` (English by
    default; "fr" speaks the French rulebook's words)."""
    setup = next((e for e in events if e.get("kind") == "setup"), None)
    names = Names(setup, phrasebook(language))
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
