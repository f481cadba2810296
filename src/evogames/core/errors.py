"""The two errors a user sees, each with a code and a sentence.

- ``IllegalAction``: an action, seat, option or message that the rules (or the
  server's limits) refuse. Nothing changed.
- ``UsageError``: a configuration mistake (a missing driver or cluster, a lab
  command that cannot run for this game). Nothing ran.

``code`` is an ``ErrorCode`` (a ``str``: ``action/inactive_player``); ``reason``
is a sentence a person understands.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Every error code the platform sends, namespaced by what was refused."""

    ACTION_INVALID = "action/invalid"
    ACTION_INVALID_MOVE = "action/invalid_move"
    ACTION_MALFORMED = "action/malformed"
    ACTION_INACTIVE_PLAYER = "action/inactive_player"
    ACTION_STALE = "action/stale"
    ACTION_BAD_SEAT = "action/bad_seat"
    ACTION_GAME_OVER = "action/game_over"
    OPTION_INVALID = "option/invalid"
    OPTION_UNKNOWN = "option/unknown"
    GAME_UNKNOWN = "game/unknown"
    BOT_UNKNOWN = "bot/unknown"
    HINT_OFF = "hint/off"
    HINT_NOT_YOUR_TURN = "hint/not_your_turn"
    HINT_BUSY = "hint/busy"
    HINT_UNAVAILABLE = "hint/unavailable"
    BOT_STYLE = "bot/style"
    MATCH_SEED = "match/seed"
    MATCH_PLAYERS = "match/players"
    RECORD_MALFORMED = "record/malformed"
    MESSAGE_MALFORMED = "message/malformed"
    MESSAGE_TOO_LARGE = "message/too_large"
    MESSAGE_UNKNOWN_TYPE = "message/unknown_type"
    MESSAGE_RATE = "message/rate"
    MESSAGE_CONTENT_TYPE = "message/content_type"
    SEAT_SPECTATOR = "seat/spectator"
    SEAT_NOT_YOURS = "seat/not_yours"
    SEAT_NAME = "seat/name"
    SEAT_NAME_RESERVED = "seat/name_reserved"
    SEAT_NAME_TAKEN = "seat/name_taken"
    SEAT_BOT = "seat/bot"
    SEAT_BAD_TOKEN = "seat/bad_token"
    TABLE_UNKNOWN = "table/unknown"
    TABLE_TOO_MANY = "table/too_many"
    TABLE_SEATS = "table/seats"
    TABLE_SEED_NEEDS_TEACHER = "table/seed_needs_teacher"
    TABLE_OPTION_NEEDS_TEACHER = "table/option_needs_teacher"
    TABLE_PAUSED = "table/paused"
    TABLE_NOT_OVER = "table/not_over"
    TABLE_ENDED = "table/ended"
    TEACHER_WRONG_KEY = "teacher/wrong_key"
    TEACHER_KEY_NEEDED = "teacher/key_needed"
    CLASS_INVALID = "class/invalid"
    CLASS_UNKNOWN = "class/unknown"
    QR_INVALID = "qr/invalid"
    REPLAY_STEP = "replay/step"
    STORAGE_UNAVAILABLE = "storage/unavailable"
    STORAGE_DRIVER = "storage/driver"
    HTTP_NOT_FOUND = "http/not_found"
    HTTP_METHOD = "http/method"
    HTTP_TOO_SLOW = "http/too_slow"
    HTTP_TOO_MANY_CONNECTIONS = "http/too_many_connections"
    RL_BAD_INDEX = "rl/bad_index"
    RL_MALFORMED = "rl/malformed"
    RL_ILLEGAL_ACTION = "rl/illegal_action"
    SIM_GAMES = "sim/games"
    SIM_WORKERS = "sim/workers"
    SWEEP_BACKEND = "sweep/backend"
    SWEEP_ROW = "sweep/row"
    SWEEP_ADDRESS = "sweep/address"
    SWEEP_VARY = "sweep/vary"
    SWEEP_MISSING = "sweep/missing"
    LAB_BALANCE = "lab/balance"


class EvogamesError(Exception):
    """An error with a code and a sentence, shown to the user as it is."""

    default_code = ErrorCode.ACTION_INVALID

    def __init__(self, reason: str, code: ErrorCode | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code: ErrorCode = code or self.default_code

    def to_dict(self) -> dict[str, str]:
        return {"code": str(self.code), "reason": self.reason}


class IllegalAction(EvogamesError):
    """An action, seat, option or message that the rules refuse. Nothing changed."""


class UsageError(EvogamesError):
    """A configuration mistake: a missing driver or cluster, a command this game cannot run."""

    default_code = ErrorCode.SWEEP_BACKEND
