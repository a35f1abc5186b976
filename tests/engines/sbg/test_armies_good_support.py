"""Good army rules that help friends around their carrier (rules/armies/good/support.py,
issue 18). Each test cites the BattleScribe rule id and fails without the rule's unit."""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.state import Happening, On, Phase, notify
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.rules.heroic_actions import legal_declarations
from battlesim.engines.sbg.rules.magic.resisting import free_dice
from battlesim.engines.sbg.rules.shooting import _wound_with_missile, shoot
from battlesim.engines.sbg.rules.sight import can_see
from battlesim.engines.sbg.rules.terrain_rules import open_features
from battlesim.engines.sbg.rules.will import pay_will
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls

HERO = replace(WARRIOR, name="Test Hero", might=0, will=2, fate=0)
HERO = replace(HERO, keywords=WARRIOR.keywords | {"hero"})


def card(*rules: str, base: Profile = WARRIOR, **changes: object) -> Profile:
    return replace(base, rules=tuple(rules), **changes)  # type: ignore[arg-type]


def kw(*words: str) -> frozenset[str]:
    return frozenset({"infantry", "warrior", *words})


def test_song_pennant_and_master_of_birds_give_resistant_to_magic() -> None:
    """49e7-9902-d102-db62 (Rivendell, 6"), 5d23-0cce-a98a-8180 (Spirits, 3"),
    2dad-6abd-9f78-961f (Eagles, 12")."""
    state = battle()
    add(state, "A1", 0, 10, 10, card("Song to Elbereth", base=HERO))
    elf, man = (
        add(state, "A2", 0, 10, 14, card(keywords=kw("rivendell"))),
        add(state, "A3", 0, 12, 14),
    )
    add(state, "A4", 0, 30, 10, card("Pennant of the Dead"))
    ghost = add(state, "A5", 0, 30, 12, card(keywords=kw("spirit")))
    add(state, "A6", 0, 10, 40, card("Master of Birds", base=HERO))
    eagle = add(state, "A7", 0, 20, 40, card(keywords=kw("eagle")))
    assert [free_dice(state, m)[0] for m in (elf, man, ghost, eagle)] == [1, 0, 1, 1]


def test_master_of_birds_sees_everywhere() -> None:
    """2dad-6abd-9f78-961f: through a house that hides the target from anyone else."""
    from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
    from battlesim.engines.sbg.core.tables_preset import rectangle

    house = TerrainPiece("house", TerrainKind.IMPASSABLE, rectangle(15, 10, 4, 4), height=4.0)
    state = battle(table=Table("house", (house,)))
    radagast = add(state, "A1", 0, 10, 10, card("Master of Birds", base=HERO))
    plain = add(state, "A2", 0, 10, 10.1)
    orc = add(state, "B1", 1, 20, 10)
    assert can_see(state, radagast, orc) and not can_see(state, plain, orc)


def test_one_with_nature_crosses_difficult_ground_on_foot() -> None:
    """ddf8-18ba-6f11-3ac1."""
    state = battle()
    radagast = add(state, "A1", 0, 10, 10, card("One with Nature", base=HERO))
    assert "any" in open_features(state, radagast)


def test_the_kings_counsel_spends_a_heralds_will_for_a_heroic_action() -> None:
    """57b8-2efe-afb5-c637."""
    from battlesim.engines.sbg.rules.heroic_actions import _declare

    state = battle()
    king = add(state, "A1", 0, 10, 10, card(base=HERO, name="The King of the Dead", might=0))
    herald = add(state, "A2", 0, 12, 10, card("The King's Counsel", base=HERO, will=1))
    state.phase = Phase.FIGHT
    assert (king.uid, "heroic combat") in legal_declarations(state, 0, Phase.FIGHT)
    assert _declare(state, (), 0, Phase.FIGHT, (king.uid, "heroic combat"))
    assert herald.will == 0 and king.might == 0


def test_wise_council_gives_elrond_a_free_will_point_near_lindir() -> None:
    """0d57-2597-4bd7-3200."""
    state = battle()
    elrond = add(state, "A1", 0, 10, 10, card(base=HERO, name="Elrond, Master of Rivendell"))
    pay_will(state, elrond, 1)
    assert elrond.will == 1
    add(state, "A2", 0, 12, 10, card("Wise Council", base=HERO))
    state.turn = 2
    elrond.status.clear()
    pay_will(state, elrond, 1)
    assert elrond.will == 1


def test_go_for_the_eyes_rerolls_and_deals_d3_wounds_to_monsters() -> None:
    """aec5-e799-8de4-4f90: a failed 2 re-rolled to 6, then a D3 of 3 (S2 v D3: 5+)."""
    state = battle([2, 6, 3])
    duinhir = add(state, "A1", 0, 10, 10, card("Go for the Eyes!", wargear=("bow",)))
    troll = add(state, "B1", 1, 10, 30, card(defence=3, wounds=3, keywords=kw("monster")))
    _wound_with_missile(state, duinhir, troll)
    assert not troll.alive


def test_blackroot_archers_reroll_ones_to_hit_near_duinhir_when_still() -> None:
    """0312-67ef-3b07-f67e: a 1 re-rolled to a 6 hits."""
    state = battle([1, 6, 1])
    add(state, "A1", 0, 12, 10, card("Lord of the Blackroot Vale", base=HERO))
    archer = add(state, "A2", 0, 10, 10, card(name="Blackroot Vale Archer", wargear=("bow",)))
    orc = add(state, "B1", 1, 10, 30, card(defence=9))
    shoot(state, archer, orc)
    assert [p for p, _ in rolls(state)][:2] == ["to hit A2->B1", "to hit A2->B1 (re-roll)"]


def test_to_arms_gives_erebor_dwarves_strength_in_the_fight_phase() -> None:
    """f54d-d0bd-6af7-d50c."""
    state = battle()
    erebor = kw("dwarf", "erebor")
    thorin = add(state, "A1", 0, 10, 10, card("To Arm!", base=HERO, keywords=erebor | {"hero"}))
    dwarves = [
        add(state, "A2", 0, 12, 10, card(keywords=erebor)),
        add(state, "A3", 0, 10, 12, card(keywords=erebor)),
    ]
    for n, dwarf in enumerate(dwarves):
        add(state, f"B{n}", 1, dwarf.x + BASE_GAP * (1 - n), dwarf.y + BASE_GAP * n)
    state.phase = Phase.MOVE
    notify(state, On.MOVE_ENDED, Happening(thorin))
    state.phase = Phase.FIGHT
    assert all(state.engaged(d) for d in dwarves)
    assert modifier(Hook.STRENGTH, HookContext(state, dwarves[0])) == 1
    state.turn += 1
    assert modifier(Hook.STRENGTH, HookContext(state, dwarves[0])) == 0


def test_the_glaive_is_a_hand_and_a_half_sword_a_spear_and_may_shield() -> None:
    """47f0-7db8-9972-e52d (names_good.yaml parts)."""
    from battlesim.engines.sbg.core.arms import Handedness, can_support
    from battlesim.engines.sbg.core.units import profile_from_data, profile_to_data
    from battlesim.engines.sbg.rules.fight_stances import may_shield

    data = {**profile_to_data(WARRIOR), "wargear": ["Heavy Armour", "Elven-made Glaive"]}
    captain_card = profile_from_data(data)
    state = battle()
    captain = add(state, "A1", 0, 10, 10, captain_card)
    assert captain.weapon is not None and captain.weapon.handedness is Handedness.HAND_AND_A_HALF
    assert can_support(captain_card) and may_shield([captain])


def test_the_iron_shield_is_neither_hurled_barged_nor_rent() -> None:
    """a833-dc15-6753-b77f."""
    from battlesim.engines.sbg.rules.combats import Combat
    from battlesim.engines.sbg.rules.monsters.barge import barged_models
    from battlesim.engines.sbg.rules.monsters.core import BpaFight
    from battlesim.engines.sbg.rules.monsters.hurl import hurl_targets
    from battlesim.engines.sbg.rules.monsters.rend import rend_targets
    from tests.engines.sbg.builders import players

    state = battle()
    troll = add(state, "B1", 1, 10, 10, card(strength=7, keywords=kw("monster")))
    shield = add(state, "A1", 0, 10 + 1.0, 10, card(wargear=("axe", "iron shield")))
    dwarf = add(state, "A2", 0, 10 - 1.0, 10)
    fight = BpaFight(
        state, Combat(troll, [shield, dwarf]), troll, players()[1], [troll], [shield, dwarf]
    )
    assert shield not in hurl_targets(fight) and shield not in rend_targets(fight)
    assert shield not in barged_models(fight) and dwarf in rend_targets(fight)


def test_spear_and_shield_minus_one_unless_a_foe_spear_supports() -> None:
    """a6dc-c579-efe7-cabb."""
    state = battle()
    guard = add(state, "A1", 0, 10, 10, card("Spear & Shield", wargear=("axe", "iron shield")))
    assert modifier(Hook.DUEL_DIE, HookContext(state, guard)) == -1
    spear = add(state, "A2", 0, 10 - BASE_GAP, 10, card(wargear=("spear", "foe spear")))
    spear.supported = True
    assert modifier(Hook.DUEL_DIE, HookContext(state, guard)) == 0
    plain = add(state, "A3", 0, 30, 10, card(wargear=("spear", "shield")))
    assert modifier(Hook.DUEL_DIE, HookContext(state, plain)) == 0
