"""The special rules of checklist part 2 §9 (SR-*, seed 002:L2697-2899), one scripted-dice
test or more per SR id; each expected outcome is read off the French rule text and fails
when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlesim.engines.sbg.core.actions import ChooseMove, IllegalActionError, Move
from battlesim.engines.sbg.core.arms import NO_WEAPON_TYPE, fighting_weapon
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    On,
    Phase,
    Removal,
    Tick,
    notify,
    tick,
)
from battlesim.engines.sbg.core.table import ROCKY, WOODS, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import Profile, profile_from_data, profile_to_data
from battlesim.engines.sbg.phases.model_move import take_action
from battlesim.engines.sbg.rules import beast_fight, cavalry, special_strikes
from battlesim.engines.sbg.rules.cavalry import thrown_rider_die
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.crossing import _test_die, crossings
from battlesim.engines.sbg.rules.fighting import strike
from battlesim.engines.sbg.rules.might import MightRoll
from battlesim.engines.sbg.rules.movement import check_action
from battlesim.engines.sbg.rules.shooting import _wound_with_missile, can_shoot, shots_allowed
from battlesim.engines.sbg.rules.shooting_rules import BOULDERS, SMALL_STONES
from battlesim.engines.sbg.rules.stealth import hidden_by_stealth
from battlesim.engines.sbg.rules.terrain_rules import open_features
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, profile, rolls

ELF = profile(name="Test Elf", keywords=frozenset({"elf", "infantry", "warrior"}))
HERO = replace(
    WARRIOR, name="Test Hero", might=0, will=2, fate=0, keywords=WARRIOR.keywords | {"hero"}
)


def _with(*rules: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def _pair(
    dice: list[int], striker: Profile, target: Profile = WARRIOR
) -> tuple[BattleState, object, object]:
    state = battle(dice)
    a = add(state, "A1", 0, 10, 10, striker)
    b = add(state, "B1", 1, 10 + BASE_GAP, 10, target)
    return state, a, b


def _dice(state: BattleState) -> list[list[int]]:
    return [dice for _, dice in rolls(state)]


# --- To Wound in combat: SR-HATRED, SR-ANCENEMY, SR-POISON, SR-ASSASSIN -------------------


def test_sr_hatred_adds_one_to_wound_against_the_named_keyword() -> None:
    """SR-HATRED (002:L2785): "Haine (Elfes)" +1 To Wound in combat against Elves: S3 v D4
    needs 5, a 4 wounds the Elf."""
    state, a, b = _pair([4], _with("Hatred (Elf) (Active)"), ELF)
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert not b.alive  # type: ignore[attr-defined]


def test_sr_hatred_gives_nothing_against_other_keywords() -> None:
    state, a, b = _pair([4], _with("Hatred (Elf) (Active)"), WARRIOR)
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert b.alive  # type: ignore[attr-defined]


def test_sr_ancenemy_rerolls_to_wound_ones_against_the_keywords() -> None:
    """SR-ANCENEMY (002:L2717): re-roll To Wound 1s in combat against the bracketed
    keywords; "(Dwarf) (Elf)" names both."""
    state, a, b = _pair([1, 5], _with("Ancient Enemies (Dwarf) (Elf) (Active)"), ELF)
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert not b.alive  # type: ignore[attr-defined]
    assert _dice(state) == [[1], [5]]
    other, c, d = _pair([1, 5], _with("Ancient Enemies (Dwarf) (Elf) (Active)"), WARRIOR)
    strike(other, c, d, trapped=False)  # type: ignore[arg-type]
    assert _dice(other) == [[1]]


def test_sr_poison_rerolls_to_wound_ones_in_combat() -> None:
    """SR-POISON (002:L2721): a Poisoned Weapon must re-roll To Wound 1s."""
    state, a, b = _pair([1, 6], _with("Poisoned Weapon (Active)"))
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert _dice(state) == [[1], [6]] and not b.alive  # type: ignore[attr-defined]


def test_sr_poison_arrows_reroll_ones_when_shooting_only() -> None:
    """SR-POISON (002:L2721): poisoned ammunition re-rolls 1s when shooting; the data's
    "Bow with Poisoned Arrows" poisons its shots, not its blade."""
    archer = profile_from_data(
        {**profile_to_data(WARRIOR), "wargear": ["Sword", "Bow with Poisoned Arrows"]}
    )
    state, a, b = _pair([1, 6], archer, replace(WARRIOR, defence=2))  # S2 v D2: 4+
    _wound_with_missile(state, a, b)  # type: ignore[arg-type]
    assert _dice(state) == [[1], [6]] and not b.alive  # type: ignore[attr-defined]
    melee, c, d = _pair([1, 6], archer)
    strike(melee, c, d, trapped=False)  # type: ignore[arg-type]
    assert _dice(melee) == [[1]]


def test_sr_assassin_adds_one_to_wound_against_a_trapped_model() -> None:
    """SR-ASSASSIN (002:L2727): +1 To Wound striking a Trapped model: both dice of the
    trapped set (4 and 4) wound a two-Wound target on 5+."""
    state, a, b = _pair([4, 4], _with("Backstabbers (Active)"), replace(WARRIOR, wounds=2))
    strike(state, a, b, trapped=True)  # type: ignore[arg-type]
    assert not b.alive  # type: ignore[attr-defined]
    free, c, d = _pair([4], _with("Backstabbers (Active)"))
    strike(free, c, d, trapped=False)  # type: ignore[arg-type]
    assert d.alive  # type: ignore[attr-defined]


# --- Wounds per strike: SR-MIGHTYBLOW, SR-BANE; SR-BLADESDEAD ------------------------------


def test_sr_mightyblow_deals_two_wounds_per_strike() -> None:
    """SR-MIGHTYBLOW (002:L2759): each strike that wounds deals 2 Wounds instead of 1."""
    state, a, b = _pair([5], _with("Mighty Blow"), replace(WARRIOR, wounds=3))
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert b.wounds == 1  # type: ignore[attr-defined]


def test_sr_bane_deals_d3_wounds_to_the_keyword() -> None:
    """SR-BANE (002:L2773): D3 Wounds per strike against the keyword: a 5 or 6 is 3."""
    state, a, b = _pair([5, 6], _with("Bane Weapons (Elf)"), replace(ELF, wounds=3))
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert not b.alive  # type: ignore[attr-defined]
    other, c, d = _pair([5], _with("Bane Weapons (Elf)"), replace(WARRIOR, wounds=3))
    strike(other, c, d, trapped=False)  # type: ignore[arg-type]
    assert d.wounds == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize(("fate_die", "slain"), [(4, False), (2, True)])
def test_sr_bane_rolls_its_d3_only_for_a_wound_fate_did_not_save(
    fate_die: int, slain: bool
) -> None:
    """SR-BANE (002:L2773, « non sauvé par du Destin ») and Grinnah's example (L1786-1788):
    Fate is rolled first (the blow would slay the one-Wound Elf Hero); a 4 saves the wound
    and no D3 is rolled; a 2 fails, and only then is the D3 rolled (a 6: 3 Wounds)."""
    hero = replace(ELF, wounds=1, fate=1, keywords=ELF.keywords | {"hero"})
    state, a, b = _pair([5, fate_die, 6], _with("Bane Weapons (Elf)"), hero)
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    purposes = [p for p, _ in rolls(state)]
    assert purposes[1].startswith("fate save")
    assert any(p.startswith("bane D3") for p in purposes) is slain
    assert b.alive is not slain  # type: ignore[attr-defined]


def test_sr_bane_d3_survives_a_save_that_passes_the_rest_of_the_blow_on() -> None:
    """SR-BANE with SR-MIGHTYBLOW against Oblivious to Pain (BSData 5767-f867-77ce-110f): the
    blow of two Wounds rolls two saves (6: one ignored, 1: one passed on); the Wound no save
    stopped still deals its D3 (a 6: 3), so the three-Wound Elf is slain."""
    striker = _with("Mighty Blow", "Bane Weapons (Elf)")
    target = _with("Oblivious to Pain", base=ELF, wounds=3)
    state, a, b = _pair([5, 6, 1, 6], striker, target)
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert [p.split(" ")[0] for p, _ in rolls(state)] == ["strike", "oblivious", "bane"]
    assert not b.alive  # type: ignore[attr-defined]


def test_sr_bladesdead_wounds_against_courage_and_forbids_special_strikes() -> None:
    """SR-BLADESDEAD (002:L2819): Strength against the target's Courage: S3 v D8 would need
    6/4, v Courage 3 it needs 4; and no Special Strike."""
    wraith = _with("Blades of the Dead (Active)")
    state, a, b = _pair([4], wraith, replace(WARRIOR, defence=8, courage=3))
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert not b.alive  # type: ignore[attr-defined]
    assert special_strikes.eligible(a, enemy_fight=1) == []  # type: ignore[arg-type]


# --- the Duel: SR-BURLY ---------------------------------------------------------------


def test_sr_burly_spares_the_two_handed_duel_penalty() -> None:
    """SR-BURLY (002:L2751): no -1 to the Duel roll with a two-handed weapon."""
    state = battle()
    brute = add(state, "A1", 0, 10, 10, _with("Burly", wargear=("two-handed axe",)))
    plain = add(state, "A2", 0, 20, 10, _with(wargear=("two-handed axe",)))
    assert modifier(Hook.DUEL_DIE, HookContext(state, brute)) == 0
    assert modifier(Hook.DUEL_DIE, HookContext(state, plain)) == -1


# --- Courage: SR-SWORNPROT, SR-BODYGUARD ------------------------------------------------


def test_sr_swornprot_passes_courage_while_the_named_model_lives() -> None:
    """SR-SWORNPROT (002:L2851): while "Brand" lives, every Courage test passes unrolled;
    once he is gone the guard rolls (1 + 1 + 3 fails)."""
    state = battle([1, 1])
    guard = add(state, "A1", 0, 10, 10, _with("Sworn Protector (Brand) (Active)"))
    brand = add(state, "A2", 0, 20, 10, replace(HERO, name="King Brand"))
    assert courage_test(state, guard, "terror") and rolls(state) == []
    state.remove(brand, Removal.SLAIN)
    guard.courage_passed.clear()
    assert not courage_test(state, guard, "terror")


def test_sr_bodyguard_passes_courage_while_the_leader_lives() -> None:
    """SR-BODYGUARD (002:L2781): it guards its army's highest Hero, the leader."""
    state = battle([1, 1])
    guard = add(state, "A1", 0, 10, 10, _with("Bodyguard (Active)"))
    add(state, "A2", 0, 20, 10, HERO)
    state.forces = (replace(state.forces[0], leader="A2"), state.forces[1])
    assert courage_test(state, guard, "terror") and rolls(state) == []
    state.forces = (replace(state.forces[0], leader=None), state.forces[1])
    assert not courage_test(state, guard, "terror")


# --- SR-WILLEVIL (reading 27) -----------------------------------------------------------


def _fight_phase_ends(state: BattleState, *fought: object) -> None:
    state.begin_phase(Phase.FIGHT)
    notify(state, On.DUEL_ROLLED, Happening(fought[0], models=tuple(fought)))  # type: ignore[arg-type]
    tick(state, Tick.PHASE_END)


def test_sr_willevil_loses_nothing_fighting_the_ring_bearer() -> None:
    """SR-WILLEVIL (002:L2815): no Will lost for a fight with the Ring-bearer."""
    state = battle()
    wraith = add(state, "B1", 1, 10, 10, _with("Will of Evil", base=HERO))
    frodo = add(state, "A1", 0, 10 + BASE_GAP, 10, replace(WARRIOR, wargear=("the one ring",)))
    _fight_phase_ends(state, wraith, frodo)
    assert wraith.will == 2


# --- terrain: SR-WOODLAND, SR-LIGHTFOOT, SR-MOUNTAIN, SR-CAVE, SR-EXPRIDER -----------------


def _wood() -> Table:
    points = ((0, 12), (48, 12), (48, 20), (0, 20))
    return Table("t", (TerrainPiece("wood", TerrainKind.DIFFICULT, points),))


class _Walker:
    """A player whose every model walks straight to ``goal`` (any other decision: none)."""

    def __init__(self, goal: tuple[float, float]) -> None:
        self.goal = goal

    def decide(self, state: BattleState, decision: object) -> object:
        if isinstance(decision, ChooseMove):
            return Move(decision.model.uid, self.goal)
        return None


def _walk(rules: tuple[str, ...], goal: tuple[float, float], **changes: object) -> BattleState:
    state = battle([], table=_wood())
    model = add(state, "A1", 0, 10, 10, _with(*rules, **changes))
    walker = _Walker(goal)
    take_action(state, (walker, walker), model)  # type: ignore[arg-type]
    return state


@pytest.mark.parametrize(
    ("rules", "reached"), [(("Woodland Creature (Active)",), True), ((), False)]
)
def test_sr_woodland_moves_through_woods_as_open_ground(
    rules: tuple[str, ...], reached: bool
) -> None:
    """SR-WOODLAND (002:L2755): from y=10, 2" of open ground then 4" of wood: a Woodland
    Creature's 6" Move reaches y=16; anyone else pays 8" and is refused (it holds)."""
    state = _walk(rules, (10, 16))
    assert state.models["A1"].y == pytest.approx(16.0 if reached else 10.0)


def test_sr_mountain_crosses_rocky_ground_but_not_woods() -> None:
    """SR-MOUNTAIN (002:L2833): rocky difficult terrain costs no extra; woods still do."""
    assert _walk(("Mountain Dweller",), (10, 16)).models["A1"].y == pytest.approx(10.0)
    state = battle([])
    dweller = add(state, "A1", 0, 10, 10, _with("Mountain Dweller"))
    assert open_features(state, dweller) == frozenset({ROCKY})


def test_sr_lightfoot_makes_the_mount_a_woodland_creature() -> None:
    """SR-WOODLAND is for Infantry; SR-LIGHTFOOT (002:L2847) extends it to the mount."""
    state = battle([])
    rider = add(state, "A1", 0, 10, 10, mounted("Woodland Creature"))
    light = add(state, "A2", 0, 20, 10, mounted("Woodland Creature", "Light-footed"))
    assert open_features(state, rider) == frozenset()
    assert open_features(state, light) == frozenset({WOODS})


def mounted(*rules: str) -> Profile:
    data = {**profile_to_data(_with(*rules)), "options": ["horse"], "name": "Rider"}
    return profile_from_data(data)


def test_sr_cave_adds_one_to_crossing_tests() -> None:
    """SR-CAVE (002:L2737): +1 to Leap, Jump and Climb tests: a 1 becomes a 2."""
    state = battle([1])
    model = add(state, "A1", 0, 10, 10, _with("Cave Dweller"))
    assert _test_die(state, model, "leap", MightRoll.LEAP) == 2
    plain = battle([1])
    assert _test_die(plain, add(plain, "A1", 0, 10, 10), "leap", MightRoll.LEAP) == 1


def test_sr_mountain_rerolls_a_failed_crossing_test() -> None:
    """SR-MOUNTAIN (002:L2833): may re-roll Jump, Leap and Climb tests: a 1 is rolled again."""
    state = battle([1, 5])
    model = add(state, "A1", 0, 10, 10, _with("Mountain Dweller"))
    assert _test_die(state, model, "jump", MightRoll.JUMP) == 5
    assert _dice(state) == [[1], [5]]


def test_sr_exprider_rerolls_leap_and_thrown_rider_tests_while_mounted() -> None:
    """SR-EXPRIDER (002:L2731): mounted, it may re-roll Leap and Thrown Rider tests."""
    state = battle([1, 4, 1, 3, 1])
    rider = add(state, "A1", 0, 10, 10, mounted("Expert Rider"))
    assert _test_die(state, rider, "leap", MightRoll.LEAP) == 4
    assert thrown_rider_die(state, rider) == 3
    walker = add(state, "A2", 0, 20, 10, _with("Expert Rider"))
    assert _test_die(state, walker, "leap", MightRoll.LEAP) == 1


def test_sr_exprider_keeps_a_shield_with_a_bow_while_mounted() -> None:
    """SR-EXPRIDER (002:L2733): +1 Defence from a bought shield though it carries a bow."""
    data = {**profile_to_data(_with("Expert Rider")), "wargear": ["sword", "bow"]}
    rider = profile_from_data({**data, "options": ["horse", "shield"]})
    foot = profile_from_data({**data, "options": ["shield"]})
    state = battle([])
    a = add(state, "A1", 0, 10, 10, rider)
    b = add(state, "A2", 0, 20, 10, foot)
    assert modifier(Hook.DEFENCE, HookContext(state, a)) == 1
    assert modifier(Hook.DEFENCE, HookContext(state, b)) == 0


# --- shooting: SR-EXPSHOT, SR-THROWSTONES ----------------------------------------------


def test_sr_expshot_shoots_twice() -> None:
    """SR-EXPSHOT (002:L2877): two shots in the Shoot phase."""
    state = battle([])
    archer = add(state, "A1", 0, 10, 10, _with("Expert Shot", wargear=("bow",)))
    plain = add(state, "A2", 0, 20, 10, _with(wargear=("bow",)))
    assert (shots_allowed(state, archer), shots_allowed(state, plain)) == (2, 1)


def test_sr_throwstones_shoots_only_without_moving() -> None:
    """SR-THROWSTONES (002:L2807): a model that did not move at all may shoot (a Hobbit's
    8" Strength 1 stone, a Troll's 12" Strength 8 boulder)."""
    state = battle([])
    hobbit = add(state, "A1", 0, 10, 10, _with("Throw Stones (Active)"))
    troll = add(state, "A2", 0, 20, 10, _with("Throw Stones", strength=7))
    assert (hobbit.missile, troll.missile) == (SMALL_STONES, BOULDERS)
    assert can_shoot(state, hobbit)
    hobbit.moved = True
    assert not can_shoot(state, hobbit)
    assert add(state, "A3", 0, 30, 10).missile is None


# --- wargear: natural weapons ---------------------------------------------------------


def test_natural_weapons_are_armed_without_a_weapon_type() -> None:
    """WPN-SS-01 (002:L1973): claws are a weapon with no type (no Special Strike, not the
    sword a card naming no weapon fights with, WPN-SWAP-04)."""
    spider = profile_from_data({**profile_to_data(WARRIOR), "wargear": ["Venomous Fangs"]})
    assert fighting_weapon(spider) is NO_WEAPON_TYPE


# --- named wargear (names.yaml parts), SR-HORSELORD -------------------------------------


def _gear(*items: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return profile_from_data(
        {**profile_to_data(_with(base=base, **changes)), "wargear": list(items)}
    )


def test_glamdring_is_an_elven_hand_and_a_half_sword_with_one_more_strength() -> None:
    """BSData Glamdring: an Elven-made hand-and-a-half sword, +1 Strength for its Strikes:
    S4 v D4 wounds on 4."""
    state, a, b = _pair([4], _gear("Glamdring"))
    assert {"hand-and-a-half sword", "elven-made", "glamdring"} <= a.triggers  # type: ignore[attr-defined]
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]
    assert not b.alive  # type: ignore[attr-defined]


def test_white_sword_of_gondor_strikes_with_mighty_blow() -> None:
    """BSData: a two-handed sword whose Strikes have Mighty Blow (2 Wounds each)."""
    state, a, b = _pair([4], _gear("White Sword of Gondor"), replace(WARRIOR, wounds=3))
    strike(state, a, b, trapped=False)  # type: ignore[arg-type]  # 4 + 1 (two-handed) = 5
    assert b.wounds == 1  # type: ignore[attr-defined]


def test_mattock_is_two_handed_with_bash_or_piercing_strike() -> None:
    """BSData Mattock: a two-handed weapon that may Bash or use a Piercing Strike."""
    weapon = fighting_weapon(_gear("Mattock"))
    assert weapon is not None and weapon.name == "mattock"
    assert set(weapon.strikes) == {
        special_strikes.SpecialStrike.BASH,
        special_strikes.SpecialStrike.PIERCE,
    }


def test_sr_horselord_spends_fate_to_save_its_mount() -> None:
    """SR-HORSELORD (002:L2869): its own Fate (a 4+) prevents the Wound on its mount."""
    data = {
        **profile_to_data(_with("Horse Lord", base=replace(HERO, fate=1))),
        "options": ["horse"],
    }
    state = battle([4])
    lord = add(state, "A1", 0, 10, 10, profile_from_data(data))
    state.wound(lord, "test", at_mount=True)
    assert lord.mount is not None and not lord.mount.slain and lord.fate == 0
    plain = {**data, "rules": []}
    other = battle([6])  # the thrown rider lands on its feet
    rider = add(other, "A1", 0, 10, 10, profile_from_data(plain))
    other.wound(rider, "test", at_mount=True)
    assert rider.mount is None and rider.unhorsed  # the mount is slain, the rider thrown


# --- SR-MONCHARGE (reading 28) -----------------------------------------------------------


def _monster_charge(target: Profile) -> tuple[BattleState, object, object]:
    spider = _with("Monstrous Charge", strength=5, keywords=frozenset({"monster", "spider"}))
    state = battle([])
    a = add(state, "A1", 0, 10, 10, spider)
    b = add(state, "B1", 1, 10 + BASE_GAP, 10, target)
    a.charged = True
    cavalry.start_fight(state, [a, b])
    return state, a, b


def test_sr_moncharge_gives_the_extra_attack_and_knocks_down_strong_infantry() -> None:
    """SR-MONCHARGE (002:L2741-2743, reading 28): after charging it has the cavalry's Extra
    Attack and knocks down Infantry, even of Strength 6."""
    state, a, b = _monster_charge(replace(WARRIOR, strength=6))
    assert modifier(Hook.ATTACKS, HookContext(state, a)) == 1  # type: ignore[arg-type]
    trapped: set[str] = set()
    cavalry.knock_to_ground(state, [a], [b], trapped)  # type: ignore[list-item]
    assert b.prone and trapped == {"B1"}  # type: ignore[attr-defined]


def test_sr_moncharge_knocks_down_monsters_only_of_lower_strength() -> None:
    """SR-MONCHARGE (002:L2743): Cavalry and Monsters fall only if weaker than the charger."""
    troll = replace(WARRIOR, strength=5, keywords=frozenset({"monster", "troll"}))
    state, a, b = _monster_charge(troll)
    cavalry.knock_to_ground(state, [a], [b], set())  # type: ignore[list-item]
    assert not b.prone  # type: ignore[attr-defined]
    weaker, c, d = _monster_charge(replace(troll, strength=4))
    cavalry.knock_to_ground(weaker, [c], [d], set())  # type: ignore[list-item]
    assert d.prone  # type: ignore[attr-defined]


def test_without_moncharge_a_charging_monster_gets_no_bonus() -> None:
    state = battle([])
    brute = add(state, "A1", 0, 10, 10, _with(keywords=frozenset({"monster"})))
    brute.charged = True
    cavalry.start_fight(state, [brute])
    assert modifier(Hook.ATTACKS, HookContext(state, brute)) == 0


# --- SR-FLY ------------------------------------------------------------------------------


def _over_a_wall_and_a_wood() -> Table:
    wall = TerrainPiece(
        "wall", TerrainKind.OBSTACLE, ((0, 14.5), (48, 14.5)), height=1.0, thickness=1.0
    )
    wood = TerrainPiece("wood", TerrainKind.DIFFICULT, ((0, 24), (48, 24), (48, 30), (0, 30)))
    return Table("t", (wall, wood))


def test_sr_fly_moves_12_inches_over_terrain_models_and_zones() -> None:
    """SR-FLY-01/02/04 (002:L2891-2897): 12" over an impassable wall, over a friend and
    through an enemy's control zone, landing clear of it; never landing in a wood."""
    state = battle([], table=_over_a_wall_and_a_wood())
    bat = add(state, "A1", 0, 10, 10, _with("Fly (Active)"))
    add(state, "A2", 0, 10, 12)  # a friend in the way
    add(state, "B1", 1, 11.5, 17)  # an enemy whose zone the line crosses
    assert check_action(state, bat, Move("A1", (10, 21.5))) == pytest.approx(11.5)
    with pytest.raises(IllegalActionError):
        check_action(state, bat, Move("A1", (10, 22.5)))  # 12.5": too far
    walker = add(state, "A3", 0, 30, 10, _with())
    assert crossings(state, bat, (10, 21.5)) == []  # no Leap test for the flyer
    assert [c.piece.name for c in crossings(state, walker, (30, 16))] == ["wall"]
    landing = battle([], table=_over_a_wall_and_a_wood())
    flier = add(landing, "A1", 0, 10, 16, _with("Fly (Active)"))
    with pytest.raises(IllegalActionError, match="SR-FLY-01"):
        check_action(landing, flier, Move("A1", (10, 26)))


# --- SR-SEEUNSEEN ------------------------------------------------------------------------


def test_sr_seeunseen_sees_stealthy_models_and_charges_without_sight() -> None:
    """SR-SEEUNSEEN (002:L2885-2887): no line of sight needed to charge; Stealth models are
    targeted without penalty (a cloaked model behind a hedge, 8" away)."""
    hedge = TerrainPiece("hedge", TerrainKind.OBSTACLE, ((5, 20), (15, 20)), 0.6, 0.3)
    state = battle([], table=Table("hedged", (hedge,)))
    cloaked = add(state, "A1", 0, 10, 20.8, _gear("sword", "elven cloak"))
    seer = add(state, "B1", 1, 10, 12, _with("See the Unseen"))
    blind = add(state, "B2", 1, 12, 12, _with())
    assert not hidden_by_stealth(state, seer, cloaked)
    assert hidden_by_stealth(state, blind, cloaked)
    assert permitted(May.CHARGE_UNSEEN, HookContext(state, seer))
    assert not permitted(May.CHARGE_UNSEEN, HookContext(state, blind))


# --- Preternatural Agility (BSData) ---------------------------------------------------------


@pytest.mark.parametrize(("rules", "trapped"), [((), True), (("Preternatural Agility",), False)])
def test_preternatural_agility_is_never_trapped_standing(
    rules: tuple[str, ...], trapped: bool
) -> None:
    """BSData "Preternatural Agility": never Trapped whilst standing. Surrounded on four
    sides, a loser that cannot back away is trapped (FIGHT-TRAP-01) unless it has the rule."""
    state = battle([])
    loser = add(state, "A1", 0, 10, 10, _with(*rules))
    around = [(BASE_GAP, 0), (-BASE_GAP, 0), (0, BASE_GAP), (0, -BASE_GAP)]
    winners = [add(state, f"B{i}", 1, 10 + dx, 10 + dy) for i, (dx, dy) in enumerate(around)]
    found = beast_fight.losers_back_away(state, winners, [loser], {})
    assert (loser.uid in found) is trapped


@pytest.mark.parametrize(
    ("item", "weapon", "spear"),
    [
        ("Pick-Hammer", "pick-hammer", False),
        ("Sword-Mace", "sword-mace", False),
        ("Boar Spear", "two-handed axe", True),
        ("Long-bladed Spear", "two-handed sword", True),
        ("Easterling Battle Stave", "two-handed axe", True),
    ],
)
def test_bsdata_weapons_fight_as_their_rules_text_says(item: str, weapon: str, spear: bool) -> None:
    """BSData weapons' "Rules": a pick-hammer is hand-and-a-half with Bash or Piercing
    Strike, a sword-mace has Feint or Bash; "a spear or a two-handed axe" is both weapons
    (it fights with the axe and may support with the spear, WPN-GEN-02)."""
    card = _gear(item, keywords=frozenset({"man", "infantry"}))
    fought = fighting_weapon(card)
    assert fought is not None and fought.name == weapon
    assert ("spear" in card.gear) is spear


def test_two_elven_made_swords_give_one_more_attack_on_foot() -> None:
    """BSData "Two Elven-made Swords": on foot, both swords for +1 Attack."""
    state = battle([])
    twin = add(state, "A1", 0, 10, 10, _gear("Two Elven-made Swords"))
    plain = add(state, "A2", 0, 20, 10, _gear("Sword"))
    assert modifier(Hook.ATTACKS, HookContext(state, twin)) == 1
    assert modifier(Hook.ATTACKS, HookContext(state, plain)) == 0


def test_sr_moncharge_c_a_monstrous_mount_shields_its_rider_from_shots() -> None:
    """SR-MONCHARGE (c) (002:L2747, reading 28): « les tireurs devront obtenir un 5-6 pour
    atteindre le cavalier, les résultats de 1-2-3-4 touchant la monture monstrueuse »: a 4
    hits a plain rider (CAV-SHOOT-02, L1348) but the Fell Beast; a 5 hits its rider."""
    from tests.engines.sbg.test_cavalry import mounted

    state = battle([4, 4, 5])
    rider = add(state, "A1", 0, 10, 10, mounted())
    wraith = add(state, "A2", 0, 20, 10, mounted(rules=("Monstrous Charge",)))
    assert cavalry.shot_part(state, rider) == cavalry.RIDER
    assert cavalry.shot_part(state, wraith) == cavalry.MOUNT
    assert cavalry.shot_part(state, wraith) == cavalry.RIDER
