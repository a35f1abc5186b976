"""Army rules of an army's command: Húrin's Line of Command."""

from __future__ import annotations

from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules.scenarios import LEADER_GUARDS

LINE_OF_COMMAND = "line of command"


def _line_of_command(state: BattleState, player: PlayerId) -> bool:
    """Line of Command (BSData 833d-f497-0b30-0d31): if the army's Leader is a Gondor Hero,
    then while Húrin is alive and on the battlefield the opponent scores no Victory Points
    for slaying that Leader (READINGS: checked when the points are counted)."""
    leader = state.forces[player].leader
    card = state.models.get(leader) if leader is not None else None
    if card is None or not card.profile.is_hero or "gondor" not in card.triggers:
        return False
    return any(LINE_OF_COMMAND in m.triggers for m in state.living(player))


LEADER_GUARDS.append(_line_of_command)
REGISTRY.register(LINE_OF_COMMAND, kind=Kind.RULE, source="BSData 833d-f497-0b30-0d31")
