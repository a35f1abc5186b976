"""The Windlance and its Heroes (BSData 4741-f743-34e6-9196 The Windlance, d1bd-8c90-8fb8-9b9c
The Black Arrow, 9077-a7a0-ab81-c8bf Windlance Trained; rules/siege_engines.py, siege_crew.py,
rules/armies/good/windlance.py), with scripted dice."""

from __future__ import annotations

from battlesim.engines.sbg.core.state import BattleState, ModelState, Tick, tick
from battlesim.engines.sbg.core.units import SiegeEngineSpec, engine_profile
from battlesim.engines.sbg.rules import siege_engines as se
from battlesim.engines.sbg.rules.siege_crew import beyond_tether
from tests.engines.sbg.builders import add, battle, profile, rolls

WINDLANCE = SiegeEngineSpec("The Windlance", 10, 10, 3, True, ("The Windlance", "Accurate"))
PLAIN = SiegeEngineSpec("Windlance", 10, 10, 3, True, ("Accurate",))
HEROES = frozenset({"man", "infantry", "hero"})
BARD = profile(
    name="Bard the Bowman", shoot=3, keywords=HEROES, might=3, rules=("The Black Arrow",)
)
GIRION = profile(name="Girion, Lord of Dale", shoot=3, keywords=HEROES, might=3)
TROLL = profile(name="Troll", keywords=frozenset({"troll", "monster", "infantry"}), defence=7)
ORC = profile(name="Orc", defence=4, wounds=1)


def _windlance(state: BattleState, hero=BARD, spec=WINDLANCE) -> tuple[ModelState, ModelState]:
    engine = add(state, "E1", 0, 24.0, 4.0, engine_profile(spec))
    bard = add(state, "C1", 0, 24.0 - engine.radius - 0.5, 4.0, hero)
    state.engines["E1"] = ("C1",)
    return engine, bard


def _fire(state: BattleState, engine: ModelState, target: ModelState) -> None:
    crew = se.crewing(state, engine)
    assert crew is not None
    se.fire(state, engine, crew, target)


def test_the_windlance_is_small_reaches_60_and_frees_its_hero() -> None:
    """4741-...: a Siege Engine with Superior Construction (48" + 12", SE-UPG-RANGE), small,
    Bard its only crew; he may move more than 6" from it."""
    state = battle()
    engine, bard = _windlance(state)
    assert se.crewing(state, engine) is not None  # one crewman fires a small engine
    assert se.reach(engine) == (0.0, 60.0)
    assert not se.siege_target(engine)  # a small engine is a Battlefield target
    assert not beyond_tether(state, bard, (bard.x, bard.y + 20.0))
    state = battle()
    plain, crewman = _windlance(state, spec=PLAIN)
    assert se.crewing(state, plain) is None and se.reach(plain) == (0.0, 48.0)
    assert beyond_tether(state, crewman, (crewman.x, crewman.y + 20.0))


def test_the_black_arrow_rerolls_the_miss_and_never_scatters() -> None:
    """d1bd-...: declared before To Hit (the heuristic keeps it for a Monster or a Hero);
    a failed To Hit roll is re-rolled; no Scatter roll: the hit is a Dead On! on the Troll,
    which the S10 bolt wounds on a 3+ (D7) and so slays outright (SE-WOUND-02)."""
    state = battle([1, 4, 3])  # To Hit 1, re-roll 4 (3+), To Wound 3
    engine, _ = _windlance(state)
    troll = add(state, "B1", 1, 24.0, 30.0, TROLL)
    _fire(state, engine, troll)
    purposes = [purpose for purpose, _ in rolls(state)]
    assert purposes[1].startswith("engine to hit re-roll")
    assert not any(p.startswith("scatter") for p in purposes)
    assert not troll.alive
    assert [e.data["shot"] for e in state.log.of_kind("engine_special_shot")] == ["the black arrow"]


def test_the_black_arrow_is_fired_once_a_game() -> None:
    """d1bd-...: "Once per game"; the next shot rolls on the Scatter table (4: the Troll's
    player may keep it on the target, no friend of his near)."""
    state = battle([6, 3, 6, 4, 6])  # arrow: hit 6, wound 3; then hit 6, scatter 4, wound 6
    engine, bard = _windlance(state)
    add(state, "B1", 1, 24.0, 30.0, TROLL)
    troll2 = add(state, "B2", 1, 30.0, 30.0, TROLL)
    _fire(state, engine, state.models["B1"])
    engine.shot = bard.shot = False
    _fire(state, engine, troll2)
    assert len(state.log.of_kind("engine_special_shot")) == 1
    assert any(p.startswith("scatter") for p, _ in rolls(state))


def test_an_orc_is_not_worth_the_black_arrow() -> None:
    """FireBlackArrow's heuristic: a plain Warrior gets the normal shot (a Scatter roll)."""
    state = battle([6, 6, 6])
    engine, _ = _windlance(state)
    orc = add(state, "B1", 1, 24.0, 30.0, ORC)
    _fire(state, engine, orc)
    assert not state.log.of_kind("engine_special_shot")
    assert any(p.startswith("scatter") for p, _ in rolls(state))


def test_windlance_trained_makes_girions_engine_the_windlance() -> None:
    """9077-...: Girion's Windlance follows all the rules of Bard's: his engine, even one
    whose card lacks The Windlance, is small and free of the 6" tether from the first turn."""
    state = battle()
    trained = profile(name=GIRION.name, keywords=HEROES, rules=("Windlance Trained",))
    engine, girion = _windlance(state, hero=trained, spec=PLAIN)
    assert se.crewing(state, engine) is None
    tick(state, Tick.TURN_START)
    assert se.crewing(state, engine) is not None and se.reach(engine)[1] == 60.0
    assert not beyond_tether(state, girion, (girion.x, girion.y + 20.0))
