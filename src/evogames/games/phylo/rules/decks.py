"""Deck building: 1 HOME + 24 cards per seat, random, themed (region or terrain), or a deck list.

Random and themed decks are dealt from one box, without replacement. A themed
deck takes species of its theme first and is topped up from the rest of the
box when the theme runs short. A deck list (a teacher's file or an option) is
card names or ids, one per line or item, ``2x Name`` for copies, ``# comments``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.options import read_list_file
from evogames.core.rng import Rng
from evogames.games.phylo.components import CONTINENTS, TERRAINS, components

DECK_DIR = Path(__file__).parents[1] / "data" / "decks"
HAND_SIZE = 5
COUNT = re.compile(r"^(\d{1,6})\s*[x×]\s*(.+)$", re.IGNORECASE)
MOST_CARDS = 200  # a deck list never names more cards than this (a deck is 10-60 besides its HOME)


def read_deck_file(path: Path) -> list[str]:
    """A teacher's deck list file as the list a ``deck_pN`` option takes (``--option deck_p1=@file``)."""
    return read_list_file(path)


def expand(entries: list[str], seat: int) -> list[str]:
    """Card ids from a deck list (names, Latin names or ids; '2x'; '@file' of the box)."""
    c = components()
    names = c.by_name()
    ids = {*c.species, *c.events, *c.homes}
    out: list[str] = []
    for entry in entries:
        if entry.startswith("@"):
            out.extend(expand(_bundled(entry[1:], seat), seat))
            continue
        match = COUNT.match(entry.strip())
        count, name = (int(match.group(1)), match.group(2)) if match else (1, entry)
        if len(out) + count > MOST_CARDS:
            raise IllegalAction(f"Player {seat + 1}'s deck list names more than {MOST_CARDS} cards.",
                                ErrorCode.OPTION_INVALID)
        card = name.strip() if name.strip() in ids else names.get(name.strip().lower())
        if card is None:
            raise IllegalAction(f"Player {seat + 1}'s deck list: no card called '{name.strip()}'.",
                                ErrorCode.OPTION_INVALID)
        out.extend([card] * count)
    return out


def _bundled(name: str, seat: int) -> list[str]:
    path = DECK_DIR / f"{name}.txt"
    if not re.fullmatch(r"[\w-]+", name) or not path.exists():
        known = ", ".join(sorted(p.stem for p in DECK_DIR.glob("*.txt")))
        raise IllegalAction(f"Player {seat + 1}'s deck list: no deck file '@{name}' (files: {known}).",
                            ErrorCode.OPTION_INVALID)
    return read_deck_file(path)


def build_decks(n: int, options: dict[str, Any], rng: Rng) -> list[tuple[str, list[str]]]:
    """(HOME, cards in dealing order) for each seat."""
    c = components()
    box = c.box()
    rng.shuffle(box)
    homes = sorted(c.homes)
    rng.shuffle(homes)
    size = options["deck_size"]
    lists = [options[f"deck_p{seat + 1}"] for seat in range(n)]
    out = []
    for seat in range(n):
        if lists[seat]:
            home, cards = _from_list(expand(lists[seat], seat), seat, size)
            if options["deal"] == "shuffled":
                rng.shuffle(cards)
        else:
            home, cards = "", _themed(box, size, _theme(options, seat))
        out.append((home, cards))
    used = {home for home, _ in out}
    spare = [h for h in homes if h not in used]
    return [(home or spare.pop(), cards) for home, cards in out]


def _from_list(cards: list[str], seat: int, size: int) -> tuple[str, list[str]]:
    homes = [card for card in cards if card in components().homes]
    rest = [card for card in cards if card not in components().homes]
    if len(homes) > 1:
        raise IllegalAction(f"Player {seat + 1}'s deck list has {len(homes)} HOME cards; a deck has one.",
                            ErrorCode.OPTION_INVALID)
    if len(rest) != size:
        raise IllegalAction(f"Player {seat + 1}'s deck list has {len(rest)} cards besides its HOME; "
                            f"a deck has {size}.", ErrorCode.OPTION_INVALID)
    return (homes[0] if homes else ""), rest


def _theme(options: dict[str, Any], seat: int) -> str | None:
    kind, themes = options["decks"], options["themes"]
    if kind == "random":
        return None
    if not themes:
        raise IllegalAction(f"decks={kind} needs 'themes' (e.g. North America or forest).", ErrorCode.OPTION_INVALID)
    theme = str(themes[seat % len(themes)])
    allowed = CONTINENTS if kind == "region" else TERRAINS
    if theme not in allowed:
        raise IllegalAction(f"'{theme}' is not a {kind} theme (one of: {', '.join(allowed)}).",
                            ErrorCode.OPTION_INVALID)
    return theme


def _themed(box: list[str], size: int, theme: str | None) -> list[str]:
    """Take ``size`` cards from the box; a theme takes events at the box's rate, then its species."""
    if theme is None:
        picked = box[:size]
        del box[:size]
        return picked
    species = components().species
    events = [card for card in box if card not in species]
    share = round(size * len(events) / max(1, len(box)))
    picked = events[:share]
    picked += [card for card in box if card in species and (theme in species[card].continents
                                                            or theme in species[card].terrains)][: size - share]
    rest = list(box)
    for card in picked:
        rest.remove(card)
    picked += rest[: size - len(picked)]
    for card in picked:
        box.remove(card)
    return picked
