"""A bot given a setting it does not take says which settings it takes (not a constructor's TypeError)."""

from __future__ import annotations

import inspect

import pytest

from evogames.bots import ismcts
from evogames.bots.ismcts import ISMCTSBot
from evogames.bots.levels import ISMCTS_SETTINGS, make_bot
from evogames.build import is_extension
from evogames.core.errors import UsageError


@pytest.mark.parametrize(("name", "bot", "wrong", "listed"), [
    ("ismcts:iterations=10:foo=1", "ismcts", "foo", "iterations, seconds, rollout"),
    ("hard:foo=1", "hard", "foo", "iterations, seconds, rollout"),
    ("medium:foo=1", "medium", "foo", "prefer, risk"),
    ("heuristic:zzz=2", "heuristic", "zzz", "prefer, risk"),
    ("easy:seconds=1", "easy", "seconds", "mistakes"),
    ("random:x=1", "random", "x", "it takes none"),
])
def test_a_setting_a_bot_does_not_take_is_named_with_the_ones_it_does(name: str, bot: str, wrong: str,
                                                                      listed: str) -> None:
    with pytest.raises(UsageError) as refused:
        make_bot(name, "mating")
    text = str(refused.value)
    assert f"The bot '{bot}' takes no setting '{wrong}'" in text and listed in text
    assert "__init__" not in text and "keyword argument" not in text


def test_the_search_settings_listed_are_the_search_bots_own() -> None:
    if is_extension(ismcts.__file__):
        pytest.skip("a compiled constructor shows no parameters; the pure build checks them (same source)")
    parameters = [p for p in inspect.signature(ISMCTSBot.__init__).parameters if p not in ("self", "game")]
    assert tuple(parameters) == ISMCTS_SETTINGS


def test_settings_a_bot_takes_still_work() -> None:
    assert make_bot("heuristic:prefer=flashy:risk=0.8", "mating") is not None
    assert make_bot("easy:mistakes=0.5", "mating") is not None
    assert make_bot("ismcts:iterations=5:rollout=medium", "mating") is not None
    assert make_bot("random", "mating") is not None


def test_a_wrong_setting_is_named_before_a_budget_left_out() -> None:
    """``ismcts:rollout=bogus`` said "ismcts needs a budget", and only once a budget was given that the
    rollout was wrong."""
    for name, said in (("ismcts:rollout=bogus", "rollout is 'heuristic', 'medium' or 'random'"),
                       ("ismcts:depth=0", "depth must be a whole number"), ("ismcts:anchor=-1", "anchor must be"),
                       ("ismcts:early=3", "early is 1"), ("ismcts:c=-1", "c must be"),
                       ("ismcts:belief=5", "belief is 1"), ("ismcts:widen=x", "widen must be")):
        with pytest.raises(UsageError, match=said):
            make_bot(name, "mating")
    with pytest.raises(UsageError, match="needs a budget"):
        make_bot("ismcts:rollout=medium", "mating")
