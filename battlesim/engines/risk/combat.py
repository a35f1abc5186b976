"""Combat (003:L66-100): legal attacks, one throw of the dice, conquest and elimination."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from battlesim.engines.risk.actions import Attack, IllegalActionError
from battlesim.engines.risk.data import Seat, TerritoryName
from battlesim.engines.risk.state import EffectKind, GameState

MAX_ATTACK_DICE = 3  # 003:L72
MAX_DEFENCE_DICE = 2  # 003:L76
THROW_PURPOSES = ("attack {}", "defend {}")  # each hand's record, filled with the target


class Throw(NamedTuple):
    """One throw: the dice as rolled, the bonuses to each highest die, the losses (a named
    tuple: one is made per throw, and a frozen dataclass was slower to build)."""

    attack_rolls: tuple[int, ...]
    defence_rolls: tuple[int, ...]
    attack_bonus: int
    defence_bonus: int
    attacker_losses: int
    defender_losses: int


# A named tuple made in C: its class's own ``__new__`` is a Python function (one a throw).
_new_throw = tuple.__new__


def resolve_throw(
    attack_rolls: tuple[int, ...],
    defence_rolls: tuple[int, ...],
    attack_bonus: int = 0,
    defence_bonus: int = 0,
) -> tuple[int, int]:
    """Return (attacker losses, defender losses) for one throw (003:L74-86).

    Each side's bonus goes on its highest die; dice are compared highest to highest, then
    second to second, ties to the defender; unmatched dice are ignored.

    >>> resolve_throw((6, 3, 1), (5, 3))
    (1, 1)
    >>> resolve_throw((6,), (5,), defence_bonus=1)
    (1, 0)
    """
    # from each hand's two highest dice, no sorted copies: compiled, this is native int work
    a1 = a2 = d1 = d2 = 0
    for a in attack_rolls:
        if a > a1:
            a1, a2 = a, a1
        elif a > a2:
            a2 = a
    for d in defence_rolls:
        if d > d1:
            d1, d2 = d, d1
        elif d > d2:
            d2 = d
    attacker_losses = defender_losses = 0
    if a1 + attack_bonus > d1 + defence_bonus:
        defender_losses = 1
    else:
        attacker_losses = 1
    if len(attack_rolls) > 1 and len(defence_rolls) > 1:
        if a2 > d2:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def _mountain_pass(state: GameState, source: TerritoryName, target: TerritoryName) -> bool:
    ranges = state.board.mountain_ranges.values()
    return any(source in r and target in r for r in ranges)


def _has_card(state: GameState, seat: Seat, effect: str) -> bool:
    # a list, not any() over a generator: asked before each throw
    return effect in [card.effect for card in state.players[seat].adventures]


def reachable(state: GameState, seat: Seat, source: TerritoryName, target: TerritoryName) -> bool:
    """Is ``target`` adjacent, or across a mountain range with the card to pass under it?"""
    if target in state.board.neighbours[source]:
        return True
    if state.flags.drew_adventure or not _has_card(state, seat, "under_mountains"):
        return False
    return _mountain_pass(state, source, target)


def _blocked(state: GameState, seat: Seat, source: TerritoryName, target: TerritoryName) -> bool:
    """Winter Storms and a bridge held by You Shall Not Pass stop the invasion."""
    if not state.effects:
        return False  # the common case, asked for every pair a player might attack
    storm = state.has_effect(EffectKind.WINTER_STORMS, source) or state.has_effect(
        EffectKind.WINTER_STORMS, target
    )
    if storm:
        return True
    pair = frozenset((source, target))
    bridge = [
        e
        for e in state.effects
        if e.kind is EffectKind.BRIDGE_BLOCK and e.territories == pair and e.owner != seat
    ]
    return bool(bridge) and state.leaders.get(source) != seat


def sea_toll(state: GameState, seat: Seat, source: TerritoryName, target: TerritoryName) -> int:
    """Battalions a seaborne invasion loses first under Corsairs of Umbar (0 if none)."""
    if not state.effects:
        return 0
    if not state.board.is_sea(source, target) or (source, target) in state.flags.invaded:
        return 0
    tolls = [e for e in state.effects if e.kind is EffectKind.CORSAIRS and e.owner != seat]
    return 3 * len(tolls)


def max_dice(state: GameState, seat: Seat, source: TerritoryName, target: TerritoryName) -> int:
    """Return how many dice may attack (0 when the attack is not allowed)."""
    owner, players = state.owner, state.players
    defender = owner.get(target)
    if owner.get(source) != seat or defender is None or defender == seat:
        return 0
    if players[seat].side is players[defender].side:  # allied (asked twice or more a throw)
        return 0
    spare = state.armies[source] - 1
    if state.effects:
        if _blocked(state, seat, source, target):
            return 0
        spare -= sea_toll(state, seat, source, target)
    # max(0, min(MAX_ATTACK_DICE, spare)) without the two calls
    return MAX_ATTACK_DICE if spare > MAX_ATTACK_DICE else spare if spare > 0 else 0


def attack_options(state: GameState, seat: Seat) -> list[tuple[TerritoryName, TerritoryName]]:
    """Return every (source, target) pair the player may attack now, sorted."""
    invasion, kept, armies = state.invasion, state.invasion_options, state.armies
    if (
        kept is not None
        and kept[0] is invasion  # no other invasion opened since: only its throws came
        and kept[1] == state.owner_changes
        and kept[2] == seat
        and armies[kept[0].source] >= 2
        and not state.effects
    ):
        return list(kept[3])
    passes = not state.flags.drew_adventure and _has_card(state, seat, "under_mountains")
    if not passes:  # the common case: the kept pairs, by armies (and the lasting effects)
        pairs = [pair for pair in state.hostile_pairs(seat) if armies[pair[0]] >= 2]
        if state.effects:
            allow = _effects_allow(state, seat)
            return [pair for pair in pairs if allow(*pair)]
        if invasion is not None:
            state.invasion_options = (invasion, state.owner_changes, seat, pairs)
            return list(pairs)
        return pairs
    options = []  # with a pass under the mountains: the ranges' far sides too, sorted
    hostile = state.hostile_land(state.players[seat].side)
    allowed = _effects_allow(state, seat) if state.effects else None
    for source in state.territories_of(seat):
        if armies[source] < 2:
            continue
        targets = sorted(state.board.neighbours[source] | _range_targets(state, source))
        for target in targets:
            if target not in hostile:  # max_dice's first tests inlined (a hot path)
                continue  # unowned, the player's own or an ally's
            if allowed is not None and not allowed(source, target):
                continue
            options.append((source, target))
    return options


def _effects_allow(state: GameState, seat: Seat) -> Callable[[TerritoryName, TerritoryName], bool]:
    """``max_dice(...) > 0`` for a hostile pair under the lasting effects, with the effects
    read once per question instead of once per pair (a quarter of the options asked)."""
    storms: set[TerritoryName] = set()
    bridges: set[frozenset[TerritoryName]] = set()
    corsairs = 0
    for effect in state.effects:
        if effect.kind is EffectKind.WINTER_STORMS:
            storms |= effect.territories
        elif effect.kind is EffectKind.BRIDGE_BLOCK and effect.owner != seat:
            bridges.add(effect.territories)
        elif effect.kind is EffectKind.CORSAIRS and effect.owner != seat:
            corsairs += 1
    armies, leaders, board = state.armies, state.leaders, state.board
    invaded = state.flags.invaded

    def allow(source: TerritoryName, target: TerritoryName) -> bool:
        if source in storms or target in storms:
            return False
        if bridges and frozenset((source, target)) in bridges and leaders.get(source) != seat:
            return False
        spare = armies[source] - 1
        if corsairs and board.is_sea(source, target) and (source, target) not in invaded:
            spare -= 3 * corsairs
        return spare > 0

    return allow


def _range_targets(state: GameState, source: TerritoryName) -> frozenset[TerritoryName]:
    ranges = [r for r in state.board.mountain_ranges.values() if source in r]
    return frozenset().union(*ranges) - {source} if ranges else frozenset()


def check_attack(state: GameState, seat: Seat, attack: Attack) -> None:
    """Raise ``IllegalActionError`` unless ``seat`` may make this throw (003:L68-72)."""
    source, target, dice = attack
    if not reachable(state, seat, source, target):
        raise IllegalActionError(f"{target} is not adjacent to {source}")
    allowed = max_dice(state, seat, source, target)
    if not 1 <= dice <= allowed:
        raise IllegalActionError(f"{dice} dice from {source}: allowed 1-{allowed}")


def bonuses(state: GameState, attack: Attack) -> tuple[int, int]:
    """Return the (attack, defence) bonus on each highest die (003:L74, L78)."""
    return pair_bonuses(state, attack.source, attack.target)


def pair_bonuses(state: GameState, source: TerritoryName, target: TerritoryName) -> tuple[int, int]:
    """``bonuses`` for an invasion of ``target`` from ``source`` (no Attack built)."""
    invasion = state.invasion
    attack_bonus = 1 if source in state.leaders else 0
    defence_bonus = 1 if target in state.leaders else 0
    siege = invasion is not None and invasion.siege
    if state.board.territories[target].stronghold and not siege:
        defence_bonus += 1
    if invasion is not None:
        attack_bonus += invasion.attack_bonus
    return attack_bonus, defence_bonus


def check_defence(state: GameState, target: TerritoryName, dice: int) -> None:
    allowed = min(MAX_DEFENCE_DICE, state.armies[target])
    if not 1 <= dice <= allowed:
        raise IllegalActionError(f"{target} may defend with 1-{allowed} dice, not {dice}")


def throw(state: GameState, attack: Attack, defence_dice: int) -> Throw:
    """Roll one throw, remove the losses and log it."""
    source, target, attack_dice = attack
    check_defence(state, target, defence_dice)
    attack_rolls, defence_rolls = state.dice.d6s_pair(
        attack_dice, defence_dice, THROW_PURPOSES, target
    )
    attack_bonus, defence_bonus = pair_bonuses(state, source, target)
    lost_a, lost_d = resolve_throw(attack_rolls, defence_rolls, attack_bonus, defence_bonus)
    result = _new_throw(
        Throw, (attack_rolls, defence_rolls, attack_bonus, defence_bonus, lost_a, lost_d)
    )
    state.log.emit_lazy("throw", _throw_payload, state, attack, result)
    if lost_a:
        state.remove_battalions(source, lost_a, "combat")
    if lost_d:
        state.remove_battalions(target, lost_d, "combat")
    return result


def _throw_payload(state: GameState, attack: Attack, result: Throw) -> dict[str, object]:
    return {
        "seat": state.owner[attack.source],
        "defender": state.owner[attack.target],
        "source": attack.source,
        "target": attack.target,
        "attack": list(result.attack_rolls),
        "defence": list(result.defence_rolls),
        "attack_bonus": result.attack_bonus,
        "defence_bonus": result.defence_bonus,
        "attacker_losses": result.attacker_losses,
        "defender_losses": result.defender_losses,
    }


def move_in_range(state: GameState, attack: Attack, result: Throw) -> tuple[int, int]:
    """Return the (least, most) battalions that move into a conquered territory (003:L90)."""
    source, _, dice = attack
    return dice - result.attacker_losses, state.armies[source] - 1


def conquer(state: GameState, attack: Attack, result: Throw, count: int) -> Seat:
    """Take the emptied territory; return the seat of the former owner (003:L90-92)."""
    least, most = move_in_range(state, attack, result)
    source, target, _ = attack
    if state.armies[target] != 0:
        raise IllegalActionError(f"{target} still holds battalions")
    if not least <= count <= most:
        raise IllegalActionError(f"must move {least}-{most} battalions into {target}")
    loser = state.owner[target]
    state.set_owner(target, state.owner[source])
    state.move_battalions(source, target, count)
    if target in state.leaders:  # 003:L92: the defeated leader leaves the board
        state.remove_leader(target, "territory lost")
    if source in state.leaders:
        state.move_leader(source, target)
        state.flags.leader_conquest = True
    state.flags.conquered = True
    state.invasion = None
    state.log.emit_lazy("conquest", _conquest, state, attack, loser, count)
    return loser


def _conquest(state: GameState, attack: Attack, loser: Seat, count: int) -> dict[str, object]:
    seat = state.owner[attack.source]
    return {"seat": seat, "loser": loser, **_move(attack, count)}


def _move(attack: Attack, count: int) -> dict[str, object]:
    return {"source": attack.source, "target": attack.target, "count": count}


def eliminate_if_beaten(state: GameState, winner: Seat, loser: Seat) -> bool:
    """Hand the territory cards over and discard the adventure cards (003:L96)."""
    player = state.players[loser]
    if player.eliminated or state.holds_land(loser):
        return False
    player.eliminated = True
    state.players[winner].cards += player.cards
    state.adventure_discard += player.adventures
    state.log.emit("eliminated", seat=loser, by=winner, cards=[c.id for c in player.cards])
    player.cards, player.adventures = [], []
    return True
