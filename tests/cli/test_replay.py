"""``evogames replay FILE``: a recorded match rebuilt, its log and result shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evogames.bots.base import make_bot
from evogames.core.match import Match
from evogames.sim.runner import play_game
from tests.cli.conftest import Invoke


def bot_game_record(path: Path, seed: int = 9) -> Match:
    match = play_game(Match("mating", 3, seed), [make_bot("heuristic", "mating")] * 3, seed)
    path.write_text(json.dumps(match.record()), encoding="utf-8")
    return match


def test_replay_prints_the_log_and_the_same_final_result(run: Invoke, tmp_path: Path) -> None:
    file = tmp_path / "match.json"
    match = bot_game_record(file)
    result = run(["replay", str(file)])
    assert result.exit_code == 0
    assert match.result is not None
    winner = match.result["winners"][0]
    assert f"Winner: Player {winner + 1}" in result.stdout
    assert f"after {match.result['rounds']} rounds" in result.stdout
    assert match.log[-1]["text"].split(")")[0] in result.stdout  # the game-over sentence


def test_a_seat_sees_its_own_deal_in_the_replay(run: Invoke, tmp_path: Path) -> None:
    file = tmp_path / "match.json"
    bot_game_record(file)
    assert "You are dealt" in run(["replay", str(file), "--seat", "0"]).stdout
    assert "You are dealt" not in run(["replay", str(file)]).stdout


def test_a_record_that_stops_early_says_so(run: Invoke, tmp_path: Path) -> None:
    file = tmp_path / "match.json"
    record = Match("mating", 2, 1).record()
    file.write_text(json.dumps(record), encoding="utf-8")
    result = run(["replay", str(file)])
    assert result.exit_code == 0
    assert "stops before the end" in result.stdout


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "not a JSON match record"),
    ("[1, 2]", "a match record is a JSON object"),
    ('{"game": "mating"}', "Not a match record: missing 'players'"),
    ('{"game": "chess", "players": 2, "seed": 0, "actions": []}', "Unknown game 'chess'"),
    ('{"game": "mating", "players": 2, "seed": 0, "actions": [[0, {"type": "fly"}]]}', "cannot replay"),
    ('{"game": "mating", "players": 2, "seed": 0, "options": "x", "actions": []}',
     "Not a match record: 'options' is text, not an object or null"),
    ('{"game": "mating", "players": "2", "seed": 0, "actions": []}',
     "Not a match record: 'players' is text, not a whole number"),
    ('{"game": "mating", "players": 2, "seed": true, "actions": []}',
     "Not a match record: 'seed' is true or false, not a whole number"),
    ('{"game": "mating", "players": 2, "seed": 0, "actions": [7]}', "Record action 0 is malformed"),
])
def test_a_broken_record_is_a_clear_error_naming_the_file(
    run: Invoke, tmp_path: Path, content: str, message: str
) -> None:
    file = tmp_path / "broken.json"
    file.write_text(content, encoding="utf-8")
    result = run(["replay", str(file)])
    assert result.exit_code == 2
    assert str(file) in result.stderr
    assert message in result.stderr


def test_a_missing_file_is_a_clear_error(run: Invoke, tmp_path: Path) -> None:
    result = run(["replay", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2
    assert "cannot read the file" in result.stderr
