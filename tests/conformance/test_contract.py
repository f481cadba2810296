"""One suite for every registered game: the engine contract of DESIGN.md."""

from __future__ import annotations

import copy
import json
import random

import pytest

import evogames
from evogames import IllegalAction, Match
from evogames.core.registry import names
from tests.conftest import random_playout

GAMES = names()


def players_of(name: str) -> list[int]:
    g = evogames.game(name)
    return sorted({g.min_players, g.max_players, min(g.max_players, 4)})


def seats(name: str, wanted: int) -> int:
    """``wanted`` players, or the nearest count the game allows (Phylo is for two)."""
    g = evogames.game(name)
    return max(g.min_players, min(g.max_players, wanted))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_end_with_a_result(name: str, seed: int) -> None:
    for players in players_of(name):
        m = Match(name, players, seed=seed)
        random_playout(m, seed)
        assert m.over and m.to_act == []
        result = m.result
        assert result is not None
        assert len(result["scores"]) == players
        assert result["winners"] and all(0 <= w < players for w in result["winners"])


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_actions_give_the_same_game(name: str) -> None:
    a, b = Match(name, seats(name, 4), seed=11), Match(name, seats(name, 4), seed=11)
    random_playout(a, 5)
    for seat, action in a.record()["actions"]:
        b.act(seat, action)
    assert a.log == b.log
    assert a.result == b.result
    assert a.view(None) == b.view(None)


@pytest.mark.parametrize("name", GAMES)
def test_different_seeds_give_different_games(name: str) -> None:
    views = {json.dumps(Match(name, seats(name, 4), seed=s).view(0)["hand"]) for s in range(5)}
    assert len(views) > 1


@pytest.mark.parametrize("name", GAMES)
def test_record_replay_round_trip_through_json(name: str) -> None:
    m = Match(name, seats(name, 3), seed=21)
    random_playout(m, 21)
    record = json.loads(json.dumps(m.record()))
    again = Match.replay(record)
    assert again.result == m.result
    assert again.log == m.log
    assert again.record() == m.record()


@pytest.mark.parametrize("name", GAMES)
def test_illegal_and_out_of_turn_actions_raise_and_change_nothing(name: str) -> None:
    m = Match(name, seats(name, 4), seed=3)
    for _ in range(40):
        if m.over:
            break
        before = copy.deepcopy(m.view(None)), len(m.actions), [m.view(s) for s in range(m.players)]
        waiting = [s for s in range(m.players) if s not in m.to_act]
        bad = [{"type": "no-such-action"}, {}, {"type": "play", "card": "NOPE"}, "play", None]
        for action in bad:
            with pytest.raises(IllegalAction):
                m.act(m.to_act[0], action)  # type: ignore[arg-type]
        for seat in waiting:
            with pytest.raises(IllegalAction):
                m.act(seat, {"type": "pass"})
        for seat in (-1, m.players, "0", None, True):
            with pytest.raises(IllegalAction):
                m.act(seat, {"type": "pass"})  # type: ignore[arg-type]
        assert (m.view(None), len(m.actions), [m.view(s) for s in range(m.players)]) == before
        seat = m.to_act[0]
        m.act(seat, m.legal(seat)[-1])


@pytest.mark.parametrize("name", GAMES)
def test_bad_players_and_options_are_refused(name: str) -> None:
    g = evogames.game(name)
    for players in (g.min_players - 1, g.max_players + 1, "4"):
        with pytest.raises(IllegalAction):
            Match(name, players)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        Match(name, g.min_players, options={"no_such_option": 1})
    with pytest.raises(IllegalAction):
        evogames.game("no_such_game")


@pytest.mark.parametrize("name", GAMES)
def test_act_on_a_match_never_changes_its_clone(name: str) -> None:
    m = Match(name, seats(name, 4), seed=8)
    for _ in range(60):
        if m.over:
            break
        twin = m.clone()
        frozen = json.dumps(twin.view(None)), [json.dumps(twin.view(s)) for s in range(m.players)], twin.log
        seat = m.to_act[0]
        m.act(seat, m.legal(seat)[0])
        assert (json.dumps(twin.view(None)), [json.dumps(twin.view(s)) for s in range(m.players)], twin.log) == frozen


@pytest.mark.parametrize("name", GAMES)
def test_views_and_logs_are_json_and_never_show_hidden_cards(name: str) -> None:
    m = Match(name, seats(name, 4), seed=13)
    for step in range(300):
        if m.over:
            break
        for seat in [None, *range(m.players)]:
            view = m.view(seat)
            text = json.dumps(view) + json.dumps(m.log_for(seat))
            for other in range(m.players):
                if other != seat:
                    assert_no_hidden_cards(m, other, text)
        seat = m.to_act[step % len(m.to_act)]
        m.act(seat, m.legal(seat)[step % len(m.legal(seat))])


def assert_no_hidden_cards(m: Match, other: int, text: str) -> None:
    """Cards only ``other`` holds, and the deck's order, must not appear."""
    state = m.state
    public = set(json.dumps(m.view(None)).split('"'))
    for card in getattr(state, "hands", [[]] * 4)[other]:
        if card not in public:
            assert f'"{card}"' not in text, f"seat {other}'s card {card} leaked"
    deck = getattr(state, "deck", [])
    if len(deck) >= 6:
        order = json.dumps(deck[-6:])[1:-1]
        assert order not in text, "the deck order leaked"


def test_public_surface_is_exactly_the_contract() -> None:
    assert sorted(evogames.__all__) == ["ErrorCode", "GameSpec", "IllegalAction", "Match", "UsageError", "catalog",
                                        "game", "names", "register"]
    for name in evogames.__all__:
        assert getattr(evogames, name) is not None
    entry = evogames.catalog()[0]
    assert set(entry) >= {"name", "title", "min_players", "max_players", "options"}
    m = Match("mating", 2, seed=1)
    assert set(m.record()) == {"game", "players", "seed", "options", "actions"}
    assert all({"text"} <= set(e) for e in m.log)
    assert issubclass(IllegalAction, Exception)


def _fakes(value: object) -> list[object]:
    """A number field (or a list's first number) as 2.0, true/false and null."""
    if type(value) is int:
        return [float(value), value == 1, None]
    if isinstance(value, list) and value and type(value[0]) is int:
        return [[float(value[0]), *value[1:]], [value[0] == 1, *value[1:]]]
    return []


@pytest.mark.parametrize("name", GAMES)
def test_a_legal_action_with_a_float_or_bool_for_a_number_is_refused_and_changes_nothing(name: str) -> None:
    """2.0 and true compare equal to 2 and 1: a legal-action check would let them through to the rules."""
    m = Match(name, seats(name, 3), seed=4)
    rng = random.Random(4)
    tried = 0
    for _ in range(300):
        if m.over:
            break
        seat = m.to_act[0]
        legal = m.legal(seat)
        for action in legal:
            for key, value in action.items():
                for fake in _fakes(value):
                    before = json.dumps(m.view(None), sort_keys=True, default=str)
                    with pytest.raises(IllegalAction) as refused:
                        m.act(seat, {**action, key: fake})
                    assert refused.value.code == "action/malformed"
                    assert json.dumps(m.view(None), sort_keys=True, default=str) == before
                    tried += 1
        m.act(seat, rng.choice(legal))
    assert tried, f"{name}: no legal action with a number field was seen"


def _check_envelope(name: str, m: Match) -> None:
    from evogames.core.spec import ENVELOPE

    spec = evogames.game(name)
    for seat in [None, *range(m.players)]:
        own = spec.view(m.state, seat)
        assert not set(own) & (set(ENVELOPE) - {"result"}), f"{name}: its own view repeats the envelope"
        seen = m.view(seat)
        assert (seen["game"], seen["seat"], seen["over"]) == (name, seat, m.over)
        assert seen["to_act"] == m.to_act and seen["legal"] == (m.legal(seat) if seat is not None else [])
        assert (seen["result"] is None) == (not m.over)
        assert seen["debrief"] == spec.debrief(m.state), "the debrief reaches a seat by the envelope"
        assert {k: v for k, v in seen.items() if k not in ENVELOPE} == {k: v for k, v in own.items()
                                                                       if k not in ENVELOPE}


@pytest.mark.parametrize("name", GAMES)
def test_match_view_puts_the_envelope_round_every_games_own_view(name: str) -> None:
    m = Match(name, seats(name, 3), seed=5)
    rng = random.Random(5)
    for _ in range(20):
        if m.over:
            break
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    _check_envelope(name, m)
    random_playout(m, 5)
    _check_envelope(name, m)


@pytest.mark.parametrize("name", GAMES)
def test_match_refuses_an_unknown_action_type_or_field_once_for_every_game(name: str) -> None:
    m = Match(name, seats(name, 3), seed=6)
    rng = random.Random(6)
    kinds = set()
    for _ in range(200):
        if m.over:
            break
        seat = m.to_act[0]
        legal = m.legal(seat)
        before = json.dumps(m.view(None), sort_keys=True, default=str)
        for action in legal:
            if action["type"] in kinds:
                continue
            kinds.add(action["type"])
            with pytest.raises(IllegalAction, match=r"Unexpected field\(s\) \['zz'\] in a '") as refused:
                m.act(seat, {**action, "zz": 1})
            assert refused.value.code == "action/malformed"
        with pytest.raises(IllegalAction, match="has no 'fly' action") as unknown:
            m.act(seat, {"type": "fly"})
        assert unknown.value.code == "action/invalid_move"
        assert json.dumps(m.view(None), sort_keys=True, default=str) == before
        m.act(seat, rng.choice(legal))
    assert set(evogames.game(name).action_types) >= kinds
