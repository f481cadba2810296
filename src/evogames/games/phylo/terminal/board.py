"""Phylo's terminal board: the grid with each card's icons, threatened species, hands, the debrief.

It draws only what ``view(seat)`` holds, so it shows nothing the seat may not see.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evogames.core.types import View
from evogames.games.phylo.terminal.cards import LEGEND, SEAT_STYLE, habitat, icons, keywords
from evogames.games.phylo.terminal.describe import describe

CELL = 13


def render(view: View, labels: list[str]) -> RenderableType:
    """The whole table as seen by ``view['seat']``; ``labels`` name each seat."""
    labels = [*labels, *(f"Player {i + 1}" for i in range(len(labels), len(view["players"])))]
    parts: list[RenderableType] = [status(view, labels), grid(view), Text(LEGEND, style="dim")]
    if view.get("hand") is not None and not view["over"]:
        parts.append(hand_table(view))
    if view.get("debrief"):
        parts.append(debrief_text(view, labels))
    title = f"Phylo · Turn {view['turn']}" + (" · game over" if view["over"] else "")
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")


def status(view: View, labels: list[str]) -> Text:
    text = Text()
    for p in view["players"]:
        style = SEAT_STYLE[p["seat"] % 4] + (" bold" if p["seat"] == view["player"] else "")
        text.append(f"{labels[p['seat']]}: {p['points']} pts, hand {p['hand_size']}, deck {p['deck_size']}",
                    style=style)
        text.append("   ")
    if not view["over"]:
        text.append(f"\n{labels[view['player']]} to play · {view['actions_left']} action(s) left"
                    + (" · event played" if view["event_played"] else ""))
    if view.get("threatened"):
        until = view.get("threatened_until", {})
        now = [iid for iid in view["threatened"] if until.get(iid, view["turn"]) <= view["turn"]]
        later = [iid for iid in view["threatened"] if until.get(iid, view["turn"]) > view["turn"]]
        if now:
            names = ", ".join(_name(view, iid) for iid in now)
            text.append(f"\n⚠ Threatened, removed at the end of this turn unless linked: {names}", style="bold red")
        if later:
            names = ", ".join(f"{_name(view, iid)} (checked at the end of turn {until[iid]})" for iid in later)
            text.append(f"\n⚠ Threatened, their owner reacts first: {names}", style="red")
    if view.get("bluff"):
        text.append("\n" + bluff_line(view, labels), style="bold")
    if view.get("last_turn"):
        text.append(f"\nA deck is empty: the game ends after turn {view['last_turn']}.", style="yellow")
    return text


def bluff_line(view: View, labels: list[str]) -> str:
    """This turn's bluff: on which two cards, what the cards proved, who removes a species."""
    b = view["bluff"]
    names = " and ".join(str(view["cards"][c]["name"]) for c in b["cards"])
    said = {"bluff": "the cards prove a bluff", "real": "the cards prove the link real",
            "unproven": "nothing can be proved: the link is left as is"}[b["outcome"]]
    who = "nobody removes a card" if b["winner"] is None else f"{labels[b['winner']]} may remove a species"
    return f"Bluff called on {names}: {said}; {who}."


def grid(view: View) -> Table:
    """The table: one cell per space, x across, y down, a ring of empty spaces around."""
    spaces = {tuple(sp["at"]): sp["cards"] for sp in view["board"]}
    xs = [x for x, _ in spaces]
    ys = [y for _, y in spaces]
    table = Table(box=box.SQUARE, show_lines=True, padding=0, pad_edge=False)
    table.add_column("", justify="right", style="dim")
    for x in range(min(xs) - 1, max(xs) + 2):
        table.add_column(str(x), justify="center", width=CELL, no_wrap=True)
    for y in range(min(ys) - 1, max(ys) + 2):
        row = [cell(view, spaces.get((x, y)), (x, y)) for x in range(min(xs) - 1, max(xs) + 2)]
        table.add_row(str(y), *row)
    return table


def places(view: View) -> dict[tuple[int, int], int]:
    """Free spaces where a legal action can put a card, with how many actions do."""
    out: dict[tuple[int, int], int] = {}
    for action in view.get("legal", []):
        spot = action.get("to") or (action.get("at") if action["type"] == "play" else None)
        if spot:
            out[(spot[0], spot[1])] = out.get((spot[0], spot[1]), 0) + 1
    return out


def cell(view: View, cards: list[dict[str, Any]] | None, pos: tuple[int, int]) -> Text:
    marks = ("~flood " if list(pos) in view["flooded"] else "") + ("urban" if list(pos) in view["urban"] else "")
    if not cards:
        free = places(view).get(pos)
        text = Text(f"◇ {free} choice{'s' if free > 1 else ''}" if free else "", style="bold yellow")
        return text.append(f"\n{marks}" if marks else "", style="blue dim")
    top = cards[0]
    card = view["cards"][top["card"]]
    style = SEAT_STYLE[top["owner"] % 4]
    if card["kind"] == "home":
        return Text.assemble((f"HOME P{top['owner'] + 1}", f"bold {style}"), "\nall terrains\nall climates")
    danger = top["id"] in view["threatened"] or top["id"] in view["unlinked"]
    name = ("!" if danger else "") + f"{top['owner'] + 1}:" + card["name"]
    text = Text(name[:CELL], style="bold red" if danger else f"bold {style}")
    text.append("\n")
    text.append_text(icons(card))
    text.append(f"\n{habitat(card)}"[: CELL + 1], style="dim")
    if len(cards) > 1:
        text.append(f"\n+{view['cards'][cards[1]['card']]['name']}"[: CELL + 1], style=SEAT_STYLE[cards[1]['owner']])
    if marks:
        text.append(f"\n{marks}", style="blue")
    return text


def hand_table(view: View) -> Table:
    table = Table(title="Your hand", title_justify="left", title_style="bold", expand=True)
    for name in ("Card", "Icons", "Habitat", "Keywords / effect"):
        table.add_column(name)
    for card in view["hand"]:
        if card["kind"] == "event":
            table.add_row(Text(card["name"], style="bold yellow"), "event", "", card["text"])
        else:
            table.add_row(Text(card["name"], style="bold"), icons(card), habitat(card), keywords(card))
    return table


def debrief_text(view: View, labels: list[str]) -> Text:
    d = view["debrief"]
    chain = " → ".join(view["cards"][c["card"]]["name"] for c in d["longest_chain"]) or "none"
    text = Text("\nDebrief: food webs and resilience\n", style="bold")
    text.append(f"Longest food chain ({len(d['longest_chain'])}): {chain}\n")
    text.append(f"Links per species: {d['links_per_species']} · largest cascade: {d['largest_cascade']}\n")
    for seat, lost in enumerate(d["lost"]):
        text.append(f"{labels[seat]}: lost {d['lost_to_cascades'][seat]} species to broken links and cascades, "
                    f"{lost['event']} to events, {lost['bluff']} to bluffs, {lost['invaded']} to invaders\n")
    return text


def _name(view: View, iid: str) -> str:
    for sp in view["board"]:
        for c in sp["cards"]:
            if c["id"] == iid:
                return str(view["cards"][c["card"]]["name"])
    return iid


__all__ = ["describe", "render"]
