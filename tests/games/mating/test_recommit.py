"""``recommit``: in a determinized world, the rivals' face-down choices of this step chosen again by
a policy (what ISMCTS uses to meet a rival who chose before it as it meets one who chooses after)."""

from __future__ import annotations

from typing import Any

from evogames import Match
from evogames.bots.base import make_bot
from evogames.core.rng import Rng
from evogames.core.types import Action
from evogames.games.mating import SPEC
from evogames.games.mating.determinize import recommit
from evogames.games.mating.flow import ORDER


def committed_position(step: str) -> tuple[Match, int]:
    """Heuristic play up to a ``step`` where the last seat to act has rivals who already chose."""
    bot, rng = make_bot("heuristic", "mating"), Rng(3)
    for seed in range(40):
        m = Match("mating", 4, seed)
        for _ in range(400):
            if m.over:
                break
            acting = m.to_act
            if ORDER[m.state.step] == step and len(acting) == 1 and acting[0] == 3:
                return m, 3
            m.act(acting[0], bot.choose(m.view(acting[0]), rng))
    raise AssertionError(f"no position in {step} with three rivals committed")


def last_legal(asked: list[int]) -> Any:
    """A policy that plays a seat's last legal action and notes who it was asked for."""
    def policy(w: Any, j: int) -> Action:
        asked.append(j)
        actions = SPEC.legal(w, j)
        assert actions, "the rival is asked as if it had not chosen yet"
        return actions[-1]
    return policy


def test_recommit_asks_the_policy_for_each_committed_rival_and_the_seat_cannot_tell() -> None:
    for step in ("play", "discard"):
        m, seat = committed_position(step)
        world = SPEC.determinize(m.state, seat, Rng(8))
        asked: list[int] = []
        recommit(world, seat, last_legal(asked))
        assert asked == [0, 1, 2], step
        assert SPEC.full_view(world, seat) == m.view(seat), "the seat cannot tell the world from the real one"
        assert SPEC.to_act(world) == [seat], "the rivals have chosen again, the step waits for the seat"
        if step == "play":
            assert all(world.choice[j] == "" for j in asked), "legal[-1] is Out to Lunch: the choice it made"
        else:
            assert all(world.discarding[j] == tuple(world.hands[j]) for j in asked), "legal[-1]: discard all"
