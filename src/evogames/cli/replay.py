"""``evogames replay FILE``: rebuild a match from its JSON record, show its log and result."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from evogames.cli.play import log_lines
from evogames.cli.result import render_result, tie_words
from evogames.core.errors import EvogamesError
from evogames.core.match import Match


class BadRecord(Exception):
    """A record file that cannot be read or replayed; the message names the file."""


def load_match(path: Path) -> Match:
    """The match ``path`` records, or BadRecord saying what is wrong."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BadRecord(f"{path}: cannot read the file ({err.strerror or err}).") from err
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise BadRecord(f"{path}: not a JSON match record ({err}).") from err
    if not isinstance(record, dict):
        raise BadRecord(f"{path}: a match record is a JSON object, not {type(record).__name__}.")
    try:
        return Match.replay(record)
    except EvogamesError as err:
        raise BadRecord(f"{path}: cannot replay this record: {err.reason}") from err
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise BadRecord(f"{path}: not a valid match record ({err}).") from err


def show_replay(console: Console, match: Match, seat: int | None) -> None:
    console.print(log_lines([event["text"] for event in match.log_for(seat)]), highlight=False)
    labels = [f"Player {s + 1}" for s in range(match.players)]
    result = match.result
    if result is None:
        console.print(f"[yellow]The record stops before the end ({len(match.actions)} actions).[/]")
    else:
        console.print(render_result(match.game, result, labels, tie_words(match)))
