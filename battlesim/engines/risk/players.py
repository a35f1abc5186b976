"""Players (policies): they read the state and choose; the rules check and apply.

Every player answers the same decision points and consults the battle-odds table
(``odds.conquest_probability``). Strategies differ in what they value and how much risk they
take: ``random`` (uniform legal choices, but no hopeless invasions), ``aggressive`` (attack on
even odds, mass on the front), ``region`` (complete the region nearest completion),
``defensive`` (hold strongholds, attack only on strong odds), ``strategist`` (the aggressive
player's attacks, with its claims spread away from its camp, its opening stack placed for
reach, leaders sent to mission sites and every card played: it plays for the points of
003:L134-144).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol

from mypy_extensions import mypyc_attr

from battlesim.engines.dice import Dice
from battlesim.engines.risk.actions import Attack, CardPlay, Fortify
from battlesim.engines.risk.combat import MAX_DEFENCE_DICE, max_dice
from battlesim.engines.risk.data import (
    AdventureCard,
    AdventureKind,
    Seat,
    TerritoryCard,
    TerritoryName,
    Timing,
)
from battlesim.engines.risk.fortify import connected
from battlesim.engines.risk.odds import ODDS_CAP, odds_rows
from battlesim.engines.risk.readings import enemy_reach, mission_sites, nearest_mission, steps_to
from battlesim.engines.risk.scoring import score
from battlesim.engines.risk.state import SIDES, GameState

Pair = tuple[TerritoryName, TerritoryName]


# --- shared readings of the board --------------------------------------------------------------
def enemy_neighbours(state: GameState, seat: Seat, territory: TerritoryName) -> list[str]:
    hostile = state.hostile_land(state.players[seat].side)  # the players' hottest question
    return [t for t in state.board.ordered_neighbours[territory] if t in hostile]


def threat(state: GameState, seat: Seat, territory: TerritoryName) -> int:
    return threat_reader(state, seat)(territory)


def threat_reader(state: GameState, seat: Seat) -> Callable[[TerritoryName], int]:
    """``threat`` with the hostile land read once (a placement weighs every border)."""
    hostile = state.hostile_land(state.players[seat].side)
    near, armies = state.board.ordered_neighbours, state.armies

    def threat_of(territory: TerritoryName) -> int:
        return sum([armies[t] for t in near[territory] if t in hostile])

    return threat_of


def attack_odds(state: GameState, source: TerritoryName, target: TerritoryName) -> float:
    """Chance to take ``target`` throwing everything from ``source`` (the odds table)."""
    return options_odds(state, ((source, target),))[0]


def options_odds(state: GameState, options: Sequence[Pair]) -> list[float]:
    """``attack_odds`` of every option, the invasion and the board read once: the players
    weigh every option before each throw (one call a throw, not one an option)."""
    invasion, leaders, armies = state.invasion, state.leaders, state.armies
    forts = state.board.fort_bonus if invasion is None or not invasion.siege else _NO_FORTS
    extra = BONUS_KEY * invasion.attack_bonus if invasion is not None else 0
    return [_pair_odds(source, target, leaders, extra, forts, armies) for source, target in options]


def _pair_odds(
    source: TerritoryName,
    target: TerritoryName,
    leaders: dict[TerritoryName, Seat],
    extra: int,
    forts: dict[TerritoryName, int],
    armies: dict[TerritoryName, int],
) -> float:
    """conquest_probability(spare, defenders, bonuses) from its table, the bonuses (a leader's
    on either side, a stronghold's unless besieged, the invasion's ``extra``) as one key. A
    territory holds one battalion or more: the indices are never negative."""
    key = (BONUS_KEY if source in leaders else 0) + extra + (1 if target in leaders else 0)
    key += forts[target]
    rows = _TABLES.get(key) or _table(key)
    attackers, defenders = armies[source] - 1, armies[target]
    row = rows[attackers if attackers < ODDS_CAP else ODDS_CAP]
    return row[defenders if defenders < ODDS_CAP else ODDS_CAP]


# ``odds_rows`` keyed by attack bonus * BONUS_KEY + defence bonus (at most 2): an int key is
# hashed in C, where the cached call hashed a tuple of its arguments once per option.
BONUS_KEY = 4
_NO_FORTS: defaultdict[TerritoryName, int] = defaultdict(int)  # a siege: no stronghold bonus
_TABLES: dict[int, tuple[tuple[float, ...], ...]] = {}


def _table(key: int) -> tuple[tuple[float, ...], ...]:
    rows = _TABLES[key] = odds_rows(*divmod(key, BONUS_KEY))
    return rows


def _prize(fort: int, mission: bool, focus: bool) -> float:
    """A target's value: 1, +2 for a stronghold, +2 for a mission site, +3 for the focus
    (added in this order, as the former closures did: the same floats)."""
    return 1.0 + (2.0 if fort else 0.0) + (2.0 if mission else 0.0) + (3.0 if focus else 0.0)


# An ``Attack`` made in C: a named tuple's own ``__new__`` is a Python function.
_new_attack = tuple.__new__


def share_of(state: GameState, seat: Seat, members: tuple[TerritoryName, ...]) -> float:
    """The share of a region's ``members`` the seat holds (kept by the state until a change)."""
    return state.region_shares(seat)[members]


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


@mypyc_attr(allow_interpreted_subclasses=True)  # as its subclass Player
class Strategy(Protocol):
    """The decisions the rules ask of a seat: a ``Player`` (every strategy), or any object
    with these methods (at a play table, a person's seat or an AI behind a proxy). The rules
    hold seats by this protocol: a compiled build (mypyc) then checks no class at these calls
    and still calls a ``Player``'s methods natively."""

    def claim(self, state: GameState, seat: Seat, vacant: list[TerritoryName]) -> str: ...

    def place_one(self, state: GameState, seat: Seat) -> TerritoryName: ...

    def place_leader(self, state: GameState, seat: Seat, options: list[TerritoryName]) -> str: ...

    def trade(
        self, state: GameState, seat: Seat, sets: list[tuple[TerritoryCard, ...]], forced: bool
    ) -> tuple[TerritoryCard, ...] | None: ...

    def place_reinforcements(self, state: GameState, seat: Seat, count: int) -> dict[str, int]: ...

    def attack(self, state: GameState, seat: Seat, options: list[Pair]) -> Attack | None: ...

    def defend(self, state: GameState, seat: Seat, attack: Attack) -> int: ...

    def move_in(
        self, state: GameState, seat: Seat, attack: Attack, least: int, most: int
    ) -> int: ...

    def fortify(self, state: GameState, seat: Seat) -> Fortify | None: ...

    def play_power(
        self,
        state: GameState,
        seat: Seat,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None: ...

    def discard_adventure(
        self, state: GameState, seat: Seat, hand: list[AdventureCard]
    ) -> AdventureCard: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: strategies may be Python
class Player(Strategy):
    """The decision points; a subclass overrides what its strategy changes."""

    name: ClassVar[str] = "base"
    attack_threshold = 0.6

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    # --- set-up ------------------------------------------------------------------------
    def claim(self, state: GameState, seat: Seat, vacant: list[TerritoryName]) -> str:
        return max(zip(self.claim_values(state, seat, vacant), vacant, strict=True))[1]

    def claim_values(
        self, state: GameState, seat: Seat, vacant: list[TerritoryName]
    ) -> list[float]:
        """What a claim of each vacant territory is worth: the seat's share of its region
        (one list a claim, no call per territory: a set-up weighs about 500)."""
        shares, members_of = state.region_shares(seat), state.board.members_of
        return [shares[members_of[territory]] for territory in vacant]

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
        front = state.borders(seat) or state.territories_of(seat)
        threat_of, armies = threat_reader(state, seat), state.armies
        return max([(threat_of(t) - armies[t], t) for t in front])[1]

    def place_reinforcements(self, state: GameState, seat: Seat, count: int) -> dict[str, int]:
        return {self.reinforce_target(state, seat): count}

    # --- combat ------------------------------------------------------------------------
    def prizes(self, state: GameState, seat: Seat) -> Callable[[TerritoryName], float]:
        """Return how much the player values taking a territory, read once per decision
        (``_prize`` of the ``prize_terms``; ``attack`` reads the same terms inline)."""
        missions, focus = self.prize_terms(state, seat)
        forts = state.board.fort_bonus

        def value(target: TerritoryName) -> float:
            return _prize(forts[target], target in missions, target in focus)

        return value

    def prize_terms(self, state: GameState, seat: Seat) -> tuple[set[str], tuple[str, ...]]:
        """The mission sites in hand and the territories of the player's focus (none here)."""
        cards = state.players[seat].adventures
        return {c.territory for c in cards if c.effect == "mission" and c.territory}, ()

    def attack(self, state: GameState, seat: Seat, options: list[Pair]) -> Attack | None:
        """Take the best prize worth its odds: chance to conquer times the target's value
        (``options_odds`` and ``prizes`` inline: one loop and no closure, asked before each
        throw)."""
        missions, focus = self.prize_terms(state, seat)
        threshold, invasion = self.attack_threshold, state.invasion
        leaders, armies, forts = state.leaders, state.armies, state.board.fort_bonus
        odds_forts = forts if invasion is None or not invasion.siege else _NO_FORTS
        extra = BONUS_KEY * invasion.attack_bonus if invasion is not None else 0
        best: tuple[float, TerritoryName, TerritoryName] | None = None
        for source, target in options:
            odds = _pair_odds(source, target, leaders, extra, odds_forts, armies)
            if odds >= threshold:
                value = _prize(forts[target], target in missions, target in focus)
                scored = (odds * value, source, target)
                if best is None or scored > best:  # max of the scored
                    best = scored
        if best is None:
            return None
        _, source, target = best
        return _new_attack(Attack, (source, target, max_dice(state, seat, source, target)))

    def defend(self, state: GameState, seat: Seat, attack: Attack) -> int:
        return min(MAX_DEFENCE_DICE, state.armies[attack.target])

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        source_threat = threat(state, seat, attack.source)
        return least if source_threat > state.armies[attack.source] else most

    # --- fortify -----------------------------------------------------------------------
    def fortify(self, state: GameState, seat: Seat) -> Fortify | None:
        front = set(state.borders(seat))
        inland = [t for t in state.territories_of(seat) if t not in front and state.armies[t] > 1]
        for source in sorted(inland, key=lambda t: (-state.armies[t], t)):
            reach = sorted(connected(state, seat, source) & front)
            if reach:
                threat_of = threat_reader(state, seat)
                target = max(reach, key=lambda t: (threat_of(t), t))
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
        odds, threshold = options_odds(state, options), self.attack_threshold
        fair = [pair for pair, chance in zip(options, odds, strict=True) if chance >= threshold]
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
        front, armies = state.borders(seat) or state.territories_of(seat), state.armies
        return max([(armies[t], t) for t in front])[1]  # set-up asks once per battalion

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return most


class RegionPlayer(Player):
    """Goes for the region nearest completion, and values regions it can finish."""

    name = "region"
    attack_threshold = 0.55

    def __init__(self, dice: Dice) -> None:
        super().__init__(dice)
        # (the owners read, their change count, the seat, its focus) at the last question
        self._focus: tuple[object, int, Seat, tuple[str, ...]] = (None, -1, -1, ())

    def focus(self, state: GameState, seat: Seat) -> tuple[str, ...]:
        """The territories of the unfinished region the player holds the largest share of
        (kept until an owner changes: the shares read only the owners, and the player asks
        before every throw)."""
        owner, changes = state.owner, state.owner_changes
        kept = self._focus
        if kept[0] is owner and kept[1] == changes and kept[2] == seat:
            return kept[3]
        shares = [(share, m) for m, share in state.region_shares(seat).items()]
        unfinished = [pair for pair in shares if pair[0] < 1]
        focus = max(unfinished)[1] if unfinished else ()
        self._focus = (owner, changes, seat, focus)
        return focus

    def prize_terms(self, state: GameState, seat: Seat) -> tuple[set[str], tuple[str, ...]]:
        return super().prize_terms(state, seat)[0], self.focus(state, seat)

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        focus = self.focus(state, seat)
        front = state.borders(seat) or state.territories_of(seat)
        members, near_of = set(focus), state.board.neighbours
        near = [t for t in front if not near_of[t].isdisjoint(members)] or front
        armies = state.armies
        return max([(armies[t], t) for t in near])[1]


class DefensivePlayer(Player):
    """Holds its strongholds: reinforces the most threatened one, attacks only on strong odds."""

    name = "defensive"
    attack_threshold = 0.8

    def claim_values(
        self, state: GameState, seat: Seat, vacant: list[TerritoryName]
    ) -> list[float]:
        base, territories = super().claim_values(state, seat, vacant), state.board.territories
        return [
            (1.0 if territories[territory].stronghold else 0.0) + share
            for territory, share in zip(vacant, base, strict=True)
        ]

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        front = state.borders(seat) or state.territories_of(seat)
        holds = [t for t in front if state.board.territories[t].stronghold] or front
        threat_of, armies = threat_reader(state, seat), state.armies
        return max([(threat_of(t) - armies[t], t) for t in holds])[1]

    def place_leader(self, state: GameState, seat: Seat, options: list[TerritoryName]) -> str:
        holds = [t for t in options if state.board.territories[t].stronghold] or options
        return max(holds, key=lambda t: (state.armies[t], t))

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return least


class StrategistPlayer(AggressivePlayer):
    """Plays for the final count (003:L134-144): claims scattered among the enemy's, one
    rolling stack set where it reaches the most enemy land, leaders sent to the sites of the
    missions in hand (2 points each, 003:L94, L140), every fellowship card played (a played
    card scores, an unplayed one does not)."""

    name = "strategist"
    reach_depth = 4  # steps through enemy land the opening stack is placed to roll over
    mission_steps = 4  # a mission site further than this from every leader is not pursued

    # --- set-up and reinforcements ------------------------------------------------------
    def claim_values(
        self, state: GameState, seat: Seat, vacant: list[TerritoryName]
    ) -> list[float]:
        """Claims spread out: one point off per neighbour the camp already holds, the region
        share breaking ties. Scattered claims sit inside the other camp's regions and give
        the stack targets on every side; a clustered camp only shortens the enemy's front
        (bench/risk_strength.py: v aggressive 0.58 clustered, 0.65-0.68 spread)."""
        side = state.players[seat].side
        camp = state.hostile_land(next(s for s in SIDES if s is not side))  # held by the camp
        base, near_of = super().claim_values(state, seat, vacant), state.board.neighbours
        return [
            share - len(camp.intersection(near_of[territory]))
            for territory, share in zip(vacant, base, strict=True)
        ]

    def place_one(self, state: GameState, seat: Seat) -> TerritoryName:
        """The first set-up battalion founds the stack where it reaches the most enemy land;
        the rest join the largest army on the front, as reinforcements do."""
        mine, armies = state.territories_of(seat), state.armies
        if max([armies[t] for t in mine], default=0) > 1:  # a list: no generator resumed per item
            return self.reinforce_target(state, seat)
        front = state.borders(seat) or mine
        return max(front, key=lambda t: (enemy_reach(state, seat, t, self.reach_depth), t))

    def reinforce_target(self, state: GameState, seat: Seat) -> TerritoryName:
        route = nearest_mission(state, seat, self.mission_steps)
        if route is not None and enemy_neighbours(state, seat, route[1]):
            return route[1]  # the leader's army fights its way to the site
        return super().reinforce_target(state, seat)

    def place_leader(self, state: GameState, seat: Seat, options: list[TerritoryName]) -> str:
        sites = [t for t in options if t in mission_sites(state, seat)]
        return sites[0] if sites else super().place_leader(state, seat, options)

    # --- combat and fortify -------------------------------------------------------------
    def attack(self, state: GameState, seat: Seat, options: list[Pair]) -> Attack | None:
        """A step of the leader toward its mission site first, on fair odds; else the best
        prize, as the aggressive player chooses it."""
        route = nearest_mission(state, seat, self.mission_steps)
        if route is not None:
            steps, leader, dist = route
            near = [(s, t) for s, t in options if s == leader and dist[t] < steps]
            toward = [
                (odds, s, t) for (s, t), odds in zip(near, options_odds(state, near), strict=True)
            ]
            fair = [step for step in toward if step[0] >= self.attack_threshold]
            if fair:
                _, source, target = max(fair)
                return _new_attack(Attack, (source, target, max_dice(state, seat, source, target)))
        return super().attack(state, seat, options)

    def fortify(self, state: GameState, seat: Seat) -> Fortify | None:
        """A leader walks onto a mission site it can reach through own land; else the base
        move of idle armies to the front."""
        sites = set(mission_sites(state, seat))
        for leader in state.leaders_of(seat):
            if state.armies[leader] > 1:
                free = sorted((connected(state, seat, leader) & sites) - set(state.leaders))
                if free:
                    return Fortify(leader, free[0], state.armies[leader] - 1, True)
        return super().fortify(state, seat)

    # --- adventure cards ----------------------------------------------------------------
    def play_power(
        self,
        state: GameState,
        seat: Seat,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None:
        """Fellowship cards are always played (each scores); Faramir's sign hastens the end
        when the camp leads."""
        if timing is not Timing.FELLOWSHIP:
            return super().play_power(state, seat, timing, options, attack)
        hasten = side_leads(state, seat)
        for play in options:
            card = next(c for c in state.players[seat].adventures if c.id == play.card_id)
            if not card.either_sign or (play.sign > 0) == hasten:
                return play
        return None

    def wants(
        self, state: GameState, seat: Seat, card: AdventureCard, play: CardPlay, timing: Timing
    ) -> bool:
        if card.effect == "borne":
            return play.target in mission_sites(state, seat)
        return super().wants(state, seat, card, play, timing)

    def discard_adventure(
        self, state: GameState, seat: Seat, hand: list[AdventureCard]
    ) -> AdventureCard:
        """Drop the mission whose site lies furthest from the leaders before a power card."""
        leaders = state.leaders_of(seat)

        def worth(card: AdventureCard) -> float:
            if card.kind is not AdventureKind.MISSION or not card.territory:
                return 1.0
            dist = steps_to(state, card.territory)
            return 2.0 - 0.4 * min((dist[t] for t in leaders), default=9)

        return min(hand, key=lambda c: (worth(c), c.id))


STRATEGIES: dict[str, type[Player]] = {
    cls.name: cls
    for cls in (RandomPlayer, AggressivePlayer, RegionPlayer, DefensivePlayer, StrategistPlayer)
}
