"""Rules of Harad and the Mûmakil (Far Harad, the Serpent Horde), from the BattleScribe text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.overrides import Stat, override
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, Tick, every, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.core.units import PlayerId
from battlesim.engines.sbg.rules import fighting
from battlesim.engines.sbg.rules import heroic_actions as ha
from battlesim.engines.sbg.rules.characteristics import fight_base
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.magic.resisting import RESISTANT
from battlesim.engines.sbg.rules.wound_saves import save_on_sixes

if TYPE_CHECKING:
    from battlesim.engines.sbg.core.state import Phase

AWESOME_PRESENCE = "awesome presence"
PRESENCE_RANGE = 3.0
_HARAD_KEYWORDS = frozenset({"haradrim", "mahûd", "mahud"})


def _awesome_presence(state: BattleState, side: PlayerId, dice: list[Any]) -> None:
    """Awesome Presence (BSData 8bcb-455b-45e0-5abf): friendly Haradrim and Mahûd models
    within 3" of the carrier may re-roll a single D6 of a Duel roll, with a banner's re-roll
    too but each die once (READINGS: one die per side and Duel, taken by a side losing so far,
    on its lowest die, as the banner's)."""
    carriers = [m for m in state.living(side) if AWESOME_PRESENCE in m.triggers]
    if not carriers:
        return
    eligible = [
        d
        for d in dice
        if not d.rerolled
        and _HARAD_KEYWORDS & d.owner.profile.keywords
        and any(state.distance(c, d.owner) <= PRESENCE_RANGE + 1e-9 for c in carriers)
    ]
    if not eligible:
        return
    worst = min(eligible, key=lambda d: (d.value, d.owner.uid))
    (worst.raw,) = state.roll(1, f"awesome presence re-roll {worst.owner.uid}")
    worst.rerolled = True


fighting.DUEL_REROLLS.append(_awesome_presence)
REGISTRY.register(
    AWESOME_PRESENCE, kind=Kind.RULE, source="BSData 8bcb-455b-45e0-5abf (Awesome Presence)"
)


# The Mûmak War Leader (BSData 638d-0ee0-4543-f8a8, 9874-5f14-d012-c416): ranges measured
# from the Mûmak's base whilst he rides it (READINGS: from his own base in the howdah).
HIGH_KING = "high king of mahûd"


@register(Hook.STAND_FAST_REACH, HIGH_KING)
def _high_king(context: HookContext) -> int:
    """High King of Mahûd: his Stand Fast! reaches 12" rather than 6". (His warband's 12"
    deployment has no counterpart: the engine deploys by scenario zones, not warbands.)"""
    return 6


REGISTRY.register(HIGH_KING, kind=Kind.RULE, source="BSData 638d-0ee0-4543-f8a8")

IMPOSING = "imposing presence"
IMPOSING_RANGE = 12.0
IMPOSING_NEED = 4
_IMPOSED: Status[set[str]] = Status("imposing presence", set, Lasting.TURN)


def _imposing_presence(
    state: BattleState, players: Sequence[Any], phase: Phase, declared: ha.Declaration
) -> None:
    """Imposing Presence: whilst mounted on his Royal War Mûmak, the first time each turn an
    enemy declares a Heroic Move within 12", a D6: on a 4+ it is cancelled, its Might lost."""
    if declared.action != ha.HEROIC_MOVE or declared.cancelled:
        return
    hero = state.models[declared.hero]
    for leader in state.enemies(hero):
        used = _IMPOSED.of(state)
        if IMPOSING not in leader.triggers or leader.uid in used or riding(leader) is None:
            continue
        if state.distance(leader, hero) > IMPOSING_RANGE + 1e-9:
            continue
        used.add(leader.uid)
        (die,) = state.roll(1, f"imposing presence {leader.uid}")
        if die >= IMPOSING_NEED:
            ha.cancel(state, declared, IMPOSING)
            return


ha.ANSWERS.append(_imposing_presence)
REGISTRY.register(IMPOSING, kind=Kind.RULE, source="BSData 9874-5f14-d012-c416")


# The Serpent's Weapon (BSData 72ac-9c66-47de-bd2c): at the start of the game Râza secretly
# picks an enemy Hero as his target; in a fight where he is Engaged with it, +2 Fight value.
SERPENTS_WEAPON = "the serpent's weapon"
_TARGETS: Status[dict[str, str]] = Status("the serpent's weapon", dict, Lasting.BATTLE)


@dataclass(frozen=True, slots=True)
class ChooseSerpentTarget(Decision[str | None]):
    """Râza's secret target among the enemy Heroes; heuristic: the costliest, then by id."""

    raza: ModelState
    heroes: tuple[ModelState, ...]

    def default(self, state: BattleState) -> str | None:
        if not self.heroes:
            return None
        return max(self.heroes, key=lambda m: (m.profile.points, m.uid)).uid


@every(Tick.TURN_START, SERPENTS_WEAPON, order=5)
def _serpent_target(state: BattleState) -> None:
    targets = _TARGETS.of(state)
    for raza in state.living():
        if SERPENTS_WEAPON not in raza.triggers or raza.uid in targets:
            continue
        heroes = tuple(m for m in state.enemies(raza) if m.profile.is_hero)
        decision = ChooseSerpentTarget(raza, heroes)
        players = state.players
        chosen = (
            decision.default(state)
            if players is None
            else players[raza.player].decide(state, decision)
        )
        if chosen is not None:
            targets[raza.uid] = chosen  # secret: logged when it first counts


@register(Hook.FIGHT, SERPENTS_WEAPON)
def _serpents_weapon(context: HookContext) -> int:
    state, raza = context.state, context.model
    target = state.models.get(_TARGETS.of(state).get(raza.uid, ""))
    if target is None or not target.alive or target not in state.contacts(raza):
        return 0
    return 2


REGISTRY.register(SERPENTS_WEAPON, kind=Kind.RULE, source="BSData 72ac-9c66-47de-bd2c")


# The Royal War Mûmak's upgrades (BSData 847b-d97f-bc49-1bd8, 48e7-8561-f92d-756f,
# 3248-5008-4945-c78c).
TUSKS = "tusk weapons"
SIGILS = "sigils of defiance"
ROYAL = "royal war mûmak"


@override(Stat.TRAMPLE_HITS, TUSKS, source="BSData 847b-d97f-bc49-1bd8 (Tusk Weapons)")
def _tusk_weapons(context: HookContext, hits: int) -> int | None:
    """Tusk Weapons: four Strength 9 hits when it Tramples, rather than three."""
    return 4


@register(Hook.FIGHT, ROYAL)
def _royal_war_mumak(context: HookContext) -> int:
    """Royal War Mûmak: a Fight value of 5 rather than 4 (its other words are the upgrades,
    played by their own names, and who rides in the howdah: the army list's business)."""
    return max(0, 5 - fight_base(context.state, context.model))


REGISTRY.register(ROYAL, kind=Kind.RULE, source="BSData 3248-5008-4945-c78c (Royal War Mûmak)")

_SIGILS_PASSED: set[str] = set()


def _under_sigils(state: BattleState, model: ModelState) -> bool:
    beast = state.models.get(riding(model) or "")
    return beast is not None and SIGILS in beast.triggers


@on(On.WOUNDING, SIGILS, order=17)
def _sigils_save(state: BattleState, blow: Happening) -> bool:
    """Sigils of Defiance: each Wound a model in the howdah suffers is ignored on a 6, as if
    a Fate point were spent (one D6 per Wound, before Fate)."""
    model = blow.model
    if model.uid in _SIGILS_PASSED or not _under_sigils(state, model):
        return False
    purpose = f"sigils of defiance {model.uid}"
    return save_on_sixes(state, blow, purpose, _SIGILS_PASSED, "wound_ignored", rule=SIGILS)


@every(Tick.TURN_START, SIGILS, order=6)
def _sigils_resist(state: BattleState) -> None:
    """Sigils of Defiance: models in the howdah have Resistant to Magic (SR-RESMAGIC)."""
    for model in state.living():
        if RESISTANT not in model.triggers and _under_sigils(state, model):
            model.triggers = model.triggers | {RESISTANT}


REGISTRY.register(SIGILS, kind=Kind.RULE, source="BSData 48e7-8561-f92d-756f (Sigils of Defiance)")
