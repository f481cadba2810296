"""A plain board for a game without its own: the view's public facts and the actions as text."""

from __future__ import annotations

import json
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

Action = dict[str, Any]
HIDDEN = ("legal",)


def render(view: dict[str, Any], labels: list[str]) -> RenderableType:
    return Pretty({k: v for k, v in view.items() if k not in HIDDEN})


def describe(view: dict[str, Any], action: Action) -> str:
    fields = {k: v for k, v in action.items() if k != "type"}
    return str(action["type"]).replace("_", " ") + (f" {json.dumps(fields)}" if fields else "")
