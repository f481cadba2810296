"""Who may script a table, what a student may call themselves, and a seat the teacher gave to a bot.

- Options that fix hidden order or choose hidden cards are the teacher's: a table made without the
  key that sets one is refused (``table/option_needs_teacher``) and nothing is stored.
- A name that impersonates the teacher, a bot or another seat, or a classmate's name at the same
  table, is refused (``seat/name_reserved``, ``seat/name_taken``); so are letters buried in marks.
- A seat the teacher gave to a bot stays with the bot when its student comes back; the student
  watches their own seat, and is told (a ``seat`` message) when it goes and when it comes back.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

import evogames
from evogames.core.errors import IllegalAction
from evogames.server.lobby import Lobby
from tests.web.conftest import Server
from tests.web.wsclient import teacher

HUMANS = [{"kind": "human"}, {"kind": "human"}]

# every teacher-only option of every game, with a value that scripts a table (and what it needs besides)
SCRIPTED: dict[tuple[str, str], tuple[Any, dict[str, Any]]] = {
    ("evolution", "deck_order"): (["SWM01", "POC01", "SWM02"], {}),
    ("evolution", "dice"): (["6", "1"], {}),
    ("mating", "strategy_order"): (["C01", "C02"], {}),
    ("mating", "environment_cards"): (["E01"] * 6, {"environment": "custom"}),
    ("mating", "environment_order"): ("fixed", {"environment": "custom", "environment_cards": ["E01", "E02"]}),
    ("phylo", "deck_p1"): (["@polar_seas"], {}),
    ("phylo", "deck_p2"): (["@polar_seas"], {}),
    ("phylo", "deck_p3"): (["@polar_seas"], {}),
    ("phylo", "deck_p4"): (["@polar_seas"], {}),
    ("phylo", "deal"): ("fixed", {}),
    ("dodo", "environments"): (["E01", "E02", "E03", "E04", "E05", "E06"], {}),
    ("adapt", "creature_order"): (["C16", "C03"], {}),
    ("adapt", "habitat_order"): (["H05", "H01"], {}),
    ("adapt", "randomizer_order"): (["R03"], {}),
}


def teacher_only_options() -> set[tuple[str, str]]:
    return {(entry["name"], name) for entry in evogames.catalog()
            for name, spec in entry["options"].items() if spec.get("teacher_only")}


def test_every_option_that_scripts_hidden_order_is_declared_teacher_only() -> None:
    assert teacher_only_options() == set(SCRIPTED)


@pytest.mark.parametrize(("game", "option"), sorted(SCRIPTED))
def test_a_teacher_only_option_is_refused_without_the_key_and_accepted_with_it(
        tmp_path: Path, game: str, option: str) -> None:
    value, besides = SCRIPTED[(game, option)]
    seats = [{"kind": "human"}] * (4 if option in ("deck_p3", "deck_p4") else 2)
    body = {"game": game, "seats": seats, "options": {**besides, option: value}}

    async def both() -> tuple[IllegalAction, dict[str, Any], int]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
        try:
            with pytest.raises(IllegalAction) as refused:
                await lobby.create(body)
            stored_after_refusal = len(lobby.storage.load_all())
            made = await lobby.create(body, teacher=True)
            return refused.value, made, stored_after_refusal
        finally:
            await lobby.close()

    refused, made, stored = asyncio.run(both())
    assert refused.code == "table/option_needs_teacher" and option in refused.reason
    assert stored == 0, "a refused table must not be stored"
    assert made["game"] == game


def test_the_defaults_of_teacher_only_options_are_anyone_s(tmp_path: Path) -> None:
    async def create() -> dict[str, Any]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
        try:
            return await lobby.create({"game": "mating", "seats": HUMANS, "options": {
                "strategy_order": [], "environment_order": "shuffled", "predation": False, "sudden_death": True}})
        finally:
            await lobby.close()

    assert asyncio.run(create())["game"] == "mating"


def test_a_student_cannot_script_a_custom_deck_over_http(server: Server) -> None:
    catalog = {g["name"]: g for g in httpx.get(server.url + "/api/catalog").json()}
    assert catalog["mating"]["options"]["environment_cards"]["teacher_only"] is True
    assert catalog["mating"]["options"]["predation"]["teacher_only"] is False
    body = {"game": "mating", "seats": HUMANS, "options": {"environment": "custom", "environment_cards": ["E01"] * 8}}
    refused = httpx.post(server.url + "/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    assert refused.json()["error"]["code"] == "table/option_needs_teacher"
    assert "teacher" in refused.json()["error"]["reason"]
    scripted = {"game": "evolution", "seats": HUMANS, "options": {"deck_order": ["SWM01"] * 1, "dice": ["6"]}}
    assert httpx.post(server.url + "/api/tables", json=scripted).json()["error"]["code"] == \
        "table/option_needs_teacher"
    assert httpx.get(server.url + "/api/tables").json() == []
    assert httpx.post(server.url + "/api/tables", json=body, headers=teacher(server.url)).status_code == 201
