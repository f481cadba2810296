"""Scripted Phylo tables: chosen decks in a fixed order, cards put straight onto the grid."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from evogames import Match
from evogames.bots import make_bot
from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games.phylo.components import components
from evogames.games.phylo.events import render
from evogames.games.phylo.state import SEATS, PhyloState

C = components()
NAMES = C.by_name()
FILLER = ["Sugar Maple", "Douglas Fir", "Big Bluestem", "Bread Wheat", "Sea Lettuce", "Scots Pine", "Silver Birch",
          "Ponderosa Pine", "Giant Sequoia", "London Plane", "Papyrus", "Asian Rice", "Date Palm", "Spinifex",
          "Red Oat Grass", "Creosote Bush", "Turtle Grass", "Eelgrass", "Arctic Willow", "Moso Bamboo",
          "Manna Gum", "African Baobab", "Cottongrass", "Sphagnum Moss", "Welwitschia"]
SPEC = game("phylo")
VARIANTS = ({}, {"call_your_bluff": True}, {"decks": "region", "themes": ["North America", "Africa"]},
            {"decks": "terrain", "themes": ["forest", "ocean"], "call_your_bluff": True})


def cid(name: str) -> str:
    return NAMES[name.lower()]


def deck(names: list[str], size: int = 24) -> list[str]:
    """A deck list: these cards first (in order), then filler producers up to ``size``."""
    return [*names, *FILLER[: size - len(names)]]


def match(p1: list[str] | None = None, p2: list[str] | None = None, seed: int = 1, **options: Any) -> Match:
    """Player 1 first; each player's hand is the first five cards of their list."""
    opts: dict[str, Any] = {"deck_p1": deck(p1 or []), "deck_p2": deck(p2 or []), "deal": "fixed",
                            "first_player": 1, **options}
    return Match("phylo", 2, seed=seed, options=opts)


def _new_iid(s: PhyloState, seat: int) -> str:
    n = 90
    while f"{SEATS[seat]}{n}" in s.card_of:
        n += 1
    iid = f"{SEATS[seat]}{n}"
    return iid


def put(m: Match, seat: int, name: str, pos: tuple[int, int], under: bool = False) -> str:
    """Put a card of ``seat`` on the table (under the card there when ``under``)."""
    s = m.state
    iid = _new_iid(s, seat)
    s.card_of = {**s.card_of, iid: cid(name)}
    s.board.setdefault(pos, []).append(iid) if under else s.board.__setitem__(pos, [iid])
    s.where[iid] = pos
    return iid


def give(m: Match, seat: int, name: str) -> str:
    """Put a card of ``name`` into ``seat``'s hand."""
    s = m.state
    iid = _new_iid(s, seat)
    s.card_of = {**s.card_of, iid: cid(name)}
    s.hands[seat].append(iid)
    return iid


def at(m: Match, pos: tuple[int, int]) -> list[str]:
    """Names of the cards in a space, top first."""
    stack = m.state.board.get(pos, [])
    return [C.species[m.state.card_of[i]].name if m.state.card_of[i] in C.species else m.state.card_of[i]
            for i in stack]


def places(m: Match, seat: int, iid: str) -> set[tuple[int, int]]:
    card = m.state.card_of[iid]
    return {tuple(a["at"]) for a in m.legal(seat)  # type: ignore[misc]
            if a["type"] == "play" and m.state.card_of[a["card"]] == card}


def spend(m: Match, seat: int, count: int) -> None:
    for _ in range(count):
        m.act(seat, {"type": "pass"})


def texts(m: Match, seat: int | None = None) -> list[str]:
    return [e["text"] for e in m.log_for(seat)]


def oil_spill_the_bluestem(m: Match) -> None:
    """Player 1 spends their turn; Player 2 plays Oil Spill (B01, dealt to them by ``match([], ["Oil Spill"])``)
    on the Big Bluestem at (-1, 0) and spends theirs: Player 1's turn, species that lost their link threatened."""
    spend(m, 0, 3)
    m.act(1, {"type": "event", "card": "B01", "at": [-1, 0]})
    spend(m, 1, 2)


# -- seeded bot games (determinize, clone) ---------------------------------------------------------

def bot_matches(seeds: range, every: int = 9) -> Iterator[tuple[int, Match]]:
    """Seeded bot games (2 to 4 players, every variant, random, heuristic and mixed tables), yielded as they
    are played: every ``every`` actions, and at the end."""
    for seed in seeds:
        players = 2 + seed % 3
        kinds = ("random", "heuristic")
        names = [kinds[(seed // 3 + seat) % 2] if seed % 4 > 1 else kinds[seed % 2] for seat in range(players)]
        m = Match("phylo", players, seed, dict(VARIANTS[seed % len(VARIANTS)]))
        bots = [make_bot(name, "phylo") for name in names]
        rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
        steps = 0
        while not m.over:
            if steps % every == 0:
                yield seed, m
            seat = m.to_act[0]
            m.act(seat, bots[seat].choose(m.view(seat), rngs[seat]))
            steps += 1
        yield seed, m


def bot_states(seeds: range, every: int = 9) -> Iterator[tuple[int, PhyloState]]:
    """``bot_matches``' states, each a copy the game goes on without."""
    for seed, m in bot_matches(seeds, every):
        yield seed, m.state.clone()


def seen(s: PhyloState, seat: int | None) -> str:
    """All ``seat`` sees: its view and its log."""
    log = [shown for e in s.events if (shown := render(e, seat)) is not None]
    return json.dumps([SPEC.full_view(s, seat), log], sort_keys=True, default=str)


def play_out(s: PhyloState, rng: Rng) -> None:
    """Random legal moves to the end."""
    for _ in range(5_000):
        if s.over:
            return
        seat = rng.choice(SPEC.to_act(s))
        SPEC.apply(s, seat, rng.choice(SPEC.legal(s, seat)))
    raise AssertionError("no end")
