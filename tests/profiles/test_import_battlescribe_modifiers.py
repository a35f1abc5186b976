"""BattleScribe modifier semantics in the plain list (``bs_modifiers``), on small XML snippets.

The plain list holds the priced model only ("model" below), reached through "wrapper", whose
primary category is "c-valour"; nothing else is selected.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from profiles.importers.bs_modifiers import PlainList, apply_number, is_hidden

STATE = PlainList(
    catalogue_id="cat-1",
    ancestors=frozenset({"wrapper", "c-valour"}),
    selected=frozenset({"model"}),
)


def entry(modifiers: str, hidden: str = "false") -> ET.Element:
    body = f"<modifiers>{modifiers}</modifiers>"
    return ET.fromstring(f'<selectionEntry id="e" hidden="{hidden}">{body}</selectionEntry>')


def cond(child: str, kind: str = "equalTo", value: str = "1", scope: str = "roster") -> str:
    attrs = f'scope="{scope}" value="{value}" childId="{child}" type="{kind}"'
    return f'<condition field="selections" {attrs}/>'


def modifier(kind: str, field: str, value: str, inner: str = "") -> str:
    return f'<modifier type="{kind}" field="{field}" value="{value}">{inner}</modifier>'


def when(*conditions: str) -> str:
    return f"<conditions>{''.join(conditions)}</conditions>"


def test_it_sets_then_increments_in_document_order() -> None:
    el = entry(modifier("set", "pts", "8") + modifier("increment", "pts", "2"))
    assert apply_number(7, el, "pts", STATE) == 10


def test_it_ignores_roster_conditions_that_need_other_selections() -> None:
    """A "set 0 when the roster holds a Legendary Legion" never fires: nothing else is there."""
    el = entry(modifier("set", "pts", "0", when(cond("legion"))))
    assert apply_number(5, el, "pts", STATE) == 5


def test_it_fires_conditions_that_hold_on_an_empty_roster() -> None:
    """A count of 0 satisfies "equalTo 0": such a modifier applies in a plain list."""
    el = entry(modifier("decrement", "pts", "2", when(cond("legion", value="0"))))
    assert apply_number(5, el, "pts", STATE) == 3


@pytest.mark.parametrize(
    ("per", "round_up", "expected"), [("1", "false", 1), ("3", "false", 0), ("3", "true", 1)]
)
def test_it_repeats_per_counted_model(per: str, round_up: str, expected: int) -> None:
    """One model selected: +1 per model gives 1; per 3 models gives 0, or 1 rounded up."""
    attrs = f'value="{per}" childId="model" repeats="1" roundUp="{round_up}"'
    repeat = f'<repeats><repeat field="selections" scope="parent" {attrs}/></repeats>'
    el = entry(modifier("increment", "pts", "1", repeat))
    assert apply_number(0, el, "pts", STATE) == expected


def test_it_tests_ancestors_and_categories_for_instance_of() -> None:
    """An "or" group: the path is not under c-legend but is under c-valour."""
    other = cond("c-legend", kind="instanceOf", value="0", scope="ancestor")
    ancestor = cond("c-valour", kind="instanceOf", value="0", scope="ancestor")
    group = f'<conditionGroup type="or">{when(other, ancestor)}</conditionGroup>'
    el = entry(modifier("set", "pts", "1", f"<conditionGroups>{group}</conditionGroups>"))
    assert apply_number(9, el, "pts", STATE) == 1


def test_it_evaluates_hidden_from_the_attribute_then_modifiers() -> None:
    shown_without_legion = modifier("set", "hidden", "false", when(cond("legion", value="0")))
    assert not is_hidden(entry(shown_without_legion, hidden="true"), STATE)
    hidden_with_legion = modifier("set", "hidden", "true", when(cond("legion")))
    assert not is_hidden(entry(hidden_with_legion), STATE)
    assert is_hidden(entry("", hidden="true"), STATE)
