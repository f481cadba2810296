"""``evogames play``: one person against bots in the terminal.

Each time the person must choose: the new log sentences, the board (their
seat's view only), the legal actions numbered in words; then a number is read.
Bots see only their own seat's view, as in ``sim.runner.play_game``.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from evogames.bots import bot_action, make_bot
from evogames.bots.coach import advise
from evogames.cli.prompt import Quit, ask_number
from evogames.cli.result import render_result, tie_words
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.rng import Rng
from evogames.kit.bot import Bot
from evogames.kit.parts import terminal_board
from evogames.sim.runner import Lineup

ABANDONED = 1


@dataclass
class Session:
    """A match with one person at ``seat`` and a bot in every other seat."""

    match: Match
    seat: int
    bots: dict[int, Bot]
    console: Console
    rngs: dict[int, Rng] = field(default_factory=dict)
    log_start: int = 0
    hints: bool = True  # ``h`` at the prompt asks the coach (the search's top moves from the player's view)

    @property
    def labels(self) -> list[str]:
        return [seat_label(s, self.seat, self.bots) for s in range(self.match.players)]


def seat_label(seat: int, human: int, bots: dict[int, Bot]) -> str:
    return f"Player {seat + 1} " + ("(you)" if seat == human else f"({bots[seat].name})")


def seat_bots(spec: str, match: Match, human: int) -> dict[int, Bot]:
    """Bots round the table in the other seats, named by ``spec`` (``random,heuristic``)."""
    if not 0 <= human < match.players:
        raise IllegalAction(f"There is no seat {human}: seats are 0 to {match.players - 1}.", ErrorCode.ACTION_BAD_SEAT)
    others = [s for s in range(match.players) if s != human]
    names = Lineup.parse(spec, len(others)).names
    return {seat: make_bot(name, match.game.name) for seat, name in zip(others, names, strict=True)}


def play_to_end(session: Session, save: Path | None = None) -> int:
    """Play to the end (exit code 0) or until the person leaves (exit code 1)."""
    save_record(session.match, save)  # an unwritable path fails now, not after the game
    try:
        while not session.match.over:
            take_turn(session)
    except Quit as why:
        return abandon(session, str(why))
    except KeyboardInterrupt:
        return abandon(session, "interrupted")
    finally:
        save_record(session.match, save)
    show_end(session)
    return 0


def save_record(match: Match, path: Path | None) -> None:
    if path is not None:
        path.write_text(json.dumps(match.record(), indent=1) + "\n", encoding="utf-8")


def abandon(session: Session, why: str) -> int:
    session.console.print(f"\n[bold yellow]Game abandoned ({why}).[/] Goodbye!")
    return ABANDONED


def take_turn(session: Session) -> None:
    seats = session.match.to_act
    if not seats:
        raise RuntimeError("the game waits for nobody but is not over")
    bot_seats = [s for s in seats if s != session.seat]
    if bot_seats:
        bot_turn(session, bot_seats[0])
    else:
        person_turn(session)


def bot_turn(session: Session, seat: int) -> None:
    bot = session.bots[seat]
    rng = session.rngs.setdefault(seat, Rng(session.match.seed * 7919 + seat + 1))
    if getattr(bot, "needs_state", False) and session.console.is_terminal:  # a search: most of a second a move
        with session.console.status(f"{session.labels[seat]} is thinking…"):
            action = bot_action(bot, session.match, seat, rng)
    else:
        action = bot_action(bot, session.match, seat, rng)
    session.match.act(seat, action)


def person_turn(session: Session) -> None:
    view = session.match.view(session.seat)
    legal = view["legal"]
    show_news(session)
    board = terminal_board(session.match.game)
    session.console.print(board.render(view, session.labels))
    session.console.print(choices_panel([board.describe(view, action) for action in legal]))
    hint = (lambda: coach(session, view)) if session.hints and len(legal) > 1 else None
    choice = ask_number(session.console, len(legal), hint)
    session.match.act(session.seat, legal[choice])


def coach(session: Session, view: dict[str, Any]) -> str:
    """The coach's sentence for the person's choice: the ``hard`` search's top moves from what their seat
    can see (``determinize``), each with its number in the list."""
    match = session.match
    return advise(match.game.name, match.state, session.seat, view, secrets.randbits(64), numbered=view["legal"])


def show_news(session: Session) -> None:
    """The log sentences the person has not seen yet."""
    match = session.match
    news = match.log_for(session.seat, session.log_start)
    session.log_start = len(match.game.events(match.state))
    if news:
        session.console.print(log_lines([event["text"] for event in news]))


def log_lines(lines: list[str]) -> RenderableType:
    """Log sentences as bullets; a long sentence wraps under itself."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=3, justify="right")
    grid.add_column(overflow="fold")
    for line in lines:
        grid.add_row("•", escape(line))
    return grid


def choices_panel(lines: list[str]) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", style="bold cyan")
    grid.add_column()
    for number, line in enumerate(lines, start=1):
        grid.add_row(f"{number}.", escape(line))
    # one choice: say it is the only one the rules leave now (a "[1-1]" prompt looked like a fault)
    title = "Your move (the only one the rules allow now)" if len(lines) == 1 else "Your move"
    return Panel(grid, title=title, title_align="left", border_style="magenta")


def show_end(session: Session) -> None:
    show_news(session)
    result = session.match.result
    assert result is not None, "show_end is called once the game is over"
    session.console.print(render_result(session.match.game, result, session.labels, tie_words(session.match)))
