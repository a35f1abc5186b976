"""The economy of seed 001 on top of the movement: buying, auctions, rent, cards, debts.

``ClassicRules`` fills the movement hooks; ``OneRingRules`` overrides a few more named hooks
for the One Ring special rules (001:L80-109) instead of testing a flag in the core.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from battlesim.engines.monopoly.actions import (
    Build,
    DeedOffer,
    DeedSettlement,
    IllegalActionError,
    ManageAction,
    Trade,
    action_json,
)
from battlesim.engines.monopoly.data import (
    DEEDS,
    JAIL_FINE,
    RING_END,
    RING_PATH,
    SALARY,
    SQUARES,
    Card,
    Effect,
    Seat,
    SquareIndex,
    SquareKind,
)
from battlesim.engines.monopoly.movement import DiceRoll, MovementRules, roll_pair
from battlesim.engines.monopoly.outcome import Termination
from battlesim.engines.monopoly.state import BANK, GameState, interest

DEED_SQUARES = frozenset(DEEDS)  # ``Square.is_deed`` as a set (a property: every landing)
Bidder = Callable[[Seat, int, Seat | None], int | None]
Decider = Callable[[GameState, Seat], ManageAction | None]
MAX_MANAGE_STEPS = 60  # a policy may not stall a turn for ever
MAX_RAISE_STEPS = 80


# Payloads made only by a log that keeps them (``emit_lazy``): rents, taxes, fines, salaries,
# and the management steps and trade offers of every turn.
def _salary(seat: Seat) -> dict[str, object]:
    return {"seat": seat, "amount": SALARY}


def _paid(debtor: Seat, creditor: Seat, amount: int, reason: str) -> dict[str, object]:
    return {"seat": debtor, "to": creditor, "amount": amount, "reason": reason}


def _managed(seat: Seat, delta: int, action: ManageAction) -> dict[str, object]:
    return {"seat": seat, "delta": delta, **action_json(action)}


def _traded(accepted: bool, trade: Trade) -> dict[str, object]:
    return {"accepted": accepted, **trade.to_json()}


def _idle_without_groups(player: object) -> bool:
    """``Player.idle_without_groups``; a seat that is no ``Player`` (a person at a table)
    may act at any time."""
    idle = getattr(type(player), "idle_without_groups", None)
    return idle is not None and bool(idle())


class ClassicRules(MovementRules):
    """Standard rules (001:L117-281) with the quick and time-limited variants."""

    @cached_property
    def plain_plans(self) -> bool:
        """Every player's management plan (its turn's and between turns) is ``Player``'s,
        which does nothing while the player owns no complete group and no deed is
        mortgaged: such a player is not asked (most players, most turns)."""
        return all(_idle_without_groups(p) for p in self.players)

    # -- money flows ---------------------------------------------------------------------
    def on_salary(self, seat: Seat) -> None:
        self.state.transfer(BANK, seat, SALARY)  # 001:L170
        self.emit_lazy("salary", _salary, seat)

    def can_pay_fine(self, seat: Seat) -> bool:
        return self.state.players[seat].cash >= JAIL_FINE

    def pay_fine(self, seat: Seat) -> bool:
        return self.pay(seat, BANK, JAIL_FINE, "prison fine")

    def pay(self, debtor: Seat, creditor: Seat, amount: int, reason: str) -> bool:
        """Pay in full, raising cash if needed; False when the debtor went bankrupt."""
        player = self.state.players[debtor]
        if player.cash < amount:
            self.raise_cash(debtor, amount)
        if player.cash < amount:
            return self.pay_in_deeds(debtor, creditor, amount, reason)
        self.state.transfer(debtor, creditor, amount)
        self.emit_lazy("pay", _paid, debtor, creditor, amount, reason)
        return True

    def pay_in_deeds(self, debtor: Seat, creditor: Seat, amount: int, reason: str) -> bool:
        """Part cash, part deeds if the creditor agrees (001:L271); else bankruptcy."""
        offer = self.deed_offer(debtor, creditor, amount)
        settlement = None if offer is None else self.deed_answer(offer)
        if offer is None or settlement is None:
            self.bankrupt(debtor, creditor)
            return False
        self.settle_in_deeds(offer, settlement, reason)
        return True

    def settle_in_deeds(self, offer: DeedOffer, settlement: DeedSettlement, reason: str) -> None:
        """The rest in cash, the deeds handed over, then the taker's 10 % (001:L261, L271)."""
        debtor, creditor, squares = offer.debtor, offer.creditor, list(settlement.squares)
        cash = offer.amount - settlement.value
        self.state.transfer(debtor, creditor, cash)
        for square in squares:
            self.state.set_owner(square, creditor)
        self.emit("pay", seat=debtor, to=creditor, amount=cash, reason=reason)
        self.emit("deeds_paid", seat=debtor, to=creditor, squares=squares, value=settlement.value)
        self.settle_mortgages(creditor, squares)

    def deed_offer(self, debtor: Seat, creditor: Seat, amount: int) -> DeedOffer | None:
        """The debtor's offer, checked; None when it is owed to the bank or nothing is offered."""
        if creditor == BANK:
            return None
        cash = self.state.players[debtor].cash
        squares = self.players[debtor].offer_deeds(self.state, debtor, creditor, amount - cash)
        if not squares:
            return None
        offer = DeedOffer(debtor, creditor, amount, cash, tuple(squares))
        self.state.check_deed_offer(offer)
        self.emit_lazy("deed_offer", offer.to_json)
        return offer

    def deed_answer(self, offer: DeedOffer) -> DeedSettlement | None:
        """The creditor's acceptance at an agreed value, checked, or None for a refusal."""
        creditor = offer.creditor
        settlement = self.players[creditor].accept_deeds(self.state, creditor, offer)
        if settlement is not None:
            self.state.check_deed_settlement(offer, settlement)
        return settlement

    def raise_cash(self, seat: Seat, amount: int) -> None:
        """Let the player sell buildings and mortgage until ``amount`` is in hand (001:L259)."""
        player = self.state.players[seat]
        for _ in range(MAX_RAISE_STEPS):
            if player.cash >= amount:
                return
            action = self.players[seat].raise_cash(self.state, seat, amount)
            if action is None:
                return
            self.apply_manage(seat, action)

    def apply_manage(self, seat: Seat, action: ManageAction) -> None:
        delta = self.state.apply(seat, action)
        self.emit_lazy("manage", _managed, seat, delta, action)

    # -- squares ---------------------------------------------------------------------
    def on_square(
        self, seat: Seat, square: SquareIndex, roll: DiceRoll | None, via_card: bool
    ) -> None:
        if square in DEED_SQUARES:
            self.land_on_deed(seat, square, roll, via_card)
        elif SQUARES[square].kind is SquareKind.TAX:
            self.pay(seat, BANK, SQUARES[square].tax, "tax")  # 001:L208

    def land_on_deed(
        self, seat: Seat, square: SquareIndex, roll: DiceRoll | None, via_card: bool
    ) -> None:
        owner = self.state.owner[square]
        if owner is None:
            self.offer(seat, square)
        elif owner != seat:
            self.charge_rent(seat, owner, square, roll, via_card)

    def charge_rent(
        self, seat: Seat, owner: Seat, square: SquareIndex, roll: DiceRoll | None, via_card: bool
    ) -> None:
        total = roll.total if roll else 0
        if SQUARES[square].kind is SquareKind.STAFF and (via_card or roll is None):
            again = roll_pair(self.dice, "staff rent")  # 001:L186: roll again
            self.emit("roll", seat=seat, dice=[again.first, again.second], purpose="staff rent")
            total = again.total
        amount = self.state.rent(square, total) * self.rent_multiplier(square)
        if amount:
            self.pay(seat, owner, amount, f"rent {square}")

    def rent_multiplier(self, square: SquareIndex) -> int:
        return 1

    # -- buying and auctions ------------------------------------------------------------
    def offer(self, seat: Seat, square: SquareIndex) -> None:
        """Buy at the printed price, or the bank auctions it at once (001:L174)."""
        price = SQUARES[square].price
        wants = self.players[seat].decide_buy(self.state, seat, square)
        if wants and self.state.players[seat].cash >= price:
            self.give_deed(BANK, seat, square, price, "buy")
            return
        self.emit("decline", seat=seat, square=square)
        self.auction_deed(square, first=seat)

    def give_deed(
        self, seller: Seat, buyer: Seat, square: SquareIndex, price: int, how: str
    ) -> None:
        self.state.transfer(buyer, seller, price)
        self.state.set_owner(square, buyer)
        self.emit("deed", seat=buyer, square=square, price=price, how=how)

    def auction_deed(self, square: SquareIndex, first: Seat) -> None:
        """Auction among every player still in, the lander included (001:L174)."""
        bidders = self.seats_from(first)

        def ask(seat: Seat, high: int, leader: Seat | None) -> int | None:
            return self.players[seat].bid(self.state, seat, square, high, leader)

        result = self.auction(bidders, ask, opening=1, item={"square": square})
        if result is not None:
            self.give_deed(BANK, result[0], square, result[1], "auction")

    def seats_from(self, first: Seat) -> list[Seat]:
        active = self.state.active_seats()
        if first not in active:
            return active
        start = active.index(first)
        return active[start:] + active[:start]

    def auction(
        self, bidders: list[Seat], ask: Bidder, opening: int, item: dict[str, object]
    ) -> tuple[Seat, int] | None:
        """Ascending auction: each in turn raises or drops out; return winner and price."""
        active, high, leader = list(bidders), opening - 1, None
        bids: list[list[int]] = []
        while active and not (leader is not None and active == [leader]):
            for seat in list(active):
                if seat == leader:
                    continue
                bid = ask(seat, high, leader)
                if bid is None:
                    active.remove(seat)
                    continue
                self._check_bid(seat, bid, high)
                high, leader = bid, seat
                bids.append([seat, bid])
        self.emit(
            "auction", winner=leader, price=high if leader is not None else 0, bids=bids, **item
        )
        return None if leader is None else (leader, high)

    def _check_bid(self, seat: Seat, bid: int, high: int) -> None:
        if bid <= high:
            raise IllegalActionError(f"a bid must beat {high}, not {bid}")
        if bid > self.state.players[seat].cash:
            raise IllegalActionError("a bid may not exceed the bidder's Pouvoir")

    # -- cards -----------------------------------------------------------------------
    def on_money_card(self, seat: Seat, card: Card) -> None:
        if card.effect is Effect.RECEIVE:
            self.state.transfer(BANK, seat, card.amount)
            self.emit("receive", seat=seat, amount=card.amount)
        elif card.effect in (Effect.PAY, Effect.PAY_OR_DRAW):
            self.pay(seat, BANK, card.amount, "card")
        elif card.effect is Effect.REPAIRS:
            houses, hotels = self.state.buildings_of(seat)
            self.pay(seat, BANK, houses * card.amount + hotels * card.per_hotel, "repairs")
        elif card.effect is Effect.BIRTHDAY:
            for other in self.seats_from(seat)[1:]:
                if not self.state.is_over:
                    self.pay(other, seat, card.amount, "birthday")

    # -- bankruptcy (001:L263-267) ------------------------------------------------------
    def bankrupt(self, debtor: Seat, creditor: Seat) -> None:
        player = self.state.players[debtor]
        player.bankrupt = True
        player.in_jail = False
        self.state.bankrupt_order.append(debtor)
        self.emit("bankrupt", seat=debtor, creditor=creditor, cash=player.cash)
        if creditor == BANK:
            self._bankrupt_to_bank(debtor)
        else:
            self._bankrupt_to_player(debtor, creditor)
        self.check_end()

    def _bankrupt_to_bank(self, debtor: Seat) -> None:
        state = self.state
        state.transfer(debtor, BANK, state.players[debtor].cash)
        self._return_cards(debtor)
        deeds = state.deeds_of(debtor)
        for square in deeds:
            self._clear_buildings(square)
            state.set_owner(square, None)
            state.mortgaged[square] = False
        if self.bank_auctions_seized_deeds():
            for square in deeds:
                self.auction_deed(square, first=self.seats_from(debtor)[0])

    def bank_auctions_seized_deeds(self) -> bool:
        """The quick game ends at once on the second bankruptcy, so no auction is held."""
        return not self._ends_on_bankruptcy()

    def _clear_buildings(self, square: SquareIndex) -> None:
        state = self.state
        if state.is_fortress(square):
            state.hotels_left += 1
        else:
            state.houses_left += state.level[square]
        state.level[square] = 0

    def _return_cards(self, debtor: Seat) -> None:
        for card in self.state.players[debtor].jail_cards:
            self.decks[card.deck].put_back(card)  # 001:L267
        self.state.players[debtor].jail_cards.clear()

    def _bankrupt_to_player(self, debtor: Seat, creditor: Seat) -> None:
        state = self.state
        refund = 0
        for square in state.deeds_of(debtor):
            info = SQUARES[square]
            refund += state.level[square] * info.build_cost // 2  # sold at half (001:L267)
            self._clear_buildings(square)
        state.transfer(BANK, debtor, refund)
        state.transfer(debtor, creditor, state.players[debtor].cash)
        state.players[creditor].jail_cards += state.players[debtor].jail_cards
        state.players[debtor].jail_cards.clear()
        received = state.deeds_of(debtor)
        for square in received:
            state.set_owner(square, creditor)
        self.emit("deeds_transferred", seat=creditor, squares=received, refund=refund)
        self.settle_mortgages(creditor, received)

    def settle_mortgages(self, seat: Seat, squares: list[SquareIndex]) -> None:
        """Pay 10 % on each mortgaged deed received, then keep or lift it (001:L261, L267)."""
        for square in squares:
            if not self.state.mortgaged[square] or self.state.players[seat].bankrupt:
                continue
            if not self.pay(seat, BANK, interest(SQUARES[square].mortgage), "mortgage interest"):
                return
            lift = self.players[seat].lift_mortgage_now(self.state, seat, square)
            if lift and self.state.players[seat].cash >= SQUARES[square].mortgage:
                self.state.transfer(seat, BANK, SQUARES[square].mortgage)
                self.state.mortgaged[square] = False
                self.emit("manage", seat=seat, action="LiftReceived", square=square)

    # -- end of the game -------------------------------------------------------------
    def _ends_on_bankruptcy(self) -> bool:
        return self.state.variant.quick and len(self.state.bankrupt_order) >= 2

    def check_end(self) -> None:
        active = self.state.active_seats()
        if len(active) == 1:
            self.finish(Termination.LAST_PLAYER)  # 001:L281
        elif self._ends_on_bankruptcy():
            self.finish(Termination.SECOND_BANKRUPTCY)  # 001:L293

    def finish(self, termination: Termination) -> None:
        """End now; the winner is the last in, else the richest by the seed's valuation."""
        if self.state.is_over:
            return
        state = self.state
        active = state.active_seats()
        values = {seat: state.valuation(seat) for seat in active}
        # Ties go to more cash, then to the earlier seat in the playing order.
        winner = max(active, key=lambda s: (values[s], state.players[s].cash, -active.index(s)))
        state.termination, state.winner = termination, winner
        self.emit(
            "game_over",
            termination=termination.value,
            winner=winner,
            values={str(seat): value for seat, value in values.items()},
        )

    # -- management between rolls: trades, buildings, mortgages ---------------------------
    def manage(self, seat: Seat) -> None:
        """The player's trades, builds and mortgages at the end of the turn (001:L235)."""
        state = self.state
        trade = self.players[seat].propose_trade(state, seat)
        if trade is not None:
            self.offer_trade(trade)
        plan = self.players[seat].next_action
        if not self.plain_plans:
            self.manage_steps(seat, plan)
            return
        first = self._plain_first_step(seat)
        if first is not None:
            self.manage_steps(seat, plan, first)

    def _plain_first_step(self, seat: Seat) -> ManageAction | None:
        """The first step of ``Player``'s plan, read here as ``manage_steps`` and the plan
        read it: nothing for a player out of the game or once the game is over, nothing
        without a complete group while no deed is mortgaged (most players, most turns: no
        call to the player), else the rest of the plan."""
        state = self.state
        if state.players[seat].bankrupt or state.termination is not None:
            return None
        if not state.complete_groups(seat) and True not in state.mortgaged:
            return None
        return self.players[seat].build_or_lift(state, seat)

    def manage_between_turns(self, seat: Seat) -> None:
        """Everyone else may build, sell or mortgage between turns (001:L235), in order."""
        state, players, idle = self.state, self.players, self.plain_plans
        order, mortgaged, tokens = state.order, state.mortgaged, state.players
        # Read once: no management action moves a deed, so the groups stay complete.
        complete = state.complete_by_seat()
        start = order.index(seat) + 1
        for other in order[start:] + order[: start - 1]:
            if state.termination is not None:  # is_over, read directly (a hot loop)
                return
            if tokens[other].bankrupt:
                continue
            # The first step asked here: most players most turns have nothing to do
            # (``_plain_first_step``, its tests read here: three players a turn).
            player = players[other]
            if not idle:
                first = player.between_turns_action(state, other)
            elif other not in complete and True not in mortgaged:
                continue
            else:
                first = player.build_or_lift(state, other)
            if first is not None:
                self.manage_steps(other, player.between_turns_action, first)

    def manage_steps(self, seat: Seat, decide: Decider, first: ManageAction | None = None) -> None:
        """Apply the player's actions one at a time; a contested build goes to auction.
        ``first`` is the first step when the caller has asked for it already."""
        state = self.state
        player = state.players[seat]
        for _ in range(MAX_MANAGE_STEPS):
            if player.bankrupt or state.termination is not None:  # is_over, read directly
                return
            action, first = (decide(state, seat) if first is None else first), None
            if action is None:
                return
            if isinstance(action, Build) and self.building_is_contested(seat, action):
                if not self.auction_building(seat, action):
                    return
            else:
                self.apply_manage(seat, action)

    def offer_trade(self, trade: Trade) -> bool:
        self.state.check_trade(trade)
        accepted = self.players[trade.partner].accept_trade(self.state, trade.partner, trade)
        self.emit_lazy("trade", _traded, accepted, trade)
        if accepted:
            self.execute_trade(trade)
        return accepted

    def execute_trade(self, trade: Trade) -> None:
        state, a, b = self.state, trade.proposer, trade.partner
        state.transfer(a, b, trade.give_cash)
        state.transfer(b, a, trade.take_cash)
        for square in trade.give:
            state.set_owner(square, b)
        for square in trade.take:
            state.set_owner(square, a)
        self._move_cards(a, b, trade.give_cards)
        self._move_cards(b, a, trade.take_cards)
        self.settle_mortgages(b, list(trade.give))
        self.settle_mortgages(a, list(trade.take))

    def _move_cards(self, giver: Seat, receiver: Seat, count: int) -> None:
        cards = self.state.players[giver].jail_cards
        moved, cards[:] = cards[:count], cards[count:]
        self.state.players[receiver].jail_cards += moved

    # -- building shortage (001:L245-247) ---------------------------------------------
    def building_is_contested(self, seat: Seat, action: Build) -> bool:
        fortress = self.state.level[action.square] == self.state.hotel_level
        stock = self.state.hotels_left if fortress else self.state.houses_left
        others = self.building_rivals(seat, fortress)
        return bool(others) and 1 + len(others) > stock

    def building_rivals(self, seat: Seat, fortress: bool) -> list[Seat]:
        rivals = []
        for other in self.seats_from(seat)[1:]:
            square = self.players[other].place_building(self.state, other, fortress)
            if square is not None:
                rivals.append(other)
        return rivals

    def auction_building(self, seat: Seat, action: Build) -> bool:
        """Auction one building among those who want it; False when nobody bought it."""
        fortress = self.state.level[action.square] == self.state.hotel_level
        bidders = [seat, *self.building_rivals(seat, fortress)]
        opening = min(SQUARES[s].build_cost for s in self._wanted(bidders, action, fortress))

        def ask(bidder: Seat, high: int, leader: Seat | None) -> int | None:
            return self.players[bidder].bid_building(self.state, bidder, high, leader, fortress)

        item: dict[str, object] = {"building": "fortress" if fortress else "stronghold"}
        result = self.auction(bidders, ask, opening=opening, item=item)
        if result is None:
            return False
        winner, price = result
        square = action.square if winner == seat else self._placement(winner, fortress)
        if square is not None and self.state.players[winner].cash >= price:
            self.state.check(winner, Build(square))
            self.state.build_at(winner, square, price)
            self.emit("manage", seat=winner, action="Build", square=square, delta=-price)
        return True

    def _wanted(self, bidders: list[Seat], action: Build, fortress: bool) -> list[SquareIndex]:
        squares = [action.square]
        for other in bidders[1:]:
            square = self.players[other].place_building(self.state, other, fortress)
            if square is not None:
                squares.append(square)
        return squares

    def _placement(self, seat: Seat, fortress: bool) -> SquareIndex | None:
        return self.players[seat].place_building(self.state, seat, fortress)


class OneRingRules(ClassicRules):
    """The One Ring special rules (001:L80-109) as overrides of named hooks."""

    def on_roll(self, seat: Seat, roll: DiceRoll) -> None:
        for _ in range(roll.eyes):  # two Eyes, two territories (001:L88)
            self.advance_ring()
            if self.state.is_over:
                return

    def advance_ring(self) -> None:
        state = self.state
        assert state.ring is not None
        state.ring = RING_PATH[RING_PATH.index(state.ring) + 1]
        self.emit("ring", square=state.ring)
        if state.ring == RING_END:
            self.finish(Termination.RING_AT_MOUNT_DOOM)  # 001:L97

    def land_on_deed(
        self, seat: Seat, square: SquareIndex, roll: DiceRoll | None, via_card: bool
    ) -> None:
        unowned_ring = self.state.ring == square and self.state.owner[square] is None
        if unowned_ring and self.players[seat].claim_ring_territory(self.state, seat, square):
            self.give_deed(BANK, seat, square, 0, "ring")  # free (001:L93)
            return
        super().land_on_deed(seat, square, roll, via_card)

    def rent_multiplier(self, square: SquareIndex) -> int:
        return 2 if self.state.ring == square else 1  # 001:L95


def deal_deeds(rules: ClassicRules, count: int) -> None:
    """Quick and time-limited set-up: deal deeds, each paid at its price (001:L285-287)."""
    deeds = list(DEEDS)
    rules.dice.shuffle(deeds, "deal deeds")
    order = rules.state.order
    for k in range(count * len(order)):
        seat, square = order[k % len(order)], deeds[k]
        rules.give_deed(BANK, seat, square, SQUARES[square].price, "deal")
