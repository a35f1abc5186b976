"""How a sensible player uses Brutal Power Attacks (HeuristicPlayer's habits, MON-BPA).

Each choice (striking, Rend, Hurl, Bludgeon) is scored by the harm it is expected to do:
the enemy models it should take out (expected wounds over each model's Wounds, at most one
per model), less the same for friends a Hurl hits, plus a little for each enemy it leaves
Prone (a Prone model is trapped and cannot strike in its own fight). The most harmful BPA
is used when it beats striking. Barge does no harm by itself: it is used against a crowd
the Monster can hardly wound, to break free and charge again (BARGE-05).
"""

from __future__ import annotations

from collections.abc import Sequence

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.combat import wound_need
from battlesim.engines.sbg.rules.monsters.bludgeon import BLUDGEON_STRENGTH
from battlesim.engines.sbg.rules.monsters.core import BPAS, BpaOption, counts_as_cavalry
from battlesim.engines.sbg.rules.monsters.hurl import (
    IMPACT_STRENGTH,
    PASS_STRENGTH,
    PRONE_MAX_STRENGTH,
    fights_of,
    hurl_path,
)

PRONE_VALUE = 0.2  # an enemy left Prone is worth a fifth of one taken out
BARGE_CROWD = 3  # enemies engaged with the Monster before a Barge is worth it
BARGE_FLOOR = 0.5  # ... and striking them would take out less than this
MEAN_D3 = 2  # the Hurl distance is judged at the mean D3


def choose_bpa(
    state: BattleState,
    monster: ModelState,
    losers: Sequence[ModelState],
    options: Sequence[BpaOption],
) -> BpaOption | None:
    """The most harmful BPA if it beats striking; Barge a crowd it can hardly hurt."""
    strikes = strike_harm(state, monster, losers)
    scored = [(bpa_harm(state, monster, losers, o), o.name, o.target or "", o) for o in options]
    best = max((s for s in scored if s[1] != "barge"), default=None, key=lambda s: s[:3])
    if best is not None and best[0] > strikes:
        return best[3]
    barge = [o for o in options if o.name == "barge"]
    if barge and len(losers) >= BARGE_CROWD and strikes < BARGE_FLOOR:
        return barge[0]
    return None


def chance(strength: int, defence: int) -> float:
    need = wound_need(strength, defence)
    if need is None:
        return 0.0
    return (7 - need.first) / 6 * ((7 - need.second) / 6 if need.second else 1.0)


def _taken_out(model: ModelState, wounds: float) -> float:
    return min(1.0, wounds / max(1, model.wounds))


def _attacks(state: BattleState, monster: ModelState) -> int:
    return max(0, monster.profile.attacks + modifier(Hook.ATTACKS, HookContext(state, monster)))


def strike_harm(state: BattleState, monster: ModelState, losers: Sequence[ModelState]) -> float:
    """Strikes spread over the losers, each Attack on the loser it harms most (a Prone one
    is trapped: two dice per strike)."""
    rates = []
    for loser in losers:
        bonus = modifier(Hook.STRENGTH, HookContext(state, monster, loser))
        p = chance(monster.profile.strength + bonus, loser.defence)
        rates.append((1 - (1 - p) ** 2 if loser.prone else p, loser))
    dice: dict[str, float] = {}
    for _ in range(_attacks(state, monster) if rates else 0):
        rate, loser = max(rates, key=lambda r: (r[0] * _room(dice, r[1]), r[1].uid))
        dice[loser.uid] = dice.get(loser.uid, 0.0) + rate
    return sum(_taken_out(state.models[uid], w) for uid, w in dice.items())


def _room(dice: dict[str, float], loser: ModelState) -> float:
    """How much of the loser is still to take out after the dice already aimed at it."""
    return max(0.0, 1.0 - dice.get(loser.uid, 0.0) / max(1, loser.wounds))


def bpa_harm(
    state: BattleState, monster: ModelState, losers: Sequence[ModelState], option: BpaOption
) -> float:
    target = state.models[option.target] if option.target is not None else None
    if option.name == "rend" and target is not None:
        rate = chance(monster.profile.strength, target.profile.strength)
        return _taken_out(target, _attacks(state, monster) * rate)
    if option.name == "hurl" and target is not None:
        return hurl_harm(state, monster, target)
    if option.name == "bludgeon" and target is not None:
        return _bludgeon_harm(losers, target)
    bpa = BPAS.get(option.name)
    if bpa is not None and bpa.harm is not None:  # an army rule's unique BPA
        return bpa.harm(state, monster, losers, target)
    return 0.0


def _bludgeon_harm(losers: Sequence[ModelState], club: ModelState) -> float:
    """Each swing hits another enemy and the club with Strength 8; a slain target lets the
    Monster swing again (the targets judged from the most easily slain)."""
    others = sorted(
        (m for m in losers if m is not club),
        key=lambda m: (-chance(BLUDGEON_STRENGTH, m.defence) / max(1, m.wounds), m.uid),
    )
    harm, reach, swings = 0.0, 1.0, 0.0
    for model in others:
        p = chance(BLUDGEON_STRENGTH, model.defence)
        harm += reach * _taken_out(model, p)
        swings += reach
        reach *= p if model.wounds == 1 else 0.0
    return harm + _taken_out(club, swings * chance(BLUDGEON_STRENGTH, club.defence))


def hurl_harm(state: BattleState, monster: ModelState, victim: ModelState) -> float:
    """HURL-05/06/07 at the mean D3: the victim's hits, each model hit on the way (friends
    count against), and the standing models left Prone if they survive."""
    distance = MEAN_D3 + monster.profile.strength - victim.profile.strength
    path = hurl_path(state, monster, victim, distance)
    wounds = len(path.passed) * chance(PASS_STRENGTH, victim.defence)
    harm = _felled(victim, _taken_out(victim, wounds + chance(IMPACT_STRENGTH, victim.defence)))
    for model in path.passed:
        hits = 2 if counts_as_cavalry(model) else 1
        harm += _side(monster, model) * _felled(model, _hit(model, PASS_STRENGTH, hits))
    for model in fights_of(state, path.passed, {monster.uid, victim.uid}):
        taken = _hit(model, PASS_STRENGTH, 1)
        knocked = model.profile.strength <= PRONE_MAX_STRENGTH
        harm += _side(monster, model) * (_felled(model, taken) if knocked else taken)
    if path.stopper is not None:
        harm += _side(monster, path.stopper) * _hit(path.stopper, IMPACT_STRENGTH, 1)
    return harm


def _felled(model: ModelState, taken: float) -> float:
    """What a hit that also knocks the model Prone is worth: the Prone only counts if the
    model stands now and survives."""
    return taken + (0.0 if model.prone else PRONE_VALUE * (1.0 - taken))


def _hit(model: ModelState, strength: int, hits: int) -> float:
    return _taken_out(model, hits * chance(strength, model.defence))


def _side(monster: ModelState, model: ModelState) -> int:
    return 1 if model.player != monster.player else -1
