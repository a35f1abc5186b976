"""Fights as stars (ambiguity A11) and how the engaged models are split into them
(MOVE-SEP-01..07, 002:L470-496): the facts of a fight that rules and phases share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
)
from battlesim.engines.sbg.core.units import PlayerId

if TYPE_CHECKING:
    pass


Ranking = Callable[[str, int], tuple[object, ...]]  # (model id, contacts) -> sort key


@dataclass(slots=True)
class Combat:
    """A star (ambiguity A11): one model against every enemy touching it that is not taken."""

    center: ModelState
    leaves: list[ModelState]
    supporters: dict[str, ModelState] = field(default_factory=dict)  # supporter -> supported
    only: frozenset[str] = frozenset()  # HERO-HCHAL-02: a challenge: only the two Heroes fight

    def side(self, player: PlayerId) -> list[ModelState]:
        members = [self.center, *self.leaves]
        return [m for m in members if m.player == player and m.alive]

    def fighters(self, player: PlayerId) -> list[ModelState]:
        """Who rolls, adds its Fight and strikes: the side, or only its Hero in a challenge."""
        return [m for m in self.side(player) if not self.only or m.uid in self.only]

    def helpers(self, player: PlayerId) -> list[ModelState]:
        if self.only:
            return []  # HERO-HCHAL-02: supporters take no part in a challenge
        return [s for s in self.supporters.values() if s.player == player and s.alive]

    def uids(self) -> list[str]:
        return [self.center.uid, *(m.uid for m in self.leaves)]


def split_combats(state: BattleState, rank: Ranking | None = None) -> list[Combat]:
    """Cover every engaged model exactly once with stars (MOVE-SEP-03, A11); ``rank`` orders
    the would-be centres (default: most contacts first, the Priority side's first)."""
    contacts = {m.uid: state.contacts(m) for m in state.living() if state.engaged(m)}
    rank = rank or (lambda u, n: (-n, state.models[u].player != state.priority, u))
    order = sorted(contacts, key=lambda u: rank(u, len(contacts[u])))
    owner: dict[str, str] = {}  # model -> centre of its star
    stars: dict[str, list[str]] = {}
    for uid in order:
        if uid in owner:
            continue
        free = [m.uid for m in contacts[uid] if m.uid not in owner]
        if free:
            stars[uid] = free
            owner[uid] = uid
            owner.update({leaf: uid for leaf in free})
        else:
            _attach(uid, contacts[uid][0].uid, owner, stars)
    return [
        Combat(state.models[c], [state.models[u] for u in sorted(leaves)])
        for c, leaves in sorted(stars.items())
    ]


def _attach(uid: str, neighbour: str, owner: dict[str, str], stars: dict[str, list[str]]) -> None:
    """Join a model whose enemies are all taken to a star, reshaping it if needed."""
    centre = owner[neighbour]
    if centre == neighbour:
        stars[centre].append(uid)
    elif len(stars[centre]) == 1:
        del stars[centre]
        stars[neighbour] = [centre, uid]
        owner.update({centre: neighbour, neighbour: neighbour})
    else:
        stars[centre].remove(neighbour)
        stars[neighbour] = [uid]
        owner[neighbour] = neighbour
    owner[uid] = owner[neighbour] if centre != neighbour else centre
