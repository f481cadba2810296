"""clone() and sandbox() are written out field by field: nothing the rules change is shared.

(a) tests/core/test_clone.py checks every field of a clone (present, equal, nothing mutable shared but the
    read-only values ``PhyloState.READ_ONLY`` names, which the docstring explains); here, the index's too;
(b) a clone played on to the end leaves the original exactly as it was (and the
    original played on leaves the clone), which catches any shared mutable field;
    a sandbox tried out on the table leaves the original as it was;
(c) a sandbox has every field: the table copied, hands and decks shared, a log and an index of its own.
"""

from __future__ import annotations

import json

from evogames.core.rng import Rng
from evogames.games.phylo.flow import remove_with_consequences
from evogames.games.phylo.rules.index import TableIndex, table_index
from evogames.games.phylo.state import PhyloState
from tests.core.test_clone import check_copy, check_fields, class_doc, fields
from tests.games.phylo.helpers import bot_matches, play_out, seen

SEEDS = range(12)
READ_ONLY = {"card_of", "last_event", "options", "outcome"}  # never changed in place (PhyloState's docstring)
SANDBOX_SHARED = {"decks", "hands", "plays", "insight", "challenged", "history", *READ_ONLY}


def everything(s: PhyloState) -> str:
    """All that anyone sees of ``s``, its raw log and its hidden parts."""
    return json.dumps([[seen(s, seat) for seat in [None, *range(s.n)]], s.events, s.hands, s.decks,
                       sorted(s.card_of.items()), s.rng.state], default=str)


def test_the_read_only_fields_are_explained() -> None:
    """(read from the source: a compiled class keeps no docstring)"""
    doc = class_doc(PhyloState)
    assert set(PhyloState.READ_ONLY) == READ_ONLY and "read-only" in doc
    assert all(f"``{name}``" in doc for name in READ_ONLY)


def test_an_index_copy_has_every_field_and_its_own_containers() -> None:
    """TableIndex.copy is written out: every field copied, the memo's dict its own (its values are immutable)."""
    for _, m in bot_matches(range(3), every=11):
        ix = table_index(m.state)
        check_fields(ix, TableIndex.copy(ix), "index")


def test_a_sandbox_shares_what_a_trial_never_changes_and_copies_the_rest() -> None:
    for _, m in bot_matches(range(3), every=11):
        s = m.state
        trial = s.sandbox()
        assert set(fields(trial)) == set(fields(s)) and all(hasattr(trial, name) for name in fields(s))
        assert trial.events == [] and trial.events is not s.events
        assert trial.index is not s.index and trial.index.tops == {}
        for name in fields(s):
            if name in SANDBOX_SHARED:
                assert getattr(trial, name) is getattr(s, name), name
            elif name not in ("events", "index"):
                check_copy(getattr(s, name), getattr(trial, name), f"sandbox.{name}")


def test_a_clone_played_on_leaves_the_original_unchanged() -> None:
    for seed, m in bot_matches(SEEDS, every=7):
        s = m.state
        before = everything(s)
        copy = s.clone()
        assert everything(copy) == before
        play_out(copy, Rng(seed))
        assert everything(s) == before, f"seed {seed}: playing a clone on changed the original"


def test_the_original_played_on_leaves_the_clone_unchanged() -> None:
    copies = []
    for seed, m in bot_matches(SEEDS, every=13):
        copy = m.state.clone()
        copies.append((seed, copy, everything(copy)))
    for seed, copy, before in copies:  # every game has been played to its end since
        assert everything(copy) == before, f"seed {seed}: playing the original on changed a clone"


def test_a_sandbox_tried_out_leaves_the_original_unchanged() -> None:
    for seed, m in bot_matches(range(6), every=5):
        s = m.state
        if s.over:
            continue
        before = everything(s)
        for pos in sorted(s.board):
            trial = s.sandbox()
            assert trial.events == [] and trial.index is not s.index
            remove_with_consequences(trial, [pos], "event")
            trial.rng.die()
        assert everything(s) == before, f"seed {seed}: a trial on a sandbox changed the original"
