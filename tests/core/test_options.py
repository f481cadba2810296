"""Option schemas: command-line texts are typed by the option's kind and checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogames.core.errors import IllegalAction
from evogames.core.options import Option, presented, teacher_only_set, validate_options

FLAG = Option("predation", "bool", True, "Predators on or off.")
COUNT = Option("max_rounds", "int", 60, "A limit.", minimum=1, maximum=100)
DECK = Option("environment", "choice", "stable", "Which deck.", choices=("stable", "variable"))
CARDS = Option("environment_cards", "list", [], "Cards.")


@pytest.mark.parametrize(("text", "value"), [("true", True), ("No", False), ("1", True), ("off", False)])
def test_a_bool_option_reads_yes_and_no_words(text: str, value: bool) -> None:
    assert FLAG.parse(text) is value


def test_an_int_option_is_typed_and_kept_in_range() -> None:
    assert COUNT.parse(" 20 ") == 20
    with pytest.raises(IllegalAction, match="at most 100"):
        COUNT.parse("500")
    with pytest.raises(IllegalAction, match="whole number"):
        COUNT.parse("many")


def test_a_list_option_with_one_name_is_still_a_list() -> None:
    assert CARDS.parse("E01") == ["E01"]
    assert CARDS.parse("E01, E01,E17") == ["E01", "E01", "E17"]


def test_a_choice_outside_its_choices_is_refused_with_the_choices_named() -> None:
    assert DECK.parse("variable") == "variable"
    with pytest.raises(IllegalAction, match="stable, variable"):
        DECK.parse("tropical")


def test_validate_options_fills_defaults_and_refuses_unknown_names() -> None:
    schema = (FLAG, COUNT, DECK, CARDS)
    assert validate_options(schema, {"max_rounds": 5}) == {
        "predation": True, "max_rounds": 5, "environment": "stable", "environment_cards": []}
    with pytest.raises(IllegalAction, match="Unknown option 'colour'"):
        validate_options(schema, {"colour": "red"})


def test_a_list_option_can_come_from_a_file_a_teacher_writes(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("# my deck\nHOME: Great Barrier Reef\n2x Diatom   # two\n\nGiant Kelp\n", encoding="utf-8")
    assert CARDS.parse(f"@{deck}") == ["HOME: Great Barrier Reef", "2x Diatom", "Giant Kelp"]
    assert CARDS.parse("@raider") == ["@raider"]  # not a file: left for the game (a deck it ships)


SCRIPT = Option("deck_order", "list", [], "A scripted deck.")
DEAL = Option("deal", "choice", "shuffled", "Kept in order?", choices=("shuffled", "fixed"))


def test_presented_marks_the_teacher_only_options_and_refuses_a_name_it_does_not_have() -> None:
    marked = {o.name: o.teacher_only for o in presented((FLAG, SCRIPT, DEAL), {}, set(), {"deck_order", "deal"})}
    assert marked == {"predation": False, "deck_order": True, "deal": True}
    assert presented((SCRIPT,), {}, set(), {"deck_order"})[0].to_dict()["teacher_only"] is True
    with pytest.raises(ValueError, match="deck_ordr"):
        presented((SCRIPT,), {}, set(), {"deck_ordr"})


def test_only_a_teacher_only_option_set_away_from_its_default_needs_the_teacher() -> None:
    schema = presented((FLAG, SCRIPT, DEAL), {}, set(), {"deck_order", "deal"})
    assert teacher_only_set(schema, {"predation": False, "deck_order": [], "deal": "shuffled"}) == []
    assert teacher_only_set(schema, {"deck_order": ["SWM01"], "deal": "fixed"}) == ["deck_order", "deal"]


def test_a_list_file_that_is_missing_or_not_text_is_named_as_such(tmp_path: Path) -> None:
    """``@nofile.txt`` once reached the game as a card called '@nofile.txt' ("is not an Environment card")."""
    with pytest.raises(IllegalAction, match=r"cannot read the file '.*nofile\.txt': there is no such file"):
        CARDS.parse(f"@{tmp_path / 'nofile.txt'}")
    with pytest.raises(IllegalAction, match="there is no such file"):
        CARDS.parse("@nofile.txt")
    with pytest.raises(IllegalAction, match="it is a folder, not a file"):
        CARDS.parse(f"@{tmp_path}/")  # once "there is no such file"
    binary = tmp_path / "deck.bin"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(IllegalAction, match="as text"):
        CARDS.parse(f"@{binary}")
    good = tmp_path / "cards.txt"
    good.write_text("E01\n# a comment\nE17\n", encoding="utf-8")
    assert CARDS.parse(f"@{good}") == ["E01", "E17"]
    assert CARDS.parse("@polar_seas") == ["@polar_seas"]  # a game's own list by name, for the game to read


def test_a_game_s_own_list_is_read_even_beside_a_folder_of_its_name(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``@polar_seas`` names Phylo's own deck; a folder of that name where the command runs is not it."""
    (tmp_path / "polar_seas").mkdir()
    monkeypatch.chdir(tmp_path)
    assert CARDS.parse("@polar_seas") == ["@polar_seas"]
    with pytest.raises(IllegalAction, match="it is a folder, not a file"):
        CARDS.parse("@polar_seas/")
