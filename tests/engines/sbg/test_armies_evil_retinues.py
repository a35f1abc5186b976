"""Evil army rules XII (issue 19): captains' retinues and advisers (Gothmog's Enforcer,
Gríma Wormtongue), from the BattleScribe rule text cited by its rule id; each test fails
when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battlesim.engines.sbg.core.state import Phase
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules import heroic_actions as ha
from tests.engines.sbg.builders import WARRIOR, add, battle, players

ORC = replace(WARRIOR, keywords=frozenset({"mordor", "orc", "infantry", "hero"}))
GOTHMOG = replace(ORC, name="Gothmog, Lieutenant of Sauron", might=1, will=1, fate=1)
ENFORCER = replace(
    ORC, name="Gothmog's Enforcer", might=1, will=1, fate=1, rules=("Gothmog's Right Hand",)
)


class _Refuses:
    """A player that answers no to every yes-or-no decision."""

    def decide(self, state: Any, decision: Any) -> Any:
        return False if isinstance(decision, ha.PayWithWill) else decision.default(state)


def _move(state: Any, hero: Any, side_players: Any = None) -> bool:
    chosen = side_players or players()
    return ha._declare(state, chosen, hero.player, Phase.MOVE, (hero.uid, ha.HEROIC_MOVE))


def test_gothmogs_right_hand_pays_a_heroic_move_with_the_enforcers_will() -> None:
    """BSData 9b2c-732a-9fbc-4596: the Enforcer within 3" of Gothmog: Gothmog may spend one
    of the Enforcer's Will points to declare a Heroic Move instead of his own Might."""
    state = battle()
    gothmog = add(state, "G", 1, 10, 10, GOTHMOG)
    enforcer = add(state, "E", 1, 12.5, 10, ENFORCER)
    assert _move(state, gothmog)
    assert (gothmog.might, enforcer.will, enforcer.might) == (1, 0, 1)


def test_gothmogs_right_hand_only_near_only_a_move_and_only_when_chosen() -> None:
    """Not 4" away, not for a Heroic Combat, not when the player declines; with no Might of
    his own Gothmog may still declare a Heroic Move (not a Heroic Combat) near the Enforcer."""
    far = battle()
    gothmog = add(far, "G", 1, 10, 10, GOTHMOG)
    enforcer = add(far, "E", 1, 14, 10, ENFORCER)
    assert _move(far, gothmog) and (gothmog.might, enforcer.will) == (0, 1)
    fight = battle()
    gothmog = add(fight, "G", 1, 10, 10, GOTHMOG)
    enforcer = add(fight, "E", 1, 12, 10, ENFORCER)
    fight.phase = Phase.FIGHT
    assert ha._declare(fight, players(), 1, Phase.FIGHT, (gothmog.uid, ha.HEROIC_COMBAT))
    assert (gothmog.might, enforcer.will) == (0, 1)
    declined = battle()
    gothmog = add(declined, "G", 1, 10, 10, GOTHMOG)
    enforcer = add(declined, "E", 1, 12, 10, ENFORCER)
    assert _move(declined, gothmog, (_Refuses(), _Refuses()))
    assert (gothmog.might, enforcer.will) == (0, 1)
    spent = battle()
    broke: Profile = replace(GOTHMOG, might=0)
    gothmog = add(spent, "G", 1, 10, 10, broke)
    enforcer = add(spent, "E", 1, 12, 10, ENFORCER)
    spent.phase = Phase.MOVE
    legal = ha.legal_declarations(spent, 1, Phase.MOVE)
    assert (gothmog.uid, ha.HEROIC_MOVE) in legal
    assert (gothmog.uid, ha.HEROIC_COMBAT) not in legal
    assert _move(spent, gothmog, (_Refuses(), _Refuses())) and enforcer.will == 0
