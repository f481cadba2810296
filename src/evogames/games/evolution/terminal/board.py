"""Evolution's terminal board: food bank, deck, each player's animals (traits, food, fat), links, hand.

It draws only what ``view(seat)`` holds, so it shows nothing the seat may not see.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evogames.games.evolution.terminal.describe import animal_name, animal_word, describe, trait_name

PHASES = {"development": "Development", "feeding": "Feeding", "over": "game over"}


def render(view: dict[str, Any], labels: list[str]) -> RenderableType:
    """The whole table as seen by ``view['seat']``; ``labels`` name each seat."""
    last = " · LAST TURN" if view["last_turn"] else ""
    title = f"Evolution · Turn {view['turn']} · {PHASES.get(view['phase'], view['phase'])}{last}"
    top = Text.assemble(("Food bank: ", "bold"), (f"{view['food_bank']} red", "red"),
                        f"    Deck: {view['deck']} cards    First player: {labels[view['first']]}")
    parts: list[RenderableType] = [top]
    if view.get("attack"):
        parts.append(attack_text(view, labels))
    if view.get("pair_choice"):
        parts.append(pair_text(view, labels))
    parts.extend(player_table(view, p, labels) for p in view["players"])
    if view.get("hand") is not None:
        parts.append(hand_table(view))
    return Panel(Group(*parts), title=title, title_align="left", border_style="green")


def attack_text(view: dict[str, Any], labels: list[str]) -> Text:
    at = view["attack"]
    return Text(f"ATTACK! {labels[at['attacker']]}'s carnivore {at['carnivore']} attacks "
                f"{animal_word(view, at['target'])}: {labels[at['defender']]} chooses a defence.", style="bold red")


def pair_text(view: dict[str, Any], labels: list[str]) -> Text:
    """The open choice of pair traits: whose, and each link that may pass food on (or stop)."""
    choice = view["pair_choice"]
    links = {x["card"]: x["trait"] for x in view["links"]}
    ways = ", ".join(f"{trait_name(view, links[x['card']])} {animal_name(view, x['from'])}→"
                     f"{animal_name(view, x['to'])}" for x in choice["links"])
    return Text(f"PAIR TRAITS: {labels[choice['seat']]} chooses which link passes food on next, or stops: {ways}.",
                style="bold magenta")


def player_table(view: dict[str, Any], player: dict[str, Any], labels: list[str]) -> Table:
    seat = player["seat"]
    mark = " (you)" if seat == view["seat"] else ""
    head = (f"{labels[seat]}{mark} · hand {player['hand_size']} · discard {player['discard_size']} · "
            f"score {player['score']}" + (" · passed" if player["passed"] and view["phase"] == "development" else ""))
    table = Table(title=head, title_justify="left", title_style="bold" if mark else "", expand=True)
    for name in ("Animal", "Traits", "Food", "Fat"):
        table.add_column(name)
    for a in player["animals"]:
        table.add_row(animal_cell(a), traits_text(view, a), food_text(a), fat_text(a))
    for link in view["links"]:
        if any(a["id"] == link["a"] for a in player["animals"]):
            table.add_row(Text(f"{animal_name(view, link['a'])}↔{animal_name(view, link['b'])}", style="magenta"),
                          Text(trait_name(view, link["trait"]), style="magenta"), "", "")
    if not player["animals"]:
        table.add_row(Text("no animals", style="dim"), "", "", "")
    return table


def animal_cell(a: dict[str, Any]) -> Text:
    text = Text(str(a.get("name", a["id"])), style="bold")
    if a.get("card"):
        text.append(f" [{a['card']}]", style="dim")
    return text


def traits_text(view: dict[str, Any], a: dict[str, Any]) -> Text:
    names = [trait_name(view, t["trait"]) for t in a["traits"]]
    text = Text(", ".join(names) or "—")
    flags = [f for f, on in (("asleep", a["hibernating"]), ("has attacked", a["attacked"]),
                             ("poisoned", a["poisoned"])) if on]
    if flags:
        text.append(f" ({', '.join(flags)})", style="italic")
    return text


def food_text(a: dict[str, Any]) -> Text:
    food = a["red"] + a["blue"]
    style = "green" if a["fed"] else "yellow"
    return Text(f"{food}/{a['need']}" + (" fed" if a["fed"] else ""), style=style)


def fat_text(a: dict[str, Any]) -> str:
    return f"{a['fat']}/{a['fat_slots']}" if a["fat_slots"] else ""


def hand_table(view: dict[str, Any]) -> Text:
    """One line: each card's id and the traits it shows (rules: `evogames rules evolution`)."""
    text = Text("Your hand: ", style="bold")
    for i, card in enumerate(view["hand"]):
        names = " / ".join(trait_name(view, t) for t in card["traits"])
        text.append(("   " if i else "") + f"{card['id']} ", style="bold")
        text.append(names, style="cyan")
    return text


__all__ = ["describe", "render"]
