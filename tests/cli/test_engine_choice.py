"""Which engine `make run` starts (build_backend/engine.py): the compiled one only when it was built from the
sources as they are now; otherwise the pure one at once, never an old compiled copy of an edited rule (issue 23).

Each test works on a copy of a checkout in a temporary folder (real files, real processes)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).parents[2]


def load_engine(root: Path) -> ModuleType:
    sys.path.insert(0, str(root / "build_backend"))
    spec = importlib.util.spec_from_file_location("engine_under_test", root / "build_backend" / "engine.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A checkout's build inputs: the build backend, setup.py, pyproject.toml and two source files."""
    shutil.copytree(ROOT / "build_backend", tmp_path / "build_backend",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("setup.py", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    rules = tmp_path / "src" / "evogames" / "games" / "mating"
    rules.mkdir(parents=True)
    (rules / "scoring.py").write_text("OFFSPRING_TO_WIN = 10\n")
    (tmp_path / "src" / "evogames" / "__init__.py").write_text("")
    return tmp_path


def compiled_engine(engine: ModuleType, at: Any, build: str = "compiled") -> None:
    """What an engine install leaves: the package's build manifest and the stamp of the sources."""
    (at.target / "evogames").mkdir(parents=True)
    (at.target / "evogames" / "_build.json").write_text(json.dumps({"build": build, "sources": {}}))
    (at.target / engine.STAMP).write_text(json.dumps({"digest": engine.digest(at.root)}))


def test_the_digest_follows_every_source_file_and_ignores_caches(checkout: Path) -> None:
    engine = load_engine(checkout)
    before = engine.digest(checkout)
    cache = checkout / "src" / "evogames" / "__pycache__"
    cache.mkdir()
    (cache / "scoring.cpython-311.pyc").write_bytes(b"\0")
    assert engine.digest(checkout) == before
    (checkout / "src" / "evogames" / "games" / "mating" / "scoring.py").write_text("OFFSPRING_TO_WIN = 11\n")
    assert engine.digest(checkout) != before
    (checkout / "src" / "evogames" / "games" / "mating" / "scoring.py").write_text("OFFSPRING_TO_WIN = 10\n")
    assert engine.digest(checkout) == before
    (checkout / "src" / "evogames" / "web.js").write_text("// a new file\n")
    assert engine.digest(checkout) != before


def test_a_compiled_engine_runs_until_a_rule_is_edited(checkout: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EVOGAMES_PURE", "1")  # nothing is compiled in the background by this test
    engine = load_engine(checkout)
    at = engine.Paths(checkout)
    compiled_engine(engine, at)
    assert engine.fresh(at)
    assert engine.choose(sys.executable, at) == (str(at.target), "evogames: the compiled engine (build/engine, "
                                                                  "built from these sources)")
    (checkout / "src" / "evogames" / "games" / "mating" / "scoring.py").write_text("OFFSPRING_TO_WIN = 11\n")
    assert not engine.fresh(at)
    assert engine.choose(sys.executable, at) == ("", "evogames: the pure engine (EVOGAMES_PURE is set)")


def test_a_pure_build_in_the_engine_folder_is_not_taken_for_a_compiled_one(checkout: Path) -> None:
    engine = load_engine(checkout)
    at = engine.Paths(checkout)
    compiled_engine(engine, at, build="pure")
    assert not engine.fresh(at)


def test_a_failed_build_is_not_tried_again_until_the_sources_change(checkout: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EVOGAMES_PURE", raising=False)
    engine = load_engine(checkout)
    if engine.why_pure():
        pytest.skip("no C compiler here: make run never tries to compile")
    at = engine.Paths(checkout)
    at.build.mkdir()
    at.failed.write_text(engine.digest(checkout) + "\n")
    path, line = engine.choose(sys.executable, at)
    assert (path, line) == ("", "evogames: the pure engine (compiling these sources failed: build/engine.log)")
    assert not at.log.exists()  # no build was started


def test_a_build_in_progress_holds_the_lock_and_a_dead_builders_lock_is_taken_back(checkout: Path) -> None:
    engine = load_engine(checkout)
    at = engine.Paths(checkout)
    at.build.mkdir()
    builder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        at.lock.write_text(str(builder.pid))
        assert engine.building(at)
    finally:
        builder.kill()
        builder.wait()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    at.lock.write_text(gone.stdout.strip())
    assert not engine.building(at)
    assert not at.lock.exists()



def test_make_engine_builds_after_a_killed_build_left_its_lock(checkout: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`make engine` (``--now``) after a build was killed (its lock left behind) builds; a live builder's lock
    still stops it."""
    engine = load_engine(checkout)
    at = engine.Paths(checkout)
    at.build.mkdir()
    built: list[str] = []
    monkeypatch.setattr(engine, "build", lambda python, where, before: built.append(before) or True)
    builder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        at.lock.write_text(str(builder.pid))
        assert engine.build_locked(sys.executable, at) == 1 and not built, "a live build holds the lock"
    finally:
        builder.kill()
        builder.wait()
    assert engine.build_locked(sys.executable, at) == 0 and len(built) == 1, "a dead builder's lock is taken back"
    assert not at.lock.exists()


def test_the_build_lock_holds_its_builders_pid_from_the_moment_it_exists(checkout: Path) -> None:
    """A lock is linked into place with the pid already in it (an empty lock would look like a dead builder's),
    and a second builder cannot take it."""
    engine = load_engine(checkout)
    at = engine.Paths(checkout)
    at.build.mkdir()
    assert engine.take_lock(at)
    assert at.lock.read_text() == str(os.getpid())
    assert not engine.take_lock(at)
    assert sorted(p.name for p in at.build.iterdir()) == ["engine.lock"], "nothing left aside"
