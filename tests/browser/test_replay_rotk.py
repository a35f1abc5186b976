"""Board replay of The Return of the King film game in headless Chromium (issue 9).

The expected figures come from the stored event log, the engine's material (``material.yaml``)
and the engine's own log replayer (``battlesim/engines/rotk/replay.py``): the page must agree
with all three.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from battlesim import services
from battlesim.engines.log import Event as LogEvent
from battlesim.engines.rotk.data import load_material
from battlesim.engines.rotk.replay import replay
from battlesim.models import SimulationJob
from battlesim.replay_rotk import rotk_board
from battlesim.selectors import battle_log_get

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Capture = Callable[..., Any]
Event = dict[str, Any]
OPTIONS = {"players": 4, "strategies": ["greedy"]}


def open_replay(page: Page, base: str, capture: Capture) -> list[Event]:
    """Queue a one-game job (run eagerly), log in, open battle 0; return its stored log."""
    owner = User.objects.create_user("pippin", password="Fool-of-a-Took-42")
    with capture(execute=True):
        job = services.job_queue(owner=owner, game="rotk", options=OPTIONS, battles=1, seed=2026)
    job = SimulationJob.objects.get(pk=job.pk)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "pippin")
    page.fill("#id_password", "Fool-of-a-Took-42")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/jobs/{job.pk}/battles/0/")
    expect(page.locator("#position")).to_contain_text("Step 1 of")
    return battle_log_get(job=job, index=0)


Opener = Callable[[Page], list[Event]]


@pytest.fixture
def open_rotk(live_server: LiveServer, django_capture_on_commit_callbacks: Capture) -> Opener:
    def opener(page: Page) -> list[Event]:
        return open_replay(page, live_server.url, django_capture_on_commit_callbacks)

    return opener


def go_to(page: Page, index: int) -> None:
    """Jump to an event by clicking its line in the log, as a reader would."""
    page.locator(f'#log li[data-index="{index}"]').click()
    expect(page.locator("#position")).to_contain_text(f"Step {index + 1} of")


def first(events: list[Event], kind: str, start: int = 0) -> int:
    return next(i for i, e in enumerate(events) if e["kind"] == kind and i >= start)


def engine_frames(events: list[Event]) -> list[Any]:
    """The engine's own replay of the stored log (the JSON keeps ``i`` and ``kind``)."""
    log = [
        LogEvent(e["i"], e["kind"], {k: v for k, v in e.items() if k not in ("i", "kind")})
        for e in events
    ]
    return replay(log)


def test_board_has_every_hex_tile_troll_and_the_gate(page: Page, open_rotk: Opener) -> None:
    """The 7x11 board of material.yaml (reconstructed: the seed prints no map; 70 hexes and
    the 4 before the Gate), the set-up's tiles with their battle value, the 5 Nazgul hexes
    (000:L63-66), the Gate (18, 000:L331) and 3 trolls with 4 players (000:L53-58); no pawn
    before the first entry."""
    events = open_rotk(page)
    setup = events[first(events, "setup")]
    material = load_material()
    assert page.locator("#board g.hex").count() == len(material.hexes) == 74
    assert page.locator("#board g.hex-nazgul").count() == 5
    assert page.locator("#board g.hex-start, #board g.hex-minas_tirith").count() == 7
    assert page.locator("#board g.hex.tile").count() == len(setup["tiles"])
    some = setup["tiles"][0]
    row, col = some["hex"]
    expect(page.locator(f'#board g.hex[data-hex="{row},{col}"] .battle')).to_have_text(
        str(some["battle"])
    )
    assert page.locator("#board g.troll").count() == len(setup["trolls"]) == 3
    expect(page.locator("#board .gate-label")).to_have_text("Black Gate 18")
    assert page.locator("#board g.pawn").count() == 0
    assert page.locator("#board g.player").count() == 4


def test_stepping_forward_moves_a_pawn_and_frodo(page: Page, open_rotk: Opener) -> None:
    """A pawn enters on a start-row hex (000:L120-123), then a won tile moves Frodo and Sam
    one space on their track (000:L253): one Step ▶ shows each change."""
    events = open_rotk(page)
    enter = first(events, "enter")
    go_to(page, enter - 1)
    seat, hex_ = events[enter]["seat"], events[enter]["hex"]
    pawn = page.locator(f'#board g.pawn[data-seat="{seat}"]')
    expect(pawn).to_have_count(0)
    page.locator("#step-forward").click()
    expect(pawn).to_have_attribute("data-hex", f"{hex_[0]},{hex_[1]}")
    frodo_step = first(events, "frodo")
    go_to(page, frodo_step - 1)
    before = events[frodo_step]["before"]
    expect(page.locator("#board g.frodo")).to_have_attribute("data-place", before)
    page.locator("#step-forward").click()
    expect(page.locator("#board g.frodo")).to_have_attribute(
        "data-place", events[frodo_step]["after"]
    )
    assert events[frodo_step]["after"] != before


def test_turn_jump_goes_from_turn_to_turn(page: Page, open_rotk: Opener) -> None:
    """Turn » lands on the next player's turn (000:L114-118: clockwise from the start
    player), and names the round and the player."""
    events = open_rotk(page)
    turn = page.get_by_role("button", name="Turn »")
    one = first(events, "turn")
    two = first(events, "turn", one + 1)
    turn.click()
    position = page.locator("#position")
    expect(position).to_contain_text(f"Step {one + 1} of")
    seat = events[one]["seat"]
    expect(position).to_contain_text(f"round 1, P{seat + 1}'s turn")
    expect(page.locator(f'#board g.player.active[data-seat="{seat}"]')).to_have_count(1)
    turn.click()
    expect(position).to_contain_text(f"Step {two + 1} of")
    page.get_by_role("button", name="« Turn").click()
    expect(position).to_contain_text(f"Step {one + 1} of")


def test_attack_shows_its_dice_cards_and_target(page: Page, open_rotk: Opener) -> None:
    """An attack lays army and hero cards and rolls two dice against the tile's battle value
    (000:L170-196): the page highlights the target and shows the dice and the cards by name
    (card ids read through material.yaml)."""
    events = open_rotk(page)
    at = first(events, "attack")
    attack = events[at]
    go_to(page, at)
    dice = page.locator("#board .attack-box .rotk-die")
    expect(dice).to_have_count(2)
    assert [int(v) for v in dice.evaluate_all("ds => ds.map(d => d.dataset.value)")] == attack[
        "dice"
    ]
    expect(page.locator("#board .attack-box")).to_contain_text(f"total {attack['total']}")
    labels = [rotk_board()["cards"][card]["label"] for card in attack["armies"] + attack["heroes"]]
    shown = page.locator("#board .attack-box .attack-line.card").all_text_contents()
    assert shown == (labels if len(labels) <= 4 else [*labels[:3], f"+{len(labels) - 3} more"])
    row, col = attack["target"]
    expect(page.locator(f'#board g.hex.focus[data-hex="{row},{col}"]')).to_have_count(1)
    verdict = "success" if attack["success"] else "fails"
    expect(page.locator("#board .attack-verdict")).to_have_text(verdict)


def test_page_state_agrees_with_the_engine_replay_and_keeps_every_card(
    page: Page, open_rotk: Opener
) -> None:
    """At every event the page's tiles, pawns, trolls, Gate, Frodo and Gollum equal the engine's
    replay frame, and the 90 cards (000:L69) are all in the deck, the discard pile, the lots, a
    hand or on the table; at each turn the hand equals the one the log records."""
    events = open_rotk(page)
    states = page.evaluate(
        """events => events.map((e, i) => {
            const s = window.ReplayRenderers.rotk.stateAt(events, i);
            const held = s.hands.reduce((n, h) => n + h.length, 0);
            const table = s.attack ? s.attack.cards.length : 0;
            return {tiles: Object.keys(s.tiles).sort(), pawns: s.pawns, frodo: s.frodo,
                    gollum: s.gollum, trolls: s.trolls, gate: s.gateFallen,
                    hands: s.hands.map(h => h.length),
                    cards: s.deck + s.discard + s.lots + table + held};
        })""",
        events,
    )
    for frame in engine_frames(events):
        state = states[frame.event]
        assert state["tiles"] == sorted(f"{r},{c}" for (r, c), _ in frame.tiles), frame.event
        assert state["pawns"] == [list(p) if p else None for p in frame.pawns], frame.event
        assert state["frodo"] == frame.frodo.to_json()
        assert state["gollum"] == frame.gollum
        assert (state["trolls"], state["gate"]) == (list(frame.trolls), frame.gate_fallen)
    assert {s["cards"] for s in states[first(events, "setup") :]} == {len(load_material().cards)}
    for index, event in enumerate(events):
        if event["kind"] == "turn":
            before = states[index - 1]["hands"][event["seat"]]
            assert before == len(event["hand"]), index


def test_phone_stacks_the_tracks_under_a_full_width_board(
    phone_page: Page, open_rotk: Opener
) -> None:
    """Readable on a phone (issue 9): the tall layout puts the mountain under the board, the
    board fits a 390 px screen without sideways scrolling and a hex stays a thumb wide."""
    open_rotk(phone_page)
    board = phone_page.locator("#board")
    expect(board).to_have_attribute("data-layout", "tall")
    box = board.bounding_box()
    assert box is not None and box["width"] <= 390
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    hex_box = phone_page.locator("#board g.hex").first.bounding_box()
    assert hex_box is not None and hex_box["width"] >= 40
    mountain = phone_page.locator("#board .mountain").bounding_box()
    start_row = phone_page.locator("#board g.hex-minas_tirith").bounding_box()
    assert mountain is not None and start_row is not None
    assert mountain["y"] > start_row["y"] + start_row["height"] - 1


def test_desktop_puts_the_mountain_beside_the_board(page: Page, open_rotk: Opener) -> None:
    """On a wide screen the mountain sits right of the hexes (issue 9: one glance)."""
    open_rotk(page)
    expect(page.locator("#board")).to_have_attribute("data-layout", "wide")
    mountain = page.locator("#board .mountain").bounding_box()
    hexes = [page.locator("#board g.hex").nth(i).bounding_box() for i in range(7)]
    assert mountain is not None and all(h is not None for h in hexes)
    assert mountain["x"] > max(h["x"] + h["width"] for h in hexes if h is not None) - 1
