"""Each game's RULINGS.md and RULES_COVERAGE.md name the tests that pin its rules: those tests must exist,
and every rule test must be in the coverage table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import evogames

GAMES_TESTS = Path(__file__).parent
CONFORMANCE = GAMES_TESTS.parent / "conformance"
# the games that ship, from the registry: each keeps its tests in tests/games/<name>/
SHIPPED = [name for name in evogames.names() if evogames.game(name).package == f"evogames.games.{name}"]
# the least each game's documents name: a table that loses rows fails here
MINIMUM = {"mating": (20, 90), "evolution": (15, 80), "dodo": (16, 60), "adapt": (22, 50), "phylo": (17, 60)}


def defined(paths: list[Path]) -> set[str]:
    return set(re.findall(r"^def (test_\w+)", "\n".join(p.read_text(encoding="utf-8") for p in paths), re.M))


def test_every_game_has_its_rulings_and_coverage_checked() -> None:
    assert sorted(MINIMUM) == sorted(SHIPPED)
    for name in SHIPPED:
        assert evogames.game(name).text("RULINGS.md"), f"{name} has no RULINGS.md"
        assert (GAMES_TESTS / name / "RULES_COVERAGE.md").is_file(), f"{name} has no RULES_COVERAGE.md"


@pytest.mark.parametrize("game", SHIPPED)
def test_every_ruling_names_an_existing_test(game: str) -> None:
    named = re.findall(r"`(test_\w+)`", evogames.game(game).text("RULINGS.md"))
    assert len(named) >= MINIMUM[game][0]
    missing = [name for name in named if name not in defined(list((GAMES_TESTS / game).glob("test_*.py")))]
    assert not missing, f"{game}'s RULINGS.md names tests that do not exist: {missing}"


@pytest.mark.parametrize("game", SHIPPED)
def test_the_coverage_table_names_existing_tests_and_every_rule_test(game: str) -> None:
    table = (GAMES_TESTS / game / "RULES_COVERAGE.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:[\w/.]+::)?(test_\w+)(?:\[[^\]]*\])?`", table))
    tests = defined([*(GAMES_TESTS / game).glob("test_*.py"), *CONFORMANCE.glob("test_*.py"), Path(__file__)])
    assert len(named) >= MINIMUM[game][1]
    missing = sorted(named - tests)
    assert not missing, f"{game}'s RULES_COVERAGE.md names tests that do not exist: {missing}"
    unmapped = sorted(name for name in tests if name.startswith(("test_rule_", "test_ruling_")) and name not in named)
    assert not unmapped, f"{game}'s rule tests missing from RULES_COVERAGE.md: {unmapped}"
