"""The teacher's view of every game: progress and the CSV of results use each game's own scores."""

from __future__ import annotations

import csv
import io
import time

import httpx

import evogames
from tests.web.conftest import Server
from tests.web.wsclient import create_table, teacher

TURNS = {"dodo": "turn", "evolution": "turn"}  # the games that count turns (Phylo above; Evolution its rulebook's)


def test_the_results_csv_has_every_games_final_scores_and_rounds(server: Server) -> None:
    ids = {}
    for entry in evogames.catalog():
        seats = [{"kind": "bot", "bot": "heuristic"}] * entry["min_players"]
        ids[entry["name"]] = create_table(server.url, seats, game=entry["name"], seed=2)["table_id"]
    deadline = time.time() + 120
    while time.time() < deadline:
        tables = {t["table_id"]: t for t in httpx.get(server.url + "/api/tables").json()}
        if all(tables[i]["over"] for i in ids.values()):
            break
        time.sleep(0.5)
    text = httpx.get(server.url + "/api/results.csv", headers=teacher(server.url)).text
    rows = list(csv.DictReader(io.StringIO(text)))
    for game, table_id in ids.items():
        summary = tables[table_id]
        assert summary["over"], f"the {game} bot game did not finish"
        mine = [r for r in rows if r["table_id"] == table_id]
        assert [int(float(r["score"])) for r in mine] == [int(s) for s in summary["result"]["scores"]], game
        assert all(r["rounds"] for r in mine) and sum(int(r["winner"]) for r in mine) >= 1, game
        # a finished game's own count, in its own word: Phylo's turns, Adapt or Die's 60 (its view moved on to 61)
        result = summary["result"]
        count, unit = (result["turns"], "turn") if game == "phylo" else (result["rounds"], TURNS.get(game, "round"))
        assert {(r["rounds"], r["unit"]) for r in mine} == {(str(count), unit)}, game
        assert {r["score_counts"] for r in mine} == {evogames.game(game).score_label}, game  # from the spec
        assert summary["scores"] == summary["result"]["scores"] and summary["round"] is not None, game
