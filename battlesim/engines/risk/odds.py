"""The battle-odds table every player consults: exact, from the engine's own throw rule.

The one-throw distribution counts all 6^n dice outcomes through ``combat.resolve_throw`` (each
throw up to the order of its dice once, weighted by how many orders it has);
the chance to take a territory chains those throws (attacker always throws the most dice it
can, defender two while it can), as pyrisk's cached simulations do but without sampling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import product

from battlesim.engines.dice import Dice
from battlesim.engines.risk.combat import MAX_ATTACK_DICE, MAX_DEFENCE_DICE, resolve_throw

ODDS_CAP = 40  # beyond this many battalions a side the odds no longer move a decision


@cache
def throw_distribution(
    attack_dice: int, defence_dice: int, attack_bonus: int = 0, defence_bonus: int = 0
) -> dict[tuple[int, int], float]:
    """Return {(attacker losses, defender losses): probability} for one throw."""
    counts: dict[tuple[int, int], int] = {}
    for attack, ways_a in _sorted_throws(attack_dice):
        for defence, ways_d in _sorted_throws(defence_dice):
            key = resolve_throw(attack, defence, attack_bonus, defence_bonus)
            counts[key] = counts.get(key, 0) + ways_a * ways_d
    total = 6 ** (attack_dice + defence_dice)
    return {key: count / total for key, count in sorted(counts.items())}


@cache
def _sorted_throws(dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each throw of ``dice`` d6 up to order, with the number of ordered throws it stands for
    (the throw rule sorts the dice, so the counts stay exact with far fewer cases)."""
    ways = Counter(tuple(sorted(faces)) for faces in product(range(1, 7), repeat=dice))
    return tuple(sorted(ways.items()))


@cache
def conquest_probability(
    attackers: int, defenders: int, attack_bonus: int = 0, defence_bonus: int = 0
) -> float:
    """Chance that ``attackers`` spare battalions wipe out ``defenders`` battalions."""
    attackers, defenders = min(attackers, ODDS_CAP), min(defenders, ODDS_CAP)
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    dist = throw_distribution(
        min(MAX_ATTACK_DICE, attackers),
        min(MAX_DEFENCE_DICE, defenders),
        attack_bonus,
        defence_bonus,
    )
    return sum(
        p
        * conquest_probability(attackers - lost_a, defenders - lost_d, attack_bonus, defence_bonus)
        for (lost_a, lost_d), p in dist.items()
    )


@cache
def odds_rows(attack_bonus: int, defence_bonus: int) -> tuple[tuple[float, ...], ...]:
    """``conquest_probability`` under these bonuses as rows of a table: ``[a][d]`` for a, d
    from 0 to ``ODDS_CAP`` (read by index, no cached call: the players weigh every option
    before each throw). The whole table costs about as much as its corner (40, 40), whose
    recursion reads every smaller pair anyway."""
    return tuple(
        tuple(conquest_probability(a, d, attack_bonus, defence_bonus) for d in range(ODDS_CAP + 1))
        for a in range(ODDS_CAP + 1)
    )


BonusPair = tuple[int, int]


def sample_throws(
    dice: Dice,
    attack_dice: int,
    defence_dice: int,
    bonus_pairs: Sequence[BonusPair],
    throws: int,
) -> dict[BonusPair, Counter[tuple[int, int]]]:
    """Throw the dice ``throws`` times and count the outcome under each pair of bonuses.

    Every throw is resolved under all bonus pairs at once (same dice, several readings), so
    each pair's count is an honest sample of ``throws`` throws at a fraction of the rolls.
    The roll record is cleared as it goes: a million throws would otherwise fill the memory.
    """
    counts: dict[BonusPair, Counter[tuple[int, int]]] = {pair: Counter() for pair in bonus_pairs}
    for _ in range(throws):
        attack = tuple(dice.d6s(attack_dice, "odds check attack"))
        defence = tuple(dice.d6s(defence_dice, "odds check defence"))
        for pair in bonus_pairs:
            counts[pair][resolve_throw(attack, defence, *pair)] += 1
        if len(dice.rolls) > 10_000:
            dice.rolls.clear()
    return counts
