"""Who is near whom: army rules that name another model ("within 3\" of Prince Imrahil")."""

from __future__ import annotations

from collections.abc import Iterable

from battlesim.engines.sbg.core.state import BattleState, ModelState

# The Fellowship army list's members, by card name (READINGS: Second Breakfast, "At Your
# Service"): the Hobbits, Gandalf the Grey, Aragorn (Strider), Legolas, Gimli and Boromir.
FELLOWSHIP = (
    *("frodo", "samwise", "sam ", "meriadoc", "merry", "peregrin", "pippin"),
    *("gandalf the grey", "aragorn", "strider", "legolas", "gimli", "boromir"),
)


def named(model: ModelState, names: Iterable[str]) -> bool:
    """The model's card is one of ``names`` (a card name starts with the name the rule
    gives: "Thranduil" is "Thranduil, King of the Woodland Realm"); the answer is kept per
    card name and names (speed: army rules ask it of every model, many times a turn)."""
    wanted = names if isinstance(names, tuple) else tuple(names)
    key = (model.profile.name, wanted)
    found = _NAMED.get(key)
    if found is None:
        if len(_NAMED) > _NAMED_LIMIT:  # a worker's memory stays flat
            _NAMED.clear()
        card = model.profile.name.casefold()
        found = _NAMED[key] = any(card.startswith(name.casefold()) for name in wanted)
    return found


_NAMED: dict[tuple[str, tuple[str, ...]], bool] = {}
_NAMED_LIMIT = 4096


def friend_within(
    state: BattleState, model: ModelState, reach: float, names: Iterable[str]
) -> ModelState | None:
    """A living friend named in ``names`` (never the model itself) within ``reach``."""
    wanted = tuple(names)
    for friend in state.living(model.player):
        if friend is not model and named(friend, wanted) and state.distance(friend, model) <= reach:
            return friend
    return None


def carrier_within(
    state: BattleState, model: ModelState, reach: float, trigger: str
) -> ModelState | None:
    """A living friend (the model included) carrying ``trigger`` within ``reach``."""
    for friend in state.living(model.player):
        if trigger in friend.triggers and state.distance(friend, model) <= reach:
            return friend
    return None
