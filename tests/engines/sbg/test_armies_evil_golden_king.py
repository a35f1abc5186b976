"""Evil army rules XV (issue 19): the Golden King of Abrakhân, from the BattleScribe rule
text; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules.courage import courage_test
from tests.engines.sbg.builders import WARRIOR, add, battle

KING = replace(WARRIOR, might=3, will=3, fate=3, keywords=frozenset({"man", "haradrim", "hero"}))
HERO = replace(WARRIOR, might=0, will=0, fate=0, keywords=frozenset({"man", "hero"}))


def _with(base: Profile, *rules: str, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_riches_beyond_renown_buys_a_failed_courage_test() -> None:
    """BSData Riches Beyond Renown: an enemy Hero within 12" rolls 4 + 4 + Courage 3 = 11:
    the Golden King spends 2 Will (-2 Courage): 9, failed; 20" away it passes."""
    state = battle([4, 4, 4, 4])
    king = add(state, "K", 1, 10, 10, _with(KING, "Riches Beyond Renown"))
    hero = add(state, "H", 0, 16, 10, HERO)
    far = add(state, "F", 0, 34, 10, HERO)
    assert not courage_test(state, hero, "terror")
    assert king.will == 1
    assert courage_test(state, far, "terror")


def test_the_golden_throne_is_a_banner_without_the_duel_penalty() -> None:
    """BSData The Golden Throne: a banner, but no -1 to his Duel rolls for carrying it."""
    state = battle()
    data = {**profile_to_data(KING), "wargear": ["The Golden Throne"]}
    king = add(state, "K", 1, 10, 10, profile_from_data(data))
    bearer = add(state, "B", 1, 20, 10, profile_from_data({**data, "wargear": ["Banner"]}))
    assert "banner" in king.triggers
    assert modifier(Hook.DUEL_DIE, HookContext(state, king)) == 0
    assert modifier(Hook.DUEL_DIE, HookContext(state, bearer)) == -1
