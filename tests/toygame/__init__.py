"""Race to Ten: the toy game that proves "copy one folder, register one spec".

Players take turns adding 1 to ``max_step`` to a shared count; whoever brings the
count to ``target`` (10) wins. Each player also holds one secret card (a number
they add to their final score for a tie-break), so the game has hidden information.
Nothing outside this folder knows it exists: ``register(SPEC)`` is all it takes.
"""

from __future__ import annotations

from evogames.core.spec import GameSpec, players_key, standard_rules
from tests.toygame import setup
from tests.toygame.options import OPTIONS

SPEC = GameSpec(
    **standard_rules(__name__),
    parts=("bot", "encoder", "lab"),
    name="toyrace",
    title="Race to Ten",
    min_players=2,
    max_players=3,
    simultaneous=False,
    hidden_info=True,
    options=OPTIONS,
    new_state=setup.new_state,
    teaches="nothing: it is a test",
    score_label="Wins",
    score_of=players_key("score"),
    stat_labels={"steps": "Steps taken"},
    end_reasons={"target": "the count reached the target"},
)
