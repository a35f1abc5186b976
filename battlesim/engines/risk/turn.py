"""The seven parts of a turn (003:L42-50), asking the players at each decision point."""

from __future__ import annotations

from battlesim.engines.risk.actions import Attack, IllegalActionError
from battlesim.engines.risk.adventure import collect_adventure, complete_missions, resolve_uprisings
from battlesim.engines.risk.cards import draw_territory_card, legal_sets, trade
from battlesim.engines.risk.combat import (
    attack_options,
    check_attack,
    conquer,
    eliminate_if_beaten,
    max_dice,
    move_in_range,
    sea_toll,
    throw,
)
from battlesim.engines.risk.data import Seat, Timing
from battlesim.engines.risk.fellowship import advance
from battlesim.engines.risk.fortify import apply_fortify
from battlesim.engines.risk.players import Strategy
from battlesim.engines.risk.powers import play_power, power_options, spend_mountain_pass
from battlesim.engines.risk.scoring import held_region_bonus
from battlesim.engines.risk.state import GameState, Invasion, TurnFlags

Players = dict[Seat, Strategy]


def play_turn(state: GameState, players: Players) -> None:
    """Play the current player's turn; stop at once if the Ring is destroyed."""
    seat = state.current
    start_turn(state, seat)
    # the parts called by name, not from a tuple: a compiled build calls them natively
    reinforce(state, seat, players)
    if state.is_over():
        return
    combat(state, seat, players)
    if state.is_over():
        return
    fortify(state, seat, players)
    if state.is_over():
        return
    collect_cards(state, seat, players)
    if state.is_over():
        return
    replace_leader(state, seat, players)
    if state.is_over():
        return
    move_fellowship(state, seat, players)
    if state.is_over():
        return
    state.current = state.next_seat(seat)


def start_turn(state: GameState, seat: Seat) -> None:
    """New turn: fresh flags; card effects 'until your next turn' end now."""
    state.turn += 1
    state.flags = TurnFlags()
    state.invasion = None
    state.effects = [e for e in state.effects if e.owner != seat]
    state.log.emit("turn", turn=state.turn, seat=seat, fellowship=state.fellowship_territory())


# --- I. reinforcements -----------------------------------------------------------------------
def reinforcement_counts(state: GameState, seat: Seat) -> dict[str, int]:
    """Territories / 3 (at least 3) and region bonuses (003:L56-60)."""
    rules = state.board.rules
    owned = len(state.territories_of(seat))
    per = max(rules["min_reinforcements"], owned // rules["territories_per_reinforcement"])
    return {"territories": per, "regions": held_region_bonus(state, seat)}


def reinforce(state: GameState, seat: Seat, players: Players) -> None:
    resolve_uprisings(state, seat)
    for territory in state.territories_of(seat):
        if state.board.territories[territory].stronghold:  # 003:L54
            state.add_battalions(territory, 1, "stronghold")
    for reason, count in reinforcement_counts(state, seat).items():
        if count:
            state.grant_reserve(seat, count, reason)
    trade_sets(state, seat, players[seat], forced=state.board.rules["forced_trade_at"])
    place_reserve(state, seat, players[seat])


def trade_sets(state: GameState, seat: Seat, player: Strategy, forced: int) -> None:
    """Offer trades; while the hand holds ``forced`` cards or more, a set must go (003:L62)."""
    while sets := legal_sets(state, seat):
        must = len(state.players[seat].cards) >= forced
        choice = player.trade(state, seat, sets, must)
        if choice is None and must:
            raise IllegalActionError(f"seat {seat} must trade in a set (003:L62, L98)")
        if choice is None:
            return
        trade(state, seat, choice, "forced" if must else "chosen")
        if must and forced == state.board.rules["forced_trade_at"]:
            forced = 99  # one forced set at the start of the turn, the rest by choice


def place_reserve(state: GameState, seat: Seat, player: Strategy) -> None:
    """All reinforcements must be placed on own territories (003:L64)."""
    reserve = state.players[seat].reserve
    if not reserve:
        return
    plan = player.place_reinforcements(state, seat, reserve)
    if sum(plan.values()) != reserve or any(n <= 0 for n in plan.values()):
        raise IllegalActionError(f"seat {seat} must place exactly {reserve} battalions")
    for territory in sorted(plan):
        state.place_from_reserve(seat, territory, plan[territory])


# --- II. combat ------------------------------------------------------------------------------
def offer_cards(
    state: GameState, seat: Seat, players: Players, timing: Timing, attack: Attack | None = None
) -> None:
    while options := power_options(state, seat, timing, attack):
        play = players[seat].play_power(state, seat, timing, options, attack)
        if play is None:
            return
        play_power(state, seat, timing, play, attack)


def combat(state: GameState, seat: Seat, players: Players) -> None:
    """Attack as long as the player wishes (003:L68, L88)."""
    offer_cards(state, seat, players, Timing.TURN)
    complete_missions(state, seat)  # a leader already there, or borne there by a card
    # is_over, read directly: asked before every throw
    while state.ring_destroyed_turn is None and (options := attack_options(state, seat)):
        attack = players[seat].attack(state, seat, options)
        if attack is None:
            return
        invade(state, seat, players, attack)


def invade(state: GameState, seat: Seat, players: Players, attack: Attack) -> None:
    """One throw; a new target first opens an invasion (cards, tolls)."""
    check_attack(state, seat, attack)
    invasion = state.invasion
    if invasion is None or (invasion.source, invasion.target) != (attack.source, attack.target):
        open_invasion(state, seat, players, attack)
        broken = max_dice(state, seat, attack.source, attack.target) < attack.dice
        if state.invasion is None or broken:
            state.invasion = None  # a defence card broke the invasion up
            return
    defender = state.owner[attack.target]
    result = throw(state, attack, players[defender].defend(state, defender, attack))
    if state.armies[attack.target] == 0:
        least, most = move_in_range(state, attack, result)
        count = players[seat].move_in(state, seat, attack, least, most)
        after_conquest(state, seat, players, conquer(state, attack, result, count))


def open_invasion(state: GameState, seat: Seat, players: Players, attack: Attack) -> None:
    state.invasion = Invasion(attack.source, attack.target)
    if attack.target not in state.board.neighbours[attack.source]:
        spend_mountain_pass(state, seat)
    toll = sea_toll(state, seat, attack.source, attack.target)
    if toll:
        state.remove_battalions(attack.source, toll, "Corsairs of Umbar")
    state.flags.invaded.add((attack.source, attack.target))
    offer_cards(state, seat, players, Timing.ATTACK, attack)
    defender = state.owner[attack.target]
    offer_cards(state, defender, players, Timing.DEFENCE, attack)


def after_conquest(state: GameState, seat: Seat, players: Players, loser: Seat) -> None:
    """Elimination hands over the cards, traded at once above five (003:L96-100)."""
    if eliminate_if_beaten(state, seat, loser):
        limit = state.board.rules["elimination_trade_above"]
        while len(state.players[seat].cards) > limit:
            trade_sets(state, seat, players[seat], forced=limit + 1)
        place_reserve(state, seat, players[seat])
    resolve_uprisings(state, seat)
    complete_missions(state, seat)


# --- III to VII ------------------------------------------------------------------------------
def fortify(state: GameState, seat: Seat, players: Players) -> None:
    """One fortify move, plus the extra ones of Move by Night (003:L108)."""
    for _ in range(1 + state.flags.extra_fortifies):
        move = players[seat].fortify(state, seat)
        if move is None:
            return
        apply_fortify(state, seat, move)
        complete_missions(state, seat)


def collect_cards(state: GameState, seat: Seat, players: Players) -> None:
    """IV: a territory card after a conquest; V: an adventure card if a leader conquered."""
    if state.flags.conquered:
        draw_territory_card(state, seat)
    if state.flags.leader_conquest:
        collect_adventure(state, seat, players[seat])


def replace_leader(state: GameState, seat: Seat, players: Players) -> None:
    """VI: a player with no leader on the board places one (003:L124)."""
    if state.leaders_of(seat) or not state.players[seat].leaders_in_pool:
        return
    options = [t for t in state.territories_of(seat) if t not in state.leaders]
    if options:
        state.place_leader(seat, players[seat].place_leader(state, seat, options), "replaced")


def move_fellowship(state: GameState, seat: Seat, players: Players) -> None:
    """VII: fellowship cards, then the die and the move (003:L128-134)."""
    offer_cards(state, seat, players, Timing.FELLOWSHIP)
    advance(state)
