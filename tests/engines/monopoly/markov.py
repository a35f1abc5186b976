"""The exact single-player movement chain of seed 001 with these decks (numpy, no engine code).

Pre-roll states: on a square with 0-2 doubles already rolled this turn, or in prison after
0-2 failed attempts. Each roll leads to a distribution over the next pre-roll states and an
expected number of placements ("landings") per square: the square the dice reach, every square
a card moves the token to, and the prison when the token is sent there.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from battlesim.engines.monopoly.data import (
    BOARD_SIZE,
    CARDS,
    DECK_OF_SQUARE,
    GO_TO_JAIL_SQUARE,
    JAIL_SQUARE,
    SQUARES,
    Card,
    Deck,
    Effect,
)

JAILED = -1
Outcome = tuple[float, int, tuple[int, ...]]  # probability, final square or JAILED, stops
FREE_STATES = [(pos, d) for pos in range(BOARD_SIZE) if pos != GO_TO_JAIL_SQUARE for d in range(3)]
STATE_INDEX = {s: i for i, s in enumerate(FREE_STATES)}
JAIL_STATES = [len(FREE_STATES) + k for k in range(3)]  # after 0, 1, 2 failed attempts
N_STATES = len(FREE_STATES) + 3
PAIRS = list(product(range(1, 7), repeat=2))


def deck_cards(deck: Deck) -> list[Card]:
    """The cards a walker draws: release cards are kept for ever, so they leave the deck."""
    return [c for c in CARDS[deck] if c.effect is not Effect.JAIL_FREE]


def resolve(square: int, draw_people: bool) -> list[Outcome]:
    """Outcomes of arriving on ``square``: prison square, cards (recursively), or rest."""
    if square == GO_TO_JAIL_SQUARE:
        return [(1.0, JAILED, (square, JAIL_SQUARE))]
    deck = DECK_OF_SQUARE.get(SQUARES[square].kind)
    if deck is None:
        return [(1.0, square, (square,))]
    outcomes: list[Outcome] = []
    cards = deck_cards(deck)
    for card in cards:
        for p, final, stops in _card(card, square, draw_people):
            outcomes.append((p / len(cards), final, (square, *stops)))
    return outcomes


def _card(card: Card, square: int, draw_people: bool) -> list[Outcome]:
    if card.effect is Effect.GO_TO_JAIL:
        return [(1.0, JAILED, (JAIL_SQUARE,))]
    if card.effect in (Effect.ADVANCE_TO, Effect.BACK_TO):
        return resolve(card.target, draw_people)
    if card.effect is Effect.MOVE_BACK:
        return resolve((square - card.amount) % BOARD_SIZE, draw_people)
    if card.effect is Effect.PAY_OR_DRAW and draw_people:
        people = [(p, f, s[1:]) for p, f, s in resolve(7, draw_people)]  # a Peuple draw
        return people
    return [(1.0, square, ())]


def transition(
    draw_people: bool = False, pay_at_once: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Return (P, S): next-state probabilities and expected landings per pre-roll state.

    ``pay_at_once``: the prisoner pays the fine at the start of the next turn and then plays a
    normal turn from the prison square (001:L224); otherwise it tries for doubles (001:L227).
    """
    jail_entry = STATE_INDEX[(JAIL_SQUARE, 0)] if pay_at_once else JAIL_STATES[0]
    P = np.zeros((N_STATES, N_STATES))
    S = np.zeros((N_STATES, BOARD_SIZE))
    for (pos, d), i in STATE_INDEX.items():
        for a, b in PAIRS:
            if a == b and d == 2:
                P[i, jail_entry] += 1 / 36
                S[i, JAIL_SQUARE] += 1 / 36
                continue
            nd = d + 1 if a == b else 0
            _add(P, S, i, (pos + a + b) % BOARD_SIZE, 1 / 36, nd, draw_people, jail_entry)
    for k, i in enumerate(JAIL_STATES):
        for a, b in PAIRS:
            if a != b and k < 2:
                P[i, JAIL_STATES[k + 1]] += 1 / 36
            else:
                _add(P, S, i, JAIL_SQUARE + a + b, 1 / 36, 0, draw_people, jail_entry)
    return P, S


def _add(
    P: np.ndarray, S: np.ndarray, i: int, square: int, p: float, nd: int, draw: bool, jail: int
) -> None:
    for q, final, stops in resolve(square, draw):
        target = jail if final == JAILED else STATE_INDEX[(final, nd)]
        P[i, target] += p * q
        for stop in stops:
            S[i, stop] += p * q


def landing_frequencies(draw_people: bool = False, pay_at_once: bool = False) -> np.ndarray:
    """Long-run share of landings per square (sums to 1)."""
    P, S = transition(draw_people, pay_at_once)
    w, v = np.linalg.eig(P.T)
    pi = np.real(v[:, np.argmin(np.abs(w - 1))])
    pi /= pi.sum()
    landings = pi @ S
    return landings / landings.sum()
