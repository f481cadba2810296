"""The turn as a step table (``flow.py`` on ``core/flow.py``'s Round): the rulebook's phases in order.

``ORDER`` names the steps, ``ROUND`` runs them; the state holds the step's
index and whether it has started. Over seeded bot games the game only ever
waits in a step where a seat chooses (set-up, Token Phase, Migration, or
Consumption while a player orders his tied creatures), and the view names that
step as its phase; Migration runs three rounds, each logged, then Consumption.
"""

from __future__ import annotations

from evogames.core.flow import Round
from evogames.games.dodo import SPEC, flow
from evogames.games.dodo.flow import CONSUMPTION, MIGRATION, ORDER, ROUND
from tests.games.dodo.helpers import bot_game_points, pass_migration, pass_tokens, table

WAITING = {"setup", "token", "migration", "consumption"}


def test_the_turn_is_a_step_table_in_the_rulebooks_order() -> None:
    assert ORDER == ("setup", "token", "migration", "consumption", "capture", "reproduction", "pass_token")
    assert isinstance(ROUND, Round) and ROUND.order == ORDER and flow.advance == ROUND.advance
    assert (flow.SETUP, flow.TOKEN, MIGRATION, CONSUMPTION) == (0, 1, 2, 3)


def test_the_game_waits_only_where_a_seat_chooses() -> None:
    for seed in range(6):
        for m in bot_game_points(seed, every=3, max_turns=8):
            s, view = m.state, m.view(None)
            if s.over:
                assert view["phase"] == "over" and view["migration_round"] is None and m.to_act == []
                continue
            step = ORDER[s.step]
            assert step in WAITING and view["phase"] == step
            assert s.entered or step == "setup"
            assert bool(s.choices) == (s.step == CONSUMPTION)  # Consumption waits only for an order of eating
            assert (view["migration_round"] in (1, 2, 3)) == (s.step == MIGRATION)


def test_migration_runs_three_rounds_then_consumption() -> None:
    m, _ = table(2, [(0, "G", "E02"), (1, "G", "E04")], first=0)
    pass_tokens(m)
    start = len(m.state.events)
    pass_migration(m)
    kinds = [e.kind for e in m.state.events[start:]]
    assert [e.number for e in m.state.events if e.kind == "migration"][-3:] == [1, 2, 3]
    assert kinds.index("consumption") > max(i for i, k in enumerate(kinds) if k == "pass")
    assert m.view(None)["phase"] == "token" and m.view(None)["turn"] == 2
    passes = [e for e in SPEC.events(m.state) if e.kind == "pass"]
    assert {e.step for e in passes} == {"token", "migrate"}  # the log names the phase a player passed in
