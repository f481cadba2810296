"""A search bot's judge of a rollout cut short: the ``search`` part (``evaluate``) and its fallback,
a share read from the public scores."""

from __future__ import annotations

import evogames
from evogames import Match
from evogames.bots import make_bot
from evogames.bots.ismcts import ISMCTSBot
from evogames.core.rng import Rng
from evogames.games.adapt.bot_medium import MediumTable
from evogames.games.adapt.search import CLOSE, OPEN, evaluate, temperature, win_shares
from evogames.games.dodo.search import evaluate as dodo_evaluate
from evogames.games.phylo.search import evaluate as phylo_evaluate
from evogames.kit.judge import share_by_rank
from evogames.kit.parts import search_evaluation

CUT = 60  # actions into an Adapt or Die game of four heuristic bots (about 150 actions)


def play_and_cut(name: str, players: int, seed: int, cut: int) -> tuple[dict[str, object] | None, list[int]]:
    """The public view ``cut`` actions into a seeded game of heuristic bots (None if it ended
    before), and the game's winners."""
    spec = evogames.game(name)
    match, bot, rng = Match(name, players, seed), make_bot("heuristic", name), Rng(seed)
    view = None
    for step in range(10_000):
        if match.over:
            break
        if step == cut:
            view = spec.full_view(match.state, None)
        seat = match.to_act[0]
        match.act(seat, bot.choose(match.view(seat), rng))
    return view, list((match.result or {}).get("winners") or [])


def test_adapts_judge_tells_the_four_seats_apart() -> None:
    """60 actions into a game (seed 3) ``evaluate`` gives the four seats four different shares (the running unfit
    scores count only the habitats held so far: the judge prices the NICHE cards still to come as well)."""
    view, _ = play_and_cut("adapt", 4, 3, CUT)
    assert view is not None
    assert len({evaluate(view, s) for s in range(4)}) == 4


def test_a_judge_by_the_public_scores_reads_a_lower_score_as_better_where_the_game_says_so() -> None:
    """A game without a search part is judged by its running scores: Adapt or Die's unfit score is better low
    (its spec's ``lower_wins``), so the seat with the lowest gets the largest share there."""
    spec = evogames.game("adapt")
    match, heuristic, rng = Match("adapt", 4, 3), make_bot("heuristic", "adapt"), Rng(3)
    while not match.over and len(match.actions) < CUT:
        seat = match.to_act[0]
        match.act(seat, heuristic.choose(match.view(seat), rng))
    assert not match.over  # a rollout cut short: judged by the running scores, not the result
    view = spec.full_view(match.state, None)
    scores = [spec.score_of(view, s) for s in range(4)]
    assert spec.lower_wins(view) and all(score is not None for score in scores) and len(set(scores)) > 1, scores
    bot = ISMCTSBot("adapt", iterations=1)
    bot.evaluate = None  # as for a game without its own judge
    shares = [bot._reward(match.state, s) for s in range(4)]
    lowest = min(range(4), key=lambda s: scores[s] or 0.0)
    assert shares[lowest] == max(shares), (scores, shares)


def test_adapts_judge_names_the_likely_winner() -> None:
    """20 games cut 60 actions in: the seat ``evaluate`` rates best goes on to win over 40% of them
    (a seat's fair share is 25%); its shares rank the seats, no two games' worth alike."""
    won = 0.0
    for seed in range(20):
        view, winners = play_and_cut("adapt", 4, seed, CUT)
        assert view is not None
        shares = [evaluate(view, s) for s in range(4)]
        assert all(0.0 <= share <= 1.0 for share in shares)
        best = max(range(4), key=lambda s: shares[s])
        won += 1 / len(winners) if best in winners else 0.0
    assert won / 20 > 0.4


def test_adapts_judge_foretells_the_winners_better_than_fair_shares() -> None:
    """Over 30 games of four heuristic bots cut every 15 actions, the judge's shares (which sum to 1)
    are closer to who won (Brier score: the squared gaps to each seat's share of the win) than a fair
    share for everyone; a share by rank of the same projections is not (it gave most to the favourite)."""
    spec = evogames.game("adapt")
    judged = fair = ranked = 0.0
    for seed in range(30):
        match, bot, rng = Match("adapt", 4, 700 + seed), make_bot("heuristic", "adapt"), Rng(seed)
        cuts = []
        for step in range(10_000):
            if match.over:
                break
            if step and step % 15 == 0:
                cuts.append(spec.full_view(match.state, None))
            seat = match.to_act[0]
            match.act(seat, bot.choose(match.view(seat), rng))
        winners = list((match.result or {}).get("winners") or [])
        won = [1 / len(winners) if s in winners else 0.0 for s in range(4)]
        for view in cuts:
            shares = [evaluate(view, s) for s in range(4)]
            assert abs(sum(shares) - 1) < 1e-9
            table = MediumTable(dict(view))
            by_rank = [share_by_rank([-table.now(s) for s in range(4)], s) for s in range(4)]
            judged += sum((a - b) ** 2 for a, b in zip(shares, won, strict=True))
            ranked += sum((a - b) ** 2 for a, b in zip(by_rank, won, strict=True))
            fair += sum((0.25 - b) ** 2 for b in won)
    assert judged < 0.95 * fair < ranked  # 0.75 of fair on these seeds (0.74-0.90 on other windows of 30)


def test_adapts_judge_counts_a_margin_the_rank_ignores() -> None:
    """Two seats ahead of the rest in the same order: the one further ahead gets the larger share, and
    the spread of shares narrows as the NICHE cards still to be won run out (``temperature``)."""
    assert win_shares([10.0, 20.0], 5.0)[0] > win_shares([10.0, 12.0], 5.0)[0] > 0.5
    assert win_shares([10.0, 12.0], 1.0)[0] > win_shares([10.0, 12.0], 12.0)[0]
    view, _ = play_and_cut("adapt", 4, 3, CUT)
    assert view is not None
    late = {**view, "players": [{**p, "niches": ["x"] * int(view["goal"])} for p in view["players"]]}
    assert temperature(late) == CLOSE < temperature(view) <= OPEN


def test_adapts_judge_waits_while_creatures_are_chosen() -> None:
    spec = evogames.game("adapt")
    match = Match("adapt", 3, 5, options={"creatures": "choose"})
    view = spec.full_view(match.state, None)
    assert {evaluate(view, s) for s in range(3)} == {1 / 3}


def test_dodos_judge_names_the_likely_winner_better_than_captures() -> None:
    """40 two-seat games cut 30 actions in: the seat ``evaluate`` rates best (shared if level) goes on
    to win over 65% of them (fair: 50%), more often than the seat with the most captures."""
    spec = evogames.game("dodo")
    won, by_captures, games = 0.0, 0.0, 0
    for seed in range(40):
        view, winners = play_and_cut("dodo", 2, seed, 30)
        if view is None:
            continue
        games += 1
        won += _named_winner([dodo_evaluate(view, s) for s in range(2)], winners)
        by_captures += _named_winner([spec.score_of(view, s) or 0.0 for s in range(2)], winners)
    assert games >= 30 and won / games > 0.65
    assert won > by_captures


def _named_winner(values: list[float], winners: list[int]) -> float:
    """The share of the win that went to the seats ``values`` rate best (a level best shared)."""
    best = [s for s in range(len(values)) if values[s] == max(values)]
    return sum(1 / len(best) for s in best if s in winners) / len(winners)


def test_the_search_bot_judges_a_cut_rollout_by_the_games_own_part() -> None:
    """Adapt or Die declares its judge and the search bot uses it on a rollout cut short; a game
    without the part keeps the public scores."""
    adapt = make_bot("ismcts:iterations=5", "adapt")
    assert isinstance(adapt, ISMCTSBot) and adapt.evaluate is evaluate
    match = Match("adapt", 4, 9)
    assert adapt._reward(match.state, 1) == evaluate(evogames.game("adapt").full_view(match.state, None), 1)
    assert search_evaluation(evogames.game("dodo")) is dodo_evaluate
    assert search_evaluation(evogames.game("phylo")) is phylo_evaluate
    for name in ("mating", "evolution"):
        assert search_evaluation(evogames.game(name)) is None


def test_a_share_by_rank_halves_first_place_and_the_seats_beaten() -> None:
    assert share_by_rank([3.0, 1.0, 1.0, 0.0], 0) == 1.0
    assert share_by_rank([3.0, 3.0, 1.0, 0.0], 0) == 0.25 + 0.5 * 2.5 / 3
    assert share_by_rank([0.0, 1.0], 0) == 0.0
    assert share_by_rank([1.0], 3) == 0.0
