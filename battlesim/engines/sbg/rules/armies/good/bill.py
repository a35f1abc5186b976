"""Bill the Pony's rules: Official Meals (a banner for Hobbits), Only a Pony (no charge; no
Stand Fast! of his own for others, a Hobbit's for him) and Second Breakfast (a spent point
back for a friend of the Fellowship at his side)."""

from __future__ import annotations

from dataclasses import dataclass

from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.hooks import HookContext
from battlesim.engines.sbg.core.permissions import May, grant, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.state import BattleState, ModelState, Phase, Tick, every
from battlesim.engines.sbg.rules.armies.good.near import FELLOWSHIP, carrier_within, named
from battlesim.engines.sbg.rules.fighting import ask

OFFICIAL_MEALS, ONLY_A_PONY = "official meals", "only a pony"
SECOND_BREAKFAST, BARLIMANS_PONY = "second breakfast", "bill the pony"
_BANNER_RANGE = 3.0  # EQP-BAN-01 (002:L2160)
_POOLS = ("might", "will", "fate")


@grant_by_effect(May.COUNT_AS_IN_BANNER_RANGE)
def _official_meals(context: HookContext) -> bool | None:
    """Official Meals (BSData 3095-54ae-49fb-a5a2): Hobbit models treat Bill the Pony as a
    banner: within 3" of him they are in range of a banner."""
    model = context.model
    if "hobbit" not in model.triggers and BARLIMANS_PONY not in model.triggers:
        return None  # Barliman shares Official Meals ("Bill the Pony", dce4-5206-0bf3-884a)
    bill = carrier_within(context.state, model, _BANNER_RANGE, OFFICIAL_MEALS)
    return True if bill is not None and not bill.prone else None


REGISTRY.register(OFFICIAL_MEALS, kind=Kind.RULE, source="BSData 3095-54ae-49fb-a5a2")


# Only a Pony (BSData 7139-1206-03d5-c761): "Bill the Pony may never Charge an enemy model for
# any reason and no other models may use his Stand Fast!. He may, however, benefit from the
# Stand Fast! roll of any friendly Hobbit model."
grant(May.CHARGE, ONLY_A_PONY, source="BSData 7139-1206-03d5-c761")(lambda c: False)
grant(May.RALLY, ONLY_A_PONY, source="BSData 7139-1206-03d5-c761")(lambda c: False)
grant(May.RALLY_HERO, ONLY_A_PONY, source="BSData 7139-1206-03d5-c761")(lambda c: False)


@grant_by_effect(May.RALLY_HERO)
def _hobbits_rally_bill(context: HookContext) -> bool | None:
    bill = context.other
    if bill is None or ONLY_A_PONY not in bill.triggers:
        return None
    return True if "hobbit" in context.model.triggers else None


@dataclass(frozen=True, slots=True)
class ChooseBreakfast(Decision["tuple[str, str] | None"]):
    """Second Breakfast: the friend (one a turn) and the spent point it tries to regain, or
    None. The heuristic: the friend who spent the most, Might first, then Fate, then Will."""

    model: ModelState
    options: tuple[tuple[ModelState, tuple[str, ...]], ...]

    def default(self, state: BattleState) -> tuple[str, str] | None:
        def spent(m: ModelState) -> int:
            return sum(getattr(m.profile, p) - getattr(m, p) for p in _POOLS)

        friend, pools = max(self.options, key=lambda o: (spent(o[0]), o[0].uid))
        pool = next(p for p in ("might", "fate", "will") if p in pools)
        return (friend.uid, pool)


def _breakfast_guest(bill: ModelState, friend: ModelState) -> bool:
    """A member of the Fellowship, or Barliman when Bill came in his warband (dce4-...)."""
    if named(friend, FELLOWSHIP):
        return True
    return BARLIMANS_PONY in friend.triggers


@every(Tick.PHASE_END, SECOND_BREAKFAST, order=60)
def _second_breakfast(state: BattleState) -> None:
    """Second Breakfast (BSData 06e5-55c7-64c7-387e): each turn, one member of the
    Fellowship ending its move in base contact with Bill may roll to regain a point of
    Might, Will or Fate spent earlier: restored on a 5+ (READINGS: at the Move phase's
    end)."""
    if state.phase is not Phase.MOVE:
        return
    for bill in state.living():
        if SECOND_BREAKFAST not in bill.triggers:
            continue
        options = tuple(
            (friend, pools)
            for friend in state.living(bill.player)
            if friend is not bill
            and state.in_contact(bill, friend)
            and _breakfast_guest(bill, friend)
            and (
                pools := tuple(p for p in _POOLS if getattr(friend, p) < getattr(friend.profile, p))
            )
        )
        if not options:
            continue
        choice = ask(state, bill, ChooseBreakfast(bill, options))
        legal = {(m.uid, p) for m, pools in options for p in pools}
        if choice is None or tuple(choice) not in legal:
            continue
        uid, pool = choice
        (die,) = state.roll(1, f"second breakfast {uid} {pool} (5+)")
        if die >= 5:
            friend = state.models[uid]
            setattr(friend, pool, getattr(friend, pool) + 1)
            state.log.emit("regained", model=uid, pool=pool, rule=SECOND_BREAKFAST)


REGISTRY.register(SECOND_BREAKFAST, kind=Kind.RULE, source="BSData 06e5-55c7-64c7-387e")
# Barliman's "Bill the Pony" (BSData dce4-5206-0bf3-884a): in battle, Barliman shares Official
# Meals and Second Breakfast (above); Bill's place and cost in his warband are the data's own
# option (READINGS).
REGISTRY.register(BARLIMANS_PONY, kind=Kind.RULE, source="BSData dce4-5206-0bf3-884a")
