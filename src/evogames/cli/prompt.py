"""Reading a numbered choice from a person, asking again until it is one."""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

QUIT_WORDS = ("q", "quit", "exit")
HINT_WORDS = ("h", "hint", "?")


class Quit(Exception):
    """The person left the game: end of input, Ctrl-C, or ``q``."""


def ask_number(console: Console, count: int, hint: Callable[[], str] | None = None) -> int:
    """A choice from 1 to ``count``, returned 0-based; bad answers are asked again. With ``hint``, ``h`` prints
    what it says (the coach) and asks again."""
    ask = f"[bold]Your choice[/] [1-{count}{', h for a hint' if hint else ''}, q to quit]: "
    while True:
        text = read_line(console, ask)
        if hint is not None and text.strip().lower() in HINT_WORDS:
            console.print("[italic]The coach is thinking…[/]")
            console.print(f"[green]Coach:[/] {escape(hint())}")
            continue
        number, problem = parse_choice(text, count)
        if number is not None:
            return number - 1
        console.print(f"[yellow]{escape(problem)}[/]")


def read_line(console: Console, prompt: str) -> str:
    try:
        text = console.input(prompt)
    except EOFError:
        raise Quit("no more input") from None
    except KeyboardInterrupt:
        raise Quit("interrupted") from None
    if not sys.stdin.isatty():
        console.print(escape(text), highlight=False)  # piped answers are not echoed by a terminal
    if text.strip().lower() in QUIT_WORDS:
        raise Quit("you quit")
    return text


def parse_choice(text: str, count: int) -> tuple[int | None, str]:
    """(number, "") for a good answer, else (None, what is wrong)."""
    text = text.strip()
    if not text:
        return None, f"Please type a number from 1 to {count}."
    if not text.isdigit():
        return None, f"'{text}' is not a number: type a number from 1 to {count}."
    number = int(text)
    if not 1 <= number <= count:
        return None, f"There is no choice {number}: type a number from 1 to {count}."
    return number, ""
