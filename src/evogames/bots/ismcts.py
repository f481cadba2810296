"""Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012), knowing no game.

One tree over the searching seat's information sets: a node is what the seat sees when it
must act (its ``view``, so two states it cannot tell apart share a node), an edge is one of
its legal actions. Each iteration starts from a fresh ``spec.determinize(state, seat, rng)``
(a world the seat cannot tell from the real one, with its own future of dice and shuffles),
walks down the tree choosing the seat's actions by UCB1, lets every other seat act by a
policy that sees only that seat's own view (so a simultaneous step is sound: a rival never
sees the seat's face-down commitment, and the seat's own search never sees a rival's, since
the determinization resampled it), adds one node, plays on by the policy for at most
``depth`` actions and scores the end: a share of the win (1/k for a k-way tie), or, cut
short, the game's own judge of the public view (its ``search`` part, ``evaluate``) or else a
share read from the public scores. The move played is the most visited.

The root's actions are compared on the same luck: the ``k``-th try of every root action starts
from the same determinization with the same future of dice (common random numbers, ``Worlds``).
In a game of simultaneous face-down choices (The Mating Game) the rivals who chose before the seat
choose again in each world as the policy would (``spec.recommit``), as the rivals after it will:
otherwise a rival who chose first would be modelled as choosing at random. With ``belief=1`` a game that
reads its rivals' plays (its ``belief`` part: The Mating Game) deals their hands in each world as those plays
make likely, not uniformly: a rival who revealed a weak Strategy seldom holds one it would have played instead.

Wide action lists (Phylo) are met with progressive widening: a node with ``n`` visits
tries at most ``1 + widen * sqrt(n)`` of its actions, the game's heuristic choice first.

The bot reads the real state only through ``determinize``; the budget is ``iterations``
and/or ``seconds``; with an iteration budget it is deterministic given the ``rng`` it is
handed.
"""

from __future__ import annotations

import io
import math
import pickle
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from evogames.core.errors import ErrorCode, IllegalAction, UsageError
from evogames.core.rng import Rng
from evogames.core.spec import GameSpec
from evogames.core.types import Action, View
from evogames.kit.judge import share_by_rank
from evogames.kit.parts import heuristic_bot, medium_bot, search_belief, search_evaluation

MEMORY = 20_000  # views remembered before the memory starts again
ROLLOUTS = ("heuristic", "medium", "random")  # the policy after the tree (medium: the seat's own moves)
KEPT = 256  # worlds kept for the root's paired tries (see Worlds)
#: with an anchor, a search whose moves all win less than this share of the games keeps the policy's own: a lost
#: game is no reason to leave it (Adapt or Die's search, hopelessly behind with three NICHE cards while the others
#: had four, judged every move at 0.06-0.09% and left the policy's move on consistent gaps of 0.0002, holding its
#: games open for 40 rounds; at 1% it also kept the policy's move where a tie was still to be had, 2 of 88 games)
HOPELESS = 0.002


def action_key(action: Action) -> str:
    return repr(sorted(action.items()))


@dataclass
class Edge:
    action: Action
    visits: int = 0
    value: float = 0.0
    next: dict[bytes, Node] = field(default_factory=dict)  # what the seat sees next -> its node
    tries: list[float] = field(default_factory=list)  # a root edge's reward in world k (the first KEPT)


@dataclass
class Node:
    """One information set of the searching seat: its untried actions and its edges."""

    untried: list[Action]
    edges: list[Edge] = field(default_factory=list)
    visits: int = 0


@dataclass
class Stats:
    """What one search cost (iterations and seconds) and what it found: each root move's visits and
    its share of the simulated games won, most visited first (what the coach reads)."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)  # action key -> root visits
    moves: list[tuple[Action, int, float]] = field(default_factory=list)  # (action, visits, share won)
    prior: Action | None = None  # the move the search tried first (the heuristic's, when the game has one)


class ISMCTSBot:
    """``ismcts:iterations=400``, ``ismcts:seconds=0.5:rollout=random:depth=40``, ``ismcts:seconds=1:early=1``,
    ``ismcts:iterations=1000:belief=1``."""

    name = "ismcts"
    needs_state = True  # it is handed the state, and reads it only through ``determinize``

    # the settings are typed Any: they come from a user's text (``ismcts:iterations=lots``), and a compiled build
    # would refuse a wrong type before ``_check`` can say what is wrong in the words the pure build uses
    def __init__(self, game: str, iterations: Any = 0, seconds: Any = 0.0, rollout: Any = "heuristic",
                 depth: Any = 60, c: Any = 0.7, widen: Any = 2.0, anchor: Any = 0.0, early: Any = 0,
                 belief: Any = 1) -> None:
        from evogames.core.registry import game as lookup

        _check(iterations, seconds, rollout, depth)
        if not isinstance(anchor, int | float) or anchor < 0:
            raise UsageError(f"ismcts: anchor must be a number ≥ 0, not {anchor!r}.", ErrorCode.BOT_STYLE)
        self.anchor = float(anchor)
        if early not in (0, 1):
            raise UsageError(f"ismcts: early is 1 (stop once the move is settled) or 0, not {early!r}.",
                             ErrorCode.BOT_STYLE)
        self.early = bool(early)  # the levels stop early; by hand and the coach spend the whole budget
        if belief not in (0, 1):
            raise UsageError(f"ismcts: belief is 1 (read the rivals' plays, where the game can) or 0, not {belief!r}.",
                             ErrorCode.BOT_STYLE)
        self.spec: GameSpec = lookup(game)
        self.unkeyed = (*self.spec.static_view, *self.spec.derived_view)  # left out of its keys (``key``)
        self.iterations = int(iterations)
        self.seconds = float(seconds)
        self.rollout: str = str(rollout)
        self.depth = int(depth)
        for name, value in (("c", c), ("widen", widen)):
            if not isinstance(value, int | float) or value < 0:
                raise UsageError(f"ismcts: {name} must be a number ≥ 0, not {value!r}.", ErrorCode.BOT_STYLE)
        self.c = float(c)
        self.widen = float(widen)
        if not iterations and not seconds:  # last: a wrong value is named before a budget left out
            raise UsageError("ismcts needs a budget: iterations=N or seconds=S.", ErrorCode.BOT_STYLE)
        heuristic = heuristic_bot(self.spec)
        self.heuristic: Any = heuristic() if heuristic is not None else None
        medium = medium_bot(self.spec) if rollout == "medium" else None
        # the seat's own moves after the tree (and its first try at a node): the medium bot with
        # ``rollout=medium`` (the rivals stay the heuristic), else the heuristic
        self.own: Any = medium() if medium is not None else self.heuristic
        self.evaluate = search_evaluation(self.spec)
        self.infer = search_belief(self.spec) if belief else None
        self.last = Stats()
        self.memory: dict[bytes, set[str]] = {}  # view -> actions this bot played from it (this game)

    def choose(self, view: View, rng: Rng) -> Action:
        raise IllegalAction("The ismcts bot searches from the state: ask it with evogames.bots.bot_action.",
                            ErrorCode.BOT_UNKNOWN)

    # -- the search ----------------------------------------------------------
    def choose_from(self, state: Any, seat: int, rng: Rng) -> Action:
        """The seat's move in ``state`` (read only through ``determinize(state, seat, ...)``)."""
        start = time.perf_counter()
        first = self.spec.determinize(state, seat, Rng(rng.next64()))
        view = self.spec.full_view(first, seat)
        legal = self._fresh(view)
        if len(legal) == 1:
            self.last = Stats(0, time.perf_counter() - start, {action_key(legal[0]): 0})
            return self._remember(view, legal[0])
        root, pick = self._node(view, legal, rng)
        # the rollout policy's own choice (tried first: ``_node`` sorts it last); none to anchor to when it was
        # already played from this very view (``_fresh`` left it out: then the last untried move is any move)
        prior = root.untried[-1] if pick is not None and action_key(root.untried[-1]) == action_key(pick) else None
        worlds = Worlds(self.spec, state, seat, rng, self._rival if self.rollout != "random" else None, self.infer)
        done = 0
        while not self._spent(done, start) and not self._settled(root, done, start):
            edge = self._select(root)
            k = edge.visits
            world, future = worlds.sample(k)
            reward = self._iterate(root, world, seat, future, edge)
            if k < KEPT:
                edge.tries.append(reward)
            done += 1
        best = self._final(root, prior)
        ranked = sorted(root.edges, key=lambda e: (-e.visits, -e.value))
        self.last = Stats(done, time.perf_counter() - start, {action_key(e.action): e.visits for e in root.edges},
                          [(e.action, e.visits, e.value / e.visits if e.visits else 0.0) for e in ranked], prior)
        return self._remember(view, best.action)

    def _fresh(self, view: View) -> list[Action]:
        """The legal actions, less those already played from this very view in this game: back at a
        view it has left (an undo, such as Dodo's ``cancel``), the bot tries something else, so a
        search that sees no difference cannot go round in circles."""
        played = self.memory.get(self.key(view), set())
        legal: list[Action] = list(view["legal"])
        return [a for a in legal if action_key(a) not in played] or legal

    def _remember(self, view: View, action: Action) -> Action:
        if len(self.memory) > MEMORY:
            self.memory.clear()
        played = self.memory.setdefault(self.key(view), set())
        if len(played) + 1 >= len(view["legal"]):
            played.clear()
        played.add(action_key(action))
        return action

    def key(self, view: View) -> bytes:
        """What the bot keys a view by (its tree and its memory): the view less the game's static catalogs and the
        parts that follow from the rest (``GameSpec.static_view``, ``derived_view``), so no two views merge that
        its seat can tell apart."""
        return view_key(view, self.unkeyed)

    def _settled(self, root: Node, done: int, start: float) -> bool:
        """True when no use of the budget left could change the move: the most visited root action leads
        the next by more visits than the iterations left (by the rate so far, on a budget of seconds).
        Only with ``early`` (the levels: the coach and ``ismcts`` by hand spend the whole budget, every
        move's share of the games is what they report), and not with an anchor, whose paired test still
        learns from every try."""
        if not self.early or self.anchor or len(root.edges) + len(root.untried) < 2:
            return False
        first, second, *_ = sorted([e.visits for e in root.edges] + [0, 0], reverse=True)
        return first - second > self._left(done, start)

    def _left(self, done: int, start: float) -> float:
        """The iterations the budget still buys (the fewer of the two budgets' estimates)."""
        left = math.inf
        if self.iterations:
            left = float(self.iterations - done)
        if self.seconds and done:
            spent = time.perf_counter() - start
            left = min(left, (self.seconds - spent) * done / max(spent, 1e-9))
        return left

    def _final(self, root: Node, prior: Action | None) -> Edge:
        """The move: the most visited root action; with an ``anchor`` z, the rollout policy's own choice
        unless that action beat it on the worlds both were tried in by more than z standard errors of
        the paired differences (a search too noisy to be sure leaves the policy's move)."""
        best = max(root.edges, key=lambda e: (e.visits, e.value))
        if not self.anchor or prior is None or best.action == prior or self.own is None:
            return best
        base = next((e for e in root.edges if e.action == prior), None)
        if base is None:
            return best
        if all(e.value / max(e.visits, 1) < HOPELESS for e in root.edges):
            return base
        gaps = [b - h for b, h in zip(best.tries, base.tries, strict=False)]
        return best if _clearly_positive(gaps, self.anchor) else base

    def _spent(self, done: int, start: float) -> bool:
        if self.iterations and done >= self.iterations:
            return True
        return bool(self.seconds) and done > 0 and time.perf_counter() - start >= self.seconds

    def _node(self, view: View, legal: list[Action], rng: Rng, plays: bool = False) -> tuple[Node, Action | None]:
        """A new node: its actions in the order it will try them (the policy's own choice first), and that choice.
        With ``plays`` the choice is the rollout's next move, made with ``rng`` itself (as ``_policy`` would);
        otherwise with a copy, ``rng`` left as it was after the shuffle."""
        untried = list(legal)
        rng.shuffle(untried)
        pick = None
        if self.own is not None:
            pick = self.own.choose(view, rng if plays else rng.clone())
            first = action_key(pick)
            untried.sort(key=lambda a: action_key(a) != first)
        untried.reverse()  # popped from the end
        return Node(untried), pick

    def _iterate(self, root: Node, world: Any, seat: int, rng: Rng, first: Edge) -> float:
        """One iteration: down the tree (the seat by UCB from ``first``, its root edge, on; the others by
        the policy), one new node, a rollout; its reward."""
        spec, steps = self.spec, 0
        path: list[Edge] = []
        node: Node | None = root
        in_tree = True  # still walking the tree (no node added yet)
        while not spec.is_over(world) and steps < self.depth:
            actor = spec.to_act(world)[0]
            pick = None  # a new node's own choice, which is the rollout's next move too (chosen once)
            if actor == seat and in_tree and node is None:
                node, in_tree, pick = self._child(path[-1], spec.full_view(world, seat), rng)
            if actor != seat or node is None:
                spec.apply(world, actor, pick if pick is not None else self._policy(world, actor, rng, seat))
            else:
                edge = first if node is root else self._select(node)
                path.append(edge)
                spec.apply(world, seat, edge.action)
                node = None
            steps += 1
        reward = self._reward(world, seat)
        for edge in path:
            edge.visits += 1
            edge.value += reward
        return reward

    def _child(self, edge: Edge, view: View, rng: Rng) -> tuple[Node | None, bool, Action | None]:
        """The node after ``edge`` for what the seat now sees, True and None; or, if there is none yet,
        a new one is added and (None, False, the policy's move there, or None to ask ``_policy``): the
        iteration goes on by the policy."""
        key = self.key(view)
        node = edge.next.get(key)
        if node is not None:
            return node, True, None
        edge.next[key], pick = self._node(view, view["legal"], rng, plays=self.rollout != "random")
        return None, False, pick

    def _select(self, node: Node) -> Edge:
        node.visits += 1
        room = 1 + int(self.widen * math.sqrt(node.visits))
        if node.untried and (len(node.edges) < room or not node.edges):
            edge = Edge(node.untried.pop())
            node.edges.append(edge)
            return edge
        log_n = math.log(node.visits)
        return max(node.edges, key=lambda e: _ucb(e, log_n, self.c))

    def _rival(self, world: Any, actor: int, rng: Rng) -> Action:
        """Another seat's choice by the heuristic, from that seat's own view of ``world``."""
        action: Action = self.heuristic.choose(self.spec.full_view(world, actor), rng)
        return action

    def _policy(self, world: Any, actor: int, rng: Rng, seat: int) -> Action:
        bot = self.own if actor == seat else self.heuristic
        if self.rollout != "random" and bot is not None:
            action: Action = bot.choose(self.spec.full_view(world, actor), rng)
            return action
        return rng.choice(self.spec.legal(world, actor))

    def _reward(self, world: Any, seat: int) -> float:
        """The seat's share of the win; cut short, the game's ``evaluate`` of the public view (its
        search part), or a share read from the public scores."""
        spec = self.spec
        if spec.is_over(world):
            winners = (spec.result(world) or {}).get("winners") or []
            return 1.0 / len(winners) if seat in winners else 0.0
        public = spec.full_view(world, None)
        if self.evaluate is not None:
            return self.evaluate(public, seat)
        scores = [spec.score_of(public, s) or 0.0 for s in range(len(public.get("players") or []))]
        if spec.lower_wins(public):  # a running score that is better low (an unfit score): ranked the other way
            scores = [-score for score in scores]
        return share_by_rank(scores, seat)


class Worlds:
    """The worlds the root's actions are tried in: the ``k``-th try of every root action meets the
    same determinization and the same future of dice and choices (common random numbers), so two
    actions are compared on the same luck, not on their own; a world is made once and copied. Only
    the first ``KEPT`` are kept (a long search would hold thousands of states): later tries get a
    world of their own."""

    def __init__(self, spec: GameSpec, state: Any, seat: int, rng: Rng,
                 rival: Callable[[Any, int, Rng], Action] | None,
                 infer: Callable[[Any, int, Rng], None] | None = None) -> None:
        self.spec, self.state, self.seat, self.rng, self.rival = spec, state, seat, rng, rival
        self.infer = infer
        self.made: list[tuple[Any, Rng]] = []

    def sample(self, k: int) -> tuple[Any, Rng]:
        """A fresh copy of world ``k`` and its future's RNG."""
        if k >= KEPT:
            return self._make()
        while len(self.made) <= k:
            self.made.append(self._make())
        world, future = self.made[k]
        return world.clone(), future.clone()

    def _make(self) -> tuple[Any, Rng]:
        """A determinization and its future. Where the game reads its rivals' plays (its ``belief`` part),
        their hands are dealt again as those plays make likely. In a game of face-down simultaneous choices
        the rivals who chose before the seat choose again in the world as the policy would
        (``spec.recommit``), as those who choose after it will."""
        world = self.spec.determinize(self.state, self.seat, Rng(self.rng.next64()))
        if self.infer is not None:
            self.infer(world, self.seat, Rng(self.rng.next64()))
        if self.spec.recommit is not None and self.rival is not None:
            self.spec.recommit(world, self.seat, partial(_with_rng, self.rival, Rng(self.rng.next64())))
        return world, Rng(self.rng.next64())


def _with_rng(policy: Callable[[Any, int, Rng], Action], rng: Rng, world: Any, seat: int) -> Action:
    return policy(world, seat, rng)


KEY_PROTOCOL: Final = 4  # a fixed protocol: a key made in the server's search worker is met again at its table


def view_key(view: View, left_out: tuple[str, ...] = ()) -> bytes:
    """A view as the bot's memory and tree key it (two views a seat cannot tell apart are one), less the
    parts ``left_out``: those the same in every view of a game (its catalogs: ``GameSpec.static_view``) and those
    that follow from the rest of the view (``GameSpec.derived_view``), so leaving them out merges no two views.

    The key is the view pickled without the pickler's memo (``fast``): each value written out in full, so equal
    views give equal bytes whichever objects they share, and unequal ones different bytes (a view is plain
    data, which a pickle gives back as it was). A quarter of the cost of ``repr``, which keyed views before."""
    part = view if not left_out else {k: v for k, v in view.items() if k not in left_out}
    out = io.BytesIO()
    pickler = pickle.Pickler(out, KEY_PROTOCOL)
    pickler.fast = True  # no memo (deprecated in the docs since 3.0, still there; without it equal views part)
    pickler.dump(part)
    return out.getvalue()


def _clearly_positive(gaps: list[float], z: float) -> bool:
    """True if the mean of ``gaps`` is above 0 by more than ``z`` standard errors (at least 2 of them)."""
    n = len(gaps)
    if n < 2:
        return False
    mean = sum(gaps) / n
    spread = sum((g - mean) ** 2 for g in gaps) / (n - 1)
    return mean > z * math.sqrt(spread / n)


def _ucb(edge: Edge, log_n: float, c: float) -> float:
    if edge.visits == 0:
        return math.inf
    return edge.value / edge.visits + c * math.sqrt(log_n / edge.visits)


def _check(iterations: Any, seconds: Any, rollout: Any, depth: Any) -> None:
    if not isinstance(iterations, int) or iterations < 0:
        raise UsageError(f"ismcts: iterations must be a whole number ≥ 0, not {iterations!r}.", ErrorCode.BOT_STYLE)
    if not isinstance(seconds, int | float) or seconds < 0:
        raise UsageError(f"ismcts: seconds must be a number ≥ 0, not {seconds!r}.", ErrorCode.BOT_STYLE)
    if rollout not in ROLLOUTS:
        raise UsageError(f"ismcts: rollout is 'heuristic', 'medium' or 'random', not {rollout!r}.",
                         ErrorCode.BOT_STYLE)
    if not isinstance(depth, int) or depth < 1:
        raise UsageError(f"ismcts: depth must be a whole number ≥ 1, not {depth!r}.", ErrorCode.BOT_STYLE)
