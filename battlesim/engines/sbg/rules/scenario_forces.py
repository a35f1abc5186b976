"""A scenario's share of the points (``ScenarioSpec.points_share``): a side fields that share
of its list's points, so a siege's defender, behind its walls, can field fewer than the
attacker who must climb them (the sieges' assumptions give each share and its reason).

The force is trimmed by dropping Warriors one at a time from its most numerous kind (the same
profile; a tie drops from the kind listed later), so the list keeps its shape; a Hero, a War
Beast's riders and a Siege Engine's crew are never dropped. No dice: the same list gives the
same force.
"""

from __future__ import annotations

from dataclasses import replace

from battlesim.engines.sbg.core.units import Force, ModelId, ModelSpec


def fielded(force: Force, share: float) -> Force:
    """``force`` cut to at most ``share`` of its points (all of it when ``share`` >= 1)."""
    if share >= 1.0:
        return force
    budget = share * force.points
    kept = list(force.models)
    fixed = _never_dropped(force)
    while sum(spec.profile.points for spec in kept) > budget:
        spare = [spec for spec in kept if spec.uid not in fixed and not spec.profile.is_hero]
        if not spare:
            break
        kept.remove(_next_dropped(spare))
    gone = {spec.uid for spec in force.models} - {spec.uid for spec in kept}
    warbands = tuple(
        (hero, tuple(uid for uid in followers if uid not in gone))
        for hero, followers in force.warbands
    )
    return replace(force, models=tuple(kept), warbands=warbands)


def _never_dropped(force: Force) -> set[ModelId]:
    """The leader and every model riding a War Beast or crewing a Siege Engine (and those)."""
    fixed: set[ModelId] = {force.leader} if force.leader is not None else set()
    for owner, crew in (*force.crews, *force.engines):
        fixed.add(owner)
        fixed.update(crew)
    return fixed


def _next_dropped(spare: list[ModelSpec]) -> ModelSpec:
    """The last model of the most numerous kind; a tie goes to the kind listed later."""
    kinds: list[list[ModelSpec]] = []
    for spec in spare:
        kind = next((k for k in kinds if k[0].profile == spec.profile), None)
        if kind is None:
            kinds.append([spec])
        else:
            kind.append(spec)
    largest = max(len(kind) for kind in kinds)
    return [kind for kind in kinds if len(kind) == largest][-1][-1]
