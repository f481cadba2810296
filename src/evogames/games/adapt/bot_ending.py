"""How the ``medium`` bot reads the end of an Adapt or Die game at an exit.

The rules end the game at the end of the turn in which the last player gets their 4th NICHE card. So an
exit choice can end it: keeping the card, or giving it to the last player short of one. A player who
would win the game so ended (the lowest unfit score, every hand now full and priced exactly) should end
it, and one who would lose should not (exchange, or give the card to someone it does not complete) while
the game is young: after round ``PLAY_ON`` a lost game is let end (four bots that each played on while
behind ran 2% of their games to the 60-round limit; with the bound none of 400, 16 rounds on average). The
cards are priced as the bot prices them everywhere (``Table.projected``); a player who selects an
ADAPTATION card after the exit is priced with the best one left in the face-up pile. Moving, an exit that
offers such a won end (``wins_by_ending_at``) is worth going to.

Only the standard game is read this way: with ``scoring=extinction`` the fewest extinctions win, and with
``shared_habitats`` every habitat selected counts for everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from evogames.games.adapt.bot import Table


#: the last round in which a player avoids ending a game it would lose (a heuristic table's game lasts 13)
PLAY_ON: Final = 20


@dataclass
class Hand:
    """A player's NICHE and ADAPTATION cards after an exit choice, and whether they now select an
    ADAPTATION card."""

    niches: list[str]
    adaptations: list[str]
    selects: bool = False


def hands_after(t: Table, seat: int, action: dict[str, Any], habitat: str) -> list[Hand]:
    """Every player's cards once ``seat``'s exit choice (keep, exchange or give) at ``habitat`` is applied."""
    hands = [Hand(*t.cards(p)) for p in range(len(t.view["players"]))]
    mine = hands[seat]
    held = habitat in mine.niches
    kind = action["type"]
    if kind == "keep":
        mine.niches.append(habitat)
        mine.selects = True
    elif kind == "exchange":
        mine.niches.remove(action["niche"])
        _return(mine, action)
        if not held:
            mine.niches.append(habitat)
            mine.selects = True
    elif kind == "give":
        if held:
            mine.niches.remove(habitat)
            _return(mine, action)
        hands[action["to"]].niches.append(habitat)
        hands[action["to"]].selects = True
    return hands


def _return(hand: Hand, action: dict[str, Any]) -> None:
    """A NICHE card going back to the pile takes one of the player's ADAPTATION cards with it."""
    adaptation = action.get("adaptation")
    if adaptation:
        hand.adaptations.remove(adaptation)


def reads_the_end(view: dict[str, Any]) -> bool:
    """The standard game: the lowest unfit score wins and each player's own habitats count."""
    options = view.get("options") or {}
    return options.get("scoring", "unfit") != "extinction" and not options.get("shared_habitats")


def ending(t: Table, seat: int, action: dict[str, Any], habitat: str | None = None) -> int:
    """``-1`` if this exit choice (at the pending exit, or at ``habitat``) ends the game with ``seat`` alone lowest,
    ``1`` if it ends it with someone else lower while the game is young (round ``PLAY_ON`` or before), else ``0``
    (the game goes on, ends in a tie, is not the standard game, or is old)."""
    if not reads_the_end(t.view):
        return 0
    hands = hands_after(t, seat, action, habitat or t.view["pending"]["habitat"])
    if any(len(hand.niches) < t.goal for hand in hands):
        return 0
    finals = [_final(t, p, hand) for p, hand in enumerate(hands)]
    mine, rival = finals[seat], min(f for p, f in enumerate(finals) if p != seat)
    if mine < rival:
        return -1
    return 1 if mine > rival and int(t.view["round"]) <= PLAY_ON else 0


def wins_by_ending_at(t: Table, seat: int, habitat: str) -> bool:
    """Whether an exit at ``habitat`` (its mat on the table) offers a choice that ends the game won: keeping its
    NICHE card as the last player short of one, or giving it to that player."""
    players = t.view["players"]
    short = [p for p, player in enumerate(players) if len(player["niches"]) < t.goal]
    if len(short) != 1:
        return False
    return any(ending(t, seat, action, habitat) < 0 for action in _enders(t, seat, habitat, short[0]))


def _enders(t: Table, seat: int, habitat: str, short: int) -> list[dict[str, Any]]:
    """The exit choices at ``habitat`` that would give the last player short of a NICHE card their 4th."""
    niches, adaptations = t.cards(seat)
    if short == seat:
        return [] if habitat in niches else [{"type": "keep"}]
    if habitat in t.view["players"][short]["niches"]:
        return []
    if habitat not in niches or not adaptations:
        return [{"type": "give", "to": short}]
    return [{"type": "give", "to": short, "adaptation": card} for card in adaptations]  # a held card returns one


def _final(t: Table, seat: int, hand: Hand) -> float:
    pile = list(t.view["adaptation_pile"])
    if hand.selects and pile:
        return min(t.projected(seat, hand.niches, [*hand.adaptations, card]) for card in pile)
    return t.projected(seat, hand.niches, hand.adaptations)


__all__ = ["PLAY_ON", "Hand", "ending", "hands_after", "reads_the_end", "wins_by_ending_at"]
