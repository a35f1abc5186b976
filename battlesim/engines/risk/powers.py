"""Power cards (003:L104 "Power cards help you during combat"): who may play what, and when.

Each effect has an ``options`` function (the legal plays of one card at one moment) and an
``apply`` function. The rules offer the options; the player picks one or none. Effects follow
the paraphrases of reference §1.6; ``data.yaml`` flags the readings that are assumptions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlesim.engines.risk.actions import Attack, CardPlay, IllegalActionError
from battlesim.engines.risk.adventure import spend_card
from battlesim.engines.risk.data import AdventureCard, AdventureKind, Seat, Timing
from battlesim.engines.risk.fellowship import at_mount_doom, step
from battlesim.engines.risk.state import Effect, EffectKind, GameState, Invasion


@dataclass(frozen=True, slots=True)
class Moment:
    """Who holds which card, and the throw under way for attack and defence cards."""

    state: GameState
    seat: Seat
    card: AdventureCard
    attack: Attack | None = None

    @property
    def invasion(self) -> Attack:
        if self.attack is None:
            raise IllegalActionError(f"{self.card.name} needs an invasion under way")
        return self.attack

    def only(self, allowed: bool) -> list[CardPlay]:
        """The one plain play of this card, if it is allowed now."""
        return [CardPlay(self.card.id)] if allowed else []


Options = Callable[[Moment], list[CardPlay]]
Apply = Callable[[Moment, CardPlay], None]


def _always(moment: Moment) -> list[CardPlay]:
    return moment.only(True)


def _invasion_of(moment: Moment) -> Invasion:
    state, attack = moment.state, moment.invasion
    if state.invasion is None:
        state.invasion = Invasion(attack.source, attack.target)
    return state.invasion


# --- attack: when an invasion starts ---------------------------------------------------------
def _grima_options(m: Moment) -> list[CardPlay]:
    return m.only(m.attack is not None and m.state.armies[m.attack.target] >= 2)


def _grima(m: Moment, play: CardPlay) -> None:
    """Grima Wormtongue: up to two defenders change sides before the invasion."""
    attack = m.invasion
    turned = min(m.card.amount, m.state.armies[attack.target] - 1)
    m.state.remove_battalions(attack.target, turned, m.card.name)
    m.state.add_battalions(attack.source, turned, m.card.name)


def _ambush(m: Moment, play: CardPlay) -> None:
    m.state.add_battalions(m.invasion.source, m.card.amount, m.card.name)


def _siege_options(m: Moment) -> list[CardPlay]:
    target = m.attack.target if m.attack else None
    return m.only(target is not None and bool(m.state.board.territories[target].stronghold))


def _siege(m: Moment, play: CardPlay) -> None:
    _invasion_of(m).siege = True


def _sea_options(m: Moment) -> list[CardPlay]:
    return m.only(m.attack is not None and m.state.board.is_sea(m.attack.source, m.attack.target))


def _black_sails(m: Moment, play: CardPlay) -> None:
    _invasion_of(m).attack_bonus += m.card.amount


# --- defence: when one of your territories is invaded ------------------------------------------
def _courage(m: Moment, play: CardPlay) -> None:
    m.state.add_battalions(m.invasion.target, m.card.amount, m.card.name)


def _violent_storms(m: Moment, play: CardPlay) -> None:
    m.state.remove_battalions(m.invasion.source, m.invasion.dice, m.card.name)
    m.state.invasion = None  # the attackers are destroyed: this invasion is over


def _withdrawal_options(m: Moment) -> list[CardPlay]:
    if m.attack is None or m.state.armies[m.attack.target] < 2:
        return []
    near = sorted(m.state.board.neighbours[m.attack.target])
    return [CardPlay(m.card.id, target=t) for t in near if m.state.owner.get(t) == m.seat]


def _withdrawal(m: Moment, play: CardPlay) -> None:
    """Strategic Withdrawal: all but one battalion step back to a neighbouring territory."""
    source = m.invasion.target
    count = m.state.armies[source] - 1
    m.state.move_battalions(source, play.target or "", count)
    m.state.log.emit("withdrawal", seat=m.seat, source=source, target=play.target, count=count)


# --- turn: at the start of the combat part -----------------------------------------------------
def _bridge_options(m: Moment) -> list[CardPlay]:
    bridges = sorted(sorted(pair) for pair in m.state.board.bridges)
    held = [pair for pair in bridges if any(m.state.owner.get(t) == m.seat for t in pair)]
    return [CardPlay(m.card.id, target=a, source=b) for a, b in held]


def _block_bridge(m: Moment, play: CardPlay) -> None:
    pair = frozenset((play.target or "", play.source or ""))
    m.state.effects.append(Effect(EffectKind.BRIDGE_BLOCK, m.seat, pair))


def _move_by_night(m: Moment, play: CardPlay) -> None:
    m.state.flags.extra_fortifies += m.card.amount


def _borne_options(m: Moment) -> list[CardPlay]:
    free = [t for t in m.state.territories_of(m.seat) if t not in m.state.leaders]
    leaders = m.state.leaders_of(m.seat)
    return [CardPlay(m.card.id, target=t, source=s) for s in leaders for t in free]


def _borne(m: Moment, play: CardPlay) -> None:
    """Borne to Another Place: a leader goes to any territory of its player."""
    m.state.move_leader(play.source or "", play.target or "")


def _hunt_options(m: Moment) -> list[CardPlay]:
    held = m.state.owner.get(m.state.fellowship_territory()) == m.seat
    return m.only(held or not at_mount_doom(m.state))


def _hunt(m: Moment, play: CardPlay) -> None:
    """Hunt for the Ringbearer: +4 where the Fellowship is if you hold it, else it moves on."""
    here = m.state.fellowship_territory()
    if m.state.owner.get(here) == m.seat:
        m.state.add_battalions(here, m.card.amount, m.card.name)
    else:
        step(m.state)


# --- fellowship: in part VII before the die ----------------------------------------------------
def _where_it_is(m: Moment) -> bool:
    state = m.state
    return m.card.territory in (None, state.fellowship_territory()) and not at_mount_doom(state)


def _stay_options(m: Moment) -> list[CardPlay]:
    return m.only(_where_it_is(m))


def _stay(m: Moment, play: CardPlay) -> None:
    m.state.flags.fellowship_stay = True


def _force_options(m: Moment) -> list[CardPlay]:
    plain = m.state.fellowship_territory() not in m.state.board.die_territories
    return m.only(plain and _where_it_is(m))


def _force_die(m: Moment, play: CardPlay) -> None:
    m.state.flags.fellowship_force_die = True


def _modifier_options(m: Moment) -> list[CardPlay]:
    signs = (1, -1) if m.card.either_sign else (1,)
    return [CardPlay(m.card.id, sign=sign) for sign in signs] if _where_it_is(m) else []


def _modifier(m: Moment, play: CardPlay) -> None:
    m.state.flags.fellowship_modifier += m.card.amount * (1 if play.sign >= 0 else -1)


POWERS: dict[str, tuple[Options, Apply]] = {
    "grima": (_grima_options, _grima),
    "ambush": (_always, _ambush),
    "siege": (_siege_options, _siege),
    "black_sails": (_sea_options, _black_sails),
    "courage": (_always, _courage),
    "violent_storms": (_sea_options, _violent_storms),
    "withdrawal": (_withdrawal_options, _withdrawal),
    "block_bridge": (_bridge_options, _block_bridge),
    "move_by_night": (_always, _move_by_night),
    "borne": (_borne_options, _borne),
    "hunt": (_hunt_options, _hunt),
    "fellowship_stay": (_stay_options, _stay),
    "fellowship_force_die": (_force_options, _force_die),
    "fellowship_modifier": (_modifier_options, _modifier),
}


def power_options(
    state: GameState, seat: Seat, timing: Timing, attack: Attack | None = None
) -> list[CardPlay]:
    """Return the legal plays of the player's power cards at this moment."""
    if state.flags.drew_adventure and seat == state.current:
        return []  # 003:L120: once a card is drawn no other cards may be played
    plays: list[CardPlay] = []
    power = AdventureKind.POWER
    held = [c for c in state.players[seat].adventures if c.kind is power and c.timing is timing]
    if not held:
        return plays  # the common case: no sort, no key function made
    for card in sorted(held, key=lambda c: c.id):  # picked first: asked twice an invasion
        if card.effect in POWERS:
            plays += POWERS[card.effect][0](Moment(state, seat, card, attack))
    return plays


def play_power(
    state: GameState, seat: Seat, timing: Timing, play: CardPlay, attack: Attack | None = None
) -> None:
    """Check the play against the legal options, then spend the card and apply it."""
    if play not in power_options(state, seat, timing, attack):
        raise IllegalActionError(f"card play {play} is not allowed now")
    card = next(c for c in state.players[seat].adventures if c.id == play.card_id)
    spend_card(state, seat, card)
    state.log.emit("power", seat=seat, card=card.id, target=play.target, source=play.source)
    POWERS[card.effect][1](Moment(state, seat, card, attack), play)


def spend_mountain_pass(state: GameState, seat: Seat) -> None:
    """The Way Is Under the Mountains is spent by an invasion across a range."""
    card = next(c for c in state.players[seat].adventures if c.effect == "under_mountains")
    spend_card(state, seat, card)
