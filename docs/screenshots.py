"""The README's pictures, taken from a real browser against a real server (never by hand).

    .venv/bin/python docs/screenshots.py          # writes docs/img/*.png

Starts the classroom server on loopback with a fresh SQLite file, sets up a
class, plays a few moves at each game's table, finishes a class of bot tables
for the debrief, and photographs the lobby, the teacher's page, a board of each
game and the class debrief in headless Chromium (Debian's /usr/bin/chromium).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parents[1]))
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, Server
from tests.web.wsclient import teacher

OUT = Path(__file__).with_name("img")
GAMES = {"mating": 4, "evolution": 3, "phylo": 2, "dodo": 3, "adapt": 3}


def shot(tab: Page, name: str) -> None:
    tab.wait_for_load_state("networkidle")
    tab.wait_for_timeout(400)
    tab.screenshot(path=str(OUT / f"{name}.png"))
    print(f"docs/img/{name}.png")


def class_of_bots(server: Server) -> None:
    """Eight Mating Game tables of bots only, played to the end, for the class debrief."""
    httpx.post(server.url + "/api/classes", headers=teacher(server.url),
               json={"game": "mating", "tables": 8, "players": 4, "people": 0, "bot": "heuristic"}, timeout=30)
    deadline = time.time() + 120
    while time.time() < deadline:
        tables = httpx.get(server.url + "/api/teacher/tables", headers=teacher(server.url)).json()
        if all(t["over"] for t in tables if not t["seats"][0].get("code")):
            return
        time.sleep(0.5)


def boards(server: Server, browser: object) -> None:
    for game, players in GAMES.items():
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)
        table = httpx.post(server.url + "/api/tables", headers=teacher(server.url),
                           json={"game": game, "seats": seats, "seed": 3, "name": "Group 2"}).json()
        context = browser.new_context(viewport={"width": 1366, "height": 900})  # type: ignore[attr-defined]
        tab = context.new_page()
        tab.goto(server.url + table["seats"][0]["join_url"])
        tab.wait_for_selector("#board .prompt, #board section, #board button")
        shot(tab, f"board-{game}")
        context.close()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/shots.db", Path(tmp) / "server.log", bot_delay=0.0).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                class_of_bots(server)
                tab = browser.new_page(viewport={"width": 1366, "height": 900})
                tab.goto(server.url + "/")
                shot(tab, "lobby")
                tab.goto(server.url + f"/teacher?key={server.teacher_key()}")
                shot(tab, "teacher")
                tab.set_viewport_size({"width": 1920, "height": 1080})
                tab.goto(server.url + "/class")
                shot(tab, "class-debrief")
                boards(server, browser)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
