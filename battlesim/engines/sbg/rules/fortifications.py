"""Fortifications (checklist part 2 §12.1-12.2, 002:L3222-3295): gates with Defence and
structure points, which defenders pass and attackers must break.

A gate is a piece standing in its gateway (``core/objectives.GateSpec``), kept like a Siege
Engine: a model of the defending side on the table that never moves, fights, tests nor counts
(``units.STRUCTURES``). Walls are terrain: a fortification's curtain walls have no holds
(``TerrainPiece.climbable`` False, SIEGE-WALL-01), and no rule destroys them (SIEGE-WALL-02).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.bases import MM_PER_INCH
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.objectives import GateSpec, Point
from battlesim.engines.sbg.core.permissions import May, grant
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.units import (
    GATE,
    RALLYING_POINT,
    SIEGE_TOWER,
    ModelSpec,
    Profile,
)
from battlesim.engines.sbg.rules import characteristics, objects
from battlesim.engines.sbg.rules.combat import roll_to_wound
from battlesim.engines.sbg.rules.muster import model_state

GREAT_GATE = "great gate"  # SE-TGT-01: a Siege target (the rest are Battlefield targets)

# SIEGE-GATE-TABLE (002:L3282-3289): Defence, structure points; « Portail » is a great gate
GATE_TABLE: dict[str, tuple[int, int, bool]] = {
    "castle gate": (10, 3, True),
    "dwarf gate": (9, 3, True),
    "reinforced gate": (9, 2, True),
    "reinforced door": (8, 2, False),
    "heavy door": (7, 2, False),
    "domestic outer door": (6, 2, False),
    "domestic inner door": (5, 1, False),
}
RAM = "ram"  # SIEGE-RAM-01 (002:L3379): a Heavy object, named "ram 1", "ram 2"...
RAM_MAX_CARRIERS = 10  # SIEGE-RAM-02 (002:L3383)
STRENGTH_CAP = 10  # reading 38: above S10 the chart's S10 row, failed rolls re-rolled
SHOT_MIN_STRENGTH = 5  # SIEGE-GATEATK-01 (002:L3278): a shot of Strength 4 or less does nothing

REGISTRY.register(GATE, kind=Kind.RULE, source="SIEGE-GATE-01 (002:L3240)")


class UnknownGateError(ValueError):
    """A gate kind the door table does not list."""


def gate_profile(spec: GateSpec) -> Profile:
    """The gate's card: its Defence and structure points (as Wounds) from the table."""
    try:
        defence, points, great = GATE_TABLE[spec.kind]
    except KeyError:
        known = ", ".join(GATE_TABLE)
        raise UnknownGateError(f"unknown gate {spec.kind!r}; known: {known}") from None
    keywords = frozenset({GATE, GREAT_GATE} if great else {GATE})
    return Profile(
        name=spec.kind,
        move=0.0,
        fight=0,
        shoot=6,
        strength=0,
        defence=defence,
        attacks=0,
        wounds=points,
        courage=0,
        keywords=keywords,
        base_mm=spec.width * MM_PER_INCH,
    )


def raise_gates(state: BattleState, gates: Sequence[GateSpec]) -> None:
    """Put the scenario's gates in their gateways (after deployment)."""
    for k, spec in enumerate(gates, start=1):
        uid = f"G{k}"
        state.spawn(model_state(ModelSpec(uid, gate_profile(spec)), spec.owner, spec.point))
        state.log.emit("gate", model=uid, gate=spec.kind, owner=spec.owner)


def place_rams(state: BattleState, points: Sequence[Point]) -> None:
    """SIEGE-RAM-01: each ram lies where the scenario puts it, a Heavy object (ADV-HEAVY)."""
    for k, point in enumerate(points, start=1):
        objects.place_object(state, f"{RAM} {k}", point, heavy=True)


def rams_on_ground(state: BattleState) -> list[Point]:
    placed = objects.OBJECTS.peek(state)
    if placed is None:
        return []
    return [
        found.point
        for name, found in sorted(placed.placed.items())
        if name.startswith(RAM) and found.carrier is None
    ]


def is_gate(model: ModelState) -> bool:
    return GATE in model.triggers


def standing_gates(state: BattleState) -> list[ModelState]:
    if not state.structures:
        return []
    found = (state.models[uid] for uid in sorted(state.structures))
    return [m for m in found if m.alive and is_gate(m)]


def passes_gate(model: ModelState, other: ModelState) -> bool:
    """SIEGE-MOVE-02 (002:L3248): defenders pass through their gates freely."""
    return is_gate(other) and other.player == model.player and not is_gate(model)


def shot_can_harm(strength: int, target: ModelState) -> bool:
    """SIEGE-GATEATK-01 (002:L3278): only a shot of Strength 5 or more damages a door (a
    siege tower too: READINGS, SIEGE-TOWER-04)."""
    if RALLYING_POINT in target.triggers:
        return False  # SIEGE-RALLY-01: no Defence nor Wounds; only its own rule destroys it
    if not (is_gate(target) or SIEGE_TOWER in target.triggers):
        return True
    return strength >= SHOT_MIN_STRENGTH


@grant(May.BE_CHARGED, GATE, source="SIEGE-GATEATK-01 (002:L3276)")
def _gate_not_charged(_context: object) -> bool:
    """A gate is attacked where it stands (below), never charged into a fight."""
    return False


@on(On.KNOCKED_DOWN, "gate stands", order=0, trigger=GATE)
def _gate_stands(_state: BattleState, _happening: Happening) -> bool:
    return True


# --- SIEGE-GATEATK-01: attacking a gate in the Fight phase -----------------------------------


def attackers(state: BattleState, gate: ModelState) -> list[ModelState]:
    """Enemies of the gate in base contact, unengaged, standing, that fought no one."""
    near = state.near(gate.x, gate.y, gate.radius + 2.0, 1 - gate.player)
    return [
        m
        for m in near
        if m.uid not in state.structures
        and not state.engaged(m)
        and not m.prone
        and not m.fought
        and m.profile.attacks > 0
        and state.in_contact(m, gate)
    ]


def attack_gate(
    state: BattleState, model: ModelState, gate: ModelState, event: str = "gate_attacked"
) -> None:
    """SIEGE-GATEATK-01 (002:L3276-3278): « gagne automatiquement le combat »: one To Wound
    roll per Attack against the gate's Defence; each success takes one structure point
    (reading: no Trapped doubling, the gate does not back away). ``event``: what the log
    calls it (a piece attacked as a gate: an object, ``rules/armies/good/mirror.py``)."""
    model.fought = True
    strength = characteristics.strength_value(state, model)
    defence = gate.profile.defence
    state.log.emit(event, model=model.uid, gate=gate.uid)
    for _ in range(characteristics.attacks(state, model)):
        if not gate.alive:
            return
        purpose = f"to wound gate {model.uid}->{gate.uid} (S{strength} D{defence})"
        if roll_to_wound(state, strength, defence, 0, purpose, roller=model, target=gate):
            state.wound(gate, f"broken by {model.uid}")


def ram_carriers(state: BattleState, holder: ModelState) -> list[ModelState]:
    """SIEGE-RAM-02: the ram's holder and the friends carrying it with him: on foot,
    unengaged, that fought no one, in base contact with him or with another carrier (a ram
    is long: data.ASSUMPTIONS "ram"); the strongest first, at most ten."""
    chain, frontier = [holder], [holder]
    while frontier and len(chain) < 4 * RAM_MAX_CARRIERS:
        model = frontier.pop(0)
        near = state.near(model.x, model.y, model.radius + 2.0, holder.player)
        for other in near:
            if other in chain or not _may_carry(state, other):
                continue
            if state.in_contact(other, model):
                chain.append(other)
                frontier.append(other)
    ranked = sorted(chain, key=lambda m: (-characteristics.strength_value(state, m), m.uid))
    return ranked[:RAM_MAX_CARRIERS]


def _may_carry(state: BattleState, model: ModelState) -> bool:
    return (
        model.uid not in state.structures
        and model.mount is None
        and not state.engaged(model)
        and not model.fought
        and not model.prone
    )


def ram_strength(state: BattleState, carriers: Sequence[ModelState]) -> int:
    """SIEGE-RAM-02 (002:L3383-3387): the strongest carrier's Strength plus one per other
    carrier (six Uruk-hai of S4: S9)."""
    best = max(characteristics.strength_value(state, m) for m in carriers)
    return best + len(carriers) - 1


def ram_gate(state: BattleState, holder: ModelState, gate: ModelState) -> None:
    """SIEGE-RAM-02: the ram hits the door automatically (no Duel) with one Attack of the
    carriers' Strength; above 10 it uses the S10 row and re-rolls a failed To Wound."""
    carriers = ram_carriers(state, holder)
    strength = ram_strength(state, carriers)
    for model in carriers:
        model.fought = True  # they swing the ram, not their weapons
    defence = gate.profile.defence
    state.log.emit("ram", gate=gate.uid, carriers=[m.uid for m in carriers], strength=strength)
    purpose = f"ram to wound {gate.uid} (S{strength} D{defence})"
    capped = min(strength, STRENGTH_CAP)
    again = strength > STRENGTH_CAP
    if roll_to_wound(state, capped, defence, 0, purpose, reroll_failed=again):
        state.wound(gate, f"rammed by {holder.uid}")


def _rams_at(state: BattleState, gate: ModelState) -> list[ModelState]:
    """The ram holders of the gate's enemies in base contact with it, unengaged."""
    found = []
    for name in sorted(objects.OBJECTS.of(state).placed):
        holder = objects.carrier(state, name) if name.startswith(RAM) else None
        if holder is None or not holder.alive or holder.player == gate.player:
            continue
        if state.in_contact(holder, gate) and not state.engaged(holder) and not holder.fought:
            found.append(holder)
    return found


@every(Tick.PHASE_END, "gate assaults", 40)
def _assault_gates(state: BattleState) -> None:
    """At the end of the Fight phase, rams at an enemy gate strike it (SIEGE-RAM-02), then
    the models in contact that fought no one may attack it (the Priority side first)."""
    if state.phase is not Phase.FIGHT or state.players is None:
        return
    for gate in standing_gates(state):
        if objects.OBJECTS.peek(state) is not None:
            for holder in _rams_at(state, gate):
                if gate.alive:
                    ram_gate(state, holder, gate)
        for model in sorted(
            attackers(state, gate), key=lambda m: (m.player != state.priority, m.uid)
        ):
            if not gate.alive:
                break
            if state.players[model.player].decide(state, AttackGate(model, gate)):
                attack_gate(state, model, gate)


@on(On.REMOVED, "gate broken", order=50, trigger=GATE)
def _broken(state: BattleState, happening: Happening) -> None:
    """SIEGE-GATE-01: a broken gate leaves its gateway open (it is taken off the table)."""
    state.log.emit("gate_broken", gate=happening.model.uid, source=happening.source)


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class AttackGate(Decision[bool]):
    """SIEGE-GATEATK-01: does the model attack the gate it touches? Default: yes."""

    model: ModelState
    gate: ModelState

    def default(self, state: BattleState) -> bool:
        return True
