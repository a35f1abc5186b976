"""Bombur's rules: Beefy (Bash as with a mace), Lumbering (6s re-rolled on Jump and Climb
tests, no Heroic Moves) and Raising Spirits (a friend regains a Will point)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.arms import SpecialStrike
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Phase, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules.crossing import REROLL_SIXES
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.heroic_actions import BARRED_ACTIONS, HEROIC_MOVE
from battlesim.engines.sbg.rules.special_strikes import EXTRA_STRIKES

# Beefy (BSData 17da-89b8-20de-654a): "may choose to use the Bash Special Strike, just as if he
# were using a mace" (special_strikes.eligible).
EXTRA_STRIKES["beefy"] = SpecialStrike.BASH
REGISTRY.register("beefy", kind=Kind.RULE, source="BSData 17da-89b8-20de-654a")

# Lumbering (BSData 6443-c960-570b-30bd): Bombur must re-roll 6s on Jump and Climb tests
# (crossing.py, every crossing test: READINGS) and may not call Heroic Moves.
REROLL_SIXES.add("lumbering")
BARRED_ACTIONS.setdefault(HEROIC_MOVE, set()).add("lumbering")
REGISTRY.register("lumbering", kind=Kind.RULE, source="BSData 6443-c960-570b-30bd")

RAISING = "raising spirits"
_RAISED: Status[list[int]] = Status("raising spirits", list, Lasting.TURN)


@dataclass(frozen=True, slots=True)
class RaiseSpirits(Decision[str | None]):
    """Raising Spirits: the friend in base contact Bombur tries to restore (None: nobody).
    The heuristic picks the one that has spent the most Will."""

    model: ModelState
    friends: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str | None:
        spent = [f for f in self.friends if f.will < f.profile.will]
        return max(spent, key=lambda f: (f.profile.will - f.will, f.uid)).uid if spent else None


@on(On.MOVE_ENDED, RAISING, order=50, trigger=RAISING)
def _raising_spirits(state: BattleState, happening: Happening) -> None:
    """Raising Spirits (BSData b53b-64cd-d4ba-95d5): once each turn in Bombur's Move phase
    (READINGS: when his move ends), a friend in base contact regains on a 4+ a Will point
    spent earlier."""
    bombur = happening.model
    if state.phase is not Phase.MOVE or _RAISED.of(bombur):
        return
    friends = tuple(
        f for f in state.living(bombur.player) if f is not bombur and state.in_contact(f, bombur)
    )
    choice = ask(state, bombur, RaiseSpirits(bombur, friends))
    friend = next((f for f in friends if f.uid == choice), None)
    if friend is None:
        return
    _RAISED.of(bombur).append(state.turn)
    (die,) = state.roll(1, f"raising spirits {bombur.uid}->{friend.uid}")
    if die >= 4 and friend.will < friend.profile.will:
        friend.will += 1
        state.log.emit("regained", model=friend.uid, pool="will", rule=RAISING)


REGISTRY.register(RAISING, kind=Kind.RULE, source="BSData b53b-64cd-d4ba-95d5")
