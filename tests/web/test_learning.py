"""Every game's discussion questions load and are served for its game-over screen."""

from __future__ import annotations

import httpx

import evogames
from tests.web.conftest import Server


def test_every_game_serves_its_discussion_questions_with_answers(server: Server) -> None:
    for entry in evogames.catalog():
        body = httpx.get(f"{server.url}/api/games/{entry['name']}/learning").json()
        assert body["questions"], f"{entry['name']} has no discussion questions"
        for item in body["questions"]:
            assert item["question"].strip() and item["answer"].strip()


def test_an_unknown_game_has_no_learning_page(server: Server) -> None:
    response = httpx.get(f"{server.url}/api/games/chess/learning")
    assert response.status_code == 400 and "Unknown game" in response.json()["error"]["reason"]
