"""What a Phylo card is: species, event and HOME cards, the names their fields may use, and the
published points formula (``points_for``). ``components.py`` loads the box from ``cards.toml``;
``cards_check.py`` builds and checks each card.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

TERRAINS = ("urban", "forest", "desert", "freshwater", "grasslands", "tundra", "ocean")
CLIMATES = ("cold", "cool", "warm", "hot")
DIETS = ("photosynthetic", "chemosynthetic", "herbivore", "omnivore", "carnivore")
PRODUCERS = ("photosynthetic", "chemosynthetic")
CONTINENTS = ("Africa", "Antarctica", "Asia", "Europe", "North America", "Oceania", "South America")
MOVERS = ("MOVE", "FLIGHT", "SPREAD")
FLAGS = ("POLLINATOR", "INVASIVE", "PARASITE")
SPREAD_NEEDS = ("pollinator", "wind", "none")
EFFECTS = ("discard", "crash", "outbreak", "habitat_loss", "tsunami", "climate_change",
           "counter", "insight", "biodiversity", "wind")
BASE_POINTS = {"carnivore": 7, "herbivore": 4, "omnivore": 3, "photosynthetic": 2, "chemosynthetic": 2}
MIN_SPECIES, MIN_EVENT_CARDS = 100, 20
# The size key (cards.toml's header): the sizes, in metres, each SCALE 1..10 stands for. A typical adult's
# size (``size_m``) on a boundary fits both scales.
SCALE_BOUNDS: tuple[tuple[float, float], ...] = (
    (0, 1e-5), (1e-5, 1e-3), (1e-3, 0.02), (0.02, 0.25), (0.25, 0.75), (0.75, 1.5), (1.5, 3), (3, 10), (10, 30),
    (30, float("inf")))
# The text a pack hunter's card prints: the exemption from the scale rule (l.39: "unless text on the card
# provides an exemption").
PACK_HUNTER_TEXT = "Pack hunter: hunts in a group, so it may eat prey with a higher SCALE than its own."


def scales_for(size_m: float) -> tuple[int, ...]:
    """The SCALE values the size key gives a typical adult of ``size_m`` metres (two on a boundary)."""
    return tuple(i + 1 for i, (lo, hi) in enumerate(SCALE_BOUNDS) if lo <= size_m <= hi)


def mask(values: tuple[str, ...], names: tuple[str, ...]) -> int:
    out = 0
    for value in values:
        out |= 1 << names.index(value)
    return out


@dataclass(frozen=True, slots=True)
class Species:
    """A species card: what it needs (terrain, climate, food) and what it can do."""

    id: str
    name: str
    latin: str
    kingdom: str
    phylum: str
    klass: str
    scale: int
    size_m: float  # a typical adult's size in metres (SCALE follows from it by the size key)
    foodchain: int
    diet: str
    terrains: tuple[str, ...]
    climates: tuple[str, ...]
    keywords: tuple[str, ...]
    points: int
    continents: tuple[str, ...]
    fact: str
    copies: int = 1
    spread_needs: str = "none"
    hosts: tuple[str, ...] = ()
    free_living: bool = False  # a PARASITE that may also be played like a normal species (l.42)
    free_living_why: str = ""  # the biology behind ``free_living``, for every PARASITE
    eats: tuple[str, ...] = ()  # the food key: taxa it really eats (empty: unknown, nothing can be proved)
    pack_hunter: bool = False
    text: str = ""  # what the card prints besides its icons: a pack hunter's exemption (PACK_HUNTER_TEXT)
    move: int = 0
    flight: int = 0
    spread: int = 0
    pollinator: bool = False
    invasive: bool = False
    parasite: bool = False
    terrain_mask: int = 0
    climate_mask: int = 0

    @property
    def producer(self) -> bool:
        return self.diet in PRODUCERS

    def taxa(self) -> tuple[str, str, str]:
        return self.kingdom, self.phylum, self.klass

    @property
    def genus(self) -> str:
        return self.latin.split()[0]


@dataclass(frozen=True, slots=True)
class Event:
    """An event card: what it may be played on and its effect."""

    id: str
    name: str
    effect: str
    text: str
    fact: str
    copies: int = 1
    kingdoms: tuple[str, ...] = ()
    terrains: tuple[str, ...] = ()
    min_scale: int = 0
    max_foodchain: int = 0
    next_to_ocean: bool = False

    @property
    def targeted(self) -> bool:
        return self.effect not in ("counter", "insight", "biodiversity", "wind")


@dataclass(frozen=True, slots=True)
class Home:
    """A HOME starter card: every terrain and climate; any FOODCHAIN 1 species links to it."""

    id: str
    name: str
    fact: str


@dataclass(frozen=True, eq=False)
class Components:
    species: dict[str, Species]
    events: dict[str, Event]
    homes: dict[str, Home]

    def box(self) -> list[str]:
        """Every card of the box but the HOMEs, copies included, in file order."""
        return list(_box(self))

    def card_dict(self, card_id: str) -> dict[str, Any]:
        return _card_dicts(self)[card_id]

    def card_dicts(self) -> dict[str, dict[str, Any]]:
        """Every card's dict by id (``card_dict`` of each; one lookup per card for a view)."""
        return _card_dicts(self)

    def by_name(self) -> dict[str, str]:
        """Card ids by lower-case common name (and Latin name), for deck lists."""
        cards: list[Species | Event | Home] = [*self.species.values(), *self.events.values(), *self.homes.values()]
        out = {c.name.lower(): c.id for c in cards}
        out.update({s.latin.lower(): s.id for s in self.species.values()})
        return out


def points_for(diet: str, terrains: int, climates: int, keywords: tuple[str, ...]) -> int:
    """The published formula: base by diet, +1/0/-1 for 1/2/3 terrains, +1/0/-1 for 1/2/3+ climates,
    -1 for MOVE/FLIGHT/SPREAD 3 or more, -1 for INVASIVE."""
    points = BASE_POINTS[diet] + {1: 1, 2: 0}.get(terrains, -1) + {1: 1, 2: 0}.get(climates, -1)
    for keyword in keywords:
        word, _, value = keyword.partition(" ")
        if (word in MOVERS and int(value) >= 3) or word == "INVASIVE":
            points -= 1
    return points


SPECIES_FIELDS: dict[str, Any] = {
    "id": str, "name": str, "latin": str, "kingdom": str, "phylum": str, "class": str, "scale": int,
    "size_m": float, "foodchain": int, "diet": str, "terrains": list[str], "climates": list[str],
    "keywords": list[str], "points": int, "continents": list[str], "fact": str}
SPECIES_OPTIONAL: dict[str, Any] = {"copies": int, "spread_needs": str, "hosts": list[str], "pack_hunter": bool,
                                     "free_living": bool, "free_living_why": str, "eats": list[str]}
EVENT_FIELDS: dict[str, Any] = {"id": str, "name": str, "effect": str, "text": str, "fact": str}
EVENT_OPTIONAL: dict[str, Any] = {"copies": int, "target": dict}
TARGET_FIELDS: dict[str, Any] = {"kingdoms": list[str], "terrains": list[str], "min_scale": int, "max_foodchain": int,
                                 "next_to_ocean": bool}  # an event's target (all optional)
TARGET_KEYS = tuple(TARGET_FIELDS)
HOME_FIELDS: dict[str, Any] = {"id": str, "name": str, "fact": str}


@cache
def _box(c: Components) -> tuple[str, ...]:
    cards = [s.id for s in c.species.values() for _ in range(s.copies)]
    return (*cards, *(e.id for e in c.events.values() for _ in range(e.copies)))


@cache
def _card_dicts(c: Components) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for s in c.species.values():
        d = asdict(s)
        for key in ("terrain_mask", "climate_mask", "copies"):
            d.pop(key)
        d.update({k: list(v) for k, v in d.items() if isinstance(v, tuple)})
        d["classification"] = list(s.taxa())
        d["kind"] = "species"
        out[s.id] = d
    for e in c.events.values():
        out[e.id] = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(e).items()}
        out[e.id].update(kind="event", targeted=e.targeted)
        out[e.id].pop("copies")
    for h in c.homes.values():
        out[h.id] = {**asdict(h), "kind": "home", "terrains": list(TERRAINS), "climates": list(CLIMATES)}
    return out
