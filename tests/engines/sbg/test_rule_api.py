"""The rule API of the core layer, one kind of rule at a time, each shown on a rule of the
rulebook written with it (rules/special_rules.py) or, where no rule of the book needs the
kind yet, on a rule registered by the test. Every test fails when its rule is removed."""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until, active
from battlesim.engines.sbg.core.effects import add as add_effect
from battlesim.engines.sbg.core.hooks import Hook, HookContext, modifier
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY
from battlesim.engines.sbg.core.state import BattleState, Removal, Tick, tick
from battlesim.engines.sbg.policies.answers import Answering
from battlesim.engines.sbg.rules.courage import courage_test, courage_value
from battlesim.engines.sbg.rules.fighting import strike
from battlesim.engines.sbg.rules.prone import StandsUp
from tests.engines.sbg.builders import BASE_GAP, WARRIOR, add, battle, profile, rolls

HERO = replace(
    WARRIOR, name="Test Hero", might=3, will=1, fate=0, keywords=WARRIOR.keywords | {"hero"}
)


def _with_rules(*rules: str, base: object = WARRIOR) -> object:
    return replace(base, rules=tuple(rules))  # type: ignore[type-var]


# --- a modifier by aura: SR-HARBINGER, SR-ANCEVIL ---------------------------------------


def test_sr_harbinger_aura_takes_one_courage_from_enemies_within_12_inches() -> None:
    """SR-HARBINGER (002:L2769): every enemy within 12" has -1 Courage; not cumulative with
    similar penalties (two carriers, or Ancient Evil, still give -1)."""
    state = battle()
    near = add(state, "A1", 0, 10, 10)
    far = add(state, "A2", 0, 10, 38)  # 16" from the Harbingers, 17" from Ancient Evil
    add(state, "B1", 1, 10, 21, _with_rules("Harbinger of Evil"))  # 11" apart (edges ~10")
    add(state, "B2", 1, 12, 21, _with_rules("Harbinger of Evil"))
    add(state, "B3", 1, 14, 21, _with_rules("Ancient Evil"))
    assert courage_value(state, near) == WARRIOR.courage - 1
    assert courage_value(state, far) == WARRIOR.courage - 1  # Ancient Evil reaches 18"


def test_sr_harbinger_out_of_reach_gives_nothing() -> None:
    state = battle()
    model = add(state, "A1", 0, 10, 10)
    add(state, "B1", 1, 10, 24, _with_rules("Harbinger of Evil"))  # over 12" between edges
    assert courage_value(state, model) == WARRIOR.courage


# --- a permission: SR-FEARLESS ---------------------------------------------------------


def test_sr_fearless_passes_courage_without_rolling() -> None:
    """SR-FEARLESS (002:L2865): automatically passes every Courage test (no dice used)."""
    state = battle([1, 1])
    brave = add(state, "A1", 0, 10, 10, _with_rules("Fearless"))
    timid = add(state, "A2", 0, 20, 10)
    assert courage_test(state, brave, "terror") is True
    assert rolls(state) == []
    assert courage_test(state, timid, "terror") is False  # 1 + 1 + 3 < 10


# --- a re-roll: SR-VENOM, SR-BANEKINGS -------------------------------------------------


def test_sr_venom_rerolls_a_failed_to_wound_die_in_combat() -> None:
    """SR-VENOM (002:L2881): a failed To Wound roll (S3 v D4 needs 5) is rolled again."""
    state = battle([2, 5])
    spider = add(state, "A1", 0, 10, 10, _with_rules("Venom"))
    victim = add(state, "B1", 1, 10 + BASE_GAP, 10)
    strike(state, spider, victim, trapped=False)
    assert not victim.alive
    assert [dice for _, dice in rolls(state)] == [[2], [5]]


def test_without_venom_the_failed_die_stands() -> None:
    state = battle([2, 5])
    plain = add(state, "A1", 0, 10, 10)
    victim = add(state, "B1", 1, 10 + BASE_GAP, 10)
    strike(state, plain, victim, trapped=False)
    assert victim.alive and len(rolls(state)) == 1


def test_sr_banekings_rerolls_each_failed_die_once_only() -> None:
    """SR-BANEKINGS (002:L2777), DICE-REROLL-02: the second result stands, even a failure."""
    state = battle([1, 3])
    bane = add(state, "A1", 0, 10, 10, _with_rules("Bane of Kings"))
    victim = add(state, "B1", 1, 10 + BASE_GAP, 10)
    strike(state, bane, victim, trapped=False)
    assert victim.alive and [d for _, d in rolls(state)] == [[1], [3]]


# --- events: SR-BLOODGLORY (a model slain), SR-SURVIVAL (a Wound lost) -------------------


def test_sr_bloodglory_regains_a_might_point_when_it_slays_a_hero() -> None:
    """SR-BLOODGLORY (002:L2861): a Hero slain in combat gives its slayer 1 Might back,
    never above its starting store; a Warrior slain gives nothing."""
    state = battle()
    glory = add(state, "A1", 0, 10, 10, _with_rules("Blood & Glory", base=HERO))
    glory.might = 1
    enemy_hero = add(state, "B1", 1, 10 + BASE_GAP, 10, HERO)
    warrior = add(state, "B2", 1, 12, 10)
    state.wound(warrior, "struck by A1")
    assert glory.might == 1
    state.wound(enemy_hero, "struck by A1")
    assert not enemy_hero.alive and glory.might == 2


def test_sr_survival_instinct_leaves_on_a_failed_courage_test_after_a_wound() -> None:
    """SR-SURVIVAL (002:L2801): each Wound lost, a Courage test; failed, it leaves (fled)."""
    state = battle([1, 2, 6, 6])
    wary = add(
        state, "A1", 0, 10, 10, _with_rules("Survival Instinct", base=replace(WARRIOR, wounds=3))
    )
    state.wound(wary, "struck by B1")
    assert not wary.alive
    fled = state.log.of_kind("casualty")[0].data
    assert fled["reason"] == Removal.FLED.value


def test_sr_survival_instinct_stays_when_the_test_is_passed() -> None:
    state = battle([6, 6])
    wary = add(
        state, "A1", 0, 10, 10, _with_rules("Survival Instinct", base=replace(WARRIOR, wounds=3))
    )
    state.wound(wary, "struck by B1")
    assert wary.alive and wary.wounds == 2


# --- a characteristic override (no rule of the book needs one yet) ---------------------


@override(Stat.STRENGTH, "test: strength of ten", source="test_rule_api.py")
def _strength_ten(context: HookContext, value: int) -> int | None:
    return 10


def test_an_override_sets_the_strength_a_strike_uses() -> None:
    """S10 against D4 wounds on a 3+ (the chart), where S3 needs a 5."""
    state = battle([3])
    mighty = add(state, "A1", 0, 10, 10, replace(WARRIOR, rules=("Test: Strength of Ten",)))
    victim = add(state, "B1", 1, 10 + BASE_GAP, 10)
    strike(state, mighty, victim, trapped=False)
    assert not victim.alive


# --- an effect with a duration -----------------------------------------------------------


def test_an_effect_lasts_until_the_end_of_the_turn_then_is_removed_and_logged() -> None:
    state = battle()
    model = add(state, "A1", 0, 10, 10)
    add_effect(state, Effect("test dread", model.uid, Hook.COURAGE, -2, Until.END_OF_TURN, "t"))
    assert courage_value(state, model) == WARRIOR.courage - 2
    tick(state, Tick.PHASE_END)
    assert courage_value(state, model) == WARRIOR.courage - 2
    tick(state, Tick.TURN_END)
    assert courage_value(state, model) == WARRIOR.courage and not active(state)
    assert state.log.of_kind("effect_ended")[0].data["name"] == "test dread"


def test_an_effect_until_the_end_of_the_next_turn_survives_one_turn_end() -> None:
    state = battle()
    model = add(state, "A1", 0, 10, 10)
    add_effect(state, Effect("t", model.uid, Hook.FIGHT, 1, Until.END_OF_NEXT_TURN, "t"))
    tick(state, Tick.TURN_END)
    assert modifier(Hook.FIGHT, HookContext(state, model)) == 1
    state.turn += 1
    tick(state, Tick.TURN_END)
    assert modifier(Hook.FIGHT, HookContext(state, model)) == 0


def test_a_while_effect_ends_when_its_condition_fails() -> None:
    """An effect that lasts while its condition holds: it stops acting the moment the
    condition fails (MAGIC-DUR-04, 002:L2371: an Exhaustion power ends "at the precise
    moment" its caster falls to 0 Will) and is logged ended at the end of the phase."""
    state = battle()
    model = add(state, "A1", 0, 10, 10)
    caster = add(state, "B1", 1, 30, 30, profile(will=1, keywords=frozenset({"hero"})))
    kept = Effect("t", model.uid, Hook.MOVE, -3, Until.WHILE, "t", holds=lambda s: caster.will > 0)
    add_effect(state, kept)
    assert modifier(Hook.MOVE, HookContext(state, model)) == -3
    caster.will = 0
    assert modifier(Hook.MOVE, HookContext(state, model)) == 0
    assert not state.log.of_kind("effect_ended")
    tick(state, Tick.PHASE_END)
    assert [e.data["name"] for e in state.log.of_kind("effect_ended")] == ["t"]
    assert active(state) == []


def test_an_effect_of_a_caster_ends_when_the_caster_is_removed() -> None:
    """MAGIC-DUR-01 (002:L2359): all effects of a power are dispelled the moment the caster
    is killed or leaves the battlefield."""
    state = battle()
    model = add(state, "A1", 0, 10, 10)
    caster = add(state, "B1", 1, 30, 30)
    add_effect(state, Effect("t", model.uid, Hook.MOVE, -3, Until.END_OF_TURN, "t", caster="B1"))
    assert modifier(Hook.MOVE, HookContext(state, model)) == -3
    state.remove(caster, Removal.SLAIN)
    assert modifier(Hook.MOVE, HookContext(state, model)) == 0
    assert [e.data["name"] for e in state.log.of_kind("effect_ended")] == ["t"]


# --- a choice: a decision with a default --------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Volunteer(Decision[bool]):
    hero: object

    def default(self, state: BattleState) -> bool:
        return True


class _Quiet(Answering):
    """A policy with no view of its own on anything."""


def test_a_new_decision_gets_the_rules_default_from_a_policy_without_a_view() -> None:
    state = battle()
    model = add(state, "A1", 0, 10, 10)
    assert _Quiet().decide(state, _Volunteer(model)) is True
    assert _Quiet().decide(state, StandsUp(model)) is True  # MOVE-PRONE: stand up


def test_every_rule_of_the_api_is_registered_with_its_source() -> None:
    for name, source in (
        ("fearless", "SR-FEARLESS"),
        ("venom", "SR-VENOM"),
        ("harbinger of evil", "SR-HARBINGER"),
        ("blood & glory", "SR-BLOODGLORY"),
        ("survival instinct", "SR-SURVIVAL"),
    ):
        unit = REGISTRY.lookup(name)
        assert unit is not None and any(source in s for s in unit.sources), name
