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
    """Every game's MediumBot improves its heuristic (a subclass of it), which stays as it was."""
    assert make_bot("medium", name).name == "medium"
    assert type(make_bot("medium", name)).__name__ == "MediumBot"
    assert type(make_bot("heuristic", name)).__name__ == "HeuristicBot"
    assert make_bot("heuristic", name).name == "heuristic"
    assert isinstance(make_bot("medium", name), type(make_bot("heuristic", name)))


@pytest.mark.parametrize(("name", "players"), [*((name, 0) for name in GAMES), ("phylo", 2), ("dodo", 2)])
def test_medium_chooses_only_legal_actions_from_a_json_view(name: str, players: int) -> None:
    """It sees only its seat's view, as data, and plays a whole game by it (Phylo and Dodo also
    with two players, where their medium looks at the one rival's deck and reply)."""
    game = evogames.game(name)
    players = players or max(game.min_players, min(3, game.max_players))
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


# -- Phylo and Adapt or Die: what the heuristic already did well -----------------------------------
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


# -- Tough Luck, Dodo: the rival's reply in Migration ---------------------------------------------
def _dodo_view(seat: int, a_at: str, r_at: str, migrated: tuple[int, ...] = ()) -> dict[str, Any]:
    """Seat 0's red A (id 1) feeds in E2, seat 1's red R (id 2) in E3; E1 (one red) lies between
    them, empty. Seat 1 holds the Active Player token (ties on size go to it); Migration round 1."""
    def env(eid: str, red: int, green: int, neighbours: list[str]) -> dict[str, Any]:
        return {"id": eid, "available": {"red": red, "yellow": 0, "green": green}, "captured_by": None,
                "neighbours": neighbours}

    def creature(cid: int, owner: int, at: str) -> dict[str, Any]:
        return {"id": cid, "owner": owner, "environment": at, "mutations": ["red"], "captured": False,
                "advantage": False, "migrated": cid in migrated, "relocated": False, "fed": False}

    mine = [c for c in (1, 2) if c not in migrated and (c == 1) == (seat == 0)]
    return {"phase": "migration", "seat": seat, "active": 1, "migration_round": 1, "pending": None,
            "players": [{"seat": 0, "captures": 0}, {"seat": 1, "captures": 0}],
            "environments": [env("E1", 1, 0, ["E2", "E3"]), env("E2", 2, 1, ["E1"]), env("E3", 2, 1, ["E1"])],
            "creatures": [creature(1, 0, a_at), creature(2, 1, r_at)],
            "legal": [*({"type": "migrate", "creature": c} for c in mine), {"type": "pass"}]}


def test_dodo_medium_foresees_the_rivals_reply_in_migration() -> None:
    """Moving A alone into E1 would capture it as the board stands, so the old heuristic goes; but
    the rival still migrates this turn, and its own heuristic answers with R into E1: R eats the one
    red first (the active player wins the tie), A starves and R captures E1. The medium, foreseeing
    the reply, keeps A where it feeds."""
    from evogames.games.dodo.bot import board_of, predict

    view = _dodo_view(0, "E2", "E3")
    assert predict(board_of({**view, "creatures": _dodo_view(0, "E1", "E3")["creatures"]})) == ([1, 0], [1, 1])
    assert make_bot("heuristic", "dodo").choose(view, Rng(1)) == {"type": "migrate", "creature": 1}
    assert make_bot("medium", "dodo").choose(view, Rng(1)) == {"type": "pass"}
    answer = _dodo_view(1, "E1", "E3", migrated=(1,))
    rival = make_bot("heuristic", "dodo")
    assert rival.choose(answer, Rng(1)) == {"type": "migrate", "creature": 2}
    into = [{"type": "migrate", "environment": "E1"}, {"type": "cancel"}]
    assert rival.choose({**answer, "pending": {"creature": 2}, "legal": into}, Rng(1)) == into[0]
    both_in_e1 = _dodo_view(0, "E1", "E1")["creatures"]
    assert predict(board_of({**view, "creatures": both_in_e1})) == ([0, 1], [0, 1])  # the rival captures


def _heuristic_view(name: str, players: int, seed: int, actions: int) -> dict[str, Any]:
    """The view (as JSON data) of the seat to act after ``actions`` moves of ``players`` heuristic
    bots of game ``name`` (seeded)."""
    m = Match(name, players, seed)
    bot, rng = make_bot("heuristic", name), Rng(seed)
    for _ in range(actions):
        seat = m.to_act[0]
        m.act(seat, bot.choose(m.view(seat), rng))
    return json.loads(json.dumps(m.view(m.to_act[0])))


# -- Adapt or Die: the habitats to come, exits in reach, a new mat ---------------------------------
def test_adapt_medium_picks_the_adaptation_that_fits_the_habitats_to_come() -> None:
    """A bug 5 2 2 1 5 holding only H11 (3 2 4 4 3): Legs lost (legs 5 -> 3) and Huge compound eyes
    (eyes 1 -> 3) each take 2 off H11, so the old heuristic, pricing the three NICHEs to come by the
    bug's starting values whatever it picks, takes the first by name. The eyes fit the habitats
    still face down better (1 is far from most eye pressures): the medium takes them."""
    from evogames.games.adapt.bot_medium import unseen_costs

    view = _heuristic_view("adapt", 4, 0, 6)
    assert view["phase"] == "adapt" and view["hand"]["niches"] == ["H11"]
    assert make_bot("heuristic", "adapt").choose(view, Rng(1)) == {"type": "adapt", "card": "A04"}
    assert make_bot("medium", "adapt").choose(view, Rng(1)) == {"type": "adapt", "card": "A17"}
    unseen = unseen_costs(frozenset(m["habitat"] for m in view["mats"]))
    legs, eyes = unseen[0][5] - unseen[0][3], unseen[3][1] - unseen[3][3]
    assert eyes > legs > 0  # what each card saves in every habitat to come


def test_adapt_medium_waits_where_an_exit_is_in_reach_next_turn() -> None:
    """No exit within a roll of 3 from the centre: the old heuristic stays a step from the centre
    (an exit next turn only on 3 or more); the medium goes a step short of an exit (any roll)."""
    from evogames.games.adapt.rules.board import boards

    view = json.loads(json.dumps({**Match("adapt", 4, seed=1).view(0)}))
    assert view["roll"] == 3 and not any(a["to"].startswith("E") for a in view["legal"])
    board = boards()[view["board"]["name"]]
    old = make_bot("heuristic", "adapt").choose(view, Rng(1))["to"]
    new = make_bot("medium", "adapt").choose(view, Rng(1))["to"]

    def exit_odds(node: str) -> float:
        return sum(any(n in board.exits for n in board.within(node, roll)) for roll in range(1, 7)) / 6

    assert board.steps("C", old) == 1 and exit_odds(old) == 4 / 6
    assert exit_odds(new) == 1.0


def test_adapt_medium_with_four_niches_tries_a_new_mat() -> None:
    """Four NICHEs held, a roll of 6: the old heuristic prices a place with no mat yet as a loss
    (+0.5) and heads for the centre; the medium prices it by the chance that the habitat turned
    over fits better than one it holds (swapped at the exit), a gain, and goes."""
    from evogames.games.adapt.bot import Table
    from evogames.games.adapt.bot_medium import new_mat_option

    view = _heuristic_view("adapt", 4, 5, 70)
    places = {m["place"] for m in view["mats"]}
    assert len(view["hand"]["niches"]) == 4 and view["roll"] == 6
    assert new_mat_option(Table(view), view["seat"], view["hand"]["niches"], view["hand"]["adaptations"]) < 0
    assert make_bot("heuristic", "adapt").choose(view, Rng(1)) == {"type": "move", "to": "C"}
    new = make_bot("medium", "adapt").choose(view, Rng(1))["to"]
    exits = {node[0]: node[3] for node in view["board"]["nodes"] if node[3]}
    assert new in exits and exits[new] not in places


# -- Phylo: drawing while the rival's deck runs out first, playing for the hand -------------------
def test_phylo_medium_draws_first_while_the_rivals_deck_runs_out_first() -> None:
    """Start of its turn, 16 cards in its deck against the rival's 11: the rival's deck ends the
    game, and what is left in its own is lost. It discards the card it cannot play and draws three
    before choosing its plays; the old heuristic plays first. With the decks the other way round
    (its own would run out first) it plays first too."""
    view = _heuristic_view("phylo", 2, 0, 12)
    assert view["actions_left"] == 3 and [p["deck_size"] for p in view["players"]] == [16, 11]
    assert not any(a.get("card") == "A05" for a in view["legal"] if a["type"] != "discard")  # stuck
    assert make_bot("heuristic", "phylo").choose(view, Rng(1))["type"] == "play"
    assert make_bot("medium", "phylo").choose(view, Rng(1)) == {"type": "discard", "card": "A05"}
    swapped = [{**p, "deck_size": 27 - p["deck_size"]} for p in view["players"]]
    assert make_bot("medium", "phylo").choose({**view, "players": swapped}, Rng(1))["type"] == "play"


def test_phylo_medium_discards_to_draw_rather_than_pass_while_the_rivals_deck_runs_out_first() -> None:
    """Two Wind cards in hand (the heuristic never plays Wind), 16 cards in its deck against 14: the
    old heuristic passes its last two actions; the medium turns a Wind into three cards."""
    view = _heuristic_view("phylo", 2, 15, 13)
    assert [p["deck_size"] for p in view["players"]] == [16, 14] and view["actions_left"] == 2
    assert make_bot("heuristic", "phylo").choose(view, Rng(1)) == {"type": "pass"}
    assert make_bot("medium", "phylo").choose(view, Rng(1))["type"] == "discard"


def test_phylo_medium_plays_the_species_that_opens_a_space_for_its_hand() -> None:
    """Asian Rice (2 points, more links) or Western Honey Bee (2 points): the old heuristic takes
    the rice. The bee at (-2, 2) gives a free space beside it to the Harpy Eagle in its hand (9
    points, playable nowhere yet): the medium plays the bee."""
    from evogames.games.phylo.bot import _Context, table_from_view
    from evogames.games.phylo.bot_medium import opened

    view = _heuristic_view("phylo", 2, 1, 22)
    s = table_from_view(view)
    playable = _Context(s, view["seat"], view).playable
    assert "A04" not in playable and opened(s, "A14", (-2, 2), playable) == 9.0  # the eagle's points
    assert make_bot("heuristic", "phylo").choose(view, Rng(1)) == {"type": "play", "card": "A15", "at": [-3, 0]}
    assert make_bot("medium", "phylo").choose(view, Rng(1)) == {"type": "play", "card": "A14", "at": [-2, 2]}


# -- Adapt or Die: the end of the game, and trades that help a rival more ---------------------------
def test_adapt_medium_gives_the_last_4th_niche_when_that_ends_the_game_won() -> None:
    """Rule: the game ends at the end of the turn in which the last player gets their 4th NICHE card.
    Player 1 (17 unfit, the lowest) exits at H06; Players 2 and 4 hold 4, Player 3 holds 3 (27).
    Giving H06 to Player 3 ends the game with Player 1 lowest: the medium gives it; the heuristic
    exchanges it for one of its own and the game goes on."""
    from evogames.games.adapt.bot_medium import MediumTable, ending

    view = _heuristic_view("adapt", 4, 35, 89)
    assert view["phase"] == "exit" and [len(p["niches"]) for p in view["players"]] == [4, 4, 3, 4]
    medium = make_bot("medium", "adapt")
    assert medium.choose(view, Rng(1)) == {"type": "give", "to": 2}
    old = make_bot("heuristic", "adapt").choose(view, Rng(1))
    assert old["type"] == "exchange"
    table = MediumTable(view)
    assert ending(table, 0, {"type": "give", "to": 2}) == -1 and ending(table, 0, old) == 0


def test_adapt_medium_does_not_end_a_game_it_would_lose() -> None:
    """Player 1 (3 NICHE cards, 31 unfit) exits at H05 and every rival holds 4 (15, 15, 17): keeping H05
    ends the game lost. The heuristic keeps it; the medium exchanges and plays on, until round 20: then it lets
    the game end (a table's time counts more than a long shot)."""
    from evogames.games.adapt.bot_medium import PLAY_ON, MediumTable, ending

    view = _heuristic_view("adapt", 4, 0, 93)
    assert view["phase"] == "exit" and [len(p["niches"]) for p in view["players"]] == [3, 4, 4, 4]
    assert make_bot("heuristic", "adapt").choose(view, Rng(1)) == {"type": "keep"}
    medium = make_bot("medium", "adapt")
    chosen = medium.choose(view, Rng(1))
    assert chosen["type"] == "exchange"
    table = MediumTable(view)
    assert ending(table, 0, {"type": "keep"}) == 1 and ending(table, 0, chosen) == 0
    assert view["round"] <= PLAY_ON
    old = {**view, "round": PLAY_ON + 1}
    assert medium.choose(old, Rng(1)) == {"type": "keep"}
    assert ending(MediumTable(old), 0, {"type": "keep"}) == 0


def test_adapt_medium_declines_a_trade_that_helps_the_offerer_more() -> None:
    """Player 1 offers Player 3 A11 for A03: it takes 0.18 off Player 3's projected unfit score and 1.64 off
    Player 1's. The heuristic accepts any trade that does not hurt it; the medium declines this one."""
    view = _heuristic_view("adapt", 4, 1, 54)
    assert view["phase"] == "answer" and view["offer"]["give"] == "A11" and view["offer"]["take"] == "A03"
    assert make_bot("heuristic", "adapt").choose(view, Rng(1)) == {"type": "accept"}
    assert make_bot("medium", "adapt").choose(view, Rng(1)) == {"type": "decline"}


def test_adapt_medium_reads_the_end_only_in_the_standard_game() -> None:
    """With fewest extinctions winning, or shared habitats, the lowest unfit score does not say who wins."""
    from evogames.games.adapt.bot_medium import reads_the_end

    assert reads_the_end({"options": {"scoring": "unfit", "shared_habitats": False}})
    assert not reads_the_end({"options": {"scoring": "extinction", "shared_habitats": False}})
    assert not reads_the_end({"options": {"scoring": "unfit", "shared_habitats": True}})


def test_adapt_medium_goes_to_the_exit_where_it_can_end_the_game_won() -> None:
    """Round 12: Player 1 (11 unfit, the lowest) holds 4 NICHE cards and rolled 4; only Player 3 (30) is short of one.
    Exit E4 lies at H14's mat, a NICHE card Player 3 lacks: the medium goes there and gives it (the game ends at that
    turn's end, Player 1 the winner); the heuristic heads for the centre."""
    from evogames.games.adapt.bot_medium import MediumTable, wins_by_ending_at

    m = Match("adapt", 4, 7)
    heuristic, rng = make_bot("heuristic", "adapt"), Rng(7)
    for _ in range(122):
        seat = m.to_act[0]
        m.act(seat, heuristic.choose(m.view(seat), rng))
    view = json.loads(json.dumps(m.view(0)))
    assert view["phase"] == "move" and view["roll"] == 4 and view["round"] == 12
    assert [len(p["niches"]) for p in view["players"]] == [4, 4, 3, 4]
    assert wins_by_ending_at(MediumTable(view), 0, "H14")
    assert heuristic.choose(view, Rng(1)) == {"type": "move", "to": "C"}
    medium = make_bot("medium", "adapt")
    assert medium.choose(view, Rng(1)) == {"type": "move", "to": "E4"}
    while not m.over:  # Player 1 by the medium, the others by the heuristic
        seat = m.to_act[0]
        bot = medium if seat == 0 else heuristic
        m.act(seat, bot.choose(json.loads(json.dumps(m.view(seat))), Rng(1)))
    assert m.result is not None and m.result["winners"] == [0]
    assert m.view(0)["round"] == 12
