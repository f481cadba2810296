"""The search's budget and its anchor: it stops when no iteration left could change its move
(and then plays the move the whole budget would have), and with an ``anchor`` it leaves the
heuristic's move only for one that beat it clearly on the same worlds."""

from __future__ import annotations

import pytest

from evogames.bots import bot_action, make_bot
from evogames.bots.ismcts import Edge, ISMCTSBot, Node, _clearly_positive, action_key
from evogames.core.errors import UsageError
from evogames.core.match import Match
from evogames.core.rng import Rng
from evogames.server.search import Job, job_bot
from tests.bots.test_ismcts import WINNING, heuristic_position, winning_moves


def positions(game: str, players: int) -> list[tuple[Match, int]]:
    """Mid-game positions of heuristic play where the acting seat has a choice."""
    found: list[tuple[Match, int]] = []
    match, bot, rng = Match(game, players, 5), make_bot("heuristic", game), Rng(5)
    steps = 0
    while not match.over and len(found) < 5:
        seat = match.to_act[0]
        if steps % 13 == 5 and len(match.legal(seat)) > 1:
            found.append((match.clone(), seat))
        match.act(seat, bot.choose(match.view(seat), rng))
        steps += 1
    return found


@pytest.mark.parametrize(("game", "players", "seed", "steps"), WINNING[:2])
def test_a_clear_move_stops_the_search_early(game: str, players: int, seed: int, steps: int) -> None:
    match = heuristic_position(game, players, seed, steps)
    seat = match.to_act[0]
    bot = make_bot("ismcts:iterations=400:early=1", game)
    assert isinstance(bot, ISMCTSBot)
    assert action_key(bot_action(bot, match, seat, Rng(3))) in winning_moves(match, seat)
    assert 0 < bot.last.iterations < 400
    first, second, *_ = sorted([*bot.last.visits.values(), 0, 0], reverse=True)
    assert first - second > 400 - bot.last.iterations


@pytest.mark.parametrize(("game", "players"), [("mating", 4), ("evolution", 4), ("phylo", 2), ("dodo", 2),
                                               ("adapt", 4)])
def test_stopping_early_never_changes_the_move(game: str, players: int) -> None:
    stopped = 0
    for match, seat in positions(game, players):
        early = ISMCTSBot(game, iterations=150, depth=20, early=1)
        whole = ISMCTSBot(game, iterations=150, depth=20)
        assert bot_action(early, match, seat, Rng(9)) == bot_action(whole, match, seat, Rng(9))
        assert whole.last.iterations == 150
        stopped += early.last.iterations < 150
    assert stopped  # the rule did stop somewhere, so the equality above tested it


def test_clearly_positive_needs_the_mean_above_z_standard_errors() -> None:
    assert _clearly_positive([1.0, 1.0, 0.0, 1.0], 1.0)
    assert not _clearly_positive([1.0, -1.0, 0.0, 0.5], 1.0)
    assert not _clearly_positive([1.0], 0.0)  # one pair proves nothing
    assert not _clearly_positive([0.0, 0.0, 0.0], 0.0)
    assert _clearly_positive([0.5, 0.5, 0.5], 5.0)  # no spread: any margin is clear


def test_an_anchored_search_keeps_the_policy_s_move_in_a_lost_game() -> None:
    """Adapt or Die's search, hopelessly behind with three NICHE cards while everyone else had four, judged
    every move to win 0.07-0.09% of the games and left the policy's move (end the turn; take the NICHE card)
    for whichever was a sliver ahead, round after round: 28 of 400 games ran past 150 searched moves
    (game 7 of the record to round 60). Where every move wins under ``HOPELESS``, the policy's move stays.
    With the bar at 1% and only the two moves compared, it kept the policy's move where a tie was still to be
    had (2 of 88 games of the record): the bar is 0.2%, over every move."""
    bot = ISMCTSBot("adapt", iterations=10, anchor=2.0)
    policy, other = {"type": "end_turn"}, {"type": "move", "to": "S23"}
    lost = [0.0009 + 0.00001 * (k % 3) for k in range(40)]
    assert _clearly_positive([b - 0.0007 for b in lost], 2.0)  # consistent, far above its error
    root = Node([])
    root.edges = [Edge(other, 40, sum(lost), tries=lost), Edge(policy, 40, 0.028, tries=[0.0007] * 40)]
    assert bot._final(root, policy).action == policy
    third = {"type": "move", "to": "S61"}  # one move that still wins 3% of the games: not a lost game
    root.edges.append(Edge(third, 10, 0.3, tries=[0.03] * 10))
    assert bot._final(root, policy).action == other, "the paired test decides, as in any other position"
    assert bot._final(root, None).action == other, "no policy's move to keep (already played from this view)"
    root.edges.pop()
    gain = [0.3 + 0.01 * (k % 3) for k in range(40)]  # a real chance still moves it
    root.edges[0] = Edge(other, 40, sum(gain), tries=gain)
    assert bot._final(root, policy).action == other


@pytest.mark.parametrize(("game", "players"), [("mating", 4), ("dodo", 2), ("adapt", 4)])
def test_an_anchor_no_search_can_clear_keeps_the_heuristics_move(game: str, players: int) -> None:
    left = 0
    for match, seat in positions(game, players):
        bot, free = ISMCTSBot(game, iterations=60, depth=20, anchor=1e9), ISMCTSBot(game, iterations=60, depth=20)
        assert bot_action(bot, match, seat, Rng(4)) == bot.last.prior
        left += bot_action(free, match, seat, Rng(4)) != free.last.prior
    assert left  # unanchored, the search left the heuristic's move somewhere: the anchor made the difference


@pytest.mark.parametrize(("game", "players", "seed", "steps"), WINNING)
def test_an_anchored_search_still_takes_a_winning_move(game: str, players: int, seed: int, steps: int) -> None:
    match = heuristic_position(game, players, seed, steps)
    seat = match.to_act[0]
    bot = make_bot("ismcts:iterations=120:anchor=1", game)
    assert action_key(bot_action(bot, match, seat, Rng(3))) in winning_moves(match, seat)


def test_a_bad_anchor_is_refused() -> None:
    with pytest.raises(Exception, match="anchor must be a number"):
        make_bot("ismcts:iterations=10:anchor=-1", "mating")


@pytest.mark.parametrize(("rollout", "level"), [("medium", "medium"), ("heuristic", "heuristic")])
def test_rollout_medium_tries_the_medium_bots_move_first(rollout: str, level: str) -> None:
    """The Mating Game's first move of seed 3, where the heuristic and the medium bot each have one
    choice and they differ: the search's first try is the bot its rollout names for its own seat."""
    match = Match("mating", 4, 3)
    view = match.view(0)
    choice = {repr(make_bot(level, "mating").choose(view, Rng(k))) for k in range(8)}
    assert len(choice) == 1
    bot = ISMCTSBot("mating", iterations=8, rollout=rollout)
    bot_action(bot, match, 0, Rng(2))
    assert {repr(bot.last.prior)} == choice


def test_every_game_names_a_rollout_the_search_knows() -> None:
    import evogames
    from evogames.bots.ismcts import ROLLOUTS

    for entry in evogames.catalog():
        assert evogames.game(entry["name"]).search_rollout in ROLLOUTS, entry["name"]


@pytest.mark.parametrize("level", ["hard", "expert", "ismcts:iterations=10"])
def test_the_mating_games_search_plays_its_own_rollouts_by_the_medium_bot(level: str) -> None:
    mating, dodo = make_bot(level, "mating"), make_bot(level, "dodo")
    assert isinstance(mating, ISMCTSBot) and isinstance(dodo, ISMCTSBot)
    assert (mating.rollout, dodo.rollout) == ("medium", "heuristic")
    assert make_bot("ismcts:iterations=10:rollout=heuristic", "mating").rollout == "heuristic"  # type: ignore[attr-defined]


def test_the_servers_search_plays_the_games_rollout_as_the_level_does() -> None:
    for game in ("mating", "dodo", "adapt"):
        job = Job(game, Match(game, 2 if game == "dodo" else 4, 1).state, 0, 20, 0.1, 1)
        level = make_bot("hard", game)
        assert (job_bot(job).rollout, job_bot(job).anchor) == (level.rollout, level.anchor)  # type: ignore[attr-defined]


def test_adapt_or_dies_search_levels_keep_the_medium_bots_move_unless_another_is_clearly_better() -> None:
    """Adapt or Die asks for an anchor (its judge leaves most moves level); the other games do not, and by
    hand the anchor can be set aside."""
    for level in ("hard", "expert", "ismcts:iterations=10"):
        bot = make_bot(level, "adapt")
        assert isinstance(bot, ISMCTSBot) and (bot.rollout, bot.anchor) == ("medium", 2.0)
    assert make_bot("ismcts:iterations=10:anchor=0", "adapt").anchor == 0.0  # type: ignore[attr-defined]
    assert {make_bot("hard", g).anchor for g in ("mating", "evolution", "phylo", "dodo")} == {0.0}  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [22, 23])
def test_adapt_or_dies_search_ends_its_games(seed: int) -> None:
    """With ``hard``'s settings (fewer iterations) against three heuristic bots, the game ends as the
    rules end it (the last player's 4th NICHE card), well before the 60-round limit. Without the
    anchor (``anchor=0``), seed 22 ran to the limit: the search, seeing taking a NICHE card and waiting
    for one as equal, wandered the board holding three for 50 rounds (README "Bot strength")."""
    match = Match("adapt", 4, seed)
    bots = [make_bot("ismcts:iterations=60:early=1", "adapt"), *(make_bot("heuristic", "adapt") for _ in range(3))]
    rng = Rng(seed)
    while not match.over:
        seat = match.to_act[0]
        match.act(seat, bot_action(bots[seat], match, seat, rng))
    assert match.result is not None and match.result["reason"] == "complete" and match.result["rounds"] < 25


def test_the_levels_stop_early_and_the_coach_and_ismcts_by_hand_spend_the_whole_budget() -> None:
    """A hint reports every move's share of the games, so the coach's search never stops early; nor does
    ``ismcts:iterations=N`` (N games, as a researcher asked); ``hard`` and ``expert`` do."""
    assert [make_bot(level, "mating").early for level in ("hard", "expert")] == [True, True]  # type: ignore[attr-defined]
    assert not make_bot("ismcts:iterations=10", "mating").early  # type: ignore[attr-defined]
    state = Match("mating", 4, 1).state
    assert not job_bot(Job("mating", state, 0, 60, 0.1, 1)).early  # the coach's job
    assert job_bot(Job("mating", state, 0, 60, 0.1, 1, early=True)).early  # a table's hard bot


def test_a_bad_early_is_refused() -> None:
    with pytest.raises(Exception, match="early is 1"):
        make_bot("ismcts:iterations=10:early=yes", "mating")


def test_a_bad_exploration_or_widening_is_refused_in_words() -> None:
    for setting, word in (("c=high", "c must be a number"), ("widen=-1", "widen must be a number")):
        with pytest.raises(UsageError, match=word):
            make_bot(f"ismcts:iterations=10:{setting}", "mating")
