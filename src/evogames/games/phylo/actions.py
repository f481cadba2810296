"""Who acts now, their legal actions, and applying one.

Actions (JSON dicts; spaces are ``[x, y]``, y grows downwards):
- ``{"type": "play", "card": "A07", "at": [-1, 0]}``: play a species (an INVASIVE one on top of a
  species, a PARASITE under its host);
- ``{"type": "move", "card": "A07", "to": [-1, 1]}``: MOVE or FLIGHT a species of yours;
- ``{"type": "spread", "card": "A12", "from": [-1, 0], "to": [-2, 0]}``: SPREAD, a copy from your hand
  next to the original (free: uses no action);
- ``{"type": "event", "card": "A03", "at": [x, y]}``: an event on a species (one per turn); Tsunami adds
  ``"also": [x, y]`` (the second flooded space), Climate Change may add ``"then": [x, y]`` (where it
  spreads if you win the contest), Increase Biodiversity has ``"take": "A11"`` and no ``at``;
- ``{"type": "discard", "card": "A07"}``: discard 1 card to draw 3;
- ``{"type": "pass"}``: use an action doing nothing;
- ``{"type": "challenge", "at": [x, y], "with": [x, y]}``: Call your bluff (option) on a link with an
  opponent's species (free, once a turn); then the winner acts ``{"type": "remove", "at": [x, y]}`` or
  ``{"type": "pass"}`` (removes nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.phylo.action_types import (
    DiscardAction,
    EventAction,
    MoveAction,
    PassAction,
    PhyloAction,
    PlayAction,
    SpreadAction,
)
from evogames.games.phylo.events import Discard, Invades, Move, Pass, Play, Spread
from evogames.games.phylo.flow import advance, draw, remove_cards
from evogames.games.phylo.rules import bluff
from evogames.games.phylo.rules.effects import EVENTS, counter_target, play_event, targets, tsunami_partners
from evogames.games.phylo.rules.fields import held, pos_of
from evogames.games.phylo.rules.grid import (
    PLAIN_MASK,
    SPECIES,
    can_place,
    near,
    own_moves,
    places_known,
    plays_alone,
)
from evogames.games.phylo.rules.index import Open, TableIndex, open_spaces, table_index
from evogames.games.phylo.rules.movement import SPREADERS, check_move, check_spread, spread_actions
from evogames.games.phylo.state import SEATS, PhyloState, Pos

SAY = {"play": "play a species", "move": "move a species", "spread": "spread a species", "event": "play an event",
       "discard": "discard to draw", "pass": "pass", "challenge": "call a bluff", "remove": "remove a card"}


def to_act(s: PhyloState) -> list[int]:
    if s.over:
        return []
    return [s.pending] if s.pending >= 0 else [s.player]


def legal(s: PhyloState, seat: int) -> list[Action]:
    if s.over or seat != (s.pending if s.pending >= 0 else s.player):  # ``seat not in to_act(s)``
        return []
    if s.pending >= 0:
        return cast(list[Action], bluff.removals(s))
    card_of = s.card_of
    ix = table_index(s)  # the spaces next to cards, and what the table allows, known until it changes
    touched, present = ix.touched, ix.present
    spots: Open | None = None  # ``open_spaces(ix)``, asked for when a card needs it
    hand: list[str] = []  # one physical card per card in hand (copies would give the same actions)
    seen: set[str] = set()
    events: list[str] = []
    spreaders: dict[str, str] = {}  # a SPREAD species in hand -> its card (the first copy)
    out: list[PhyloAction] = []
    for iid in s.hands[seat]:
        card = card_of[iid]
        if card in seen:
            continue
        seen.add(card)
        hand.append(iid)
        play = HAND_PLAY.get(card)
        if play is None:  # an event card (or a card the box does not know)
            if card in EVENTS:
                events.append(iid)
            continue
        m, spreads = play
        if m < 0 or touched:  # a PARASITE or INVASIVE species, or a table with flooded or urban spaces
            out += [{"type": "play", "card": iid, "at": [*q]} for q in places_known(s, ix, SPECIES[card])]
        elif m & present:  # most species, most tables: the open spaces whose bits meet the link mask
            if spots is None:
                spots = open_spaces(ix)
            out += [{"type": "play", "card": iid, "at": [*q]} for q, bits in spots if m & bits]
        if spreads:
            spreaders[card] = iid
    steps: tuple[tuple[str, Pos], ...] | None = ix.memo.get(MOVES_KEY[seat])  # ``_moves``
    if steps is None:
        steps = ix.memo[MOVES_KEY[seat]] = own_moves(s, ix, SEATS[seat])
    if steps:
        out += [{"type": "move", "card": iid, "to": [x, y]} for iid, (x, y) in steps]
    if spreaders:
        out.extend(spread_actions(s, seat, spreaders))
    if not s.event_played:
        for iid in events:
            out.extend(_event_actions(s, seat, iid, ix))
    if s.decks[seat]:
        out += [{"type": "discard", "card": iid} for iid in hand]
    if s.options.get("call_your_bluff") and not s.challenged_this_turn:
        out.extend(bluff.challenges(s, seat))
    out.append({"type": "pass"})
    return cast(list[Action], out)  # the TypedDicts are the plain dicts the spec's Action names


#: each species of the box -> its link mask if it is neither PARASITE nor INVASIVE (``PLAIN_MASK``), else -1;
#: and whether it may SPREAD (``legal`` looks each card in hand up once; the mask ``Any`` as ``index.Open``'s bits)
HAND_PLAY: Final[dict[str, tuple[Any, bool]]] = {sid: (PLAIN_MASK.get(sid, -1), sid in SPREADERS) for sid in SPECIES}


def _distinct(s: PhyloState, iids: list[str]) -> list[str]:
    """One physical card per card in hand (copies would give the same actions)."""
    card_of = s.card_of
    seen: set[str] = set()
    out = []
    for iid in iids:
        card = card_of[iid]
        if card not in seen:
            seen.add(card)
            out.append(iid)
    return out


MOVES_KEY: Final = tuple(("moves", seat) for seat in range(len(SEATS)))  # the memo's key for each seat's moves


def _event_actions(s: PhyloState, seat: int, iid: str, ix: TableIndex) -> list[EventAction]:
    event = EVENTS[s.card_of[iid]]
    if event.effect == "counter":
        return [{"type": "event", "card": iid}] if counter_target(s, seat) else []
    if event.effect == "biodiversity":
        taken = _distinct(s, [c for c in s.discards[seat] if s.card_of[c] in SPECIES])
        return [{"type": "event", "card": iid, "take": c} for c in taken]
    if not event.targeted:
        return [{"type": "event", "card": iid}]
    effect = event.effect
    if effect != "tsunami" and effect != "climate_change":
        return [{"type": "event", "card": iid, "at": [x, y]} for x, y in targets(s, ix, event)]
    out: list[EventAction] = []
    board, card_of = s.board, s.card_of
    for pos in targets(s, ix, event):
        x, y = pos
        if effect == "tsunami":
            out += [{"type": "event", "card": iid, "at": [x, y], "also": [qx, qy]} for qx, qy in tsunami_partners(pos)]
            continue
        out.append({"type": "event", "card": iid, "at": [x, y]})
        for q in _sides(x, y):  # where it spreads: a species beside it (``near(pos)``, ``top_species``)
            stack = board.get(q)
            if stack and card_of[stack[0]] in SPECIES:
                out.append({"type": "event", "card": iid, "at": [x, y], "then": [*q]})
    return out


def _sides(x: int, y: int) -> tuple[Pos, ...]:
    return (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)  # ``near``'s order


# -- applying -----------------------------------------------------------------------------------

def apply(s: PhyloState, seat: int, action: Action) -> None:
    """Check the action, then apply it (an IllegalAction changes nothing)."""
    if s.over or seat != (s.pending if s.pending >= 0 else s.player):  # ``seat not in to_act(s)``
        raise IllegalAction(f"It is not Player {seat + 1}'s turn to act.", ErrorCode.ACTION_INACTIVE_PLAYER)
    kind = str(action.get("type"))
    if s.pending >= 0:
        if kind not in ("remove", "pass"):
            raise IllegalAction("You won the bluff: remove a card from the table, or pass.",
                                ErrorCode.ACTION_INVALID_MOVE)
        bluff.resolve(s, seat, bluff.check_resolve(s, seat, action))
    else:
        handler = HANDLERS.get(kind)
        if handler is None or kind == "remove":
            raise IllegalAction(f"You cannot {SAY.get(kind, repr(kind))} now; on your turn you may play a species, "
                                "move, spread, play an event, discard to draw 3, or pass.",
                                ErrorCode.ACTION_INVALID_MOVE)
        handler(s, seat, action)
    advance(s)  # the turn goes on, or ends when no action is left (flow.py)


def _check_play(s: PhyloState, seat: int, action: Action) -> PlayAction:
    iid = held(s, seat, action.get("card"))
    sp = SPECIES.get(s.card_of[iid])
    if sp is None:
        raise IllegalAction("That is an event card: play it with an 'event' action.", ErrorCode.ACTION_INVALID_MOVE)
    at = pos_of(action.get("at"), "at")
    if not can_place(s, sp, at):
        raise IllegalAction(why_not(s, sp, at), ErrorCode.ACTION_INVALID_MOVE)
    return cast(PlayAction, action)


def _play(s: PhyloState, seat: int, action: PlayAction) -> None:
    iid, (x, y) = action["card"], action["at"]
    at: Pos = (x, y)  # boxed once (compiled)
    sp = SPECIES[s.card_of[iid]]
    stack = s.board.get(at)
    if stack and sp.invasive:
        s.log(Invades, "invades", PUBLIC, seat, s.card_of[iid], s.cards(stack), at)
        remove_cards(s, [at], "invaded")
    s.hands[seat].remove(iid)
    s.board.setdefault(at, []).append(iid)
    s.where[iid] = at
    s.plays[seat].append(s.card_of[iid])
    s.log(Play, "play", PUBLIC, seat, s.card_of[iid], at, bool(stack and sp.parasite))
    s.actions_left -= 1  # one of the turn's three actions (flow.py ends the turn when none is left)


def why_not(s: PhyloState, sp: Any, at: Pos) -> str:
    """A sentence saying why ``sp`` may not go in ``at``."""
    name = sp.name
    if at in s.board:
        if sp.invasive:
            return (f"{name} is INVASIVE but cannot take that space: it must share a terrain, a climate and the "
                    "FOODCHAIN of the species there, and still have a link.")
        if sp.parasite:
            return (f"{name} is a PARASITE: it goes under a free host it can live on ({', '.join(sp.hosts)}) "
                    "sharing a terrain and a climate.")
        return "That space is taken: a space holds one species (and at most one card under it)."
    if not plays_alone(sp):
        return (f"{name} is a PARASITE that needs a host: play it under one ({', '.join(sp.hosts)}), "
                f"not on an empty space. {sp.free_living_why}")
    if not any(q in s.board for q in near(at)):
        return f"{name} must be played next to a card already on the table."
    return (f"{name} has no compatible link there: it needs a neighbour sharing a terrain and a climate "
            f"that it can feed on (FOODCHAIN {sp.foodchain}, {sp.diet}, scale {sp.scale}); "
            "a HOME only takes FOODCHAIN 1.")


def _check_move(s: PhyloState, seat: int, action: Action) -> MoveAction:
    check_move(s, seat, action.get("card"), pos_of(action.get("to"), "to"))
    return cast(MoveAction, action)


def _move(s: PhyloState, seat: int, action: MoveAction) -> None:
    iid, (x, y) = action["card"], action["to"]
    frm = s.where[iid]
    to: Pos = (x, y)  # boxed once (compiled)
    stack = s.board.pop(frm)
    s.board[to] = stack
    for card in stack:
        s.where[card] = to
    s.log(Move, "move", PUBLIC, seat, s.card_of[iid], frm, to)
    s.actions_left -= 1  # one of the turn's three actions (flow.py ends the turn when none is left)


def _check_spread(s: PhyloState, seat: int, action: Action) -> SpreadAction:
    iid = held(s, seat, action.get("card"))
    check_spread(s, seat, iid, pos_of(action.get("from"), "from"), pos_of(action.get("to"), "to"))
    return cast(SpreadAction, action)


def _spread(s: PhyloState, seat: int, action: SpreadAction) -> None:
    iid, (fx, fy), (x, y) = action["card"], action["from"], action["to"]
    frm: Pos = (fx, fy)
    to: Pos = (x, y)
    s.hands[seat].remove(iid)
    s.board[to] = [iid]
    s.where[iid] = to
    s.plays[seat].append(s.card_of[iid])
    s.log(Spread, "spread", PUBLIC, seat, s.card_of[iid], frm, to)


def _check_event(s: PhyloState, seat: int, action: Action) -> EventAction:
    iid = held(s, seat, action.get("card"))
    if s.card_of[iid] not in EVENTS:
        raise IllegalAction("That is a species card: play it with a 'play' action.", ErrorCode.ACTION_INVALID_MOVE)
    if s.event_played:
        raise IllegalAction("You may play only one event card per turn.", ErrorCode.ACTION_INVALID_MOVE)
    wanted = {k: v for k, v in action.items()}
    if wanted not in _event_actions(s, seat, iid, table_index(s)):
        raise IllegalAction(event_refusal(s, seat, iid), ErrorCode.ACTION_INVALID_MOVE)
    return cast(EventAction, action)


def _event(s: PhyloState, seat: int, action: EventAction) -> None:
    iid = action["card"]
    s.hands[seat].remove(iid)
    s.discards[seat].append(iid)
    s.event_played = True
    s.plays[seat].append(s.card_of[iid])
    play_event(s, seat, EVENTS[s.card_of[iid]], action)
    s.actions_left -= 1  # one of the turn's three actions (flow.py ends the turn when none is left)


def event_refusal(s: PhyloState, seat: int, iid: str) -> str:
    event = EVENTS[s.card_of[iid]]
    if event.effect == "counter":
        return (f"{event.name} cancels an opponent's event that hit your species in their last turn; "
                "there is none to cancel.")
    if event.effect == "climate_change" and s.climate_change_used:
        return "Climate Change has already been played this game (only one per game)."
    return f"{event.name} cannot be played like that: {event.text}"


def _check_discard(s: PhyloState, seat: int, action: Action) -> DiscardAction:
    held(s, seat, action.get("card"))
    if not s.decks[seat]:
        raise IllegalAction("Your deck is empty: there is nothing to draw.", ErrorCode.ACTION_INVALID_MOVE)
    return cast(DiscardAction, action)


def _discard(s: PhyloState, seat: int, action: DiscardAction) -> None:
    iid = action["card"]
    s.hands[seat].remove(iid)
    s.discards[seat].append(iid)
    s.log(Discard, "discard", PUBLIC, seat, s.card_of[iid], min(3, len(s.decks[seat])))
    draw(s, seat, 3)
    s.actions_left -= 1  # one of the turn's three actions (flow.py ends the turn when none is left)


def _check_pass(s: PhyloState, seat: int, action: Action) -> PassAction:
    return cast(PassAction, action)


def _pass(s: PhyloState, seat: int, action: PassAction) -> None:
    s.log(Pass, "pass", PUBLIC, seat)
    s.actions_left -= 1  # one of the turn's three actions (flow.py ends the turn when none is left)


A = TypeVar("A")


def _checked(check: Callable[[PhyloState, int, Action], A],
             handle: Callable[[PhyloState, int, A], None]) -> Callable[[PhyloState, int, Action], None]:
    """Check the untrusted action (same refusals, same order), then hand its handler the typed action."""
    def run(s: PhyloState, seat: int, action: Action) -> None:
        handle(s, seat, check(s, seat, action))
    return run


HANDLERS: Final = {"play": _checked(_check_play, _play), "move": _checked(_check_move, _move),
            "spread": _checked(_check_spread, _spread), "event": _checked(_check_event, _event),
            "discard": _checked(_check_discard, _discard), "pass": _checked(_check_pass, _pass),
            "challenge": _checked(bluff.check_challenge, bluff.challenge),
            "remove": _checked(bluff.check_resolve, bluff.resolve)}
