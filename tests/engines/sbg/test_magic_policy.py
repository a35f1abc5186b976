"""How the heuristic casts (issue 16, policies/magic_policy.py): Will spent by scarcity, the
Nazgûl's reserve (SR-WILLEVIL, 002:L2813), a Staff of Power's free point (WPN-STAFFPOW-01),
the expected resist against each casting roll (MAGIC-RES-01), Sorcerous Blast's fight
(MAGIC-P-BLAST, 002:L2547) counted for both sides."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.state import Removal
from battlesim.engines.sbg.policies import magic_policy
from battlesim.engines.sbg.rules.magic import worth
from battlesim.engines.sbg.rules.magic.casting import options
from battlesim.engines.sbg.rules.might import MightRoll
from battlesim.engines.sbg.rules.scenario_library import TO_THE_DEATH
from battlesim.engines.sbg.rules.scenarios import Scenario
from battlesim.engines.sbg.rules.will import pay_will
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, profile
from tests.engines.sbg.test_magic import HERO, caster_profile


def test_a_will_point_costs_less_with_more_will_than_turns_ahead() -> None:
    """Scarcity: 10 Will for 8 turns ahead costs less a point than 3 Will."""
    state = battle()
    rich = add(state, "r", 0, 10, 10, caster_profile(("Transfix", 3, 12.0), will=10))
    poor = add(state, "p", 0, 14, 10, caster_profile(("Transfix", 3, 12.0), will=3))
    add(state, "e", 1, 10, 20, caster_profile(("Transfix", 3, 12.0)))
    state.turn = 1
    assert magic_policy.will_cost(rich, state) < magic_policy.will_cost(poor, state)


def test_will_of_evil_pays_its_life_only_below_its_reserve() -> None:
    """SR-WILLEVIL: a Ringwraith with 7 Will late in the battle (3 turns ahead) spends a
    point at a Will point's price; at 3 Will the point costs also a third of the model
    (banished at 0)."""
    state = battle()
    state.turn = magic_policy.TURNS_AHEAD - magic_policy.EVIL_RESERVE
    card = caster_profile(("Black Dart", 5, 12.0), will=7, rules=("Will of Evil",), points=55)
    wraith = add(state, "w", 0, 10, 10, card)
    plain = magic_policy.will_cost(wraith, state)
    assert plain <= worth.WILL_POINT * magic_policy.SCARCITY[1]
    wraith.will = 3
    assert magic_policy.will_cost(wraith, state) >= worth.of(wraith) / 3


def test_will_of_evil_keeps_a_point_for_each_turn_ahead() -> None:
    """SR-WILLEVIL (002:L2813): a Nazgûl loses a Will point in each Fight phase it fights
    and is banished at 0: early in the battle a Ringwraith's 7 Will are all wanted for
    the turns ahead, so its first point costs a share of the model; with a turn or two
    left the same point is a Will point's price."""
    state = battle()
    card = caster_profile(("Black Dart", 5, 12.0), will=7, rules=("Will of Evil",), points=55)
    wraith = add(state, "w", 0, 10, 10, card)
    early = magic_policy.will_cost(wraith, state)
    assert early >= worth.of(wraith) / magic_policy.evil_reserve(state)
    state.turn = magic_policy.TURNS_AHEAD - 1
    assert magic_policy.will_cost(wraith, state) <= worth.WILL_POINT * magic_policy.SCARCITY[1]


def test_a_caster_with_will_to_spare_casts_a_die_at_a_warrior() -> None:
    """Casting counts on a target worth a die every other turn (``CASTS_A_TURN``): the
    Witch-king's 10 Will on turn 2, against a force with no caster, buy a one-die Black
    Dart (MAGIC-P-BLACKDART) at a 6-point Orc Warrior. Priced as resisting prices a point
    (a point a turn), the die cost more than the dart's expected worth and was kept."""
    state = battle()
    state.turn = 2
    card = caster_profile(("Black Dart", 5, 12.0), will=10, rules=("Will of Evil",), points=70)
    king = add(state, "k", 0, 10, 10, card)
    add(state, "o", 1, 10, 20, profile(points=6, defence=5))
    king.done_moving = True  # at the end of its move: it does not wait
    chosen = magic_policy.plan(state, king, options(state, king), False)
    assert chosen is not None and chosen.points == 1
    (dart,) = options(state, king)
    expected = worth.success_chance(5, 1, 0) * magic_policy._value(state, king, dart, False)
    assert magic_policy.will_cost(king, state, 1) > expected


def test_the_expected_resist_of_a_model_without_will_is_none() -> None:
    """MAGIC-RES-01: no Will, no free die: it cannot resist; a Hero with 6 Will is expected
    to."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0)))
    warrior = add(state, "a", 1, 10, 16)
    hero = add(state, "h", 1, 14, 16, profile(keywords=HERO, will=6, points=100))
    found = {o.target: o for o in options(state, wizard) if o.power.name == "transfix"}
    assert magic_policy.resist_dice(state, wizard, found[warrior.uid], False)[3][0] == 0
    assert magic_policy.resist_dice(state, wizard, found[hero.uid], False)[3][0] >= 1


def test_the_expected_resist_follows_the_casting_roll() -> None:
    """MAGIC-RES-01: the target chooses its Will knowing the highest casting die; the
    chance of a cast taking effect counts each: a Hero resisting a 3 spends as much or more
    than one resisting a 6, and a casting no one can resist succeeds as often as it casts."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0)))
    warrior = add(state, "a", 1, 10, 16)
    hero = add(state, "h", 1, 14, 16, profile(keywords=HERO, will=6, points=100))
    found = {o.target: o for o in options(state, wizard) if o.power.name == "transfix"}
    against_hero = magic_policy.resist_dice(state, wizard, found[hero.uid], False)
    assert set(against_hero) == {3, 4, 5, 6}
    free = magic_policy.resist_dice(state, wizard, found[warrior.uid], False)
    assert magic_policy.success_chance(free, 1) == worth.success_chance(3, 1, 0)
    assert magic_policy.success_chance(against_hero, 1) < magic_policy.success_chance(free, 1)


def test_a_staff_of_power_s_free_point_costs_nothing() -> None:
    """WPN-STAFFPOW-01 (002:L2034): the first Will point a Staff of Power's bearer spends
    each turn leaves its store as it was: casting or resisting with one die costs nothing,
    with two dice one point; once the free point is used, a point costs again."""
    state = battle()
    card = caster_profile(("Transfix", 3, 12.0), will=6)
    staff_card = caster_profile(("Transfix", 3, 12.0), will=6, wargear=("staff of power",))
    staff = add(state, "s", 0, 10, 10, staff_card)
    plain = add(state, "p", 0, 14, 10, card)
    add(state, "e", 1, 10, 20, caster_profile(("Transfix", 3, 12.0)))
    assert magic_policy.will_cost(staff, state, 1) == 0
    assert magic_policy.will_cost(staff, state, 2) == magic_policy.will_cost(plain, state, 1)
    pay_will(state, staff, 1)
    assert magic_policy.will_cost(staff, state, 1) == magic_policy.will_cost(plain, state, 1)


def test_a_blast_into_our_own_fight_is_worth_less() -> None:
    """MAGIC-P-BLAST (002:L2547): blasting an enemy fighting two of our models knocks them
    down and hits them too: worth less than blasting the same enemy standing alone."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Sorcerous Blast", 5, 12.0)))
    enemy = add(state, "e", 1, 10, 18)
    lone = next(o for o in options(state, wizard) if o.target == enemy.uid)
    alone = magic_policy._value(state, wizard, lone, False)
    add(state, "f1", 0, 10 - BASE_GAP, 18, profile(points=20))
    add(state, "f2", 0, 10 + BASE_GAP, 18, profile(points=20))
    fight = next(o for o in options(state, wizard) if o.target == enemy.uid)
    assert magic_policy._value(state, wizard, fight, False) < alone


def test_a_hold_far_from_any_fight_is_worth_less() -> None:
    """MAGIC-P-TRANSFIX (002:L2535-2541): a held enemy does not strike if it wins its fight:
    holding one that fights our models is worth more than holding the same enemy far from
    any fight this turn (only its move lost)."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 24.0)))
    far = add(state, "f", 1, 10, 32, profile(points=100))
    near = add(state, "n", 1, 20, 10 + BASE_GAP, profile(points=100))
    add(state, "a", 0, 20, 10, profile(points=20))
    found = {o.target: o for o in options(state, wizard) if o.power.name == "transfix"}
    assert state.engaged(near) and not state.engaged(far)
    idle = magic_policy._value(state, wizard, found[far.uid], False)
    fighting = magic_policy._value(state, wizard, found[near.uid], False)
    assert 0 < idle == fighting * magic_policy.IDLE_HOLD


def test_the_expected_resist_counts_the_might_a_target_would_add() -> None:
    """MAGIC-RES-01 with HERO-MIGHT-06 (Might on a Resist test): a Hero with Resistant to
    Magic's free die (SR-RESMAGIC) and 3 Might keeps
    two for the Duels and may add the third to its best die; a casting at it is less likely
    to take effect than at the same Hero without Might; the caster's own spare Might raises
    a die one short of the casting value (MAGIC-CAST-02)."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0)))
    resistant = profile(keywords=HERO, will=0, points=100, rules=("Resistant to Magic",))
    mighty = add(state, "m", 1, 10, 16, replace(resistant, might=3))
    plain = add(state, "p", 1, 14, 16, replace(resistant, might=0))
    found = {o.target: o for o in options(state, wizard) if o.power.name == "transfix"}
    against_mighty = magic_policy.resist_dice(state, wizard, found[mighty.uid], False)
    against_plain = magic_policy.resist_dice(state, wizard, found[plain.uid], False)
    assert against_mighty[6][1] == 5 and against_plain[6][1] == 6
    assert magic_policy.success_chance(against_mighty, 2) < magic_policy.success_chance(
        against_plain, 2
    )
    assert magic_policy.success_chance(against_plain, 1, might=1) > magic_policy.success_chance(
        against_plain, 1
    )


def test_a_caster_out_of_charge_reach_casts_at_the_end_of_its_move() -> None:
    """MAGIC-WHEN-01 (002:L2297): a power may be cast before or at the end of the caster's
    move. Before moving, with no enemy within its Move and an inch, the heuristic waits for
    the end of its move (closer targets); with an enemy in charge reach it casts first (a
    caster Engaged by its charge may not cast, MAGIC-WHEN-02)."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0), will=6))
    enemy = add(state, "e", 1, 10, 20, profile(keywords=HERO, points=100))
    found = options(state, wizard)
    assert found and magic_policy.plan(state, wizard, found, False) is None
    wizard.done_moving = True
    assert magic_policy.plan(state, wizard, found, False) is not None
    wizard.done_moving = False
    state.set_position(enemy, (10, 16.5))
    found = options(state, wizard)
    assert magic_policy.plan(state, wizard, found, False) is not None


def test_a_hero_with_three_might_keeps_them_all_from_its_casting_dice() -> None:
    """HERO-MIGHT-02 on a casting roll (MAGIC-CAST-02): the heuristic raises a casting die
    only with Might beyond three (Duels first); resisting, beyond two (the power would land
    at once)."""
    state = battle()
    card = caster_profile(("Transfix", 3, 12.0), will=6, might=3)
    wizard = add(state, "w", 0, 10, 10, card)
    assert magic_policy.spare_might(state, wizard, MightRoll.CAST) == 0
    assert magic_policy.spare_might(state, wizard, MightRoll.RESIST) == 1
    wizard.might = 4
    assert magic_policy.spare_might(state, wizard, MightRoll.CAST) == 1


def test_blinding_light_is_worth_the_share_of_friends_it_covers() -> None:
    """MAGIC-P-BLINDLIGHT (002:L2583-2589): only shots at models within 6" of the caster
    hit on a 6: a caster alone among distant friends gains less than one standing among
    them."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Blinding Light", 2, 0.0), will=6))
    bows = replace(WARRIOR, wargear=("bow",))
    for i in range(4):
        add(state, f"b{i}", 1, 4 + 4 * i, 30, bows)
    for i in range(3):
        add(state, f"f{i}", 0, 40 + 2 * i, 10)
    light = next(o for o in options(state, wizard) if o.power.name == "blinding light")
    alone = light.power.worth(state, wizard, wizard, False)
    for i in range(3):
        state.set_position(state.models[f"f{i}"], (12 + 2 * i, 10))
    among = light.power.worth(state, wizard, wizard, False)
    assert 0 < alone < among


def test_a_casting_at_a_will_of_evil_enemy_counts_the_will_it_resists_with() -> None:
    """MAGIC-RES-01 with SR-WILLEVIL (002:L2813): a Ringwraith resisting spends the Will its
    life runs on; the heuristic counts that drain: a casting at it is worth something even
    when resisted, at a model without Will nothing (late in the battle: early on it keeps
    its Will for its fights)."""
    state = battle()
    state.turn = magic_policy.TURNS_AHEAD - magic_policy.EVIL_RESERVE
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0), will=6))
    card = caster_profile(("Black Dart", 5, 12.0), will=7, rules=("Will of Evil",), points=55)
    wraith = add(state, "r", 1, 10, 18, card)
    warrior = add(state, "a", 1, 16, 18)
    found = {o.target: o for o in options(state, wizard) if o.power.name == "transfix"}
    at_wraith = magic_policy._resists(state, wizard, found[wraith.uid], False)
    at_warrior = magic_policy._resists(state, wizard, found[warrior.uid], False)
    assert magic_policy.drain(at_wraith, 2) > 0
    assert magic_policy.drain(at_warrior, 2) == 0


def test_the_will_an_enemy_without_powers_resists_with_is_no_gain() -> None:
    """MAGIC-RES-01: an enemy Hero who cannot cast keeps its Will only to resist our powers;
    the Will it spends resisting counts for nothing (an enemy caster's counts: it would cast
    with it)."""
    state = battle()
    state.turn = 3
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0), will=6))
    silent = add(state, "s", 1, 10, 18, profile(will=6, keywords=HERO, might=0))
    caster = add(state, "c", 1, 16, 18, caster_profile(("Transfix", 3, 12.0), will=6))
    found = {o.target: o for o in options(state, wizard) if o.power.name == "transfix"}
    at_silent = magic_policy._resists(state, wizard, found[silent.uid], False)
    at_caster = magic_policy._resists(state, wizard, found[caster.uid], False)
    assert max(dice for dice, _, _ in at_silent.values()) > 0  # it resists, at no gain to us
    assert magic_policy.drain(at_silent, 2) == 0
    assert magic_policy.drain(at_caster, 2) > 0


def test_a_blast_before_our_charges_is_worth_the_prone_enemies_we_charge() -> None:
    """MAGIC-P-BLAST (002:L2543-2547) cast before our side moves (MAGIC-WHEN-01): the
    target is knocked Prone and so is the enemy behind it that it is hurled into (BLAST-a);
    charged before they stand up, neither strikes if it wins (FIGHT-PRONE-01) and each is
    struck twice if it loses. With a warrior of ours yet to move within charge reach, the
    blast is worth more than once that warrior has moved; the enemy behind is found."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Sorcerous Blast", 5, 12.0)))
    target = add(state, "t", 1, 10, 16, profile(points=10))
    behind = add(state, "b", 1, 10, 16 + BASE_GAP + 1.0, profile(points=10))
    ours = add(state, "o", 0, 12, 12)
    blast = next(o for o in options(state, wizard) if o.target == target.uid)
    blocker, chance = magic_policy._hurled_into(state, wizard, target)
    assert blocker is behind and chance == 1.0  # 1" away: any D6 reaches it
    charged = magic_policy._value(state, wizard, blast, False)
    ours.done_moving = True
    assert magic_policy._value(state, wizard, blast, False) < charged - worth.of(target) * 0.2


def test_the_end_in_sight_is_read_from_the_scenario_end_condition() -> None:
    """The turns left after this one: the turn limit, and, where a force reduced to a quarter
    ends the battle (To the Death!'s end condition, data), the models above that quarter at
    the rate lost so far, a Broken side (COUR-BRK-02) at least ``BROKEN_LOSSES`` of its
    start a turn. Without a scenario nothing is known."""
    state = battle()
    for i in range(20):
        add(state, f"a{i}", 0, 2 + 2 * i, 5)
        add(state, f"b{i}", 1, 2 + 2 * i, 40)
    scenario = Scenario(TO_THE_DEATH, turn_limit=12)
    state.turn = 4
    assert magic_policy.turns_to_end(state, None) is None
    assert magic_policy.turns_to_end(state, scenario) == 8  # nobody lost yet: the limit
    for i in range(9):  # 11 of 20 left, 6 above the quarter, 3 lost a turn: this turn and one
        state.remove(state.models[f"b{i}"], Removal.SLAIN, "test")
    assert magic_policy.turns_to_end(state, scenario) == 1
    state.broken[1] = True  # Broken: at least 4 of 20 a turn
    state.remove(state.models["b9"], Removal.SLAIN, "test")
    assert magic_policy.turns_to_end(state, scenario) == 1
    state.remove(state.models["b10"], Removal.SLAIN, "test")
    assert magic_policy.turns_to_end(state, scenario) == 0


def test_will_of_evil_spends_its_reserve_when_the_battle_ends_this_turn() -> None:
    """SR-WILLEVIL (002:L2813): Will left when the battle ends is worth nothing. In the last
    turn a Nazgûl out of every fight and of the enemy's charge reach keeps only its last
    point (which it may not spend casting); one an enemy could charge keeps a point for
    that fight too; a turn earlier, a point for each fight it may still see."""
    state = battle()
    state.turn = magic_policy.TURNS_AHEAD - 1
    card = caster_profile(("Black Dart", 5, 12.0), will=3, rules=("Will of Evil",), points=70)
    king = add(state, "k", 0, 10, 10, card)
    orc = add(state, "o", 1, 10, 30, profile(points=6, defence=5))
    assert magic_policy.evil_reserve(state, king) == magic_policy.EVIL_RESERVE
    assert magic_policy.evil_reserve(state, king, 0) == 1
    assert magic_policy.evil_reserve(state, king, 1) == 2
    assert magic_policy.will_cost(king, state, 1, end=0) < worth.of(king) / 3
    state.set_position(orc, (10, 16))  # within its Move and an inch: it may charge
    assert magic_policy.evil_reserve(state, king, 0) == 2
    assert magic_policy.evil_reserve(state, king, 1) == 3
