"""Evil army rules XII (issue 19): captains' retinues and advisers (Gothmog's Enforcer,
Gríma Wormtongue), from the BattleScribe rule text cited by its rule id; each test fails
when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from battlesim.engines.sbg.core.state import Phase
from battlesim.engines.sbg.core.units import Alignment, Profile
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


GRIMA = replace(WARRIOR, name="Gríma Wormtongue", might=0, will=3, fate=1, rules=("Wormtongue",))
KNIGHT = replace(
    WARRIOR, name="Test Captain", might=2, will=1, fate=1, keywords=frozenset({"man", "hero"})
)


def test_wormtongue_makes_a_heroic_action_cost_two_might_within_six_inches() -> None:
    """BSData 279d-106c-ab62-654b: an enemy Hero within 6" of Gríma must expend 2 Might
    points instead of 1 to use a Heroic Action: 2 spent at 5"; 1 at 7"; with 1 Might left
    at 5" the Heroic Move is not his to declare."""
    state = battle()
    captain = add(state, "C", 0, 10, 10, KNIGHT)
    add(state, "W", 1, 15, 10, GRIMA)
    assert _move(state, captain) and captain.might == 0
    far = battle()
    rider = add(far, "C", 0, 10, 10, KNIGHT)
    add(far, "W", 1, 17.5, 10, GRIMA)
    assert _move(far, rider) and rider.might == 1
    poor = battle()
    hero = add(poor, "C", 0, 10, 10, replace(KNIGHT, might=1))
    add(poor, "W", 1, 15, 10, GRIMA)
    poor.phase = Phase.MOVE
    assert (hero.uid, ha.HEROIC_MOVE) not in ha.legal_declarations(poor, 0, Phase.MOVE)
    assert not _move(poor, hero) and hero.might == 1


def _scourge_card() -> dict[str, str]:
    """The Scourge's Shooting Weapon card (Range, Strength) read from the BattleScribe data."""
    import xml.etree.ElementTree as ET
    from pathlib import Path

    from django.conf import settings

    cat = Path(settings.SBG_BSDATA_DIR) / "Goblin-town.cat"
    if not cat.exists():
        pytest.skip(f"BattleScribe data not found in {cat.parent} (set SBG_BSDATA_DIR)")
    for element in ET.parse(cat).iter():
        if element.tag.endswith("profile") and element.get("name", "").startswith("Scourge"):
            values = {c.get("name", ""): c.text or "" for c in element.iter() if c.get("name")}
            return {k: v.replace('"', "").strip() for k, v in values.items()}
    raise AssertionError("no Scourge profile in Goblin-town.cat")


@pytest.mark.bsdata
@pytest.mark.parametrize(("wound_die", "slain"), [(4, True), (3, False)])
def test_grinnahs_scourge_is_thrown_at_its_cards_range_and_strength(
    wound_die: int, slain: bool
) -> None:
    """BSData Scourge (dc66-35a2-a508-3a3f): a Shooting Weapon with the card's Range (2")
    and Strength (2) and the Whirl special strike (its infoLink), played as a whip: thrown
    in a charge, S2 against D2 wounds on a 4+."""
    from battlesim.engines.sbg.core.actions import Charge
    from battlesim.engines.sbg.core.arms import MISSILE_WEAPONS, SpecialStrike
    from battlesim.engines.sbg.rules.movement import apply_action
    from battlesim.engines.sbg.rules.special_strikes import eligible
    from tests.engines.sbg.builders import BASE_GAP, rolls

    card = _scourge_card()
    weapon = MISSILE_WEAPONS["scourge"]
    assert (weapon.range, weapon.strength) == (float(card["Range"]), int(card["Strength"]))
    grinnah = replace(WARRIOR, wargear=("scourge",))
    assert SpecialStrike.WHIRL in eligible(add(battle([]), "G", 0, 1, 1, grinnah), 3)
    state = battle([4, wound_die], alignments=(Alignment.EVIL, Alignment.GOOD))
    thrower = add(state, "A1", 0, 10, 10, grinnah)
    target = add(state, "B1", 1, 10, 13.5, replace(WARRIOR, defence=2))
    apply_action(state, thrower, Charge("A1", "B1", (10, 13.5 - BASE_GAP), throw=True))
    assert rolls(state)[1][0] == "to wound A1->B1 (S2 D2)"
    assert target.alive is not slain
