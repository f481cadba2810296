"""The Mating Game's components, loaded from ``data/cards.toml`` and validated.

Read with ``core/data.py``: a broken file is a ``DataFileError`` naming the
file and the card (``card strategy #3 (C03): ...``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from evogames.core.data import DataFileError, check_fields, labelled_rows, read_data_file

CARDS_FILE = Path(__file__).parent / "data" / "cards.toml"

TYPES = ("combat", "flashy")
LEVELS = ("low", "mid", "high")
DECKS = ("core", "stable", "variable")
TIMINGS = ("before survive", "before attract", "after combat", "after attract", "after mating")
EFFECTS = (
    "hide_from_predators", "ignore_food_loss", "extra_offspring", "mate_guarding",
    "steal_female", "steal_offspring", "rejoin_after_combat", "avoid_combat",
    "level_up", "extra_combat_dice", "lower_fitness",
)
#: effects whose card names an opponent
TARGETED = ("steal_female", "steal_offspring", "lower_fitness")
HAND_SIZE = 5
STARTING_FOOD = 5
ESCAPE_COST = 3
COMBAT_BONUS = 2


@dataclass(frozen=True, slots=True)
class Strategy:
    """A combat (red) or flashy (blue) Strategy card."""

    id: str
    type: str
    level: str
    name: str
    animal: str
    latin: str
    hypothesis: str
    food: int
    fitness: int
    predator: int
    fact: str

    @property
    def colour(self) -> str:
        return "red" if self.type == "combat" else "blue"


@dataclass(frozen=True, slots=True)
class Sneaky:
    """A sneaky (green) Strategy card, played in the window its timing names."""

    id: str
    name: str
    animal: str
    latin: str
    hypothesis: str
    food: int
    timing: str
    effect: str
    text: str
    fact: str
    type: str = "sneaky"


@dataclass(frozen=True, slots=True)
class Environment:
    """An Environment card: Food for everyone, Predators, Female Scarcity."""

    id: str
    deck: str
    name: str
    food: int
    predators: int
    scarcity: int
    fact: str


@dataclass(frozen=True, slots=True)
class OutToLunch:
    id: str
    animal: str
    latin: str
    fact: str


@dataclass(frozen=True, eq=False)
class Components:
    """Every card of the box, by id."""

    strategies: dict[str, Strategy]
    sneakies: dict[str, Sneaky]
    environments: dict[str, Environment]
    out_to_lunch: dict[str, OutToLunch]

    def card(self, card_id: str) -> Strategy | Sneaky:
        return self.strategies.get(card_id) or self.sneakies[card_id]

    def strategy_deck(self) -> list[str]:
        return [*self.strategies, *self.sneakies]

    def environment_deck(self, kind: str) -> list[str]:
        return [e.id for e in self.environments.values() if e.deck in ("core", kind)]

    def lunch_card(self, seat: int) -> OutToLunch:
        """The Out-to-Lunch card dealt to ``seat`` (one per Nest, in box order)."""
        cards = _lunch_cards(self)
        return cards[seat % len(cards)]

    def card_dict(self, card_id: str) -> dict[str, Any]:
        return _card_dicts(self)[card_id]

    @property
    def card_dicts(self) -> dict[str, dict[str, Any]]:
        """Every card as a dict, by id (built once; shared, so never change one)."""
        return _card_dicts(self)


_SPECS: dict[str, tuple[type, dict[str, type]]] = {
    "strategy": (Strategy, {"id": str, "type": str, "level": str, "name": str, "animal": str,
                            "latin": str, "hypothesis": str, "food": int, "fitness": int,
                            "predator": int, "fact": str}),
    "sneaky": (Sneaky, {"id": str, "name": str, "animal": str, "latin": str, "hypothesis": str,
                        "food": int, "timing": str, "effect": str, "text": str, "fact": str}),
    "environment": (Environment, {"id": str, "deck": str, "name": str, "food": int,
                                  "predators": int, "scarcity": int, "fact": str}),
    "out_to_lunch": (OutToLunch, {"id": str, "animal": str, "latin": str, "fact": str}),
}


def load_components(path: Path = CARDS_FILE) -> Components:
    """Read and validate a cards file."""
    data = read_data_file(path, _SPECS)
    seen: set[str] = set()
    built = {section: _build_section(path, section, data, seen) for section in _SPECS}
    components = Components(built["strategy"], built["sneaky"], built["environment"], built["out_to_lunch"])
    _check_counts(path, components)
    return components


def _build_section(path: Path, section: str, data: dict[str, Any], seen: set[str]) -> dict[str, Any]:
    cls, fields = _SPECS[section]
    out: dict[str, Any] = {}
    for label, row in labelled_rows(path, data, section):
        card = _build_card(path, label, cls, fields, row)
        _require(card.id not in seen, path, label, f"duplicate id {card.id}")
        seen.add(card.id)
        _check_card(path, label, card)
        out[card.id] = card
    return out


def _build_card(path: Path, label: str, cls: type, fields: dict[str, type], row: Any) -> Any:
    return cls(**check_fields(path, f"card {label}", row, fields))


def _require(ok: bool, path: Path, label: str, problem: str) -> None:
    if not ok:
        raise DataFileError(f"{path}: card {label}: {problem}")


def _check_card(path: Path, label: str, card: Any) -> None:
    if isinstance(card, Strategy):
        _require(card.type in TYPES, path, label, f"type must be one of {TYPES}")
        _require(card.level in LEVELS, path, label, f"level must be one of {LEVELS}")
        _require(1 <= card.fitness <= 6, path, label, "fitness must be 1..6")
        _require(0 <= card.food <= 9, path, label, "food cost must be 0..9")
        _require(1 <= card.predator <= 9, path, label, "predator value must be 1..9")
    elif isinstance(card, Sneaky):
        _require(card.timing in TIMINGS, path, label, f"timing must be one of {TIMINGS}")
        _require(card.effect in EFFECTS, path, label, f"effect must be one of {EFFECTS}")
        _require(0 <= card.food <= 9, path, label, "food cost must be 0..9")
    elif isinstance(card, Environment):
        _require(card.deck in DECKS, path, label, f"deck must be one of {DECKS}")
        _require(-9 <= card.food <= 9, path, label, "food must be -9..9")
        _require(0 <= card.predators <= 6, path, label, "predators must be 0..6")
        _require(0 <= card.scarcity <= 6, path, label, "scarcity must be 0..6")


def _check_counts(path: Path, c: Components) -> None:
    """The box: 30 combat, 30 flashy, 18 sneaky, 8+8+8 environments, 6 Out-to-Lunch."""
    kinds = [s.type for s in c.strategies.values()]
    decks = [e.deck for e in c.environments.values()]
    expected = {
        "combat strategies": (kinds.count("combat"), 30),
        "flashy strategies": (kinds.count("flashy"), 30),
        "sneaky strategies": (len(c.sneakies), 18),
        "core environments": (decks.count("core"), 8),
        "stable environments": (decks.count("stable"), 8),
        "variable environments": (decks.count("variable"), 8),
        "Out-to-Lunch cards": (len(c.out_to_lunch), 6),
    }
    for what, (got, want) in expected.items():
        if got != want:
            raise DataFileError(f"{path}: the box holds {want} {what}, this file has {got}")


@cache
def components() -> Components:
    """The box as shipped (loaded once)."""
    return load_components()


@cache
def _lunch_cards(c: Components) -> tuple[OutToLunch, ...]:
    return tuple(c.out_to_lunch.values())


@cache
def _card_dicts(c: Components) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    cards: list[Strategy | Sneaky | Environment | OutToLunch] = [
        *c.strategies.values(), *c.sneakies.values(), *c.environments.values(), *c.out_to_lunch.values()]
    for card in cards:
        out[card.id] = asdict(card)
    for cid, s in c.strategies.items():
        out[cid]["colour"] = s.colour
    return out
