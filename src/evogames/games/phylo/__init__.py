"""Phylo (rules v2.0, phylogame.org): build an ecosystem of real species, 2 players (up to 4).

The HOME cards start side by side on an unbounded grid. A turn: draw 1, then
three actions among play a species next to a compatible card (shared terrain and
climate, a food chain link, a larger scale to eat an animal), MOVE/FLIGHT one,
play an event (one per turn), discard 1 to draw 3, or pass; SPREAD is free.
Species left without a link are removed at the end of the next player's
(reaction) turn, with the cascade that follows. The game ends after the other
player's turn once a deck's last card is drawn; species on the table score.

Actions: see ``actions.py``. Each seat sees the whole table, every discard
pile and its own hand; never another hand or what is in a deck.
"""

from __future__ import annotations

from evogames.core.spec import GameSpec, players_key, standard_rules
from evogames.games.phylo import setup, view
from evogames.games.phylo.options import OPTIONS

SPEC = GameSpec(
    **standard_rules(__name__),
    view_given_legal=view.view_given_legal,
    parts=("bot", "medium", "search", "board", "encoder", "lab", "web"),
    name="phylo",
    title="Phylo",
    min_players=2,
    max_players=4,
    best_players=2,
    teaches="ecosystems: food webs, habitats and what a disaster does to them",
    simultaneous=False,
    hidden_info=True,
    options=OPTIONS,
    new_state=setup.new_state,
    rulebook="*Phylo*",
    score_label="Points",
    metric_labels={  # the lab's other columns: lessons' metrics and the history's trajectories
        "points": "points on the table",
        "cards_played": "cards played",
        "lost_to_cascades": "species lost when their links broke",
        "cascade_loss_rate": "share of its species lost when links broke",
        "links_per_species": "links per species of its own on the table",
        "lost_event": "species lost to events",
        "lost_links": "species lost to a removed link",
        "lost_cascade": "species lost in a cascade",
        "lost_bluff": "species lost to a called bluff",
        "lost_invaded": "species lost to invasive species",
        "points_producer": "points from producers",
        "points_herbivore": "points from herbivores",
        "points_carnivore": "points from carnivores",
        "points_omnivore": "points from omnivores",
    },
    safety_ends=(),  # no safety limit: the game ends when the deck runs out
    score_of=players_key("score", "points"),
    derived_view=("cards",),  # the cards named on the table, in the discards and in hand (left out of a search's keys)
)
