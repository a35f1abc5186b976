"""Barricades and spiked barricades (checklist part 2 §12.3, SIEGE-BARR-01, SIEGE-SPIKED-01;
002:L3311-3321; reading 36, READINGS).

A barricade is a terrain piece the scenario adds to its table: an obstacle at most 6" long,
1" wide and 1" high. A model crosses it with the obstacle test (MOVE-LEAP's table, the
« Franchissement » of reading 36) whatever its height (``crossing.crossings``), and the part
1 rules defend it as a barrier (FIGHT-BAR). It has 3
Wounds and Defence 7: enemies touching it at the Fight phase's end that fought no one may
attack it as a gate (reading; SIEGE-GATEATK-01's automatic win); at 0 it is taken off the
table. A spiked one hurts: a model that makes the crossing test over it rolls a D6 and
suffers one Strength 3 hit on 1-5; a model whose strike, across it, hits it instead of the
enemy (a failed In The Way roll, FIGHT-BAR-09) suffers one Strength 3 hit too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.geometry import CONTACT_TOLERANCE
from battlesim.engines.sbg.core.objectives import BarricadeSpec
from battlesim.engines.sbg.core.paths import circle_base
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.table import Cover, Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.units import STRUCTURES
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.combat import roll_to_wound

BARRICADE = "barricade"
SPIKED = "spiked barricade"
MAX_LENGTH, WIDTH, HEIGHT = 6.0, 1.0, 1.0  # SIEGE-BARR-01 (002:L3315)
DEFENCE, WOUNDS = 7, 3  # SIEGE-BARR-01: « 3 PV et une Défense de 7 »
SPIKE_STRENGTH, SPIKE_SAFE = 3, 6  # SIEGE-SPIKED-01 (002:L3321): S3 on 1-5, a 6 passes
CONTACT = CONTACT_TOLERANCE  # inches: a base touching a piece (core.geometry)

REGISTRY.register(BARRICADE, kind=Kind.RULE, source="SIEGE-BARR-01 (002:L3315)")
REGISTRY.register(SPIKED, kind=Kind.RULE, source="SIEGE-SPIKED-01 (002:L3321)")


class BarricadeError(ValueError):
    """A barricade longer than the text allows."""


def barricade_piece(name: str, spec: BarricadeSpec) -> TerrainPiece:
    length = math.dist(spec.start, spec.end)
    if length > MAX_LENGTH + 1e-9:
        raise BarricadeError(f"{name} is {length:.2f} inch long; at most {MAX_LENGTH}")
    return TerrainPiece(
        name,
        TerrainKind.OBSTACLE,
        (spec.start, spec.end),
        height=HEIGHT,
        thickness=WIDTH,
        cover=Cover.SOLID,
        climbable=True,
    )


def add_barricades(table: Table | None, specs: Sequence[BarricadeSpec]) -> Table | None:
    """The table with the scenario's barricades, named "barricade 1", "spiked barricade 2"..."""
    if table is None or not specs:
        return table
    extra = [
        barricade_piece(f"{SPIKED if s.spiked else BARRICADE} {k}", s)
        for k, s in enumerate(specs, start=1)
    ]
    return table.with_pieces((*table.pieces, *extra))


def is_barricade(piece: Any) -> bool:
    return str(piece.name).startswith((BARRICADE, SPIKED))


def on_table(table: Table | None) -> bool:
    """Whether the table has a barricade (kept in its index's memo: asked for every move)."""
    if table is None:
        return False
    memo = table.index.memo
    found = memo.get(BARRICADE)
    if found is None:
        found = memo[BARRICADE] = any(is_barricade(p) for p in table.pieces)
    return bool(found)


def is_spiked(piece: Any) -> bool:
    return str(piece.name).startswith(SPIKED)


def spike(state: BattleState, model: ModelState, why: str) -> None:
    """One Strength 3 hit (SIEGE-SPIKED-01)."""
    defence = characteristics.defence_value(state, model)
    purpose = f"spikes {why} -> {model.uid} (S{SPIKE_STRENGTH} D{defence})"
    if roll_to_wound(state, SPIKE_STRENGTH, defence, 0, purpose, target=model):
        state.wound(model, "spiked barricade")


def after_leap(state: BattleState, model: ModelState, obstacle: Any) -> None:
    """SIEGE-SPIKED-01: « Une figurine qui tente un Test de Saut au-dessus d'une barricade
    hérissée jette 1D6 et subira une Touche de Force 3 sur un résultat de 1-5 »."""
    if not is_spiked(obstacle) or not model.alive:
        return
    (die,) = state.roll(1, f"{model.uid} over {obstacle.name} (6 passes)")
    if die < SPIKE_SAFE:
        spike(state, model, "crossing")


def struck_barrier(state: BattleState, striker: ModelState, barrier: Any) -> None:
    """SIEGE-SPIKED-01: a strike across it that hits the barricade instead of the enemy."""
    if is_spiked(barrier) and striker.alive:
        spike(state, striker, "struck")


# --- SIEGE-BARR-01: attacked and destroyed -----------------------------------------------


@dataclass(slots=True)
class Damage:
    lost: dict[str, int] = field(default_factory=dict)


DAMAGE: Status[Damage] = Status("barricade damage", Damage, Lasting.BATTLE)


def barricades(state: BattleState) -> list[Any]:
    if state.table is None:
        return []
    return [p for p in state.table.pieces if is_barricade(p)]


def attackers(state: BattleState, piece: Any, owner: int) -> list[ModelState]:
    """Enemies of ``owner`` touching the barricade, standing, unengaged, that fought no one."""
    found = []
    for model in state.living(1 - owner):
        if model.triggers & STRUCTURES or model.prone or model.fought or state.engaged(model):
            continue
        if model.profile.attacks <= 0:
            continue
        touched = state.table.touching(model.position, circle_base(model.radius), CONTACT)
        if piece in touched:
            found.append(model)
    return found


def attack(state: BattleState, model: ModelState, piece: Any) -> bool:
    """One To Wound roll per Attack against Defence 7; at 3 Wounds lost it is taken away.
    Returns whether it is destroyed."""
    model.fought = True
    lost = DAMAGE.of(state).lost
    strength = characteristics.strength_value(state, model)
    state.log.emit("barricade_attacked", model=model.uid, barricade=piece.name)
    for _ in range(characteristics.attacks(state, model)):
        purpose = f"to wound {piece.name} {model.uid} (S{strength} D{DEFENCE})"
        if roll_to_wound(state, strength, DEFENCE, 0, purpose, roller=model):
            lost[piece.name] = lost.get(piece.name, 0) + 1
        if lost.get(piece.name, 0) >= WOUNDS:
            assert state.table is not None
            state.table = state.table.with_pieces([p for p in state.table.pieces if p is not piece])
            state.log.emit("barricade_destroyed", barricade=piece.name, model=model.uid)
            return True
    return False


BESIEGED = 1  # SIEGE-DEF-GEN-01: the besieged side's equipment (side 1 in the siege scenarios)


@every(Tick.PHASE_END, "barricades attacked", 43)
def _attack_barricades(state: BattleState) -> None:
    if state.phase is not Phase.FIGHT or state.players is None:
        return
    for piece in barricades(state):
        for model in attackers(state, piece, BESIEGED):
            wanted = state.players[model.player].decide(state, AttackBarricade(model, piece.name))
            if wanted and attack(state, model, piece):
                break


@dataclass(frozen=True, slots=True)
class AttackBarricade(Decision[bool]):
    """SIEGE-BARR-01: does the model attack the enemy barricade it touches? Default: yes."""

    model: ModelState
    barricade: str

    def default(self, state: BattleState) -> bool:
        return True
