"""The ISMCTS bot and the bot levels: it finds the winning move, never plays an illegal one,
cannot tell apart two states its seat cannot tell apart, and every level resolves by name."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import evogames
from evogames import Match
from evogames.bots import bot_action, bot_names, level_names, make_bot, table_levels
from evogames.bots.ismcts import ISMCTSBot, action_key
from evogames.bots.levels import EasyBot
from evogames.cli.app import app
from evogames.cli.play import seat_bots
from evogames.core.errors import ErrorCode, EvogamesError, IllegalAction, UsageError
from evogames.core.rng import Rng, derive_seed
from evogames.server.seats import parse_seats
from evogames.sim.play import Lineup, play_game

#: (game, players, seed, actions before the position): heuristic play reaches a position where
#: some of the acting seat's moves end the game with it the only winner and the others do not
WINNING = [("mating", 4, 21, 84), ("evolution", 4, 10, 184), ("phylo", 2, 12, 41), ("dodo", 2, 4, 63),
           ("adapt", 4, 8, 127)]


def heuristic_position(game: str, players: int, seed: int, steps: int) -> Match:
    match, bot, rng = Match(game, players, seed), make_bot("heuristic", game), Rng(seed)
    for _ in range(steps):
        seat = match.to_act[0]
        match.act(seat, bot.choose(match.view(seat), rng))
    return match


def winning_moves(match: Match, seat: int) -> list[str]:
    wins = []
    for action in match.legal(seat):
        after = match.clone()
        after.act(seat, action)
        if after.over and (after.result or {}).get("winners") == [seat]:
            wins.append(action_key(action))
    return wins


@pytest.mark.parametrize(("game", "players", "seed", "steps"), WINNING)
def test_ismcts_finds_the_winning_move(game: str, players: int, seed: int, steps: int) -> None:
    match = heuristic_position(game, players, seed, steps)
    seat = match.to_act[0]
    wins = winning_moves(match, seat)
    assert wins and len(wins) < len(match.legal(seat))  # a real choice: some moves do not win
    bot = make_bot("ismcts:iterations=60", game)
    assert action_key(bot_action(bot, match, seat, Rng(3))) in wins


@pytest.mark.parametrize("name", [entry["name"] for entry in evogames.catalog()])
def test_ismcts_plays_only_legal_moves_to_the_end(name: str) -> None:
    """Every registered game (the toy game too), a whole game with an ismcts bot in every seat."""
    game = evogames.game(name)
    players = max(game.min_players, min(3, game.max_players))
    bots = Lineup.parse("ismcts:iterations=4:depth=8", players).bots(name)
    match = Match(name, players, seed=11)
    rng = Rng(2)
    while not match.over:
        seat = match.to_act[0]
        action = bot_action(bots[seat], match, seat, rng)
        assert action in match.legal(seat)
        match.act(seat, action)


@pytest.mark.parametrize(("game", "players", "extra"), [
    ("mating", 4, ""), ("mating", 4, ":belief=1"), ("evolution", 3, ""), ("phylo", 2, ""), ("dodo", 2, ""),
    ("adapt", 3, "")])
def test_ismcts_sees_only_what_its_seat_sees(game: str, players: int, extra: str) -> None:
    """Two real states the seat cannot tell apart (every hidden card and the deck orders swapped
    by the game's own determinize): the same view, and the same seed gives the same move and
    the same visit counts (also where the search reads its rivals' plays: ``belief=1``)."""
    spec = evogames.game(game)
    for steps in (3, 17, 30):
        match = heuristic_position(game, players, 7, steps)
        if match.over:
            continue
        seat = match.to_act[0]
        swapped = spec.determinize(match.state, seat, Rng(99))
        assert spec.full_view(swapped, seat) == match.view(seat)
        one, other = (make_bot(f"ismcts:iterations=30:depth=20{extra}", game) for _ in range(2))
        assert isinstance(one, ISMCTSBot) and isinstance(other, ISMCTSBot)
        assert other.choose_from(swapped, seat, Rng(5)) == one.choose_from(match.state, seat, Rng(5))
        assert other.last.visits == one.last.visits


def test_levels_resolve_by_name_for_every_game() -> None:
    for entry in evogames.catalog():
        for name in level_names():
            spec = name if name != "ismcts" else "ismcts:iterations=5"
            assert make_bot(spec, entry["name"]).name.split(":")[0] in (name, "heuristic")
    hard = make_bot("hard", "mating")
    assert isinstance(hard, ISMCTSBot) and 0 < hard.seconds <= 1
    expert = make_bot("expert", "mating")
    assert isinstance(expert, ISMCTSBot) and expert.seconds > hard.seconds
    assert isinstance(make_bot("easy", "mating"), EasyBot)
    seconds = make_bot("ismcts:seconds=0.5", "dodo")
    assert isinstance(seconds, ISMCTSBot) and seconds.seconds == 0.5


def test_rollouts_play_a_short_game_out_and_cut_a_long_one() -> None:
    """The Mating Game (~80 actions) is played out; the long games' rollouts stop at 20 actions."""
    depths = {name: make_bot("hard", name).depth for name in ("mating", "evolution", "phylo", "dodo", "adapt")}
    assert depths == {"mating": 60, "evolution": 20, "phylo": 20, "dodo": 20, "adapt": 20}
    assert make_bot("ismcts:iterations=9:depth=7", "evolution").depth == 7, "by hand it is the player's"


def test_the_server_offers_the_view_bots_and_the_search_levels() -> None:
    """The search levels think in the server's worker pool (server/search.py): a table offers them;
    a bot it does not offer (a hand-made ismcts setting, an unknown name) is refused with a sentence."""
    assert bot_names() == ["random", "heuristic", "easy", "medium"]
    assert table_levels() == [*bot_names(), "hard", "expert"]
    assert {"hard", "expert", "ismcts"} <= set(level_names())
    assert [s.bot for s in parse_seats([{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "hard"}], 2, 4)] \
        == ["easy", "hard"]
    for bad in ("ismcts:iterations=99999999", "grandmaster"):
        with pytest.raises(IllegalAction, match=f"unknown bot '{bad}'") as caught:
            parse_seats([{"kind": "human"}, {"kind": "bot", "bot": bad}], 2, 4)
        assert caught.value.code == ErrorCode.TABLE_SEATS


@pytest.mark.parametrize("spec", ["ismcts", "ismcts:iterations=-1", "ismcts:seconds=fast", "ismcts:rollout=smart:"
                                  "iterations=3", "ismcts:colour=red:iterations=3", "hard:depth=0", "easy:mistakes=2",
                                  "grandmaster", "ismcts:iterations", "ismcts:iterations=3:belief=2"])
def test_a_bad_bot_spec_is_refused_with_a_sentence(spec: str) -> None:
    with pytest.raises(EvogamesError) as caught:  # an unknown bot: IllegalAction; a bad style: UsageError
        make_bot(spec, "mating")
    assert caught.value.code in (ErrorCode.BOT_STYLE, ErrorCode.BOT_UNKNOWN)
    assert str(caught.value).endswith(".")


def test_the_lab_and_the_terminal_take_levels() -> None:
    bots = Lineup.parse("hard:seconds=0:iterations=5,easy,medium", 4).bots("mating")
    assert play_game(Match("mating", 4, 3), bots, 3).over
    assert [b.name for b in seat_bots("easy,expert", Match("dodo", 2, 1), 0).values()] == ["easy"]
    assert isinstance(seat_bots("hard", Match("mating", 3, 1), 1)[0], ISMCTSBot)
    with pytest.raises(UsageError):
        Lineup.parse("", 4)


def test_simulate_takes_a_parameterised_search_bot_and_refuses_a_bad_one() -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["simulate", "dodo", "-n", "1", "-p", "2", "--bots", "ismcts:iterations=3:depth=5,medium",
                             "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["games"] == 1
    bad = runner.invoke(app, ["simulate", "dodo", "-n", "1", "-p", "2", "--bots", "ismcts:iterations=lots"])
    assert bad.exit_code != 0
    assert "iterations must be a whole number" in bad.output


def test_an_iteration_budget_is_deterministic() -> None:
    match = heuristic_position("evolution", 4, 2, 20)
    seat = match.to_act[0]
    bots = [make_bot("ismcts:iterations=25", "evolution") for _ in range(3)]
    moves = {action_key(bot.choose_from(match.state, seat, Rng(8))) for bot in bots if isinstance(bot, ISMCTSBot)}
    assert len(moves) == 1


def test_back_at_a_view_after_an_undo_the_bot_tries_something_else() -> None:
    """Dodo's migration offers ``cancel``: a weak search once chose a creature and cancelled for
    ever (3,000 actions, no end); back at the same view, the bot now plays another move."""
    match = Match("dodo", 2, derive_seed(0, 0))
    bots = Lineup.parse("ismcts:iterations=3:depth=5,medium", 2).bots("dodo")
    rng = Rng(1)
    for _ in range(1500):
        if match.over:
            break
        seat = match.to_act[0]
        match.act(seat, bot_action(bots[seat], match, seat, rng))
    assert match.over


def test_the_root_meets_the_same_worlds_in_the_same_order_and_keeps_only_so_many() -> None:
    """Common random numbers: the k-th try of every root move starts from the same world and dice; only
    the first KEPT worlds are held (a long search would otherwise keep thousands of states)."""
    from evogames.bots.ismcts import KEPT, Worlds

    match = heuristic_position("mating", 4, 7, 10)
    seat, spec = match.to_act[0], evogames.game("mating")
    worlds = Worlds(spec, match.state, seat, Rng(3), None)
    one, again = worlds.sample(5), worlds.sample(5)
    assert one[0] is not again[0] and spec.full_view(one[0], None) == spec.full_view(again[0], None)
    assert one[0].hands == again[0].hands and one[1].next64() == again[1].next64()
    for k in range(KEPT + 300):
        worlds.sample(k)
    assert len(worlds.made) == KEPT


def test_the_mating_games_levels_and_server_jobs_read_the_rivals_plays() -> None:
    """The Mating Game's search deals rivals' hands by their reveals wherever it plays (``belief``, on by default);
    ``belief=0`` switches it off; a game without a belief part deals uniformly."""
    from evogames.games.mating.belief import infer
    from evogames.server.search import Job, job_bot

    for name in ("hard", "expert", "ismcts:iterations=10"):
        bot = make_bot(name, "mating")
        assert isinstance(bot, ISMCTSBot) and bot.infer is infer, name
    off = make_bot("ismcts:iterations=10:belief=0", "mating")
    assert isinstance(off, ISMCTSBot) and off.infer is None
    job = Job("mating", Match("mating", 4, 1).state, 0, 60, 0.1, 1, {}, True)
    assert job_bot(job).infer is infer
    other = make_bot("hard", "evolution")
    assert isinstance(other, ISMCTSBot) and other.infer is None
