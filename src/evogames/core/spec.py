"""``GameSpec``: everything the platform knows about one game, in one typed, frozen value.

A game's package builds its spec in ``__init__.py`` (``SPEC = GameSpec(...)``) and the
registry (``core/registry.py``) hands it to every adapter: the CLI, the server, the lab,
the RL env and the web shell read the slots below and never name a game.

- **Facts**: name, title, player counts, simultaneous play, hidden information, options.
- **Rules**: plain functions over the game's state (``new_state``, ``to_act``, ``legal``,
  ``apply``, ``view``, ...); they never print and never read a clock. ``view`` returns only
  what is the game's own; ``full_view`` puts it in the envelope every view shares (``ENVELOPE``).
- **Parts**: the optional parts the game declares it has (``parts``: ``bot``, ``board``,
  ``encoder``, ``lab``, ``web``); ``evogames.kit.parts`` says where each lives and what it must
  define, and loads them only when an adapter needs them. The text files ``help.toml``,
  ``learning.toml``, ``RULES.md``, ``RULINGS.md`` are read if present.
- **Numbers the adapters show**: ``score_of`` / ``round_of`` read a view; ``score_label``
  and ``stat_labels`` name them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from types import MappingProxyType
from typing import Any, get_args, get_type_hints

from typing_extensions import TypedDict

from evogames.core.options import Option
from evogames.core.rng import Rng
from evogames.core.types import Action, CatalogEntry, View


def _over(state: Any) -> bool:
    return bool(state.over)


def _outcome(state: Any) -> dict[str, Any] | None:
    return dict(state.outcome) if state.outcome else None


def _events(state: Any) -> list[Any]:
    events: list[Any] = state.events
    return events


def _no_debrief(state: Any) -> dict[str, Any] | None:
    return None


def players_key(*keys: str) -> Callable[[View, int], float | None]:
    """A ``score_of`` that reads ``view['players'][seat][key]`` (the first of ``keys`` present)."""
    def score_of(view: View, seat: int) -> float | None:
        players = view.get("players") or []
        player = players[seat] if seat < len(players) else {}
        return next((player[k] for k in keys if isinstance(player.get(k), int | float)), None)
    return score_of


_SCORE = players_key("score")


def shapes_by_type(*unions: Any) -> Mapping[str, tuple[type, ...]]:
    """Each action type's TypedDicts (one or more shapes), read from the unions of a game's ``action_types.py``:
    ``SHAPES = shapes_by_type(MatingAction)``; the spec's ``action_types`` slot."""
    out: dict[str, tuple[type, ...]] = {}
    for union in unions:
        for shape in get_args(union) or (union,):
            for kind in get_args(get_type_hints(shape)["type"]):
                out[kind] = (*out.get(kind, ()), shape)
    return MappingProxyType(out)


def _fields(shape: Any) -> frozenset[str]:
    return frozenset(shape.__required_keys__ | shape.__optional_keys__)


#: the keys ``GameSpec.full_view`` puts in every view (a game's own view adds the rest)
ENVELOPE = ("game", "seat", "to_act", "legal", "over", "result", "debrief")


def _higher_wins(view: View) -> bool:
    return False


def _view_round(view: View) -> Any:
    return view.get("round", view.get("turn"))


@dataclass(frozen=True, eq=False)
class GameSpec:
    """One game. Build it once, in the game's ``__init__.py``; every adapter reads it."""

    # -- facts -------------------------------------------------------------
    name: str
    title: str
    min_players: int
    max_players: int
    simultaneous: bool
    hidden_info: bool
    options: tuple[Option, ...]
    # -- rules -------------------------------------------------------------
    new_state: Callable[[int, int, dict[str, Any]], Any]
    to_act: Callable[[Any], list[int]]
    legal: Callable[[Any, int], list[Action]]
    apply: Callable[[Any, int, Action], None]
    view: Callable[[Any, int | None], View]
    render_event: Callable[[Any, int | None], dict[str, Any] | None]
    stats: Callable[[Any], dict[str, Any]]
    determinize: Callable[[Any, int, Rng], Any]
    # a game with simultaneous face-down choices: ``recommit(world, seat, policy)`` chooses again, in a
    # determinized world, the choices the other seats already made face down this step, each as
    # ``policy(world, other)`` would (None: ``determinize``'s own resampling is all there is)
    recommit: Callable[[Any, int, Callable[[Any, int], Action]], None] | None = None
    is_over: Callable[[Any], bool] = _over
    result: Callable[[Any], dict[str, Any] | None] = _outcome
    events: Callable[[Any], list[Any]] = _events
    debrief: Callable[[Any], dict[str, Any] | None] = _no_debrief
    # a game whose own view reads the seat's legal actions (Phylo's event previews) takes the envelope's
    # list here instead of asking ``legal`` a second time (None: ``view``)
    view_given_legal: Callable[[Any, int | None, list[Action]], View] | None = None
    # each action type's TypedDicts: ``Match.act`` refuses another type or a field none of them has
    # (empty: the game checks its actions alone)
    action_types: Mapping[str, tuple[type, ...]] = field(default_factory=lambda: MappingProxyType({}))
    fields: Mapping[str, tuple[frozenset[str], ...]] = field(init=False, repr=False)  # from action_types
    # type -> its fields when it has one shape (Match.act's fast path, a plain dict: the engine's hot path)
    single_shape: dict[str, frozenset[str]] = field(init=False, repr=False)
    # -- what the adapters show ---------------------------------------------
    package: str = ""  # the module path of the game's package (its parts are found there)
    parts: tuple[str, ...] = ()  # the optional parts it has (see evogames.kit.parts.SLOTS)
    best_players: int = 0  # the lobby's suggestion (0: 4, within the limits)
    # how many actions a search bot's rollout plays before the public scores judge it: a short game is
    # played out, a long one cut (bots/levels.py; the iterations a second it buys are in the README)
    search_depth: int = 20
    # the policy a search bot plays its own moves by after its tree ("heuristic", or "medium": the game's
    # medium bot, where it made the search stronger in a measured comparison; the rivals stay the heuristic)
    search_rollout: str = "heuristic"
    # the search levels keep the rollout policy's own move unless another beat it on the same worlds by this
    # many standard errors (0: the most visited move; ``bots/ismcts.py``'s ``anchor``), for a game whose
    # judge leaves many moves level (Adapt or Die: a level search would wander and never end the game)
    search_anchor: float = 0.0
    # the parts of a view that are the same in every view of a game (its catalogs of cards and rules): a search
    # bot leaves them out of the keys of its tree (``bots/ismcts.py``'s ``view_key``: a repr of the whole view
    # was 7-10% of a search in Adapt or Die and Evolution); the conformance suite checks they never change
    static_view: tuple[str, ...] = ()
    # the parts of a view that follow from the rest of it (the texts of the cards it names elsewhere by id):
    # a search leaves them out of its keys too (two views that differ in them differ elsewhere as well; Phylo's
    # ``cards`` were 60% of its keys); the conformance suite checks that views alike in the rest are alike in these
    derived_view: tuple[str, ...] = ()
    teaches: str = ""
    rulebook: str = ""  # how `evogames rules` cites the rulebook (default: the title)
    score_label: str = "Score"  # what a score counts ("Offspring", "Points")
    score_of: Callable[[View, int], float | None] = _SCORE
    # whether a lower running score (``score_of``) is the better one in this view (Adapt or Die's unfit score); a
    # finished game's result says it itself (its ``lower_is_better``)
    lower_wins: Callable[[View], bool] = _higher_wins
    round_of: Callable[[View], Any] = _view_round
    # what ``round_of`` counts in the rulebook's word, where the view's key does not say it (Evolution's view counts
    # its rulebook's turns under "round"); "" : "round" when the view has a ``round``, else "turn"
    round_name: str = ""
    # the seat stats the lab's summaries show, each with its plain label (``evogames simulate``, the report's tables)
    stat_labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # plain labels of the lab's other columns, not shown in the summaries: the seat stats a lesson measures, the
    # per-round history the trajectories draw (``sim.words.column_name`` reads ``stat_labels``, then these)
    metric_labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # the result's end codes (its ``end``, else its ``reason``) of the game's safety limits (an option such as
    # ``max_rounds``, not in its rulebook): an RL env truncates such a game and pays nothing (``rl/aec.py``)
    safety_ends: tuple[str, ...] = ()
    end_reasons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # result reason -> words
    tie_breaks: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # result tie_break -> words
    card_names: Callable[[], dict[str, str]] | None = None  # card id -> name, for `lab balance`

    def __post_init__(self) -> None:
        if not self.best_players:
            object.__setattr__(self, "best_players", min(self.max_players, max(self.min_players, 4)))
        if not self.rulebook:
            object.__setattr__(self, "rulebook", f"*{self.title}*")
        for name in ("stat_labels", "metric_labels", "end_reasons", "tie_breaks", "action_types"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        fields = {kind: tuple(_fields(shape) for shape in shapes) for kind, shapes in self.action_types.items()}
        object.__setattr__(self, "fields", MappingProxyType(fields))
        single = {kind: shapes[0] for kind, shapes in fields.items() if len(shapes) == 1}
        object.__setattr__(self, "single_shape", single)

    def unexpected(self, action: Action) -> list[str]:
        """The fields of ``action`` (of a known type) that no shape of its type has (the fewest, if several)."""
        keys = action.keys()
        shapes = self.fields[action["type"]]
        if any(keys <= fields for fields in shapes):
            return []
        return min((sorted(keys - fields) for fields in shapes), key=len)

    def full_view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` (None: a spectator) sees: the envelope every game's view shares (``game``, ``seat``,
        ``to_act``, ``legal``, ``over``, ``result``, and ``debrief``: the ``debrief`` slot, None until the
        game is over; the one way a debrief reaches a player), then the game's own ``view``. A game's own
        view may give a fuller ``result`` (Mating's explains a tie)."""
        legal = self.legal(state, seat) if seat is not None else []
        out: View = {
            "game": self.name,
            "seat": seat,
            "to_act": self.to_act(state),
            "legal": legal,
            "over": self.is_over(state),
            "result": self.result(state),
            "debrief": self.debrief(state),
        }
        given = self.view_given_legal
        out.update(given(state, seat, legal) if given is not None else self.view(state, seat))
        return out

    # -- parts ---------------------------------------------------------------
    @property
    def folder(self) -> Path:
        """The game's package folder (its data, text files and web board live there)."""
        module = import_module(self.package)
        return Path(module.__file__ or "").parent

    def text(self, filename: str) -> str:
        """One of the game's text files (``RULES.md``...), "" if it has none."""
        path = self.folder / filename
        return path.read_text(encoding="utf-8") if path.is_file() else ""

    def toml(self, filename: str) -> dict[str, Any]:
        """One of the game's TOML text files (``help.toml``, ``learning.toml``), {} if it has none."""
        text = self.text(filename)
        return tomllib.loads(text) if text else {}

    @property
    def web_folder(self) -> Path | None:
        """The folder of the game's web board (the part ``web``: ``web/board.js``), None for the generic board."""
        return self.folder / "web" if "web" in self.parts else None


class Rules(TypedDict):
    """The rule slots every game fills from the same files (see ``standard_rules``)."""

    to_act: Callable[[Any], list[int]]
    legal: Callable[[Any, int], list[Action]]
    apply: Callable[[Any, int, Action], None]
    view: Callable[[Any, int | None], View]
    stats: Callable[[Any], dict[str, Any]]
    render_event: Callable[[Any, int | None], dict[str, Any] | None]
    determinize: Callable[[Any, int, Rng], Any]
    debrief: Callable[[Any], dict[str, Any] | None]
    action_types: Mapping[str, tuple[type, ...]]
    package: str


def standard_rules(package: str) -> Rules:
    """A game's rule functions, found by the file names every game folder has: ``actions.py``
    (``to_act``, ``legal``, ``apply``), ``view.py`` (``view``, ``stats``), ``events.py`` (``render``),
    ``determinize.py``, ``debrief.py`` and ``action_types.py`` (``SHAPES``).
    ``GameSpec(**standard_rules(__name__), name=..., ...)``."""
    def part(name: str) -> Any:
        return import_module(f"{package}.{name}")

    actions, view = part("actions"), part("view")
    return Rules(to_act=actions.to_act, legal=actions.legal, apply=actions.apply, view=view.view, stats=view.stats,
                 render_event=part("events").render, determinize=part("determinize").determinize,
                 debrief=part("debrief").debrief, action_types=part("action_types").SHAPES, package=package)


def describe(spec: GameSpec) -> CatalogEntry:
    """A game's catalog entry."""
    return {
        "name": spec.name,
        "title": spec.title,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "best_players": spec.best_players,
        "teaches": spec.teaches,
        "simultaneous": spec.simultaneous,
        "hidden_info": spec.hidden_info,
        "options": {o.name: o.to_dict() for o in spec.options},
        "score_label": spec.score_label,
        "parts": list(spec.parts),
    }
