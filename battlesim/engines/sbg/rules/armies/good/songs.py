"""The Wood Elf Sentinel's Enchanting Song (BSData 3b17-32b9-9f2c-43b1): one song a turn, cast
like a Magical Power without Will and never resisted."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.courage import PASSES_COURAGE, courage_test
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.movement import START_OF_MOVE
from battlesim.engines.sbg.rules.sight import can_see
from battlesim.engines.sbg.rules.terror import CAUSES_TERROR

SONG = "enchanting song"
_SOURCE = "BSData 3b17-32b9-9f2c-43b1"
HYMN, MADRIGAL, LAY = "the hymn of elbereth", "eldamar madrigal", "the lay of gondolin"
_RANGE = 12.0  # the Hymn and the Madrigal: "Range 12""
_SUNG: Status[list[int]] = Status("enchanting song sung", list, Lasting.TURN)

Song = tuple[str, str]  # (song, target uid)


@dataclass(frozen=True, slots=True)
class ChooseSong(Decision["Song | None"]):
    """Enchanting Song: which song, at whom (the Lay of Gondolin at the Sentinel itself), or
    None. The heuristic sings the Madrigal at the nearest enemy that has not moved yet (it
    then moves no further), else the Lay when an enemy is within 12", else nothing."""

    model: ModelState
    songs: tuple[Song, ...]

    def default(self, state: BattleState) -> Song | None:
        madrigals = [s for s in self.songs if s[0] == MADRIGAL]
        if madrigals:
            return min(madrigals, key=lambda s: state.distance(self.model, state.models[s[1]]))
        near = any(state.distance(self.model, e) <= _RANGE for e in state.enemies(self.model))
        return (LAY, self.model.uid) if near else None


def _songs(state: BattleState, sentinel: ModelState) -> tuple[Song, ...]:
    """The songs the Sentinel may sing now, with their targets in range and sight."""
    found: list[Song] = [(LAY, sentinel.uid)]
    for enemy in state.enemies(sentinel):
        near = state.distance(sentinel, enemy) <= _RANGE and not enemy.done_moving
        if near and can_see(state, sentinel, enemy):
            found.append((MADRIGAL, enemy.uid))
    for friend in state.living(sentinel.player):
        if state.distance(sentinel, friend) <= _RANGE and (
            friend is sentinel or can_see(state, sentinel, friend)
        ):
            found.append((HYMN, friend.uid))
    return tuple(found)


def _enchanting_song(state: BattleState, sentinel: ModelState) -> bool:
    """Before its move (MAGIC-WHEN-01), a Sentinel not Engaged may sing one song a turn."""
    if SONG not in sentinel.triggers or state.phase is not Phase.MOVE:
        return False  # powers are cast in the Move phase (MAGIC-WHEN-01)
    if _SUNG.of(sentinel) or state.engaged(sentinel):
        return False
    songs = _songs(state, sentinel)
    choice = ask(state, sentinel, ChooseSong(sentinel, songs))
    if choice is None or tuple(choice) not in songs:
        return False
    _SUNG.of(sentinel).append(state.turn)
    song, uid = choice
    target = state.models[uid]
    state.log.emit("song", model=sentinel.uid, song=song, target=uid, rule=SONG)
    _sing(state, sentinel, song, target)
    return False


def _sing(state: BattleState, sentinel: ModelState, song: str, target: ModelState) -> None:
    if song == HYMN:  # the friend passes Courage tests for the rest of the turn
        _mark(state, sentinel, target, HYMN, PASSES_COURAGE)
    elif song == LAY:  # the Sentinel causes Terror until the end of the turn
        _mark(state, sentinel, sentinel, LAY, CAUSES_TERROR)
    elif not courage_test(state, target, MADRIGAL):
        # the opponent controls it and may move it up to its Move: the engine's players
        # move it 0" (data.ASSUMPTIONS "compel move"); it may move no further this turn
        target.done_moving = True
        state.log.emit("enchanted", model=target.uid, by=sentinel.uid, rule=MADRIGAL)


def _mark(
    state: BattleState, sentinel: ModelState, target: ModelState, name: str, mark: str
) -> None:
    effect = Effect(name, target.uid, None, 0, Until.END_OF_TURN, _SOURCE, mark=mark)
    effects.add(state, effect)


START_OF_MOVE.append(_enchanting_song)
REGISTRY.register(SONG, kind=Kind.RULE, source=_SOURCE)
