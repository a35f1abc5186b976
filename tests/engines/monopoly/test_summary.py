"""The summary the job statistics read: the winner's deeds and complete groups."""

from __future__ import annotations

from battlesim.engines.monopoly.data import GROUPS, Group
from battlesim.engines.monopoly.game import play_game

COLOURS = [g for g in Group if g not in (Group.MOUNTS, Group.STAFFS)]


def test_winner_groups_are_the_colour_groups_the_winner_holds_at_the_end() -> None:
    """001:L178: a complete group is every territory of one colour; checked on the last table."""
    seen = 0
    for seed in range(12):
        result = play_game(seed=seed, options={"variant": "quick", "max_rounds": 80})
        summary, owner = result.summary, result.log.of_kind("turn_end")[-1].data["owner"]
        winner = summary["winner_seat"]
        held = [g.value for g in COLOURS if all(owner[i] == winner for i in GROUPS[g])]
        assert summary["winner_groups"] == held
        assert summary["winner_deeds"] == [i for i, seat in enumerate(owner) if seat == winner]
        seen += len(held)
    assert seen > 0  # some winners did hold a group, so the check compared real lists
