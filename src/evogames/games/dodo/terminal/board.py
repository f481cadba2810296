"""Tough Luck, Dodo's terminal board: the grid of environments with their resource squares,
creatures as coloured blocks on coloured bases, captured cards flipped, the token tray.

It draws only what ``view(seat)`` holds (everything is public in this game).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evogames.games.dodo.terminal.describe import describe

__all__ = ["describe", "render"]

PHASES = {"setup": "Set-up: placing creatures", "token": "Token Phase", "migration": "Migration",
          "consumption": "Consumption", "over": "game over"}
SQUARE = {"red": "red", "yellow": "yellow", "green": "green"}
BASE = {"white": "bold white", "orange": "bold dark_orange", "pink": "bold hot_pink", "blue": "bold blue"}
TOKEN_NAMES = {"advantage": "Competitive Advantage", "famine": "Famine", "relocation": "Relocation"}


def render(view: dict[str, Any], labels: list[str]) -> RenderableType:
    phase = PHASES.get(view["phase"], view["phase"])
    if view["phase"] == "migration":
        phase += f" (round {view['migration_round']} of 3)"
    title = f"Tough Luck, Dodo · Turn {view['turn']} · {phase}"
    parts: list[RenderableType] = [grid_table(view), tray_table(view, labels)]
    pending = pending_text(view)
    if pending:
        parts.append(pending)
    return Panel(Group(*parts), title=title, title_align="left", border_style="cyan")


def grid_table(view: dict[str, Any]) -> Table:
    table = Table(show_header=False, show_lines=True, expand=False, padding=(0, 1))
    for _ in range(view["grid"]["cols"]):
        table.add_column(width=30)
    colours = [p["colour"] for p in view["players"]]
    envs = view["environments"]
    for row in range(view["grid"]["rows"]):
        cells = [environment_cell(view, env, colours) for env in envs if env["row"] == row]
        table.add_row(*cells)
    return table


def environment_cell(view: dict[str, Any], env: dict[str, Any], colours: list[str]) -> Text:
    text = Text.assemble((env["name"], "bold"), (f" {env['id']}", "dim"), "\n")
    if env["captured_by"] is not None:
        owner = env["captured_by"]
        text.append(f"CAPTURED by Player {owner + 1}", style="reverse " + BASE[colours[owner]])
        text.append("\n")
    else:
        text.append_text(resource_squares(env))
        text.append("\n")
    for c in view["creatures"]:
        if c["environment"] == env["id"]:
            text.append_text(creature_text(c, colours))
            text.append("\n")
    text.rstrip()
    return text


def resource_squares(env: dict[str, Any]) -> Text:
    """One square per resource: covered by Famine shown dark, eaten shown as a dot."""
    text = Text()
    for colour in ("red", "yellow", "green"):
        total, covered, eaten = env["resources"][colour], env["covered"][colour], env["eaten"][colour]
        for i in range(total):
            if i < covered:
                text.append("■", style="grey23")
            elif i < covered + eaten:
                text.append("·", style=SQUARE[colour])
            else:
                text.append("■", style=SQUARE[colour])
        text.append(" " if total else "")
    return text


def creature_text(c: dict[str, Any], colours: list[str]) -> Text:
    """``#7 ●■■`` : the base in its owner's colour, then its blocks in the order they came."""
    text = Text(f"#{c['id']} ", style="dim")
    text.append("●", style=BASE[colours[c["owner"]]])
    for block in c["mutations"]:
        text.append("■", style=SQUARE[block])
    marks = [m for m, on in (("captor", c["captured"]), ("CA", c["advantage"]), ("moved", c["migrated"])) if on]
    if marks:
        text.append(f" {' '.join(marks)}", style="italic")
    return text


def tray_table(view: dict[str, Any], labels: list[str]) -> Table:
    table = Table(title="Players", title_justify="left", expand=False)
    for column in ("Player", "Base", "Captures", "Creatures", "Bases left", "Tokens"):
        table.add_column(column)
    for p in view["players"]:
        seat = p["seat"]
        label = labels[seat] + (" ◆ active" if seat == view["active"] else "")
        tokens = Text()
        for token, up in p["tokens"].items():
            tokens.append(TOKEN_NAMES[token] if up else f"({TOKEN_NAMES[token]})", style="bold" if up else "dim strike")
            tokens.append("  ")
        table.add_row(Text(label, style="bold" if seat == view["seat"] else ""), Text("●", style=BASE[p["colour"]]),
                      str(p["captures"]), str(p["creatures"]), str(p["bases_left"]), tokens)
    supply = view["supply"]
    table.caption = f"Supply: {supply['red']} red, {supply['yellow']} yellow, {supply['green']} green blocks"
    return table


def pending_text(view: dict[str, Any]) -> Text | None:
    pending = view.get("pending")
    if not pending:
        return None
    what = {"famine": "Famine", "relocation": "Relocation", "advantage": "Competitive Advantage",
            "migrate": "a migration"}[pending["kind"]]
    detail = ""
    if "creature" in pending:
        detail = f" for creature #{pending['creature']}"
    if "environment" in pending:
        detail = f" on {pending['environment']}"
    return Text(f"Player {pending['seat'] + 1} is choosing the target of {what}{detail}.", style="bold magenta")
