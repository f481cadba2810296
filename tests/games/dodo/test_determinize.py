"""determinize(state, seat, rng): nothing is hidden in Tough Luck, Dodo, so only the die's future changes.

At many points of seeded bot games and for every seat: the seat's view (and the
spectator's) is identical, the legal actions are identical, the original state
is unchanged, the grid, the blocks and the bases are conserved, the copy plays
on to the end, and the die rolls still to come differ from one rng to another.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from evogames.core.rng import Rng
from evogames.games.dodo import SPEC
from evogames.games.dodo.components import components
from evogames.games.dodo.events import Birth
from evogames.games.dodo.state import DodoState
from tests.games.dodo.helpers import bot_game_points, play_out, seen

SEEDS = range(8)
RNGS = 20


def _stock(s: DodoState) -> dict[str, Any]:
    """What the box holds and where it is: the grid's cards, the blocks by colour, each player's bases."""
    blocks: Counter[int] = Counter()
    for c in s.creatures.values():
        blocks.update(c.blocks)
    for colour, left in enumerate(s.supply):
        blocks[colour] += left
    bases = [s.bases[seat] + sum(1 for c in s.creatures.values() if c.owner == seat) for seat in range(s.n)]
    return {"grid": sorted(s.grid), "blocks": dict(blocks), "bases": bases}


def _rolls(s: DodoState, picks: Rng) -> tuple[Any, ...]:
    """Play on with random legal moves; the die rolls of the births on the way."""
    return tuple(e.rolls for e in play_out(s, picks) if isinstance(e, Birth))


def test_the_seat_sees_the_same_game_and_the_original_is_untouched() -> None:
    box = components()
    for seed in SEEDS:
        for m in bot_game_points(seed):
            s = m.state
            before = seen(s)
            stock = _stock(s)
            assert stock["blocks"] == {k: box.blocks_per_colour for k in range(3)}
            assert stock["bases"] == [box.bases_per_player] * s.n
            for seat in range(s.n):
                det = SPEC.determinize(s, seat, Rng(seed * 100 + seat))
                assert det is not s and det.creatures is not s.creatures and det.events is not s.events
                assert SPEC.full_view(det, seat) == SPEC.full_view(s, seat)
                assert SPEC.full_view(det, None) == SPEC.full_view(s, None)
                if seat in SPEC.to_act(s):
                    assert SPEC.legal(det, seat) == SPEC.legal(s, seat)
                assert _stock(det) == stock
                assert det.rng.state != s.rng.state
                play_out(det, Rng(seed))  # plays to the end without an error
                assert seen(s) == before, f"seed {seed}: determinize or play on it changed the original"


def test_only_the_future_of_the_die_varies() -> None:
    """Over 20 rngs the same moves meet different rolls; everything seen so far is the same."""
    varied = 0
    for seed in SEEDS:
        for m in bot_game_points(seed):
            s = m.state
            if SPEC.is_over(s):
                continue
            seat = SPEC.to_act(s)[0]
            dets = [SPEC.determinize(s, seat, Rng(k)) for k in range(RNGS)]
            assert len({d.rng.state for d in dets}) == RNGS
            assert {seen(d, rng=False) for d in dets} == {seen(s, rng=False)}  # all but the generator: identical
            rolls = [_rolls(d, Rng(seed)) for d in dets]  # the same picks, different dice
            if any(rolls):
                assert len(set(rolls)) >= 2, f"seed {seed}: twenty rngs, one future of the die"
                varied += 1
    assert varied >= 10


def test_the_same_rng_gives_the_same_copy() -> None:
    s = next(m.state for m in bot_game_points(3) if m.state.turn >= 2)
    a, b = SPEC.determinize(s, 0, Rng(5)), SPEC.determinize(s, 1, Rng(5))
    assert seen(a) == seen(b)
    assert play_out(a, Rng(1)) == play_out(b, Rng(1))
