"""Adapt or Die's terminal board: the octagon with the bugs and the habitats,
the players' creatures, NICHEs and ADAPTATIONs, and your scorecard in the
seed's layout (Feature, start value, Adapt, end value, SP and Score per
habitat, Total). After the game: the debrief.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evogames.games.adapt.terminal.describe import adaptation_name, describe, habitat_name

__all__ = ["describe", "render"]
SCALE_X, SCALE_Y = 3.2, 1.4
PHASES = {"choose": "choosing creatures", "move": "move the bug", "exit": "a NICHE card to place",
          "adapt": "selecting an adaptation", "trade": "trades", "answer": "a trade offer", "over": "game over"}


def render(view: dict[str, Any], labels: list[str]) -> RenderableType:
    """The whole table as seen by ``view['seat']``; ``labels`` name each seat."""
    who = labels[view["active"]]
    title = (f"Adapt or Die · Round {view['round']} · {who} rolled {view['roll']} · "
             f"{PHASES.get(view['phase'], view['phase'])} · {view['goal']} NICHEs each")
    parts: list[RenderableType] = [Text.assemble(board_text(view), "\n", status_text(view, labels)),
                                   habitats_table(view), players_table(view, labels)]
    seat = view["seat"]
    if seat is not None and view["players"][seat]["scorecard"]:
        parts.append(scorecard_table(view, view["players"][seat]["scorecard"], "Your scorecard"))
    if view.get("debrief"):
        parts.append(Text("\n".join(view["debrief"]["lines"]), style="italic"))
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")


def board_text(view: dict[str, Any]) -> Text:
    """The board's spaces on a character grid: bugs as player numbers, mats as [habitat]."""
    board = view["board"]
    xs = [n[1] for n in board["nodes"]] + [p[1] for p in board["places"]]
    ys = [n[2] for n in board["nodes"]] + [p[2] for p in board["places"]]
    x0, y0 = min(xs) - 1, min(ys)
    width = int((max(xs) - x0) * SCALE_X) + 6
    height = round((max(ys) - y0) * SCALE_Y) + 1
    grid = [[(" ", "")] * width for _ in range(height)]

    def put(x: float, y: float, text: str, style: str) -> None:
        col, row = round((x - x0) * SCALE_X), round((y - y0) * SCALE_Y)
        for i, ch in enumerate(text):
            if 0 <= col + i < width and 0 <= row < height:
                grid[row][col + i] = (ch, style)

    for nid, x, y, place in board["nodes"]:
        put(x, y, nid[-1] if place else ("+" if nid == board["start"] else "."), "bold yellow" if place else "dim")
    mats = {m["place"]: m["habitat"] for m in view["mats"]}
    for pid, x, y in board["places"]:
        number = view["catalog"]["habitats"][mats[pid]]["number"] if pid in mats else "?"
        put(x - 0.6, y, f"[{number}]", "bold green" if pid in mats else "dim")
    xy = {n[0]: (n[1], n[2]) for n in board["nodes"]}
    for node in set(view["positions"]):
        here = [seat for seat, at in enumerate(view["positions"]) if at == node]
        x, y = xy[node]
        put(x, y, "".join(str(s + 1) for s in here), "bold reverse" if view["seat"] in here else "bold cyan")
    text = Text()
    for row in grid:
        for ch, style in row:
            text.append(ch, style)
        text.append("\n")
    return text


def status_text(view: dict[str, Any], labels: list[str]) -> Text:
    text = Text(f"HABITAT MAT pile {view['mat_pile']} · ADAPTATION pile {len(view['adaptation_pile'])}",
                style="dim")
    pending = view.get("pending")
    if pending:
        text.append(f"\n{labels[view['active']]} exits at {habitat_name(view, pending['habitat'])}"
                    + (" (already holds its NICHE)" if pending["held"] else ""), style="bold")
    offer = view.get("offer")
    if offer:
        give, take = _card(view, offer["give"]), _card(view, offer["take"])
        text.append(f"\n{labels[offer['from']]} offers {labels[offer['to']]} {give} for {take}", style="bold")
    return text


def _card(view: dict[str, Any], cid: str) -> str:
    return habitat_name(view, cid) if cid.startswith("H") else adaptation_name(view, cid)


def habitats_table(view: dict[str, Any]) -> Table:
    cat = view["catalog"]
    table = Table(title="Habitats on the board", title_justify="left", expand=True)
    for name in ("Habitat", *(f[:4] for f in cat["feature_names"]), "NICHEs left"):
        table.add_column(name, justify="left" if name == "Habitat" else "right")
    for mat in view["mats"]:
        h = cat["habitats"][mat["habitat"]]
        fixed = {f for f, _ in h["fixed"]}
        values = [Text(str(v), style="bold" if f in fixed else "") for f, v in enumerate(mat["pressures"])]
        table.add_row(f"{h['number']} {h['name']} ({h['place']})", *values,
                      str(view["niche_pile"][mat["habitat"]]))
    return table


def players_table(view: dict[str, Any], labels: list[str]) -> Table:
    cat = view["catalog"]
    table = Table(title="Creatures", title_justify="left", expand=True)
    for name in ("Player", "Creature", "Features", "NICHEs", "ADAPTATIONs", "Unfit"):
        table.add_column(name, justify="right" if name == "Unfit" else "left")
    for p in view["players"]:
        creature = cat["creatures"].get(p["creature"]) or {"name": "—", "features": []}
        niches = ", ".join(str(cat["habitats"][h]["number"]) for h in p["niches"]) or "—"
        adapts = ", ".join(adaptation_name(view, a).split(" (")[0] for a in p["adaptations"]) or "—"
        unfit = str(p["scorecard"]["total"]) if p["scorecard"] else ""
        style = "bold" if p["seat"] == view["seat"] else ""
        table.add_row(Text(labels[p["seat"]], style=style), creature["name"],
                      " ".join(map(str, creature["features"])), niches, adapts, unfit)
    return table


def scorecard_table(view: dict[str, Any], card: dict[str, Any], title: str) -> Table:
    """The seed's scorecard: Feature, start value, Adapt, end value, SP/Score per habitat, Total."""
    cat = view["catalog"]
    table = Table(title=title, title_justify="left")
    for name in ("Feature", "start", "Adapt", "end"):
        table.add_column(name)
    for hid in card["habitats"]:
        number = cat["habitats"][hid]["number"]
        table.add_column(f"H{number} SP", justify="right")
        table.add_column("Score", justify="right")
    table.add_column("Total", justify="right", style="bold")
    for f, row in enumerate(card["rows"]):
        cells = [str(x) for cell in row["cells"] for x in cell]
        table.add_row(cat["feature_names"][f], str(row["start"]), " ".join(row["adapt"]), str(row["end"]),
                      *cells, str(row["total"]))
    blanks = [""] * (4 + 2 * len(card["habitats"]))
    for i, total in enumerate(card["habitat_totals"]):
        blanks[5 + 2 * i] = str(total)
    table.add_row(*blanks, str(card["total"]), style="bold")
    return table
