"""The Trolls' rules (Bert, Bill and Tom) from the BattleScribe rule text: three unique
Brutal Power Attacks (MON-BPA-01), Keep 'em for Later (a Paralysing sack, played as a unique
BPA: it replaces Strikes and BPAs alike) and Tom's Lingering Cold."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Effect, Until, add
from battlesim.engines.sbg.core.hooks import Hook
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.kinds import man_sized
from battlesim.engines.sbg.rules.magic.powers_rare import paralyse, paralysed
from battlesim.engines.sbg.rules.monsters.core import (
    BpaFight,
    BrutalPowerAttack,
    hit,
    knock_prone,
    register_bpa,
    taken_out,
    wound_chance,
)
from battlesim.engines.sbg.rules.pools import Pool, spend

# Squash 'em to Jelly (Tom): instead of striking, every enemy model of the fight (not the
# supporters) suffers a Strength 6 hit; those who survive are knocked Prone.
SQUASH = "squash 'em to jelly"
SQUASH_STRENGTH = 6


def _all_of_them(fight: BpaFight) -> list[ModelState | None]:
    return [None] if fight.living_losers() else []


def _squash(fight: BpaFight, _target: ModelState | None) -> None:
    for model in fight.living_losers():
        hit(fight.state, model, SQUASH_STRENGTH, f"{SQUASH} by {fight.monster.uid}")
        knock_prone(fight.state, model, SQUASH)


def _squash_harm(
    state: BattleState, tom: ModelState, losers: Sequence[ModelState], _t: ModelState | None
) -> float:
    return sum(taken_out(m, wound_chance(SQUASH_STRENGTH, m.defence)) for m in losers)


register_bpa(BrutalPowerAttack(SQUASH, _all_of_them, _squash, unique=True, harm=_squash_harm))

# Mince 'em Fine (Bill): one enemy of the fight; each rolls a D6 and adds its Strength; if
# Bill's total is higher the victim suffers the difference in Wounds, each one a blow Fate
# may stop; the victim backs away as any loser does (the fight goes on to backing away).
MINCE = "mince 'em fine"


def _mince_targets(fight: BpaFight) -> list[ModelState | None]:
    return list(fight.living_losers())


def _mince(fight: BpaFight, victim: ModelState | None) -> None:
    assert victim is not None
    state, bill = fight.state, fight.monster
    ours, theirs = state.roll(2, f"{MINCE} {bill.uid} v {victim.uid}")
    total = ours + characteristics.strength_value(state, bill)
    against = theirs + characteristics.strength_value(state, victim)
    for _ in range(max(0, total - against)):
        if victim.alive:
            state.wound(victim, f"struck by {bill.uid}")


def _mince_harm(
    state: BattleState, bill: ModelState, _l: Sequence[ModelState], victim: ModelState | None
) -> float:
    if victim is None:
        return 0.0
    gap = characteristics.strength_value(state, bill) - victim.profile.strength
    expected = sum(max(0, a + gap - b) for a in range(1, 7) for b in range(1, 7)) / 36
    return taken_out(victim, expected)


register_bpa(BrutalPowerAttack(MINCE, _mince_targets, _mince, unique=True, harm=_mince_harm))

# Keep 'em for Later: instead of Strikes or a BPA, one Man-sized (or smaller) model of the
# fight goes in the sack: it counts as Paralysed (READINGS: it stays where it is, as a
# Paralysed model; the 25 mm marker is the model itself).
KEEP = "keep 'em for later"


def _keep_targets(fight: BpaFight) -> list[ModelState | None]:
    state = fight.state
    return [m for m in fight.living_losers() if man_sized(m) and not paralysed(state, m)]


def _keep(fight: BpaFight, victim: ModelState | None) -> None:
    assert victim is not None
    fight.state.log.emit("army_rule", model=fight.monster.uid, rule=KEEP, target=victim.uid)
    paralyse(fight.state, victim, KEEP, f"BSData {KEEP} ({fight.monster.uid})")


def _keep_harm(
    state: BattleState, troll: ModelState, _l: Sequence[ModelState], victim: ModelState | None
) -> float:
    """A bagged model is out of the fight for a while: half a model taken out."""
    return 0.5 if victim is not None else 0.0


register_bpa(BrutalPowerAttack(KEEP, _keep_targets, _keep, unique=True, harm=_keep_harm))

# Lingering Cold (Tom): before the Duel roll of a fight he is in, a Will point halves the
# Fight value of one foe in base contact (READINGS: chosen as the Fight phase starts, for
# the turn, on the foe of highest Fight; halved rounding up).
LINGERING_COLD = "lingering cold"


@dataclass(frozen=True, slots=True)
class SneezeOn(Decision[str | None]):
    """Which foe in base contact Tom sneezes on (None: none). Heuristic: the foe of highest
    Fight value, if it beats Tom's."""

    tom: ModelState
    foes: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str | None:
        fight = characteristics.fight_base(state, self.tom)
        best = max(self.foes, key=lambda m: (characteristics.fight_base(state, m), m.uid))
        return best.uid if characteristics.fight_base(state, best) >= fight else None


@every(Tick.PHASE_START, LINGERING_COLD, order=41)
def _lingering_cold(state: BattleState) -> None:
    if state.phase is not Phase.FIGHT:
        return
    for tom in state.living():
        if LINGERING_COLD not in tom.triggers or tom.will < 1:
            continue
        foes = tuple(m for m in state.contacts(tom) if m.player != tom.player)
        if not foes:
            continue
        ask = SneezeOn(tom, foes)
        players = state.players
        chosen = ask.default(state) if players is None else players[tom.player].decide(state, ask)
        victim = next((m for m in foes if m.uid == chosen), None)
        if victim is None:
            continue
        if not spend(state, tom, Pool.WILL):
            continue  # the deed is cancelled (pools.SPENT)
        fight = characteristics.fight_base(state, victim)
        cut = fight - math.ceil(fight / 2)
        add(
            state, Effect(LINGERING_COLD, victim.uid, Hook.FIGHT, -cut, Until.END_OF_TURN, "BSData")
        )
        state.log.emit("army_rule", model=tom.uid, rule=LINGERING_COLD, target=victim.uid)


REGISTRY.register(LINGERING_COLD, kind=Kind.RULE, source="BSData Lingering Cold (Tom)")
