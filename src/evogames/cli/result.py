"""The end of a game: winners, scores, the reason, as a Rich table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evogames.core.spec import GameSpec
from evogames.core.types import Result

if TYPE_CHECKING:
    from evogames.core.match import Match

SKIP = ("scores", "winners")


def render_result(spec: GameSpec, result: Result, labels: list[str],
                  why: Mapping[str, str] | None = None) -> RenderableType:
    """Scores per seat (and any other per-seat list), winners first marked; after a tie, who tied and why
    (``why``: the game's own sentences, from the public view's result, see ``tie_words``)."""
    winners = result["winners"]
    names = " and ".join(labels[seat] for seat in winners) or "nobody"
    lines: list[RenderableType] = [Text(f"Winner: {names}", style="bold green"), seats_table(result, labels)]
    lines.append(Text(reason_text(spec, result), style="italic"))
    tied = cast(list[int], dict(result).get("tied") or [])  # a game's own field (Mating: who reached the goal)
    if tied:
        who = " and ".join(f"{labels[seat]} ({result['scores'][seat]})" for seat in tied)
        lines.append(Text(" ".join([f"Tied: {who}.", *(why or {}).values()]).strip()))
    return Panel(Group(*lines), title="Game over", title_align="left", border_style="green")


def tie_words(match: Match) -> Mapping[str, str] | None:
    """The game's sentences on a tie (the rule that made the players tie, and what broke it), if it has any:
    the spectator's view of the result, so nothing hidden."""
    result = match.view(None).get("result")
    why = result.get("why") if isinstance(result, Mapping) else None
    return why if isinstance(why, Mapping) else None


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
        text += f", after {result['rounds']} round{'' if result['rounds'] == 1 else 's'}"
    tie_break = result.get("tie_break")
    if tie_break in spec.tie_breaks:
        text += f" ({spec.tie_breaks[str(tie_break)]})"
    return text + "."
