"""Building and checking each card of ``cards.toml``: every problem is a ``DataFileError`` (``core/data.py``)
naming the file and the card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from evogames.core.data import DataFileError, check_fields
from evogames.games.phylo.rules.cards import (
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
    PACK_HUNTER_TEXT,
    SPECIES_FIELDS,
    SPECIES_OPTIONAL,
    SPREAD_NEEDS,
    TARGET_FIELDS,
    TARGET_KEYS,
    TERRAINS,
    Components,
    Event,
    Home,
    Species,
    mask,
    points_for,
    scales_for,
)


def _fields(path: Path, label: str, row: Any, required: dict[str, Any], optional: dict[str, Any]) -> None:
    check_fields(path, f"card {label}", row, required, optional)


def _require(ok: bool, path: Path, label: str, problem: str) -> None:
    if not ok:
        raise DataFileError(f"{path}: card {label}: {problem}")


def _names(path: Path, label: str, field: str, values: list[str], allowed: tuple[str, ...], most: int) -> None:
    bad = [v for v in values if v not in allowed]
    _require(not bad, path, label, f"{field} {bad} not among {allowed}")
    _require(1 <= len(values) <= most and len(set(values)) == len(values), path, label,
             f"{field} must list 1 to {most} different values")


def _keywords(path: Path, label: str, keywords: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"move": 0, "flight": 0, "spread": 0, "pollinator": False, "invasive": False,
                           "parasite": False}
    for keyword in keywords:
        word, _, value = keyword.partition(" ")
        if word in MOVERS:
            _require(value.isdigit() and 1 <= int(value) <= 5, path, label, f"keyword '{keyword}' needs a value 1..5")
            out[word.lower()] = int(value)
        else:
            _require(word in FLAGS and not value, path, label, f"unknown keyword '{keyword}'")
            out[word.lower()] = True
    return out


def build_species(path: Path, label: str, row: Any) -> Species:
    _fields(path, label, row, SPECIES_FIELDS, SPECIES_OPTIONAL)
    _names(path, label, "terrains", row["terrains"], TERRAINS, 3)
    _names(path, label, "climates", row["climates"], CLIMATES, 4)
    _names(path, label, "continents", row["continents"], CONTINENTS, 7)
    _require(row["diet"] in DIETS, path, label, f"diet must be one of {DIETS}")
    _require(1 <= row["scale"] <= 10, path, label, "scale must be 1..10")
    fits = scales_for(row["size_m"])
    _require(row["scale"] in fits, path, label,
             f"scale {row['scale']} but a typical adult of {row['size_m']} m is scale {' or '.join(map(str, fits))} "
             "by the size key")
    _require(1 <= row["foodchain"] <= 5, path, label, "foodchain must be 1..5")
    producer = row["diet"] in ("photosynthetic", "chemosynthetic")
    _require(producer == (row["foodchain"] == 1), path, label, "foodchain 1 is for producers, and only them")
    _require(1 <= row.get("copies", 1) <= 3, path, label, "copies must be 1..3")
    keys = _keywords(path, label, row["keywords"])
    needs = row.get("spread_needs", "none")
    _require(needs in SPREAD_NEEDS, path, label, f"spread_needs must be one of {SPREAD_NEEDS}")
    _require(bool(keys["spread"]) or "spread_needs" not in row, path, label, "spread_needs without SPREAD")
    _require(keys["parasite"] == bool(row.get("hosts")), path, label, "a PARASITE names its hosts, and only it")
    _require(keys["parasite"] == ("free_living" in row and "free_living_why" in row), path, label,
             "a PARASITE says whether it may also live without a host (free_living) and why (free_living_why), "
             "and only it")
    _require(not (producer and row.get("eats")), path, label, "a producer (FOODCHAIN 1) eats no one: no 'eats'")
    formula = points_for(row["diet"], len(row["terrains"]), len(row["climates"]), tuple(row["keywords"]))
    _require(row["points"] == formula, path, label, f"points {row['points']} but the formula gives {formula}")
    _require(formula >= 1, path, label, "a species is worth at least 1 point")
    return Species(
        id=row["id"], name=row["name"], latin=row["latin"], kingdom=row["kingdom"], phylum=row["phylum"],
        klass=row["class"], scale=row["scale"], size_m=float(row["size_m"]), foodchain=row["foodchain"],
        diet=row["diet"],
        terrains=tuple(row["terrains"]), climates=tuple(row["climates"]), keywords=tuple(row["keywords"]),
        points=row["points"], continents=tuple(row["continents"]), fact=row["fact"], copies=row.get("copies", 1),
        spread_needs=needs, hosts=tuple(row.get("hosts", ())),
        free_living=row.get("free_living", False), free_living_why=row.get("free_living_why", ""),
        eats=tuple(row.get("eats", ())), pack_hunter=row.get("pack_hunter", False),
        text=PACK_HUNTER_TEXT if row.get("pack_hunter", False) else "",
        terrain_mask=mask(tuple(row["terrains"]), TERRAINS), climate_mask=mask(tuple(row["climates"]), CLIMATES),
        **keys)


def build_event(path: Path, label: str, row: Any) -> Event:
    _fields(path, label, row, EVENT_FIELDS, EVENT_OPTIONAL)
    _require(row["effect"] in EFFECTS, path, label, f"effect must be one of {EFFECTS}")
    _require(1 <= row.get("copies", 1) <= 4, path, label, "copies must be 1..4")
    target = dict(row.get("target", {}))
    bad = [k for k in target if k not in TARGET_KEYS]
    _require(not bad, path, label, f"unknown target field(s) {bad}")
    _fields(path, f"{label} target", target, {}, TARGET_FIELDS)
    if "terrains" in target:
        _names(path, label, "target terrains", target["terrains"], TERRAINS, 7)
    return Event(id=row["id"], name=row["name"], effect=row["effect"], text=row["text"], fact=row["fact"],
                 copies=row.get("copies", 1), kingdoms=tuple(target.get("kingdoms", ())),
                 terrains=tuple(target.get("terrains", ())), min_scale=int(target.get("min_scale", 0)),
                 max_foodchain=int(target.get("max_foodchain", 0)),
                 next_to_ocean=bool(target.get("next_to_ocean", False)))


def build_home(path: Path, label: str, row: Any) -> Home:
    _fields(path, label, row, HOME_FIELDS, {})
    return Home(id=row["id"], name=row["name"], fact=row["fact"])


def check_box(path: Path, c: Components) -> None:
    """The box: 100+ species over all terrains and climates, 20+ event cards, HOMEs for 4 seats."""
    if len(c.species) < MIN_SPECIES:
        raise DataFileError(f"{path}: the box needs {MIN_SPECIES}+ species, this file has {len(c.species)}")
    events = sum(e.copies for e in c.events.values())
    if events < MIN_EVENT_CARDS:
        raise DataFileError(f"{path}: the box needs {MIN_EVENT_CARDS}+ event cards, this file has {events}")
    if len(c.homes) < 4:
        raise DataFileError(f"{path}: the box needs 4 HOME cards, this file has {len(c.homes)}")
    for field, names in (("terrains", TERRAINS), ("climates", CLIMATES)):
        used = {v for s in c.species.values() for v in getattr(s, field)}
        if set(names) - used:
            raise DataFileError(f"{path}: no species lives in {sorted(set(names) - used)}")
    for s in c.species.values():
        if s.spread and s.copies < 2 and s.spread_needs == "none":
            raise DataFileError(f"{path}: card {s.id} ({s.name}): a free SPREAD needs 2 copies")
