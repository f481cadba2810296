"""determinize(state, seat, rng): nothing is hidden in Tough Luck, Dodo, so only the die's future changes.

At many points of seeded bot games and for every seat: the seat's view (and the
spectator's) is identical, the legal actions are identical, the original state
is unchanged, the grid, the blocks and the bases are conserved, the copy plays
on to the end, and the die rolls still to come differ from one rng to another.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.dodo import SPEC
from evogames.games.dodo.components import components
from evogames.games.dodo.state import DodoState

SEEDS = range(8)
EVERY = 17  # actions between two checked points
RNGS = 20


def _points(seed: int) -> Iterator[DodoState]:
    """The live state at every ``EVERY``-th action of a seeded bot game (random and heuristic seats)."""
    players = 2 + seed % 3
    m = Match("dodo", players, seed, {"max_turns": 12})
    bots = [make_bot(("random", "heuristic")[(seed + seat) % 2], "dodo") for seat in range(players)]
    rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
    steps = 0
    while not m.over:
        if steps % EVERY == 0:
            yield m.state
        seat = m.to_act[0]
        m.act(seat, bots[seat].choose(m.view(seat), rngs[seat]))
        steps += 1
    yield m.state


def _fingerprint(s: DodoState) -> str:
    """Everything anyone sees of ``s``, its log and its generator's position."""
    seats: list[int | None] = [*range(s.n), None]
    seen = {
        "views": [SPEC.view(s, seat) for seat in seats],
        "legal": [SPEC.legal(s, seat) for seat in range(s.n)],
        "log": [SPEC.render_event(e, seat) for e in SPEC.events(s) for seat in seats],
        "events": repr(SPEC.events(s)),
        "rng": s.rng.state,
        "stats": SPEC.stats(s),
    }
    return json.dumps(seen, sort_keys=True, default=str)


def _stock(s: DodoState) -> dict[str, Any]:
    """What the box holds and where it is: the grid's cards, the blocks by colour, each player's bases."""
    blocks: Counter[int] = Counter()
    for c in s.creatures.values():
        blocks.update(c.blocks)
    for colour, left in enumerate(s.supply):
        blocks[colour] += left
    bases = [s.bases[seat] + sum(1 for c in s.creatures.values() if c.owner == seat) for seat in range(s.n)]
    return {"grid": sorted(s.grid), "blocks": dict(blocks), "bases": bases}


def _play_out(s: DodoState, picks: Rng) -> list[Any]:
    """Random legal moves to the end; the die rolls of the births on the way."""
    start = len(SPEC.events(s))
    steps = 0
    while not SPEC.is_over(s):
        seat = SPEC.to_act(s)[0]
        SPEC.apply(s, seat, picks.choice(SPEC.legal(s, seat)))
        steps += 1
        assert steps < 5000, "no end"
    return [e[5] for e in SPEC.events(s)[start:] if e[0] == "birth"]


def test_the_seat_sees_the_same_game_and_the_original_is_untouched() -> None:
    box = components()
    for seed in SEEDS:
        for s in _points(seed):
            before = _fingerprint(s)
            stock = _stock(s)
            assert stock["blocks"] == {k: box.blocks_per_colour for k in range(3)}
            assert stock["bases"] == [box.bases_per_player] * s.n
            for seat in range(s.n):
                det = SPEC.determinize(s, seat, Rng(seed * 100 + seat))
                assert det is not s and det.creatures is not s.creatures and det.events is not s.events
                assert SPEC.view(det, seat) == SPEC.view(s, seat)
                assert SPEC.view(det, None) == SPEC.view(s, None)
                if seat in SPEC.to_act(s):
                    assert SPEC.legal(det, seat) == SPEC.legal(s, seat)
                assert _stock(det) == stock
                assert det.rng.state != s.rng.state
                _play_out(det, Rng(seed))  # plays to the end without an error
                assert _fingerprint(s) == before, f"seed {seed}: determinize or play on it changed the original"


def test_only_the_future_of_the_die_varies() -> None:
    """Over 20 rngs the same moves meet different rolls; everything seen so far is the same."""
    varied = 0
    for seed in SEEDS:
        for s in _points(seed):
            if SPEC.is_over(s):
                continue
            seat = SPEC.to_act(s)[0]
            dets = [SPEC.determinize(s, seat, Rng(k)) for k in range(RNGS)]
            assert len({d.rng.state for d in dets}) == RNGS
            assert len({_fingerprint(d).split('"rng"')[0] for d in dets}) == 1  # the seen part: identical
            rolls = [tuple(_play_out(d, Rng(seed))) for d in dets]  # the same picks, different dice
            if any(rolls):
                assert len(set(rolls)) >= 2, f"seed {seed}: twenty rngs, one future of the die"
                varied += 1
    assert varied >= 10


def test_the_same_rng_gives_the_same_copy() -> None:
    s = next(p for p in _points(3) if p.turn >= 2)
    a, b = SPEC.determinize(s, 0, Rng(5)), SPEC.determinize(s, 1, Rng(5))
    assert _fingerprint(a) == _fingerprint(b)
    assert _play_out(a, Rng(1)) == _play_out(b, Rng(1))
