"""The Catapult Troll (Azog's Legion) from the BattleScribe text: its Catapult (a Siege
Engine it fires itself, rules/siege_engines.py), its Goblin Crew's Strikes and its Metal
Gauntlets. The Ogre's Relentless Advance is in goblin_town.py."""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlesim.engines.sbg.core.effects import Bar, barred
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.units import ModelSpec
from battlesim.engines.sbg.rules import characteristics, siege_engines
from battlesim.engines.sbg.rules.fighting import COMPANION_STRIKES
from battlesim.engines.sbg.rules.monsters.hurl import HURL_STRENGTH
from battlesim.engines.sbg.rules.muster import NEVER_UNARMED
from battlesim.engines.sbg.rules.siege_crew import is_engine
from battlesim.engines.sbg.rules.siege_engines import (
    AREA_EFFECT,
    INDIRECT_FIRE,
    MODEL_ENGINES,
    ChooseEngineTarget,
    Crewing,
)

# --- Catapult (BSData profile 8efe-5bf2-3fda-55de, with Area Effect b7ec-80ee-e92d-f4f9) ---
CATAPULT = "catapult"
_CATAPULT_ID = "BSData 8efe-5bf2-3fda-55de (Catapult, the Catapult Troll's wargear)"
CATAPULT_STRENGTH = 10
MOVED_NEED = 6  # "if the Catapult Troll has moved, it will only hit on the roll of a 6"
MALFUNCTION = 1  # "a 1 is rolled when rolling To Hit" while in combat


@dataclass(frozen=True, slots=True)
class TrollCrewing(Crewing):
    """The Troll is its own crew and Siege Veteran, with no Might (no re-rolls); moved, it
    hits only on a 6."""

    moved: bool = False

    def need(self, state: BattleState) -> int:
        if self.moved:
            return MOVED_NEED
        return characteristics.shoot_base(state, self.trained[0])

    def veteran(self) -> ModelState | None:
        return None


def catapult_troll(model: ModelState) -> bool:
    return CATAPULT in model.triggers and not is_engine(model)


def as_engine(troll: ModelState) -> ModelState:
    """The Troll seen as the engine it fires: Strength 10, Volley Fire at 12"-96" (Indirect
    Fire's range), Area Effect (the wargear's link)."""
    card = replace(troll.profile, strength=CATAPULT_STRENGTH)
    triggers = troll.triggers | {INDIRECT_FIRE, AREA_EFFECT}
    return replace(troll, spec=ModelSpec(troll.uid, card), triggers=triggers)


def may_fire(state: BattleState, troll: ModelState) -> bool:
    """Standing, not held, not yet shot; moved or engaged it still may (the text)."""
    return troll.alive and not troll.shot and not troll.prone and not barred(state, troll, Bar.MOVE)


def _fire_catapults(state: BattleState, side: int) -> None:
    if state.players is None:
        return
    for troll in [m for m in state.living(side) if catapult_troll(m)]:
        if not may_fire(state, troll):
            continue
        view = as_engine(troll)
        crew = TrollCrewing((troll,), (), None, moved=troll.moved)
        targets = siege_engines.legal_targets(state, view, crew)
        if not targets:
            continue
        choice = state.players[side].decide(state, ChooseEngineTarget(view, targets))
        target = next((t for t in targets if t.uid == choice), None)
        if choice is not None and target is None:
            state.log.emit("refused", model=troll.uid, reason=f"{choice} is no legal target")
        if target is not None:
            fire(state, troll, view, crew, target)


def fire(
    state: BattleState, troll: ModelState, view: ModelState, crew: TrollCrewing, target: ModelState
) -> None:
    """One shot: To Hit with the Troll's Shoot value (a 6 if it moved); fired while Engaged,
    a natural 1 is a malfunction and the Troll suffers a Wound; a hit lands as a Siege
    Engine's (siege_engines.land)."""
    troll.shot = True
    engaged = state.engaged(troll)
    state.log.emit("engine_fires", engine=troll.uid, target=target.uid, crew=[troll.uid])
    need = crew.need(state)
    (die,) = state.roll(1, f"catapult to hit {troll.uid}->{target.uid} ({need}+)")
    if engaged and die == MALFUNCTION:
        state.log.emit("army_rule", model=troll.uid, rule=CATAPULT, malfunction=True)
        state.wound(troll, f"{CATAPULT} malfunction")
        return
    hit = die >= need
    state.log.emit("engine_shot", engine=troll.uid, target=target.uid, hit=hit)
    if hit:
        siege_engines.land(state, view, crew, target)


MODEL_ENGINES.append(_fire_catapults)
REGISTRY.register(CATAPULT, kind=Kind.WARGEAR, source=_CATAPULT_ID)

# --- Goblin Crew (BSData cddb-be81-5e86-e1f5) ------------------------------------------
GOBLIN_CREW = "goblin crew"
CREW_STRENGTH = 3


def _goblin_crew(state: BattleState, troll: ModelState) -> tuple[str, int, int] | None:
    """The Troll won and strikes (not a Brutal Power Attack, which takes the Troll out of
    the strikers): D6 Strength 3 Strikes against those in combat with it."""
    if GOBLIN_CREW not in troll.triggers:
        return None
    (die,) = state.roll(1, f"{GOBLIN_CREW} strikes {troll.uid} (D6)")
    return (GOBLIN_CREW, die, CREW_STRENGTH)


COMPANION_STRIKES.append(_goblin_crew)
REGISTRY.register(GOBLIN_CREW, kind=Kind.RULE, source="BSData cddb-be81-5e86-e1f5 (Goblin Crew)")

# --- Metal Gauntlets (BSData profile d669-3e7d-d709-8844) -------------------------------
METAL_GAUNTLETS = "metal gauntlets"
NEVER_UNARMED.add(METAL_GAUNTLETS)
HURL_STRENGTH[METAL_GAUNTLETS] = 10
REGISTRY.register(
    METAL_GAUNTLETS,
    kind=Kind.WARGEAR,
    source="BSData d669-3e7d-d709-8844 (Metal Gauntlets): never unarmed (muster.NEVER_UNARMED); "
    "Strength 10 for the Hurl distance (hurl.HURL_STRENGTH)",
)
