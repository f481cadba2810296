"""RULINGS.md and RULES_COVERAGE.md name the tests that pin each rule: those tests must exist."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
RULINGS = Path(__file__).parents[3] / "src/evogames/games/phylo/RULINGS.md"


def defined_tests() -> set[str]:
    sources = [*HERE.glob("test_*.py"), *(HERE.parents[1] / "conformance").glob("test_*.py")]
    return set(re.findall(r"^def (test_\w+)", "\n".join(p.read_text() for p in sources), re.M))


def test_every_ruling_names_an_existing_test() -> None:
    named = re.findall(r"`(test_\w+)`", RULINGS.read_text(encoding="utf-8"))
    assert len(named) >= 17
    missing = [name for name in named if name not in defined_tests()]
    assert not missing, f"RULINGS.md names tests that do not exist: {missing}"


def test_the_coverage_table_names_existing_tests_and_every_rule_test() -> None:
    table = (HERE / "RULES_COVERAGE.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:[\w/.]+::)?(test_\w+)`", table))
    defined = defined_tests()
    assert len(named) >= 60
    missing = sorted(named - defined)
    assert not missing, f"RULES_COVERAGE.md names tests that do not exist: {missing}"
    unmapped = sorted(name for name in defined if name.startswith(("test_rule_", "test_ruling_")) and name not in named)
    assert not unmapped, f"rule tests missing from RULES_COVERAGE.md: {unmapped}"
