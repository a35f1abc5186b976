"""Rules of single Mordor heroes (Razgûsh, the Tainted, Kardûsh, the Knight of Umbar), from
the BattleScribe rule text; each choice goes through a Decision with a heuristic default."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.permissions import May, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    ModelState,
    Phase,
    Removal,
    Tick,
    every,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.fighting import NO_ELVEN_EDGE
from battlesim.engines.sbg.rules.magic.will_of_evil import ONLY_WHEN_BEATEN
from battlesim.engines.sbg.rules.pools import Pool, spend


def _ask(state: BattleState, model: ModelState, ask: Decision[bool]) -> bool:
    players = state.players
    return ask.default(state) if players is None else players[model.player].decide(state, ask)


# Elfbane (Razgûsh): a Bane weapon against Elves: D3 Wounds per Strike that wounds an Elf,
# rolled once no save stopped the blow (as SR-BANE's, 002:L2773).
ELFBANE = "elfbane"


@register(Hook.WOUNDS_AFTER_SAVES, ELFBANE)
def _elfbane(context: HookContext) -> int:
    other = context.other
    if other is None or context.details.get("missile") or "elf" not in other.profile.keywords:
        return 0
    (die,) = context.state.roll(1, f"elfbane D3 {context.model.uid}")
    return (die + 1) // 2 - 1


REGISTRY.register(ELFBANE, kind=Kind.RULE, source="BSData Elfbane (Razgûsh)")

# Bone-breaker (Razgûsh's mace): his enemies get no Elven-made weapon bonus against him.
NO_ELVEN_EDGE.add("bone-breaker")
REGISTRY.register("bone-breaker", kind=Kind.WARGEAR, source="BSData Bone-breaker (Razgûsh)")

# Armour of the Sundered Land (the Knight of Umbar): he loses Will for a fight only when he
# lost it (will_of_evil.ONLY_WHEN_BEATEN).
SUNDERED = "armour of the sundered land"
ONLY_WHEN_BEATEN.add(SUNDERED)
REGISTRY.register(SUNDERED, kind=Kind.WARGEAR, source="BSData Armour of the Sundered Land")

# Seeping Decay (the Tainted): at the start of the Fight phase, a D6 for each non-Spirit
# model in base contact with him, friend or foe (rider and mount each); a 6 is a Wound.
SEEPING_DECAY = "seeping decay"
_TOUCH = 0.02  # inches: base contact (core/data.py CONTACT_TOLERANCE, doubled for friends)


def _touching(state: BattleState, model: ModelState) -> list[ModelState]:
    near = state.near(model.x, model.y, model.radius + 3.0)
    return [m for m in near if m is not model and m.alive and state.distance(m, model) <= _TOUCH]


@every(Tick.PHASE_START, SEEPING_DECAY, order=42)
def _seeping_decay(state: BattleState) -> None:
    if state.phase is not Phase.FIGHT:
        return
    for tainted in [m for m in state.living() if SEEPING_DECAY in m.triggers]:
        for model in _touching(state, tainted):
            if "spirit" in model.profile.keywords:
                continue
            parts = [True, False] if model.mount is not None and not model.mount.slain else [False]
            for at_mount in parts:
                (die,) = state.roll(1, f"{SEEPING_DECAY} {tainted.uid}->{model.uid}")
                if die == 6 and model.alive:
                    state.wound(model, f"{SEEPING_DECAY} of {tainted.uid}", at_mount)


REGISTRY.register(SEEPING_DECAY, kind=Kind.RULE, source="BSData Seeping Decay (the Tainted)")

# Miasmatic Presence (the Tainted): at the start of the Move phase a Will point; until the
# end of the turn no Warrior within 6" of him benefits from Stand Fast! nor takes part in a
# Heroic Action (READINGS: friend or foe).
MIASMA = "miasmatic presence"
MIASMA_REACH = 6.0


@dataclass(frozen=True, slots=True)
class SpreadMiasma(Decision[bool]):
    """Does the Tainted spend a Will point on Miasmatic Presence? Heuristic: when at least
    three enemy Warriors are within 6" of him and he keeps two Will points."""

    tainted: ModelState
    warriors_near: int

    def default(self, state: BattleState) -> bool:
        return self.warriors_near >= 3 and self.tainted.will >= 3


@every(Tick.PHASE_START, MIASMA, order=32)
def _miasmatic_presence(state: BattleState) -> None:
    if state.phase is not Phase.MOVE:
        return
    for tainted in [m for m in state.living() if MIASMA in m.triggers and m.will >= 1]:
        near = sum(
            1
            for e in state.enemies(tainted)
            if not e.profile.is_hero and state.distance(e, tainted) <= MIASMA_REACH
        )
        if _ask(state, tainted, SpreadMiasma(tainted, near)):
            if not spend(state, tainted, Pool.WILL):
                continue  # the deed is cancelled (pools.SPENT)
            mark = Effect(MIASMA, tainted.uid, None, 0, Until.END_OF_TURN, "BSData", mark=MIASMA)
            effects.add(state, mark)
            state.log.emit("army_rule", model=tainted.uid, rule=MIASMA, turn=state.turn)


def _in_miasma(state: BattleState, model: ModelState) -> bool:
    if model.profile.is_hero or not effects.active(state):
        return False
    for effect in effects.active(state):
        tainted = state.models[effect.target]
        near = state.distance(tainted, model) <= MIASMA_REACH + 1e-9
        if effect.mark == MIASMA and tainted.alive and near:
            return True
    return False


@grant_by_effect(May.RALLY)
def _no_stand_fast(context: HookContext) -> bool | None:
    """A ban (False) for a Warrior in the miasma; no opinion (None) otherwise."""
    other = context.other
    return False if other is not None and _in_miasma(context.state, other) else None


@grant_by_effect(May.HEED)
def _no_heroics(context: HookContext) -> bool | None:
    other = context.other
    return False if other is not None and _in_miasma(context.state, other) else None


REGISTRY.register(MIASMA, kind=Kind.RULE, source="BSData Miasmatic Presence (the Tainted)")

# Kardûsh the Firecaller, at the start of the Priority phase: Heart of Darkness (a friendly
# Orc within 6" is removed as a casualty; he regains D3 Will, never above his starting
# store) or Shadow Pawn (he is removed as a casualty; a friendly Ringwraith within 6"
# regains D6 Will, never above its starting store).
HEART = "heart of darkness"
PAWN = "shadow pawn"
KARDUSH_REACH = 6.0


@dataclass(frozen=True, slots=True)
class DrainOrc(Decision[str | None]):
    """Which friendly Orc Kardûsh drains (None: none). Heuristic: a Warrior Orc, when he
    has lost at least two Will points; the one with the fewest Wounds, then by id."""

    kardush: ModelState
    orcs: tuple[ModelState, ...]
    will_lost: int

    def default(self, state: BattleState) -> str | None:
        warriors = [m for m in self.orcs if not m.profile.is_hero]
        if self.will_lost < 2 or not warriors:
            return None
        return min(warriors, key=lambda m: (m.wounds, m.uid)).uid


@dataclass(frozen=True, slots=True)
class GiveLifeToWraith(Decision[str | None]):
    """Which Ringwraith Kardûsh dies for (None: none). Heuristic: one that has lost at least
    four Will points (he is worth less than a Nazgûl's strength)."""

    kardush: ModelState
    wraiths: tuple[tuple[ModelState, int], ...]  # (wraith, Will points it lost)

    def default(self, state: BattleState) -> str | None:
        drained = [(lost, w.uid) for w, lost in self.wraiths if lost >= 4]
        return max(drained)[1] if drained else None


def _starting_will(state: BattleState, model: ModelState) -> int:
    return model.profile.will  # the store it started the battle with


def _near_friends(state: BattleState, kardush: ModelState, keyword: str) -> list[ModelState]:
    return [
        m
        for m in state.living(kardush.player)
        if m is not kardush
        and keyword in m.profile.keywords
        and state.distance(kardush, m) <= KARDUSH_REACH + 1e-9
    ]


@every(Tick.PHASE_START, HEART, order=20)
def _kardush(state: BattleState) -> None:
    if state.phase is not Phase.PRIORITY:
        return
    for kardush in [m for m in state.living() if m.triggers & {HEART, PAWN}]:
        if PAWN in kardush.triggers and _shadow_pawn(state, kardush):
            continue
        if HEART in kardush.triggers:
            _heart_of_darkness(state, kardush)


def _heart_of_darkness(state: BattleState, kardush: ModelState) -> None:
    orcs = tuple(_near_friends(state, kardush, "orc"))
    top = _starting_will(state, kardush)
    if not orcs or kardush.will >= top:
        return
    players = state.players
    ask = DrainOrc(kardush, orcs, top - kardush.will)
    chosen = ask.default(state) if players is None else players[kardush.player].decide(state, ask)
    orc = next((m for m in orcs if m.uid == chosen), None)
    if orc is None:
        return
    state.log.emit("army_rule", model=kardush.uid, rule=HEART, target=orc.uid)
    state.remove(orc, Removal.SLAIN, HEART)
    (die,) = state.roll(1, f"{HEART} D3 {kardush.uid}")
    kardush.will = min(top, kardush.will + (die + 1) // 2)


def _shadow_pawn(state: BattleState, kardush: ModelState) -> bool:
    wraiths = tuple(
        (w, _starting_will(state, w) - w.will) for w in _near_friends(state, kardush, "ringwraith")
    )
    if not wraiths:
        return False
    players = state.players
    ask = GiveLifeToWraith(kardush, wraiths)
    chosen = ask.default(state) if players is None else players[kardush.player].decide(state, ask)
    wraith = next((w for w, _ in wraiths if w.uid == chosen), None)
    if wraith is None:
        return False
    state.log.emit("army_rule", model=kardush.uid, rule=PAWN, target=wraith.uid)
    state.remove(kardush, Removal.SLAIN, PAWN)
    (die,) = state.roll(1, f"{PAWN} D6 {wraith.uid}")
    wraith.will = min(_starting_will(state, wraith), wraith.will + die)
    return True


REGISTRY.register(HEART, kind=Kind.RULE, source="BSData Heart of Darkness (Kardûsh)")
REGISTRY.register(PAWN, kind=Kind.RULE, source="BSData Shadow Pawn (Kardûsh)")

# Combat Mimicry (the Knight of Umbar): at the start of the Fight phase, before Heroic
# Actions, a Will point: for the turn he may use his opponent's Fight, Strength and/or
# Attacks instead of his own (READINGS: the opponent is the enemy in base contact with the
# highest sum of the three; each value is taken only where it is higher).
MIMICRY = "combat mimicry"
_MIMIC: Status[dict[Stat, int]] = Status("combat mimicry", dict, Lasting.TURN)
_MIMICKED = (Stat.FIGHT, Stat.STRENGTH, Stat.ATTACKS)


@dataclass(frozen=True, slots=True)
class MimicOpponent(Decision[bool]):
    """Does the Knight spend a Will point to copy his opponent's values? Heuristic: when he
    gains at least 2 in all, keeping two Will points."""

    knight: ModelState
    gains: int

    def default(self, state: BattleState) -> bool:
        return self.gains >= 2 and self.knight.will >= 3


def _values(state: BattleState, model: ModelState) -> dict[Stat, int]:
    return {
        Stat.FIGHT: characteristics.fight_base(state, model),
        Stat.STRENGTH: characteristics.strength_base(state, model),
        Stat.ATTACKS: characteristics.attacks_base(state, model),
    }


@every(Tick.PHASE_START, MIMICRY, order=35)
def _combat_mimicry(state: BattleState) -> None:
    if state.phase is not Phase.FIGHT:
        return
    for knight in [m for m in state.living() if MIMICRY in m.triggers and m.will >= 1]:
        foes = state.contacts(knight)
        if not foes:
            continue
        own = _values(state, knight)
        best = max(foes, key=lambda f: (sum(_values(state, f).values()), f.uid))
        theirs = _values(state, best)
        taken = {stat: theirs[stat] for stat in _MIMICKED if theirs[stat] > own[stat]}
        gains = sum(theirs[stat] - own[stat] for stat in taken)
        if taken and _ask(state, knight, MimicOpponent(knight, gains)):
            if not spend(state, knight, Pool.WILL):
                continue  # the deed is cancelled (pools.SPENT)
            _MIMIC.of(knight).update(taken)
            state.log.emit("army_rule", model=knight.uid, rule=MIMICRY, copied=best.uid)


def _mimicked(stat: Stat) -> None:
    @override(stat, MIMICRY, source="BSData Combat Mimicry (the Knight of Umbar)")
    def _copy(context: HookContext, value: int) -> int | None:
        taken = _MIMIC.peek(context.model)
        return taken.get(stat) if taken else None


for _stat in _MIMICKED:
    _mimicked(_stat)
