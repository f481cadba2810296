"""Phylo's cards, loaded from ``cards.toml`` and validated.

A broken file is a ``DataFileError`` (``core/data.py``) naming the file and the card. Each
species' points are checked against the published formula (``points_for``).
What a card is lives in ``rules/cards.py`` (its names are here too); how each
one is built and checked, in ``rules/cards_check.py``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from evogames.core.data import DataFileError, labelled_rows, read_data_file
from evogames.games.phylo.rules.cards import (
    BASE_POINTS,
    CLIMATES,
    CONTINENTS,
    DIETS,
    EFFECTS,
    EVENT_FIELDS,
    EVENT_OPTIONAL,
    FLAGS,
    HOME_FIELDS,
    MIN_EVENT_CARDS,
    MIN_SPECIES,
    MOVERS,
    PRODUCERS,
    SPECIES_FIELDS,
    SPECIES_OPTIONAL,
    SPREAD_NEEDS,
    TARGET_KEYS,
    TERRAINS,
    Components,
    Event,
    Home,
    Species,
    mask,
    points_for,
)
from evogames.games.phylo.rules.cards_check import build_event, build_home, build_species, check_box

__all__ = [
    "BASE_POINTS",
    "CARDS_FILE",
    "CLIMATES",
    "CONTINENTS",
    "DIETS",
    "EFFECTS",
    "EVENT_FIELDS",
    "EVENT_OPTIONAL",
    "FLAGS",
    "HOME_FIELDS",
    "MIN_EVENT_CARDS",
    "MIN_SPECIES",
    "MOVERS",
    "PRODUCERS",
    "SPECIES_FIELDS",
    "SPECIES_OPTIONAL",
    "SPREAD_NEEDS",
    "TARGET_KEYS",
    "TERRAINS",
    "Components",
    "Event",
    "Home",
    "Species",
    "components",
    "load_components",
    "mask",
    "points_for",
]

CARDS_FILE = Path(__file__).parent / "data" / "cards.toml"


def load_components(path: Path = CARDS_FILE) -> Components:
    """Read and validate a cards file."""
    data = read_data_file(path, ("home", "species", "event"))
    seen: set[str] = set()
    homes = _section(path, data, "home", build_home, seen)
    species = _section(path, data, "species", build_species, seen)
    events = _section(path, data, "event", build_event, seen)
    components = Components(species, events, homes)
    check_box(path, components)
    return components


def _section(path: Path, data: dict[str, Any], name: str, build: Any, seen: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for label, row in labelled_rows(path, data, name, keys=("id", "name")):
        card = build(path, label, row)
        if card.id in seen:
            raise DataFileError(f"{path}: card {label}: duplicate id {card.id}")
        seen.add(card.id)
        out[card.id] = card
    return out


@cache
def components() -> Components:
    """The box as shipped (loaded once)."""
    return load_components()
