"""Are the players and rules fair to both sides? (issues 16 and 29) At every decision of a
mirror match the state is copied twice: as it stands, and turned (half a turn round, or
reflected north to south) with the sides exchanged; a fresh player answers the same question
on both copies, and the turned copy's answer should be the first one turned. Prints, per
decision kind, how many answers matched and how many did not, with a few differences.

    .venv/bin/python bench/sbg_sides.py [--force gandalf_minas_tirith] [--seeds 1]
        [--symmetry half_turn|mirror] [--turns 4] [--player heuristic_v2] [--show 5]
        [--rename] [--play]

``--rename``: each model is played by its counterpart (A07's place and state go to B07), so
side 1 keeps the "B" ids and a choice falling to an id, or to side 0, shows. ``--play``:
each turn is played on from its Move phase on both copies with dice keyed by purpose (the
same roll for the same model's duel), printing the models that end differently and the
first log events that part. Both copies are made the same way (``core/clone.py``) and the
players are new, so only the player's and the rules' own asymmetry shows, not the history.
"""

from __future__ import annotations

import argparse
import copy as cp
import os
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlesim.engines.dice import Dice  # noqa: E402
from battlesim.engines.sbg.core.clone import clone  # noqa: E402
from battlesim.engines.sbg.core.state import BattleState, ModelState  # noqa: E402
from battlesim.engines.sbg.game import play_game  # noqa: E402
from battlesim.engines.sbg.policies import roster  # noqa: E402

Point = tuple[float, float]
Turn = Callable[[Point], Point]
SIDE_FIELDS = ("side", "player")  # a decision's fields that name a side
TOLERANCE = 1e-6  # inches: float noise of the turned arithmetic


def symmetry(name: str, width: float, depth: float) -> Turn:
    """The table's turn: half a turn round its centre, or reflected across its middle."""
    if name == "half_turn":
        return lambda p: (width - p[0], depth - p[1])
    return lambda p: (p[0], depth - p[1])


def turned_state(state: BattleState, turn: Turn | None) -> BattleState:
    """A copy of ``state``; with ``turn``, every model stands at its turned place and plays
    for the other side (the same ids: a model keeps its name and its friends)."""
    copy = clone(state, Dice(0))
    if turn is None:
        return copy
    span = 1 << 40  # state._SIDE_SPAN: living order keeps each side's placing order
    for model in copy.models.values():
        model.player = 1 - model.player
        model.x, model.y = turn(model.position)
    copy._alive = (copy._alive[1], copy._alive[0])
    copy._order = {
        uid: (order % span) + (1 - order // span) * span for uid, order in copy._order.items()
    }
    for model in copy.living():
        copy.grid.put(model.uid, model)
    copy.forces = (copy.forces[1], copy.forces[0])
    for name in ("broken", "start_counts", "casualties", "aboard", "riders_lost", "mounts_lost"):
        value = getattr(copy, name)
        setattr(copy, name, [value[1], value[0]])
    copy.priority = 1 - copy.priority
    if copy.previous_priority is not None:
        copy.previous_priority = 1 - copy.previous_priority
    copy.drum_sounded = {1 - side: uid for side, uid in copy.drum_sounded.items()}
    copy.handed_over = {uid: 1 - side for uid, side in copy.handed_over.items()}
    return copy


UID = re.compile(r"\b[AB]\d+\b")  # a model id within a text (a roll's purpose)
SIDE_NAMES = ("side", "player", "army", "first")  # fields of rule data that name a side


def counterpart(uid: str) -> str:
    """A01 <-> B01: the same model of the other side's copy of the force (mirror matches)."""
    return {"A": "B", "B": "A"}.get(uid[:1], "?") + uid[1:]


def renamed_state(state: BattleState, turn: Turn) -> BattleState:
    """``turned_state`` for a mirror match, the models renamed too: each model stands at its
    counterpart's turned place, with its counterpart's Wounds, Might and state (A01's as
    B01's), so a side's models keep their names and the side its ids. Unlike
    ``turned_state`` this shows tie-breaks on names that favour one side's letter."""
    copy = turned_state(state, turn)
    models = {}
    for model in copy.models.values():
        other = state.models[counterpart(model.uid)]
        model.uid, model.spec = other.uid, other.spec
        models[model.uid] = model
    copy.models = models
    copy.forces = (copy.forces[1], copy.forces[0])
    span = 1 << 40
    copy._order = {
        counterpart(uid): (order % span) + (order // span) * span
        for uid, order in copy._order.items()
    }
    copy.grid = type(copy.grid)(copy.grid.cell)
    for model in copy.living():
        copy.grid.put(model.uid, model)
    seen: set[int] = {id(m.spec) for m in models.values()}
    shared = {id(copy.forces), id(copy.table), id(copy.dice), id(copy.log), id(copy.grid)}
    for name in (
        "touching",
        "across",
        "crews",
        "engines",
        "structures",
        "handed_over",
        "wounded_leaders",
        "drum_sounded",
        "priority_rule_used",
        "perchers",
        "perched",
        "new_fights",
        "status",
    ):
        setattr(copy, name, _renamed(getattr(copy, name), seen | shared))
    for model in models.values():
        model.status = _renamed(model.status, seen | shared)
        model.courage_passed = _renamed(model.courage_passed, seen | shared)
    return copy


def _renamed(value: Any, seen: set[int]) -> Any:
    """``value`` with every model id swapped for its counterpart's (rule data walked deep;
    a field naming a side is turned too)."""
    if isinstance(value, str):
        return counterpart(value) if value[:1] in "AB" and value[1:].isdigit() else value
    if isinstance(value, ModelState) or id(value) in seen:
        return value
    if isinstance(value, dict):
        return type(value)((_renamed(k, seen), _renamed(v, seen)) for k, v in value.items())
    if isinstance(value, list | set | frozenset | tuple):
        items = [_renamed(v, seen) for v in value]
        return type(value)(items) if not isinstance(value, list) else items
    if is_dataclass(value) and not isinstance(value, type):
        seen.add(id(value))
        for f in fields(value):
            old = getattr(value, f.name)
            new = _renamed(old, seen)
            if f.name in SIDE_NAMES and isinstance(old, int) and not isinstance(old, bool):
                new = 1 - old
            if new is not old:
                object.__setattr__(value, f.name, new)
        return value
    return value


def _moved_fact(value: Any, copy: BattleState, flip: bool, name: str) -> Any:
    """A decision's fact for ``copy``: its models the copy's, model ids swapped for their
    counterparts' in a renamed copy, a side turned (``flip``)."""
    if flip and name in SIDE_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return 1 - value
    return _mapped(value, copy, flip and RENAME[0])


def _mapped(value: Any, copy: BattleState, rename: bool) -> Any:
    if isinstance(value, ModelState):
        return copy.models[counterpart(value.uid) if rename else value.uid]
    if isinstance(value, str):
        return _renamed(value, set()) if rename else value
    if isinstance(value, list | tuple):
        items = [_mapped(v, copy, rename) for v in value]
        return items if isinstance(value, list) else type(value)(items)
    if isinstance(value, dict):
        return {_mapped(k, copy, rename): _mapped(v, copy, rename) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type) and not isinstance(value, Enum):
        other = cp.copy(value)
        for f in fields(value):
            object.__setattr__(other, f.name, _mapped(getattr(value, f.name), copy, rename))
        return other
    return value


def moved_decision(decision: Any, copy: BattleState, flip: bool) -> Any:
    """The decision asked of ``copy``: its models are the copy's, its side turned."""
    changes = {
        f.name: _moved_fact(getattr(decision, f.name), copy, flip, f.name) for f in fields(decision)
    }
    return replace(decision, **changes)


def plain(answer: Any, turn: Turn | None, rename: bool = False) -> Any:
    """An answer as plain data, its points turned (``turn``) and, with ``rename``, its
    model ids swapped for their counterparts', for comparing."""
    if isinstance(answer, ModelState):
        answer = answer.uid
    if isinstance(answer, str):
        return UID.sub(lambda m: counterpart(m[0]), answer) if rename else answer
    if isinstance(answer, Enum):
        return answer.name
    if isinstance(answer, float):
        return answer
    if (
        isinstance(answer, tuple | list)
        and len(answer) == 2
        and all(isinstance(v, float | int) and not isinstance(v, bool) for v in answer)
    ):
        point = (float(answer[0]), float(answer[1]))
        return turn(point) if turn is not None else point
    if is_dataclass(answer) and not isinstance(answer, type):
        return (type(answer).__name__,) + tuple(
            plain(getattr(answer, f.name), turn, rename) for f in fields(answer)
        )
    if isinstance(answer, list | tuple):
        return tuple(plain(v, turn, rename) for v in answer)
    if isinstance(answer, dict):
        return tuple(
            sorted((str(plain(k, None, rename)), plain(v, turn, rename)) for k, v in answer.items())
        )
    return answer


def same(a: Any, b: Any, tolerance: float = TOLERANCE) -> bool:
    if isinstance(a, float | int) and isinstance(b, float | int):
        return abs(a - b) <= tolerance
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y, tolerance) for x, y in zip(a, b, strict=True))
    return bool(a == b)


class Tally:
    """Matched and differing answers per decision kind, with a few differences kept."""

    def __init__(self, show: int) -> None:
        self.matched: Counter[str] = Counter()
        self.differing: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()
        self.examples: dict[str, list[str]] = defaultdict(list)
        self.show = show

    def add(self, kind: str, ok: bool, note: str) -> None:
        (self.matched if ok else self.differing)[kind] += 1
        if not ok and len(self.examples[kind]) < self.show:
            self.examples[kind].append(note)


def copies(state: BattleState, turn: Turn, rename: bool) -> tuple[BattleState, BattleState]:
    """The state as it stands, and turned (renamed too with ``rename``)."""
    if not rename:
        return turned_state(state, None), turned_state(state, turn)
    return turned_state(state, None), renamed_state(state, turn)


RENAME = [False]  # --rename


def compare(
    state: BattleState, decision: Any, player: str, scenario: Any, turn: Turn, tally: Tally
) -> None:
    """Ask ``decision`` of a fresh player on the state as it stands and turned."""
    kind = type(decision).__name__
    try:
        plain_copy, turned = copies(state, turn, RENAME[0])
        first = roster.PLAYERS[player](scenario).decide(
            plain_copy, moved_decision(decision, plain_copy, False)
        )
        second = roster.PLAYERS[player](scenario).decide(
            turned, moved_decision(decision, turned, True)
        )
    except Exception as error:  # a decision whose facts the copy cannot carry
        tally.failed[f"{kind}: {type(error).__name__}"] += 1
        return
    expected, got = plain(first, turn, RENAME[0]), plain(second, None)
    note = f"turn {state.turn} {state.phase.name}: {_short(expected)}  turned: {_short(got)}"
    tally.add(kind, same(expected, got), note)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 400 else text[:397] + "..."


def watched(player: str, scenario: Any, turn: Turn, tally: Tally, turns: int) -> Any:
    """A player that answers as ``player`` and compares each answer turned."""
    base = roster.PLAYERS[player]

    class Watched(base):  # type: ignore[misc, valid-type]
        def decide(self, state: BattleState, decision: Any) -> Any:
            if state.turn <= turns and state.phase.name != "SETUP":
                compare(state, decision, player, scenario, turn, tally)
            return super().decide(state, decision)

    return Watched(scenario)


def _footprint(state: BattleState, turn: Turn | None) -> dict[str, Any]:
    """Each model's place (turned back with ``turn``), Wounds and whether it lives."""
    out = {}
    for uid, model in state.models.items():
        place = turn(model.position) if turn is not None else model.position
        out[uid] = (model.alive, model.wounds, model.prone, place)
    return out


def _differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    found = []
    for uid in sorted(a):
        (alive, wounds, prone, place), other = a[uid], b.get(uid)
        if other is None or (alive, wounds, prone) != other[:3]:
            found.append(f"{uid} {a[uid][:3]} v {other and other[:3]}")
        elif max(abs(place[0] - other[3][0]), abs(place[1] - other[3][1])) > TOLERANCE:
            found.append(
                f"{uid} at {place[0]:.4f},{place[1]:.4f} v {other[3][0]:.4f},{other[3][1]:.4f}"
            )
    return found


QUIET = {"combats", "combat_order"}  # the fights as split and their order: logged by id


def _event(event: Any, turn: Turn | None, rename: bool) -> tuple[Any, ...]:
    data = [
        (k, 1 - v if turn and k in SIDE_NAMES and type(v) is int else plain(v, turn, rename))
        for k, v in event.data.items()
        if k != "dice" or turn is None  # the turned copy's dice are the same
    ]
    return (event.kind, *sorted(data))


def _first_events(a: BattleState, b: BattleState, since: int, turn: Turn) -> list[str]:
    """The first events of the two copies' logs that differ (and two before)."""
    left = [_event(e, turn, RENAME[0]) for e in a.log.events[since:] if e.kind not in QUIET]
    right = [_event(e, None, False) for e in b.log.events[since:] if e.kind not in QUIET]
    right = [tuple(i for i in e if not (isinstance(i, tuple) and i[0] == "dice")) for e in right]
    for k, (x, y) in enumerate(zip(left, right, strict=False)):
        if not same(x, y, 2e-3):  # the log rounds to 3 decimals
            before = [f"    same: {_short(e)}" for e in left[max(0, k - 3) : k]]
            split = [
                f"    {name}: {_short(_event(e, None, False))}"
                for name, log in (("first", a.log.events), ("turned", b.log.events))
                for e in log[since:]
                if e.kind in QUIET
            ]
            return [*before, f"    first: {_short(x)}", f"    turned: {_short(y)}", *split[:6]]
    return [f"    logs agree on {min(len(left), len(right))} events"]


def played(state: BattleState, player: str, scenario: Any, turn: Turn, seed: int) -> list[str]:
    """Play the turn from its Move phase on the state as it stands and turned, with keyed
    dice (the same roll for the same purpose on both); the differences after each phase."""
    from battlesim.engines.sbg.phases import move as move_phase
    from battlesim.engines.sbg.phases import turn as turn_phases
    from battlesim.engines.sbg.policies.search_dice import KeyedDice

    class RenamedDice(KeyedDice):  # the counterpart's purpose: the same rolls
        def _draw(self, sides: int) -> int:
            self._purpose = UID.sub(lambda m: counterpart(m[0]), self._purpose)
            return super()._draw(sides)

    made = []
    for k, copy in enumerate(copies(state, turn, RENAME[0])):
        copy.dice = RenamedDice(seed) if k and RENAME[0] else KeyedDice(seed)
        players = (roster.PLAYERS[player](scenario), roster.PLAYERS[player](scenario))
        copy.players = players
        made.append((copy, players))
    notes = []
    for stage, run in (("move", move_phase.run_move_phase), ("rest", turn_phases.after_move_phase)):
        for copy, players in made:
            run(copy, players)
        first = _footprint(made[0][0], turn)
        if RENAME[0]:
            first = {counterpart(uid): value for uid, value in first.items()}
        differ = _differences(first, _footprint(made[1][0], None))
        notes.append(f"turn {state.turn} after {stage}: {len(differ)} differ {differ[:4]}")
        if differ:
            notes += _first_events(made[0][0], made[1][0], len(state.log.events), turn)
            break
    return notes


def play_mode(args: argparse.Namespace) -> None:
    """--play: each turn of each seed played twice from its Move phase, as it stands and
    turned; print where the two first part."""
    from battlesim.engines.sbg.phases import turn as turn_phases

    real = turn_phases.run_move_phase
    turn = symmetry(args.symmetry, 48.0, 48.0)
    context: dict[str, Any] = {}

    def watched_move(state: BattleState, players: Any) -> None:
        if state.turn <= args.turns:
            seed = 1000 * context["seed"] + state.turn
            for note in played(state, args.player, context["scenario"], turn, seed):
                print(f"seed {context['seed']} {note}", flush=True)
        real(state, players)

    turn_phases.run_move_phase = watched_move  # type: ignore[assignment]
    base = roster.PLAYERS[args.player]

    def factory(scenario: Any) -> Any:
        context["scenario"] = scenario
        return base(scenario)

    roster.PLAYERS["_watched"] = factory
    for seed in range(args.seeds):
        context["seed"] = seed
        options: dict[str, Any] = {"forces": [args.force, args.force]}
        if args.table:
            options["table"] = args.table
        play_game(seed=seed, options={**options, "players": ["_watched", "_watched"]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", default="gandalf_minas_tirith")
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--symmetry", choices=("half_turn", "mirror"), default="half_turn")
    parser.add_argument("--turns", type=int, default=4, help="compare in turns 1..N")
    parser.add_argument("--player", default="heuristic_v2")
    parser.add_argument("--table", default=None)
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--play", action="store_true", help="play each turn twice")
    parser.add_argument("--rename", action="store_true", help="A01 plays as B01 (mirrors)")
    args = parser.parse_args()
    RENAME[0] = args.rename
    if args.play:
        play_mode(args)
        return
    tally = Tally(args.show)
    start = time.process_time()
    for seed in range(args.seeds):
        options: dict[str, Any] = {"forces": [args.force, args.force]}
        if args.table:
            options["table"] = args.table
        turn = symmetry(args.symmetry, 48.0, 48.0)
        made: list[Any] = []

        def factory(scenario: Any, made: list[Any] = made, turn: Turn = turn) -> Any:
            made.append(watched(args.player, scenario, turn, tally, args.turns))
            return made[-1]

        roster.PLAYERS["_watched"] = factory
        play_game(seed=seed, options={**options, "players": ["_watched", "_watched"]})
    for kind in sorted(set(tally.matched) | set(tally.differing)):
        print(f"{kind:28s} matched {tally.matched[kind]:5d}  differ {tally.differing[kind]:5d}")
        for note in tally.examples[kind]:
            print(f"    {note}")
    for kind, count in sorted(tally.failed.items()):
        print(f"not compared: {kind} x{count}")
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"{time.process_time() - start:.0f} CPU s, load {load}")


if __name__ == "__main__":
    main()
