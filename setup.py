"""Two builds from one source: mypyc compiles the engine when it can, and the package stays pure otherwise.

Compiled when mypyc imports, a C compiler is found and ``EVOGAMES_PURE`` is not set (the Makefile's editable
installs set it, so a developer editing a rule never runs a stale .so). The build writes the hash of each compiled
module's source into ``evogames/_build.json``; ``evogames.build`` reads it. See the README's "Compiled engine".
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SRC = Path(__file__).resolve().parent / "src"
GAMES = ("mating", "evolution", "phylo", "dodo", "adapt")
# what a game's rules run on (action_types.py stays interpreted: mypyc erases the TypedDicts' Literal annotations,
# which the spec reads)
GAME_MODULES = ("actions", "components", "determinize", "events", "flow", "options", "scoring",
                "setup", "view",
                # the bots the search runs in every rollout (and the lab plays), the search's judge and its reading of plays
                "bot", "bot_medium", "search", "belief")
# the games whose state.py is a native class (a clone written out, one base class: core/events.py's LoggedState);
# a state on core/state.py's PlainState (a clone derived from declared fields by __init_subclass__ and reflection)
# and the EventLog mixin beside it would stay interpreted: class-level tricks mypyc refuses
NATIVE_STATES = ("mating", "evolution", "phylo", "dodo", "adapt")
CORE_MODULES = ("data", "errors", "events", "flow", "options", "rng", "text")  # not state.py (above), not types.py:
# its TypedDicts are typing_extensions' for FastAPI (pydantic), and mypyc would make them typing's, which it refuses
INTERPRETED: set[str] = set()  # modules compiled_modules() would list but mypyc must leave alone (none today)


def compiled_modules() -> list[str]:
    """The source files mypyc compiles (relative to src/)."""
    files = [f"evogames/core/{name}.py" for name in CORE_MODULES]
    for game in GAMES:
        files += [f"evogames/games/{game}/{name}.py" for name in GAME_MODULES]
        if game in NATIVE_STATES:
            files.append(f"evogames/games/{game}/state.py")
        files += sorted(str(p.relative_to(SRC)) for p in (SRC / "evogames" / "games" / game / "rules").glob("[!_]*.py"))
    files.append("evogames/bots/ismcts.py")
    return [f for f in files if (SRC / f).exists() and f not in INTERPRETED]


def why_pure() -> str | None:
    """None when this build can compile; otherwise the reason it stays pure."""
    if os.environ.get("EVOGAMES_PURE"):
        return "EVOGAMES_PURE is set"
    try:
        from mypyc.build import mypycify  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    if not any(shutil.which(cc) for cc in (os.environ.get("CC", "cc"), "cc", "gcc", "clang")):
        return "no C compiler found"
    return None


def manifest(files: list[str]) -> dict[str, object]:
    return {"build": "compiled" if files else "pure",
            "sources": {f: hashlib.sha256((SRC / f).read_bytes()).hexdigest() for f in files}}


class BuildPy(build_py):
    """Writes ``evogames/_build.json``: which build this is and the hash of each compiled module's source."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install runs the sources themselves (always pure): no manifest to write
        target = Path(self.build_lib) / "evogames" / "_build.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(manifest(FILES), indent=1, sort_keys=True) + "\n")


METADATA_ONLY = "egg_info" in sys.argv or "dist_info" in sys.argv  # pip asking what the build needs
REASON = "metadata only" if METADATA_ONLY else why_pure()
FILES = [] if REASON else compiled_modules()
if REASON:
    if not METADATA_ONLY:
        print(f"evogames: building pure Python ({REASON})", flush=True)
    ext_modules = []
else:
    from mypyc.build import mypycify

    print(f"evogames: compiling {len(FILES)} modules with mypyc", flush=True)
    # the build environment has mypy but not the runtime dependencies (numpy, rich...): what the compiled modules
    # import from them is typed Any, and only the compiled modules are checked (mypy checks them all in `make lint`)
    ext_modules = mypycify(["--follow-imports=silent", "--ignore-missing-imports", *(str(SRC / f) for f in FILES)],
                           opt_level="3")

setup(ext_modules=ext_modules, cmdclass={"build_py": BuildPy})
