"""The one progress bar of the command line: games done, games/s and ETA, on a terminal only."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

Update = Callable[[int, int], None]  # (games done, games in all)


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(rate_text(speed) if speed else "- games/s", style="cyan")


def rate_text(speed: float) -> str:
    """Games a second, readable at any pace: "1,250 games/s", "3.4 games/s", "7.1 s a game" (a search bot's)."""
    if speed >= 10:
        return f"{speed:,.0f} games/s"
    if speed >= 1:
        return f"{speed:.1f} games/s"
    return f"{1 / speed:,.1f} s a game" if speed > 0 else "- games/s"


@contextmanager
def progress_bar(label: str, console: Console) -> Iterator[Update | None]:
    """A Rich bar on ``console`` if it is a terminal; None (no bar, no output) when piped."""
    if not console.is_terminal:
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update
