"""Phylo's search judge (``search.py``): how a search bot and the coach judge a rollout cut short.

The share by rank gave the player ahead on points the whole win; cut 20 actions into a rollout, that was
nearly always the player whose turn had just ended, so every move of a turn's first action "won 100% of
the games I tried" in the coach's sentence."""

from __future__ import annotations

import time

from evogames import Match
from evogames.bots import bot_action, make_bot
from evogames.core.registry import game as lookup
from evogames.core.rng import Rng
from evogames.games.phylo.search import actions_had, evaluate
from evogames.kit.judge import share_by_rank
from evogames.kit.parts import search_evaluation


def view_of(points: list[float], turn: int, player: int, left: int, decks: int = 10) -> dict[str, object]:
    return {"players": [{"points": p, "deck_size": decks} for p in points], "turn": turn, "player": player,
            "actions_left": left}


def test_the_actions_each_seat_has_had() -> None:
    assert actions_had(1, 0, 3, 2) == [0, 0]  # the first turn begins
    assert actions_had(2, 1, 3, 2) == [3, 0]
    assert actions_had(3, 0, 1, 2) == [5, 3]
    assert actions_had(4, 0, 3, 3) == [3, 3, 3]  # three seats: the second round begins
    assert actions_had(3, 1, 2, 2) == [3, 4]  # Player 2 went first


def test_a_lead_of_one_turn_s_plays_is_not_the_whole_win() -> None:
    """Player 1 has just played a turn (3 actions, 5 points on the table) and Player 2 is to play theirs:
    by rank Player 1 had won; judged, it is near even. A real lead counts, and more as the decks run out."""
    judge = search_evaluation(lookup("phylo"))
    assert judge is not None
    tempo = view_of([5, 0], turn=2, player=1, left=3)
    assert share_by_rank([5, 0], 0) == 1.0
    assert 0.45 < judge(tempo, 0) < 0.65 and abs(judge(tempo, 0) + judge(tempo, 1) - 1) < 1e-9
    early, late = view_of([20, 10], 9, 0, 3, decks=30), view_of([20, 10], 9, 0, 3, decks=0)
    assert 0.5 < evaluate(early, 0) < evaluate(late, 0) < 1.0
    assert evaluate(view_of([3, 3], 1, 0, 3), 5) == 0.0  # no such seat


def test_the_judge_foretells_heuristic_games_better_than_a_coin_and_the_rank() -> None:
    """On positions every 7th action of 80 games of two heuristic bots (seeds the fit never saw), the judge's
    share of the first seat against who then won: a Brier score under a fair share's and far under the rank's."""
    spec, started = lookup("phylo"), time.perf_counter()
    rows = []
    for g in range(80):
        match = Match("phylo", 2, 9000 + g)
        bots = [make_bot("heuristic", "phylo") for _ in range(2)]
        rng, seen, played = Rng(g), [], 0
        while not match.over:
            seat = match.to_act[0]
            match.act(seat, bot_action(bots[seat], match, seat, rng))
            played += 1
            if played % 7 == 0 and not match.over:
                seen.append(match.view(None))
        winners = (match.result or {})["winners"]
        rows += [(view, 1.0 / len(winners) if 0 in winners else 0.0) for view in seen]

    def brier(share: object) -> float:
        return sum((share(view) - won) ** 2 for view, won in rows) / len(rows)  # type: ignore[operator]
    judged = brier(lambda view: evaluate(view, 0))
    fair = brier(lambda view: 0.5)
    ranked = brier(lambda view: share_by_rank([spec.score_of(view, s) or 0.0 for s in range(2)], 0))
    print(f"\n{len(rows)} positions: Brier judge {judged:.3f}, fair {fair:.3f}, rank {ranked:.3f} "
          f"({time.perf_counter() - started:.1f} s)")
    assert judged < fair - 0.02 and fair < ranked
