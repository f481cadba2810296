"""``evogames list``: the games, their player counts and options, as a table."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from evogames.core.registry import catalog


def show_catalog(console: Console) -> None:
    table = Table(title="evogames: the games", show_lines=True)
    table.add_column("name", style="bold cyan", no_wrap=True)
    table.add_column("title")
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("options (name = default)")
    for entry in catalog():
        players = f"{entry['min_players']}–{entry['max_players']}"
        table.add_row(entry["name"], entry["title"], players, options_text(entry["options"]))
    console.print(table)
    console.print("Rules and variants: [bold]evogames rules GAME[/]. Set an option with "
                  "[bold]--option name=value[/].")


def options_text(options: dict[str, dict[str, Any]]) -> str:
    return "\n".join(f"{name} = {show_value(spec['default'])}" for name, spec in options.items())


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(map(str, value)) or "(none)"
    return str(value)
