"""Match: one game being played. Seat-checked actions, the log, record and replay."""

from __future__ import annotations

import pickle
from typing import Any, cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.options import validate_options
from evogames.core.registry import game as lookup
from evogames.core.spec import GameSpec
from evogames.core.types import Action, LogEntry, Record, Result, Stats, View


class Match:
    """A game in progress: the one door through which seats act and see."""

    def __init__(
        self,
        game: GameSpec | str,
        players: int,
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.game: GameSpec = lookup(game) if isinstance(game, str) else game
        _check_players(self.game, players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalAction(f"The seed must be a whole number, not {seed!r}.", ErrorCode.MATCH_SEED)
        self.players = players
        self.seed = seed
        self.options = validate_options(self.game.options, options)
        self.state = self.game.new_state(players, seed, self.options)
        self.actions: list[list[Any]] = []

    # -- playing ---------------------------------------------------------
    @property
    def to_act(self) -> list[int]:
        return self.game.to_act(self.state)

    def legal(self, seat: int) -> list[Action]:
        self._check_seat(seat)
        if seat not in self.game.to_act(self.state):
            return []
        return self.game.legal(self.state, seat)

    def act(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``, or raise IllegalAction and change nothing."""
        self._check_seat(seat)
        if self.game.is_over(self.state):
            raise IllegalAction("The game is over.", ErrorCode.ACTION_GAME_OVER)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(
                "An action is an object with a 'type', e.g. {\"type\": \"pass\"}.",
                ErrorCode.ACTION_MALFORMED,
            )
        for value in action.values():
            kind = type(value)
            if kind is not str and kind is not int and not _plain(value):
                raise IllegalAction("An action's fields are whole numbers, text, or lists of them "
                                    "(not true/false, 2.0 or null).", ErrorCode.ACTION_MALFORMED)
        if seat not in self.game.to_act(self.state):
            raise IllegalAction(f"It is not Player {seat + 1}'s turn to act.", ErrorCode.ACTION_INACTIVE_PLAYER)
        fast = self.game.single_shape.get(action["type"])  # most types have one shape: one subset test
        if fast is None or not action.keys() <= fast:
            self._check_fields(action)
        self.game.apply(self.state, seat, action)
        self.actions.append([seat, action])

    # -- seeing ----------------------------------------------------------
    def view(self, seat: int | None = None) -> View:
        """What ``seat`` sees (``None``: a spectator), the caller's own to change: a view's catalogs and cards are
        shared between views and with the state to keep the search fast, so this hands out a copy."""
        return own_copy(self.read_view(seat))

    def read_view(self, seat: int | None = None) -> View:
        """``view`` without the copy, for code that only reads it (the bots, the RL encoder): changing it would
        change the game, later views and other games in the process."""
        if seat is not None:
            self._check_seat(seat)
        return self.game.full_view(self.state, seat)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def result(self) -> Result | None:
        """The result once the game is over (None before), the caller's own copy."""
        result = self.game.result(self.state)
        return None if result is None else cast(Result, own_copy(result))

    @property
    def log(self) -> list[LogEntry]:
        """The public log (what a spectator sees), each event with its sentence."""
        return self.log_for(None)

    def log_for(self, seat: int | None, start: int = 0) -> list[LogEntry]:
        """The log as ``seat`` may see it (None: a spectator), from event ``start``."""
        out: list[LogEntry] = []
        for event in self.game.events(self.state)[start:]:
            shown = self.game.render_event(event, seat)
            if shown is not None:
                out.append(cast(LogEntry, shown))
        return out

    def stats(self) -> Stats:
        return cast(Stats, self.game.stats(self.state))

    # -- record and replay -----------------------------------------------
    def record(self) -> Record:
        return {
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, dict(action)] for seat, action in self.actions],
        }

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Match:
        """Rebuild the identical match from ``record()``."""
        shape = record_shape_problem(record)
        if shape:
            raise IllegalAction(f"Not a match record: {shape}.", ErrorCode.RECORD_MALFORMED)
        try:
            match = cls(record["game"], record["players"], record["seed"], record.get("options"))
            actions = record["actions"]
        except (KeyError, TypeError) as err:
            raise IllegalAction(f"Not a match record: missing {err}.", ErrorCode.RECORD_MALFORMED) from err
        for step, pair in enumerate(actions):
            try:
                seat, action = pair
                match.act(seat, action)
            except (TypeError, ValueError) as err:
                raise IllegalAction(f"Record action {step} is malformed.", ErrorCode.RECORD_MALFORMED) from err
        return match

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.state = self.state.clone()
        other.actions = list(self.actions)
        return other

    def _check_fields(self, action: Action) -> None:
        """An action type the game has, with no field its TypedDicts lack (what each field holds is the game's);
        nothing to check for a game that declares no ``action_types``."""
        kind = action["type"]
        if not self.game.fields:
            return
        if kind not in self.game.fields:
            raise IllegalAction(f"{self.game.title} has no '{kind}' action (its actions: "
                                f"{', '.join(self.game.fields)}).", ErrorCode.ACTION_INVALID_MOVE)
        extra = self.game.unexpected(action)
        if extra:
            raise IllegalAction(f"Unexpected field(s) {extra} in a '{kind}' action.", ErrorCode.ACTION_MALFORMED)

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(
                f"There is no seat {seat!r}: seats are 0 to {self.players - 1}.", ErrorCode.ACTION_BAD_SEAT
            )


def _plain(value: object) -> bool:
    """Text, a whole number (not a bool: True == 1 would pass a legal-action check), or a list of them.

    Every game's actions are made of these; ``2.0`` or ``true`` would compare equal to a legal
    action's 2 or 1 and then fail (or act) deep inside the rules."""
    kind = type(value)
    if kind is str or kind is int:
        return True
    return isinstance(value, list) and all(_plain(item) for item in value)


def _check_players(game: GameSpec, players: Any) -> None:
    if isinstance(players, bool) or not isinstance(players, int):
        raise IllegalAction(f"The number of players must be a whole number, not {players!r}.", ErrorCode.MATCH_PLAYERS)
    if not game.min_players <= players <= game.max_players:
        raise IllegalAction(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}.",
            ErrorCode.MATCH_PLAYERS,
        )


RECORD_FIELDS: dict[str, tuple[type, ...]] = {"game": (str,), "players": (int,), "seed": (int,),
                                              "options": (dict, type(None)), "actions": (list,)}
JSON_KINDS = {"str": "text", "int": "a whole number", "float": "a number", "bool": "true or false",
              "dict": "an object", "NoneType": "null", "list": "a list"}


def record_shape_problem(record: Any) -> str | None:
    """What is wrong with the shape of a match record (a missing field, a field of the wrong kind), or None.

    Checked before anything is built from it, so both builds say the same (a compiled module would refuse a
    wrong type in its own words)."""
    if not isinstance(record, dict):
        return f"a match record is an object, not {type(record).__name__}"
    for name, kinds in RECORD_FIELDS.items():
        if name not in record and name != "options":
            return f"missing '{name}'"
        value = record.get(name)
        if not isinstance(value, kinds) or (isinstance(value, bool) and kinds == (int,)):
            wanted = " or ".join(JSON_KINDS.get(k.__name__, k.__name__) for k in kinds)
            return f"'{name}' is {JSON_KINDS.get(type(value).__name__, type(value).__name__)}, not {wanted}"
    return None


def own_copy(view: View) -> View:
    """A deep copy of a view (plain data: dicts, lists, text, numbers), a pickle's round trip: C both ways."""
    copied: View = pickle.loads(pickle.dumps(view, pickle.HIGHEST_PROTOCOL))
    return copied
