"""Set-up: the board, the shuffled HABITAT MAT and randomizer piles, the NICHE and
face-up ADAPTATION piles, and a creature for each player (drawn, or chosen in the variant)."""

from __future__ import annotations

from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.rng import Rng
from evogames.games.adapt.components import components
from evogames.games.adapt.events import ChooseCreatures, CreaturePlayed, PlayerNote, Setup
from evogames.games.adapt.flow import ROUND, advance
from evogames.games.adapt.rules.board import boards
from evogames.games.adapt.state import AdaptState

DESIGNED_FOR = (3, 5)
RANDOM = "*"


def board_for(players: int, options: dict[str, Any]) -> str:
    """The double board for 5+ habitats per player with 3+ players (rulebook: 'probably')."""
    if options["board"] != "auto":
        return str(options["board"])
    big = options["habitats_per_player"] >= 5 and players >= 3 and not options["shared_habitats"]
    return "double" if big else "single"


def new_state(players: int, seed: int, options: dict[str, Any]) -> AdaptState:
    c = components()
    s = AdaptState(players, options, Rng(seed), board_for(players, options))
    s.deck = _pile(s.rng, list(c.habitats), options["habitat_order"], "habitat_order", "HABITAT MAT")
    s.randomizers = _pile(s.rng, list(c.randomizers), options["randomizer_order"], "randomizer_order",
                          "randomizer card")
    s.niche_pile = c.niche_pile()
    s.adapt_pile = sorted(c.adaptations)
    s.pos = [boards()[s.board].start] * players
    s.log(Setup, "setup", PUBLIC, players, s.board, s.goal, options["shared_habitats"])
    if not DESIGNED_FOR[0] <= players <= DESIGNED_FOR[1]:
        s.log(PlayerNote, "player_note", PUBLIC, players)
    if options["creatures"] == "choose":
        s.creature_pile = sorted(c.creatures)
        s.log(ChooseCreatures, "choose_creatures", PUBLIC)
        ROUND.go(s, "choose")
        advance(s)
        return s
    s.creature_pile = _pile(s.rng, list(c.creatures), options["creature_order"], "creature_order", "creature")
    for seat in range(players):
        s.creatures[seat] = s.creature_pile.pop()
        s.log(CreaturePlayed, "creature", PUBLIC, seat, s.creatures[seat])
    ROUND.go(s, "roll")
    advance(s)
    return s


def _pile(rng: Rng, box: list[str], scripted: list[str], option: str, what: str) -> list[str]:
    """A shuffled pile whose END is the top, with any scripted cards on top in order;
    a scripted "*" is a card drawn at random from the rest (for the lab's experiments)."""
    rest = list(box)
    for card in scripted:
        if card == RANDOM:
            continue
        if card not in rest:
            why = f"is not a {what}" if card not in box else "is listed twice"
            raise IllegalAction(f"{option}: {card} {why}.", ErrorCode.OPTION_INVALID)
        rest.remove(card)
    if len(scripted) > len(box):
        raise IllegalAction(f"{option}: the box holds only {len(box)} cards.", ErrorCode.OPTION_INVALID)
    rng.shuffle(rest)
    top = [rest.pop() if card == RANDOM else card for card in scripted]
    return rest + list(reversed(top))
