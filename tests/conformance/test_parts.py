"""Every registered game's parts against the one table of slots (``evogames.kit.parts``, issue 21)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import evogames
from evogames.games import BUILTIN
from evogames.kit import parts
from evogames.kit.lesson import LabSetup
from tests.conformance.test_contract import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_the_parts_a_game_declares_are_the_parts_it_has(name: str) -> None:
    assert parts.problems(evogames.game(name)) == []


@pytest.mark.parametrize("name", BUILTIN)
def test_a_shipped_game_has_every_part(name: str) -> None:
    """Every part but those only a game that needs one has (the search bot's judge)."""
    shipped = {slot for slot, kind in parts.SLOTS.items() if kind.shipped}
    assert shipped <= set(evogames.game(name).parts) <= set(parts.SLOTS)
    assert not parts.SLOTS["search"].shipped


@pytest.mark.parametrize("name", GAMES)
def test_the_catalog_says_which_parts_a_game_has(name: str) -> None:
    entry = next(e for e in evogames.catalog() if e["name"] == name)
    assert entry["parts"] == list(evogames.game(name).parts)
    spec = evogames.game(name)
    assert (spec.web_folder is not None) == ("web" in entry["parts"])


def test_a_part_left_out_of_the_spec_or_misspelt_is_a_problem() -> None:
    spec = evogames.game("toyrace")
    undeclared = dataclasses.replace(spec, parts=("bot", "lab"))  # it has an encoder.py
    assert any("encoder.py exists" in p for p in parts.problems(undeclared))
    misspelt = dataclasses.replace(spec, parts=("bots", "encoder", "lab"))
    found = parts.problems(misspelt)
    assert any("'bots' is not a part" in p for p in found) and any("bot.py exists" in p for p in found)
    claimed = dataclasses.replace(spec, parts=("bot", "encoder", "lab", "board"))
    assert any("terminal/board.py is missing" in p for p in parts.problems(claimed))
    with pytest.raises(parts.PartError, match=r"has no terminal/board\.py"):
        parts.terminal_board(claimed)


def test_a_game_without_a_part_gets_the_default() -> None:
    spec = dataclasses.replace(evogames.game("toyrace"), parts=())
    assert parts.heuristic_bot(spec) is None and parts.encoder_maker(spec) is None
    assert parts.lab_setup(spec) == LabSetup()
    assert parts.terminal_board(spec) is not None


def test_a_lab_part_without_lab_is_refused_not_defaulted(monkeypatch: pytest.MonkeyPatch) -> None:
    import tests.toygame.lessons as lessons

    monkeypatch.delattr(lessons, "LAB")
    monkeypatch.setattr(lessons, "LABS", LabSetup(), raising=False)  # a misspelt name
    with pytest.raises(parts.PartError, match="must define LAB"):
        parts.lab_setup(evogames.game("toyrace"))
    monkeypatch.setattr(lessons, "LAB", {"lessons": ()}, raising=False)
    with pytest.raises(parts.PartError, match="LAB must be a LabSetup"):
        parts.lab_setup(evogames.game("toyrace"))


def test_a_part_whose_own_import_fails_says_so_rather_than_missing(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "brokenpart"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "encoder.py").write_text("import no_such_module_here\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = dataclasses.replace(evogames.game("toyrace"), package="brokenpart", parts=("encoder",))
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        parts.encoder_maker(spec)
    missing = dataclasses.replace(spec, package="brokenpart.nothing")
    with pytest.raises(parts.PartError, match=r"has no encoder\.py"):
        parts.encoder_maker(missing)
