"""A real server for the web tests: ``evogames.server.main`` in a subprocess, on loopback."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.wsclient import TEACHER_KEYS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running ``evogames serve`` process that a test may kill and restart."""

    db: str
    log: Path
    bot_delay: float = 0.0
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.port = self.port or free_port()
        cmd = [sys.executable, "-m", "evogames.server.main", "--port", str(self.port), "--db", self.db,
               "--bot-delay", str(self.bot_delay)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(cmd, stdout=log, stderr=log)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server died: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/api/catalog", timeout=1).status_code == 200:
                    TEACHER_KEYS[self.url] = self.teacher_key()
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()  # never leave a server behind
        raise RuntimeError(f"server did not answer in 30 s: {self.log.read_text()[-3000:]}")

    def teacher_key(self) -> str:
        """The key from the teacher's link the server printed at start."""
        found = re.findall(r"/teacher\?key=(\S+)", self.log.read_text())
        assert found, "the server did not print the teacher's link"
        return str(found[-1])

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as when a laptop's lid closes on it."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Server]:
    """One server for a whole test module (its tables are looked at on several screens)."""
    root = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    server = Server(f"sqlite:///{root / 'evogames.db'}", root / "server.log").start()
    yield server
    server.stop()


@pytest.fixture
def live_server(server: Server) -> str:
    """The base URL of a running server (bots move with no delay)."""
    return server.url


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (one for the session)."""
    from playwright import sync_api

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is not installed: `apt-get install chromium` (.ci/run does it)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def new_tab(browser: Any) -> Iterator[Callable[[int, int], Any]]:
    """Open tabs (each in its own browser context: its own cookies, as another person's browser);
    the test fails on any JavaScript error in any of them."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_tab(width: int = 1366, height: int = 900) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        tab = context.new_page()
        tab.set_default_timeout(15_000)
        tab.on("pageerror", lambda err: errors.append(str(err)))
        return tab

    yield open_tab
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"
