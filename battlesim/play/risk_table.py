"""Risk LOTR at a table: a person's seat answers the engine's decision points.

The questions are those of ``risk.players.Player``: claims and placements at set-up, card
sets, reinforcements (one battalion or all that are left at a time), attacks with a chosen
number of dice, moving in, fortifying, adventure cards at each timing, discards. A person
defends with as many dice as the rules allow (``ASSUMPTIONS``). Each seat sees only its own
territory and adventure cards (its missions among them).
"""

from __future__ import annotations

from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.log import Event, EventLog
from battlesim.engines.risk.account import Account
from battlesim.engines.risk.actions import Attack, CardPlay, Fortify, IllegalActionError
from battlesim.engines.risk.combat import MAX_DEFENCE_DICE, max_dice
from battlesim.engines.risk.data import AdventureCard, TerritoryCard, Timing
from battlesim.engines.risk.fortify import connected
from battlesim.engines.risk.game import Options, run, summarise
from battlesim.engines.risk.players import STRATEGIES
from battlesim.engines.risk.setup import new_state, set_up
from battlesim.engines.risk.state import GameState
from battlesim.play.phrases import Phrase
from battlesim.play.phrases import Phrase as _
from battlesim.play.seating import AiSeat, Option, Prompt, Script, numbers, yes_no

NAME = "risk"
SEATS = (2, 4)
AI_STRATEGIES = sorted(STRATEGIES)
ILLEGAL = (IllegalActionError,)
FRAME_KINDS = frozenset({"turn", "conquest"})
ASSUMPTIONS = {
    "defence_dice": "A person defends with as many dice as the rules allow (up to two) "
    "unless the table was set to ask each time (setting defence: ask).",
    "turn_limit": "A table game stops after the chosen number of turns (the engine's safety "
    "limit); the scores then decide, as in a simulated game.",
}


def _card(card: TerritoryCard) -> str:
    return f"{card.territory or 'wild'} ({card.symbol.value})"


def _adventure(card: AdventureCard) -> str:
    where = f" - {card.territory}" if card.territory else ""
    return f"{card.name}{where} ({card.kind.value}, {card.points} pts)"


def _play_label(state: GameState, seat: int, play: CardPlay) -> Phrase | str:
    card = next(c for c in state.players[seat].adventures if c.id == play.card_id)
    label: Phrase | str = card.name
    if play.source:
        label = _("{play} from {territory}", play=label, territory=play.source)
    if play.target:
        label = _("{play} on {territory}", play=label, territory=play.target)
    if play.sign != 1:
        label = _("{play} backwards", play=label)
    return label


class PersonSeat:
    """A person's answers to every Risk decision point, from the script."""

    def __init__(self, seat: int, script: Script, ask_defence: bool = False) -> None:
        self.seat = seat
        self.script = script
        self.ask_defence = ask_defence

    def _pick(self, kind: str, text: Phrase, options: list[Option]) -> str:
        return str(self.script.ask(Prompt(self.seat, kind, text, options)))

    def _territories(self, state: GameState, names: list[str]) -> list[Option]:
        return [
            Option(t, f"{t} ({state.armies.get(t, 0)})", state.board.territories[t].region)
            for t in names
        ]

    # -- set-up ------------------------------------------------------------------------
    def claim(self, state: GameState, seat: int, vacant: list[str]) -> str:
        options = [Option(t, t, state.board.territories[t].region) for t in vacant]
        return self._pick("claim", _("Claim a vacant territory."), options)

    def place_one(self, state: GameState, seat: int) -> str:
        left = state.players[seat].reserve
        text = _("Place one battalion on a territory of yours ({left} left).", left=left)
        return self._pick("place_one", text, self._territories(state, state.territories_of(seat)))

    def place_leader(self, state: GameState, seat: int, options: list[str]) -> str:
        return self._pick("leader", _("Place a leader."), self._territories(state, options))

    # -- reinforcements ----------------------------------------------------------------
    def trade(
        self, state: GameState, seat: int, sets: list[tuple[TerritoryCard, ...]], forced: bool
    ) -> tuple[TerritoryCard, ...] | None:
        options = [] if forced else [Option("keep", _("Keep my cards"))]
        options += [
            Option(str(i), " + ".join(_card(c) for c in trio), _("Trade in"))
            for i, trio in enumerate(sets)
        ]
        text = _("You must trade in a set of cards.") if forced else _("Trade in a set of cards?")
        choice = self._pick("trade", text, options)
        return None if choice == "keep" else sets[int(choice)]

    def place_reinforcements(self, state: GameState, seat: int, count: int) -> dict[str, int]:
        plan: dict[str, int] = {}
        left = count
        while left:
            options = []
            for t in state.territories_of(seat):
                shown = f"{t} ({state.armies[t] + plan.get(t, 0)})"
                options.append(Option(f"1:{t}", f"+1 {shown}", _("One")))
                if left > 1:
                    options.append(Option(f"all:{t}", f"+{left} {shown}", _("All the rest")))
            text = _("Place your reinforcements: {left} left.", left=left)
            choice = self._pick("reinforce", text, options)
            how, territory = choice.split(":", 1)
            placed = left if how == "all" else 1
            plan[territory] = plan.get(territory, 0) + placed
            left -= placed
        return plan

    # -- combat ------------------------------------------------------------------------
    def attack(self, state: GameState, seat: int, options: list[tuple[str, str]]) -> Attack | None:
        choices = [Option("stop", _("Stop attacking"))]
        choices += [
            Option(f"{s}>{t}", f"{s} ({state.armies[s]}) -> {t} ({state.armies[t]})", s)
            for s, t in options
        ]
        choice = self._pick("attack", _("Attack a neighbour, or stop."), choices)
        if choice == "stop":
            return None
        source, target = choice.split(">", 1)
        most = max_dice(state, seat, source, target)
        text = _("Attack {target} from {source} with how many dice?", target=target, source=source)
        dice = int(self.script.ask(numbers(self.seat, "attack_dice", text, 1, most, dice=True)))
        return Attack(source, target, dice)

    def defend(self, state: GameState, seat: int, attack: Attack) -> int:
        most = min(MAX_DEFENCE_DICE, state.armies[attack.target])
        if not self.ask_defence or most < 2:
            return most
        text = _(
            "{source} attacks your {target}: defend with how many dice?",
            source=attack.source,
            target=attack.target,
        )
        return int(self.script.ask(numbers(self.seat, "defend", text, 1, most, dice=True)))

    def move_in(self, state: GameState, seat: int, attack: Attack, least: int, most: int) -> int:
        if least == most:
            return least
        text = _(
            "You took {target}: move in how many battalions from {source}?",
            target=attack.target,
            source=attack.source,
        )
        return int(self.script.ask(numbers(self.seat, "move_in", text, least, most)))

    # -- fortify -----------------------------------------------------------------------
    def fortify(self, state: GameState, seat: int) -> Fortify | None:
        sources = [
            t
            for t in state.territories_of(seat)
            if state.armies[t] > 1 and connected(state, seat, t) - {t}
        ]
        if not sources:
            return None
        options = [Option("none", _("Do not fortify"))] + self._territories(state, sources)
        text = _("Fortify: move battalions from which territory?")
        source = self._pick("fortify_from", text, options)
        if source == "none":
            return None
        reach = sorted(connected(state, seat, source) - {source})
        text = _("Move from {source} to?", source=source)
        target = self._pick("fortify_to", text, self._territories(state, reach))
        text = _(
            "How many battalions move from {source} to {target}?", source=source, target=target
        )
        count = int(
            self.script.ask(numbers(self.seat, "fortify_count", text, 1, state.armies[source] - 1))
        )
        leader = False
        if source in state.leaders and target not in state.leaders:
            question = yes_no(self.seat, "fortify_leader", _("Take the leader along?"))
            leader = self.script.ask(question) == "yes"
        return Fortify(source, target, count, leader)

    # -- adventure cards ---------------------------------------------------------------
    def play_power(
        self,
        state: GameState,
        seat: int,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None:
        choices = [Option("none", _("Play no card"))]
        choices += [
            Option(str(i), _play_label(state, seat, p), _("Play")) for i, p in enumerate(options)
        ]
        text = _("Play an adventure card now ({timing})?", timing=timing.value)
        choice = self._pick("power", text, choices)
        return None if choice == "none" else options[int(choice)]

    def discard_adventure(
        self, state: GameState, seat: int, hand: list[AdventureCard]
    ) -> AdventureCard:
        options = [Option(str(c.id), _adventure(c)) for c in hand]
        text = _("Your hand is full: discard an adventure card.")
        choice = self._pick("discard", text, options)
        return next(c for c in hand if str(c.id) == choice)


def parse_settings(raw: dict[str, Any]) -> dict[str, Any]:
    turns = raw.get("turn_limit", 12)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 2 <= turns <= 300:
        raise ValueError("turn_limit: a whole number from 2 to 300")
    defence = raw.get("defence", "most")
    if defence not in ("most", "ask"):
        raise ValueError("defence: most or ask")
    return {"turn_limit": turns, "defence": defence}


class Game:
    def __init__(
        self, seed: int, settings: dict[str, Any], seats: list[str | None], script: Script
    ) -> None:
        names = [name or "person" for name in seats]
        self.settings = Options(players=tuple(names), turn_limit=settings["turn_limit"])
        self.seed = seed
        self.log = EventLog()
        options = {"players": names, **settings}
        self.log.emit("game", game="risk", seed=seed, options=options)
        self.state = new_state(Dice(seed), self.log, names)
        dice = self.state.dice
        self.players: dict[int, Any] = {
            seat: PersonSeat(seat, script, settings.get("defence") == "ask")
            if name is None
            else AiSeat(STRATEGIES[name](dice), seat, script)
            for seat, name in enumerate(seats)
        }
        self.summary: dict[str, Any] | None = None

    def play(self) -> None:
        set_up(self.state, self.players, self.settings.leaders_at_setup)
        termination = run(self.state, self.players, self.settings.turn_limit)
        self.summary = summarise(self.state, termination, self.seed)
        keys = ("winner", "termination", "scores")
        self.log.emit("game_over", **{k: self.summary[k] for k in keys})

    def result(self) -> tuple[str | None, str]:
        assert self.summary is not None
        return self.summary["winner"], self.summary["termination"]

    def snapshot(self) -> dict[str, Any]:
        state = self.state
        return {
            "turn": state.turn,
            "current": state.current,
            "fellowship": state.fellowship_territory(),
            "fellowship_step": state.fellowship,
            "owner": dict(state.owner),
            "armies": dict(state.armies),
            "leaders": dict(state.leaders),
            "players": [
                {
                    "seat": p.seat,
                    "colour": p.colour,
                    "side": p.side.value,
                    "reserve": p.reserve,
                    "eliminated": p.eliminated,
                    "territories": len(state.territories_of(p.seat)),
                    "cards": [_card(c) for c in p.cards],
                    "adventures": [_adventure(c) for c in p.adventures],
                    "played": [c.name for c in p.played],
                }
                for p in state.players
            ],
            "dice": _last_throw(self.log),
        }


def _last_throw(log: EventLog) -> dict[str, Any]:
    for event in reversed(log.events):
        if event.kind == "throw":
            return {"attack": event.data["attack"], "defence": event.data["defence"]}
    return {}


def view(snapshot: dict[str, Any], seats: set[int], finished: bool) -> dict[str, Any]:
    """Hide other seats' cards: only how many they hold."""
    players = []
    for player in snapshot.get("players", []):
        shown = dict(player)
        if player["seat"] not in seats and not finished:
            shown["cards"] = len(player["cards"])
            shown["adventures"] = len(player["adventures"])
        players.append(shown)
    return {**snapshot, "players": players}


def hidden_from(event: Event, seats: set[int], finished: bool) -> bool:
    if finished:
        return False
    if event.kind == "hands":
        return True
    if event.kind in ("territory_card", "adventure_card", "adventure_discard"):
        return event.data.get("seat") not in seats
    return False


_account = Account()


# The seats' colours (the board's data, 003:L8), in the reader's language.
COLOURS = {
    "Yellow": _("Yellow"),
    "Red": _("Red"),
    "Green": _("Green"),
    "Black": _("Black"),
}


SIDES = {"good": _("Good"), "evil": _("Evil")}


def _colour(seat: int) -> Phrase | str:
    colour = _account.name(seat)
    return COLOURS.get(colour, colour)


def words(event: Event) -> Phrase | None:
    d = event.data
    if event.kind == "setup":
        _account.colours = {p["seat"]: p["colour"] for p in d["players"]}
        players = [
            _(
                "{player} ({side}, {strategy})",
                player=_colour(p["seat"]),
                side=SIDES.get(p["side"], p["side"]),
                strategy=p["strategy"],
            )
            for p in d["players"]
        ]
        return _("Players: {players}", players=players)
    if event.kind == "claim":
        return _("{player} claims {territory}", player=_colour(d["seat"]), territory=d["territory"])
    if event.kind == "place":
        return _(
            "{player} places {count} on {territory}",
            player=_colour(d["seat"]),
            count=d["count"],
            territory=d["territory"],
        )
    if event.kind == "territory_card":
        return _("{player} draws a territory card", player=_colour(d["seat"]))
    line = _account.line(event, _colour)
    return None if line is None else _(line[0], **line[1])


def board() -> dict[str, Any]:
    from battlesim.replay_data import risk_board

    return risk_board()
