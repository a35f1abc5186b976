"""Co-operative players of different quality; each chooses through the same decision points.

A player reads the state and returns an action; the state checks it. The three tactics:
``greedy`` attacks whatever has the best odds and burns cards for sure hits, ``gate`` walks
the cheapest way to the Black Gate and saves its cards for it, ``racer`` hunts the tiles
that move Frodo and Sam and grows careful once Gollum is loose. ``random`` plays any legal
action (a baseline and a rules fuzzer).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence

from battlesim.engines.dice import Dice
from battlesim.engines.rotk.actions import (
    Action,
    AragornMove,
    Attack,
    ChooseLot,
    EndTurn,
    Enter,
    ForcedMarch,
    Move,
    Phase,
    Protect,
    Reinforce,
    Reroll,
    Resolve,
    Special,
    Target,
)
from battlesim.engines.rotk.combat import can_reroll_with
from battlesim.engines.rotk.data import ActionCard, Card, CardKind, Hex, HexKind, Tile, TileKind
from battlesim.engines.rotk.rules import legal_actions
from battlesim.engines.rotk.state import Entry, State
from battlesim.engines.rotk.tactics import (
    AttackPlan,
    card_worth,
    cheapest,
    first_step,
    gate_distances,
    plan_attack,
    reachable,
    targets_from,
)


class Strategy(enum.Enum):
    GREEDY = "greedy"
    GATE = "gate"
    RACER = "racer"
    RANDOM = "random"
    PATIENT = "patient"


class Player:
    """The shared decision points; subclasses tune what a target is worth and how sure to be."""

    goal = 0.8  # the chance a player buys with cards before it stops adding more
    least = 0.55  # below this chance a player does not attack
    least_with_gollum = 0.55  # the same once Gollum moves
    walk = 3  # how many hexes a player will walk to a better attack
    protect_from = 4  # army value worth saving with "Gandalfs Schutz"

    def __init__(self) -> None:
        self._road_key: tuple[int, int] | None = None
        self._road: dict[Hex, int] = {}

    def act(self, state: State) -> Action:
        """Return the action for the decision the state is waiting for."""
        if state.phase is Phase.RECRUIT:
            return self.choose_lot(state)
        if state.phase is Phase.AFTER_ROLL:
            return self.after_roll(state)
        return self.turn(state)

    # ----- recruitment ---------------------------------------------------------------

    def choose_lot(self, state: State) -> Action:
        hand = state.seats[state.current].hand
        lots = [(i, lot) for i, lot in enumerate(state.lots) if lot is not None]
        best = max(lots, key=lambda item: (self.lot_worth(item[1], hand), -item[0]))
        return ChooseLot(best[0])

    def lot_worth(self, lot: Sequence[Card], hand: Sequence[Card]) -> float:
        return sum(card_worth(card) for card in lot)

    # ----- movement and combat -------------------------------------------------------

    def turn(self, state: State) -> Action:
        seat = state.seats[state.current]
        if seat.pawn is None:
            return Enter(self.entry(state))
        reinforce = _card_of(seat.hand, ActionCard.REINFORCEMENTS)
        if reinforce is not None and len(state.deck) + len(state.discard) >= 2:
            return Reinforce(reinforce.id)
        found = self.best_attack(state, seat.pawn, seat.hand)
        here_score = found[0] if found else 0.0
        goal = self.walk_goal(state, here_score) if here_score < 0.9 else None
        if goal is not None:
            return self.step_towards(state, goal)
        if found is not None:
            return found[1].attack
        goal = self.roam(state)
        return EndTurn() if goal is None else self.step_towards(state, goal)

    def entry(self, state: State) -> Hex:
        starts = state.material.hexes_of(HexKind.START, HexKind.MINAS_TIRITH)
        hand = state.seats[state.current].hand
        return max(starts, key=lambda h: (self._score_at(state, h, hand), -abs(h[1] - 3)))

    def least_now(self, state: State, plan: AttackPlan) -> float:
        loose = state.frodo.on_mountain and not state.ring_destroyed
        return self.least_with_gollum if loose else self.least

    def best_attack(
        self, state: State, here: Hex, hand: Sequence[Card]
    ) -> tuple[float, AttackPlan] | None:
        """The best (score, plan) from ``here``; the score is chance times target worth."""
        best: tuple[float, AttackPlan] | None = None
        for target in self.targets(state, here):
            tile = state.target_tile(target)
            worth = self.worth(state, target, tile, here)
            plan = plan_attack(hand, target, tile, self.goal, state.material.two_colour_heroes)
            if worth <= 0 or plan is None or plan.chance < self.least_now(state, plan):
                continue
            if best is None or plan.chance * worth > best[0]:
                best = (plan.chance * worth, plan)
        return best

    def targets(self, state: State, here: Hex) -> list[Target]:
        if state.seats[state.current].pawn == here:
            return state.attack_targets(state.current)
        return targets_from(state, here)

    def worth(self, state: State, target: Target, tile: Tile, here: Hex) -> float:
        """How much the team gains from taking ``target``; 0 means leave it."""
        if target is Special.BLACK_GATE:
            return 1.5
        return 1.0 + tile.battle / 100

    def _score_at(self, state: State, here: Hex, hand: Sequence[Card]) -> float:
        found = self.best_attack(state, here, hand)
        return found[0] if found else 0.0

    def walk_limit(self, state: State, keep: int) -> int:
        free = 1 if state.can_move_free_with_aragorn(state.current) else 0
        affordable = len(state.seats[state.current].hand) - keep + free
        if state.rules.entry is Entry.EACH_TURN:
            return affordable  # every turn starts from the start row: the far tiles need a walk
        return min(self.walk, affordable)

    def walk_goal(self, state: State, here_score: float) -> Hex | None:
        """The reachable hex with the best attack, paying one card a step (seed L125-131)."""
        seat = state.seats[state.current]
        free = 1 if state.can_move_free_with_aragorn(state.current) else 0
        by_worth = sorted(seat.hand, key=lambda c: (card_worth(c), c.id))
        best, best_score = None, here_score
        for hex_, steps in sorted(
            reachable(state, state.current, self.walk_limit(state, 2)).items()
        ):
            if steps == 0 or not targets_from(state, hex_):
                continue
            paid = max(0, steps - free)
            score = self._score_at(state, hex_, by_worth[paid:]) * (0.97**paid)
            if score > best_score:
                best, best_score = hex_, score
        return best

    def roam(self, state: State) -> Hex | None:
        """With nothing worth attacking in reach, head up the road to the Black Gate."""
        road, pawn = self.road(state), state.seats[state.current].pawn
        assert pawn is not None
        found = [
            (road[h], steps, h)
            for h, steps in reachable(state, state.current, self.walk_limit(state, 3)).items()
            if road[h] < road[pawn]
        ]
        return min(found)[2] if found else None

    def road(self, state: State) -> dict[Hex, int]:
        """Cost to the Gate approach from each hex (recomputed only when a tile goes)."""
        key = (id(state), len(state.board_tiles))
        if self._road_key != key:
            self._road_key, self._road = key, gate_distances(state)
        return self._road

    def step_towards(self, state: State, goal: Hex) -> Action:
        """Take the cheapest step: Aragorn's free move, a forced march, else one card."""
        seat = state.seats[state.current]
        assert seat.pawn is not None
        step = first_step(state, seat.pawn, goal)
        if state.can_move_free_with_aragorn(state.current):
            return AragornMove(step)
        march = _card_of(seat.hand, ActionCard.FORCED_MARCH)
        if march is None:
            return Move(step, cheapest(seat.hand, 1)[0].id)
        if step == goal:
            return ForcedMarch(march.id, (step,))
        return ForcedMarch(march.id, (step, first_step(state, step, goal)))

    # ----- after the roll ------------------------------------------------------------

    def after_roll(self, state: State) -> Action:
        attack, hand = state.pending, state.seats[state.current].hand
        assert attack is not None
        if not attack.success:
            for card in hand:
                if can_reroll_with(card, attack):
                    return Reroll(card.id)
        shield = _card_of(hand, ActionCard.GANDALFS_PROTECTION)
        armies = sum(card.value for card in attack.armies)
        if shield is not None and not attack.protected and armies >= self.protect_from:
            return Protect(shield.id)
        if attack.success or attack.protected:
            return Resolve()
        return Resolve(max(attack.armies, key=lambda c: (c.value, c.id)).id)


def _card_of(hand: Sequence[Card], action: ActionCard) -> Card | None:
    return next((card for card in hand if card.action is action), None)


class GreedyPlayer(Player):
    """Attacks the best odds in reach and buys near-certain rolls with cards."""

    goal = 0.95
    least = 0.5
    least_with_gollum = 0.5


class PatientPlayer(GreedyPlayer):
    """Attacks only when it is all but sure to win: Gollum moves on failures alone (seed
    L260-263) and a hand has no limit (L109-110), so waiting costs nothing but rounds."""

    goal = 0.99
    least = 0.97
    least_with_gollum = 0.97


class RacerPlayer(Player):
    """Goes for the tiles that move Frodo and Sam; careful once Gollum can move."""

    goal = 0.8
    least = 0.55
    least_with_gollum = 0.8

    def worth(self, state: State, target: Target, tile: Tile, here: Hex) -> float:
        if target is Special.BLACK_GATE:
            return 2.0
        if tile.kind is TileKind.ORCS and not state.ring_destroyed:
            return 0.3  # opens the way but leaves Frodo where he is (seed L254)
        return 1.0


class GateSaverPlayer(Player):
    """Clears the cheapest road to the Black Gate and keeps every other card for it."""

    goal = 0.75
    least = 0.6
    least_with_gollum = 0.75
    protect_from = 3
    gate_least = 0.55

    def lot_worth(self, lot: Sequence[Card], hand: Sequence[Card]) -> float:
        """Cards of the colour already held most count extra: the Gate needs one big army."""
        held = Counter(c.colour for c in hand if c.kind is CardKind.ARMY)
        main = max(sorted(held, key=str), key=lambda c: held[c], default=None)
        bonus = sum(0.5 * c.value for c in lot if c.kind is CardKind.ARMY and c.colour is main)
        return super().lot_worth(lot, hand) + bonus

    def worth(self, state: State, target: Target, tile: Tile, here: Hex) -> float:
        if target is Special.BLACK_GATE:
            return 3.0
        if target is Special.TROLL:
            return 1.0
        road = self.road(state)
        if road[target] < road[here]:
            return 1.0
        # A pawn that restarts on the start row each turn (seed L120, second reading) cannot
        # hoard a road alone: any tile it takes opens the board for the next turns.
        return 0.5 if state.rules.entry is Entry.EACH_TURN else 0.0

    def least_now(self, state: State, plan: AttackPlan) -> float:
        if plan.attack.target is Special.BLACK_GATE:
            return self.gate_least
        return super().least_now(state, plan)

    def walk_goal(self, state: State, here_score: float) -> Hex | None:
        """Walk only along the road to the Gate (see :meth:`Player.roam`), unless the pawn
        restarts each turn and the road is out of reach."""
        if state.rules.entry is Entry.EACH_TURN:
            return super().walk_goal(state, here_score)
        return None


class RandomPlayer:
    """Any legal action, chosen with the game's dice (recorded like every other draw)."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    def act(self, state: State) -> Action:
        options = legal_actions(state)
        if state.phase is Phase.TURN and state.seats[state.current].pawn is not None:
            options = self._turn_options(state, options)
        return self.dice.choice(options, "random player")

    def _turn_options(self, state: State, options: list[Action]) -> list[Action]:
        # One option per kind first, so the many (hex, card) moves do not drown the rest.
        kinds: dict[str, list[Action]] = {}
        for action in options:
            kinds.setdefault(type(action).__name__, []).append(action)
        attacks = [self._attack(state, t) for t in state.attack_targets(state.current)]
        if any(attacks):
            kinds["Attack"] = [a for a in attacks if a is not None]
        kind = self.dice.choice(sorted(kinds), "random kind")
        return kinds[kind]

    def _attack(self, state: State, target: Target) -> Attack | None:
        hand = state.seats[state.current].hand
        armies = [c for c in hand if c.kind is CardKind.ARMY]
        if not armies:
            return None
        colour = self.dice.choice(
            sorted({str(c.colour.value) for c in armies if c.colour}), "colour"
        )
        same = [c.id for c in armies if c.colour is not None and c.colour.value == colour]
        count = self.dice.roll(len(same), "army cards")
        heroes = [c.id for c in hand if c.kind is CardKind.HERO]
        return Attack(
            target,
            tuple(same[:count]),
            tuple(heroes[: self.dice.roll(len(heroes) + 1, "heroes") - 1]),
        )


def make_player(strategy: Strategy, dice: Dice) -> Player | RandomPlayer:
    """Build the player for ``strategy``; the random one draws from the game's dice."""
    if strategy is Strategy.RANDOM:
        return RandomPlayer(dice)
    return {
        Strategy.GREEDY: GreedyPlayer,
        Strategy.GATE: GateSaverPlayer,
        Strategy.RACER: RacerPlayer,
        Strategy.PATIENT: PatientPlayer,
    }[strategy]()
