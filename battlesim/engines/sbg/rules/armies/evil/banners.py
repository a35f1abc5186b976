"""Evil commanders that count as a banner for their kin (Khand, Umbar, Rhûn, Sharkey's
Rogues), from the BattleScribe rule text: a fight whose model is within the commander's reach
re-rolls one Duel die as in range of a banner (EQP-BAN-02, rules/equipment.py)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, Happening, ModelState, On, on
from battlesim.engines.sbg.core.status import Lasting, Status
from battlesim.engines.sbg.rules import equipment


@dataclass(frozen=True, slots=True)
class LivingBanner:
    """Friendly models with ``keyword`` (any when empty) within ``reach`` of a carrier of
    ``rule`` count as in range of a banner; ``itself``: the carrier's own fights count too."""

    rule: str
    keyword: str
    reach: float
    source: str
    itself: bool = True

    def bearer(self, state: BattleState, members: list[ModelState]) -> ModelState | None:
        player = members[0].player
        for carrier in state.living(player):
            if self.rule not in carrier.triggers or carrier.prone:
                continue
            reach = self.reach + _extra_reach(state, carrier, self.rule)
            for model in members:
                kin = not self.keyword or self.keyword in model.profile.keywords
                mine = model is not carrier or self.itself
                if kin and mine and state.distance(carrier, model) <= reach + 1e-9:
                    return carrier
        return None


HERALD = "herald of victory"
SERPENT_BANNER = "the serpent banner"
_BANNERS = (
    LivingBanner("commanding presence", "khandish", 6.0, "BSData 5292-297b-de8a-1a2b"),
    LivingBanner("commanding bellow", "corsair", 3.0, "BSData d679-c01b-bf9e-0682"),
    # "Other Ruffian models treat Sid as a banner; Sid does not benefit himself."
    LivingBanner("with me lads!", "ruffian", 3.0, "BSData 5d0a-b722-50fa-7495", itself=False),
    # "All Easterling models treat Amdûr as a banner"; 6" once he slew the enemy leader.
    LivingBanner(HERALD, "easterling", 3.0, "BSData a69f-7770-4270-f96f"),
    # The Serpent Banner (Suladân's wargear): a banner with a range of 6"
    LivingBanner(SERPENT_BANNER, "", 6.0, "BSData The Serpent Banner (Suladân's wargear)"),
)
for _banner in _BANNERS:
    equipment.BANNER_RULES.append(_banner.bearer)
    REGISTRY.register(_banner.rule, kind=Kind.RULE, source=_banner.source)

_SLEW_LEADER: Status[set[str]] = Status("herald of victory", set, Lasting.BATTLE)


def _extra_reach(state: BattleState, carrier: ModelState, rule: str) -> float:
    return 3.0 if rule == HERALD and carrier.uid in _SLEW_LEADER.of(state) else 0.0


@on(On.REMOVED, HERALD, order=55)
def _herald_slays_leader(state: BattleState, happening: Happening) -> None:
    """Herald of Victory: should Amdûr kill the enemy leader in combat, the range is 6"."""
    slain = happening.model
    if state.forces[slain.player].leader != slain.uid:
        return
    if not happening.source.startswith("struck by "):
        return
    killer = state.models.get(happening.source.removeprefix("struck by "))
    if killer is not None and HERALD in killer.triggers and killer.player != slain.player:
        _SLEW_LEADER.of(state).add(killer.uid)


@register(Hook.DUEL_DIE, SERPENT_BANNER)
def _serpent_banner_duel(context: HookContext) -> int:
    """The Serpent Banner: Suladân never suffers the banner's -1 Duel penalty (EQP-BAN-05)."""
    return 1 if "banner" in context.model.triggers else 0
