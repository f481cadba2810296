"""The end of a game: winners, scores, the reason, as a Rich table."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evogames.core.spec import GameSpec
from evogames.core.types import Result

SKIP = ("scores", "winners")


def render_result(spec: GameSpec, result: Result, labels: list[str]) -> RenderableType:
    """Scores per seat (and any other per-seat list), winners first marked."""
    winners = result["winners"]
    names = " and ".join(labels[seat] for seat in winners) or "nobody"
    lines: list[RenderableType] = [Text(f"Winner: {names}", style="bold green"), seats_table(result, labels)]
    lines.append(Text(reason_text(spec, result), style="italic"))
    return Panel(Group(*lines), title="Game over", title_align="left", border_style="green")


def seats_table(result: Result, labels: list[str]) -> Table:
    players = len(result["scores"])
    extra = [k for k, v in result.items() if k not in SKIP and isinstance(v, list) and len(v) == players]
    table = Table(expand=False)
    table.add_column("Player")
    for column in ("Score", *(k.replace("_", " ").capitalize() for k in extra)):
        table.add_column(column, justify="right")
    table.add_column("")
    fields: dict[str, Any] = dict(result)  # a game's own per-seat lists ride along
    for seat, score in enumerate(result["scores"]):
        mark = Text("winner", style="bold green") if seat in result["winners"] else Text("")
        table.add_row(labels[seat], str(score), *(str(fields[k][seat]) for k in extra), mark)
    return table


def reason_text(spec: GameSpec, result: Result) -> str:
    """Why the game ended, in the game's own words (its spec's ``end_reasons`` and ``tie_breaks``)."""
    reason = spec.end_reasons.get(str(result.get("reason")), str(result.get("reason", "")))
    text = f"The game ended because {reason}" if reason else "The game ended"
    if result.get("rounds") is not None:
        text += f", after {result['rounds']} rounds"
    tie_break = result.get("tie_break")
    if tie_break in spec.tie_breaks:
        text += f" ({spec.tie_breaks[str(tie_break)]})"
    return text + "."
