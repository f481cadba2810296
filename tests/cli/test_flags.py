"""The same argument names and short flags in every command (issue 16)."""

from __future__ import annotations

from typing import Any

import typer.main

from evogames.cli.app import app


def _commands(group: Any, prefix: str = "") -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            found.update(_commands(command, f"{prefix}{name} "))
        else:
            found[prefix + name] = command
    return found


def test_a_flag_means_one_thing_with_one_short_form_everywhere() -> None:
    root = typer.main.get_command(app)
    flags: dict[str, set[tuple[str, ...]]] = {}
    for command in _commands(root).values():
        for param in command.params:
            if param.param_type_name == "option" and param.name != "help":
                flags.setdefault(param.name or "", set()).add(tuple(sorted(param.opts)))
    differ = {name: forms for name, forms in flags.items() if len(forms) > 1}
    assert not differ, differ
    for name, short in (("games", "-n"), ("players", "-p"), ("seed", "-s"), ("bots", "-b"), ("workers", "-w"),
                        ("option", "-o")):
        assert flags[name] == {tuple(sorted((f"--{name}", short)))}, name
