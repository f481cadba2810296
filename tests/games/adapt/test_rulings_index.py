"""RULINGS.md and RULES_COVERAGE.md name the tests that pin each rule: those tests must exist."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
RULINGS = Path(__file__).parents[3] / "src/evogames/games/adapt/RULINGS.md"


def _defined(paths: list[Path]) -> set[str]:
    return set(re.findall(r"^def (test_\w+)", "\n".join(p.read_text(encoding="utf-8") for p in paths), re.M))


def test_every_ruling_names_an_existing_test() -> None:
    named = re.findall(r"`(test_\w+)`", RULINGS.read_text(encoding="utf-8"))
    assert len(named) >= 22
    missing = [name for name in named if name not in _defined(list(HERE.glob("test_*.py")))]
    assert not missing, f"RULINGS.md names tests that do not exist: {missing}"


def test_the_coverage_table_names_existing_tests() -> None:
    table = (HERE / "RULES_COVERAGE.md").read_text(encoding="utf-8")
    named = re.findall(r"`(?:[\w/.]+::)?(test_\w+)(?:\[[^\]]*\])?`", table)
    defined = _defined([*HERE.glob("test_*.py"), *(HERE.parents[1] / "conformance").glob("test_*.py")])
    assert len(set(named)) >= 50
    missing = sorted({name for name in named if name not in defined})
    assert not missing, f"RULES_COVERAGE.md names tests that do not exist: {missing}"
    rules_tests = {name for name in defined if name.startswith(("test_rule_", "test_ruling_"))}
    unmapped = sorted(rules_tests - set(named))
    assert not unmapped, f"rule tests missing from RULES_COVERAGE.md: {unmapped}"
