"""The two builds (README, "Compiled engine"): a compiled module never runs beside a source it was not built from."""

from __future__ import annotations

import hashlib
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from importlib import import_module
from pathlib import Path

from evogames import build


def test_no_compiled_module_differs_from_the_source_beside_it() -> None:
    assert build.stale() == [], "rebuild the wheel: these modules changed since they were compiled"


def test_every_module_the_build_compiled_runs_compiled() -> None:
    sources = build.compiled_sources()
    assert (build.which() == "compiled") == bool(sources)
    for path in sources:
        module = import_module(path.removesuffix(".py").replace("/", "."))
        assert build.is_extension(module.__file__), f"{path} was compiled but runs as Python"


def test_a_pure_build_has_no_extension_module_to_shadow_a_source() -> None:
    if build.compiled_sources():
        return  # the compiled wheel's extensions are checked above
    extensions = [p for p in build.PACKAGE.rglob("*") if build.is_extension(str(p))]
    assert extensions == [], f"an old compiled module would run instead of its source: {extensions}"


def test_an_edited_source_is_stale(tmp_path: Path) -> None:
    source = tmp_path / "evogames" / "rule.py"
    source.parent.mkdir()
    source.write_text("X = 1\n")
    built = {"evogames/rule.py": hashlib.sha256(source.read_bytes()).hexdigest()}
    assert build.stale(built, tmp_path) == []
    source.write_text("X = 2\n")
    assert build.stale(built, tmp_path) == ["evogames/rule.py"]
    source.unlink()
    assert build.stale(built, tmp_path) == ["evogames/rule.py"]



def fetch(url: str, wait: float = 30.0) -> bytes:
    """The body at ``url``, asking again while the server is still starting (up to ``wait`` seconds)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            with urllib.request.urlopen(url, timeout=wait) as answer:
                body: bytes = answer.read()
                return body
        except urllib.error.URLError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_the_classroom_server_starts_and_answers_in_this_build(tmp_path: Path) -> None:
    """`make run` serves whichever build is installed: the real server starts and answers (a compiled
    core/types.py once turned FastAPI's TypedDicts into ones pydantic refuses: the compiled server never started)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "evogames.server.main", "--host", "127.0.0.1", "--port",
                               str(port), "--db", f"sqlite:///{tmp_path / 'class.db'}"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        catalog = json.loads(fetch(f"http://127.0.0.1:{port}/api/catalog"))
        join = fetch(f"http://127.0.0.1:{port}/join")
    except urllib.error.URLError:
        catalog, join = [], b""
    finally:
        server.terminate()
        said = server.communicate(timeout=30)[0]
    assert {game["name"] for game in catalog} >= {"mating", "evolution", "phylo", "dodo", "adapt"}, said
    assert b"<html" in join.lower(), said
