"""Army rules of leaders and the models around them: Fight and Courage bonuses near a named
Hero, "counts as being in range of a banner", automatic Courage, and Stand Fast! reaching
further or rallying Heroes. Each names the models it helps as the rule text does."""

from __future__ import annotations

from collections.abc import Callable

from battlesim.engines.sbg.core.auras import Affects, aura
from battlesim.engines.sbg.core.hooks import Hook, HookContext, register
from battlesim.engines.sbg.core.permissions import May, grant, grant_by_effect
from battlesim.engines.sbg.core.registry import REGISTRY, Kind
from battlesim.engines.sbg.core.rerolls import Reroll, Roll, reroll_by_effect
from battlesim.engines.sbg.core.state import ModelState
from battlesim.engines.sbg.rules.armies.good.near import carrier_within, friend_within, named

Test = Callable[[HookContext], bool]


def _near(names: tuple[str, ...], reach: float) -> Test:
    """The model is within ``reach`` of a friend named in ``names``."""
    return lambda c: friend_within(c.state, c.model, reach, names) is not None


def _fight_bonus(rule: str, source: str, test: Test) -> None:
    """+1 Fight value for a model carrying ``rule`` while ``test`` holds."""
    register(Hook.FIGHT, rule)(lambda c: 1 if test(c) else 0)
    REGISTRY.register(rule, kind=Kind.RULE, source=source)


_IMRAHIL = ("prince imrahil",)
_fight_bonus(
    "pride of dol amroth",
    'BSData 00b3-2ac7-4fd3-57cb: +1 Fight within 3" of Prince Imrahil',
    _near(_IMRAHIL, 3.0),
)
_fight_bonus(
    "king's guard",
    'BSData 7a26-2115-ed4d-a5f1: +1 Fight within 3" of Thranduil',
    _near(("thranduil",), 3.0),
)
_fight_bonus(
    "loyal to the captain",
    'BSData 84fa-cc25-3c31-532f: +1 Fight within 6" of Boromir or Faramir',
    _near(("boromir", "faramir"), 6.0),
)


@register(Hook.COURAGE, "family bond")
def _family_bond(context: HookContext) -> int:
    """Family Bond (BSData d417-3d07-2783-8f98): Bain has +1 Courage within 6" of Bard."""
    return 1 if _near(("bard the bowman",), 6.0)(context) else 0


REGISTRY.register("family bond", kind=Kind.RULE, source="BSData d417-3d07-2783-8f98")


@aura(
    Hook.COURAGE,
    "war aspect",
    reach=6.0,
    affects=Affects.ENEMIES,
    group="war aspect",
    source="BSData c888-2816-d991-5866",
)
def _war_aspect(context: HookContext, carrier: ModelState) -> int:
    """War Aspect: enemies within 6" of Galadriel, Lady of Light have -1 Courage (and she is
    never unarmed: below)."""
    return -1


register(Hook.DUEL_DIE, "war aspect")(lambda c: 1 if "unarmed" in c.model.triggers else 0)
register(Hook.WOUND_ROLL, "war aspect")(lambda c: 1 if "unarmed" in c.model.triggers else 0)


# --- Saviour of Lake-town: Fight and banner near Bard ------------------------------------------

_BARDS_PEOPLE = ("bain", "percy", "hilda", "lake-town militia")  # "Militia Captains" included


def _bards_people(context: HookContext) -> bool:
    """Saviour of Lake-town (BSData 653e-6fc7-8417-9a0e): Bain, Percy, Hilda Bianca and the
    Lake-town Militia (Captains included) within 6" of Bard the Bowman."""
    model = context.model
    if not named(model, _BARDS_PEOPLE):
        return False
    return carrier_within(context.state, model, 6.0, "saviour of lake-town") is not None


@register(Hook.FIGHT, "any")
def _saviour_fight(context: HookContext) -> int:
    return 1 if _bards_people(context) else 0


REGISTRY.register("saviour of lake-town", kind=Kind.RULE, source="BSData 653e-6fc7-8417-9a0e")


# --- "counts as being in range of a banner" ----------------------------------------------------


def _banner_by_carrier(
    rule: str, source: str, reach: float, helped: Callable[[ModelState], bool]
) -> None:
    """Models ``helped`` within ``reach`` of a friend carrying ``rule`` count as in range of a
    banner."""

    @grant_by_effect(May.COUNT_AS_IN_BANNER_RANGE)
    def _in_range(context: HookContext) -> bool | None:
        model = context.model
        if not helped(model) or carrier_within(context.state, model, reach, rule) is None:
            return None
        return True

    REGISTRY.register(rule, kind=Kind.RULE, source=source)


def _banner_near(rule: str, source: str, names: tuple[str, ...], reach: float) -> None:
    """A carrier of ``rule`` counts as in range of a banner within ``reach`` of ``names``."""
    grant(May.COUNT_AS_IN_BANNER_RANGE, rule, source=source)(_near(names, reach))


_DOL_AMROTH = ("captain of dol amroth", "knight of dol amroth", "man-at-arms of dol amroth")
_banner_by_carrier(
    "dol amroth of gondor",
    'BSData c6d1-08e9-1e40-42b8: Dol Amroth models within 12" of Imrahil',
    12.0,
    lambda m: named(m, _DOL_AMROTH),
)
_banner_by_carrier(
    "stand men of the west!",
    'BSData 4e7f-19c7-086d-ff31: friends within 6" of Aragorn, King Elessar',
    6.0,
    lambda m: True,
)
_banner_by_carrier(
    "saviour of lake-town",
    "BSData 653e-6fc7-8417-9a0e",
    6.0,
    lambda m: named(m, _BARDS_PEOPLE),
)
_banner_near(
    "du bekar!",
    'BSData d4ea-e7e1-3595-95a2: within 6" of Thorin, King Under the Mountain',
    ("thorin oakenshield, king under the mountain",),
    6.0,
)
_banner_near(
    "the honour of lamedon",
    'BSData 6815-a42d-f963-8c73: Clansmen within 6" of Angbor',
    ("angbor",),
    6.0,
)


@grant(May.COUNT_AS_IN_BANNER_RANGE, "king's knights", source="BSData 9376-8315-78d7-5f49")
def _kings_knights(context: HookContext) -> bool:
    """King's Knights: mounted Mirkwood Cavalry within 6" of Thranduil."""
    mounted = context.model.mount is not None and not context.model.mount.slain
    return mounted and _near(("thranduil",), 6.0)(context)


_ALLIES = ("aragorn", "théoden", "theoden")


@grant(May.COUNT_AS_IN_BANNER_RANGE, "allies 'til the end", source="BSData be61-41fc-de63-6d1f")
def _allies_banner(context: HookContext) -> bool:
    """Allies 'til the End: Haldir, within 12" of Aragorn or Théoden, counts as in range of
    a banner and passes every Courage test."""
    return _near(_ALLIES, 12.0)(context)


grant(May.PASS_COURAGE_UNTESTED, "allies 'til the end", source="BSData be61-41fc-de63-6d1f")(
    _allies_banner
)


# --- Courage passed or re-rolled near a leader ----------------------------------------------------


def _fearless_near(
    rule: str, source: str, reach: float, helped: Callable[[ModelState], bool]
) -> None:
    @grant_by_effect(May.PASS_COURAGE_UNTESTED)
    def _passes(context: HookContext) -> bool | None:
        model = context.model
        if not helped(model) or carrier_within(context.state, model, reach, rule) is None:
            return None
        return True

    REGISTRY.register(rule, kind=Kind.RULE, source=source)


_fearless_near(
    "lord of the iron hills",
    'BSData 6c77-908c-1b8d-a0a9: Iron Hills Dwarves within 12" of Dáin pass Courage',
    12.0,
    lambda m: {"dwarf", "iron", "hills"} <= m.triggers,
)
_fearless_near(
    "chief of lamedon",
    'BSData d235-3a1e-9144-d4e3: Clansmen of Lamedon within 6" of Angbor are Fearless',
    6.0,
    lambda m: named(m, ("clansmen of lamedon",)),
)


@reroll_by_effect(Roll.COURAGE)
def _lead_by_example(context: HookContext) -> Reroll:
    """Lead by Example (BSData 48ce-8822-7309-3a81): friendly Dwarves within 12" of a
    Shieldbearer re-roll failed Courage tests."""
    model = context.model
    if "dwarf" not in model.triggers:
        return Reroll.NONE
    near = carrier_within(context.state, model, 12.0, "lead by example")
    return Reroll.FAILED if near is not None else Reroll.NONE


REGISTRY.register("lead by example", kind=Kind.RULE, source="BSData 48ce-8822-7309-3a81")


# --- Stand Fast! ---------------------------------------------------------------------------------

_TWELVE = 6  # inches added to the 6" of Stand Fast! (COUR-SF-02): 12"
_ANY_RANGE = 1000  # "regardless of range"

for _rule, _id in (
    ("lord of lorien", "9529-19d2-06fc-2ad4"),
    ("the lineage of númenor", "0c42-e2ce-3ea6-f94c"),
    ("lord of dale", "54eb-7f23-c900-2a30"),
    ("the king in the north", "c36f-6359-2d29-d586"),
    ("high king of the elves", "c21f-8ff9-ea02-e187"),
    ("voice of curunír", "bd1f-b7cc-dff2-2b07"),
):
    register(Hook.STAND_FAST_REACH, _rule)(lambda c: _TWELVE)
    REGISTRY.register(_rule, kind=Kind.RULE, source=f'BSData {_id}: Stand Fast! of 12"')


@grant(May.RALLY_HERO, "high king of the elves", source="BSData c21f-8ff9-ea02-e187")
def _elf_heroes(context: HookContext) -> bool:
    """High King of the Elves: friendly Elf Heroes may use Gil-Galad's Stand Fast!."""
    return context.other is not None and "elf" in context.other.triggers


@grant(May.RALLY_HERO, "voice of curunír", source="BSData bd1f-b7cc-dff2-2b07")
def _any_hero(context: HookContext) -> bool:
    """Voice of Curunír: Saruman's Stand Fast! can affect other Hero models."""
    return True


def _erebor(context: HookContext) -> bool:
    return context.other is not None and {"dwarf", "erebor"} <= context.other.triggers


@register(Hook.STAND_FAST_REACH, "king under the mountain")
def _king_under_the_mountain(context: HookContext) -> int:
    """King Under the Mountain (BSData b967-f8f3-dd45-3545): friendly Erebor Dwarves,
    Heroes included, benefit from Dáin's Stand Fast! regardless of range."""
    return _ANY_RANGE if _erebor(context) else 0


grant(May.RALLY_HERO, "king under the mountain", source="BSData b967-f8f3-dd45-3545")(_erebor)


def _dwarf(context: HookContext) -> bool:
    return context.other is not None and "dwarf" in context.other.triggers


@register(Hook.STAND_FAST_REACH, "durin's heir")
def _durins_heir(context: HookContext) -> int:
    """Durin's Heir (BSData 4657-440a-6569-1d32): Thráin's passed Stand Fast! affects every
    friendly Dwarf on the battlefield, Dwarf Heroes included."""
    return _ANY_RANGE if _dwarf(context) else 0


grant(May.RALLY_HERO, "durin's heir", source="BSData 4657-440a-6569-1d32")(_dwarf)


# --- The Herald's Duty: the King's Champion and his Heralds ---------------------------------------

HERALDS_DUTY = "the herald's duty"


@register(Hook.DEFENCE, HERALDS_DUTY)
def _heralds_duty(context: HookContext) -> int:
    """The Herald's Duty (BSData f568-15b1-e555-4841): +1 Defence when two of the Heralds and
    the King's Champion are in base contact; +2 for all three when all three touch."""
    state, model = context.state, context.model
    partners = [
        friend
        for friend in state.living(model.player)
        if friend is not model
        and HERALDS_DUTY in friend.triggers
        and state.in_contact(model, friend)
    ]
    if not partners:
        return 0
    trio = len(partners) >= 2 and state.in_contact(partners[0], partners[1])
    return 2 if trio else 1


REGISTRY.register(HERALDS_DUTY, kind=Kind.RULE, source="BSData f568-15b1-e555-4841")


ONWARDS = "onwards, men of esgaroth"


@grant_by_effect(May.PASS_COURAGE_UNTESTED)
def _onwards_men_of_esgaroth(context: HookContext) -> bool | None:
    """Onwards, Men of Esgaroth (BSData 3fbf-ddf3-60a1-f486): Lake-town Militia within 3" of
    a friendly Lake-town Hero who is in combat take no Courage test for being Broken."""
    model, state = context.model, context.state
    if (
        context.details.get("reason") != "broken"
        or "onwards, men of esgaroth" not in model.triggers
    ):
        return None
    for hero in state.living(model.player):
        lake_town = hero.profile.is_hero and "lake-town" in hero.triggers
        if lake_town and state.engaged(hero) and state.distance(hero, model) <= 3.0:
            return True
    return None


REGISTRY.register("onwards, men of esgaroth", kind=Kind.RULE, source="BSData 3fbf-ddf3-60a1-f486")
