"""Magical Powers that harm (checklist part 2 §8): Wither, Curse, Chill Soul, Banishment,
Your Staff is Broken, Collapse Rocks, Call Winds, Aura of Dismay, each with scripted dice
and its channelled form. Expected outcomes are derived from the French rule text (002) at
the lines cited."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Removal, Tick, tick
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.rules.characteristics import strength_value
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_CHANNELLING, declare_free
from battlesim.engines.sbg.rules.magic import casting
from battlesim.engines.sbg.rules.magic.casting import options
from battlesim.engines.sbg.rules.terror import frightens
from battlesim.engines.sbg.rules.will import will_to_spend
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile
from tests.engines.sbg.test_magic import HERO, Player, cast_at, caster_profile


def wizard_with(state: BattleState, power: str, reach: float, might: int = 0) -> ModelState:
    """A caster of ``power`` (casting value 3) at (10, 10) with 4 Will."""
    return add(state, "w", 0, 10, 10, caster_profile((power, 3, reach), will=4, might=might))


def channel(state: BattleState, caster: ModelState) -> None:
    """HERO-HCH-01 (002:L1685): Heroic Channelling declared, the next power is channelled."""
    declare_free(state, (Player(), Player()), Phase.MOVE, caster, HEROIC_CHANNELLING)


def targets(state: BattleState, caster: ModelState, power: str) -> set[str]:
    return {o.target for o in options(state, caster) if o.power.name == power}


def again(caster: ModelState) -> None:
    """A second casting in the same test (one power per Move phase, MAGIC-WHEN-01)."""
    caster.status.pop(casting.CAST_TURN)


# --- Wither --------------------------------------------------------------------------------


def test_magic_p_wither_strength_minus_one_for_the_game_minimum_one() -> None:
    """MAGIC-P-WITHER (002:L2381-2387): « La Force de la cible est réduite de 1 (jusqu'à un
    minimum de 1) pour le restant de la partie »: S4 -> 3, still 3 after the caster is slain
    and the turn ends; an S1 model stays at 1."""
    state = battle([3, 3])
    wizard = wizard_with(state, "Wither", 12.0)
    enemy = add(state, "e", 1, 10, 14, profile(strength=4))
    weak = add(state, "f", 1, 14, 14, profile(strength=1))
    assert cast_at(state, wizard, "wither", enemy, 1)
    again(wizard)
    assert cast_at(state, wizard, "wither", weak, 1)
    state.remove(wizard, Removal.SLAIN)
    tick(state, Tick.TURN_END)
    assert strength_value(state, enemy) == 3 and strength_value(state, weak) == 1


def test_magic_p_wither_channelled_minus_d3() -> None:
    """MAGIC-P-WITHER channelled (002:L2387): « réduite de 1D3 au lieu de 1 »: a D3 of 3 (a
    5) takes S5 to 2."""
    state = battle([3, 5])
    wizard = wizard_with(state, "Wither", 12.0, might=1)
    enemy = add(state, "e", 1, 10, 14, profile(strength=5))
    channel(state, wizard)
    assert cast_at(state, wizard, "wither", enemy, 1)
    assert strength_value(state, enemy) == 2


# --- Curse ---------------------------------------------------------------------------------


def test_magic_p_curse_loses_one_fate_channelled_all() -> None:
    """MAGIC-P-CURSE (002:L2591-2597): « La figurine ciblée perd 1 point de Destin » (3 ->
    2); channelled, « perd tous ses points de Destin restants » (3 -> 0)."""
    state = battle([3])
    wizard = wizard_with(state, "Curse", 12.0)
    hero = add(state, "e", 1, 10, 14, profile(keywords=HERO, fate=3))
    assert cast_at(state, wizard, "curse", hero, 1)
    assert hero.fate == 2
    state = battle([3])
    wizard = wizard_with(state, "Curse", 12.0, might=1)
    hero = add(state, "e", 1, 10, 14, profile(keywords=HERO, fate=3))
    channel(state, wizard)
    assert cast_at(state, wizard, "curse", hero, 1)
    assert hero.fate == 0


# --- Chill Soul ----------------------------------------------------------------------------


def test_magic_p_chill_loses_one_wound_even_engaged() -> None:
    """MAGIC-P-CHILL (002:L2623-2629): the target « perd 1 PV » with no roll (2 -> 1), and
    « Ce pouvoir peut être utilisé même si la cible est engagée au Combat »."""
    state = battle([3])
    wizard = wizard_with(state, "Chill Soul", 12.0)
    enemy = add(state, "e", 1, 10, 14, profile(wounds=2))
    add(state, "f", 0, 10 + BASE_GAP, 14)  # a friend of the caster fights the target
    assert state.contacts(enemy)
    assert cast_at(state, wizard, "chill soul", enemy, 1)
    assert enemy.wounds == 1 and enemy.alive


def test_magic_p_chill_as_if_wounded_in_combat_fate_saves() -> None:
    """MAGIC-P-CHILL (002:L2625: « comme si elle avait été blessée au combat »): a Hero's
    Fate may save the Wound as any wound (HERO-FATE, a 4+): 1 Wound kept, Fate 1 -> 0."""
    state = battle([3, 4])
    wizard = wizard_with(state, "Chill Soul", 12.0)
    hero = add(state, "e", 1, 10, 14, profile(keywords=HERO, fate=1))
    assert cast_at(state, wizard, "chill soul", hero, 1)
    assert hero.alive and hero.wounds == 1 and hero.fate == 0


def test_magic_p_chill_channelled_range_plus_six() -> None:
    """MAGIC-P-CHILL channelled (002:L2629): « La Portée de ce Pouvoir Magique est augmentée
    de 6" »: a target 16" away is beyond the 12" range, in range when channelled."""
    state = battle([3])
    wizard = wizard_with(state, "Chill Soul", 12.0, might=1)
    enemy = add(state, "e", 1, 10, 10 + 16 + BASE_GAP)
    assert enemy.uid not in targets(state, wizard, "chill soul")
    channel(state, wizard)
    assert enemy.uid in targets(state, wizard, "chill soul")
    assert cast_at(state, wizard, "chill soul", enemy, 1)
    assert not enemy.alive


# --- Banishment ----------------------------------------------------------------------------


SPIRIT = frozenset({"spirit", "infantry", "warrior"})


def test_magic_p_banish_only_spirits_lose_one_wound() -> None:
    """MAGIC-P-BANISH (002:L2429-2435): « Il n'affecte que les Esprits »: a Man is no
    target; the Spirit « perd automatiquement 1 PV » (3 -> 2)."""
    state = battle([3])
    wizard = wizard_with(state, "Banishment", 12.0)
    man = add(state, "m", 1, 10, 13)
    spirit = add(state, "s", 1, 14, 14, profile(keywords=SPIRIT, wounds=3))
    assert targets(state, wizard, "banishment") == {spirit.uid} and man.alive
    assert cast_at(state, wizard, "banishment", spirit, 1)
    assert spirit.wounds == 2


def test_magic_p_banish_channelled_d3_wounds_fate_may_save() -> None:
    """MAGIC-P-BANISH channelled (002:L2435): « La cible perd 1D3 PV au lieu de 1 » (a 4 ->
    2: 3 -> 1); « comme si elle avait été blessée au combat »: a Spirit Hero's Fate (a 5)
    saves the whole blow (HERO-FATE-04)."""
    state = battle([3, 4])
    wizard = wizard_with(state, "Banishment", 12.0, might=1)
    spirit = add(state, "s", 1, 10, 14, profile(keywords=SPIRIT, wounds=3))
    channel(state, wizard)
    assert cast_at(state, wizard, "banishment", spirit, 1)
    assert spirit.wounds == 1
    state = battle([3, 6, 5])
    wizard = wizard_with(state, "Banishment", 12.0, might=1)
    ghost = add(state, "g", 1, 10, 14, profile(keywords=SPIRIT | HERO, wounds=2, fate=1))
    channel(state, wizard)
    assert cast_at(state, wizard, "banishment", ghost, 1)
    assert ghost.wounds == 2 and ghost.fate == 0


# --- Your Staff is Broken ------------------------------------------------------------------


def test_magic_p_staffbroken_only_on_a_staff_which_is_destroyed() -> None:
    """MAGIC-P-STAFFBROKEN (002:L2687-2693): aimed only at « une figurine ennemie [...] qui
    porte un Bâton »; « Ce pouvoir détruit le Bâton »: its bearer, fighting with it, has no
    weapon left (Unarmed, data.ASSUMPTIONS "broken staff") and loses the hand-and-a-half
    bonus; a swordsman is no target."""
    state = battle([3])
    wizard = wizard_with(state, "Your Staff is Broken", 12.0)
    mage = add(state, "m", 1, 10, 14, profile(keywords=HERO, wargear=("staff",)))
    swordsman = add(state, "s", 1, 13, 13)
    assert targets(state, wizard, "your staff is broken") == {mage.uid} and swordsman.alive
    assert mage.weapon is not None and "hand-and-a-half" in mage.triggers
    assert cast_at(state, wizard, "your staff is broken", mage, 1)
    assert mage.weapon is None and "unarmed" in mage.triggers
    assert "hand-and-a-half" not in mage.triggers and "staff" not in mage.triggers


def test_magic_p_staffbroken_staff_of_power_free_will_lost_channelled_s7() -> None:
    """MAGIC-P-STAFFBROKEN (002:L2691: « Tous les avantages associés au Bâton sont
    immédiatement perdus »): a Staff of Power's free Will point (WPN-STAFFPOW-01) is gone;
    channelled (L2693) « La cible subit en plus une touche de Force 7 » (S7 vs D4 wounds on
    3+: a 3 takes 2 Wounds to 1)."""
    state = battle([3, 3])
    wizard = wizard_with(state, "Your Staff is Broken", 12.0, might=1)
    mage = add(
        state, "m", 1, 10, 14, profile(keywords=HERO, will=2, wounds=2, wargear=("staff of power",))
    )
    assert will_to_spend(state, mage) == 3
    channel(state, wizard)
    assert cast_at(state, wizard, "your staff is broken", mage, 1)
    assert will_to_spend(state, mage) == 2 and mage.wounds == 1


# --- Collapse Rocks ------------------------------------------------------------------------


ROCKS = TerrainPiece("rocky ground", TerrainKind.DIFFICULT, ((0, 12), (48, 12), (48, 20), (0, 20)))


def test_magic_p_collapse_s5_hit_only_in_rocky_terrain() -> None:
    """MAGIC-P-COLLAPSE (002:L2489-2495): « seulement [...] sur une figurine qui se trouve
    dans [...] un terrain rocheux »: the enemy on open ground is no target; the one in the
    rocks « subit une touche de Force 5 » (S5 vs D4 wounds on 4+: a 4, 2 Wounds -> 1)."""
    state = battle([3, 4], table=Table("t", (ROCKS,)))
    wizard = wizard_with(state, "Collapse Rocks", 12.0)
    open_ground = add(state, "o", 1, 14, 10)
    rocked = add(state, "r", 1, 10, 16, profile(wounds=2))
    assert targets(state, wizard, "collapse rocks") == {rocked.uid} and open_ground.alive
    assert cast_at(state, wizard, "collapse rocks", rocked, 1)
    assert rocked.wounds == 1


def test_magic_p_collapse_channelled_all_within_two_inches_friend_or_foe() -> None:
    """MAGIC-P-COLLAPSE channelled (002:L2495): « Toutes les figurines (alliées ou
    ennemies) à moins de 2" de la cible subissent également une touche de Force 5 »: the
    target, an enemy and a friend of the caster 1.5" away each take one S5 hit (a 4 each
    slays); a model 3" away takes none."""
    state = battle([3, 4, 4, 4, 4], table=Table("t", (ROCKS,)))
    wizard = wizard_with(state, "Collapse Rocks", 12.0, might=1)
    target = add(state, "t", 1, 20, 16)
    foe = add(state, "e", 1, 20 + BASE_GAP + 1.5, 16)
    friend = add(state, "f", 0, 20 - BASE_GAP - 1.5, 16)
    far = add(state, "x", 1, 20, 16 + BASE_GAP + 3)
    channel(state, wizard)
    assert cast_at(state, wizard, "collapse rocks", target, 1)
    assert not (target.alive or foe.alive or friend.alive) and far.alive


# --- Call Winds ----------------------------------------------------------------------------


def test_magic_p_callwinds_pushed_d6_away_and_prone() -> None:
    """MAGIC-P-CALLWINDS (002:L2389-2395): « repoussée de 1D6" à l'opposé du magicien en
    ligne droite » (a 3: y 14 -> 17) and « Dans tous les cas, la cible est jetée à terre »."""
    state = battle([3, 3])
    wizard = wizard_with(state, "Call Winds", 12.0)
    enemy = add(state, "e", 1, 10, 14)
    assert cast_at(state, wizard, "call winds", enemy, 1)
    assert abs(enemy.y - 17) < 0.11 and enemy.x == 10 and enemy.prone


def test_magic_p_callwinds_channelled_2d6_stops_one_inch_short_of_a_model() -> None:
    """MAGIC-P-CALLWINDS channelled (002:L2395): pushed 2D6" (5 + 6); « Si la figurine arrive
    au contact d'une autre figurine [...] la figurine s'arrêtera à 1" de la figurine »: the
    model 8" behind stops it with 1" between their bases; both untouched but the target,
    which is Prone."""
    state = battle([3, 5, 6])
    wizard = wizard_with(state, "Call Winds", 12.0, might=1)
    enemy = add(state, "e", 1, 10, 14)
    other = add(state, "o", 1, 10, 22)
    channel(state, wizard)
    assert cast_at(state, wizard, "call winds", enemy, 1)
    gap = state.distance(enemy, other)
    assert 0.9 < gap <= 1.0 + 1e-9 and enemy.prone and not other.prone and other.y == 22


def test_magic_p_callwinds_stops_one_inch_short_of_a_house() -> None:
    """MAGIC-P-CALLWINDS (002:L2391): « Si la figurine arrive au contact [...] d'un décor
    comme une barrière, une maison ou des rochers, alors la figurine s'arrêtera à 1" »: a
    6 would push it into the house whose wall is 3" behind it; it stops 1" (within a 0.1"
    step) short of the wall, Prone."""
    house = TerrainPiece("house", TerrainKind.IMPASSABLE, ((0, 18), (48, 18), (48, 24), (0, 24)))
    state = battle([3, 6], table=Table("t", (house,)))
    wizard = wizard_with(state, "Call Winds", 12.0)
    enemy = add(state, "e", 1, 10, 14)
    assert cast_at(state, wizard, "call winds", enemy, 1)
    gap = 18 - (enemy.y + enemy.radius)
    assert 1.0 - 1e-9 <= gap <= 1.1 + 1e-9 and enemy.prone


def test_magic_p_callwinds_engaged_every_model_of_the_fight_prone() -> None:
    """MAGIC-P-CALLWINDS (002:L2393): « Si la cible est engagée au combat [...] toutes les
    autres figurines impliquées dans le combat sont également jetées à terre »: the target's
    two opponents are knocked Prone; a model outside the fight is not."""
    state = battle([3, 2])
    wizard = wizard_with(state, "Call Winds", 12.0)
    enemy = add(state, "e", 1, 20, 14)
    left = add(state, "a", 0, 20 - BASE_GAP, 14)
    right = add(state, "b", 0, 20 + BASE_GAP, 14)
    aside = add(state, "c", 0, 30, 14)
    assert cast_at(state, wizard, "call winds", enemy, 1)
    assert enemy.prone and left.prone and right.prone and not aside.prone


# --- Aura of Dismay ------------------------------------------------------------------------


def test_magic_p_dismay_caster_and_friends_within_6_cause_terror() -> None:
    """MAGIC-P-DISMAY (002:L2405-2411): « le lanceur et toutes les figurines alliées à moins
    de 6" de lui causent la Terreur »: the caster and a friend 5" away frighten the enemy, a
    friend 9" away does not."""
    state = battle([3])
    wizard = wizard_with(state, "Aura of Dismay", 0.0)
    near = add(state, "n", 0, 10 + BASE_GAP + 5, 10)
    far = add(state, "f", 0, 10 - BASE_GAP - 9, 10)
    enemy = add(state, "e", 1, 10, 20)
    assert not frightens(near, enemy, state)
    assert cast_at(state, wizard, "aura of dismay", wizard, 1)
    assert frightens(wizard, enemy, state) and frightens(near, enemy, state)
    assert not frightens(far, enemy, state)


def test_magic_p_dismay_channelled_twelve_inches() -> None:
    """MAGIC-P-DISMAY channelled (002:L2411): « La portée du pouvoir passe à 12" »: the
    friend 9" away now causes Terror, one 14" away does not."""
    state = battle([3])
    wizard = wizard_with(state, "Aura of Dismay", 0.0, might=1)
    mid = add(state, "m", 0, 10 - BASE_GAP - 9, 10)
    far = add(state, "f", 0, 10 + BASE_GAP + 14, 10)
    enemy = add(state, "e", 1, 10, 20)
    channel(state, wizard)
    assert cast_at(state, wizard, "aura of dismay", wizard, 1)
    assert frightens(mid, enemy, state) and not frightens(far, enemy, state)
