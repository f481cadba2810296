"""Which build is running: ``compiled`` (the engine's modules are mypyc C extensions) or ``pure`` (all Python).

A compiled wheel carries ``evogames/_build.json`` (written by setup.py): the modules it compiled and the SHA-256
of each one's source. ``stale()`` names any whose ``.py`` beside it now differs (tests/core/test_build.py).
"""

from __future__ import annotations

import hashlib
import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_build.json"
PROBE = "evogames.core.flow"  # a module every compiled build compiles


def compiled_sources() -> dict[str, str]:
    """Each compiled module's source (relative to the package's parent) -> the SHA-256 it was built from."""
    if not MANIFEST.exists():
        return {}
    sources: dict[str, str] = json.loads(MANIFEST.read_text())["sources"]
    return sources


def is_extension(module_file: str | None) -> bool:
    return module_file is not None and module_file.endswith(tuple(EXTENSION_SUFFIXES))


def which() -> str:
    """``compiled`` when the engine runs as C extensions, else ``pure``."""
    from importlib import import_module

    return "compiled" if is_extension(import_module(PROBE).__file__) else "pure"


def stale(sources: dict[str, str] | None = None, root: Path = PACKAGE.parent) -> list[str]:
    """The compiled modules whose source beside them differs from what was compiled (none in a sound build)."""
    sources = compiled_sources() if sources is None else sources
    return [path for path, digest in sources.items()
            if not (root / path).exists() or hashlib.sha256((root / path).read_bytes()).hexdigest() != digest]
