"""The Evolution deck, loaded from ``cards.toml`` and validated.

A physical card's id is its type code and copy number (``SWM01``..``SWM08``;
a second deck continues the numbering). A broken file is a ``CardDataError``
naming the file and the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from evogames.core.data import read_data_file

CARDS_FILE = Path(__file__).parent / "data" / "cards.toml"
DECK_SIZE = 84
CARD_TYPES = 20
HAND_SIZE = 6

TRAIT_FIELDS = {"key": str, "name": str, "food": int, "pair": bool, "text": str, "organism": str, "fact": str}
CARD_FIELDS = {"code": str, "traits": list, "count": int}


class CardDataError(ValueError):
    """A data file that breaks the schema: names the file and the card."""


@dataclass(frozen=True, slots=True)
class Trait:
    """A trait: its food modifier, whether it links two animals, its rule text and a real example."""

    key: str
    name: str
    food: int
    pair: bool
    text: str
    organism: str
    fact: str


@dataclass(frozen=True, slots=True)
class CardType:
    """A card type: one or two traits (the card is played as one of them) and its copies per deck."""

    code: str
    traits: tuple[str, ...]
    count: int


@dataclass(frozen=True, eq=False)
class Components:
    """Every trait and card type of the box."""

    traits: dict[str, Trait]
    types: dict[str, CardType]

    def deck(self, copies: int = 1) -> list[str]:
        """Every physical card id of ``copies`` decks, in box order."""
        return [f"{t.code}{i:02d}" for t in self.types.values() for i in range(1, t.count * copies + 1)]

    def card_traits(self, card_id: str) -> tuple[str, ...]:
        """The traits printed on a card (by its id)."""
        return self.types[card_id[:3]].traits

    def is_card(self, card_id: Any) -> bool:
        return isinstance(card_id, str) and card_id[:3] in self.types and card_id[3:].isdigit()

    def card_dict(self, card_id: str) -> dict[str, Any]:
        return {"id": card_id, "traits": list(self.card_traits(card_id))}


def load_components(path: Path = CARDS_FILE) -> Components:
    """Read and validate a cards file."""
    data = read_data_file(path, ("trait", "card"), CardDataError)
    traits = {t.key: t for t in (_trait(path, i, row) for i, row in enumerate(data.get("trait", [])))}
    types: dict[str, CardType] = {}
    for i, row in enumerate(data.get("card", [])):
        card = _card_type(path, i, row, traits)
        if card.code in types:
            raise CardDataError(f"{path}: card {card.code}: duplicate code")
        types[card.code] = card
    components = Components(traits, types)
    _check_counts(path, components)
    return components


def _fields(path: Path, label: str, row: Any, fields: dict[str, type]) -> None:
    if not isinstance(row, dict):
        raise CardDataError(f"{path}: {label}: not a table")
    missing = [f for f in fields if f not in row]
    extra = [f for f in row if f not in fields]
    if missing or extra:
        raise CardDataError(f"{path}: {label}: missing {missing} / unknown {extra}")
    for name, kind in fields.items():
        value = row[name]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise CardDataError(f"{path}: {label}: '{name}' must be a whole number")
        if kind is not int and not isinstance(value, kind):
            raise CardDataError(f"{path}: {label}: '{name}' must be {kind.__name__}")
        if kind is str and not value.strip():
            raise CardDataError(f"{path}: {label}: '{name}' must be non-empty text")


def _trait(path: Path, index: int, row: Any) -> Trait:
    label = f"trait #{index + 1}" + (f" ({row.get('key')})" if isinstance(row, dict) else "")
    _fields(path, label, row, TRAIT_FIELDS)
    if not 0 <= row["food"] <= 3:
        raise CardDataError(f"{path}: {label}: food modifier must be 0..3")
    return Trait(**row)


def _card_type(path: Path, index: int, row: Any, traits: dict[str, Trait]) -> CardType:
    label = f"card #{index + 1}" + (f" ({row.get('code')})" if isinstance(row, dict) else "")
    _fields(path, label, row, CARD_FIELDS)
    code, names, count = row["code"], row["traits"], row["count"]
    if len(code) != 3 or not code.isalpha() or not code.isupper():
        raise CardDataError(f"{path}: {label}: code must be three capital letters")
    if not 1 <= len(names) <= 2 or any(n not in traits for n in names) or len(set(names)) != len(names):
        raise CardDataError(f"{path}: {label}: traits must be one or two different known traits, not {names}")
    if not 1 <= count <= 8:
        raise CardDataError(f"{path}: {label}: count must be 1..8")
    return CardType(code, tuple(names), count)


def _check_counts(path: Path, c: Components) -> None:
    total = sum(t.count for t in c.types.values())
    if len(c.types) != CARD_TYPES or total != DECK_SIZE:
        raise CardDataError(f"{path}: the deck holds {CARD_TYPES} card types and {DECK_SIZE} cards, "
                            f"this file has {len(c.types)} types and {total} cards")
    used = {n for t in c.types.values() for n in t.traits}
    unused = sorted(set(c.traits) - used)
    if unused:
        raise CardDataError(f"{path}: trait(s) {unused} are on no card")


@cache
def components() -> Components:
    """The box as shipped (loaded once)."""
    return load_components()
