"""The Mating Game's terminal board: a view drawn with Rich: round, phase, Environment, Stands, Nests, hand.

It draws only what ``view(seat)`` holds, so it shows nothing the seat may not see.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, JustifyMethod, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evogames.games.mating.terminal.describe import describe

PHASES = {
    "play": "Play & Pay", "before_survive": "before Survive (sneaky window)", "survive": "Survive",
    "before_attract": "before Attract (sneaky window)", "attract": "Attract",
    "after_combat": "after Combat (sneaky window)", "after_attract": "after Attract (sneaky window)",
    "mating": "Mating", "after_mating": "after Mating (sneaky window)", "discard": "Discard & Draw",
    "over": "game over",
}
COLOUR = {"combat": "red", "flashy": "blue", "sneaky": "green"}
STATUS = {"out": "", "in_play": "in play", "eaten": "eaten", "lost_combat": "lost combat"}
Columns = tuple[tuple[str, JustifyMethod], ...]
NEST_COLUMNS: Columns = (("Player", "left"), ("Food", "right"), ("Offspring", "right"), ("Hand", "right"),
                         ("Strategy", "left"), ("This round", "left"))
HAND_COLUMNS: Columns = (("Card", "left"), ("Animal", "left"), ("Type", "left"), ("Cost", "right"),
                         ("Fitness", "right"), ("Predator", "right"))


def render(view: dict[str, Any], labels: list[str]) -> RenderableType:
    """The whole table as seen by ``view['seat']``; ``labels`` name each seat."""
    title = f"The Mating Game · Round {view['round']} · {PHASES.get(view['phase'], view['phase'])}"
    top = Text.assemble(environment_text(view.get("environment")), turned_text(view["environment_turned"]),
                        "\n", stands_text(view["stands"]),
                        "    ", decks_text(view), hunt_text(view))
    parts: list[RenderableType] = [top, nests_table(view, labels)]
    if view.get("hand") is not None:
        parts.append(hand_table(view["hand"]))
    return Panel(Group(*parts), title=title, title_align="left", border_style="cyan")


def environment_text(env: dict[str, Any] | None) -> Text:
    if env is None:
        return Text.assemble(("Environment: ", "bold"), ("not yet turned over", "dim"))
    threats = f"Food {env['food']:+d} · Predators {env['predators']} · Female Scarcity {env['scarcity']}"
    return Text.assemble(("Environment: ", "bold"), (env["name"], "bold yellow"), f"  ({threats})")


def turned_text(turned: list[dict[str, str]]) -> Text:
    """The Environments turned since the deck was last shuffled, oldest first (RULINGS 36)."""
    if not turned:
        return Text()
    return Text.assemble("\n", ("Turned since the shuffle: ", "bold"), (", ".join(c["name"] for c in turned), "dim"))


def hunt_text(view: dict[str, Any]) -> Text:
    target = view.get("predator_target")
    if target is None:
        return Text()
    whose = "your Strategy" if target == view["seat"] else f"Player {target + 1}'s Strategy"
    return Text(f"\nA Predator is hunting {whose}!", style="bold red")


def stands_text(stands: dict[str, int]) -> Text:
    return Text.assemble(("Stands: ", "bold"), (f"red {stands['red']}", "red"), " · ",
                         (f"blue {stands['blue']}", "blue"), " Females")


def decks_text(view: dict[str, Any]) -> Text:
    return Text(f"Strategy deck {view['strategy_deck']} · Environment deck {view['environment_deck']}",
                style="dim")


def nests_table(view: dict[str, Any], labels: list[str]) -> Table:
    table = titled_table("Nests", NEST_COLUMNS, expand=False)
    for player in view["players"]:
        seat = player["seat"]
        style = "bold" if seat == view["seat"] else ""
        table.add_row(Text(labels[seat], style=style), str(player["food"]), str(player["offspring"]),
                      str(player["hand_size"]), strategy_text(player), status_text(player))
    return table


def strategy_text(player: dict[str, Any]) -> Text:
    card = player.get("strategy")
    if card:
        return card_text(card)
    if player.get("out_to_lunch"):
        return Text("Out to Lunch", style="dim")
    return Text("face down" if player["committed"] else "—", style="dim")


def status_text(player: dict[str, Any]) -> Text:
    parts = [STATUS.get(player["status"], player["status"])]
    if player.get("females"):
        parts.append(f"{player['females']} Females")
    return Text(" · ".join(p for p in parts if p), style="italic")


def card_text(card: dict[str, Any]) -> Text:
    """``Tusk jabbing (Walrus) F3 P3``: name, animal, Fitness, Predator value."""
    text = Text.assemble((card["name"], COLOUR.get(card["type"], "")), f" ({card['animal']})")
    if card["type"] != "sneaky":
        text.append(f"\nFitness {card['fitness']} · Predator {card['predator']}", style="dim")
    return text


def hand_table(hand: list[dict[str, Any]]) -> Table:
    table = titled_table("Your hand", HAND_COLUMNS)
    for card in hand:
        table.add_row(*hand_row(card))
    return table


def hand_row(card: dict[str, Any]) -> tuple[Text, str, Text, str, str, str]:
    colour = COLOUR.get(card["type"], "")
    name = Text(card["name"], style=colour)
    if card["type"] == "sneaky":
        name.append(f"\n{card['text']}", style="dim")
        return name, card["animal"], Text("sneaky", style=colour), f"{card['food']} Food", "", ""
    kind = Text(card["type"], style=colour)
    return name, card["animal"], kind, f"{card['food']} Food", str(card["fitness"]), str(card["predator"])


def titled_table(title: str, columns: Columns, expand: bool = True) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", expand=expand)
    for name, justify in columns:
        table.add_column(name, justify=justify)
    return table

__all__ = ["describe", "render"]
