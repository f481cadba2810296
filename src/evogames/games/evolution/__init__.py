"""Evolution: The Origin of Species (Knorre & Machin), 2-8 players (two decks for 5-8).

Each turn: development (one card at a time, as a new animal or as a trait;
a pass is final), the food bank (dice by player count), feeding (one red
token, an attack or fat per feeding round, plus free traits; defenders answer
attacks themselves, out of turn; the owner of Communication and Cooperation
orders them or stops), extinction and draw (unfed animals die;
1 + surviving animals dealt one by one). The turn that starts with an empty
deck is the last; then 2 per animal, +1 per trait, + food modifiers.

Actions: see ``actions.py``. Each seat sees its own hand, its animals' cards
and its own discard pile; of the others, only what is face up on the table.
"""

from __future__ import annotations

from typing import Any

from evogames.core.spec import GameSpec, players_key, standard_rules
from evogames.games.evolution import flow, setup
from evogames.games.evolution.components import components
from evogames.games.evolution.options import OPTIONS
from evogames.games.evolution.state import EvolutionState


def new_state(players: int, seed: int, options: dict[str, Any]) -> EvolutionState:
    state = setup.new_state(players, seed, options)
    flow.advance(state)
    return state


def card_names() -> dict[str, str]:
    """Card type code -> its traits, for the lab's balance report (``cards_played`` holds codes)."""
    c = components()
    return {code: " / ".join(c.traits[t].name for t in ty.traits) for code, ty in c.types.items()}


SPEC = GameSpec(
    **standard_rules(__name__),
    parts=("bot", "medium", "board", "encoder", "lab", "web"),
    static_view=("traits",),  # catalogs, the same in every view (left out of a search's keys)
    name="evolution",
    title="Evolution: The Origin of Species",
    min_players=2,
    max_players=8,
    best_players=4,
    teaches="natural selection: traits, food and predators decide who survives",
    simultaneous=False,
    hidden_info=True,
    options=OPTIONS,
    new_state=new_state,
    rulebook="*Evolution Board Game*, BIOL 111 Laboratory #12",
    score_label="Points",
    metric_labels={  # the lab's other columns: lessons' metrics and the history's trajectories
        "animals": "animals on the table",
        "hand": "cards in hand",
        "deck": "cards left in the deck",
        "animals_born": "animals created",
        "animals_survived": "animals alive at the end",
        "animals_starved": "animals starved",
        "animals_eaten": "animals eaten",
        "animals_poisoned": "animals poisoned",
        "survival_rate": "share of animals that survived",
        "traits_played": "traits played",
        "parasites_played": "Parasites played",
        "red_taken": "red food taken",
        "blue_gained": "blue food gained",
        "attacks": "attacks",
        "kills": "kills",
        "carnivore_success": "share of attacks that killed",
        "escapes": "escapes",
        "tails_lost": "tails lost (Tail Loss)",
        "mimicries": "attacks redirected (Mimicry)",
        "food_grazed": "food destroyed (Grazing)",
        "food_pirated": "food stolen (Piracy)",
        "hibernations": "hibernations",
        "fat_converted": "fat turned into food",
    },
    safety_ends=("turn_limit",),  # max_turns, not in the rulebook
    round_name="turn",  # the rulebook's turn (four phases), which the view counts as ``round``
    score_of=players_key("score", "points"),
    card_names=card_names,
)
