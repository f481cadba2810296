"""Scripted Evolution scenarios: animals built from real cards of the deck, a set food bank."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.evolution.components import components
from evogames.games.evolution.flow import ROUND, advance, begin_round_turn
from evogames.games.evolution.state import Animal, EvolutionState, Link
from tests.core.test_clone import fields

C = components()


def new(players: int = 2, seed: int = 1, **options: Any) -> Match:
    return Match("evolution", players, seed=seed, options={"first_player": 0, **options})


def state(m: Match) -> EvolutionState:
    s: EvolutionState = m.state
    return s


def pull(m: Match, trait: str | None = None) -> str:
    """A card from the deck (one showing ``trait``), taken out of the deck."""
    deck = state(m).deck
    card = next(c for c in reversed(deck) if trait is None or trait in C.card_traits(c))
    deck.remove(card)
    return card


def animal(m: Match, seat: int, *traits: str) -> str:
    """A new animal of ``seat`` with ``traits``, made from deck cards (cards stay conserved)."""
    s = state(m)
    s.born += 1
    a = Animal(f"A{s.born}", pull(m), seat)
    s.animals[a.id] = a
    s.tables[seat].append(a.id)
    for t in traits:
        a.add_trait(t, pull(m, t))
    return a.id


def link(m: Match, trait: str, a: str, b: str) -> str:
    card = pull(m, trait)
    state(m).links.append(Link(trait, a, b, card))
    return card


def feed_phase(m: Match, bank: int, seat: int = 0) -> None:
    """Skip to the feeding phase with ``bank`` red tokens, ``seat`` to eat first."""
    s = state(m)
    ROUND.go(s, "feeding")
    s.passed = [True] * s.n
    s.bank = bank
    s.tokens["red"] += bank
    s.idle = 0
    begin_round_turn(s, seat)
    advance(s)


def food(m: Match, card: str, red: int = 0, blue: int = 0, fat: int = 0) -> None:
    """Put tokens on an animal (the ledger counts them as made)."""
    a = state(m).animals[card]
    a.red += red
    a.blue += blue
    a.fat += fat
    state(m).tokens["red"] += red
    state(m).tokens["blue"] += blue
    state(m).tokens["fat"] += fat


def beast(m: Match, card: str) -> Animal:
    return state(m).animals[card]


def texts(m: Match, seat: int | None = None) -> list[str]:
    return [e["text"] for e in m.log_for(seat)]


def kinds(m: Match) -> list[str]:
    return [e.kind for e in state(m).events]


def all_cards(s: EvolutionState) -> list[str]:
    """Every card of the game wherever it is: deck, hands, table, discard piles."""
    table = [a.card for a in s.animals.values()] + [c for a in s.animals.values() for _, c in a.traits]
    return [*s.deck, *(c for h in s.hands for c in h), *table, *(x.card for x in s.links),
            *(c for p in s.discards for c in p)]


def tokens_balance(s: EvolutionState) -> tuple[int, int]:
    """(food tokens made - gone - on the table, fat made - gone - on the table): both 0."""
    t = s.tokens
    on_table = s.bank + sum(a.red + a.blue for a in s.animals.values())
    fat = sum(a.fat for a in s.animals.values())
    return t["red"] + t["blue"] - t["gone"] - on_table, t["fat"] - t["fat_gone"] - fat


def share_all(m: Match) -> int:
    """While a choice of pair traits is open, fire the first link offered (the old automatic order); how many."""
    fired = 0
    while m.to_act and any(a["type"] == "link" for a in m.legal(m.to_act[0])):
        seat = m.to_act[0]
        m.act(seat, next(a for a in m.legal(seat) if a["type"] == "link"))
        fired += 1
    return fired


def bot_games(seeds: Iterable[int], every: int = 23) -> Iterator[tuple[int, Match]]:
    """Seeded bot games as the hash corpus sets them up (every player count, the variants, random and heuristic
    bots): ``(seed, match)`` every ``every`` actions, and once more when the game is over."""
    from tests.corpus.record import setup

    for seed in seeds:
        players, options, names = setup("evolution", seed)
        m = Match("evolution", players, seed, options)
        bots = [make_bot(name, "evolution") for name in names]
        rng = Rng(seed)
        steps = 0
        while not m.over:
            if steps % every == 0:
                yield seed, m
            seat = m.to_act[0]
            m.act(seat, bots[seat].choose(m.view(seat), rng))
            steps += 1
        yield seed, m


def plain(value: Any) -> Any:
    """``value`` as plain data, all the way down (slotted objects by their fields): equal iff nothing differs."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(map(plain, value), key=repr)
    slots = fields(value)  # __slots__, or a compiled class's __mypyc_attrs__
    if slots:
        return {"class": type(value).__name__, **{name: plain(getattr(value, name)) for name in slots}}
    return value
