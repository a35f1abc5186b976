"""SR-FLY-02/03/04/06, SR-SHIELDWALL, SR-GEN-01/02 (checklist part 2 §9, seed 002:L2699-2705,
L2839-2841, L2889-2899; XREF L1663, L2188): scripted tests whose expected outcomes are read
off the French text; each fails when its rule is removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.actions import IllegalActionError, Move
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import BattleState, ModelState, Tick, tick
from battlesim.engines.sbg.core.units import PowerSpec, Profile
from battlesim.engines.sbg.rules.allowance import allowance
from battlesim.engines.sbg.rules.heroic_actions import heroic_turn, march_bonus
from battlesim.engines.sbg.rules.magic.powers_area import magic_p_fear
from battlesim.engines.sbg.rules.magic.powers_hold import HELD
from battlesim.engines.sbg.rules.magic.spells import Spell, unit_of
from battlesim.engines.sbg.rules.movement import check_action
from battlesim.engines.sbg.rules.terror import frightens
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle

FLYER = replace(WARRIOR, name="Test Bat", move=6.0, rules=("Fly (Active)",))
FAST_WALKER = replace(WARRIOR, name="Test Runner", move=12.0)


# --- SR-FLY ---------------------------------------------------------------------------------


def test_sr_fly_02_a_flyer_moves_12_inches_whatever_its_move() -> None:
    """SR-FLY-02 (002:L2893): "Quand elle vole, une figurine peut bouger de 12"": a Move 6
    flyer has 12" to spend, a Move 6 walker 6"."""
    state = battle([])
    bat = add(state, "A1", 0, 10, 10, FLYER)
    walker = add(state, "A2", 0, 30, 10)
    assert allowance(state, bat) == 12
    assert allowance(state, walker) == 6
    check_action(state, bat, Move("A1", (10, 21.9)))  # 11.9": legal
    with pytest.raises(IllegalActionError):
        check_action(state, walker, Move("A2", (30, 21.9)))


def _zone_in_the_way(profile: Profile) -> tuple[BattleState, ModelState]:
    state = battle([])
    mover = add(state, "A1", 0, 10, 10, profile)
    add(state, "B1", 1, 11.5, 16)  # beside the straight line, its zone across it
    return state, mover


@pytest.mark.parametrize(("profile", "end_y"), [(FLYER, 32.0), (WARRIOR, 21.0)])
def test_sr_fly_03_a_flyer_forced_to_flee_flies_12_inches(profile: Profile, end_y: float) -> None:
    """SR-FLY-03 (002:L2895): forced to move by an enemy power, a flyer "le fera en volant et
    avec une valeur de Mouvement de 12"": failing Instill Fear (MAGIC-P-FEAR, its full Move
    away from the caster) a Move 6 flyer flies 12" over a friend in the way; a walker stops
    short of that friend."""
    state = battle([1, 1])  # the Courage test: 2 + 3 < 10
    caster = add(state, "B1", 1, 10, 16, replace(WARRIOR, will=3))
    fleeing = add(state, "A1", 0, 10, 20, profile)
    add(state, "A2", 0, 10, 22)  # in the way
    spec = PowerSpec("Instill Fear", 3, 6.0)
    unit = unit_of(spec)
    assert unit is not None
    magic_p_fear(state, Spell(unit, spec, caster, fleeing, (fleeing,), False))
    assert fleeing.y == pytest.approx(end_y, abs=0.11)


def test_sr_fly_04_flies_over_an_enemy_zone_and_ends_outside_it() -> None:
    """SR-FLY-04 (002:L2897): it passes "au-dessus" of enemy Control Zones without charging,
    "tant qu'elle finit son mouvement en dehors": over the enemy to 6" beyond is legal for
    the flyer; the same line (past the enemy, not over it) is refused to a Move 12 walker;
    landing inside the zone is
    refused to the flyer (it would have to charge)."""
    state, bat = _zone_in_the_way(FLYER)
    check_action(state, bat, Move("A1", (10, 22)))
    walking, runner = _zone_in_the_way(FAST_WALKER)
    with pytest.raises(IllegalActionError):
        check_action(walking, runner, Move("A1", (10, 22)))
    with pytest.raises(IllegalActionError):
        check_action(state, bat, Move("A1", (10, 16)))  # 0.5" from its base: in the zone


def test_sr_fly_06_heroic_march_gives_a_flyer_5_inches() -> None:
    """SR-FLY-06 (XREF 002:L1663): Heroic March adds 5" to a model with Fly (3" to
    Infantry): a Move 6 flying Hero marches 12 + 5 = 17"."""
    state = battle([])
    hero = add(state, "A1", 0, 10, 10, replace(FLYER, keywords=FLYER.keywords | {"hero"}))
    foot = add(state, "A2", 0, 30, 10, replace(WARRIOR, keywords=WARRIOR.keywords | {"hero"}))
    assert (march_bonus(hero), march_bonus(foot)) == (5, 3)
    heroic_turn(hero).march = march_bonus(hero)
    heroic_turn(foot).march = march_bonus(foot)
    assert allowance(state, hero) == 17
    assert allowance(state, foot) == 9


def test_sr_fly_06_the_war_drum_gives_a_flyer_5_inches() -> None:
    """SR-FLY-06 (XREF 002:L2188): a sounded War Drum gives +5" to models with Fly (3" to
    Infantry) within 12": 12 + 5 = 17" for the flyer, 6 + 3 = 9" on foot."""
    state = battle([])
    drummer = add(state, "A1", 0, 10, 10, replace(WARRIOR, wargear=("sword", "war drum")))
    bat = add(state, "A2", 0, 14, 10, FLYER)
    foot = add(state, "A3", 0, 18, 10)
    state.drum_sounded[0] = drummer.uid
    assert allowance(state, bat) == 17
    assert allowance(state, foot) == 9


# --- SR-SHIELDWALL, SR-GEN-01/02 -------------------------------------------------------------

WALL = replace(WARRIOR, wargear=("sword", "shield"), rules=("Shieldwall (Active)",))


def _wall(*friends: Profile) -> tuple[BattleState, ModelState, list[ModelState]]:
    state = battle([])
    middle = add(state, "A1", 0, 10, 10, WALL)
    spots = [(10 - BASE_GAP, 10), (10 + BASE_GAP, 10)]
    around = [
        add(state, f"A{i + 2}", 0, x, y, p)
        for i, ((x, y), p) in enumerate(zip(spots, friends, strict=True))
    ]
    return state, middle, around


def _defence_bonus(state: BattleState, model: ModelState) -> int:
    return modifier(Hook.DEFENCE, HookContext(state, model))


def test_sr_shieldwall_plus_one_defence_between_two_shieldwall_friends() -> None:
    """SR-SHIELDWALL (002:L2841): with a shield, in base contact with two or more non-Prone
    models that have Shieldwall and shields: +1 Defence, over what the same model gets
    beside one Shieldwall friend and one with a shield only."""
    state, middle, _ = _wall(WALL, WALL)
    lone, alone, _ = _wall(WALL, replace(WARRIOR, wargear=("sword", "shield")))
    assert _defence_bonus(state, middle) == _defence_bonus(lone, alone) + 1


def test_sr_shieldwall_not_with_a_prone_neighbour() -> None:
    """SR-SHIELDWALL (002:L2841): the friends must not be Prone ("n'étant pas à terre")."""
    state, middle, around = _wall(WALL, WALL)
    standing = _defence_bonus(state, middle)
    around[0].prone = True
    assert _defence_bonus(state, middle) == standing - 1


def test_sr_shieldwall_is_for_infantry_only() -> None:
    """SR-SHIELDWALL (002:L2841): "Ce bonus est réservé à l'Infanterie"."""
    rider = replace(WALL, keywords=frozenset({"man", "cavalry", "warrior"}))
    state, middle, _ = _wall(WALL, WALL)
    mounted = battle([])
    horse = add(mounted, "A1", 0, 10, 10, rider)
    add(mounted, "A2", 0, 10 - BASE_GAP, 10, WALL)
    add(mounted, "A3", 0, 10 + BASE_GAP, 10, WALL)
    plain = battle([])
    alone = add(plain, "A1", 0, 10, 10, rider)
    assert _defence_bonus(mounted, horse) == _defence_bonus(plain, alone)
    assert _defence_bonus(state, middle) > 0


def _held(state: BattleState, model: ModelState, source: str) -> None:
    effects.add(
        state,
        effects.Effect(source, model.uid, None, 0, effects.Until.END_OF_TURN, source, bars=HELD),
    )


def test_sr_gen_02_an_active_rule_has_no_effect_on_a_transfixed_model() -> None:
    """SR-GEN-02 (002:L2705): under Paralyse "ou toute autre capacité empêchant d'agir" an
    Active rule "n'a alors plus d'effet": a Transfixed model (MAGIC-P-TRANSFIX) in a
    shieldwall loses its +1 Defence (Mur de Boucliers is ACTIF, L2839)."""
    state, middle, _ = _wall(WALL, WALL)
    walled = _defence_bonus(state, middle)
    _held(state, middle, "MAGIC-P-TRANSFIX")
    assert _defence_bonus(state, middle) == walled - 1


def test_sr_gen_01_a_passive_rule_works_on_a_paralysed_model() -> None:
    """SR-GEN-01 (002:L2703): a Passive rule "fonctionne toujours, et ce même si la figurine
    ... est sous l'influence d'une capacité entravante, comme ... Paralyse"; Terror is the
    text's example: a Paralysed (held, Prone) Troll still frightens."""
    state = battle([])
    troll = add(state, "B1", 1, 10, 10, replace(WARRIOR, rules=("Terror (Passive)",)))
    man = add(state, "A1", 0, 10, 14)
    troll.prone = True
    _held(state, troll, "MAGIC-P-PARALYSE")
    assert frightens(troll, man, state)


def test_sr_gen_02_every_active_rule_is_off_while_held_and_back_after() -> None:
    """SR-GEN-02 (002:L2705) as a general switch: a Transfixed model with Hatred (Orc) (Haine,
    ACTIF, L2785) has no +1 To Wound while held; Terror (PASSIF) stays; at the end of the
    turn, when the Transfix ends, Hatred is back."""
    state = battle([])
    elf = add(state, "A1", 0, 10, 10, replace(WARRIOR, rules=("Hatred (Orc)", "Terror")))
    orc = add(state, "B1", 1, 10 + BASE_GAP, 10, replace(WARRIOR, keywords=frozenset({"orc"})))

    def to_wound() -> int:
        return modifier(Hook.WOUND_ROLL, HookContext(state, elf, other=orc))

    assert to_wound() == 1
    _held(state, elf, "MAGIC-P-TRANSFIX")
    assert to_wound() == 0 and "terror" in elf.triggers and "hatred" not in elf.triggers
    tick(state, Tick.TURN_END)
    assert to_wound() == 1 and "hatred" in elf.triggers
