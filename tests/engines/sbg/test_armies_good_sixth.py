"""Good army rules: the Horn of Gondor and It Has Not Yet Awoken (issue 18). Each test cites
the BattleScribe rule id and fails without the rule's unit."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.state import Removal
from battlesim.engines.sbg.rules import one_ring
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import duel
from battlesim.engines.sbg.rules.ring_moves import start_of_move_phase
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, players, rolls
from tests.engines.sbg.test_one_ring import FRODO

HERO = replace(WARRIOR, name="Test Hero", might=0, fate=0, keywords=WARRIOR.keywords | {"hero"})
BOROMIR = replace(WARRIOR, name="Boromir", rules=("Horn of Gondor",), fight=6)


def test_the_horn_of_gondor_wins_when_the_bravest_foe_fails_courage() -> None:
    """5a58-f9c4-ffdb-e12d: outnumbered two to one; 2+3+3 < 10: Boromir wins, no Duel dice."""
    state = battle([2, 3])
    boromir = add(state, "A1", 0, 10, 10, BOROMIR)
    orcs = [add(state, "B1", 1, 10 + BASE_GAP, 10), add(state, "B2", 1, 10 - BASE_GAP, 10)]
    assert duel(state, Combat(boromir, orcs)) == 0 and len(rolls(state)) == 1


def test_the_horn_is_not_blown_unless_outnumbered_two_to_one() -> None:
    state = battle([1, 6])
    boromir = add(state, "A1", 0, 10, 10, BOROMIR)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert duel(state, Combat(boromir, [orc])) == 1  # the Duel: 1 against 6
    assert [p for p, _ in rolls(state)] == ["duel A1", "duel B1"]


def test_it_has_not_yet_awoken_spares_bilbo_sauron_and_my_precious() -> None:
    """0dc4-cece-d27c-6bba."""
    bilbo_card = replace(FRODO, name="Bilbo Baggins", rules=("It Has Not Yet Awoken",))
    state = battle([])
    bilbo = add(state, "A1", 0, 10, 10, bilbo_card)
    one_ring.wear(state, bilbo, True)
    start_of_move_phase(state, players())  # no Will of Sauron roll (none scripted)
    friend = add(state, "A2", 0, 20, 10)
    state.remove(friend, Removal.SLAIN)
    assert bilbo.alive


# --- Shielding without a shield, Swift Parry, Noldorin Daggers, Boldest of the Bold -------------


def test_caras_galadhon_and_irolas_may_shield_without_a_shield() -> None:
    """fdbf-2edb-4017-a0d7, 5e24-ce10-6900-ec08 (ARM-SH-04: every model of the side)."""
    from battlesim.engines.sbg.rules.fight_stances import may_shield

    state = battle()
    guard = add(state, "A1", 0, 10, 10, replace(WARRIOR, rules=("Caras Galadhon Fighting Style",)))
    irolas = add(state, "A2", 0, 20, 10, replace(WARRIOR, rules=("Defend the White City!",)))
    plain = add(state, "A3", 0, 30, 10)
    assert may_shield([guard]) and may_shield([irolas]) and not may_shield([plain])


def test_irolas_strikes_at_strength_four_after_winning_while_shielding() -> None:
    """5e24-ce10-6900-ec08: S4 v D4 wounds on 4."""
    from battlesim.engines.sbg.core.state import Happening, On, notify

    state = battle([4])
    irolas = add(state, "A1", 0, 10, 10, replace(WARRIOR, rules=("Defend the White City!",)))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    irolas.shielding = True
    notify(state, On.DUEL_WON, Happening(irolas, models=(irolas,), winner=0))
    assert not orc.alive and "S4" in rolls(state)[0][0]


def test_swift_parry_makes_the_foe_reroll_its_best_duel_die() -> None:
    """7b51-e462-0398-ba7d: Rúmil 3 against a 5; the 5 re-rolled to a 1: Rúmil wins."""
    state = battle([3, 5, 1])
    rumil = add(state, "A1", 0, 10, 10, replace(WARRIOR, rules=("Swift Parry",)))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert duel(state, Combat(rumil, [orc])) == 0
    other = battle([3, 5, 1])
    plain, orc2 = add(other, "A1", 0, 10, 10), add(other, "B1", 1, 10 + BASE_GAP, 10)
    assert duel(other, Combat(plain, [orc2])) == 1


def test_noldorin_daggers_are_thrown_and_reroll_failed_wounds() -> None:
    """d95c-924b-e77a-d04e."""
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
    from battlesim.engines.sbg.rules.fighting import strike

    data = {**profile_to_data(WARRIOR), "wargear": ["Noldorin Daggers"]}
    erestor_card = profile_from_data(data)
    state = battle([2, 5])
    erestor = add(state, "A1", 0, 10, 10, erestor_card)
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10)
    assert erestor.missile is not None
    strike(state, erestor, orc, trapped=False)
    assert not orc.alive and len(rolls(state)) == 2


def test_boldest_of_the_bold_adds_two_courage_against_terror() -> None:
    """16f5-8b5c-807a-cfdf."""
    from battlesim.engines.sbg.rules.courage import courage_value

    state = battle()
    cirion = add(state, "A1", 0, 10, 10, replace(WARRIOR, rules=("Boldest of the Bold",)))
    assert courage_value(state, cirion, "terror") == WARRIOR.courage + 2
    assert courage_value(state, cirion, "broken") == WARRIOR.courage


# --- Lord of the Istari (0b73-4b79-bd56-3b80), Steadfast (f00f-db9b-c7fd-de65) -----------------


def test_lord_of_the_istari_rerolls_one_failing_casting_die() -> None:
    from battlesim.engines.sbg.rules.will import cast

    state = battle([1, 2, 5])
    saruman = add(state, "A1", 0, 10, 10, replace(HERO, rules=("Lord of the Istari",), will=3))
    assert cast(state, saruman, 2, 4) == 5  # the 1 re-rolled to a 5
    other = battle([1, 2, 5])
    plain = add(other, "A1", 0, 10, 10, replace(HERO, will=3))
    assert cast(other, plain, 2, 4) == 0


def test_steadfast_ignores_an_enemy_power_on_two() -> None:
    from battlesim.engines.sbg.core.units import PowerSpec
    from battlesim.engines.sbg.rules.armies.good.will import _steadfast
    from battlesim.engines.sbg.rules.magic.spells import Spell, unit_of

    state = battle([2])
    bofur = add(state, "A1", 0, 10, 10, replace(WARRIOR, rules=("Steadfast",)))
    shaman = add(state, "B1", 1, 10, 14, replace(WARRIOR, will=3))
    spec = PowerSpec("Transfix", 3, 12.0)
    unit = unit_of(spec)
    assert unit is not None
    spell = Spell(unit, spec, shaman, bofur, (bofur,), False)
    assert _steadfast(state, (), spell)
    plain = add(state, "A2", 0, 20, 10)
    other = Spell(unit, spec, shaman, plain, (plain,), False)
    assert not _steadfast(state, (), other)
