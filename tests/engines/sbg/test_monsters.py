"""Monsters (part 2 §2, 002:L1798-1856): Brutal Power Attacks, Monsters and Cavalry.

Bases: Monsters on 40 mm (radius M), men and orcs on 25 mm (radius R); touching centres are
M + R apart. The Monster is side 0 (Good, Priority), its enemies side 1. Duel dice: the
Monster's first (one per Attack), then each enemy's, then supporters'.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from battlesim.engines.dice import Dice
from battlesim.engines.sbg.core.actions import Charge
from battlesim.engines.sbg.core.paths import point_distance
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import Profile
from battlesim.engines.sbg.phases.fight import run_fight_phase
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules.cavalry import knocked_down_by_charge_immune
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import resolve_combat
from battlesim.engines.sbg.rules.monsters.core import BpaOption, counts_as_cavalry
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile, rolls
from tests.engines.sbg.test_battles import _wounds_add_up, run_watched

R = 25.0 / 25.4 / 2
M = 40.0 / 25.4 / 2
TOUCH = M + R
X, Y = 24.0, 24.0

TROLL = profile(
    name="Troll",
    fight=7,
    strength=7,
    defence=7,
    attacks=3,
    wounds=3,
    keywords=frozenset({"troll", "monster", "infantry", "warrior"}),
    base_mm=40.0,
)
BEORN = profile(
    name="Beorn",
    fight=7,
    strength=8,
    defence=6,
    attacks=3,
    wounds=3,
    keywords=frozenset({"monster", "infantry"}),
    base_mm=40.0,
)
ORC = profile(name="Gundabad Orc", strength=4, defence=5)  # L1834: an Orc of Strength 4
CAPTAIN = profile(name="Captain", strength=4, defence=6, wounds=3)

Pick = Callable[[Sequence[BpaOption]], BpaOption | None]


class Scripted(HeuristicPlayer):
    """A player whose BPA choice the test gives; it records what it was offered."""

    def __init__(self, pick: Pick | None = None) -> None:
        super().__init__()
        self.pick = pick
        self.asked: list[tuple[str, list[BpaOption]]] = []

    def choose_special_strike(self, *args: Any) -> None:
        return None

    def choose_brutal_power_attack(
        self,
        state: BattleState,
        monster: ModelState,
        losers: Sequence[ModelState],
        options: Sequence[BpaOption],
    ) -> BpaOption | None:
        self.asked.append((monster.uid, list(options)))
        return self.pick(options) if self.pick else None


def named(name: str, target: str | None = None) -> Pick:
    return lambda options: BpaOption(name, target)


def fight(state: BattleState, centre: str, leaves: list[str], player: Scripted) -> None:
    combat = Combat(state.models[centre], [state.models[u] for u in leaves])
    resolve_combat(state, combat, (player, Scripted()))


def purposes(state: BattleState, start: str) -> list[list[int]]:
    return [dice for purpose, dice in rolls(state) if purpose.startswith(start)]


def no_overlap(state: BattleState) -> bool:
    living = state.living()
    return all(
        math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius - 0.02
        for i, a in enumerate(living)
        for b in living[i + 1 :]
    )


# --- monsters and cavalry, boundary ---------------------------------------------------------


def test_mon_cav_01_mon_bnd_02_monster_never_knocked_down_by_a_cavalry_charge() -> None:
    """MON-CAV-01, MON-BND-02 (002:L1804): the cavalry code asks this hook before knocking
    a charged model down: a Monster (and a War Beast) is immune, a man is not."""
    state = battle()
    troll = add(state, "T", 0, X, Y, TROLL)
    man = add(state, "W", 0, X + 5, Y)
    beast = add(state, "WB", 0, X + 10, Y, profile(keywords=frozenset({"war beast"})))
    assert knocked_down_by_charge_immune(troll)
    assert knocked_down_by_charge_immune(beast)
    assert not knocked_down_by_charge_immune(man)


def test_mon_cav_02_a_monster_with_a_rider_counts_as_cavalry() -> None:
    """MON-CAV-02 (002:L1804): a ridden Monster is Cavalry; a Monster on foot is not."""
    state = battle()
    ridden = profile(keywords=frozenset({"monster", "cavalry"}), strength=6)
    assert counts_as_cavalry(add(state, "F", 0, X, Y, ridden))
    assert not counts_as_cavalry(add(state, "T", 0, X + 5, Y, TROLL))


def test_mon_bnd_01_mon_bpa_01_declined_bpa_strikes_normally() -> None:
    """MON-BND-01 (002:L1798-1800), MON-BPA-01 (002:L1808): a winning Monster is offered
    Rend, Hurl and Barge; declining, it strikes as any model: S7 v D4 wounds on 3+."""
    state = battle([6, 6, 6, 1, 3, 1, 1])
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y, profile(wounds=3))
    player = Scripted()
    fight(state, "A1", ["B1"], player)
    ((uid, options),) = player.asked
    assert uid == "A1"
    assert {o.name for o in options} == {"rend", "hurl", "barge"}
    assert state.models["B1"].wounds == 2  # one 3 among the three strikes
    assert len(purposes(state, "strike")) == 3


def test_mon_bpa_01_a_winner_that_is_no_monster_is_never_offered_a_bpa() -> None:
    """MON-BPA-01 (002:L1808): only Monsters have Brutal Power Attacks."""
    state = battle([6, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    player = Scripted(named("rend", "B1"))
    fight(state, "A1", ["B1"], player)
    assert player.asked == []


# --- BPA general ----------------------------------------------------------------------------


def test_mon_bpa_02_a_bpa_is_no_strike_no_two_handed_bonus() -> None:
    """MON-BPA-02 (002:L1808): what affects strikes (two-handed +1 To Wound) does not
    affect a BPA: Rend S7 v S3 needs 3+; three 2s fail although 2+1 would have wounded."""
    axe = TROLL.__class__(**{**_fields(TROLL), "wargear": ("two-handed axe",)})
    state = battle([6, 6, 6, 1, 2, 2, 2])
    add(state, "A1", 0, X, Y, axe)
    add(state, "B1", 1, X + TOUCH, Y)
    fight(state, "A1", ["B1"], Scripted(named("rend", "B1")))
    assert state.models["B1"].alive
    assert purposes(state, "rend") == [[2], [2], [2]]
    assert purposes(state, "strike") == []


def _fields(prof: Profile) -> dict[str, Any]:
    return {name: getattr(prof, name) for name in Profile.__slots__}  # type: ignore[attr-defined]


def test_mon_bpa_03_a_supporting_monster_makes_no_bpa() -> None:
    """MON-BPA-03 (002:L1808): a Monster supporting with a spear is never offered a BPA."""
    spear_troll = TROLL.__class__(**{**_fields(TROLL), "wargear": ("spear",)})
    state = battle([6, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y)
    add(state, "B1", 1, X + BASE_GAP, Y)
    add(state, "A2", 0, X - TOUCH, Y, spear_troll)  # touches A1, not B1
    player = Scripted(named("barge"))
    fight(state, "A1", ["B1"], player)
    assert state.log.of_kind("support")[0].data["model"] == "A2"
    assert player.asked == []
    assert not state.log.of_kind("brutal_power_attack")


def test_mon_bpa_04_one_bpa_per_monster_per_turn() -> None:
    """MON-BPA-04 (002:L1810): a Monster that used a BPA this turn only strikes."""
    state = battle([6, 6, 6, 1, 1, 1, 1])
    troll = add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y)
    troll.bpa_turn = state.turn
    player = Scripted(named("rend", "B1"))
    fight(state, "A1", ["B1"], player)
    assert player.asked == []
    assert len(purposes(state, "strike")) == 3


def test_mon_bpa_05_monsters_named_one_at_a_time_hurl_ends_the_fight() -> None:
    """MON-BPA-05 (002:L1812): two winning Monsters; the first named hurls, which ends the
    fight (HURL-08), so the second is never asked. If the first declines, the second is."""
    state = battle([6, 6, 6, 6, 6, 6, 1, 1, 1])
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "A2", 0, X + TOUCH, Y + TOUCH, TROLL)  # off the line of the Hurl
    add(state, "B1", 1, X + TOUCH, Y)
    player = Scripted(lambda options: next(o for o in options if o.name == "hurl"))
    fight(state, "B1", ["A1", "A2"], player)
    assert [uid for uid, _ in player.asked] == ["A1"]
    assert state.log.of_kind("hurl")[0].data["model"] == "A1"

    state = battle([6, 6, 6, 6, 6, 6, 1] + [1] * 12)  # B1 is trapped: two dice per strike
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "A2", 0, X + TOUCH, Y + TOUCH, TROLL)
    add(state, "B1", 1, X + TOUCH, Y)
    declines = Scripted()
    fight(state, "B1", ["A1", "A2"], declines)
    assert [uid for uid, _ in declines.asked] == ["A1", "A2"]


def test_mon_bpa_06_war_beasts_only_use_bpas_of_their_profile() -> None:
    """MON-BPA-06 (002:L1872): a War Beast has no Rend, Hurl or Barge; a BPA its profile
    names (here Bludgeon) is offered."""
    beast = profile(
        strength=9, attacks=1, keywords=frozenset({"monster", "war beast"}), base_mm=40.0
    )
    state = battle([6, 1, 1, 1])
    add(state, "A1", 0, X, Y, beast)
    add(state, "B1", 1, X + TOUCH, Y)
    player = Scripted(named("rend", "B1"))
    fight(state, "A1", ["B1"], player)
    assert player.asked == []

    clubbing = beast.__class__(**{**_fields(beast), "rules": ("Bludgeon (Brutal Power Attack)",)})
    state = battle([6, 1, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y, clubbing)
    add(state, "B1", 1, X + TOUCH, Y)
    add(state, "B2", 1, X, Y + TOUCH)
    player = Scripted()
    fight(state, "A1", ["B1", "B2"], player)
    assert {o.name for o in player.asked[0][1]} == {"bludgeon"}


# --- Rend -----------------------------------------------------------------------------------


def test_mon_bpa_rend_01_02_strength_against_strength_goblin_king_example() -> None:
    """MON-BPA-REND-01, MON-BPA-REND-02 (002:L1816, example L1828-1830): the Goblin King
    (S5) rends Thorin (S4, D7): 4+ instead of 5+; a 4 wounds him."""
    king = profile(strength=5, attacks=1, keywords=frozenset({"monster"}), base_mm=40.0)
    thorin = profile(strength=4, defence=7, wounds=2)
    state = battle([6, 1, 4])
    add(state, "A1", 0, X, Y, king)
    add(state, "B1", 1, X + TOUCH, Y, thorin)
    fight(state, "A1", ["B1"], Scripted(named("rend", "B1")))
    assert state.models["B1"].wounds == 1
    assert purposes(state, "rend A1->B1 (S5 vs S4)") == [[4]]


def test_mon_bpa_rend_01_all_attacks_at_the_nominated_model() -> None:
    """MON-BPA-REND-01 (002:L1816): every die goes at the one nominated enemy (B2), none
    at the other loser."""
    state = battle([6, 6, 6, 1, 1, 3, 3, 3])
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y, CAPTAIN)
    add(state, "B2", 1, X - TOUCH, Y, CAPTAIN)
    fight(state, "A1", ["B1", "B2"], Scripted(named("rend", "B2")))
    assert not state.models["B2"].alive  # three 3s: S7 v S4 wounds on 3+ (D6 needed 4+)
    assert state.models["B1"].wounds == 3


def test_mon_bpa_rend_03_one_die_per_attack_even_against_a_trapped_model() -> None:
    """MON-BPA-REND-03 (002:L1808, L1816): a prone (trapped) target would take two dice per
    strike; Rend rolls only the Monster's three Attacks."""
    state = battle([6, 6, 6, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y, profile(wounds=3)).prone = True
    fight(state, "A1", ["B1"], Scripted(named("rend", "B1")))
    assert purposes(state, "rend") == [[1], [1], [1]]
    assert state.dice.remaining == 0  # type: ignore[attr-defined]


# --- Hurl -----------------------------------------------------------------------------------


def _beorn(dice: list[int], victim: Profile = ORC, table: Table | None = None) -> BattleState:
    """Beorn at (10, 24) has beaten the Orc B1 touching his east side (the line runs +x)."""
    state = battle(dice, table=table)
    add(state, "A1", 0, 10.0, Y, BEORN)
    add(state, "B1", 1, 10.0 + TOUCH, Y, victim)
    return state


def _hurl(state: BattleState) -> None:
    fight(state, "A1", ["B1"], Scripted(named("hurl", "B1")))


def test_mon_bpa_hurl_01_only_lower_strength_enemies_in_contact() -> None:
    """MON-BPA-HURL-01 (002:L1820): a Strength 8 Beorn may hurl the S4 Orc, not an S8 foe."""
    state = battle([6, 6, 6, 1, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y, BEORN)
    add(state, "B1", 1, X + TOUCH, Y, ORC)
    add(state, "B2", 1, X - TOUCH, Y, profile(strength=8))
    player = Scripted()
    fight(state, "A1", ["B1", "B2"], player)
    hurls = [o.target for o in player.asked[0][1] if o.name == "hurl"]
    assert hurls == ["B1"]


def test_mon_bpa_hurl_02_03_04_beorn_example_distance_direction_prone() -> None:
    """MON-BPA-HURL-02, MON-BPA-HURL-03, MON-BPA-HURL-04 (002:L1822-1824, example L1834):
    D6 3 -> D3 2, plus S8 - S4 = 6"; straight on along the line through both centres; the
    Orc lands Prone."""
    state = _beorn([6, 6, 6, 1, 3, 1])
    _hurl(state)
    orc = state.models["B1"]
    assert state.log.of_kind("hurl")[0].data["distance"] == 6
    assert orc.x == pytest.approx(10.0 + TOUCH + 6.0) and orc.y == pytest.approx(Y)
    assert orc.prone and orc.alive


def test_mon_bpa_hurl_05_06_models_passed_through_and_their_fight() -> None:
    """MON-BPA-HURL-05/06 (002:L1842-1844, example L1834-1838): the Orc passes through Orcs
    B2 and B3; each suffers an S3 hit and is Prone; the Elf A2 fighting B3 suffers an S3 hit
    and is Prone (S3 <= 5); the hurled Orc suffers two S3 hits and one S6 hit."""
    state = _beorn([6, 6, 6, 1, 3] + [1] * 6)
    add(state, "B2", 1, 13.5, Y, ORC)
    add(state, "B3", 1, 15.5, Y, ORC)
    add(state, "A2", 0, 15.5, Y + BASE_GAP)  # fighting B3
    _hurl(state)
    assert state.log.of_kind("hurl")[0].data["passed"] == ["B2", "B3"]
    hits = [p for p, _ in rolls(state) if " hit on " in p]
    assert hits == [
        "hurled through hit on B2 (S3 D5)",
        "hurled through hit on B3 (S3 D5)",
        "hurled into the fight hit on A2 (S3 D4)",
        "hurled hit on B1 (S3 D5)",
        "hurled hit on B1 (S3 D5)",
        "hurled hit on B1 (S6 D5)",
    ]
    assert all(state.models[u].prone for u in ("B1", "B2", "B3", "A2"))
    assert not state.models["A1"].prone


def test_mon_bpa_hurl_05_prone_models_and_the_monsters_friends_are_hit_too() -> None:
    """MON-BPA-HURL-05 (002:L1842): every model passed through, Prone ones included, and
    whatever its side: the Prone Orc B2 and Beorn's own friend A2 each suffer an S3 hit and
    are (stay) Prone; the hurled Orc suffers an S3 hit per model passed and the S6 impact."""
    state = _beorn([6, 6, 6, 1, 3] + [1] * 5)
    add(state, "B2", 1, 13.5, Y, ORC).prone = True
    friend = add(state, "A2", 0, 15.5, Y)
    _hurl(state)
    assert state.log.of_kind("hurl")[0].data["passed"] == ["B2", "A2"]
    hits = [p for p, _ in rolls(state) if " hit on " in p]
    assert hits == [
        "hurled through hit on B2 (S3 D5)",
        "hurled through hit on A2 (S3 D4)",
        "hurled hit on B1 (S3 D5)",
        "hurled hit on B1 (S3 D5)",
        "hurled hit on B1 (S6 D5)",
    ]
    assert state.models["B2"].prone and friend.prone


def test_mon_bpa_hurl_05_strong_fighters_stand_cavalry_takes_two_hits() -> None:
    """MON-BPA-HURL-05 (002:L1842): a passed Cavalry model suffers a hit on the mount and
    one on the rider; in its fight a Strength 6 model is hit but stays standing."""
    rider = profile(strength=3, keywords=frozenset({"cavalry"}), wounds=2)
    state = _beorn([6, 6, 6, 1, 3] + [1] * 5)
    add(state, "B2", 1, 14.0, Y, rider)
    add(state, "A2", 0, 14.0, Y + BASE_GAP, profile(strength=6))  # fighting B2, off the line
    _hurl(state)
    hits = [p for p, _ in rolls(state) if " hit on " in p]
    assert hits[:3] == [
        "hurled through hit on B2 (S3 D4)",
        "hurled through hit on B2 (S3 D4)",
        "hurled into the fight hit on A2 (S3 D4)",
    ]
    assert state.models["B2"].prone and not state.models["A2"].prone


def test_mon_bpa_hurl_06_the_hurled_model_can_die_of_its_flight() -> None:
    """MON-BPA-HURL-06 (002:L1844): S3 per model passed (5+ on D5) and the S6 landing (4+)."""
    state = _beorn([6, 6, 6, 1, 3, 6, 5, 4], victim=profile(strength=4, defence=5, wounds=2))
    add(state, "B2", 1, 13.5, Y, ORC)
    _hurl(state)
    assert not state.models["B1"].alive
    assert not state.models["B2"].alive  # its S3 hit rolled a 6


def test_mon_bpa_hurl_04_07_stopped_by_a_strength_6_model() -> None:
    """MON-BPA-HURL-04/07 (002:L1824, L1846): a Strength 6 model in the way stops the flight:
    the Orc ends touching it; both suffer one S6 hit; the strong model is not Prone."""
    state = _beorn([6, 6, 6, 1, 3, 1, 1])
    big = add(state, "C1", 0, 14.0, Y, profile(strength=6, defence=6))
    _hurl(state)
    orc = state.models["B1"]
    assert state.in_contact(orc, big) and orc.x < big.x
    assert state.log.of_kind("hurl")[0].data["stopper"] == "C1"
    hits = [p for p, _ in rolls(state) if " hit on " in p]
    assert hits == ["hit by a hurled model hit on C1 (S6 D6)", "hurled hit on B1 (S6 D5)"]
    assert orc.prone and not big.prone


def test_mon_bpa_hurl_04_07_stopped_by_a_wall_and_the_table_edge() -> None:
    """MON-BPA-HURL-04/07 (002:L1824, L1846): a wall stops the flight short of it (the Orc
    still suffers its S6 hit); the table edge stops it at the edge (data.ASSUMPTIONS
    'hurl-path')."""
    wall = TerrainPiece("wall", TerrainKind.OBSTACLE, ((14.0, 0.0), (14.0, 48.0)), 0.8, 0.3)
    state = _beorn([6, 6, 6, 1, 3, 1], table=Table("t", (wall,)))
    _hurl(state)
    orc = state.models["B1"]
    assert state.log.of_kind("hurl")[0].data["wall"] is True
    assert 13.85 - 0.1 - R <= orc.x <= 13.85 - R
    state = battle([6, 6, 6, 1, 3, 1])
    add(state, "A1", 0, 44.0, Y, BEORN)
    add(state, "B1", 1, 44.0 + TOUCH, Y, ORC)
    _hurl(state)
    assert 48.0 - R - 0.1 <= state.models["B1"].x <= 48.0 - R  # followed in 0.1" steps
    assert state.log.of_kind("hurl")[0].data["wall"] is False


def test_mon_bpa_hurl_07_models_under_the_landing_spot_are_nudged() -> None:
    """MON-BPA-HURL-07 (002:L1846): a model lying under the final position is passed through
    (S3 hit, Prone) and nudged aside: no base overlaps another."""
    state = _beorn([6, 6, 6, 1, 3, 1, 1, 1])
    under = add(state, "B4", 1, 10.0 + TOUCH + 6.0, Y + 0.3, ORC)
    _hurl(state)
    assert state.log.of_kind("hurl")[0].data["passed"] == ["B4"]
    assert under.prone
    assert [e.data["model"] for e in state.log.of_kind("move") if e.data["reason"] == "nudged"]
    assert no_overlap(state)


def test_mon_bpa_hurl_08_the_fight_ends_no_back_away_no_strikes() -> None:
    """MON-BPA-HURL-08 (002:L1848): after the Hurl the other loser neither backs away nor
    is struck: the fight is over."""
    state = _beorn([6, 6, 6, 1, 1, 3, 1])
    other = add(state, "B2", 1, 10.0, Y + TOUCH, ORC)
    start = other.position
    fight(state, "A1", ["B1", "B2"], Scripted(named("hurl", "B1")))
    assert other.position == start
    assert purposes(state, "strike") == []
    assert state.dice.remaining == 0  # type: ignore[attr-defined]


def test_mon_bpa_hurl_09_a_war_beast_is_never_hurled() -> None:
    """MON-BPA-HURL-09 (002:L1919): Immovable Object: a War Beast is not offered as a
    victim even with a lower Strength."""
    beast = profile(strength=4, keywords=frozenset({"war beast"}))
    state = battle([6, 6, 6, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y, BEORN)
    add(state, "B1", 1, X + TOUCH, Y, beast)
    player = Scripted()
    fight(state, "A1", ["B1"], player)
    assert not [o for o in player.asked[0][1] if o.name == "hurl"]


# --- Barge ----------------------------------------------------------------------------------


def test_mon_bpa_barge_01_04_every_enemy_and_spear_backs_3_inches_no_strikes() -> None:
    """MON-BPA-BARGE-01, MON-BPA-BARGE-04 (002:L1852): B1, B3 and B1's spear supporter B2
    each back away a full 3"; the fight ends with no strike. (The D6 move finds nobody.)"""
    spear = profile(wargear=("spear",))
    state = battle([6, 6, 6, 1, 1, 1, 1])
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y)
    add(state, "B2", 1, X + TOUCH + BASE_GAP, Y, spear)
    add(state, "B3", 1, X, Y - TOUCH)
    starts = {u: state.models[u].position for u in ("B1", "B2", "B3")}
    fight(state, "A1", ["B1", "B3"], Scripted(named("barge")))
    troll = state.models["A1"]
    for uid, start in starts.items():
        model = state.models[uid]
        assert point_distance(start, model.position) == pytest.approx(3.0)
        assert state.distance(troll, model) >= 1.0 - 1e-6 and not model.prone
    assert purposes(state, "strike") == []
    assert no_overlap(state)


def _corridor(*extra: TerrainPiece) -> Table:
    """Two walls along y = 23.3 and 24.7 from x = 24.6: B1 can only back away east."""
    walls = tuple(
        TerrainPiece(f"w{k}", TerrainKind.OBSTACLE, ((24.6, y), (40.0, y)), 0.8, 0.3)
        for k, y in enumerate((23.3, 24.7))
    )
    return Table("corridor", walls + extra)


def test_mon_bpa_barge_02_a_friend_makes_way_3_inches() -> None:
    """MON-BPA-BARGE-02 (002:L1852): the corridor is blocked by B1's friend C1, who is moved
    3" out of the way by the Monster's controller; B1 then backs away its full 3"."""
    state = battle([6, 6, 6, 1, 1], table=_corridor())
    add(state, "A1", 0, X, Y, TROLL)
    b1 = add(state, "B1", 1, X + TOUCH, Y)
    c1 = add(state, "C1", 1, X + TOUCH + BASE_GAP + 0.5, Y)
    b_start, c_start = b1.position, c1.position
    fight(state, "A1", ["B1"], Scripted(named("barge")))
    assert point_distance(c_start, c1.position) == pytest.approx(3.0)
    assert point_distance(b_start, b1.position) == pytest.approx(3.0)
    assert [e.data["reason"] for e in state.log.of_kind("move")] == ["make way", "barged"]
    assert not b1.prone and no_overlap(state)


def test_mon_bpa_barge_03_short_of_3_inches_as_far_as_possible_and_prone() -> None:
    """MON-BPA-BARGE-03 (002:L1852): a wall closes the corridor: no heading gives a full
    3"; B1 goes as far as it can (1" in 0.25" steps) and is knocked Prone there."""
    end = TerrainPiece("end", TerrainKind.OBSTACLE, ((27.0, 20.0), (27.0, 28.0)), 0.8, 0.3)
    state = battle([6, 6, 6, 1, 1], table=_corridor(end))
    add(state, "A1", 0, X, Y, TROLL)
    b1 = add(state, "B1", 1, X + TOUCH, Y)
    start = b1.position
    fight(state, "A1", ["B1"], Scripted(named("barge")))
    assert point_distance(start, b1.position) == pytest.approx(1.0)
    assert b1.prone


def test_mon_bpa_barge_03_the_controller_picks_among_full_headings() -> None:
    """MON-BPA-BARGE-01/03: the Monster's controller is offered only headings giving a full
    3" and its pick is used; an illegal pick is refused (directly away is taken)."""

    class Sideways(Scripted):
        def choose_barge_direction(self, state, monster, model, headings):  # type: ignore[no-untyped-def]
            self.headings = list(headings)
            return headings[-1]

    state = battle([6, 6, 6, 1, 1])
    add(state, "A1", 0, X, Y, TROLL)
    b1 = add(state, "B1", 1, X + TOUCH, Y)
    start = b1.position
    player = Sideways(named("barge"))
    fight(state, "A1", ["B1"], player)
    heading = math.atan2(b1.y - start[1], b1.x - start[0])
    assert heading == pytest.approx(player.headings[-1])
    assert heading != pytest.approx(0.0)


def test_mon_bpa_barge_05_d6_move_and_a_new_charge_fights_again() -> None:
    """MON-BPA-BARGE-05 (002:L1854): after the Barge the Monster moves D6" (6) and charges
    B9; it fights again this phase, without a second BPA (MON-BPA-04)."""
    dice = [6, 6, 6, 1, 6] + [6, 6, 6, 1] + [1, 1, 1]
    state = battle(dice)
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y)
    b9 = add(state, "B9", 1, X - TOUCH - 2.0, Y)
    player = Scripted(named("barge"))
    run_fight_phase(state, (player, Scripted()))
    charge = [e.data for e in state.log.of_kind("move") if e.data["reason"] == "barge charge"]
    assert charge and charge[0]["model"] == "A1"
    assert point_distance(tuple(charge[0]["end"]), b9.position) > 0  # B9 then backed away
    assert state.log.of_kind("combats")[-1].data["combats"] == [["A1", "B9"]]
    assert len(player.asked) == 1  # no second BPA this turn
    assert len(purposes(state, "strike A1->B9")) == 3


def test_mon_bpa_barge_05_a_charge_into_a_fight_not_yet_fought_joins_it() -> None:
    """MON-BPA-BARGE-05 (002:L1854): the Troll barges B1, moves D6" (3) and charges E1,
    whose fight with F1 is still to be fought: the fights are formed again and the Troll
    joins it (E1 rolls one Duel, against the Troll and F1 together), E1 fights once."""

    class Charger(Scripted):
        def choose_barge_charge(self, state, monster, charges):  # type: ignore[no-untyped-def]
            return next(c for c in charges if c.target == "E1")

    state = battle([6, 6, 6, 1, 3] + [1, 1, 1, 6, 1] + [1] * 8)
    add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y)
    add(state, "E1", 1, X - 4.0, Y)
    add(state, "F1", 0, X - 4.0 - BASE_GAP, Y)
    run_fight_phase(state, (Charger(named("barge")), Scripted()))
    assert state.log.of_kind("combats")[0].data["combats"] == [["A1", "B1"], ["F1", "E1"]]
    reformed = state.log.of_kind("combats")[-1].data
    assert reformed["reformed"] and reformed["combats"] == [["E1", "A1", "F1"]]
    duels = [p for p, _ in rolls(state) if p.startswith("duel")]
    assert duels == ["duel A1", "duel B1", "duel A1", "duel F1", "duel E1"]


def test_mon_bpa_barge_06_not_after_a_heroic_combat() -> None:
    """MON-BPA-BARGE-06 (002:L1856): a Monster that took part in a Heroic Combat this turn
    is not offered Barge (Rend and Hurl still are)."""
    state = battle([6, 6, 6, 1, 1, 1, 1])
    troll = add(state, "A1", 0, X, Y, TROLL)
    add(state, "B1", 1, X + TOUCH, Y)
    troll.heroic_combat = True
    player = Scripted()
    fight(state, "A1", ["B1"], player)
    assert {o.name for o in player.asked[0][1]} == {"rend", "hurl"}


# --- unique BPA: Bludgeon (registry, MON-BPA-01 data-driven) ---------------------------------


def test_mon_bpa_01_unique_bpa_bludgeon_from_the_profile() -> None:
    """MON-BPA-01 (002:L1808): a unique BPA named in the profile (the Ent's Bludgeon): B1 is
    the bludgeon; B2 is slain by the S8 hit so the Ent hits B3 too; B1 survives, Prone."""
    ent = TROLL.__class__(
        **{**_fields(TROLL), "strength": 8, "rules": ("Bludgeon (Brutal Power Attack)",)}
    )
    state = battle([6, 6, 6, 1, 1, 1, 6, 1, 1, 1])
    add(state, "A1", 0, X, Y, ent)
    club = add(state, "B1", 1, X + TOUCH, Y, profile(wounds=3))
    add(state, "B2", 1, X - TOUCH, Y)
    add(state, "B3", 1, X, Y + TOUCH)
    player = Scripted(named("bludgeon", "B1"))
    fight(state, "A1", ["B1", "B2", "B3"], player)
    assert not state.models["B2"].alive and state.models["B3"].alive
    assert club.alive and club.prone
    hits = [p for p, _ in rolls(state) if " hit on " in p]
    assert [h.split(" hit on ")[1][:2] for h in hits] == ["B2", "B1", "B3", "B1"]


# --- players --------------------------------------------------------------------------------


def _options(state: BattleState, names: list[tuple[str, str | None]]) -> list[BpaOption]:
    return [BpaOption(n, t) for n, t in names]


def test_heuristic_hurls_into_a_crowd_rends_a_hard_target_barges_a_crowd() -> None:
    """MON-BPA-01 (HeuristicPlayer): the most harmful choice. Beorn (S8, A3) and a lone Orc
    (D5, W1): striking takes it out (1.0); Hurl through two Orcs takes out the victim (1.0)
    and 2/3 of an Orc more (two S3 hits on D5, 5+), and leaves them Prone: Hurl. A Troll (S7,
    A3) and a lone Captain (S4, D6, W3): strikes 3 x 1/2 / 3 = 0.5; Rend (S7 v S4, 3+)
    3 x 2/3 / 3 = 0.67: Rend. Barge harms nobody: not against a lone Warrior, not against
    three Warriors the Troll wounds on 4+ (1.5 taken out by striking); only against three it
    can hardly wound (D10, W2: 6+, 0.25), to break free and charge again (BARGE-05)."""
    player = HeuristicPlayer()
    state = _beorn([])
    add(state, "B2", 1, 13.5, Y, ORC)
    add(state, "B3", 1, 15.5, Y, ORC)
    beorn, b1 = state.models["A1"], state.models["B1"]
    offered = _options(state, [("rend", "B1"), ("hurl", "B1"), ("barge", None)])
    assert player.choose_brutal_power_attack(state, beorn, [b1], offered) == BpaOption("hurl", "B1")
    state = battle([])
    troll = add(state, "A1", 0, X, Y, TROLL)
    captain = add(state, "B1", 1, X + TOUCH, Y, CAPTAIN)
    offered = _options(state, [("rend", "B1"), ("hurl", "B1"), ("barge", None)])
    assert player.choose_brutal_power_attack(state, troll, [captain], offered) == BpaOption(
        "rend", "B1"
    )
    warrior = add(state, "B2", 1, X - TOUCH, Y)
    assert player.choose_brutal_power_attack(state, troll, [warrior], offered[2:]) is None
    crowd = [captain, warrior, add(state, "B3", 1, X, Y + TOUCH)]
    assert player.choose_brutal_power_attack(state, troll, crowd, offered[2:]) is None
    wall = profile(defence=10, wounds=2)
    crowd = [add(state, f"C{k}", 1, X + 10 * k, Y + 10, wall) for k in range(3)]
    assert player.choose_brutal_power_attack(state, troll, crowd, offered[2:]) == BpaOption("barge")


def test_heuristic_never_hurls_into_its_own_side() -> None:
    """MON-BPA-HURL-05 (HeuristicPlayer): the flight would pass through two friends of the
    Monster (they would take the S3 hits and be Prone): Beorn strikes instead."""
    player = HeuristicPlayer()
    state = _beorn([])
    add(state, "A2", 0, 13.5, Y, ORC)
    add(state, "A3", 0, 15.5, Y, ORC)
    beorn, b1 = state.models["A1"], state.models["B1"]
    offered = _options(state, [("hurl", "B1"), ("barge", None)])
    assert player.choose_brutal_power_attack(state, beorn, [b1], offered) is None


def test_random_player_picks_a_legal_bpa_or_strikes() -> None:
    """MON-BPA-01 (RandomPlayer): a uniform pick among striking and the options offered."""
    state = battle(Dice(3))
    troll = add(state, "A1", 0, X, Y, TROLL)
    b1 = add(state, "B1", 1, X + TOUCH, Y)
    offered = _options(state, [("rend", "B1"), ("hurl", "B1"), ("barge", None)])
    picks = {
        RandomPlayer().choose_brutal_power_attack(state, troll, [b1], offered) for _ in range(40)
    }
    assert picks == {None, *offered}
    charge = Charge("A1", "B1", (0.0, 0.0))
    assert RandomPlayer().choose_barge_charge(state, troll, [charge]) in (None, charge)


# --- whole battles with Monsters -----------------------------------------------------------

MONSTER_BATTLE = {"forces": ["minas_tirith_ent_skirmish", "mordor_troll_skirmish"], "turn_limit": 8}


@pytest.mark.parametrize("seed", range(20))
def test_battles_with_monsters_keep_the_invariants(seed: int) -> None:
    """MON-BPA-*: seeded battles with an Ent and a Troll: no exception, no base overlap after
    any move (hurled, barged, nudged included), wounds and casualties add up."""
    players = (
        (HeuristicPlayer(), RandomPlayer()) if seed % 2 else (RandomPlayer(), HeuristicPlayer())
    )
    if seed % 4 == 0:
        players = (HeuristicPlayer(), HeuristicPlayer())
    state, watcher = run_watched(seed, players, MONSTER_BATTLE)
    assert watcher.problems == []
    _wounds_add_up(state)
