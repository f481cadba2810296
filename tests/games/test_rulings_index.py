"""Each game's RULINGS.md and RULES_COVERAGE.md name the tests that pin its rules: those tests must exist,
and every rule test must be in the coverage table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GAMES_TESTS = Path(__file__).parent
SOURCE = Path(__file__).parents[2] / "src/evogames/games"
CONFORMANCE = GAMES_TESTS.parent / "conformance"
# the least each game's documents name: a table that loses rows fails here
MINIMUM = {"mating": (20, 90), "evolution": (15, 80), "dodo": (16, 60), "adapt": (22, 50), "phylo": (17, 60)}


def defined(paths: list[Path]) -> set[str]:
    return set(re.findall(r"^def (test_\w+)", "\n".join(p.read_text(encoding="utf-8") for p in paths), re.M))


def test_every_game_has_its_rulings_and_coverage_checked() -> None:
    assert sorted(MINIMUM) == sorted(p.parent.name for p in SOURCE.glob("*/RULINGS.md"))


@pytest.mark.parametrize("game", sorted(MINIMUM))
def test_every_ruling_names_an_existing_test(game: str) -> None:
    named = re.findall(r"`(test_\w+)`", (SOURCE / game / "RULINGS.md").read_text(encoding="utf-8"))
    assert len(named) >= MINIMUM[game][0]
    missing = [name for name in named if name not in defined(list((GAMES_TESTS / game).glob("test_*.py")))]
    assert not missing, f"{game}'s RULINGS.md names tests that do not exist: {missing}"


@pytest.mark.parametrize("game", sorted(MINIMUM))
def test_the_coverage_table_names_existing_tests_and_every_rule_test(game: str) -> None:
    table = (GAMES_TESTS / game / "RULES_COVERAGE.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:[\w/.]+::)?(test_\w+)(?:\[[^\]]*\])?`", table))
    tests = defined([*(GAMES_TESTS / game).glob("test_*.py"), *CONFORMANCE.glob("test_*.py"), Path(__file__)])
    assert len(named) >= MINIMUM[game][1]
    missing = sorted(named - tests)
    assert not missing, f"{game}'s RULES_COVERAGE.md names tests that do not exist: {missing}"
    unmapped = sorted(name for name in tests if name.startswith(("test_rule_", "test_ruling_")) and name not in named)
    assert not unmapped, f"{game}'s rule tests missing from RULES_COVERAGE.md: {unmapped}"
