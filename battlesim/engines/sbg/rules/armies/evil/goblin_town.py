"""Goblin-town's rules from the BattleScribe rule text: the Goblin King's Blubbery Mass,
Goblin Projectile and Relentless Advance (the Ogre's too), the Goblin Scribe's Immobile and
Always More Where They Came From, Grinnah's Swap with Me."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.arms import MissileKind, MissileWeapon
from battlesim.engines.sbg.core.data import CONTACT_TOLERANCE, CONTROL_ZONE
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.paths import point_distance, segment_point_distance, terrain_fits
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import (
    BattleState,
    Happening,
    ModelState,
    On,
    Phase,
    Removal,
    Tick,
    every,
    on,
)
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import ModelSpec, Profile
from battlesim.engines.sbg.rules import movement, reinforcements
from battlesim.engines.sbg.rules.beast_fight import ALWAYS_TRAPPED
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.fighting import ask
from battlesim.engines.sbg.rules.magic.casting import resolving_power
from battlesim.engines.sbg.rules.magic.powers_hold import COMPELLED
from battlesim.engines.sbg.rules.monsters.core import hit, knock_prone, wound_chance
from battlesim.engines.sbg.rules.muster import model_state
from battlesim.engines.sbg.rules.pools import Pool, spend
from battlesim.engines.sbg.rules.special_shots import SpecialShot, register_shot
from battlesim.engines.sbg.rules.wound_saves import save_on_sixes

# --- Blubbery Mass (The Goblin King, BSData 029d-fb32-2637-5be5) ------------------------
BLUBBERY_MASS = "blubbery mass"
_BLUBBERY_ID = "BSData 029d-fb32-2637-5be5 (Blubbery Mass)"
BLUBBERY_NEED = 3
_BLUBBERY_PASSED: set[str] = set()


def _unblubbered(state: BattleState, blow: Happening) -> bool:
    """Magical Powers and Elven-made weapons ignore it: a blow dealt while a power is
    resolved or cast by a caster, or struck or shot by a model with an Elven-made weapon."""
    if resolving_power(state) or blow.source.startswith("cast by"):
        return True
    for prefix in ("struck by ", "shot by "):
        if blow.source.startswith(prefix):
            striker = state.models.get(blow.source.removeprefix(prefix))
            return striker is not None and "elven-made" in striker.triggers
    return False


@on(On.WOUNDING, BLUBBERY_MASS, order=14, trigger=BLUBBERY_MASS)
def _blubbery_mass(state: BattleState, blow: Happening) -> bool:
    """Every time the Goblin King is wounded, a D6 per Wound; on a 3+ that Wound is ignored
    (before Fate, READINGS); the Wounds left go on to Fate."""
    model = blow.model
    if model.uid in _BLUBBERY_PASSED or blow.at_mount or _unblubbered(state, blow):
        return False
    return save_on_sixes(
        state,
        blow,
        f"blubbery mass {model.uid} ({BLUBBERY_NEED}+)",
        _BLUBBERY_PASSED,
        "wound_ignored",
        need=BLUBBERY_NEED,
        rule=BLUBBERY_MASS,
    )


REGISTRY.register(BLUBBERY_MASS, kind=Kind.RULE, source=_BLUBBERY_ID)

# --- Goblin Projectile (The Goblin King, BSData f5f8-3f75-92c2-ffc3) ---------------------
GOBLIN_PROJECTILE = "goblin projectile"
_PROJECTILE_ID = "BSData f5f8-3f75-92c2-ffc3 (Goblin Projectile)"
PROJECTILE_STRENGTH = 8
PROJECTILE = MissileWeapon(GOBLIN_PROJECTILE, 12.0, PROJECTILE_STRENGTH, MissileKind.THROWING)


def goblin(model: ModelState) -> bool:
    return "goblin" in model.profile.keywords


def _ammunition(state: BattleState, king: ModelState) -> list[ModelState]:
    """Friendly Goblins in base contact with the King, not Engaged (nor is he)."""
    if state.engaged(king):
        return []
    return [
        m
        for m in state.living(king.player)
        if m is not king and goblin(m) and state.in_contact(m, king) and not state.engaged(m)
    ]


def _projectile_ready(state: BattleState, king: ModelState) -> bool:
    return bool(_ammunition(state, king))


def _throw_goblin(state: BattleState, king: ModelState) -> bool:
    """Remove the Goblin (the cheapest in contact: READINGS, a casualty of the army); it
    costs no point, so the throw always goes ahead."""
    thrown = min(_ammunition(state, king), key=lambda m: (m.profile.points, m.wounds, m.uid))
    state.log.emit("army_rule", model=king.uid, rule=GOBLIN_PROJECTILE, thrown=thrown.uid)
    state.remove(thrown, Removal.SLAIN, f"{GOBLIN_PROJECTILE} of {king.uid}")
    return True


def _projectile_lands(state: BattleState, king: ModelState, model: ModelState) -> None:
    """Resolved at Strength 8, and automatically knocks Prone any model it hits."""
    hit(state, model, PROJECTILE_STRENGTH, f"{GOBLIN_PROJECTILE} of {king.uid}")
    if model.alive:
        knock_prone(state, model, GOBLIN_PROJECTILE)


def _projectile_worth(state: BattleState, king: ModelState, target: ModelState) -> float:
    """Heuristic: the wounds it may cost the target, worth the thrown Goblin (a 4-point
    warrior) only against a model a Strength 8 hit has a fair chance to wound."""
    chance = wound_chance(PROJECTILE_STRENGTH, target.defence)
    value = chance * max(1.0, target.profile.points / 10)
    return value if chance >= 0.5 else 0.0


register_shot(
    SpecialShot(
        GOBLIN_PROJECTILE,
        PROJECTILE,
        _projectile_ready,
        _throw_goblin,
        _projectile_lands,
        _projectile_worth,
    )
)
REGISTRY.register(GOBLIN_PROJECTILE, kind=Kind.RULE, source=_PROJECTILE_ID)

# --- Relentless Advance (The Goblin King 88fd-7bc8-cc99-a7ce, Ogre 0d47-fa64-3b7b-00ec) -----
RELENTLESS_ADVANCE = "relentless advance"
_RELENTLESS_IDS = "BSData 88fd-7bc8-cc99-a7ce (The Goblin King), 0d47-fa64-3b7b-00ec (Ogre)"
RELENTLESS_STRENGTH = 3
_GOBLIN_KIN = frozenset({"goblin"})  # the Goblin King's text: friendly Goblin models
_OGRE_KIN = frozenset({"orc", "goblin", "bat"})  # the Ogre's: friendly Orc, Goblin and Bat
_CHARGE_FROM: Status[list[tuple[float, float]]] = Status(
    "relentless advance start", list, Lasting.TURN
)


def _kin(charger: ModelState) -> frozenset[str]:
    return _OGRE_KIN if "ogre" in charger.profile.keywords else _GOBLIN_KIN


def _tramples(state: BattleState, charger: ModelState, other: ModelState) -> bool:
    """A charger with the rule passes through a friendly model of its kin (not when the
    charge is a Compelled/Commanded one)."""
    return (
        RELENTLESS_ADVANCE in charger.triggers
        and other.player == charger.player
        and other.alive
        and bool(other.profile.keywords & _kin(charger))
        and charger.uid not in COMPELLED
    )


movement.CHARGE_THROUGH.append(_tramples)


@on(On.CHARGE_DECLARED, RELENTLESS_ADVANCE, order=50, trigger=RELENTLESS_ADVANCE)
def _note_start(state: BattleState, happening: Happening) -> None:
    _CHARGE_FROM.put(happening.model, [happening.model.position])


@on(On.MOVE_ENDED, RELENTLESS_ADVANCE, order=50, trigger=RELENTLESS_ADVANCE)
def _trample(state: BattleState, happening: Happening) -> None:
    """Each friendly model passed through suffers a Strength 3 hit; the one it ends its move
    on is slain (removed as a casualty)."""
    charger = happening.model
    start = _CHARGE_FROM.peek(charger)
    _CHARGE_FROM.drop(charger)
    if happening.reason != "charge" or not start:
        return
    origin, end = start[0], charger.position
    for other in list(state.living(charger.player)):
        if other is charger or not _tramples(state, charger, other):
            continue
        clearance = charger.radius + other.radius - CONTACT_TOLERANCE
        if point_distance(end, other.position) < clearance:
            state.log.emit(
                "army_rule", model=charger.uid, rule=RELENTLESS_ADVANCE, ended_on=other.uid
            )
            state.remove(other, Removal.SLAIN, f"{RELENTLESS_ADVANCE} of {charger.uid}")
        elif segment_point_distance(origin, end, other.position) < clearance:
            hit(state, other, RELENTLESS_STRENGTH, f"{RELENTLESS_ADVANCE} of {charger.uid}")


REGISTRY.register(RELENTLESS_ADVANCE, kind=Kind.RULE, source=_RELENTLESS_IDS)

# --- Immobile (The Goblin Scribe, BSData 8ee2-5a6b-55ef-cd1a) ----------------------------
IMMOBILE = "immobile"
ALWAYS_TRAPPED.add(IMMOBILE)
REGISTRY.register(
    IMMOBILE,
    kind=Kind.RULE,
    source="BSData 8ee2-5a6b-55ef-cd1a (Immobile): automatically Trapped if he loses a Fight "
    "(beast_fight.ALWAYS_TRAPPED); carried as a Heavy Object by a friend in the Move phase",
)
# "In the Move phase, friendly models may move him and his frame, in which case he is
# considered to be a Heavy Object": a friend in base contact at the start of its move (not a
# charge) that moves no more than half its Move (ADV-HEAVY-01, one carrier) may take him
# along, set down as he stood beside it.
_CARRIER_START: Status[list[tuple[str, tuple[float, float]]]] = Status(
    "carries the scribe", list, Lasting.TURN
)
_CARRIED: Status[list[bool]] = Status("scribe carried", list, Lasting.TURN)
_SCRIBES: Status[list[str]] = Status("immobile models", list, Lasting.BATTLE)


def _scribes(state: BattleState) -> list[str]:
    """The battle's models with Immobile (speed: found once, most battles have none)."""
    found = _SCRIBES.peek(state)
    if found is None:
        found = _SCRIBES.of(state)
        found += [uid for uid, m in state.models.items() if IMMOBILE in m.triggers] or [""]
    return [uid for uid in found if uid]


@dataclass(frozen=True, slots=True)
class CarryScribe(Decision[bool]):
    """Does the friend that moved take the Scribe along to ``spot``? Heuristic: when it
    puts him farther from the nearest enemy."""

    carrier: ModelState
    scribe: ModelState
    spot: tuple[float, float]

    def default(self, state: BattleState) -> bool:
        enemies = state.enemies(self.scribe)
        if not enemies:
            return False
        here = min(point_distance(self.scribe.position, e.position) for e in enemies)
        there = min(point_distance(self.spot, e.position) for e in enemies)
        return there > here


@on(On.MOVE_DECLARED, "immobile carrier", order=60)
def _carrier_starts(state: BattleState, happening: Happening) -> None:
    mover = happening.model
    if state.phase is not Phase.MOVE or not _scribes(state) or mover.charged:
        return
    for uid in _scribes(state):
        scribe = state.models[uid]
        if scribe is mover or not scribe.alive or scribe.player != mover.player:
            continue
        if state.in_contact(scribe, mover) and not state.engaged(scribe):
            _CARRIER_START.of(mover).append((uid, mover.position))


@on(On.MOVE_ENDED, "immobile carried", order=60)
def _carried(state: BattleState, happening: Happening) -> None:
    mover = happening.model
    started = _CARRIER_START.peek(mover)
    if not started:
        return
    _CARRIER_START.drop(mover)
    for uid, start in started:
        scribe = state.models[uid]
        moved = point_distance(start, mover.position)
        if not scribe.alive or _CARRIED.peek(scribe) or moved <= 1e-6:
            continue
        if moved > mover.profile.move / 2 + 1e-6 or mover.mount is not None:
            continue  # ADV-HEAVY-01/02: half its Move alone; never Cavalry
        spot = (scribe.x + mover.x - start[0], scribe.y + mover.y - start[1])
        if not _set_down(state, scribe, spot) or not ask(
            state, scribe, CarryScribe(mover, scribe, spot)
        ):
            continue
        _CARRIED.of(scribe).append(True)
        state.move_to(scribe, spot, IMMOBILE)
        state.log.emit("army_rule", model=scribe.uid, rule=IMMOBILE, carried_by=mover.uid)


def _set_down(state: BattleState, scribe: ModelState, spot: tuple[float, float]) -> bool:
    """On the table, on no base, outside every enemy's control zone."""
    if not terrain_fits(state.table, spot, scribe.radius, state.width, state.depth):
        return False
    for other in state.living():
        if other is scribe:
            continue
        gap = point_distance(spot, other.position) - scribe.radius - other.radius
        zone = CONTROL_ZONE if other.player != scribe.player else 0.0
        if gap < zone - CONTACT_TOLERANCE:
            return False
    return True


# --- Always More Where They Came From (The Goblin Scribe, BSData 186e-b12e-adad-68fd) ------
ALWAYS_MORE = "always more where they came from"
_ALWAYS_MORE_ID = "BSData 186e-b12e-adad-68fd (Always More Where They Came From)"
GOBLIN_WARRIOR = "Goblin Warrior"
# The Goblin Warrior's card (BSData 270e-7e1f-0d71-dd3f/4d0b-b767-1dde-03bc, Armies of the
# Hobbit p. 122), used when the Scribe's army has no Goblin Warrior of its own to copy.
_CARD = Profile(
    name=GOBLIN_WARRIOR,
    move=5.0,
    fight=2,
    shoot=5,
    strength=3,
    defence=3,
    attacks=1,
    wounds=1,
    courage=2,
    keywords=frozenset({"goblin", "infantry", "warrior"}),
    wargear=("sword",),
    rules=("Chittering Hordes", "Cave Dweller"),
    points=4,
)
_BROUGHT: Status[list[int]] = Status("goblins brought", list, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class CallMoreGoblins(Decision[bool]):
    """Does the Scribe take the Courage test to bring more Goblin Warriors? Heuristic: yes
    (a failed test costs nothing)."""

    scribe: ModelState

    def default(self, state: BattleState) -> bool:
        return True


def _warrior_card(state: BattleState, player: int) -> Profile:
    """The army's own Goblin Warrior (its wargear as bought), else the card."""
    for model in state.models.values():
        if model.player == player and model.profile.name == GOBLIN_WARRIOR:
            return model.spec.profile
    return _CARD


def _passed_by(state: BattleState, scribe: ModelState) -> int | None:
    """The test's margin (0 when passed automatically), None if failed."""
    tests = [e for e in state.log.of_kind("courage") if e.data.get("model") == scribe.uid]
    last = tests[-1].data if tests else {}
    if not last.get("passed"):
        return None
    total = last.get("total")
    return 0 if total is None else int(total) - 10


@every(Tick.PHASE_END, ALWAYS_MORE, order=60)
def _always_more(state: BattleState) -> None:
    if state.phase is not Phase.MOVE or state.players is None:
        return
    for scribe in [m for m in state.living() if ALWAYS_MORE in m.triggers]:
        if scribe.alive and ask(state, scribe, CallMoreGoblins(scribe)):
            _bring_more(state, scribe)


def _bring_more(state: BattleState, scribe: ModelState) -> None:
    """At the end of the Move phase a Courage test; passed, D3 Goblin Warriors (+1 for each
    point it passed by; passed automatically, D3) enter from an edge the player picks."""
    if not courage_test(state, scribe, ALWAYS_MORE):
        return
    margin = _passed_by(state, scribe) or 0
    (die,) = state.roll(1, f"{ALWAYS_MORE} {scribe.uid} (D3)")
    count = (die + 1) // 2 + margin
    card = _warrior_card(state, scribe.player)
    made = _BROUGHT.of(scribe)
    uids = []
    for _ in range(count):
        made.append(1)
        uid = f"{scribe.uid}g{len(made)}"
        model = model_state(ModelSpec(uid, card), scribe.player, scribe.position)
        state.spawn(model)
        state.take_off(model)
        state.start_counts[scribe.player] += 1  # READINGS: counted as any model of the army
        uids.append(uid)
    state.log.emit("army_rule", model=scribe.uid, rule=ALWAYS_MORE, goblins=uids)
    state.reserves.append(reinforcements.Reserve(scribe.player, tuple(uids), state.turn))
    assert state.players is not None
    reinforcements.arrive(state, state.players[scribe.player], scribe.player)


REGISTRY.register(ALWAYS_MORE, kind=Kind.RULE, source=_ALWAYS_MORE_ID)

# --- Swap with Me (Grinnah, BSData 8ca1-3d86-17a3-61d5) ----------------------------------
SWAP_WITH_ME = "swap with me"
_SWAP_ID = "BSData 8ca1-3d86-17a3-61d5 (Swap with Me)"
SWAP_REACH = 3.0
_SWAP_PHASES = (Phase.MOVE, Phase.SHOOT, Phase.FIGHT)


def swap_partners(state: BattleState, grinnah: ModelState) -> list[ModelState]:
    """Friendly Goblins within 3", the Goblin Scribe excepted."""
    return [
        m
        for m in state.living(grinnah.player)
        if m is not grinnah
        and goblin(m)
        and ALWAYS_MORE not in m.triggers
        and m.profile.name != "The Goblin Scribe"
        and state.distance(m, grinnah) <= SWAP_REACH + 1e-9
    ]


@dataclass(frozen=True, slots=True)
class ChooseSwap(Decision[str | None]):
    """The Goblin Grinnah swaps places with (None: no Swap with Me). Heuristic: at the start
    of the Fight phase, engaged with a Might point to spare beyond one, with a Goblin not
    engaged: that Goblin takes his place in the fight."""

    grinnah: ModelState
    partners: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str | None:
        if state.phase is not Phase.FIGHT or self.grinnah.might < 2:
            return None
        if not state.engaged(self.grinnah):
            return None
        free = [m for m in self.partners if not state.engaged(m)]
        return min(free, key=lambda m: (m.profile.points, m.uid)).uid if free else None


def _fits(state: BattleState, model: ModelState, spot: tuple[float, float], gone: str) -> bool:
    if not terrain_fits(state.table, spot, model.radius, state.width, state.depth):
        return False
    for other in state.living():
        if other is model or other.uid == gone:
            continue
        if point_distance(spot, other.position) < model.radius + other.radius - CONTACT_TOLERANCE:
            return False
    return True


def swap(state: BattleState, grinnah: ModelState, partner: ModelState) -> bool:
    """Swap places (not a move); False if either cannot stand at the other's spot."""
    here, there = grinnah.position, partner.position
    if not (_fits(state, grinnah, there, partner.uid) and _fits(state, partner, here, grinnah.uid)):
        return False
    state.take_off(partner)
    state.set_position(grinnah, there)
    state.bring_on(partner, here)
    state.log.emit("army_rule", model=grinnah.uid, rule=SWAP_WITH_ME, swapped=partner.uid)
    return True


@every(Tick.PHASE_START, SWAP_WITH_ME, order=40)
def _swap_with_me(state: BattleState) -> None:
    """A special Heroic Action (one Might point, READINGS) at the start of any phase."""
    if state.phase not in _SWAP_PHASES:
        return
    for grinnah in [m for m in state.living() if SWAP_WITH_ME in m.triggers]:
        partners = tuple(swap_partners(state, grinnah))
        if grinnah.might < 1 or not partners or effects.barred(state, grinnah, Bar.HEROIC):
            continue  # MAGIC-P-TRANSFIX: no Heroic Action while held
        choice = ask(state, grinnah, ChooseSwap(grinnah, partners))
        if choice is None:
            continue
        if not spend(state, grinnah, Pool.MIGHT):
            continue  # the Heroic Action is cancelled (pools.SPENT)
        state.log.emit(
            "heroic_action",
            hero=grinnah.uid,
            action=SWAP_WITH_ME,
            phase=state.phase.value,
            turn=state.turn,
            might_left=grinnah.might,
        )
        chosen = next((m for m in partners if m.uid == choice), None)
        ordered = ([chosen] if chosen is not None else []) + [
            m for m in partners if m is not chosen
        ]
        if not any(swap(state, grinnah, m) for m in ordered):
            state.log.emit(
                "heroic_cancelled", hero=grinnah.uid, action=SWAP_WITH_ME, reason="no room"
            )


REGISTRY.register(SWAP_WITH_ME, kind=Kind.RULE, source=_SWAP_ID)
