"""Nothing leaks to another seat; nothing is lost when the server is killed."""

from __future__ import annotations

import json

import httpx

from evogames import Match
from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.wsclient import Player, create_table, play_humans, settle, teacher


def test_no_message_to_seat_1_shows_seat_0s_hidden_cards_or_a_deck_order(server: Server) -> None:
    for seed in (1, 2):
        table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                             seed=seed)
        tid, seats = table["table_id"], table["seats"]
        zero, one = Player(server.ws, tid, seats[0]["code"]), Player(server.ws, tid, seats[1]["code"])
        play_humans([zero, one], Rng(seed))
        one.wait(lambda p: p.view["over"])
        zero.close()
        one.close()
        record = httpx.get(server.url + f"/api/tables/{tid}/record", headers=teacher(server.url)).json()
        check_no_leak(record, one.messages)


def check_no_leak(record: dict, messages: list[str]) -> None:  # type: ignore[type-arg]
    """Replay the game; at each version, seat 0's hand and the deck order must not be in seat 1's message."""
    by_version: dict[int, list[str]] = {}
    for text in messages:
        message = json.loads(text)
        if message["type"] == "state":
            by_version.setdefault(message["version"], []).append(text)
    match = Match(record["game"], record["players"], record["seed"], record["options"])
    checked = 0
    for version in range(len(record["actions"]) + 1):
        state = match.state
        hidden = [c for c in state.hands[0] if c not in (state.played[1], state.played[2])]
        revealed = set(json.dumps(match.view(1)).split('"'))
        for text in by_version.get(version, []):
            for card in hidden:
                assert f'"{card}"' not in text or card in revealed, f"seat 0's {card} leaked at v{version}"
            if len(state.deck) >= 2:  # an order needs two cards; the wire is compact JSON
                order = json.dumps(state.deck[-5:], separators=(",", ":"))[1:-1]
                assert order not in text, f"the deck order leaked at v{version}"
            checked += 1
        if version < len(record["actions"]):
            seat, action = record["actions"][version]
            match.act(seat, action)
    # broadcasts may merge quick moves, but seat 1 saw the game through to its end
    assert checked > 10 and len(record["actions"]) in by_version, f"{checked} messages, {sorted(by_version)}"


def test_a_killed_server_restarts_every_table_exactly_where_it_was(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
                         seed=5)
    tid, seats = table["table_id"], table["seats"]
    zero, one = Player(server.ws, tid, seats[0]["code"]), Player(server.ws, tid, seats[1]["code"])
    rng = Rng(5)
    play_humans([zero, one], rng, until=lambda: zero.state["version"] >= 25)
    settle([zero, one], people=(0, 1))  # every move in flight has landed: the table waits for a person
    assert zero.state["version"] == one.state["version"]
    before = {0: zero.state}
    server.kill()
    server.start()
    again = Player(server.ws, tid, seats[0]["code"])
    assert again.state["version"] == before[0]["version"]
    assert again.state["view"] == before[0]["view"]
    assert [e["text"] for e in again.state["log"]] == [e["text"] for e in before_log(zero)]
    other = Player(server.ws, tid, seats[1]["code"])
    play_humans([again, other], rng)
    assert httpx.get(server.url + f"/api/tables/{tid}").json()["over"]


def before_log(player: Player) -> list[dict]:  # type: ignore[type-arg]
    """Every log entry the player received, in order."""
    out = []
    for text in player.messages:
        message = json.loads(text)
        if message["type"] == "state":
            out.extend(message["log"])
    return out
