"""RULINGS.md names the test that pins each ruling: those tests must exist."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
RULINGS = Path(__file__).parents[3] / "src/evogames/games/mating/RULINGS.md"


def test_every_ruling_names_an_existing_test() -> None:
    named = re.findall(r"`(test_\w+)`", RULINGS.read_text(encoding="utf-8"))
    defined = set(re.findall(r"^def (test_\w+)", "\n".join(p.read_text() for p in HERE.glob("test_*.py")), re.M))
    assert len(named) >= 20
    missing = [name for name in named if name not in defined]
    assert not missing, f"RULINGS.md names tests that do not exist: {missing}"
