"""Issue 22 item 5: a replay tells each SBG event in a sentence with the models' names."""

from __future__ import annotations

from battlesim.engines.sbg.game import play_game
from battlesim.narration import model_names, narrate

SETUP = {
    "kind": "setup",
    "scenario": "to_the_death",
    "turn_limit": 12,
    "forces": [
        {"name": "Rohan", "models": {"A01": "Éomer, Marshal of the Riddermark"}},
        {"name": "Isengard", "models": {"B01": "Uruk-hai Captain"}},
    ],
}


def test_charges_duels_and_deaths_read_as_sentences_with_names() -> None:
    events = [
        SETUP,
        {"kind": "action", "type": "charge", "model": "A01", "target": "B01", "to": [1, 2]},
        {"kind": "duel", "combat": ["A01", "B01"], "dice": [[2, 6], [3]], "winner": 0},
        {"kind": "wound", "model": "B01", "source": "struck by A01", "wounds_left": 0},
        {"kind": "casualty", "model": "B01", "player": 1, "reason": "slain"},
        {"kind": "roll", "purpose": "strike A01->B01 (S4 D5)", "dice": [5]},
        {"kind": "something_new", "model": "A01", "note": "B01 looks on"},
    ]
    told = narrate(events)
    eomer, captain = "Éomer, Marshal of the Riddermark (A01)", "Uruk-hai Captain (B01)"
    assert told[1] == f"{eomer} charges {captain}."
    assert told[2] == f"Duel: {eomer} 6 v 3 {captain}: {eomer} wins."
    assert told[3] == f"{captain} is wounded (struck by {eomer}): no wounds left."
    assert told[4] == f"{captain} is slain."
    assert told[5] == f"{eomer} strikes {captain} (Strength 4 v Defence 5)."
    assert eomer in told[6] and captain in told[6]  # an unknown event still names them
    assert model_names(events) == {"A01": eomer, "B01": captain}


def test_every_event_of_a_real_battle_gets_a_sentence_without_a_bare_id() -> None:
    events = play_game(seed=4, options={"forces": ["rohan", "mordor_troll"]}).log.to_json()
    told = narrate(events)
    assert len(told) == len(events)
    bare = [s for s in told if any(f"{uid}" in s.replace(f"({uid})", "") for uid in ("A01", "B01"))]
    assert not bare, bare[:3]


def test_a_siege_reads_as_sentences_of_rams_ladders_and_the_gate() -> None:
    """Storm the Gate's siege events (SIEGE-RAM-02, SIEGE-LADDER-01/02) have their own
    sentences, naming the models."""
    events = play_game(
        seed=0,
        options={
            "forces": ["minas_tirith_skirmish", "mordor_skirmish"],
            "scenario": "storm_the_gate",
        },
    ).log.to_json()
    told = narrate(events)
    kinds = [e["kind"] for e in events]
    ram = told[kinds.index("ram")]
    assert "ram the gate (Strength" in ram and "of Minas Tirith (A" in ram, ram
    raised = told[kinds.index("ladder_raised")]
    assert " raises siege ladder " in raised and "against the curtain wall" in raised, raised
    assert "climbs a ladder onto the curtain wall" in told[kinds.index("ladder")]


def test_the_mirror_of_galadriel_and_regained_stores_read_as_sentences() -> None:
    """The mirror's events (BSData 022c-3102-e0fb-55f1) and a Hero's regained Fate have
    sentences of their own, in French too."""
    events = [
        {"kind": "mirror_placed", "model": "A01mirror", "owner": "A01"},
        {"kind": "object_attacked", "model": "B03", "gate": "A01mirror"},
        {"kind": "mirror_broken", "model": "A01mirror"},
        {"kind": "regained", "model": "A02", "pool": "fate", "count": 2},
    ]
    told = narrate(events)
    assert told == [
        "A01 sets her mirror down.",
        "B03 strikes at the mirror.",
        "The mirror is broken.",
        "A02 regains 2 Fate.",
    ], told
    assert narrate(events, "fr")[3] == "A02 regagne 2 point(s) de Destin."


def test_a_power_cast_by_an_item_reads_as_cast_with_no_will() -> None:
    """Thranduil's Circlet of Kings casts for him: the sentence names the item, not dice."""
    events = [
        SETUP,
        {
            "kind": "cast",
            "model": "A01",
            "dice": [],
            "best": 6,
            "cast": True,
            "power": "MAGIC-P-NATWRATH",
            "target": "A01",
            "item": "circlet of kings",
        },
    ]
    told = narrate(events)[1]
    assert "through the circlet of kings, with no Will" in told
    assert "Éomer, Marshal of the Riddermark (A01)" in told


def test_a_share_of_the_points_is_told_with_the_models_left_out() -> None:
    """A scenario's ``points_share`` (a siege's defender fields less than its list): the
    set-up's sentence says so and names the models left out, in French too."""
    facts = {
        "shares": [1.0, 0.9],
        "list_points": [120, 100],
        "left_out": [{}, {"B05": "Orc Warrior", "B06": "Orc Warrior"}],
    }
    told = narrate([{**SETUP, "points_share": facts}])[0]
    assert told.endswith(
        "; Isengard fields 90% of its list's 100 points, as the scenario asks "
        "(left out: Orc Warrior (B05) and Orc Warrior (B06))."
    ), told
    assert "Rohan fields" not in told
    french = narrate([{**SETUP, "points_share": facts}], "fr")[0]
    assert "Isengard aligne 90 %" in french and "Orc Warrior (B05) et Orc Warrior (B06)" in french
    assert "fields" not in narrate([SETUP])[0]


def test_the_part_a_power_is_aimed_at_reads_in_the_games_words() -> None:
    """MAGIC-TGT-03: the caster's announced choice of rider or mount, in French too."""
    event = {
        "kind": "power_part",
        "model": "B01",
        "target": "A01",
        "power": "MAGIC-P-BLACKDART",
        "name": "black dart",
        "part": "mount",
    }
    told = narrate([SETUP, event])[1]
    assert told == (
        "Uruk-hai Captain (B01) aims Black dart at the mount of "
        "Éomer, Marshal of the Riddermark (A01)."
    ), told
    french = narrate([SETUP, {**event, "part": "rider"}], "fr")[1]
    assert "vise le cavalier de" in french and "avec Black dart" in french, french
