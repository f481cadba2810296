"""The two builds (README, "Compiled engine"): a compiled module never runs beside a source it was not built from."""

from __future__ import annotations

import hashlib
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
