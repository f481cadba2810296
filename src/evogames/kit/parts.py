"""The parts a game may have, declared in one table, and one typed loader for each.

A game names the parts it has in its spec (``GameSpec(parts=("bot", "board", ...))``); ``SLOTS``
says where each lives in the game's folder and what it must define. The adapters load a part
only through the loaders below, which load only declared parts and refuse a part that lacks
what its slot asks for (``PartError``): nothing is found by guessing a module name, and no
misspelt name silently falls back to a default. ``problems`` is what the conformance suite
checks for every registered game.

A game without a part still plays everywhere: the random bot, the generic terminal board, the
generic web board, no RL encoder, no lessons. Every game that ships has all of them but the
search bot's judge (``search``), which a game needs only if its public scores misjudge a rollout
cut short (Adapt or Die: lower is better, and no NICHE card yet scores a perfect 0).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from evogames.core.rng import Rng
from evogames.core.spec import GameSpec
from evogames.core.types import View
from evogames.kit.lesson import LabSetup

if TYPE_CHECKING:
    from evogames.kit.board import Board
    from evogames.kit.bot import Bot
    from evogames.kit.encoder import Encoder


@dataclass(frozen=True)
class Slot:
    """One part a game may have: its file in the game's folder and the names it must define."""

    name: str
    path: str  # in the game's folder
    defines: tuple[str, ...]  # what the module must define (nothing for a file)
    purpose: str
    shipped: bool = True  # every game that ships has it (False: only a game that needs it)

    @property
    def module(self) -> str | None:
        """The module path inside the game's package (None for a part that is not Python)."""
        return self.path.removesuffix(".py").replace("/", ".") if self.path.endswith(".py") else None


SLOTS: dict[str, Slot] = {slot.name: slot for slot in (
    Slot("bot", "bot.py", ("HeuristicBot",),
         "the heuristic bot, HeuristicBot(**style) following kit.bot.Bot (else only the random bot)"),
    Slot("medium", "bot_medium.py", ("MediumBot",),
         "the improved heuristic (the level 'medium'), MediumBot(**style) following kit.bot.Bot (else the heuristic)"),
    Slot("search", "search.py", ("evaluate",),
         "a search bot's judge of a rollout cut short, evaluate(public view, seat) -> the seat's share of the "
         "win in [0, 1] (else a share read from the public scores)", shipped=False),
    Slot("belief", "belief.py", ("infer",),
         "a search bot's reading of its rivals' plays, infer(determinized world, seat, rng): their hands dealt "
         "again as their plays make likely (else the uniform deal of determinize)", shipped=False),
    Slot("board", "terminal/board.py", ("render", "describe"),
         "the terminal board, following kit.board.Board (else the generic board)"),
    Slot("encoder", "encoder.py", ("make_encoder",),
         "the RL encoder, make_encoder(players, options) -> kit.encoder.Encoder (else no RL env)"),
    Slot("lab", "lessons.py", ("LAB",), "the lab settings, LAB = kit.lesson.LabSetup(...) (else no lessons)"),
    Slot("web", "web/board.js", (), "the web board, an ES module (else the generic web board)"),
)}


class PartError(LookupError):
    """A game's declared part is missing or lacks what its slot asks for."""


def part(spec: GameSpec, name: str) -> ModuleType | None:
    """The module of ``spec``'s part ``name`` if the game declares it (None if not), checked against its slot."""
    slot = SLOTS[name]
    if name not in spec.parts or slot.module is None:
        return None
    path = f"{spec.package}.{slot.module}"
    try:
        module = import_module(path)
    except ModuleNotFoundError as err:
        if not (path == err.name or path.startswith(f"{err.name}.")):
            raise  # the part is there, but something it imports is not
        raise PartError(f"{spec.name} declares the part '{name}' but has no {slot.path}: {err}") from err
    missing = [need for need in slot.defines if not hasattr(module, need)]
    if missing:
        raise PartError(f"{spec.name}'s {slot.path} (the part '{name}') must define {', '.join(missing)}.")
    return module


def heuristic_bot(spec: GameSpec) -> Callable[..., Bot] | None:
    """The game's ``HeuristicBot`` class (None if it has no bot part)."""
    module = part(spec, "bot")
    return cast("Callable[..., Bot]", module.HeuristicBot) if module is not None else None


def medium_bot(spec: GameSpec) -> Callable[..., Bot] | None:
    """The game's ``MediumBot`` class (None if it has no medium part)."""
    module = part(spec, "medium")
    return cast("Callable[..., Bot]", module.MediumBot) if module is not None else None


def search_evaluation(spec: GameSpec) -> Callable[[View, int], float] | None:
    """The game's ``evaluate`` for search rollouts cut short (None if it has no search part)."""
    module = part(spec, "search")
    return cast("Callable[[View, int], float]", module.evaluate) if module is not None else None


def search_belief(spec: GameSpec) -> Callable[[Any, int, Rng], None] | None:
    """The game's ``infer`` for a search's worlds (None if it has no belief part)."""
    module = part(spec, "belief")
    return cast("Callable[[Any, int, Rng], None]", module.infer) if module is not None else None


def terminal_board(spec: GameSpec) -> Board:
    """The game's terminal board (the generic board if it has none)."""
    from evogames.kit.board import GENERIC

    module = part(spec, "board")
    return cast("Board", module) if module is not None else GENERIC


def encoder_maker(spec: GameSpec) -> Callable[[int, dict[str, Any]], Encoder] | None:
    """The game's ``make_encoder`` (None if it has no encoder part)."""
    module = part(spec, "encoder")
    return cast("Callable[[int, dict[str, Any]], Encoder]", module.make_encoder) if module is not None else None


def lab_setup(spec: GameSpec) -> LabSetup:
    """The game's lab settings (``LabSetup()``: no lessons, the default balance set-up, if it has none)."""
    module = part(spec, "lab")
    if module is None:
        return LabSetup()
    setup = module.LAB
    if not isinstance(setup, LabSetup):
        raise PartError(f"{spec.name}'s lessons.py: LAB must be a LabSetup, not {type(setup).__name__}.")
    return setup


def problems(spec: GameSpec) -> list[str]:
    """What is wrong with ``spec``'s parts: an unknown or undeclared part, or one that lacks its names."""
    found = [f"{spec.name}: '{name}' is not a part (parts: {', '.join(SLOTS)})"
             for name in spec.parts if name not in SLOTS]
    for name, slot in SLOTS.items():
        present = (spec.folder / slot.path).is_file()
        if present != (name in spec.parts):
            found.append(f"{spec.name}: {slot.path} {'exists' if present else 'is missing'} but the spec "
                         f"{'does not declare' if present else 'declares'} the part '{name}'")
        elif present and slot.module is not None:
            try:
                part(spec, name)
            except PartError as err:
                found.append(str(err))
    return found
