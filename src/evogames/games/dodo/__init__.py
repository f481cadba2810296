"""Tough Luck, Dodo (CMS.608 seed 003): creatures evolve to fit environments, 2-4 players.

Set-up: a 2 x 3 grid of environment cards (3 x 3 for 3-4 players); each player
places three creatures (one red, one yellow, one green mutation) in turn from
the active player. Each turn: Token Phase (Competitive Advantage, Famine,
Relocation, each once per game), Migration (three rounds of one move to an
edge-adjacent environment), Consumption (a creature eats exactly its mutations
or starves; a lone creature that eats everything captures the environment),
Reproduction (a child with one extra mutation rolled on the die). Two captures
end the game; most captures wins, ties by creatures on the board.

Actions: see ``actions.py``. Nothing is hidden: every seat sees the whole table;
a seat's "hand" is its own tray (tokens, the Active Player token, turn order).
"""

from __future__ import annotations

from typing import Any

from evogames.core.spec import GameSpec, players_key, standard_rules
from evogames.games.dodo import flow, setup
from evogames.games.dodo.options import OPTIONS
from evogames.games.dodo.state import DodoState


def new_state(players: int, seed: int, options: dict[str, Any]) -> DodoState:
    state = setup.new_state(players, seed, options)
    flow.advance(state)
    return state


SPEC = GameSpec(
    **standard_rules(__name__),
    parts=("bot", "medium", "search", "board", "encoder", "lab", "web"),
    static_view=("tokens", "rules"),  # catalogs, the same in every view (left out of a search's keys)
    name="dodo",
    title="Tough Luck, Dodo",
    min_players=2,
    max_players=4,
    best_players=4,
    teaches="mutation and competition: chance changes and a fight for resources",
    simultaneous=False,
    hidden_info=False,
    options=OPTIONS,
    new_state=new_state,
    score_label="Captures",
    metric_labels={  # the lab's other columns: lessons' metrics and the history's trajectories
        "captures": "captures",
        "creatures": "creatures on the board",
        "creatures_at_end": "creatures on the board at the end",
        "fed": "meals eaten",
        "born": "creatures born",
        "starved": "creatures starved",
        "migrations": "migrations",
        "advantage_used": "Advantage tokens used",
        "famine_used": "Famine tokens used",
        "relocation_used": "Relocation tokens used",
        "mutations_at_death": "mutations of the creatures that starved",
        "mutations_at_capture": "mutations of the capturing creature",
        "no_child_supply": "births lost to an empty supply",
    },
    safety_ends=("turn_limit",),  # max_turns, not in the rulebook
    score_of=players_key("captures"),
)
