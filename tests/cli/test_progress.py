"""The progress bar: games done, games/s and ETA on a terminal; nothing at all when piped."""

from __future__ import annotations

import io

from rich.console import Console

from evogames.cli.progress import progress_bar


def test_on_a_terminal_the_bar_shows_games_done_rate_and_eta() -> None:
    out = io.StringIO()
    with progress_bar("sweep mating", Console(file=out, force_terminal=True, width=120)) as update:
        assert update is not None
        update(5, 10)
        update(10, 10)
    text = out.getvalue()
    assert "sweep mating" in text and "10/10" in text and "games/s" in text and "ETA" in text


def test_piped_there_is_no_bar_and_no_output() -> None:
    out = io.StringIO()
    with progress_bar("sweep mating", Console(file=out, force_terminal=False)) as update:
        assert update is None
    assert out.getvalue() == ""
