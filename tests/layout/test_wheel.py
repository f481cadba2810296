"""A wheel (what `pip install evogames` gets) carries every file the package reads: each game's web
board and styles, its data, its rule texts, the web shell. An editable install hides a missing one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "evogames"


def test_the_wheel_carries_every_file_the_package_reads(tmp_path: Path) -> None:
    source = tmp_path / "source"  # a copy: a build writes build/ and egg-info beside what it builds
    shutil.copytree(PACKAGE, source / "src" / "evogames", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "build_backend", source / "build_backend", ignore=shutil.ignore_patterns("__pycache__"))
    pure = {**os.environ, "EVOGAMES_PURE": "1"}  # the files a wheel carries; the compiled build: make test-compiled
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path)],
                   check=True, cwd=tmp_path, timeout=600, env=pure)
    (wheel,) = tmp_path.glob("evogames-*.whl")
    carried = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"evogames/{path.relative_to(PACKAGE).as_posix()}" for path in PACKAGE.rglob("*")
              if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts}
    assert wanted, "the package has data files"
    assert not sorted(wanted - carried), "files the package reads but a wheel would leave out"
