"""How a sensible player uses Brutal Power Attacks (HeuristicPlayer's habits, MON-BPA).

Hurl when the flight hits a crowd of enemies and no friend; Bludgeon or Barge a crowd; Rend
a lone target whose Strength is much lower than its Defence; otherwise strike normally.
"""

from __future__ import annotations

from collections.abc import Sequence

from battlesim.engines.sbg.combat import wound_need
from battlesim.engines.sbg.monsters.core import BpaOption
from battlesim.engines.sbg.monsters.hurl import fights_of, hurl_path
from battlesim.engines.sbg.state import BattleState, ModelState

HURL_CROWD = 2  # enemies hit by the flight besides the victim
BARGE_CROWD = 3  # enemies engaged with the Monster
REND_EDGE = 0.15  # better chance to wound per die than a strike


def choose_bpa(
    state: BattleState,
    monster: ModelState,
    losers: Sequence[ModelState],
    options: Sequence[BpaOption],
) -> BpaOption | None:
    named = {o.name: o for o in options}
    hurl = _best_hurl(state, monster, [o for o in options if o.name == "hurl"])
    if hurl is not None:
        return hurl
    clubs = [o for o in options if o.name == "bludgeon"]
    if clubs and len(losers) >= 2:
        return min(clubs, key=lambda o: _frailty(state.models[o.target or ""]))
    if "barge" in named and len(losers) >= BARGE_CROWD:
        return named["barge"]
    rends = [o for o in options if o.name == "rend"]
    if len(losers) == 1 and rends and _rend_pays(monster, losers[0]):
        return rends[0]
    return None


def _frailty(model: ModelState) -> tuple[int, int, str]:
    return (model.wounds, model.defence, model.uid)


def _chance(strength: int, defence: int) -> float:
    need = wound_need(strength, defence)
    if need is None:
        return 0.0
    return (7 - need.first) / 6 * ((7 - need.second) / 6 if need.second else 1.0)


def _rend_pays(monster: ModelState, target: ModelState) -> bool:
    strength = monster.profile.strength
    rend = _chance(strength, target.profile.strength)
    return rend >= _chance(strength, target.defence) + REND_EDGE


def _best_hurl(
    state: BattleState, monster: ModelState, options: list[BpaOption]
) -> BpaOption | None:
    """The victim whose flight (at the mean D3, 2") hits most enemies and no friend."""
    best: tuple[int, str, BpaOption] | None = None
    for option in options:
        victim = state.models[option.target or ""]
        distance = 2 + monster.profile.strength - victim.profile.strength
        path = hurl_path(state, monster, victim, distance)
        hit = list(path.passed) + fights_of(state, path.passed, {monster.uid, victim.uid})
        if path.stopper is not None:
            hit.append(path.stopper)
        enemies = sum(1 for m in hit if m.player != monster.player)
        if enemies < HURL_CROWD or len(hit) > enemies:
            continue
        if best is None or (enemies, victim.uid) > best[:2]:
            best = (enemies, victim.uid, option)
    return None if best is None else best[2]
