"""The Mating Game (Pangolin Science Games): sexual selection, 2-6 players.

Each round: Play & Pay (a combat or flashy Strategy, or Out to Lunch, face
down and revealed together), Survive (the Environment's Food, then its
Predators, then its Female Scarcity), Attract (combat dice, then Females by
colour and Fitness), Mating (one Offspring per Female; 10 wins), Discard &
Draw. Sneaky Strategies are played in the windows between phases.

Actions: see ``actions.py``. Each seat sees its own hand; the other seats'
face-down choices only after the reveal; never the order of a deck.
"""

from __future__ import annotations

from typing import Any

from evogames.core.spec import GameSpec, players_key, standard_rules
from evogames.games.mating import flow, setup
from evogames.games.mating.components import components
from evogames.games.mating.determinize import recommit
from evogames.games.mating.options import OPTIONS
from evogames.games.mating.state import MatingState


def new_state(players: int, seed: int, options: dict[str, Any]) -> MatingState:
    state = setup.new_state(players, seed, options)
    flow.advance(state)
    return state


def card_names() -> dict[str, str]:
    """Strategy card id -> "name (type)", for the lab's balance report."""
    c = components()
    return {card_id: f"{c.card(card_id).name} ({c.card(card_id).type})" for card_id in c.strategy_deck()}


SPEC = GameSpec(
    **standard_rules(__name__),
    recommit=recommit,
    parts=("bot", "medium", "belief", "board", "encoder", "lab", "web"),
    name="mating",
    title="The Mating Game",
    min_players=2,
    max_players=6,
    best_players=4,
    static_view=("icons", "rules"),  # catalogs, the same in every view (left out of a search's keys)
    search_depth=60,  # a game is ~80 actions: a search bot's rollouts play it out
    search_rollout="medium",  # README "Bot strength": 0.47 against 0.42 with heuristic rollouts, 400 paired games
    teaches="sexual selection: how mate choice shapes animals' traits and behaviour",
    simultaneous=True,
    hidden_info=True,
    options=OPTIONS,
    new_state=new_state,
    score_label="Offspring",
    metric_labels={  # the lab's other columns: lessons' metrics and the history's trajectories
        "food": "Food",
        "offspring": "Offspring",
        "combat_played": "Combat Strategies played",
        "flashy_played": "Flashy Strategies played",
        "sneaky_played": "Sneaky Strategies played",
        "out_to_lunch": "rounds Out to Lunch",
        "times_eaten": "times eaten by the Predator",
        "escapes": "escapes from the Predator",
        "combats_fought": "combats fought",
        "combats_won": "combats won",
        "females_attracted": "Females attracted",
    },
    safety_ends=("round_limit",),  # max_rounds, not in the rulebook
    score_of=players_key("offspring"),
    stat_labels={"food_spent": "Food spent"},
    end_reasons={
        "offspring": "a player reached the Offspring goal",
        "sudden_death": "sudden death: the season ended",
        "long_life": "the Environment deck is used up",
        "round_limit": "the round limit was reached",
    },
    tie_breaks={"food": "tie broken by Food left", "die": "tie broken by a die roll"},
    card_names=card_names,
)
