"""The one card-data field checker every game's loader uses (``core/data.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogames.core.data import DataFileError, check_fields

PATH = Path("cards.toml")
FIELDS = {"id": str, "count": int, "pair": bool, "traits": list[str], "values": list, "extra": object}


def row(**changes: object) -> dict[str, object]:
    return {"id": "C01", "count": 2, "pair": False, "traits": ["a"], "values": [1], "extra": None, **changes}


def test_a_good_row_is_returned_as_it_is() -> None:
    good = row()
    assert check_fields(PATH, "card #1", good, FIELDS) is good


@pytest.mark.parametrize(("bad", "sentence"), [
    ("not a row", "not a table"),
    (row(colour="green"), "unknown field(s) colour"),
    ({k: v for k, v in row().items() if k != "count"}, "missing field(s) count"),
    (row(count=True), "'count' must be a whole number"),
    (row(count=2.0), "'count' must be a whole number"),
    (row(id="  "), "'id' must be non-empty text"),
    (row(pair="no"), "'pair' must be a bool"),
    (row(traits=["a", 3]), "'traits' must be a list of names"),
    (row(values="1"), "'values' must be a list"),
])
def test_a_bad_row_names_the_file_the_card_and_the_field(bad: object, sentence: str) -> None:
    with pytest.raises(DataFileError) as refused:
        check_fields(PATH, "card #1", bad, FIELDS)
    assert str(refused.value) == f"cards.toml: card #1: {sentence}"


def test_an_optional_field_may_be_left_out_but_not_be_wrong() -> None:
    assert check_fields(PATH, "x", {"id": "a"}, {"id": str}, {"copies": int}) == {"id": "a"}
    with pytest.raises(DataFileError, match="'copies' must be a whole number"):
        check_fields(PATH, "x", {"id": "a", "copies": "2"}, {"id": str}, {"copies": int})
