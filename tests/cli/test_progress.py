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


def test_a_slow_rate_is_not_rounded_to_nothing() -> None:
    """A sweep of search bots once reported "36 games, 0 games/s"."""
    from evogames.cli.progress import rate_text

    assert rate_text(0.14) == "7.1 s a game"
    assert rate_text(3.44) == "3.4 games/s"
    assert rate_text(1250.2) == "1,250 games/s"
