"""Board replays of Monopoly LOTR and Risk LOTR in headless Chromium (issues 7 and 8).

The expected figures come from the stored event log itself and, for Risk, from the engine's
own log replayer (``battlesim/engines/risk/replay.py``): the page must agree with both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from battlesim import services
from battlesim.engines.risk.replay import boards, final_board
from battlesim.models import SimulationJob
from battlesim.selectors import battle_log_get

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Capture = Callable[..., Any]
Event = dict[str, Any]
MONOPOLY = {"variant": "quick", "one_ring": True}
RISK = {"players": ["aggressive", "defensive"], "turn_limit": 12}


def open_replay(
    page: Page, base: str, game: str, options: dict[str, Any], capture: Capture
) -> list[Event]:
    """Queue a one-game job (run eagerly), log in, open battle 0; return its stored log."""
    owner = User.objects.create_user("samwise", password="Po-tay-toes-42")
    with capture(execute=True):
        job = services.job_queue(owner=owner, game=game, options=options, battles=1, seed=2026)
    job = SimulationJob.objects.get(pk=job.pk)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "samwise")
    page.fill("#id_password", "Po-tay-toes-42")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/jobs/{job.pk}/battles/0/")
    expect(page.locator("#position")).to_contain_text("Step 1 of")
    return battle_log_get(job=job, index=0)


Opener = Callable[[Page, str, dict[str, Any]], list[Event]]


@pytest.fixture
def open_game(live_server: LiveServer, django_capture_on_commit_callbacks: Capture) -> Opener:
    def opener(page: Page, game: str, options: dict[str, Any]) -> list[Event]:
        return open_replay(page, live_server.url, game, options, django_capture_on_commit_callbacks)

    return opener


def go_to(page: Page, index: int) -> None:
    """Jump to an event by clicking its line in the log, as a reader would."""
    page.locator(f'#log li[data-index="{index}"]').click()
    expect(page.locator("#position")).to_contain_text(f"Step {index + 1} of")


def first(events: list[Event], kind: str, start: int = 0) -> int:
    return next(i for i, e in enumerate(events) if e["kind"] == kind and i >= start)


# --- Monopoly ---------------------------------------------------------------------------


def test_monopoly_board_has_forty_named_squares_tokens_and_the_ring(
    page: Page, open_game: Opener
) -> None:
    """Issue 7: the 40 squares of the board (001 board, data.py), one token per player and
    the One Ring when its rules are on (001:L82: it starts on Cul-de-Sac, square 1)."""
    events = open_game(page, "monopoly", MONOPOLY)
    setup = events[0]
    assert page.locator("#board g.square").count() == 40
    expect(page.locator('#board g.square[data-square="39"] title')).to_have_text(
        "39. Mount Doom (400)"  # issue 26: English names on an English page
    )
    assert page.locator("#board g.token").count() == len(setup["strategies"])
    expect(page.locator("#board circle.one-ring")).to_have_attribute(
        "data-square", str(setup["ring"])
    )
    assert setup["ring"] == 1
    expect(page.locator("#board-players .player")).to_have_count(len(setup["strategies"]))


def test_monopoly_step_moves_the_token_to_the_logged_square(page: Page, open_game: Opener) -> None:
    """Issue 7: stepping onto a ``move`` event moves that player's token from ``start`` to
    ``to`` and highlights both squares; the dice of the roll before it are shown."""
    events = open_game(page, "monopoly", MONOPOLY)
    index = first(events, "move")
    move = events[index]
    token = page.locator(f'#board g.token[data-seat="{move["seat"]}"]')
    go_to(page, index - 1)
    expect(token).to_have_attribute("data-square", str(move["start"]))
    page.get_by_role("button", name="Step ▶").click()
    expect(token).to_have_attribute("data-square", str(move["to"]))
    expect(page.locator(f'#board g.square.focus[data-square="{move["to"]}"]')).to_have_count(1)
    expect(page.locator("#board text.die-face")).to_have_count(2)


def test_monopoly_next_turn_jumps_to_each_players_turn_in_order(
    page: Page, open_game: Opener
) -> None:
    """Issue 7: "Turn »" goes to the next ``turn`` event; turns follow the order rolled at
    set-up (001:L150: highest roll starts, then to the left)."""
    events = open_game(page, "monopoly", MONOPOLY)
    order = next(e["order"] for e in events if e["kind"] == "order")
    turns = [i for i, e in enumerate(events) if e["kind"] == "turn"]
    for number in range(2):
        page.get_by_title("Next turn").click()
        expect(page.locator("#position")).to_contain_text(f"Step {turns[number] + 1} of")
        expect(page.locator("#position")).to_contain_text(f"round 1, seat {order[number]}'s turn")
        expect(page.locator("#board-players .player.active")).to_have_attribute(
            "data-seat", str(order[number])
        )
    page.get_by_title("Next phase").click()  # a turn's first phase: its roll of the dice
    roll = first(events, "roll", start=turns[1])
    expect(page.locator("#position")).to_contain_text(f"Step {roll + 1} of")


def test_monopoly_replay_agrees_with_every_engine_snapshot(page: Page, open_game: Opener) -> None:
    """Issue 7: between two ``turn_end`` snapshots the page rebuilds cash, tokens, owners,
    buildings and mortgages from the turn's events; before each snapshot its own state must
    already equal the engine's (a drift would show wrong cash or owners mid-turn)."""
    events = open_game(page, "monopoly", MONOPOLY)
    mismatches = page.evaluate(
        """(events) => {
          const r = window.ReplayRenderers.monopoly, bad = [];
          events.forEach((e, k) => {
            if (e.kind !== "turn_end") return;
            const s = r.stateAt(events, k - 1);
            const mortgaged = [...s.mortgaged].sort((a, b) => a - b);
            const mine = [s.cash, s.positions, s.owner, s.level, mortgaged];
            const theirs = [e.cash, e.positions, e.owner, e.level, e.mortgaged];
            if (JSON.stringify(mine) !== JSON.stringify(theirs)) bad.push(k);
          });
          return bad;
        }""",
        events,
    )
    assert mismatches == []
    last = max(i for i, e in enumerate(events) if e["kind"] == "turn_end")
    go_to(page, last)
    cash = page.locator("#board-players .cash").evaluate_all("ns => ns.map(n => +n.dataset.cash)")
    assert cash == events[last]["cash"]
    owned = sum(owner is not None for owner in events[last]["owner"])
    expect(page.locator("#board circle.deed-owner")).to_have_count(owned)


def test_monopoly_strongholds_and_fortresses_are_drawn_as_they_are_built(
    page: Page, open_game: Opener
) -> None:
    """Issue 7: each ``Build`` adds a stronghold on its square (001:L235) until the group
    gets its fortress, after 3 strongholds in the quick game (001:L289)."""
    events = open_game(page, "monopoly", MONOPOLY)
    index = next(i for i, e in enumerate(events) if e.get("action") == "Build")
    square = events[index]["square"]
    go_to(page, index)
    expect(page.locator(f'#board g.square[data-square="{square}"] rect.stronghold')).to_have_count(
        1
    )
    last = next(e for e in reversed(events) if e["kind"] == "turn_end")
    go_to(page, len(events) - 1)
    fortresses = sum(level == 4 for level in last["level"])
    strongholds = sum(level for level in last["level"] if level < 4)
    assert fortresses + strongholds > 0
    expect(page.locator("#board rect.fortress")).to_have_count(fortresses)
    expect(page.locator("#board rect.stronghold")).to_have_count(strongholds)


def test_monopoly_board_fits_a_phone(phone_page: Page, open_game: Opener) -> None:
    """Issue 7: readable on a phone: the board fits the 390 px screen without sideways
    scrolling and the players' cash is shown as text under it."""
    open_game(phone_page, "monopoly", MONOPOLY)
    box = phone_page.locator("#board").bounding_box()
    assert box is not None and box["width"] <= 390 and box["width"] > 300
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(phone_page.locator("#board-players .cash").first).to_be_visible()


# --- Risk -------------------------------------------------------------------------------


def counts_on_page(page: Page) -> dict[str, int]:
    return page.locator("#board g.territory").evaluate_all(
        """ns => Object.fromEntries(ns.map(n => [n.dataset.territory,
              +(n.querySelector('text.battalions') || {textContent: 0}).textContent]))"""
    )


def test_risk_map_has_64_territories_matching_the_engine_replay(
    page: Page, open_game: Opener
) -> None:
    """Issue 8: every territory of data.yaml is on the map, and at the end of the game its
    owner colour and battalion count are those rebuilt by the engine's replay.py."""
    events = open_game(page, "risk", RISK)
    expect(page.locator("#board g.territory")).to_have_count(64)
    go_to(page, len(events) - 1)
    view = final_board(events)
    assert counts_on_page(page) == view.armies
    colours = {p["seat"]: p["colour"].lower() for p in events[1]["players"]}
    yellow = [name for name, seat in view.owner.items() if colours[seat] == "yellow"]
    expect(page.locator("#board g.territory.owner-yellow")).to_have_count(len(yellow))
    expect(page.locator("#board g.leader")).to_have_count(len(view.leaders))


def test_risk_step_changes_a_battalion_count_and_highlights_the_attack(
    page: Page, open_game: Opener
) -> None:
    """Issue 8: placing reinforcements adds ``count`` to the territory (003:L56-58); a
    throw highlights the attacking and the defending territory with an arrow."""
    events = open_game(page, "risk", RISK)
    index = first(events, "place", start=first(events, "turn"))
    place = events[index]
    go_to(page, index - 1)
    before = counts_on_page(page)[place["territory"]]
    page.get_by_role("button", name="Step ▶").click()
    assert counts_on_page(page)[place["territory"]] == before + place["count"]
    throw_at = first(events, "throw")
    throw = events[throw_at]
    go_to(page, throw_at)
    expect(page.locator("#board g.attack-from")).to_have_attribute(
        "data-territory", throw["source"]
    )
    expect(page.locator("#board g.attack-to")).to_have_attribute("data-territory", throw["target"])
    expect(page.locator("#board line.attack-arrow")).to_have_count(1)
    expect(page.locator("#board-players .attack-line")).to_contain_text(throw["target"])


def test_risk_next_turn_and_the_fellowship_follow_the_log(page: Page, open_game: Opener) -> None:
    """Issue 8: "Turn »" lands on each ``turn`` event in order; the Fellowship starts in
    The Shire and moves along its path (003:L128) as ``fellowship_moves`` says."""
    events = open_game(page, "risk", RISK)
    expect(page.locator("#board circle.fellowship")).to_have_attribute(
        "data-territory", "The Shire"
    )
    turns = [i for i, e in enumerate(events) if e["kind"] == "turn"]
    colours = {p["seat"]: p["colour"] for p in events[1]["players"]}
    for number in range(2):
        page.get_by_title("Next turn").click()
        turn = events[turns[number]]
        expect(page.locator("#position")).to_contain_text(f"Step {turns[number] + 1} of")
        expect(page.locator("#position")).to_contain_text(
            f"turn {turn['turn']}, {colours[turn['seat']]}"
        )
    page.get_by_title("Next phase").click()  # part II after the turn opens: reinforcements
    reinforcements = first(events, "reinforcements", start=turns[1])
    expect(page.locator("#position")).to_contain_text(f"Step {reinforcements + 1} of")
    moved = first(events, "fellowship_moves")
    fellowship = next(view.fellowship for i, (_, view) in enumerate(boards(events)) if i == moved)
    assert fellowship == events[moved]["territory"] != "The Shire"
    go_to(page, moved)
    expect(page.locator("#board circle.fellowship")).to_have_attribute("data-territory", fellowship)


def test_risk_map_fits_a_phone(phone_page: Page, open_game: Opener) -> None:
    """Issue 8: readable on a phone: the map fits the screen, the battalion counts are at
    least 9 px high, the players' lines are text under the map, and a tap on a territory
    (no tooltips on a phone) writes its full name, holder and battalions under the map."""
    events = open_game(phone_page, "risk", RISK)
    go_to(phone_page, len(events) - 1)
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    height = phone_page.locator("#board text.battalions").first.evaluate(
        "n => n.getBoundingClientRect().height"
    )
    assert height >= 9
    expect(phone_page.locator("#board-players .player").first).to_be_visible()
    view = final_board(events)
    colour = events[1]["players"][view.owner["Mount Doom"]]["colour"]
    phone_page.locator('#board g.territory[data-territory="Mount Doom"]').click()
    expect(phone_page.locator("#board-detail")).to_have_text(
        f"Mount Doom (Mordor): {colour}, {view.armies['Mount Doom']} battalions"
    )


# --- SBG ----------------------------------------------------------------------------------


def test_sbg_replay_draws_bases_to_scale_with_heroes_cavalry_and_monsters(
    page: Page, open_game: Opener
) -> None:
    """Issue 5: the table shows each base at its size (a 40 mm Troll, riders on their mounts'
    circles), Heroes and the leader marked, and every base names its profile."""
    events = open_game(page, "sbg", {"forces": ["rohan", "mordor_troll"], "turn_limit": 2})
    setup = events[0]
    troll = next(uid for uid, name in setup["forces"][1]["models"].items() if "Troll" in name)
    radius = page.locator(f'#board g.model:has(title:text-matches("^{troll} ")) circle').first
    assert float(radius.get_attribute("r")) == pytest.approx(40 / 25.4 / 2, abs=0.01)
    assert page.locator("#board g.model.cavalry .mount-mark").count() > 5
    assert page.locator("#board g.model.leader .hero-mark").count() == 2
    riders = page.locator("#board g.model.cavalry circle:first-child").first
    assert float(riders.get_attribute("r")) > 25 / 25.4 / 2  # a mount's circle, not a man's


def test_sbg_replay_draws_a_line_from_caster_to_target(page: Page, open_game: Opener) -> None:
    """Issue 16: a power cast at a model is drawn as a line from the caster to its target
    (dashed when the dice fail)."""
    options = {"forces": ["gandalf_minas_tirith", "nazgul_mordor"], "turn_limit": 8}
    events = open_game(page, "sbg", options)
    index = next(
        i
        for i, e in enumerate(events)
        if e["kind"] == "cast" and e.get("target") and e["target"] != e["model"]
    )
    go_to(page, index)
    line = page.locator("#board line.spell-line")
    expect(line).to_have_count(1)
    assert ("failed" in (line.get_attribute("class") or "")) is (not events[index]["cast"])
