"""A table's questions, choices, log and refusals in each reader's language (issue 26).

A prompt is stored once and read by every seat: its words are kept untranslated
(``battlesim.play.phrases``) and rendered in the language of the request that reads them.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from battlesim.board_names import MONOPOLY_ENGLISH
from battlesim.engines.monopoly.data import SQUARES
from battlesim.play.phrases import Phrase, Square, render, render_prompt, to_json
from tests.play.helpers import plain_choice

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_phrase_reads_in_english_and_in_french_with_the_square_named_for_each() -> None:
    phrase = Phrase("The One Ring is on {square}: take the deed for free?", square=Square(39))
    stored = to_json(phrase)
    assert (
        render(stored, "en")
        == f"The One Ring is on {MONOPOLY_ENGLISH[39]}: take the deed for free?"
    )
    assert render(stored, "fr") == (
        f"L'Anneau Unique est sur {SQUARES[39].name} : prendre le titre gratuitement ?"
    )
    assert str(phrase) == render(stored, None)


def test_nested_phrases_and_lists_render_each_part() -> None:
    trade = Phrase("gives {gives} for {takes}", gives=[Square(1), "50"], takes=Phrase("nothing"))
    text = render(
        to_json(Phrase("Player {number} offers a trade: {trade}.", number=2, trade=trade)), "fr"
    )
    assert text == f"Le joueur 2 propose un échange : donne {SQUARES[1].name}, 50 contre rien."


def test_a_prompt_from_before_phrases_still_reads() -> None:
    old = {
        "seat": 0,
        "kind": "jail",
        "text": "You are in prison.",
        "options": [{"id": "roll", "label": "Roll for doubles", "group": ""}],
        "form": None,
    }
    assert render_prompt(old, "fr")["text"] == "You are in prison."


def _api(user: User, language: str) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    client.force_authenticate(user)
    return client


def _create(client: APIClient, game: str, ai: list[str], settings: dict[str, Any]) -> Any:
    seats = [{"kind": "me"}] + [{"kind": "ai", "strategy": s} for s in ai]
    body = {"game": game, "seats": seats, "settings": settings, "seed": 7}
    return client.post("/api/play/tables/", body, format="json")


@pytest.mark.parametrize(
    ("game", "ai", "settings", "question"),
    [
        ("monopoly", ["acquisitive"], {"variant": "quick", "one_ring": False}, "Acheter"),
        ("risk", ["aggressive"], {"turn_limit": 6}, "Revendiquez un territoire libre."),
        ("rotk", ["greedy", "racer"], {}, "Recrutement : prenez l'un des lots sur la table."),
    ],
)
def test_the_same_table_reads_in_french_and_english(
    game: str, ai: list[str], settings: dict[str, Any], question: str
) -> None:
    alice = User.objects.create_user("alice", password="pw-alice-123")
    french = _create(_api(alice, "fr"), game, ai, settings)
    assert french.status_code == 201, french.content
    state = french.json()
    for _ in range(200):  # play the quiet option until the question this test reads
        if state["prompt"]["text"].startswith(question):
            break
        body = {
            "seat": state["prompt"]["seat"],
            "version": state["version"],
            "choice": plain_choice(state["prompt"]),
        }
        url = f"/api/play/tables/{state['id']}/actions/"
        state = _api(alice, "fr").post(url, body, format="json").json()
    assert state["prompt"]["text"].startswith(question)
    assert state["log"], "the log has lines"
    english = _api(alice, "en").get(f"/api/play/tables/{state['id']}/").json()
    assert english["prompt"]["kind"] == state["prompt"]["kind"]
    assert english["prompt"]["text"] != state["prompt"]["text"]
    assert [o["id"] for o in english["prompt"]["options"]] == [
        o["id"] for o in state["prompt"]["options"]
    ]
    assert english["log"][-1]["text"] != state["log"][-1]["text"]


def test_a_refusal_reads_in_the_readers_language() -> None:
    alice = User.objects.create_user("alice", password="pw-alice-123")
    seats = [{"kind": "ai", "strategy": "acquisitive"}, {"kind": "ai", "strategy": "hunter"}]
    body = {"game": "monopoly", "seats": seats, "settings": {}, "seed": 7}
    refused = _api(alice, "fr").post("/api/play/tables/", body, format="json")
    assert refused.status_code == 400
    assert refused.json()["detail"] == "au moins une place doit être tenue par une personne"
