"""Set a game up by player count (seed L34-77)."""

from __future__ import annotations

from battlesim.engines.dice import Dice
from battlesim.engines.log import EventLog
from battlesim.engines.rotk.data import HexKind, Material, Tile, TileKind
from battlesim.engines.rotk.state import Rules, State


class BadSetupError(ValueError):
    """The rules do not provide for this set-up."""


def new_game(material: Material, rules: Rules, dice: Dice, log: EventLog) -> State:
    """Return a game ready for the first recruitment, every step in the log."""
    if rules.players not in material.trolls_used:
        raise BadSetupError(f"the game is for 3 or 4 players, not {rules.players} (seed L5)")
    state = State(material, rules, dice, log)
    _place_tiles(state)
    _deal_hands(state)
    state.round, state.start_player = 1, roll_start_player(state)
    _log_setup(state)
    state.deal_lots()
    return state


def _place_tiles(state: State) -> None:
    """Trolls behind the Gate, Nazgul on black dots, the rest at random (seed L53-67)."""
    material, dice = state.material, state.dice
    trolls = [t for t in material.tiles if t.kind is TileKind.TROLL]
    dice.shuffle(trolls, "trolls")  # the unused troll leaves unseen
    state.trolls = sorted(trolls[: material.trolls_used[state.rules.players]], key=_tile_id)
    nazgul = [t for t in material.tiles if t.kind is TileKind.NAZGUL]
    others = [t for t in material.tiles if t.kind not in (TileKind.TROLL, TileKind.NAZGUL)]
    for tiles, kind in ((nazgul, HexKind.NAZGUL), (others, HexKind.TILE)):
        dice.shuffle(tiles, f"{kind.name.lower()} tiles")
        state.board_tiles.update(zip(material.hexes_of(kind), tiles, strict=True))


def _tile_id(tile: Tile) -> int:
    return tile.id


def _deal_hands(state: State) -> None:
    """Shuffle the 90 cards and deal three to each player (seed L69-71)."""
    state.deck = list(state.material.cards)
    state.dice.shuffle(state.deck, "deck")
    for seat in state.seats:
        seat.give(state.draw_many(state.material.hand_size))


def roll_start_player(state: State) -> int:
    """Everyone rolls the dice; the highest starts, tied players roll again (seed L74-77)."""
    rolling = list(range(state.rules.players))
    while len(rolling) > 1:
        rolls = {seat: sum(state.dice.d6s(2, f"start player {seat}")) for seat in rolling}
        best = max(rolls.values())
        state.log.emit("start_roll", rolls={str(s): r for s, r in rolls.items()})
        rolling = [seat for seat in rolling if rolls[seat] == best]
    return rolling[0]


def _log_setup(state: State) -> None:
    tiles = [
        {"hex": list(h), "tile": t.id, "kind": t.kind.value, "battle": t.battle, "vp": t.vp}
        for h, t in sorted(state.board_tiles.items())
    ]
    state.log.emit(
        "setup",
        players=state.rules.players,
        variant=state.rules.variant,
        entry=state.rules.entry.value,
        tiles=tiles,
        trolls=[t.id for t in state.trolls],
        hands=[[c.id for c in seat.hand] for seat in state.seats],
        deck=[c.id for c in state.deck],
        frodo=str(state.frodo),
        frodo_place=state.frodo.to_json(),
        gollum=state.gollum,
        start_player=state.start_player,
    )
