"""How the heuristic player uses Heroic Actions (HERO-HA-*): spend Might when it matters.

Each habit scores one legal declaration; the best positive one is declared. A sensible
player keeps its Might for the turns that decide something: the charge turn when the enemy
has Priority, a fight the Hero is likely to win outright, a close duel, a weaker enemy Hero.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from battlesim.engines.sbg.core.actions import Charge
from battlesim.engines.sbg.core.data import HEROIC_RANGE
from battlesim.engines.sbg.core.paths import Point
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.policies import magic_policy
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.combat import wound_need
from battlesim.engines.sbg.rules.heroic_actions import declarations
from battlesim.engines.sbg.rules.shooting import can_shoot, legal_targets
from battlesim.engines.sbg.rules.sight import obstructions

RALLY_CHARGERS = 2  # friends with a good charge that make a Heroic Move worth a Might
FIRE_SHOOTERS = 3  # friendly shooters within 6" that make "Fire!" worth a Might
OBJECTIVE_MARCH_GAP = 14.0  # inches: no enemy this close, march for an objective
SLAY_ALL_CHANCE = 0.45  # Heroic Combat when the Hero may well win and slay everything


def _chance(strength: int, defence: int) -> float:
    need = wound_need(strength, defence)
    if need is None:
        return 0.0
    second = (7 - need.second) / 6 if need.second else 1.0
    return (7 - need.first) / 6 * second


def _win_chance(hero: ModelState, enemies: list[ModelState]) -> float:
    best = max(enemies, key=lambda e: (e.profile.fight, e.uid))
    attacks = sum(e.profile.attacks for e in enemies)
    edge = 0.08 * (hero.profile.fight - best.profile.fight) + 0.1 * (hero.profile.attacks - attacks)
    return min(0.9, max(0.1, 0.5 + edge))


class Planner(Protocol):
    """What the habits ask of the heuristic player's own plan (policies/players.py)."""

    def _charge(self, state: BattleState, model: ModelState) -> Charge | None: ...

    def _objective(self, state: BattleState, model: ModelState) -> Point | None: ...


Habit = Callable[[Planner, BattleState, ModelState], float]


def _heroic_move(player: Planner, state: BattleState, hero: ModelState) -> float:
    """Answer an enemy Heroic Move (HERO-HM-02) when friends near the Hero have good charges
    now. Not to pre-empt the Priority side: moving first gives the enemy the fights to join,
    and measured in bench/sbg_might.py's mirror (120 battles) a heuristic that made such
    Heroic Moves lost 38-72 to one that did not, so it keeps the Might for its dice."""
    side = hero.player
    contested = any(d.side != side and d.action == ha.HEROIC_MOVE for d in declarations(state))
    if not contested or hero.might < 2:  # the last point is kept for the fight
        return 0.0
    reach = HEROIC_RANGE + 2 * hero.profile.move  # no enemy this close: no charge (speed)
    if all(state.distance(hero, e) > reach for e in state.enemies(hero)):
        return 0.0
    near = [hero, *ha.friends_in_range(state, hero)]
    chargers = sum(1 for m in near if player._charge(state, m) is not None)
    return 1.0 + chargers if chargers >= RALLY_CHARGERS else 0.0


def _heroic_march(player: Planner, state: BattleState, hero: ModelState) -> float:
    """March for an objective while no enemy is near (keeps one Might for the fight)."""
    if hero.might < 2 or player._objective(state, hero) is None:
        return 0.0
    gap = min((state.distance(hero, e) for e in state.enemies(hero)), default=99.0)
    return 0.5 if gap > OBJECTIVE_MARCH_GAP else 0.0


def _heroic_shoot(player: Planner, state: BattleState, hero: ModelState) -> float:
    """Shoot first with "Fire!" when the enemy has Priority and shooters of its own."""
    if state.priority == hero.player or hero.might < 2:
        return 0.0
    mine = [f for f in [hero, *ha.friends_in_range(state, hero)] if _can_shoot(state, f)]
    theirs = [e for e in state.enemies(hero) if e.missile is not None]
    return 0.5 + len(mine) / 10 if len(mine) >= FIRE_SHOOTERS and len(theirs) >= 2 else 0.0


def _heroic_accuracy(player: Planner, state: BattleState, hero: ModelState) -> float:
    """Re-rolls pay only when shots must pass something in the way (or land in a fight)."""
    if hero.might < 2:
        return 0.0
    mine = [f for f in [hero, *ha.friends_in_range(state, hero)] if _can_shoot(state, f)]
    if len(mine) <= FIRE_SHOOTERS:
        return 0.0
    return 0.4 if sum(1 for f in mine if _shot_hindered(state, f)) >= FIRE_SHOOTERS else 0.0


def _shot_hindered(state: BattleState, shooter: ModelState) -> bool:
    """The nearest target is in a fight (SHOOT-CMB-03) or partly hidden (SHOOT-ITW-01)."""
    target = legal_targets(state, shooter, offered=1)[0]
    fight = frozenset(m.uid for m in state.contacts(target))
    return bool(fight) or bool(obstructions(state, shooter, target, fight))


def _can_shoot(state: BattleState, model: ModelState) -> bool:
    return can_shoot(state, model) and bool(legal_targets(state, model, offered=1))


def _heroic_combat(player: Planner, state: BattleState, hero: ModelState) -> float:
    """Likely to win and slay every enemy of its fight, with fresh enemies to charge."""
    enemies = state.contacts(hero)
    if not enemies:
        return 0.0
    friends = {f.uid for e in enemies for f in state.contacts(e)} - {hero.uid}
    win = min(0.9, _win_chance(hero, enemies) + 0.25 * len(friends))
    chance = min(_chance(hero.profile.strength, e.defence) for e in enemies)
    needed, attacks = sum(e.wounds for e in enemies), hero.profile.attacks
    slay = 1 - (1 - chance) ** attacks if needed == 1 else min(1.0, chance * attacks / needed)
    fresh = any(
        not state.engaged(e) and state.distance(hero, e) <= hero.profile.move + 1
        for e in state.enemies(hero)
    )
    return 2.0 if fresh and win * slay >= SLAY_ALL_CHANCE else 0.0


def _heroic_strike(player: Planner, state: BattleState, hero: ModelState) -> float:
    """A close duel: an enemy in contact fights at least as well as the Hero."""
    best = max((e.profile.fight for e in state.contacts(hero)), default=0)
    return 1.5 if best >= hero.profile.fight else 0.0


def _heroic_strength(player: Planner, state: BattleState, hero: ModelState) -> float:
    """Wounds are hard to score: one in three or worse against the best armoured enemy."""
    enemies = state.contacts(hero)
    if not enemies:
        return 0.0
    hardest = max(e.defence for e in enemies)
    return 1.2 if _chance(hero.profile.strength, hardest) <= 0.34 else 0.0


def _heroic_defence(player: Planner, state: BattleState, hero: ModelState) -> float:
    """The Hero's last Wound is in danger."""
    enemies = state.contacts(hero)
    danger = max((_chance(e.profile.strength, hero.defence) for e in enemies), default=0.0)
    return 1.0 if hero.wounds == 1 and danger >= 0.33 else 0.0


def _heroic_challenge(player: Planner, state: BattleState, hero: ModelState) -> float:
    """Challenge an enemy Hero that is weaker in the duel."""
    rival = ha.challenge_target(state, hero)
    if rival is None:
        return 0.0
    mine, theirs = hero.profile, rival.profile
    return 3.0 if (mine.fight, hero.wounds) > (theirs.fight, rival.wounds) else 0.0


def _heroic_channelling(player: Planner, state: BattleState, hero: ModelState) -> float:
    """HERO-HCH-01: when the channelled form of its best power is worth the Might."""
    return magic_policy.channelling_worth(state, hero)


HABITS: dict[str, Habit] = {
    ha.HEROIC_MOVE: _heroic_move,
    ha.HEROIC_MARCH: _heroic_march,
    ha.HEROIC_SHOOT: _heroic_shoot,
    ha.HEROIC_ACCURACY: _heroic_accuracy,
    ha.HEROIC_COMBAT: _heroic_combat,
    ha.HEROIC_STRIKE: _heroic_strike,
    ha.HEROIC_STRENGTH: _heroic_strength,
    ha.HEROIC_DEFENCE: _heroic_defence,
    ha.HEROIC_CHALLENGE: _heroic_challenge,
    ha.HEROIC_CHANNELLING: _heroic_channelling,
}


def choose_declaration(
    player: Planner, state: BattleState, side: PlayerId, phase: Phase
) -> ha.Choice | None:
    """The best-scoring legal declaration, or None when no Might is worth spending."""
    best: tuple[float, ha.Choice] | None = None
    for choice in ha.legal_declarations(state, side, phase):
        habit = HABITS.get(choice[1])
        score = habit(player, state, state.models[choice[0]]) if habit else 0.0
        if score > 0 and (best is None or score > best[0]):
            best = (score, choice)
    return None if best is None else best[1]


def calls_friends(state: BattleState, hero: ModelState) -> bool:
    """Call when friends are within 6" (they then move, or shoot, with the Hero)."""
    return any(state.distance(hero, f) <= HEROIC_RANGE for f in state.living(hero.player))


def copies(player: Planner, state: BattleState, master: ModelState, action: str) -> bool:
    """SR-MASTERBATTLE: a free copy is taken unless it costs the Master its move (Heroic
    Resolve) or its charge (Heroic March), or has nothing to act on."""
    if action in (ha.HEROIC_RESOLVE, ha.HEROIC_MARCH):
        return False
    if action == ha.HEROIC_CHALLENGE:
        return _heroic_challenge(player, state, master) > 0
    fights = action in (ha.HEROIC_COMBAT, ha.HEROIC_STRIKE, ha.HEROIC_STRENGTH, ha.HEROIC_DEFENCE)
    return bool(state.contacts(master)) if fights else True


def accepts(hero: ModelState, challenger: ModelState) -> bool:
    """Declining costs Stand Fast! for the game: accept unless clearly outmatched."""
    mine = hero.profile.fight + hero.wounds
    return mine >= challenger.profile.fight + challenger.wounds - 1
