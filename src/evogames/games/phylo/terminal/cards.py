"""Phylo's cards in the terminal: short icons for terrain, climate, scale, foodchain and diet."""

from __future__ import annotations

from typing import Any

from rich.text import Text

TERRAIN = {"urban": "U", "forest": "F", "desert": "D", "freshwater": "W", "grasslands": "G", "tundra": "T",
           "ocean": "O"}
CLIMATE = {"cold": "co", "cool": "cl", "warm": "wa", "hot": "ho"}
DIET = {"photosynthetic": ("☀", "bright_green"), "chemosynthetic": ("◆", "magenta"),
        "herbivore": ("●", "green"), "omnivore": ("●", "rgb(170,110,50)"), "carnivore": ("●", "red")}
SEAT_STYLE = ("cyan", "magenta", "yellow", "blue")
LEGEND = ("Terrain: U urban, F forest, D desert, W freshwater, G grasslands, T tundra, O ocean · "
          "Climate: co cold, cl cool, wa warm, ho hot · Diet: ☀ photosynthetic, ◆ chemosynthetic, "
          "● green herbivore, brown omnivore, red carnivore · FC foodchain, s scale")


def habitat(card: dict[str, Any]) -> str:
    """``FG wa·ho``: terrain letters, climate codes."""
    return "".join(TERRAIN[t] for t in card["terrains"]) + " " + "·".join(CLIMATE[c] for c in card["climates"])


def icons(card: dict[str, Any]) -> Text:
    """``FC2 ● s7 5pt``: foodchain, diet circle, scale, points."""
    mark, colour = DIET[card["diet"]]
    return Text.assemble(f"FC{card['foodchain']} ", (mark, colour), f" s{card['scale']} {card['points']}pt")


def keywords(card: dict[str, Any]) -> str:
    """The card's keywords, and a pack hunter's exemption from the scale rule (RULINGS.md 20)."""
    return " ".join([*card["keywords"], *(["Pack hunter: may eat larger prey"] if card.get("pack_hunter") else [])])


def one_line(card: dict[str, Any]) -> str:
    """A species or event in words, for choices and the hand."""
    if card["kind"] == "event":
        return f"{card['name']} (event)"
    if card["kind"] == "home":
        return str(card["name"])
    keys = f", {keywords(card)}" if keywords(card) else ""
    keys += ", may also be played alone" if card.get("free_living") else ""
    return (f"{card['name']} (FC{card['foodchain']} {card['diet']}, scale {card['scale']}, "
            f"{'/'.join(card['terrains'])}, {'/'.join(card['climates'])}{keys}, {card['points']} pt)")
