"""The level ``medium``: each game's improved heuristic (``bot_medium.py``), each improvement named
by a test that fails on the old heuristic, and the old ``heuristic`` left as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

import evogames
from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.mating.bot_medium import left_in_deck
from evogames.games.phylo.rules.bluff import BLUFF, verdict

GAMES = [entry["name"] for entry in evogames.catalog() if entry["name"] != "toyrace"]


@pytest.mark.parametrize("name", GAMES)
def test_medium_is_each_games_own_bot_and_heuristic_is_unchanged(name: str) -> None:
    """Mating and Evolution's MediumBot improves the heuristic; Phylo, Dodo and Adapt or Die's is
    their heuristic (it already calls only bluffs it wins, and always makes progress)."""
    assert make_bot("medium", name).name == "medium"
    assert type(make_bot("medium", name)).__name__ == "MediumBot"
    assert type(make_bot("heuristic", name)).__name__ == "HeuristicBot"
    assert make_bot("heuristic", name).name == "heuristic"


@pytest.mark.parametrize("name", GAMES)
def test_medium_chooses_only_legal_actions_from_a_json_view(name: str) -> None:
    """It sees only its seat's view, as data, and plays a whole game by it."""
    game = evogames.game(name)
    players = max(game.min_players, min(3, game.max_players))
    m = Match(name, players, seed=5)
    bots = [make_bot("medium", name) for _ in range(players)]
    rng = Rng(1)
    while not m.over:
        seat = m.to_act[0]
        view = json.loads(json.dumps(m.view(seat)))  # nothing but data reaches the bot
        action = bots[seat].choose(view, rng)
        assert action in view["legal"]
        m.act(seat, action)


# -- The Mating Game: what is left in the Environment deck ----------------------------------------
PREDATORS = ["E03", "E04", "E05", "E10", "E13", "E15"]  # every Predator of the core + stable deck


def _mating_view(**change: Any) -> dict[str, Any]:
    view = Match("mating", 4, seed=3).view(0)
    return json.loads(json.dumps({**view, **change}))


def _play_view(round_: int, turned: list[str]) -> dict[str, Any]:
    """Seat 0 to play F01 (cheap, plain) or F23 (Fitness 4, the most visible to a Predator), 7 Food,
    the Environments ``turned`` since the shuffle listed as the view lists them."""
    from evogames.games.mating.components import components

    view = _mating_view()
    players = [{**p, "food": 7} if p["seat"] == 0 else p for p in view["players"]]
    hand = [components().card_dict(c) for c in ("F01", "F23")]
    legal = [{"type": "play", "card": "F01"}, {"type": "play", "card": "F23"}, {"type": "out_to_lunch"}]
    shown = [{"id": c, "name": components().environments[c].name} for c in turned]
    return {**view, "round": round_, "environment_deck": 16 - len(turned), "environment_turned": shown,
            "players": players, "hand": hand, "legal": legal}


def test_mating_medium_bets_on_a_visible_strategy_once_no_predator_is_left_in_the_deck() -> None:
    """Its view lists all six Predator cards turned over: the showy F23 is safe now. The old heuristic
    (even in the medium's bold, flashy style) still fears a Predator and plays F01."""
    view = _play_view(len(PREDATORS) + 1, PREDATORS)
    assert make_bot("medium", "mating").choose(view, Rng(1)) == {"type": "play", "card": "F23"}
    assert make_bot("heuristic:prefer=flashy:risk=1", "mating").choose(view, Rng(1)) == {"type": "play", "card": "F01"}


def test_mating_medium_fears_predators_while_they_are_still_in_the_deck() -> None:
    """With none of those six cards turned (or all of them turned before the last shuffle), it is careful."""
    medium = make_bot("medium", "mating")
    assert medium.choose(_play_view(1, []), Rng(1)) == {"type": "play", "card": "F01"}
    assert medium.choose(_play_view(18, ["E01"]), Rng(1)) == {"type": "play", "card": "F01"}


def test_mating_left_in_deck_is_the_game_deck_less_the_cards_turned_since_the_shuffle() -> None:
    options = {"environment": "stable", "environment_cards": []}
    assert len(left_in_deck(options, [])) == 16
    left = left_in_deck(options, ["E03", "E04"])
    assert len(left) == 14 and not {"E03", "E04"} & set(left)
    assert len(left_in_deck(options, sorted(left_in_deck(options, [])))) == 16  # all turned: a new shuffle comes
    custom = {"environment": "custom", "environment_cards": ["E01", "E01", "E17"]}
    assert sorted(left_in_deck(custom, ["E01"])) == ["E01", "E17"]


@pytest.mark.parametrize("seed", range(4))
def test_mating_medium_that_joins_mid_game_plays_as_one_that_watched(seed: int) -> None:
    """At every move of a game of medium bots, a fresh medium bot given only that view (as JSON)
    chooses what the bot that played the whole game chooses: what it knows comes from the view."""
    m = Match("mating", 4, seed=seed, options={"offspring_to_win": 100, "max_rounds": 24})
    watchers = [make_bot("medium", "mating") for _ in range(4)]
    rngs = [Rng(seed * 10 + seat) for seat in range(4)]
    while not m.over:
        seat = m.to_act[0]
        view = json.loads(json.dumps(m.view(seat)))
        joiner = make_bot("medium", "mating").choose(view, rngs[seat].clone())
        action = watchers[seat].choose(view, rngs[seat])
        assert joiner == action, f"round {view['round']}: joined {joiner}, watched {action}"
        m.act(seat, action)
    assert m.view(None)["round"] > 16  # the Environment deck was reshuffled on the way


# -- Evolution: ties at random --------------------------------------------------------------------
def _two_equal_feeds() -> dict[str, Any]:
    """A real feeding view (seed 0, two heuristic bots) where two hungry animals miss the same food."""
    m = Match("evolution", 2, seed=0)
    bot, rng = make_bot("heuristic", "evolution"), Rng(0)
    while not m.over:
        seat = m.to_act[0]
        view = m.view(seat)
        takes = [a for a in view["legal"] if a["type"] == "take"]
        if view["phase"] == "feeding" and len(takes) == 2 and {a["animal"] for a in takes} == {"A4", "A6"}:
            return json.loads(json.dumps(view))
        m.act(seat, bot.choose(view, rng))
    raise AssertionError("the scripted position did not come up")


def test_evolution_medium_breaks_a_tie_between_equal_best_moves_at_random() -> None:
    """The old heuristic always fed the first of two equal animals (so identical bots favoured
    some seats); the medium picks either, by its rng."""
    view = _two_equal_feeds()
    old = {json.dumps(make_bot("heuristic", "evolution").choose(view, Rng(s))) for s in range(20)}
    new = {json.dumps(make_bot("medium", "evolution").choose(view, Rng(s))) for s in range(20)}
    assert len(old) == 1
    assert len(new) == 2


def test_evolution_medium_grows_only_the_population_its_share_of_the_bank_feeds() -> None:
    """Two animals needing 2 food against a rival's nine: its share of a mean 2-player bank (5.5)
    by animals is 5.5 * 3 / 12 * 0.8 = 1.1 food, too little for a third animal; the old heuristic
    split the bank by seats (5.5 / 2 = 2.75, + 1 slack) and grew."""
    view = _two_equal_feeds()
    animal = {"id": "A1", "need": 1, "red": 0, "blue": 0, "fed": False, "fat": 0, "fat_slots": 0,
              "traits": [], "owner": 0}
    players = [{**p, "animals": [{**animal, "id": f"A{p['seat']}{i}", "owner": p["seat"]} for i in range(n)]}
               for p, n in zip(view["players"], (2, 9), strict=True)]
    develop = {**view, "seat": 0, "phase": "development", "players": players, "last_turn": False,
               "legal": [{"type": "animal", "card": "X1"}, {"type": "pass"}]}
    assert make_bot("heuristic", "evolution").choose(develop, Rng(1))["type"] == "animal"
    assert make_bot("medium", "evolution").choose(develop, Rng(1)) == {"type": "pass"}


# -- Phylo and Adapt or Die ------------------------------------------------------------------------
def test_phylo_medium_calls_only_a_bluff_it_wins() -> None:
    """Over seeded games with Call your bluff, every challenge it makes the cards prove a bluff."""
    calls = 0
    for seed in range(6):
        m = Match("phylo", 2, seed, options={"call_your_bluff": True})
        bots, rng = [make_bot("medium", "phylo") for _ in range(2)], Rng(seed)
        while not m.over:
            seat = m.to_act[0]
            action = bots[seat].choose(m.view(seat), rng)
            if action["type"] == "challenge":
                calls += 1
                assert verdict(m.state, tuple(action["at"]), tuple(action["with"])).outcome == BLUFF
            m.act(seat, action)
    assert calls > 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_adapt_medium_bots_always_make_progress_and_end_before_the_round_limit(seed: int) -> None:
    m = Match("adapt", 4, seed)
    bots, rng = [make_bot("medium", "adapt") for _ in range(4)], Rng(seed)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, bots[seat].choose(m.view(seat), rng))
    assert m.result is not None
    assert m.result["reason"] == "complete"
    assert m.result["rounds"] < m.view(0)["options"]["max_rounds"]
