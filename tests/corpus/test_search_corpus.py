"""The bots choose as recorded: `medium` tables and ISMCTS searches hash as tests/corpus/search_hashes.json says.

It runs in both builds (`make test-compiled` runs tests/corpus against the compiled wheel), so a compiled bot or
search can never choose differently from its source. An intended change of a bot's choices: regenerate as
``tests/corpus/search_record.py`` says."""

from __future__ import annotations

import pytest

from evogames.games import BUILTIN
from tests.corpus.search_record import SEEDS, load, medium_game, search


def test_the_bots_corpus_covers_every_game() -> None:
    hashes = load()
    assert sorted(hashes) == sorted(BUILTIN)
    for name, entries in hashes.items():
        assert sorted(entries) == sorted([f"medium {s}" for s in SEEDS] + [f"search {s}" for s in SEEDS]), name
        assert "over" not in entries.values(), f"{name}: a search position is past the game's end"


@pytest.mark.parametrize("name", BUILTIN)
def test_medium_tables_and_searches_choose_as_recorded(name: str) -> None:
    want = load()[name]
    got = {**{f"medium {s}": medium_game(name, s) for s in SEEDS}, **{f"search {s}": search(name, s) for s in SEEDS}}
    differ = [f"{name} {key}: recorded {want[key]}, now {got[key]}" for key in want if got[key] != want[key]]
    assert not differ, "a bot's choices changed:\n" + "\n".join(differ)
