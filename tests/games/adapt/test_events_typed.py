"""Adapt or Die's events are NamedTuples, one per kind, that are still ``(kind, visible_to, *data)``
tuples: the rules log them with every field filled (``s.log(Cls, ...)``, core's ``LoggedState``), and
the log reads exactly as before."""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest

import evogames.games.adapt as adapt_package
from evogames import Match
from evogames.bots import make_bot
from evogames.core.events import PUBLIC, LoggedState
from evogames.core.rng import Rng
from evogames.games.adapt.events import EVENTS, TEXT, GameOver, MatTurned, render
from evogames.games.adapt.state import AdaptState

# one event of every kind (several for kinds with several sentences), as a plain tuple, and the
# sentence the log showed for it before events were typed
SAMPLES: list[tuple[tuple[Any, ...], str]] = [
    (("setup", -1, 4, "single", 4, False),
     "A 4-player game of Adapt or Die on one board (8 places): each player needs 4 NICHE cards."),
    (("setup", -1, 3, "double", 5, True),
     "A 3-player game of Adapt or Die on the double board (12 places), sharing habitats: the game ends "
     "when 5 habitats are selected, and everyone receives each one."),
    (("player_note", -1, 2),
     "Note: the rulebook designs Adapt or Die for 3-5 players; this 2-player game follows the same "
     "rules."),
    (("choose_creatures", -1),
     "Each player in turn chooses a creature (variant)."),
    (("creature", -1, 0, "C05"),
     "Player 1 plays the Japanese spider crab (home: Habitat 5 (Deep continental slope))."),
    (("creature", -1, 3, "C16"),
     "Player 4 plays the GENERIC creature (3 in every feature, no home habitat)."),
    (("roll", -1, 1, 6),
     "Player 2 rolls 6."),
    (("move", -1, 2, "E3", "P3"),
     "Player 3 moves the bug to E3 and exits at a side."),
    (("move", -1, 2, "N1", ""),
     "Player 3 moves the bug to N1."),
    (("mat", -1, 0, "H05", "P1", "R12"),
     "Player 1 turns over a new HABITAT MAT: Habitat 5 (Deep continental slope), Suruga Bay, Japan. The "
     "randomizer card 'Sea-level rise' fills its blanks with 3, 3, 5."),
    (("mat", -1, 1, "H02", "P2", ""),
     "Player 2 turns over a new HABITAT MAT: Habitat 2 (Sandy beach at night), Cape Hatteras, North "
     "Carolina. No randomizer card is left: its blanks are 3, 3, 3."),
    (("no_mat", -1, 1),
     "No HABITAT MAT is left to place here."),
    (("no_niche_left", -1, 2, "H07"),
     "No copy of the NICHE card of Habitat 7 (Litter decomposer) is left in the NICHE pile."),
    (("nothing_to_do", -1, 0, "H07"),
     "Player 1 already holds the NICHE card of Habitat 7 (Litter decomposer) and can neither return "
     "another NICHE card nor give it away."),
    (("niche", -1, 3, "H11"),
     "Player 4 takes the NICHE card of Habitat 11 (Mudflat signaller)."),
    (("return", -1, 1, "H02", ""),
     "Player 2 returns the NICHE card of Habitat 2 (Night beach hunter) to the NICHE pile."),
    (("return", -1, 1, "H02", "A07"),
     "Player 2 returns the NICHE card of Habitat 2 (Night beach hunter) and ++ SEGMENTS (Many segments, "
     "Eumillipes persephone) to their piles."),
    (("give", -1, 0, 2, "H05", ""),
     "Player 1 forces the NICHE card of Habitat 5 (Slope scavenger) on Player 3."),
    (("give", -1, 0, 2, "H05", "A03"),
     "Player 1 forces the NICHE card of Habitat 5 (Slope scavenger) on Player 3 (returning - LEG LENGTH "
     "(Shorter legs, Brown anole) to the ADAPTATION pile)."),
    (("shared", -1, 1, "H05", (1, 2, 0), (1, 2, 0)),
     "Player 2 selects Habitat 5 (Deep continental slope): everyone receives it and selects an "
     "ADAPTATION card, clockwise from Player 2."),
    (("shared", -1, 1, "H05", (1,), (1, 2, 0)),
     "Player 2 selects Habitat 5 (Deep continental slope): everyone receives it; only 1 ADAPTATION card "
     "left: Player 2 select."),
    (("shared", -1, 1, "H05", (), (1, 2, 0)),
     "Player 2 selects Habitat 5 (Deep continental slope): everyone receives it; the ADAPTATION pile is "
     "empty, so nobody selects an adaptation."),
    (("already_shared", -1, 1, "H05"),
     "Habitat 5 (Deep continental slope) is already everyone's habitat."),
    (("adaptation", -1, 2, "A12"),
     "Player 3 selects the ADAPTATION card ++ SIZE (Giant body, Meganeura)."),
    (("no_adaptation_left", -1, (2,)),
     "The ADAPTATION pile is empty: Player 3 selects no adaptation."),
    (("no_adaptation_left", -1, (2, 3, 4)),
     "The ADAPTATION pile is empty: Player 3, Player 4 and Player 5 select no adaptation."),
    (("offer", -1, 0, 2, "H03", "H11"),
     "Player 1 offers Player 3 a trade: the NICHE card of Habitat 3 (Dune burrower) for the NICHE card "
     "of Habitat 11 (Mudflat signaller)."),
    (("offer", -1, 0, 2, "A01", "A20"),
     "Player 1 offers Player 3 a trade: + LEG LENGTH (Longer legs, Cane toad) for +3 EYES (The middle "
     "way, Humans (sickle-cell trait))."),
    (("answer", -1, 2, 0, True, "H03", "H11"),
     "Player 3 accepts: Player 1 and Player 3 swap the NICHE card of Habitat 3 (Dune burrower) and the "
     "NICHE card of Habitat 11 (Mudflat signaller)."),
    (("answer", -1, 2, 0, False, "A01", "A20"),
     "Player 3 declines the trade."),
    (("end_turn", -1, 3),
     "Player 4 ends the turn."),
    (("game_over", -1, "complete", (1,), (12, 9, 14), "unfit", False, 7, 4, (0, 0, 0)),
     "Game over (every player has their NICHE cards). Player 2 wins with the lowest unfit score (9)!"),
    (("game_over", -1, "complete", (0, 2), (1, 3, 1), "extinction", False, 9, 4, (0, 0, 0)),
     "Game over (every player has their NICHE cards). Player 1 and Player 3 win with the fewest "
     "extinctions (1)!"),
    (("game_over", -1, "complete", (2,), (1, 1, 3), "unfit", True, 5, 5, (0, 0, 0)),
     "Game over (every shared habitat is selected). Player 3 wins with the best fit in the most habitats "
     "(3 habitats)!"),
    (("game_over", -1, "turn_limit", (0,), (30, 80, 55), "unfit", False, 30, 4, (0, 3, 1)),
     "Game over at the round limit, after round 30 (a safety limit set for this table, not in the "
     "rulebook), before every player held 4 NICHE cards: Player 2 lacks 3 and Player 3 lacks 1, and each "
     "missing NICHE card counts 20 (the worst fit). Player 1 wins with the lowest unfit score (30)!"),
    (("game_over", -1, "turn_limit", (1, 2), (2, 1, 1), "extinction", False, 30, 4, (1, 1, 1)),
     "Game over at the round limit, after round 30 (a safety limit set for this table, not in the "
     "rulebook), before every player held 4 NICHE cards: Player 1, Player 2 and Player 3 lack 1 each, "
     "and each missing NICHE card counts as an extinction. Player 2 and Player 3 win with the fewest "
     "extinctions (1)!"),
    (("game_over", -1, "turn_limit", (0,), (2, 1), "unfit", True, 30, 5, (2, 2)),
     "Game over at the round limit, after round 30 (a safety limit set for this table, not in the "
     "rulebook), before 5 habitats were selected: only the 3 habitats selected are played for. Player 1 "
     "wins with the best fit in the most habitats (2 habitats)!"),
]
TABLES: list[tuple[int, dict[str, Any], tuple[str, ...]]] = [
    (3, {"max_rounds": 30}, ("heuristic", "random", "heuristic")),
    (4, {"max_rounds": 8, "shared_habitats": True, "habitats_per_player": 5}, ("random",) * 4),
    (2, {"max_rounds": 30, "scoring": "extinction"}, ("heuristic", "heuristic")),
    (6, {"max_rounds": 8, "creatures": "choose", "habitats_per_player": 3}, ("heuristic", "random") * 3),
    (5, {"max_rounds": 30, "habitats_per_player": 5}, ("heuristic",) * 5),
]


def test_every_kind_has_its_class_and_its_sentence() -> None:
    assert set(EVENTS) == set(TEXT)
    for kind, cls in EVENTS.items():
        assert issubclass(cls, tuple) and cls._fields[:2] == ("kind", "visible_to"), kind
    assert {sample[0] for sample, _ in SAMPLES} == set(EVENTS)


@pytest.mark.parametrize(("sample", "text"), SAMPLES)
def test_a_typed_event_reads_as_the_plain_tuple_did(sample: tuple[Any, ...], text: str) -> None:
    event = EVENTS[sample[0]](*sample)
    assert event == sample and tuple(event) == sample  # still the same tuple
    assert event.kind == sample[0] and event.visible_to == sample[1] == PUBLIC
    for seat in (None, 0, 3):
        assert render(event, seat) == {"kind": sample[0], "text": text}
    assert json.loads(json.dumps(event)) == json.loads(json.dumps(sample))


def _typed(value: Any, hint: Any) -> bool:
    if typing.get_origin(hint) is tuple:
        return isinstance(value, tuple) and all(isinstance(v, int) for v in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_every_event_logged_is_its_kinds_class_with_fields_of_their_types(table: int) -> None:
    players, options, bots = TABLES[table]
    for seed in (table, table + 30):
        match = Match("adapt", players, seed, options)
        seat_bots = [make_bot(name, "adapt") for name in bots]
        rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
        while not match.over:
            seat = match.to_act[0]
            match.act(seat, seat_bots[seat].choose(match.view(seat), rngs[seat]))
        for event in match.state.events:
            cls = EVENTS[event.kind]
            assert type(event) is cls and event.visible_to == PUBLIC
            hints = typing.get_type_hints(cls)
            for name in cls._fields:
                assert _typed(getattr(event, name), hints[name]), (event, name)
        assert [render(e, None) for e in match.state.events] == match.log_for(None)


def test_no_event_is_read_by_position_in_the_package_or_its_tests() -> None:
    folders = (Path(adapt_package.__file__).parent, Path(__file__).parent)
    positional = re.compile(r"\b(e|ev|event)\[\d")
    found = [f"{path}:{n}" for folder in folders for path in sorted(folder.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if positional.search(line)]
    assert not found


def test_log_builds_the_same_event_as_the_class() -> None:
    match = Match("adapt", 3, 1, {})
    s: AdaptState = match.state
    assert isinstance(s, LoggedState) and AdaptState.log is LoggedState.log
    logged = len(s.events)
    s.log(MatTurned, "mat", PUBLIC, 2, "H05", "P1", "R12")
    s.log(GameOver, "game_over", PUBLIC, "complete", (1,), (12, 9, 14), "unfit", False, 7, 4, (0, 0, 0))
    mat, over = s.events[logged:]
    assert type(mat) is MatTurned and mat == MatTurned("mat", PUBLIC, 2, "H05", "P1", "R12")
    assert (mat.seat, mat.habitat, mat.place, mat.randomizer) == (2, "H05", "P1", "R12")
    assert type(over) is GameOver
    assert over == GameOver("game_over", PUBLIC, "complete", (1,), (12, 9, 14), "unfit", False, 7, 4, (0, 0, 0))
    assert (over.winners, over.missing) == ((1,), (0, 0, 0))


def test_the_rules_log_every_event_through_the_state() -> None:
    """Every event goes through ``s.log(Cls, kind, visible_to, ...)``: none is appended to the list directly."""
    package = Path(adapt_package.__file__).parent
    direct = re.compile(r"\.events\.(append|extend|insert)\(")
    found = [f"{path.relative_to(package)}:{n}: {line.strip()}" for path in sorted(package.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if direct.search(line)]
    assert not found, found
