"""The heuristic attacker at Storm the Gate (policies/siege_policy.py): whole battles against
the random player, looked at for what the siege moves must achieve."""

from __future__ import annotations

import pytest

from battlesim.engines.sbg.game import play_game

FORCES = ["minas_tirith_skirmish", "mordor_skirmish"]


@pytest.mark.parametrize("seed", [9100, 9101])
def test_the_ram_reaches_the_gate_with_its_carriers_and_breaks_it(seed: int) -> None:
    """Taken up on turn 1 from its side nearest the gate, carried straight there by a chain
    that moves with its holder: its first blow, by turn 5, already has the eight carriers
    or more of a ram above S10 (SIEGE-RAM-02, reading 38), and the gate falls."""
    forces = FORCES if seed % 2 == 0 else list(reversed(FORCES))
    options = {"forces": forces, "scenario": "storm_the_gate", "players": ["heuristic", "random"]}
    events = play_game(seed=seed, options=options).log.events
    turn, first = 0, None
    for event in events:
        if event.kind == "phase" and event.data.get("phase") == "move":
            turn = event.data["turn"]
        if event.kind == "object_taken" and event.data["name"] == "ram 1":
            assert turn == 1
        if event.kind == "ram" and first is None:
            first = (turn, len(event.data["carriers"]))
    assert first is not None and first[0] <= 5 and first[1] >= 8
    assert any(e.kind == "gate_broken" for e in events)
