"""Phylo's options: deck building (random, themed, a teacher's deck lists), Call your bluff, demos."""

from __future__ import annotations

from evogames.core.options import Option, presented

LABELS = {
    "call_your_bluff": "Call your bluff (rules v2.0)",
    "decks": "How decks are built",
    "themes": "Deck themes",
    "deck_p1": "Player 1's deck list",
    "deck_p2": "Player 2's deck list",
    "deck_p3": "Player 3's deck list",
    "deck_p4": "Player 4's deck list",
    "deck_size": "Cards in a deck",
    "deal": "Deal deck lists",
    "first_player": "Who goes first (0: a coin flip)",
}
# demonstrations and the lab, not the rulebook's variants: under 'Advanced' in the lobby
ADVANCED = {
    "deal", "deck_p1", "deck_p2", "deck_p3", "deck_p4", "deck_size", "first_player", "themes",
}
# deck lists and a fixed deal: whoever sets them knows every hand (the teacher's, for demonstrations)
TEACHER_ONLY = {"deal", "deck_p1", "deck_p2", "deck_p3", "deck_p4"}

OPTIONS: tuple[Option, ...] = presented((
    Option("call_your_bluff", "bool", False,
           "Rules v2.0 option: a player may challenge a link between species that share no continent; "
           "the cards' continents decide and the winner removes a card."),
    Option("decks", "choice", "random",
           "How decks without a deck list are built: random from the box, or themed by region "
           "(a continent) or by terrain (see 'themes').",
           choices=("random", "region", "terrain")),
    Option("themes", "list", [],
           "The theme of each seat's deck, e.g. 'North America,Africa' (regions) or 'ocean,forest' "
           "(terrains); one theme is used for every seat."),
    Option("deck_p1", "list", [], "Player 1's deck list: card names or ids ('2x Valley Oak', 'S001'), "
           "or '@name' for a deck list file of the box (games/phylo/data/decks/name.txt)."),
    Option("deck_p2", "list", [], "Player 2's deck list (as deck_p1)."),
    Option("deck_p3", "list", [], "Player 3's deck list (as deck_p1)."),
    Option("deck_p4", "list", [], "Player 4's deck list (as deck_p1)."),
    Option("deck_size", "int", 24, "Cards in a deck besides its HOME (the rulebook says 24).",
           minimum=10, maximum=60),
    Option("deal", "choice", "shuffled",
           "Deck lists are shuffled, or kept in their order (fixed: the first 5 are the opening hand, "
           "the next is drawn first) for demonstrations.", choices=("shuffled", "fixed")),
    Option("first_player", "int", 0, "Who goes first: 0 flips a coin, 1-4 names the player.",
           minimum=0, maximum=4),
), LABELS, ADVANCED, TEACHER_ONLY)
