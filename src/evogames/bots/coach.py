"""The coach's search and its words: the search's top moves for a seat, in a plain sentence.

It searches as the ``hard`` bot does (the game's rollouts, depth and anchor), from
``determinize(state, seat)``, so it knows only what the seat's own view shows, and spends its whole
``HINT_SECONDS`` (no early stop: every move's share is reported). The moves are named in the game's
own words (its terminal board's ``describe``) from the seat's view. The server runs it in its pool
(``server/coach.py``); ``evogames play`` runs it in the terminal when the player types ``h``.
"""

from __future__ import annotations

from typing import Any

from evogames.bots.levels import hard_search
from evogames.core.rng import Rng
from evogames.core.types import Action, View
from evogames.kit.parts import terminal_board

HINT_SECONDS = 0.5  # the coach's budget (fixed: hints are few at once, and count in no bot's budget)
TOP = 3  # moves named at most
Shares = list[tuple[Action, int, float]]  # the search's root moves: action, visits, share of the games won


def advise(game: str, state: Any, seat: int, view: View, seed: int, seconds: float = HINT_SECONDS,
           numbered: list[Action] | None = None, iterations: int = 0) -> str:
    """The coach's sentence for ``seat`` in ``state``, searched here and now (the terminal's hint); with
    ``numbered`` (the choices as the player sees them listed) each move says its number."""
    bot = hard_search(game, seconds, iterations)
    action = bot.choose_from(state, seat, Rng(seed))
    text, _ = advice(game, view, bot.last.moves, action, bot.last.iterations, numbered)
    return text


def advice(game: str, view: View, shares: Shares, chosen: Action, iterations: int,
           numbered: list[Action] | None = None) -> tuple[str, list[dict[str, Any]]]:
    """The sentence and the named top moves (``action``, ``label``, ``share``) of a search that found ``shares``
    and chose ``chosen`` in ``iterations`` simulated games."""
    from evogames.core.registry import game as lookup

    board = terminal_board(lookup(game))
    # the most tried moves (their shares the surest), named best first: "A wins 65%; B 66%" would read wrong
    top = sorted([(action, share) for action, visits, share in shares if visits][:TOP], key=lambda m: -m[1])
    actions = [action for action, _ in top] + [chosen]
    labels = distinct_labels([str(board.describe(view, action)) for action in actions], actions)
    if numbered is not None:
        labels = [_numbered(label, action, numbered) for label, action in zip(labels, actions, strict=True)]
    moves = [{"action": action, "label": label, "share": round(share, 3)}
             for (action, share), label in zip(top, labels, strict=False)]
    return sentence(moves, labels[-1], iterations), moves


def _numbered(label: str, action: Action, choices: list[Action]) -> str:
    number = next((i for i, choice in enumerate(choices, start=1) if choice == action), None)
    return label if number is None else f"[{number}] {label}"


def distinct_labels(described: list[str], actions: list[Action]) -> list[str]:
    """The moves' names: each cut to its name (``short``), unless another move would get the same name
    ("Offer Player 4" twice): then the whole description (its long asides still cut), or word for word."""
    labels = [short(text) for text in described]
    for whole in (_whole, _word_for_word):
        clash = _clashing(labels, actions)
        labels = [whole(text) if i in clash else label
                  for i, (text, label) in enumerate(zip(described, labels, strict=True))]
    return labels


def _whole(described: str) -> str:
    return short(described, whole=True)


def _word_for_word(described: str) -> str:
    return _capital(" ".join(described.split()))


def _clashing(labels: list[str], actions: list[Action]) -> set[int]:
    """The places whose label another place's different action shares."""
    return {i for i, label in enumerate(labels) for j, other in enumerate(labels)
            if i != j and label == other and actions[i] != actions[j]}


def sentence(moves: list[dict[str, Any]], only: str, games: int) -> str:
    """ "Play Peacock Tail (Peacock) wins 41% of the games I tried; Out to Lunch 23%." """
    if not moves:
        return f"You have one move here: {only}."
    first, *rest = moves
    text = f"{first['label']} wins {_percent(first['share'])} of the games I tried"
    text += "".join(f"; {m['label']} {_percent(m['share'])}" for m in rest)
    return f"{text}. (I played {games} games from what you can see.)"


def short(described: str, longest: int = 40, whole: bool = False) -> str:
    """A move's description cut to its name: up to its first ": " outside brackets (all of it if ``whole``),
    without a bracketed aside longer than ``longest`` characters, capitalised ("move your bug" -> "Move your bug")."""
    out: list[str] = []
    depth, aside = 0, ""
    for index, ch in enumerate(described):
        if depth == 0 and not whole and described.startswith(": ", index):
            break
        if ch == "(":
            depth += 1
        if depth:
            aside += ch
        else:
            out.append(ch)
        if ch == ")" and depth:
            depth -= 1
            if not depth:
                out.append(aside if len(aside) <= longest else "")
                aside = ""
    return _capital(" ".join("".join(out).split()))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _percent(share: float) -> str:
    return f"{round(100 * share)}%"
