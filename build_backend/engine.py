"""Which engine `make run` starts: the compiled one when it was built from exactly these sources, else the pure one.

    python build_backend/engine.py --python .venv/bin/python    # prints the folder for PYTHONPATH (empty: pure)
    python build_backend/engine.py --python .venv/bin/python --now    # build the compiled engine now (make engine)

The compiled engine is the compiled wheel (setup.py, mypyc) installed into ``build/engine/``, outside the venv,
so ``make test``'s editable install stays pure and an edited rule is never shadowed by an old copy. It is fresh
while every file it was built from is unchanged (``build/engine/sources.json`` holds one SHA-256 over them all).
When it is not, ``make run`` starts at once with the pure engine and compiles in the background (nice 19; the log
is ``build/engine.log``), so the next start is compiled: a class never waits for a compiler.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from evogames_compiler import can_compile as compiler_found

ROOT = Path(__file__).resolve().parents[1]
STAMP = "sources.json"
# what a build reads: the package's files, and how it is built
INPUTS = ("src/evogames", "setup.py", "pyproject.toml", "build_backend/evogames_build.py")


class Paths:
    """Where a checkout keeps its compiled engine, the build's log, its lock and a failed build's digest."""

    def __init__(self, root: Path = ROOT) -> None:
        self.root = root
        self.build = root / "build"
        self.target = self.build / "engine"
        self.log = self.build / "engine.log"
        self.lock = self.build / "engine.lock"
        self.failed = self.build / "engine.failed"


def digest(root: Path = ROOT) -> str:
    """One SHA-256 over every file a build reads (names and bytes; caches left out)."""
    sha = hashlib.sha256()
    for name in INPUTS:
        path = root / name
        files = sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
            if path.is_dir() else [path] if path.is_file() else []
        for file in files:
            if file.suffix in (".pyc", ".so") or file.name == "_build.json":
                continue
            sha.update(str(file.relative_to(root)).encode() + b"\0" + hashlib.sha256(file.read_bytes()).digest())
    return sha.hexdigest()


def fresh(at: Paths) -> bool:
    """True when the checkout holds a compiled engine built from its sources as they are now."""
    try:
        stamp = json.loads((at.target / STAMP).read_text())
        built = json.loads((at.target / "evogames" / "_build.json").read_text())
    except (OSError, ValueError):
        return False
    return bool(built.get("build") == "compiled" and stamp.get("digest") == digest(at.root))


def why_pure() -> str | None:
    """None when this machine can compile the engine; otherwise why not (one short phrase)."""
    if os.environ.get("EVOGAMES_PURE"):
        return "EVOGAMES_PURE is set"
    return None if compiler_found() else "no C compiler found"


def building(at: Paths) -> bool:
    """True while a build holds the lock (a lock whose process has gone is taken back)."""
    try:
        pid = int(at.lock.read_text().strip() or 0)
    except (OSError, ValueError):
        pid = 0
    if pid <= 0:  # no lock, or one whose builder died before writing its pid
        at.lock.unlink(missing_ok=True)
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        at.lock.unlink(missing_ok=True)
        return False
    except PermissionError:
        return True
    return True


def build(python: str, at: Paths, sources: str) -> bool:
    """Compile the wheel (pip, setup.py, mypyc) and install it as the engine, stamped with the digest of the
    ``sources`` it was built from; True if it worked."""
    with tempfile.TemporaryDirectory(dir=at.build, prefix="engine-") as tmp:
        wheels = Path(tmp) / "dist"
        made = subprocess.run([python, "-m", "pip", "wheel", "--no-deps", "-w", str(wheels), str(at.root)],
                              check=False)
        wheel = next(wheels.glob("evogames-*-cp3*-*.whl"), None)
        if made.returncode != 0 or wheel is None:
            print("engine: the build made no compiled wheel", flush=True)
            return False
        return install(python, wheel, at, sources)


def install(python: str, wheel: Path, at: Paths, sources: str) -> bool:
    """Install a compiled wheel as the engine, stamped with the digest of the ``sources`` it was built from;
    the new engine replaces the old one whole (a run never starts half an engine)."""
    at.build.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=at.build, prefix="engine-") as tmp:
        installed = Path(tmp) / "engine"
        done = subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(installed),
                               str(wheel)], check=False)
        if done.returncode != 0:
            return False
        (installed / STAMP).write_text(json.dumps({"digest": sources}) + "\n")
        old = at.target.with_name(at.target.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if at.target.exists():
            at.target.rename(old)
        installed.rename(at.target)
        shutil.rmtree(old, ignore_errors=True)
    return True


def take_lock(at: Paths) -> bool:
    """Take the build lock, with this process's pid already in it (written aside, then linked into place, so
    no other builder ever sees an empty lock); False if another holds it."""
    aside = at.build / f"engine.lock.{os.getpid()}"
    aside.write_text(str(os.getpid()))
    try:
        os.link(aside, at.lock)
    except FileExistsError:
        return False
    except OSError:  # a file system without hard links: create it exclusively and write the pid at once
        try:
            fd = os.open(at.lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return False
        with os.fdopen(fd, "w") as lock:
            lock.write(str(os.getpid()))
    finally:
        aside.unlink(missing_ok=True)
    return True


def build_locked(python: str, at: Paths) -> int:
    """``build`` under the lock; a failure is remembered for these sources (no retry until they change)."""
    at.build.mkdir(exist_ok=True)
    if not take_lock(at) and (building(at) or not take_lock(at)):  # a dead builder's lock is taken back once
        print("engine: another build is running", flush=True)
        return 1
    try:
        before = digest(at.root)
        ok = build(python, at, before)
        if ok:
            at.failed.unlink(missing_ok=True)
        else:
            at.failed.write_text(before + "\n")
        print(f"engine: {'compiled: the next make run starts it' if ok else 'the build failed; staying pure'}",
              flush=True)
        return 0 if ok else 1
    finally:
        at.lock.unlink(missing_ok=True)


def in_background(python: str, at: Paths) -> None:
    """Start ``build_locked`` detached and at the lowest priority; its output goes to the log."""
    at.build.mkdir(exist_ok=True)
    command = [python, str(Path(__file__).resolve()), "--python", python, "--now"]
    if shutil.which("nice"):
        command = ["nice", "-n", "19", *command]
    with at.log.open("w") as log:
        subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                         start_new_session=True, cwd=at.root)


def choose(python: str, at: Paths) -> tuple[str, str]:
    """(the folder for PYTHONPATH, or "" for the pure engine; one line saying which and why)."""
    if fresh(at):
        return str(at.target), "evogames: the compiled engine (build/engine, built from these sources)"
    reason = why_pure()
    if reason:
        return "", f"evogames: the pure engine ({reason})"
    if building(at):
        return "", "evogames: the pure engine for now; the compiled one is being built (build/engine.log)"
    with contextlib.suppress(OSError):
        if at.failed.read_text().strip() == digest(at.root):
            return "", "evogames: the pure engine (compiling these sources failed: build/engine.log)"
    in_background(python, at)
    return "", ("evogames: the pure engine for now; compiling the faster one in the background for the next "
                "make run (a few minutes; build/engine.log)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", default=sys.executable, help="the venv's python (it builds the wheel)")
    parser.add_argument("--now", action="store_true", help="build the compiled engine now and wait for it")
    parser.add_argument("--install", type=Path, metavar="WHEEL",
                        help="use this compiled wheel (built from the sources as they are) as the engine")
    args = parser.parse_args()
    at = Paths()
    if args.install:
        return 0 if install(args.python, args.install, at, digest(at.root)) else 1
    if args.now:
        return build_locked(args.python, at)
    path, line = choose(args.python, at)
    print(line, file=sys.stderr, flush=True)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
