"""The Golden King of Abrakhân's rules (the Serpent Horde), from the BattleScribe rule text."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.data import COURAGE_PASS
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.courage import AFTER_COURAGE_DICE
from battlesim.engines.sbg.rules.pools import Pool, spend

# The Golden Throne: a banner that does not hinder him: no -1 to his Duel rolls for it.
GOLDEN_THRONE = "the golden throne"


@register(Hook.DUEL_DIE, GOLDEN_THRONE)
def _golden_throne(context: HookContext) -> int:
    return 1  # cancels the banner bearer's -1 (EQP-BAN-05)


REGISTRY.register(GOLDEN_THRONE, kind=Kind.WARGEAR, source="BSData The Golden Throne")

# Riches Beyond Renown: when an enemy Hero within 12" takes a Courage test, the Golden King
# may spend any number of Will points, even once the dice are rolled: -1 to its Courage per
# point; the Hero may still use Might or Will on the test afterwards.
RICHES = "riches beyond renown"
RICHES_REACH = 12.0


@dataclass(frozen=True, slots=True)
class BribeHero(Decision[int]):
    """How many Will points the Golden King spends against the Hero's test (its total is
    known). Heuristic: just enough to fail it, if that is at most 2 and he has them."""

    king: ModelState
    hero: ModelState
    total: int

    def default(self, state: BattleState) -> int:
        need = self.total - COURAGE_PASS + 1
        return need if 0 < need <= min(2, self.king.will) else 0


def _riches(state: BattleState, hero: ModelState, total: int) -> int:
    if not hero.profile.is_hero:
        return 0
    taken = 0
    for king in state.enemies(hero):
        if RICHES not in king.triggers or king.will < 1:
            continue
        if state.distance(king, hero) > RICHES_REACH + 1e-9:
            continue
        ask = BribeHero(king, hero, total - taken)
        players = state.players
        points = ask.default(state) if players is None else players[king.player].decide(state, ask)
        if not isinstance(points, int) or not 0 <= points <= king.will:
            state.log.emit("refused", model=king.uid, reason=f"cannot spend {points!r} Will")
            continue
        if points and not spend(state, king, Pool.WILL, points):
            continue  # the bribe is cancelled (pools.SPENT)
        if points:
            state.log.emit("army_rule", model=king.uid, rule=RICHES, target=hero.uid, will=points)
            taken += points
    return taken


AFTER_COURAGE_DICE.append(_riches)
REGISTRY.register(RICHES, kind=Kind.RULE, source="BSData Riches Beyond Renown (the Golden King)")
