"""Set-up: each seat's deck (1 HOME + 24), the HOMEs side by side, five cards each, a coin flip."""

from __future__ import annotations

from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.rng import Rng
from evogames.games.phylo.events import Deal, Setup
from evogames.games.phylo.flow import advance
from evogames.games.phylo.rules.decks import HAND_SIZE, build_decks
from evogames.games.phylo.state import SEATS, PhyloState, physical_cards


def new_state(players: int, seed: int, options: dict[str, Any]) -> PhyloState:
    s = PhyloState(players, options, Rng(seed))
    for seat in range(players, 4):
        if options[f"deck_p{seat + 1}"]:
            raise IllegalAction(f"deck_p{seat + 1} is set but this table has {players} players.",
                                ErrorCode.OPTION_INVALID)
    if options["first_player"] > players:
        raise IllegalAction(f"first_player must be 0 (coin) or 1 to {players}.", ErrorCode.OPTION_INVALID)
    for seat, (home, cards) in enumerate(build_decks(players, options, s.rng)):
        letter = SEATS[seat]
        home_iid = f"{letter}00"
        s.card_of[home_iid] = home
        s.board[(seat, 0)] = [home_iid]
        s.where[home_iid] = (seat, 0)
        iids = physical_cards(seat, len(cards))
        s.card_of.update(zip(iids, cards, strict=True))
        s.decks[seat] = list(reversed(iids))  # END = top: the list's first card is dealt first
        s.hands[seat] = [s.decks[seat].pop() for _ in range(HAND_SIZE)]
        s.log(Deal, "deal", seat, seat, s.cards(s.hands[seat]))
    first = options["first_player"] - 1 if options["first_player"] else s.rng.below(players)
    s.log(Setup, "setup", PUBLIC, players, first, bool(options["call_your_bluff"]))
    s.player = first
    advance(s)  # the first player's turn begins (flow.py: at the draw step)
    return s
