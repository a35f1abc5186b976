"""Evil army rules (issue 19): Isengard's captains and the Demolition Team's Flaming Brand,
from the BattleScribe rule text cited by id; each test fails when the rule's unit is removed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.names import parts
from battlesim.engines.sbg.core.permissions import May, permitted
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    notify,
    tick,
)
from battlesim.engines.sbg.core.tables_more import walled_keep
from battlesim.engines.sbg.core.units import SiegeEngineSpec, engine_profile
from battlesim.engines.sbg.phases import heroic
from battlesim.engines.sbg.policies.players import HeuristicPlayer
from battlesim.engines.sbg.rules import fight_stances, objects, siege_ladders
from battlesim.engines.sbg.rules.armies.evil.assault_ballista import raise_the_ladder
from battlesim.engines.sbg.rules.armies.evil.isengard_captains import JoinHeroicAction
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.courage import broken_test, stand_fast_hero
from battlesim.engines.sbg.rules.fighting import strike
from battlesim.engines.sbg.rules.heroic_actions import HEROIC_MOVE, heroic_turn
from battlesim.engines.sbg.rules.siege_engines import crewing, fire_engines
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, rolls

ORC = replace(WARRIOR, keywords=frozenset({"orc", "infantry", "warrior"}))
CAPTAIN = replace(ORC, might=0, will=0, fate=0, keywords=frozenset({"orc", "infantry", "hero"}))
KNIGHT = replace(WARRIOR, might=0, will=0, fate=0, keywords=frozenset({"man", "hero"}))


class _Player(HeuristicPlayer):
    """The heuristic, with some answers fixed by the test."""

    def __init__(self, joins: bool = True, two_hands: bool = True) -> None:
        super().__init__()
        self.joins, self.two_hands = joins, two_hands

    def decide(self, state: BattleState, decision: Any) -> Any:
        if isinstance(decision, JoinHeroicAction):
            return self.joins
        return super().decide(state, decision)

    def call_friends(self, state: BattleState, hero: ModelState, action: str) -> bool:
        return True

    def choose_two_hands(self, state: BattleState, model: ModelState, enemies: Any) -> bool:
        return self.two_hands


# --- Flaming Brand (BSData f7d9-c1ad-c029-0a11) ---------------------------------------------


def test_flaming_brand_bars_fighting_two_handed() -> None:
    """BSData f7d9-c1ad-c029-0a11: a model carrying a flaming brand cannot use a two-handed
    weapon: the Berserker's blade (hand-and-a-half) is used one-handed though his player
    asks for two hands; without the brand it is two-handed."""
    blade = replace(WARRIOR, wargear=("hand-and-a-half sword", "berserker blade"))
    state = battle([])
    berserker = add(
        state, "B", 1, 10, 10, replace(blade, wargear=(*blade.wargear, "flaming brand"))
    )
    foe = add(state, "F", 0, 10 + BASE_GAP, 10)
    fight_stances.declare(state, Combat(berserker, [foe]), (_Player(), _Player()))
    assert "flaming brand" in berserker.triggers and not berserker.two_hands
    plain = battle([])
    uruk = add(plain, "B", 1, 10, 10, blade)
    enemy = add(plain, "F", 0, 10 + BASE_GAP, 10)
    fight_stances.declare(plain, Combat(uruk, [enemy]), (_Player(), _Player()))
    assert uruk.two_hands


# --- Riding Dagger (BSData c812-6ec1-f12c-7316) ----------------------------------------------

SHARKU = replace(CAPTAIN, name="Sharku", wargear=("riding dagger",))


def test_riding_dagger_strikes_back_at_a_hero_who_fails_to_wound() -> None:
    """BSData c812-6ec1-f12c-7316: an enemy Hero in base contact fails To Wound Sharku
    (S3 against D4: a 2 misses, 5+ needed): Sharku at once makes one Strength 4 Strike at
    him, a 4 wounds Defence 4 and slays the one-Wound Hero."""
    state = battle([2, 4])
    sharku = add(state, "S", 1, 10, 10, SHARKU)
    hero = add(state, "H", 0, 10 + BASE_GAP, 10, KNIGHT)
    assert "dagger" in parts("Riding Dagger (Active)", wargear=True)  # "This is a dagger"
    strike(state, hero, sharku, trapped=False)
    assert sharku.alive and not hero.alive
    assert [e.data["rule"] for e in state.log.of_kind("army_rule")] == ["riding dagger"]


@pytest.mark.parametrize("striker", [WARRIOR, KNIGHT])
def test_riding_dagger_answers_no_warrior_and_no_wounding_strike(striker: Any) -> None:
    """BSData c812-6ec1-f12c-7316: a Warrior's failed Strike earns no Strike back; a Hero's
    Strike that wounds (a 6, slaying one-Wound Sharku) neither; only one die is rolled."""
    die = 2 if striker is WARRIOR else 6
    state = battle([die])
    sharku = add(state, "S", 1, 10, 10, SHARKU)
    foe = add(state, "H", 0, 10 + BASE_GAP, 10, striker)
    strike(state, foe, sharku, trapped=False)
    assert foe.alive and sharku.alive is (striker is WARRIOR)
    assert not state.log.of_kind("army_rule")


# --- Head Taker (BSData 8dec-fd8e-c2ed-92c4) --------------------------------------------------

UGLUK = replace(CAPTAIN, name="Uglúk", rules=("head taker",))


def _ugluk_broken(state: BattleState) -> tuple[ModelState, ModelState]:
    ugluk = add(state, "U", 1, 10, 10, UGLUK)
    victim = add(state, "V", 1, 11.5, 10, replace(ORC, points=5))
    add(state, "X", 1, 8.5, 10, replace(ORC, points=8))
    state.broken[1] = True
    state.phase = Phase.MOVE
    return ugluk, victim


def test_head_taker_slays_a_warrior_instead_of_testing() -> None:
    """BSData 8dec-fd8e-c2ed-92c4: his force Broken, Uglúk removes the cheapest friendly
    Warrior within 2" instead of testing: he passes without a die rolled, and this turn his
    Stand Fast! reaches a Warrior 11" away and a Hero 9" away."""
    state = battle([])
    ugluk, victim = _ugluk_broken(state)
    far = add(state, "F", 1, 21, 10, ORC)
    captain = add(state, "C", 1, 10, 19, CAPTAIN)
    tick(state, Tick.PHASE_START)
    assert not victim.alive and state.casualties[1] == 1
    assert broken_test(state, ugluk) and ugluk.tested
    assert stand_fast_hero(state, far) is ugluk
    assert stand_fast_hero(state, captain) is ugluk


def test_head_taker_not_taken_without_a_warrior_near_or_unbroken() -> None:
    """BSData 8dec-fd8e-c2ed-92c4: unbroken, no Warrior is slain; broken with the nearest
    Warrior 3" away, none either, and Uglúk takes his Courage test (dice rolled)."""
    state = battle([])
    ugluk, victim = _ugluk_broken(state)
    add(state, "F", 1, 21, 10, ORC)
    state.broken[1] = False
    tick(state, Tick.PHASE_START)
    assert victim.alive
    far = battle([6, 6])
    ugluk = add(far, "U", 1, 10, 10, UGLUK)
    warrior = add(far, "V", 1, 13.5, 10, ORC)
    far.broken[1] = True
    far.phase = Phase.MOVE
    tick(far, Tick.PHASE_START)
    assert warrior.alive and broken_test(far, ugluk)
    assert far.log.of_kind("roll")


# --- Cunning Mind (BSData 47df-3d72-b5ab-b069) ------------------------------------------------

SNAGA = replace(CAPTAIN, name="Snaga", rules=("cunning mind",))


def _call(joins: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[ModelState, ModelState, dict]:
    state = battle([])
    captain = add(state, "C", 1, 10, 10, CAPTAIN)
    snaga = add(state, "S", 1, 13, 10, SNAGA)
    orc = add(state, "O", 1, 10, 13, ORC)
    leashes: dict[str, str | None] = {}

    def moved(state: BattleState, players: Any, model: ModelState) -> None:
        leashes[model.uid] = heroic_turn(model).leash

    monkeypatch.setattr(heroic, "take_action", moved)
    player = _Player(joins=joins)
    state.players = (player, player)
    heroic.lead(state, (player, player), captain, HEROIC_MOVE)
    assert orc.done_moving and leashes["O"] == "C"  # the core rule: leashed, no move later
    return snaga, captain, leashes


def test_cunning_mind_may_stay_out_of_a_heroic_move_and_move_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """BSData 47df-3d72-b5ab-b069: Snaga, 3" from a Hero calling "With Me!", chooses not
    to take part: he does not move with the Hero and may still move later in the phase."""
    snaga, _captain, leashes = _call(False, monkeypatch)
    assert "S" not in leashes and not snaga.done_moving


def test_cunning_mind_takes_part_with_no_range_to_keep(monkeypatch: pytest.MonkeyPatch) -> None:
    """BSData 47df-3d72-b5ab-b069: taking part, Snaga moves with the Hero but need not end
    within 6" of him (no leash), unlike the Orc beside him."""
    snaga, _captain, leashes = _call(True, monkeypatch)
    assert "S" in leashes and leashes["S"] is None and snaga.done_moving


# --- Raise the Ladder (BSData 7a0c-7450-7a42-be18) -------------------------------------------
# The walled keep's west curtain wall runs along y = 31 (0.6" thick, 2" high); the ladder's
# carrier stands 3.5" south of it, the Assault Ballista 15" away with its two crewmen.

LADDER = "siege ladder 1"
GRAPPLE = SiegeEngineSpec("Isengard Assault Ballista", 9, 10, 3, False, ("Raise the Ladder",))
VETERAN = replace(CAPTAIN, name="Uruk-hai Siege Veteran", might=1, shoot=4)


def _ballista(dice: list[int], spec: SiegeEngineSpec = GRAPPLE) -> tuple[BattleState, Any]:
    state = battle(dice, table=walled_keep())
    engine = add(state, "E1", 0, 12.0, 16.0, engine_profile(spec))
    gap = engine.radius + 0.5
    add(state, "C1", 0, 12.0 - gap, 16.0, VETERAN)
    add(state, "C2", 0, 12.0 + gap, 16.0, replace(WARRIOR, name="Crew"))
    state.engines["E1"] = ["C1", "C2"]
    carrier = add(state, "A1", 0, 12.0, 27.5, replace(WARRIOR, fight=4))
    siege_ladders.place_ladders(state, [(12.0, 27.0)])
    objects.give(state, LADDER, carrier)
    state.phase = Phase.SHOOT
    return state, engine


def test_raise_the_ladder_hit_raises_it_and_the_carrier_rides_to_the_rampart() -> None:
    """BSData 7a0c-7450-7a42-be18: instead of firing, a 4 hits (the crew's Shoot 4+): the
    ladder carried 4" from the wall's base is raised against the wall and, no defender at
    its top, its carrier is placed on the rampart behind it; the engine has shot (the
    Shoot phase's engine step, the heuristic choosing the grapple)."""
    state, engine = _ballista([4])
    state.players = (HeuristicPlayer(), HeuristicPlayer())
    fire_engines(state, 0)
    found = siege_ladders.raised_ladders(state)[LADDER]
    assert found.side == 0 and found.foot == pytest.approx((12.0, 30.7))
    carrier = state.models["A1"]
    assert carrier.y > 31.3 and objects.where(state, LADDER) is None
    assert engine.shot and state.models["C1"].shot


def test_raise_the_ladder_rider_charges_the_defender_at_the_top_past_the_wall() -> None:
    """BSData 7a0c-7450-7a42-be18: a defender at the ladder's top: the rider is on the
    ladder, counts as charging him (engaged over the wall), and this turn strikes him with no
    in-the-way roll for the wall; a plain climber on another turn has his roll."""
    state, engine = _ballista([5])
    defender = add(state, "B1", 1, 12.0, 31.8)
    crew = crewing(state, engine)
    assert crew is not None and raise_the_ladder(state, engine, crew)
    rider = state.models["A1"]
    assert rider.charged and state.across.get("A1") == "B1" and state.engaged(defender)
    assert permitted(May.STRIKE_PAST_BARRIERS, HookContext(state, rider))
    state.turn += 1
    assert not permitted(May.STRIKE_PAST_BARRIERS, HookContext(state, rider))


def test_raise_the_ladder_miss_and_engine_without_the_rule() -> None:
    """BSData 7a0c-7450-7a42-be18: a 1 misses (the veteran's one Might cannot make it a 4):
    no further effect, the shot is spent; an engine without the rule fires as usual."""
    state, engine = _ballista([1])
    crew = crewing(state, engine)
    assert crew is not None and raise_the_ladder(state, engine, crew)
    assert not siege_ladders.raised_ladders(state) and engine.shot
    assert objects.carrier(state, LADDER) is state.models["A1"]
    plain, other = _ballista([], replace(GRAPPLE, rules=()))
    plain_crew = crewing(plain, other)
    assert plain_crew is not None and not raise_the_ladder(plain, other, plain_crew)
    assert not other.shot


# --- A Traitor Within (BSData acf8-c12d-29bb-4592) --------------------------------------------

GRIMA = replace(CAPTAIN, name="Gríma Wormtongue", rules=("a traitor within",))


def _attached(dice: list[int] = ()) -> tuple[BattleState, ModelState, ModelState]:  # type: ignore[assignment]
    """Gríma deployed with his army far north; an enemy Hero (the only one) at the centre."""
    state = battle(dice)
    grima = add(state, "G", 1, 24.0, 44.0, GRIMA)
    knight = add(state, "K", 0, 24.0, 24.0, KNIGHT)
    state.turn = 1
    tick(state, Tick.TURN_START)
    return state, grima, knight


def test_a_traitor_within_places_grima_with_an_enemy_warband() -> None:
    """BSData acf8-c12d-29bb-4592: before deployment Gríma may be attached to an enemy
    warband and is placed as one of it: beside the enemy Hero (just outside his control
    zone), not engaged; no enemy Hero on the table, he stays with his army."""
    state, grima, knight = _attached()
    assert 1.0 < state.distance(grima, knight) <= 2.2 and not state.engaged(grima)
    alone = battle([])
    other = add(alone, "G", 1, 24.0, 44.0, GRIMA)
    add(alone, "W", 0, 24.0, 24.0)
    tick(alone, Tick.TURN_START)
    assert other.position == (24.0, 44.0)


def test_a_traitor_within_no_enemy_shoots_him_or_past_him() -> None:
    """BSData acf8-c12d-29bb-4592: no enemy model can shoot at Gríma, nor shoot if he is In
    The Way: an archer neither targets him nor the Orc behind him; once he has charged (the
    restriction ends), both are targets."""
    from battlesim.engines.sbg.rules.shooting import is_legal_target

    state, grima, knight = _attached()
    bow = replace(WARRIOR, wargear=("bow",))
    archer = add(state, "A", 0, 5.0, 10.0, bow)
    state.set_position(grima, (5.0, 14.0))
    orc = add(state, "O", 1, 5.6, 18.0, ORC)  # partly behind him: he is In The Way
    assert not is_legal_target(state, archer, grima)
    assert not is_legal_target(state, archer, orc)
    notify(state, On.CHARGE_DECLARED, Happening(grima, other=knight))
    assert is_legal_target(state, archer, grima) and is_legal_target(state, archer, orc)


def test_a_traitor_within_enemies_who_win_strike_no_blows() -> None:
    """BSData acf8-c12d-29bb-4592: an enemy charges Gríma and wins the Duel (6 against 1):
    he strikes no blow (no To Wound die is rolled), Gríma lives."""
    from battlesim.engines.sbg.rules.fighting import resolve_combat

    state, grima, knight = _attached([6, 1, 6, 6])
    state.set_position(knight, (grima.x + grima.radius + knight.radius, grima.y))
    players = (HeuristicPlayer(), HeuristicPlayer())
    resolve_combat(state, Combat(knight, [grima]), players)
    assert grima.alive
    assert not [p for p, _ in rolls(state) if p.startswith("strike")]


def test_a_traitor_within_hidden_grima_holds_his_blows() -> None:
    """BSData acf8-c12d-29bb-4592: Gríma, winning a Duel (6 against 1), may strike no blows
    to keep his allegiance hidden (the heuristic's choice): the Hero lives, Gríma is still
    hidden from the archers."""
    from battlesim.engines.sbg.rules.fighting import resolve_combat
    from battlesim.engines.sbg.rules.untouchable import disguised

    state, grima, knight = _attached([1, 6, 6, 6])
    state.set_position(knight, (grima.x + grima.radius + knight.radius, grima.y))
    players = (HeuristicPlayer(), HeuristicPlayer())
    resolve_combat(state, Combat(knight, [grima]), players)
    assert knight.alive and disguised(state, grima, 0)


def test_a_traitor_within_no_brutal_power_attack_at_him() -> None:
    """BSData acf8-c12d-29bb-4592: enemies who win against Gríma "strike no blows", and a
    Brutal Power Attack is made instead of Strikes: a Troll winning the Duel (6 against 1)
    is offered none against Gríma alone (he lives, no BPA is made); fighting Gríma and an
    Orc, every BPA it is offered is at the Orc or at nobody, never at Gríma."""
    from battlesim.engines.sbg.rules.fighting import resolve_combat
    from tests.engines.sbg.test_monsters import TROLL, Scripted

    state, grima, knight = _attached([6, 1, 6, 6, 6, 6, 6, 6])
    troll = add(state, "T", 0, 5.0, 5.0, TROLL)
    state.set_position(troll, (grima.x + grima.radius + troll.radius, grima.y))
    chooser = Scripted(lambda options: options[0])
    resolve_combat(state, Combat(troll, [grima]), (chooser, Scripted()))
    assert grima.alive and chooser.asked == []
    assert state.log.of_kind("brutal_power_attack") == []
    state, grima, knight = _attached([6, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6])
    troll = add(state, "T", 0, 5.0, 5.0, TROLL)
    state.set_position(troll, (grima.x + grima.radius + troll.radius, grima.y))
    orc = add(state, "O", 1, troll.x, troll.y + troll.radius + 0.5)
    chooser = Scripted()
    resolve_combat(state, Combat(troll, [grima, orc]), (chooser, Scripted()))
    offered = [option for _, options in chooser.asked for option in options]
    assert offered and all(option.target in (orc.uid, None) for option in offered)


@pytest.mark.parametrize("how", ["saruman slain", "wounded"])
def test_a_traitor_within_ends_when_saruman_falls_or_grima_wounds(how: str) -> None:
    """BSData acf8-c12d-29bb-4592: the restriction ends if Saruman is Slain, or if Gríma
    scores a Wound (even one a Fate point would save: the blow is announced before saves)."""
    from battlesim.engines.sbg.core.state import Removal
    from battlesim.engines.sbg.rules.untouchable import disguised

    state, grima, knight = _attached()
    assert disguised(state, grima, 0)
    if how == "saruman slain":
        saruman = add(state, "S", 1, 40.0, 44.0, replace(CAPTAIN, name="Saruman the White"))
        state.remove(saruman, Removal.SLAIN, "test")
    else:
        state.wound(knight, "struck by G")
    assert not disguised(state, grima, 0)


def test_cunning_mind_may_stay_out_of_fire_and_shoot_later() -> None:
    """BSData 47df-3d72-b5ab-b069: a Hero declares a Heroic Shoot and calls "Fire!": the Orc
    with a bow beside him shoots with him or loses his shot (HERO-HS-02); Snaga, choosing not
    to take part, does not shoot now and may still shoot later in the phase."""
    from battlesim.engines.sbg.rules.heroic_actions import (
        DECLARATIONS,
        HEROIC_SHOOT,
        Declaration,
    )

    bow = ("bow",)
    state = battle([])
    captain = add(state, "C", 1, 10, 10, replace(CAPTAIN, wargear=bow))
    snaga = add(state, "S", 1, 13, 10, replace(SNAGA, wargear=bow))
    add(state, "O", 1, 10, 13, replace(ORC, wargear=bow))
    player = _Player(joins=False)
    state.players = (player, player)
    DECLARATIONS.put(state, [Declaration(captain.uid, HEROIC_SHOOT, 1)])
    shooters: list[str] = []
    heroic.run_heroic_shoots(state, (player, player), lambda s, p, m: shooters.append(m.uid))
    assert shooters == ["C", "O"]
    assert heroic_turn(state.models["O"]).no_shoot and not heroic_turn(snaga).no_shoot
