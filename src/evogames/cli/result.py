"""The end of a game: winners, scores, the reason, as a Rich table."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

REASONS = {
    "offspring": "a player reached the Offspring goal",
    "sudden_death": "sudden death: the season ended",
    "long_life": "the Environment deck is used up",
    "round_limit": "the round limit was reached",
}
TIE_BREAKS = {"food": "tie broken by Food left", "die": "tie broken by a die roll"}
SKIP = ("scores", "winners")


def render_result(result: dict[str, Any], labels: list[str]) -> RenderableType:
    """Scores per seat (and any other per-seat list), winners first marked."""
    winners = result["winners"]
    names = " and ".join(labels[seat] for seat in winners) or "nobody"
    lines: list[RenderableType] = [Text(f"Winner: {names}", style="bold green"), seats_table(result, labels)]
    lines.append(Text(reason_text(result), style="italic"))
    return Panel(Group(*lines), title="Game over", title_align="left", border_style="green")


def seats_table(result: dict[str, Any], labels: list[str]) -> Table:
    players = len(result["scores"])
    extra = [k for k, v in result.items() if k not in SKIP and isinstance(v, list) and len(v) == players]
    table = Table(expand=False)
    table.add_column("Player")
    for column in ("Score", *(k.replace("_", " ").capitalize() for k in extra)):
        table.add_column(column, justify="right")
    table.add_column("")
    for seat, score in enumerate(result["scores"]):
        mark = Text("winner", style="bold green") if seat in result["winners"] else Text("")
        table.add_row(labels[seat], str(score), *(str(result[k][seat]) for k in extra), mark)
    return table


def reason_text(result: dict[str, Any]) -> str:
    reason = REASONS.get(str(result.get("reason")), str(result.get("reason", "")))
    text = f"The game ended because {reason}" if reason else "The game ended"
    if result.get("rounds") is not None:
        text += f", after {result['rounds']} rounds"
    if result.get("tie_break") in TIE_BREAKS:
        text += f" ({TIE_BREAKS[result['tie_break']]})"
    return text + "."
