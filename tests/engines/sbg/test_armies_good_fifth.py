"""Good army rules: the Spectral Steed, Drain Soul, the Foe Spear, Combat Synergy and "For the
Shire!" (issue 18). Each test cites the BattleScribe rule id and fails without the rule."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import Phase, Tick, tick
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.rules.fighting import strike
from battlesim.engines.sbg.rules.heroic_actions import legal_declarations
from battlesim.engines.sbg.rules.might import budget, pay_might
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

HERO = replace(WARRIOR, name="Test Hero", might=0, will=0, fate=0)
HERO = replace(HERO, keywords=WARRIOR.keywords | {"hero"})


def card(*rules: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def test_the_spectral_steed_is_the_riders_horse() -> None:
    """The data gives the Spectral Steed no rule; the Rider of the Dead is Cavalry (READINGS)."""
    data = {**profile_to_data(WARRIOR), "wargear": ["Spectral Steed", "Sword"]}
    assert profile_from_data(data).mount is not None


def test_drain_soul_slays_whatever_the_wounds() -> None:
    """8a60-a507-e2b3-fbe1: a 3-Wound model wounded once by the King of the Dead is slain."""
    state = battle([5])
    king = add(state, "A1", 0, 10, 10, card("Drain Soul"))
    troll = add(state, "B1", 1, 10 + BASE_GAP, 10, replace(WARRIOR, wounds=3))
    strike(state, king, troll, trapped=False)
    assert not troll.alive
    other = battle([5])
    plain = add(other, "A1", 0, 10, 10)
    troll2 = add(other, "B1", 1, 10 + BASE_GAP, 10, replace(WARRIOR, wounds=3))
    strike(other, plain, troll2, trapped=False)
    assert troll2.wounds == 2


def test_the_foe_spear_supporting_an_iron_shield_wounds_monsters_better() -> None:
    """e341-cb55-dd9f-ee82."""
    state = battle()
    shield = add(state, "A1", 0, 10, 10, card(wargear=("axe", "iron shield")))
    spear = add(state, "A2", 0, 10 - BASE_GAP, 10, card(wargear=("spear", "foe spear")))
    troll = add(state, "B1", 1, 10 + 1.5, 10, card(keywords=frozenset({"monster", "troll"})))
    orc = add(state, "B2", 1, 10, 10 + BASE_GAP, WARRIOR)
    spear.supported = True
    assert state.engaged(shield)
    assert modifier(Hook.WOUND_ROLL, HookContext(state, spear, troll)) == 1
    assert modifier(Hook.WOUND_ROLL, HookContext(state, spear, orc)) == 0


def test_combat_synergy_swaps_a_wounded_brother_out_of_the_fight() -> None:
    """375a-bd0c-41f7-a75b: at the start of a phase, in base contact."""
    state = battle()
    fili = add(state, "A1", 0, 10, 10, card("Combat Synergy", base=HERO, wounds=2))
    kili = add(state, "A2", 0, 10 - BASE_GAP, 10, card("Combat Synergy", base=HERO, wounds=2))
    add(state, "B1", 1, 10 + BASE_GAP, 10)
    fili.wounds = 1
    state.phase = Phase.FIGHT
    tick(state, Tick.PHASE_START)
    assert state.engaged(kili) and not state.engaged(fili)
    assert fili.x < kili.x


def test_for_the_shire_spends_boromirs_might() -> None:
    """e6c8-a632-0cec-11d3: within 3" of Boromir of Gondor."""
    state = battle()
    pippin = add(state, "A1", 0, 10, 10, card('"For the Shire!"', base=HERO))
    boromir = add(state, "A2", 0, 12, 10, card(base=HERO, name="Boromir of Gondor", might=3))
    assert budget(state, pippin) == 3
    pay_might(state, pippin, 1)
    assert boromir.might == 2
    state.phase = Phase.FIGHT
    assert (pippin.uid, "heroic combat") in legal_declarations(state, 0, Phase.FIGHT)
    boromir.x = 30
    assert budget(state, pippin) == 0
