"""The Return of the King at a table: a person's seat answers ``Player.act``.

The engine's one decision point is "the action for the decision the state is waiting for";
the legal actions come from ``rules.legal_actions`` and an attack (a target and a set of
cards, too many to list) comes as a form that ``State.apply`` judges. Each seat sees its own
hand; the tiles' victory points stay face down until the end (seed L203-206).
"""

from __future__ import annotations

from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import Event, EventLog
from battlesim.engines.rotk.account import line
from battlesim.engines.rotk.actions import (
    Action,
    AragornMove,
    Attack,
    ChooseLot,
    EndTurn,
    Enter,
    ForcedMarch,
    IllegalActionError,
    Move,
    Phase,
    Protect,
    Reinforce,
    Reroll,
    Resolve,
    Special,
)
from battlesim.engines.rotk.data import load_material
from battlesim.engines.rotk.game import winner_name
from battlesim.engines.rotk.players import Strategy, make_player
from battlesim.engines.rotk.rules import apply, legal_actions
from battlesim.engines.rotk.setup import new_game
from battlesim.engines.rotk.state import Rules, State
from battlesim.play.phrases import Phrase
from battlesim.play.phrases import Phrase as _
from battlesim.play.seating import AiSeat, Option, Prompt, Script

NAME = "rotk"
SEATS = (3, 4)
AI_STRATEGIES = sorted(s.value for s in Strategy)
ILLEGAL = (IllegalActionError,)
FRAME_KINDS = frozenset(
    {
        "lot_taken",
        "enter",
        "move",
        "aragorn_move",
        "forced_march",
        "reinforce",
        "attack",
        "reroll",
        "protect",
        "tile_taken",
        "turn_end",
    }
)
ASSUMPTIONS: dict[str, str] = {}
MATERIAL = load_material()


def _hex(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def _card(card_id: int) -> str:
    return str(MATERIAL.cards[card_id])


def _option(action: Action, state: State) -> Option:
    if isinstance(action, ChooseLot):
        lot = state.lots[action.lot] or []
        label = _("Lot {number}: {cards}", number=action.lot + 1, cards=[str(c) for c in lot])
        return Option(f"lot:{action.lot}", label, _("Recruit"))
    if isinstance(action, Enter):
        return Option(
            f"enter:{_hex(action.hex)}", _("Enter at {hex}", hex=_hex(action.hex)), _("Enter")
        )
    if isinstance(action, Move):
        return Option(
            f"move:{_hex(action.hex)}:{action.card}",
            _("Step to {hex}, discarding {card}", hex=_hex(action.hex), card=_card(action.card)),
            _("Move"),
        )
    if isinstance(action, AragornMove):
        return Option(
            f"aragorn:{_hex(action.hex)}",
            _("Step to {hex} free (three Aragorn cards)", hex=_hex(action.hex)),
            _("Move"),
        )
    if isinstance(action, ForcedMarch):
        path = " then ".join(_hex(h) for h in action.path)  # the option's id
        shown = _("{first} then {second}", first=_hex(action.path[0]), second=_hex(action.path[-1]))
        label = _("Forced march to {path}", path=shown if len(action.path) > 1 else path)
        return Option(f"march:{action.card}:{path}", label, _("Move"))
    if isinstance(action, Reinforce):
        label = _("Play {card}: draw cards", card=_card(action.card))
        return Option(f"reinforce:{action.card}", label, _("Cards"))
    if isinstance(action, Reroll):
        label = _("Reroll with {card}", card=_card(action.card))
        return Option(f"reroll:{action.card}", label, _("After the roll"))
    if isinstance(action, Protect):
        return Option(
            f"protect:{action.card}",
            _("Protect the army with {card}", card=_card(action.card)),
            _("After the roll"),
        )
    if isinstance(action, Resolve):
        if action.keep is None:
            return Option("resolve", _("Accept the roll"), _("After the roll"))
        label = _("Accept, keeping {card}", card=_card(action.keep))
        return Option(f"resolve:{action.keep}", label, _("After the roll"))
    assert isinstance(action, EndTurn)
    return Option("end", _("End my turn"), _("Turn"))


PHASE_TEXT = {
    Phase.RECRUIT: _("Recruit: take one of the lots on the table."),
    Phase.TURN: _("Your turn: move, play a card, attack a tile next to you, or end the turn."),
    Phase.AFTER_ROLL: _("After the roll: reroll, protect your army, or accept."),
}


def _target(raw: Any, state: State) -> Any:
    if raw in (Special.BLACK_GATE.value, Special.TROLL.value):
        return Special(raw)
    try:
        row, col = (int(part) for part in str(raw).split(","))
    except ValueError as error:
        raise IllegalActionError(f"no such target {raw!r}") from error
    return (row, col)


def _ids(raw: Any) -> tuple[int, ...]:
    if not isinstance(raw, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in raw
    ):
        raise IllegalActionError("cards are named by a list of card ids")
    return tuple(raw)


class PersonSeat:
    def __init__(self, seat: int, script: Script) -> None:
        self.seat = seat
        self.script = script

    def act(self, state: State) -> Action:
        actions = legal_actions(state)
        by_id = {}
        for action in actions:
            option = _option(action, state)
            by_id[option.id] = (option, action)
        targets = state.attack_targets(state.current)
        form = None
        if targets:
            form = {
                "type": "attack",
                "targets": [t.value if isinstance(t, Special) else _hex(t) for t in targets],
            }
        prompt = Prompt(
            self.seat,
            state.phase.value,
            PHASE_TEXT[state.phase],
            [o for o, _ in by_id.values()],
            form,
        )
        choice = self.script.ask(prompt)
        if isinstance(choice, dict):
            return Attack(
                _target(choice.get("target"), state),
                _ids(choice.get("armies", [])),
                _ids(choice.get("heroes", [])),
            )
        if choice not in by_id:
            raise IllegalActionError(f"{choice!r} is not one of the legal choices now")
        return by_id[choice][1]


def parse_settings(raw: dict[str, Any]) -> dict[str, Any]:
    variant = raw.get("variant", False)
    if not isinstance(variant, bool):
        raise ValueError("variant: true or false")
    return {"variant": variant}


class Game:
    def __init__(
        self, seed: int, settings: dict[str, Any], seats: list[str | None], script: Script
    ) -> None:
        self.dice, self.log = Dice(seed), EventLog()
        self.log.emit("start", seed=seed, strategies=[name or "person" for name in seats])
        self.state = new_game(MATERIAL, Rules(len(seats), settings["variant"]), self.dice, self.log)
        self.players: list[Any] = [
            PersonSeat(seat, script)
            if name is None
            else AiSeat(make_player(Strategy(name), self.dice), seat, script)
            for seat, name in enumerate(seats)
        ]

    def play(self) -> None:
        state = self.state
        while not state.is_over:
            apply(state, self.players[state.current].act(state))

    def result(self) -> tuple[str | None, str]:
        assert self.state.outcome is not None
        return winner_name(self.state), self.state.outcome.termination.value

    def snapshot(self) -> dict[str, Any]:
        state = self.state
        over = state.is_over
        pending = state.pending
        return {
            "round": state.round,
            "phase": state.phase.value,
            "current": None if over else state.current,
            "seats": [
                {
                    "seat": i,
                    "hand": [
                        {
                            "id": c.id,
                            "label": str(c),
                            "kind": c.kind.value,
                            "colour": c.colour.value if c.colour else None,
                        }
                        for c in seat.hand
                    ],
                    "pawn": None if seat.pawn is None else _hex(seat.pawn),
                    "trophies": len(seat.trophies),
                    "points": sum(t.vp for t in seat.trophies) if over else None,
                }
                for i, seat in enumerate(state.seats)
            ],
            "tiles": {
                _hex(h): {"id": t.id, "kind": t.kind.value, "battle": t.battle}
                for h, t in state.board_tiles.items()
            },
            "lots": [[str(c) for c in lot] if lot is not None else None for lot in state.lots],
            "frodo": {"on_mountain": state.frodo.on_mountain, "index": state.frodo.index},
            "gollum": state.gollum,
            "ring_destroyed": state.ring_destroyed,
            "gate_fallen": state.gate_fallen,
            "trolls": len(state.trolls),
            "deck": len(state.deck),
            "discard": len(state.discard),
            "pending": None
            if pending is None
            else {
                "target": pending.target.value
                if isinstance(pending.target, Special)
                else _hex(pending.target),
                "battle": pending.tile.battle,
                "dice": list(pending.dice),
                "total": pending.total,
                "success": pending.success,
                "armies": [str(c) for c in pending.armies],
                "heroes": [str(c) for c in pending.heroes],
            },
        }


def view(snapshot: dict[str, Any], seats: set[int], finished: bool) -> dict[str, Any]:
    shown = []
    for seat in snapshot.get("seats", []):
        entry = dict(seat)
        if seat["seat"] not in seats and not finished:
            entry["hand"] = len(seat["hand"])
        shown.append(entry)
    return {**snapshot, "seats": shown}


def hidden_from(event: Event, seats: set[int], finished: bool) -> bool:
    return not finished and event.kind == "reinforce" and event.data.get("seat") not in seats


def words(event: Event) -> Phrase | None:
    if event.kind == "turn":
        d = event.data
        return _("P{number} to play (round {round})", number=d["seat"] + 1, round=d["round"])
    found = line(event, MATERIAL)
    if found is None:
        return None
    template, values = found
    d = event.data
    # the account's own English words inside a line, in the reader's language too
    values["verdict"] = _("success") if d.get("success") else _("failure")
    values["result"] = _("win") if d.get("players_win") else _("lose")
    values["variant_text"] = _(" (variant)") if d.get("variant") else ""
    return _(template, **values)


def board() -> dict[str, Any]:
    from battlesim.replay_rotk import rotk_board

    return rotk_board(MATERIAL)
