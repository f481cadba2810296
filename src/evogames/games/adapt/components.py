"""Adapt or Die's components, loaded from ``data/cards.toml`` through ``core/data.py`` and validated.

A broken file is a ``DataFileError`` (``core/data.py``) naming the file and the card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from evogames.core.data import DataFileError, check_fields, labelled_rows, read_data_file

CARDS_FILE = Path(__file__).parent / "data" / "cards.toml"

FEATURES = ("leg_length", "segments", "size", "eyes", "antennae")
FEATURE_NAMES = ("LEG LENGTH", "SEGMENTS", "SIZE", "EYES", "ANTENNAE")
KINDS = ("+", "++", "-", "--", "+3")
NICHE_COPIES = 5
BOX = {"habitat": 16, "creature": 16, "adaptation": 25, "randomizer": 16}


@dataclass(frozen=True, slots=True)
class Habitat:
    """A HABITAT MAT: two fixed selection pressures, three blanks for a randomizer."""

    id: str
    number: int
    name: str
    place: str
    niche: str
    fixed: tuple[tuple[int, int], ...]  # (feature index, value), in the features' order
    fact: str

    @property
    def blanks(self) -> tuple[int, ...]:
        taken = {f for f, _ in self.fixed}
        return tuple(f for f in range(len(FEATURES)) if f not in taken)

    def pressures(self, randomizer: tuple[int, ...]) -> tuple[int, ...]:
        """The five selection pressures once a randomizer fills the blanks in order."""
        out = [0] * len(FEATURES)
        for f, v in self.fixed:
            out[f] = v
        for f, v in zip(self.blanks, randomizer, strict=True):
            out[f] = v
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Creature:
    id: str
    name: str
    organism: str
    home: str  # a habitat id, or "" for GENERIC
    features: tuple[int, ...]
    fact: str


@dataclass(frozen=True, slots=True)
class Adaptation:
    id: str
    feature: int
    kind: str
    name: str
    organism: str
    fact: str


@dataclass(frozen=True, slots=True)
class Randomizer:
    id: str
    name: str
    values: tuple[int, ...]
    fact: str


@dataclass(frozen=True, eq=False)
class Components:
    habitats: dict[str, Habitat]
    creatures: dict[str, Creature]
    adaptations: dict[str, Adaptation]
    randomizers: dict[str, Randomizer]

    def niche_pile(self) -> dict[str, int]:
        """Copies of each NICHE card in the box (5 per habitat: 80 cards)."""
        return {h: NICHE_COPIES for h in self.habitats}


FIELDS: dict[str, dict[str, type]] = {
    "habitat": {"id": str, "number": int, "name": str, "place": str, "niche": str, "fixed": dict, "fact": str},
    "creature": {"id": str, "name": str, "organism": str, "home": object, "features": dict, "fact": str},
    "adaptation": {"id": str, "feature": str, "kind": str, "name": str, "organism": str, "fact": str},
    "randomizer": {"id": str, "name": str, "values": list, "fact": str},
}


def load_components(path: Path = CARDS_FILE) -> Components:
    """Read and validate a cards file."""
    data = read_data_file(path, FIELDS)
    seen: set[str] = set()
    built = {section: _section(path, section, data, seen) for section in FIELDS}
    c = Components(built["habitat"], built["creature"], built["adaptation"], built["randomizer"])
    _check_box(path, c)
    return c


def _section(path: Path, section: str, data: dict[str, Any], seen: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for label, row in labelled_rows(path, data, section, keys=("id", "name")):
        _check_fields(path, label, section, row)
        try:
            card = BUILD[section](row)
        except ValueError as err:
            raise DataFileError(f"{path}: card {label}: {err}") from None
        if card.id in seen:
            raise DataFileError(f"{path}: card {label}: duplicate id")
        seen.add(card.id)
        out[card.id] = card
    return out


def _check_fields(path: Path, label: str, section: str, row: Any) -> None:
    check_fields(path, f"card {label}", row, FIELDS[section])
    if section == "creature" and not isinstance(row["home"], str):  # "" for GENERIC: no home
        raise DataFileError(f"{path}: card {label}: 'home' must be text")


def _value(v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 5:
        raise ValueError(f"{what} must be a whole number 1..5, not {v!r}")
    return v


def _features(table: dict[str, Any], what: str) -> dict[int, int]:
    unknown = [k for k in table if k not in FEATURES]
    if unknown:
        raise ValueError(f"{what}: unknown feature(s) {unknown} (features: {', '.join(FEATURES)})")
    return {FEATURES.index(k): _value(v, f"{what} {k}") for k, v in table.items()}


def _habitat(row: dict[str, Any]) -> Habitat:
    fixed = _features(row["fixed"], "fixed")
    if len(fixed) != 2:
        raise ValueError("a habitat mat fixes exactly 2 selection pressures (the other 3 are blanks)")
    if not 1 <= row["number"] <= 16:
        raise ValueError("number must be 1..16")
    return Habitat(row["id"], row["number"], row["name"], row["place"], row["niche"],
                   tuple(sorted(fixed.items())), row["fact"])


def _creature(row: dict[str, Any]) -> Creature:
    values = _features(row["features"], "features")
    if len(values) != len(FEATURES):
        raise ValueError(f"a creature has a start value for each of the {len(FEATURES)} features")
    return Creature(row["id"], row["name"], row["organism"], row["home"],
                    tuple(values[f] for f in range(len(FEATURES))), row["fact"])


def _adaptation(row: dict[str, Any]) -> Adaptation:
    if row["feature"] not in FEATURES:
        raise ValueError(f"feature must be one of {FEATURES}")
    if row["kind"] not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}")
    return Adaptation(row["id"], FEATURES.index(row["feature"]), row["kind"], row["name"],
                      row["organism"], row["fact"])


def _randomizer(row: dict[str, Any]) -> Randomizer:
    values = row["values"]
    if len(values) != 3:
        raise ValueError("a randomizer card shows 3 numbers, one for each blank of a mat")
    return Randomizer(row["id"], row["name"], tuple(_value(v, "value") for v in values), row["fact"])


BUILD: dict[str, Callable[[dict[str, Any]], Any]] = {
    "habitat": _habitat, "creature": _creature, "adaptation": _adaptation, "randomizer": _randomizer,
}


def _check_box(path: Path, c: Components) -> None:
    """The box: 16 mats, 16 creatures (15 at home + GENERIC), 25 adaptations, the randomizers."""
    got = {"habitat": len(c.habitats), "creature": len(c.creatures), "adaptation": len(c.adaptations),
           "randomizer": len(c.randomizers)}
    for what, want in BOX.items():
        if got[what] != want:
            raise DataFileError(f"{path}: the box holds {want} {what} cards, this file has {got[what]}")
    homes = [cr.home for cr in c.creatures.values()]
    if homes.count("") != 1:
        raise DataFileError(f"{path}: exactly one creature (GENERIC) has no home habitat")
    for cr in c.creatures.values():
        if cr.home:
            _check_home(path, c, cr, homes)


def _check_home(path: Path, c: Components, cr: Creature, homes: list[str]) -> None:
    habitat = c.habitats.get(cr.home)
    if habitat is None:
        raise DataFileError(f"{path}: card {cr.id}: home {cr.home!r} is not a habitat")
    if homes.count(cr.home) > 1:
        raise DataFileError(f"{path}: card {cr.id}: another creature already has home {cr.home}")
    for f, v in habitat.fixed:
        if cr.features[f] != v:
            raise DataFileError(f"{path}: card {cr.id}: it must fit its home {cr.home} perfectly "
                                f"({FEATURES[f]} {v}, not {cr.features[f]})")


@cache
def components() -> Components:
    """The box as shipped (loaded once)."""
    return load_components()
