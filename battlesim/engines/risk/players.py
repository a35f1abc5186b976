"""Players (policies): they read the state and choose; the rules check and apply.

Every player answers the same decision points and consults the battle-odds table
(``odds.conquest_probability``). Strategies differ in what they value and how much risk they
take: ``random`` (uniform legal choices, but no hopeless invasions), ``aggressive`` (attack on
even odds, mass on the front), ``region`` (complete the region nearest completion),
``defensive`` (hold strongholds, attack only on strong odds), ``strategist`` (weighs regions
and borders: completes and breaks regions, masses on the front it attacks from).
"""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.dice import Dice
from battlesim.engines.risk.actions import Attack, CardPlay, Fortify
from battlesim.engines.risk.combat import MAX_DEFENCE_DICE, bonuses, max_dice
from battlesim.engines.risk.data import AdventureCard, Seat, TerritoryCard, TerritoryName, Timing
from battlesim.engines.risk.fortify import connected
from battlesim.engines.risk.odds import conquest_probability
from battlesim.engines.risk.scoring import score
from battlesim.engines.risk.state import GameState

Pair = tuple[TerritoryName, TerritoryName]


# --- shared readings of the board --------------------------------------------------------------
def enemy_neighbours(state: GameState, seat: Seat, territory: TerritoryName) -> list[str]:
    owner, players = state.owner, state.players
    side = players[seat].side  # state.allied inlined: the players' hottest question
    return [
        t for t in state.board.ordered_neighbours[territory] if players[owner[t]].side is not side
    ]


def threat(state: GameState, seat: Seat, territory: TerritoryName) -> int:
    return sum(state.armies[t] for t in enemy_neighbours(state, seat, territory))


def borders(state: GameState, seat: Seat) -> list[TerritoryName]:
    return [t for t in state.territories_of(seat) if enemy_neighbours(state, seat, t)]


def attack_odds(state: GameState, source: TerritoryName, target: TerritoryName) -> float:
    """Chance to take ``target`` throwing everything from ``source`` (the odds table)."""
    attack_bonus, defence_bonus = bonuses(state, Attack(source, target, 1))
    spare = state.armies[source] - 1
    return conquest_probability(spare, state.armies[target], attack_bonus, defence_bonus)


def share_of(state: GameState, seat: Seat, members: tuple[TerritoryName, ...]) -> float:
    owner = state.owner
    return sum(1 for t in members if owner.get(t) == seat) / len(members)


def side_leads(state: GameState, seat: Seat) -> bool:
    """Is the player's camp ahead on points now (so it wants the Ring destroyed soon)?"""
    mine = state.players[seat].side
    totals: dict[bool, int] = {True: 0, False: 0}
    for player in state.players:
        totals[player.side is mine] += score(state, player.seat).total
    return totals[True] > totals[False]


def speeds_ring(play_card: AdventureCard, play: CardPlay) -> bool:
    if play_card.effect == "fellowship_modifier":
        return play_card.amount * play.sign > 0
    return play_card.effect == "hunt"


class Player:
    """The decision points; a subclass overrides what its strategy changes."""

    name = "base"
    attack_threshold = 0.6

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    # --- set-up ------------------------------------------------------------------------
    def claim(self, state: GameState, seat: Seat, vacant: list[TerritoryName]) -> str:
        return max(vacant, key=lambda t: (self.claim_value(state, seat, t), t))

    def claim_value(self, state: GameState, seat: Seat, territory: TerritoryName) -> float:
        region = state.board.regions[state.board.territories[territory].region][1]
        return sum(state.owner.get(t) == seat for t in region) / len(region)

    def place_one(self, state: GameState, seat: Seat) -> TerritoryName:
        return self.reinforce_target(state, seat)

    def place_leader(self, state: GameState, seat: Seat, options: list[TerritoryName]) -> str:
        return max(options, key=lambda t: (state.armies[t], t))

    # --- reinforcements ----------------------------------------------------------------
    def trade(
        self, state: GameState, seat: Seat, sets: list[tuple[TerritoryCard, ...]], forced: bool
    ) -> tuple[TerritoryCard, ...] | None:
        return sets[-1] if sets else None

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        front = borders(state, seat) or state.territories_of(seat)
        return max(front, key=lambda t: (threat(state, seat, t) - state.armies[t], t))

    def place_reinforcements(self, state: GameState, seat: Seat, count: int) -> dict[str, int]:
        return {self.reinforce_target(state, seat): count}

    # --- combat ------------------------------------------------------------------------
    def prizes(self, state: GameState, seat: Seat) -> Callable[[TerritoryName], float]:
        """Return how much the player values taking a territory, read once per decision."""

        def value(target: TerritoryName) -> float:
            info = state.board.territories[target]
            stronghold = 2.0 if info.stronghold else 0.0
            return 1.0 + stronghold + self.mission_bonus(state, seat, target)

        return value

    def mission_bonus(self, state: GameState, seat: Seat, target: TerritoryName) -> float:
        missions = [c for c in state.players[seat].adventures if c.territory == target]
        return 2.0 if any(c.effect == "mission" for c in missions) else 0.0

    def attack(self, state: GameState, seat: Seat, options: list[Pair]) -> Attack | None:
        """Take the best prize worth its odds: chance to conquer times the target's value."""
        scored, value = [], self.prizes(state, seat)
        for source, target in options:
            odds = attack_odds(state, source, target)
            if odds >= self.attack_threshold:
                scored.append((odds * value(target), source, target))
        if not scored:
            return None
        _, source, target = max(scored)
        return Attack(source, target, max_dice(state, seat, source, target))

    def defend(self, state: GameState, seat: Seat, attack: Attack) -> int:
        return min(MAX_DEFENCE_DICE, state.armies[attack.target])

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        source_threat = threat(state, seat, attack.source)
        return least if source_threat > state.armies[attack.source] else most

    # --- fortify -----------------------------------------------------------------------
    def fortify(self, state: GameState, seat: Seat) -> Fortify | None:
        front = set(borders(state, seat))
        inland = [t for t in state.territories_of(seat) if t not in front and state.armies[t] > 1]
        for source in sorted(inland, key=lambda t: (-state.armies[t], t)):
            reach = sorted(connected(state, seat, source) & front)
            if reach:
                target = max(reach, key=lambda t: (threat(state, seat, t), t))
                return Fortify(
                    source,
                    target,
                    state.armies[source] - 1,
                    self._takes_leader(state, source, target),
                )
        return None

    @staticmethod
    def _takes_leader(state: GameState, source: TerritoryName, target: TerritoryName) -> bool:
        return source in state.leaders and target not in state.leaders

    # --- adventure cards ---------------------------------------------------------------
    def play_power(
        self,
        state: GameState,
        seat: Seat,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None:
        for play in options:
            card = next(c for c in state.players[seat].adventures if c.id == play.card_id)
            if self.wants(state, seat, card, play, timing):
                return play
        return None

    def wants(
        self, state: GameState, seat: Seat, card: AdventureCard, play: CardPlay, timing: Timing
    ) -> bool:
        if timing is Timing.FELLOWSHIP or card.effect == "hunt":
            return speeds_ring(card, play) == side_leads(state, seat)
        if card.effect == "withdrawal":
            return False
        if card.effect == "borne":
            return state.armies[play.target or ""] > state.armies[play.source or ""]
        return True

    def discard_adventure(
        self, state: GameState, seat: Seat, hand: list[AdventureCard]
    ) -> AdventureCard:
        return min(hand, key=lambda c: (c.points, c.id))


class RandomPlayer(Player):
    """Uniform random legal choices; the odds table only rules out hopeless invasions."""

    name = "random"
    attack_threshold = 0.15

    def claim(self, state: GameState, seat: Seat, vacant: list[TerritoryName]) -> str:
        return self.dice.choice(vacant, "random claim")

    def place_one(self, state: GameState, seat: Seat) -> TerritoryName:
        return self.dice.choice(state.territories_of(seat), "random placement")

    def place_leader(self, state: GameState, seat: Seat, options: list[TerritoryName]) -> str:
        return self.dice.choice(options, "random leader")

    def trade(
        self, state: GameState, seat: Seat, sets: list[tuple[TerritoryCard, ...]], forced: bool
    ) -> tuple[TerritoryCard, ...] | None:
        if not sets or (not forced and self.dice.d6("trade?") <= 3):
            return None
        return self.dice.choice(sets, "random set")

    def place_reinforcements(self, state: GameState, seat: Seat, count: int) -> dict[str, int]:
        spread: dict[str, int] = {}
        for _ in range(count):
            territory = self.dice.choice(state.territories_of(seat), "random reinforcement")
            spread[territory] = spread.get(territory, 0) + 1
        return spread

    def attack(self, state: GameState, seat: Seat, options: list[Pair]) -> Attack | None:
        fair = [(s, t) for s, t in options if attack_odds(state, s, t) >= self.attack_threshold]
        if not fair or self.dice.d6("keep attacking?") <= 2:
            return None
        source, target = self.dice.choice(fair, "random attack")
        most = max_dice(state, seat, source, target)
        return Attack(source, target, self.dice.roll(most, "random dice"))

    def defend(self, state: GameState, seat: Seat, attack: Attack) -> int:
        return self.dice.roll(min(MAX_DEFENCE_DICE, state.armies[attack.target]), "defence dice")

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return least + self.dice.roll(most - least + 1, "random move-in") - 1

    def fortify(self, state: GameState, seat: Seat) -> Fortify | None:
        sources = [t for t in state.territories_of(seat) if state.armies[t] > 1]
        if not sources or self.dice.d6("fortify?") <= 2:
            return None
        source = self.dice.choice(sources, "fortify from")
        reach = sorted(connected(state, seat, source) - {source})
        if not reach:
            return None
        target = self.dice.choice(reach, "fortify to")
        count = self.dice.roll(state.armies[source] - 1, "fortify count")
        return Fortify(source, target, count, self._takes_leader(state, source, target))

    def play_power(
        self,
        state: GameState,
        seat: Seat,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None:
        if not options or self.dice.d6("play a card?") <= 3:
            return None
        return self.dice.choice(options, "random card")


class AggressivePlayer(Player):
    """Attacks whenever the odds are even, piles reinforcements on its best attack."""

    name = "aggressive"
    attack_threshold = 0.5

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        front = borders(state, seat) or state.territories_of(seat)
        return max(front, key=lambda t: (state.armies[t], t))

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return most


class RegionPlayer(Player):
    """Goes for the region nearest completion, and values regions it can finish."""

    name = "region"
    attack_threshold = 0.55

    def focus(self, state: GameState, seat: Seat) -> tuple[str, ...]:
        """The territories of the unfinished region the player holds the largest share of."""
        regions = [members for _, members in state.board.regions.values()]
        shares = [(share_of(state, seat, m), m) for m in regions if share_of(state, seat, m) < 1]
        return max(shares)[1] if shares else ()

    def prizes(self, state: GameState, seat: Seat) -> Callable[[TerritoryName], float]:
        focus, base = self.focus(state, seat), super().prizes(state, seat)
        return lambda target: base(target) + (3.0 if target in focus else 0.0)

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        focus = self.focus(state, seat)
        front = borders(state, seat) or state.territories_of(seat)
        near = [t for t in front if state.board.neighbours[t] & set(focus)] or front
        return max(near, key=lambda t: (state.armies[t], t))


class DefensivePlayer(Player):
    """Holds its strongholds: reinforces the most threatened one, attacks only on strong odds."""

    name = "defensive"
    attack_threshold = 0.8

    def claim_value(self, state: GameState, seat: Seat, territory: TerritoryName) -> float:
        stronghold = 1.0 if state.board.territories[territory].stronghold else 0.0
        return stronghold + super().claim_value(state, seat, territory)

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        front = borders(state, seat) or state.territories_of(seat)
        holds = [t for t in front if state.board.territories[t].stronghold] or front
        return max(holds, key=lambda t: (threat(state, seat, t) - state.armies[t], t))

    def place_leader(self, state: GameState, seat: Seat, options: list[TerritoryName]) -> str:
        holds = [t for t in options if state.board.territories[t].stronghold] or options
        return max(holds, key=lambda t: (state.armies[t], t))

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return least


class StrategistPlayer(Player):
    """One rolling stack: reinforcements and fortifications all join the largest army on the
    front; it attacks on fair odds (exact table) the targets that open the way to more
    enemy land, and on any odds once the Fellowship nears Mount Doom."""

    name = "strategist"
    attack_threshold = 0.5
    late_steps = 3  # Fellowship moves left that make it "the end"
    late_threshold = 0.35
    onward = 0.3  # value of each enemy territory beyond a target: the stack rolls on

    def prizes(self, state: GameState, seat: Seat) -> Callable[[TerritoryName], float]:
        base = super().prizes(state, seat)

        def value(target: TerritoryName) -> float:
            beyond = len(enemy_neighbours(state, seat, target)) - 1  # the attacker is one
            return base(target) + self.onward * max(0, beyond)

        return value

    def attack(self, state: GameState, seat: Seat, options: list[Pair]) -> Attack | None:
        """Attack on fair odds; near the end on any odds: an attacker never loses its source,
        and battalions score nothing when the Ring is destroyed (003:L134-144)."""
        least = self.late_threshold if self.is_late(state) else self.attack_threshold
        scored, value = [], self.prizes(state, seat)
        for source, target in options:
            odds = attack_odds(state, source, target)
            if odds >= least:
                scored.append((odds * value(target), source, target))
        if not scored:
            return None
        _, source, target = max(scored)
        return Attack(source, target, max_dice(state, seat, source, target))

    def is_late(self, state: GameState) -> bool:
        """The Fellowship is within a few territories of Mount Doom."""
        return len(state.board.path) - 1 - state.fellowship <= self.late_steps

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        front = borders(state, seat) or state.territories_of(seat)
        return max(front, key=lambda t: (state.armies[t], t))

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return most

    def fortify(self, state: GameState, seat: Seat) -> Fortify | None:
        """Bring the largest idle army to the stack (or the front nearest it)."""
        stack = self.reinforce_target(state, seat)
        front = set(borders(state, seat))
        idle = [t for t in state.territories_of(seat) if t not in front and state.armies[t] > 1]
        for source in sorted(idle, key=lambda t: (-state.armies[t], t)):
            reach = connected(state, seat, source)
            target = stack if stack in reach else None
            if target is None and reach & front:
                target = max(reach & front, key=lambda t: (state.armies[t], t))
            if target is not None and target != source:
                count = state.armies[source] - 1
                return Fortify(source, target, count, self._takes_leader(state, source, target))
        return None


STRATEGIES: dict[str, type[Player]] = {
    cls.name: cls
    for cls in (RandomPlayer, AggressivePlayer, RegionPlayer, DefensivePlayer, StrategistPlayer)
}
