"""Magical Powers on friends and the targeting rules (checklist part 2 §8, seed 002): each
test scripts the dice and asserts the outcome read from the French text at the lines cited."""

from __future__ import annotations

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, tick
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_CHANNELLING, declare_free
from battlesim.engines.sbg.rules.magic.casting import options
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile
from tests.engines.sbg.test_cavalry import mounted
from tests.engines.sbg.test_magic import HERO, Player, cast_at, caster_profile, names


def channel(state: BattleState, caster: ModelState) -> None:
    """HERO-HCH-01: the caster declares Heroic Channelling (its 1 Might), so casts channelled."""
    declare_free(state, (Player(), Player()), Phase.MOVE, caster, HEROIC_CHANNELLING)


def targets(state: BattleState, caster: ModelState, power: str) -> set[str]:
    return {str(o.target) for o in options(state, caster) if o.power.name == power}


# --- the powers on friends -------------------------------------------------------------------


def test_magic_p_blessvalar_one_spent_fate_back_never_above_start() -> None:
    """MAGIC-P-BLESSVALAR (002:L2439-2445): a friend in range regains 1 Fate point spent
    earlier (Fate 3, 1 left -> 2); never above its starting Fate (a friend at 3 stays 3)."""
    state = battle([4, 4])
    priest = add(state, "p", 0, 10, 10, caster_profile(("Blessing of the Valar", 4, 12.0)))
    spent = add(state, "s", 0, 10, 14, profile(keywords=HERO, fate=3))
    full = add(state, "f", 0, 14, 10, profile(keywords=HERO, fate=3))
    spent.fate = 1
    assert cast_at(state, priest, "blessing of the valar", spent, 1)
    assert spent.fate == 2
    priest.status.clear()  # a new turn
    assert cast_at(state, priest, "blessing of the valar", full, 1)
    assert full.fate == 3


def test_magic_p_blessvalar_channelled_d3_fate() -> None:
    """MAGIC-P-BLESSVALAR channelled (002:L2445): the target regains D3 Fate (a 6 -> 3):
    Fate 3 with none left -> 3; a D3 of 3 on a friend with 2 of 3 left stops at 3."""
    for left in (0, 2):
        state = battle([4, 6])
        priest = add(
            state, "p", 0, 10, 10, caster_profile(("Blessing of the Valar", 4, 12.0), might=1)
        )
        friend = add(state, "s", 0, 10, 14, profile(keywords=HERO, fate=3))
        friend.fate = left
        channel(state, priest)
        assert cast_at(state, priest, "blessing of the valar", friend, 1)
        assert friend.fate == 3


def _fortified(dice: list[int], will: int = 0, chan: bool = False) -> tuple[BattleState, ...]:
    """Side 1's priest casts Fortify Spirit (a 4) on its Hero h; side 0's wizard then aims
    Transfix (3+) at h: the rest of ``dice`` are the wizard's casting die and h's resist dice."""
    state = battle([4, *dice])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0)))
    priest = add(state, "p", 1, 30, 14, caster_profile(("Fortify Spirit", 4, 24.0), might=1))
    hero = add(state, "h", 1, 10, 14, profile(keywords=HERO, will=will))
    if chan:
        channel(state, priest)
    assert cast_at(state, priest, "fortify spirit", hero, 1)
    return state, wizard, hero


def test_magic_p_fortify_two_free_resist_dice_with_no_will() -> None:
    """MAGIC-P-FORTIFY (002:L2509-2515): the fortified friend rolls 2 extra dice to resist,
    even with no Will, costing none: cast with a 4, free dice 2 and 4 resist (a tie)."""
    state, wizard, hero = _fortified([4, 2, 4])
    assert not cast_at(state, wizard, "transfix", hero, 1)
    assert not effects.barred(state, hero, Bar.MOVE) and hero.will == 0
    assert names(state, "resist")[-1]["free"] == 2


def test_magic_p_fortify_free_dice_can_fail_and_refund_no_will() -> None:
    """MAGIC-P-FORTIFY (002:L2511), MAGIC-RES-02 (L2329): with 1 Will spent the Hero rolls
    3 dice; free dice 2 and 3 under a cast 5 fail, and its paid 1 refunds nothing. With a
    paid 2 and free 6s it resists, but the free 6s give back no Will (Will 1 -> 0)."""
    state, wizard, hero = _fortified([5, 1, 2, 3], will=1)
    assert cast_at(state, wizard, "transfix", hero, 1, resist=1)
    assert effects.barred(state, hero, Bar.MOVE) and hero.will == 0
    state, wizard, hero = _fortified([5, 2, 6, 6], will=1)
    assert not cast_at(state, wizard, "transfix", hero, 1, resist=1)
    assert hero.will == 0 and names(state, "resist")[-1]["dice"] == [2, 6, 6]


def test_magic_p_fortify_channelled_adds_one_to_the_best_die() -> None:
    """MAGIC-P-FORTIFY channelled (002:L2515): +1 to the best resist die: free 3 and 2
    against a cast 4 -> 3+1 = 4 resists; without channelling the same dice fail."""
    state, wizard, hero = _fortified([4, 3, 2], chan=True)
    assert not cast_at(state, wizard, "transfix", hero, 1)
    assert names(state, "resist")[-1]["best"] == 4
    state, wizard, hero = _fortified([4, 3, 2])
    assert cast_at(state, wizard, "transfix", hero, 1)


def _refresh_case(dice: list[int], might: int = 0) -> tuple[BattleState, ModelState, ModelState]:
    """A Hero W3 M2 Wi2 F2 that lost 2 Wounds and all its Might, Will and Fate, Transfixed
    (a 3) by an enemy wizard; the bard on its side sings."""
    state = battle([3, *dice])
    bard = add(state, "b", 0, 10, 10, caster_profile(("Refreshing Song", 4, 12.0), might=might))
    hero = add(state, "h", 0, 14, 10, profile(keywords=HERO, wounds=3, might=2, will=2, fate=2))
    wizard = add(state, "w", 1, 14, 20, caster_profile(("Transfix", 3, 12.0)))
    hero.wounds, hero.might, hero.will, hero.fate = 1, 0, 0, 0
    assert cast_at(state, wizard, "transfix", hero, 1)
    assert effects.barred(state, hero, Bar.MOVE)
    return state, bard, hero


def test_magic_p_refresh_one_of_each_back_and_powers_end() -> None:
    """MAGIC-P-REFRESH (002:L2639-2645): the friend recovers 1 Wound, 1 Might, 1 Will and
    1 Fate lost earlier (W1 -> 2, M/Wi/F 0 -> 1) and is freed from the powers it chooses
    (the Transfix on it ends)."""
    state, bard, hero = _refresh_case([4])
    assert cast_at(state, bard, "refreshing song", hero, 1)
    assert (hero.wounds, hero.might, hero.will, hero.fate) == (2, 1, 1, 1)
    assert not effects.barred(state, hero, Bar.MOVE)


def test_magic_p_refresh_never_above_start_and_channelled_all_wounds() -> None:
    """MAGIC-P-REFRESH (002:L2641): only points lost earlier: a friend at its starting
    values gains nothing. Channelled (L2645): all lost Wounds (W1 -> 3) and the rest."""
    state, bard, hero = _refresh_case([4, 4], might=1)
    whole = add(state, "x", 0, 10, 14, profile(keywords=HERO, wounds=2, might=1, will=1, fate=1))
    assert cast_at(state, bard, "refreshing song", whole, 1)
    assert (whole.wounds, whole.might, whole.will, whole.fate) == (2, 1, 1, 1)
    bard.status.clear()  # a new turn
    channel(state, bard)
    assert cast_at(state, bard, "refreshing song", hero, 1)
    assert (hero.wounds, hero.might, hero.will, hero.fate) == (3, 1, 1, 1)


def test_magic_p_strwill_one_will_even_above_start_and_from_zero() -> None:
    """MAGIC-P-STRWILL (002:L2669-2675): a friendly Hero gains 1 Will, above its starting
    Will (2 -> 3) and even one that began with none (0 -> 1); a Warrior is no target."""
    state = battle([4, 4])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Strengthen Will", 4, 12.0), will=4))
    full = add(state, "f", 0, 10, 14, profile(keywords=HERO, will=2))
    none = add(state, "n", 0, 14, 10, profile(keywords=HERO, will=0))
    warrior = add(state, "x", 0, 6, 10)
    assert warrior.uid not in targets(state, wizard, "strengthen will")
    assert cast_at(state, wizard, "strengthen will", full, 1)
    wizard.status.clear()  # a new turn
    assert cast_at(state, wizard, "strengthen will", none, 1)
    assert (full.will, none.will) == (3, 1)


def test_magic_p_strwill_channelled_d3_will() -> None:
    """MAGIC-P-STRWILL channelled (002:L2675): D3 Will (a 5 -> 3): Will 1 -> 4."""
    state = battle([4, 5])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Strengthen Will", 4, 12.0), might=1))
    friend = add(state, "f", 0, 10, 14, profile(keywords=HERO, will=1))
    channel(state, wizard)
    assert cast_at(state, wizard, "strengthen will", friend, 1)
    assert friend.will == 4


# --- durations, resisting, targeting ---------------------------------------------------------


def test_magic_dur_02_instant_resolved_at_once_and_kept() -> None:
    """MAGIC-DUR-02 (002:L2361-2363): an Instant power takes effect as soon as cast: the
    Will is gained at once, no lasting effect is left to expire, and it stays after the
    turn ends (Will 1 -> 2 -> 2)."""
    state = battle([4])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Strengthen Will", 4, 12.0)))
    friend = add(state, "f", 0, 10, 14, profile(keywords=HERO, will=1))
    assert cast_at(state, wizard, "strengthen will", friend, 1)
    assert friend.will == 2 and not effects.active(state)
    tick(state, Tick.TURN_END)
    assert friend.will == 2


def test_magic_res_03_a_model_hit_indirectly_cannot_resist() -> None:
    """MAGIC-RES-03 (002:L2331): the Hero o, hit by the model the Sorcerous Blast hurled,
    is not its target: it may not resist (its Will stays 3, no resist roll) and is knocked
    Prone and hit (BLAST-a, L2547: S3 vs D4, a 5 wounds: W2 -> 1)."""
    state = battle([5, 6, 1, 5])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Sorcerous Blast", 5, 12.0)))
    enemy = add(state, "e", 1, 10, 14)
    other = add(state, "o", 1, 10, 17, profile(keywords=HERO, will=3, wounds=2))
    assert cast_at(state, wizard, "sorcerous blast", enemy, 1, resist=1)
    assert other.prone and other.wounds == 1 and other.will == 3
    assert not names(state, "resist")


def test_magic_tgt_01_one_model_all_within_a_distance_or_none() -> None:
    """MAGIC-TGT-01 (002:L2301): Transfix aims at one particular model (one option per
    enemy in range); Nature's Wrath at every enemy within 3" (one option, both near enemies,
    not the far one); Aura of Command at no particular model (the caster)."""
    state = battle()
    powers = (("Transfix", 3, 12.0), ("Nature's Wrath", 4, 0.0), ("Aura of Command", 2, 0.0))
    wizard = add(state, "w", 0, 10, 10, caster_profile(*powers))
    a = add(state, "a", 1, 10, 12)
    b = add(state, "b", 1, 12, 10)
    far = add(state, "c", 1, 4, 16)
    found = options(state, wizard)
    transfix = [o for o in found if o.power.name == "transfix"]
    assert sorted(o.affected for o in transfix) == sorted([(a.uid,), (b.uid,), (far.uid,)])
    (wrath,) = [o for o in found if o.power.name == "nature's wrath"]
    assert set(wrath.affected) == {a.uid, b.uid}
    (aura,) = [o for o in found if o.power.name == "aura of command"]
    assert aura.target == wizard.uid and aura.affected == (wizard.uid,)


def test_magic_tgt_02_an_engaged_model_may_be_targeted() -> None:
    """MAGIC-TGT-02 (002:L2303): the enemy fighting the caster's friend may be targeted,
    and the power takes effect on it (Transfix cast with a 3: it cannot move)."""
    state = battle([3])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0)))
    enemy = add(state, "e", 1, 10, 16)
    add(state, "f", 0, 10 + BASE_GAP, 16)
    assert state.engaged(enemy)
    assert str(enemy.uid) in targets(state, wizard, "transfix")
    assert cast_at(state, wizard, "transfix", enemy, 1)
    assert effects.barred(state, enemy, Bar.MOVE)


def test_magic_tgt_03_cavalry_the_chosen_rider_alone_resists_and_is_hit() -> None:
    """MAGIC-TGT-03 (002:L2305, L2331): against a Cavalry model the part is chosen before
    the casting roll (a player that does not answer gets the rider, ``ChoosePowerPart``'s
    default; the choice itself: test_magic_parts.py); only that part resists (the rider spends its
    Will, a 2 fails against a 5) and takes the Black Dart (S9 vs D4, a 3: rider W2 -> 1);
    the horse keeps its Wound."""
    state = battle([5, 2, 3])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 5, 12.0)))
    rider = add(state, "r", 1, 10, 16, mounted("horse", keywords=HERO, will=1, wounds=2))
    assert rider.mount is not None
    horse_wounds = rider.mount.wounds
    assert cast_at(state, wizard, "black dart", rider, 1, resist=1)
    assert [r["model"] for r in names(state, "resist")] == [rider.uid]
    assert rider.will == 0 and rider.wounds == 1
    assert rider.mount is not None and rider.mount.wounds == horse_wounds


def test_magic_tgt_04_good_casters_aim_no_harm_at_friends() -> None:
    """MAGIC-TGT-04 (002:L2307): a Good model should harm a friend only to save it from
    worse; the engine forbids it: Black Dart is offered at the enemy, not at the nearer
    friend."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 5, 12.0)))
    friend = add(state, "f", 0, 12, 10)
    enemy = add(state, "e", 1, 10, 16)
    assert targets(state, wizard, "black dart") == {str(enemy.uid)}
    assert str(friend.uid) not in targets(state, wizard, "black dart")


def test_magic_p_refresh_the_friend_keeps_the_powers_it_wants() -> None:
    """MAGIC-P-REFRESH (002:L2643, « des Pouvoirs Magiques qu'elle souhaite »): the friend
    is rid of the enemy's Transfix but keeps its friend's Fortify Spirit (a 4): a Transfix
    cast with a 3 on it is then resisted by a free die of 3 (MAGIC-P-FORTIFY)."""
    state, bard, hero = _refresh_case([4, 4, 3, 1, 3])
    priest = add(state, "p", 0, 6, 10, caster_profile(("Fortify Spirit", 4, 12.0)))
    assert cast_at(state, priest, "fortify spirit", hero, 1)
    assert cast_at(state, bard, "refreshing song", hero, 1)
    assert not effects.barred(state, hero, Bar.MOVE)
    wizard = state.models["w"]
    wizard.status.clear()  # a new turn
    assert not cast_at(state, wizard, "transfix", hero, 1)
