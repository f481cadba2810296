"""The Evolution deck, loaded from ``data/cards.toml`` and validated.

A physical card's id is its type code and copy number (``SWM01``..``SWM08``;
a second deck continues the numbering). Read with ``core/data.py``: a broken
file is a ``DataFileError`` naming the file and the card (``card #12 (PIR): ...``,
``trait #3 (parasite): ...``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from evogames.core.data import DataFileError, check_fields, labelled_rows, read_data_file

CARDS_FILE = Path(__file__).parent / "data" / "cards.toml"
DECK_SIZE = 84
CARD_TYPES = 20
HAND_SIZE = 6

TRAIT_FIELDS = {"key": str, "name": str, "food": int, "pair": bool, "text": str, "organism": str, "fact": str}
CARD_FIELDS = {"code": str, "traits": list, "count": int}


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
    """Read and validate a cards file (``core/data.py``): a ``DataFileError`` names the file and the card."""
    data = read_data_file(path, ("trait", "card"))
    traits: dict[str, Trait] = {}
    for label, row in labelled_rows(path, data, "trait", keys=("key",)):
        trait = _trait(path, label, row)
        _require(trait.key not in traits, path, label, f"duplicate key {trait.key}")
        traits[trait.key] = trait
    types: dict[str, CardType] = {}
    for label, row in labelled_rows(path, data, "card", keys=("code",)):
        card = _card_type(path, label, row, traits)
        _require(card.code not in types, path, label, f"duplicate code {card.code}")
        types[card.code] = card
    components = Components(traits, types)
    _check_counts(path, components)
    return components


def _require(ok: bool, path: Path, label: str, problem: str) -> None:
    if not ok:
        raise DataFileError(f"{path}: {label}: {problem}")


def _trait(path: Path, label: str, row: Any) -> Trait:
    check_fields(path, label, row, TRAIT_FIELDS)
    _require(0 <= row["food"] <= 3, path, label, "food modifier must be 0..3")
    return Trait(**row)


def _card_type(path: Path, label: str, row: Any, traits: dict[str, Trait]) -> CardType:
    check_fields(path, label, row, CARD_FIELDS)
    code, names, count = row["code"], row["traits"], row["count"]
    _require(len(code) == 3 and code.isalpha() and code.isupper(), path, label, "code must be three capital letters")
    _require(1 <= len(names) <= 2 and all(isinstance(n, str) and n in traits for n in names)
             and len(set(names)) == len(names),
             path, label, f"traits must be one or two different known traits, not {names}")
    _require(1 <= count <= 8, path, label, "count must be 1..8")
    return CardType(code, tuple(names), count)


def _check_counts(path: Path, c: Components) -> None:
    total = sum(t.count for t in c.types.values())
    if len(c.types) != CARD_TYPES or total != DECK_SIZE:
        raise DataFileError(f"{path}: the deck holds {CARD_TYPES} card types and {DECK_SIZE} cards, "
                            f"this file has {len(c.types)} types and {total} cards")
    used = {n for t in c.types.values() for n in t.traits}
    unused = sorted(set(c.traits) - used)
    if unused:
        raise DataFileError(f"{path}: trait(s) {unused} are on no card")


@cache
def components() -> Components:
    """The box as shipped (loaded once)."""
    return load_components()
