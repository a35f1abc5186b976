"""Monsters (part 2 §2, 002:L1798-1856): who is a Monster, the cavalry exceptions, the
registry of Brutal Power Attacks and the hits they deal.

MON-BND-01 (002:L1798-1800): a Monster follows every normal rule; only what this package
changes differs. A Brutal Power Attack (BPA) is a registered ``BrutalPowerAttack``: the
three generic ones (Rend, Hurl, Barge) are open to every Monster; a unique one (Bludgeon...)
only to profiles naming it among their special rules (MON-BPA-01, data-driven).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelId
from battlesim.engines.sbg.rules import cavalry, characteristics
from battlesim.engines.sbg.rules.combat import roll_to_wound, wound_need
from battlesim.engines.sbg.rules.footing import keeps_footing
from battlesim.engines.sbg.rules.heroic_actions import wounded_only_on_sixes
from battlesim.engines.sbg.rules.kinds import immovable, is_monster
from battlesim.engines.sbg.rules.untouchable import disguised, spared

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.decisions import Player
    from battlesim.engines.sbg.rules.combats import Combat

_RIDDEN = frozenset({"cavalry", "rider"})


def counts_as_cavalry(model: ModelState) -> bool:
    """MON-CAV-02 (002:L1804): a Monster with a rider counts as Cavalry (and Cavalry is)."""
    return bool(model.triggers & _RIDDEN)


def knock_prone(state: BattleState, model: ModelState, cause: str) -> None:
    """Knock a living model prone, unless nothing can (WB Immovable Object); a mounted
    model's rider is thrown instead (CAV-LOOSE-03, 002:L1332)."""
    if model.alive and model.mount is not None and not immovable(model):
        cavalry.knocked_down(state, model, cause)
        return
    if model.alive and not model.prone and not immovable(model):
        if keeps_footing(state, model, cause):
            return
        model.prone = True
        state.log.emit("knocked_prone", model=model.uid, cause=cause)


def hit(
    state: BattleState,
    model: ModelState,
    strength: int,
    cause: str,
    at_mount: bool = False,
    to_wound: int = 0,
) -> None:
    """One hit of ``strength`` against the model's Defence (armour hooks apply: a hit is
    not a strike), wounding on the chart as any hit does (SHOOT-WND-02); ``at_mount``: on a
    cavalry model's mount, with the mount's Defence (CAV-STRIKE-01); ``to_wound``: a rule's
    modifier to the roll (the Berserker blade's +1)."""
    if not model.alive:
        return
    if at_mount and model.mount is not None and not model.mount.slain:
        defence = cavalry.mount_defence(model, state)
    else:
        at_mount = False
        defence = characteristics.defence_value(state, model)
    purpose = f"{cause} hit on {model.uid} (S{strength} D{defence})"
    sixes = wounded_only_on_sixes(state, model, at_mount)  # HERO-HD-01
    if roll_to_wound(state, strength, defence, to_wound, purpose, natural_six=sixes):
        state.wound(model, cause, at_mount)


def hits(state: BattleState, model: ModelState, strength: int, cause: str) -> None:
    """HURL-05: a Cavalry model suffers one hit on the mount and one on the rider (a ridden
    Monster without a mount card suffers both, data.ASSUMPTIONS 'hurl-hits')."""
    if model.mount is not None:  # rider and mount are apart in this engine (mounts.py)
        hit(state, model, strength, cause, at_mount=True)
        hit(state, model, strength, cause)
        return
    for _ in range(2 if counts_as_cavalry(model) else 1):
        hit(state, model, strength, cause)


def wound_chance(strength: int, defence: int) -> float:
    """The chance that one hit of ``strength`` wounds ``defence`` (a heuristic's estimate)."""
    need = wound_need(strength, defence)
    if need is None:
        return 0.0
    return (7 - need.first) / 6 * ((7 - need.second) / 6 if need.second else 1.0)


def taken_out(model: ModelState, wounds: float) -> float:
    return min(1.0, wounds / max(1, model.wounds))


# --- the registry of Brutal Power Attacks --------------------------------------------------


@dataclass(frozen=True, slots=True)
class BpaOption:
    """A BPA a Monster may use now, with its nominated model (None for Barge)."""

    name: str
    target: ModelId | None = None


@dataclass(slots=True)
class BpaFight:
    """What a BPA sees: the fight it replaces the strikes of."""

    state: BattleState
    combat: Combat
    monster: ModelState
    player: Player  # the Monster's controller
    winners: list[ModelState]
    losers: list[ModelState]
    enemy_helpers: list[ModelState] = field(default_factory=list)  # spears and pikes

    def living_losers(self) -> list[ModelState]:
        return [m for m in self.losers if m.alive]


Targets = Callable[[BpaFight], list[ModelState | None]]
Resolve = Callable[[BpaFight, ModelState | None], None]
# The heuristic's estimate of the enemies a BPA takes out (monster, losers, nominated model)
Harm = Callable[[BattleState, ModelState, Sequence[ModelState], ModelState | None], float]


@dataclass(frozen=True, slots=True)
class BrutalPowerAttack:
    name: str
    targets: Targets  # who may be nominated now ([None] when nobody is; [] unavailable)
    resolve: Resolve
    ends_fight: bool = False  # HURL-08, BARGE-04: no strikes nor BPAs follow
    unique: bool = False  # only for profiles naming it (MON-BPA-01)
    harm: Harm | None = None  # an army rule's own estimate for the heuristic
    any_model: bool = False  # an army rule "instead of striking" open to non-Monsters too


BPAS: dict[str, BrutalPowerAttack] = {}


def register_bpa(bpa: BrutalPowerAttack) -> BrutalPowerAttack:
    BPAS[bpa.name] = bpa
    return bpa


def striking_instead(model: ModelState) -> bool:
    """The model carries an army rule it may use "instead of making Strikes" (the BPA
    machinery plays it, Monster or not: Put 'em in Chains)."""
    return any(BPAS[name].any_model for name in model.triggers & BPAS.keys())


def unique_names() -> frozenset[str]:
    return frozenset(name for name, bpa in BPAS.items() if bpa.unique)


def may_use_bpa(state: BattleState, monster: ModelState) -> bool:
    """MON-BPA-01/04/06: a living, standing Monster, once per turn; a War Beast only with a
    BPA of its own. A prone winner makes no strikes (FIGHT-PRONE-01) and, by the same
    reading, no BPA (data.ASSUMPTIONS 'bpa-prone'). MON-BPA-03: supporters are never asked
    (only the fighters of a side are)."""
    if not monster.alive or monster.prone:
        return False
    if not is_monster(monster) and not striking_instead(monster):
        return False
    if monster.shielding:
        return False  # ARM-SH-03 (002:L2277): a Shielding winner cannot strike, nor so BPA
    return monster_turn(monster).bpa_turn != state.turn


def options_for(fight: BpaFight) -> list[BpaOption]:
    """Every legal (BPA, nominated model) pair for the Monster now."""
    monster = fight.monster
    if not may_use_bpa(fight.state, monster) or not fight.living_losers():
        return []  # nobody it may strike: no BPA either (A Traitor Within)
    options: list[BpaOption] = []
    monstrous = is_monster(monster)
    for name, bpa in BPAS.items():
        if bpa.unique and name not in monster.triggers:
            continue
        if not monstrous and not bpa.any_model:
            continue
        if not bpa.unique and immovable(monster):
            continue  # MON-BPA-06: War Beasts only use BPAs their profile gives
        options += [BpaOption(name, t.uid if t else None) for t in bpa.targets(fight)]
    return options


def brutal_power_attacks(
    state: BattleState, combat: Combat, players: tuple[Player, Player], winner: int
) -> set[ModelId] | None:
    """MON-BPA-01/05 (002:L1808-1812): each winning Monster in turn may use one BPA instead
    of striking, resolved completely before the next is named. Return the Monsters whose
    strikes a BPA replaced, or None if a BPA ended the fight (HURL-08, BARGE-04)."""
    used: set[ModelId] = set()
    for monster in [m for m in combat.side(winner) if is_monster(m) or striking_instead(m)]:
        fight = _fight(state, combat, players[winner], monster, winner)
        options = options_for(fight)
        if not options:
            continue
        losers = fight.living_losers()
        choice = players[winner].decide(state, ChooseBrutalPowerAttack(monster, losers, options))
        if choice is None:
            continue
        if choice not in options:
            state.log.emit("refused", model=monster.uid, reason=f"illegal BPA {choice}")
            continue
        used.add(monster.uid)
        if _resolve(fight, choice):
            return None
    return used


def _fight(
    state: BattleState, combat: Combat, player: Player, monster: ModelState, winner: int
) -> BpaFight:
    """A BPA is made instead of Strikes, so it reaches only the losers the winners may
    strike: not Gríma hidden among them (A Traitor Within, BSData acf8-c12d-29bb-4592:
    "strike no blows if they win"), nor their own model handed over (as fighting.py)."""
    losers = [
        m
        for m in combat.side(1 - winner)
        if not spared(state, m, winner) and not disguised(state, m, winner)
    ]
    return BpaFight(
        state, combat, monster, player, combat.side(winner), losers, combat.helpers(1 - winner)
    )


def _resolve(fight: BpaFight, choice: BpaOption) -> bool:
    """Resolve one BPA; True if it ends the fight."""
    state, monster = fight.state, fight.monster
    bpa = BPAS[choice.name]
    monster_turn(monster).bpa_turn = state.turn  # MON-BPA-04
    state.log.emit("brutal_power_attack", model=monster.uid, bpa=choice.name, target=choice.target)
    target = state.models[choice.target] if choice.target is not None else None
    bpa.resolve(fight, target)
    return bpa.ends_fight


# Decisions this module asks a player (core/decisions.py).


@dataclass(frozen=True, slots=True)
class ChooseBrutalPowerAttack(Decision[BpaOption | None]):
    """MON-BPA-01: the Brutal Power Attack a winning Monster makes, if any."""

    monster: ModelState
    losers: Sequence[ModelState]
    options: Sequence[BpaOption]


@dataclass(slots=True)
class MonsterTurn:
    bpa_turn: int = 0  # MON-BPA-04: the turn of its last Brutal Power Attack (one per turn)


MONSTER_TURN: Status[MonsterTurn] = Status("monsterturn", MonsterTurn, Lasting.BATTLE)


def monster_turn(model: ModelState) -> MonsterTurn:
    return MONSTER_TURN.of(model)


@dataclass(slots=True)
class HeroicCombatMark:
    heroic_combat: bool = False  # MON-BPA-BARGE-06: it fought a Heroic Combat this turn (no Barge)


HEROIC_COMBAT: Status[HeroicCombatMark] = Status("heroiccombatmark", HeroicCombatMark, Lasting.TURN)


def heroic_combat_mark(model: ModelState) -> HeroicCombatMark:
    return HEROIC_COMBAT.of(model)
