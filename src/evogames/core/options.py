"""Option schemas: a game declares its options as data; matches validate them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction


@dataclass(frozen=True)
class Option:
    """One option of a game: its kind, default and allowed values."""

    name: str
    kind: str  # "bool" | "int" | "choice" | "list"
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_items: int = 100  # a list option: at most this many entries ...
    max_length: int = 80  # ... each at most this many characters
    label: str = ""  # plain words for the lobby ("Predators hunt"), not the option's name
    advanced: bool = False  # a demonstration or lab setting, not one of the rulebook's variants
    teacher_only: bool = False  # fixes hidden order or chooses hidden cards: only with the teacher's key

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "default": self.default, "help": self.help,
                               "label": self.label or self.name.replace("_", " ").capitalize(),
                               "advanced": self.advanced, "teacher_only": self.teacher_only}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        return out

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise _bad(self, f"must be true or false, not {_short(value)}")
            return value
        if self.kind == "int":
            return self._check_int(value)
        if self.kind == "choice":
            if value not in self.choices:
                raise _bad(self, f"must be one of {', '.join(self.choices)}, not {_short(value)}")
            return value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _bad(self, f"must be a list of names, not {_short(value)}")
        if len(value) > self.max_items:
            raise _bad(self, f"takes at most {self.max_items} entries, not {len(value)}")
        if any(len(v) > self.max_length for v in value):
            raise _bad(self, f"has an entry longer than {self.max_length} characters")
        return list(value)

    def parse(self, text: str) -> Any:
        """A command-line ``value`` typed as this option wants it, then checked."""
        text = text.strip()
        if self.kind == "bool":
            return self.check(_boolean(self, text))
        if self.kind == "int":
            try:
                return self.check(int(text))
            except ValueError:
                raise _bad(self, f"must be a whole number, not {text!r}") from None
        if self.kind == "list":
            if text.startswith("@") and Path(text[1:]).is_file():
                try:
                    return read_list_file(Path(text[1:]))
                except (OSError, UnicodeDecodeError) as err:
                    raise _bad(self, f"cannot read the file {text[1:]!r} as text ({err})") from None
            if text.startswith("@") and _names_a_file(text[1:]):  # a path of the user's that is no file to read
                path = Path(text[1:])
                raise _bad(self, f"cannot read {str(path.resolve())!r}: it is a folder, not a file" if path.is_dir()
                           else f"cannot read the file {str(path.resolve())!r}: there is no such file")
            return [part.strip() for part in text.split(",") if part.strip()]
        return self.check(text)

    def _check_int(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(self, f"must be a whole number, not {_short(value)}")
        if self.minimum is not None and value < self.minimum:
            raise _bad(self, f"must be at least {self.minimum}, not {value}")
        if self.maximum is not None and value > self.maximum:
            raise _bad(self, f"must be at most {self.maximum}, not {value}")
        return value


def presented(options: tuple[Option, ...], labels: dict[str, str], advanced: set[str],
              teacher_only: set[str] | None = None) -> tuple[Option, ...]:
    """The options with their lobby labels, the demonstration and lab ones marked advanced, and the ones
    that script hidden cards (a deck's order, its cards, the dice) marked teacher-only."""
    scripts = teacher_only or set()
    unknown = scripts - {o.name for o in options}
    if unknown:
        raise ValueError(f"teacher-only options that do not exist: {sorted(unknown)}")
    return tuple(replace(o, label=labels.get(o.name, o.label), advanced=o.name in advanced,
                         teacher_only=o.name in scripts) for o in options)


def teacher_only_set(schema: tuple[Option, ...], given: dict[str, Any]) -> list[str]:
    """The teacher-only options that ``given`` sets to something other than their default."""
    return [o.name for o in schema if o.teacher_only and o.name in given and given[o.name] != o.default]


def _names_a_file(text: str) -> bool:
    """Does ``@text`` name a file of the user's (a path, or a name with an extension), not one of a game's own
    lists (Phylo's ``@polar_seas``)?"""
    return "/" in text or "\\" in text or bool(Path(text).suffix)


def read_list_file(path: Path) -> list[str]:
    """A list option from a file (``--option key=@deck.txt``): one entry a line, ``#`` starts a comment."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


def _boolean(option: Option, text: str) -> bool:
    low = text.lower()
    if low in TRUE:
        return True
    if low in FALSE:
        return False
    raise _bad(option, f"must be true or false, not {text!r}")


def _short(value: Any) -> str:
    """A value as it may appear in an error: never more than 40 characters of what was sent."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _bad(option: Option, problem: str) -> IllegalAction:
    return IllegalAction(f"Option '{option.name}' {problem}.", ErrorCode.OPTION_INVALID)


def validate_options(schema: tuple[Option, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every value checked; an unknown name is refused."""
    given = dict(given or {})
    known = {o.name: o for o in schema}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise IllegalAction(f"Unknown option {_short(name)} (options: {names}).", ErrorCode.OPTION_UNKNOWN)
    return {o.name: o.check(given[o.name]) if o.name in given else _fresh(o.default) for o in schema}


def _fresh(default: Any) -> Any:
    """A list option's default as a list of the game's own (the schema's is shared by every game in the process)."""
    return list(default) if isinstance(default, list) else default
