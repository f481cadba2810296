"""A student's name at a table: one that passes for nobody else.

Names are compared by their *skeleton*: NFKC (fullwidth and mathematical letters become plain ones),
case-folded, without format characters (a zero-width space) or combining marks (accents), with
look-alike letters of other scripts (Cyrillic "е", Greek "ο") and digits read as letters ("T3acher")
turned into the Latin letter they look like, and without spaces or punctuation. Two names with the
same skeleton look the same on a board. A name is refused when it passes for the teacher, a bot, a
seat ("Player 2") or the reader ("You"), when another seat at the table has it, and when its letters
are buried under stacked accents.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from evogames.bots import table_levels
from evogames.core.errors import ErrorCode, IllegalAction

MAX_MARKS = 3  # accents on one letter: Vietnamese stacks two, Devanagari three; more only hides the letters
MARKS = ("Mn", "Me")
FORMAT = ("Cf", "Cc", "Cs", "Co", "Cn")

# letters of other scripts (and symbols and digits) that look like a Latin letter, after case folding
LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "з": "3", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v", "ο": "o", "ρ": "p",
    "σ": "o", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c",
    # Latin variants, Armenian
    "ı": "i", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʏ": "y", "օ": "o", "ս": "u", "ց": "g",
    # digits and symbols read as letters; l, I and 1 look alike
    "0": "o", "1": "i", "l": "i", "|": "i", "!": "i", "3": "e", "4": "a", "@": "a", "5": "s", "$": "s", "7": "t",
    "8": "b", "9": "g",
})
DIGITS_KEPT = {k: v for k, v in LOOK_ALIKES.items() if not chr(k).isdigit()}
# names of those who are not a student (the bots' levels are added): the skeleton of the whole name
ROLES = ("teacher", "teachers", "instructor", "professor", "tutor", "bot", "bots", "robot", "computer",
         "you", "me", "yourself", "spectator", "spectators", "admin", "administrator", "server", "system",
         "host", "moderator", "everyone", "everybody", "nobody", "evogames", "player", "seat")
ROLE_WORDS = ("bot", "bots", "robot")  # a word that makes any name pass for a bot ("Ana (bot)")
SEAT_WORDS = ("player", "seat", "p", "spieler", "joueur", "jugador")  # with a number: a seat's label
NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight")


def check_person_name(name: str, others: Iterable[str | None]) -> None:
    """Refuse ``name`` (already plain text) if it buries its letters, passes for someone, or is taken."""
    if _most_marks(name) > MAX_MARKS:
        raise IllegalAction(f"Too many accents on one letter (at most {MAX_MARKS}); type your name plainly.",
                            ErrorCode.SEAT_NAME)
    mine = skeleton(name)
    if not mine:
        raise IllegalAction("Type a name with letters or digits.", ErrorCode.SEAT_NAME)
    if passes_for_someone(name):
        raise IllegalAction(f"'{name}' looks like the teacher, a bot or a seat's label; type your own name.",
                            ErrorCode.SEAT_NAME_RESERVED)
    if any(other and skeleton(other) == mine for other in others):
        raise IllegalAction(f"Someone at this table is already called '{name}' (or a name that looks the same); "
                            "add an initial.", ErrorCode.SEAT_NAME_TAKEN)


def skeleton(text: str) -> str:
    """What ``text`` looks like, for comparing names: see the module's docstring."""
    return "".join(_words(text))


def passes_for_someone(name: str) -> bool:
    """Does ``name`` pass for the teacher, a bot (or its level), a seat's label or the reader?"""
    mine = skeleton(name)
    numbered = re.fullmatch(r"(.*?)(\d+)", "".join(_words(name, DIGITS_KEPT)))  # "P1ayer 12": "P1ayer", "12"
    label = skeleton(numbered[1]) + "0" if numbered else mine
    return (mine in _roles() or skeleton("teacher") in mine or bool(set(_words(name)) & _role_words())
            or _seat_label().fullmatch(label) is not None)


def _words(text: str, look_alikes: dict[int, str] = LOOK_ALIKES) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold()
    bare = "".join(ch for ch in unicodedata.normalize("NFD", folded)
                   if unicodedata.category(ch) not in MARKS + FORMAT)
    return re.findall(r"[^\W_]+", bare.translate(look_alikes))


@cache
def _roles() -> frozenset[str]:
    levels = table_levels()
    names = (*ROLES, *levels, *(f"{level}bot" for level in levels), *(f"bot{level}" for level in levels))
    return frozenset(skeleton(role) for role in names)


@cache
def _role_words() -> frozenset[str]:
    return frozenset(skeleton(word) for word in ROLE_WORDS)


@cache
def _seat_label() -> re.Pattern[str]:
    seat = "|".join(skeleton(word) for word in SEAT_WORDS)
    number = "|".join(skeleton(word) for word in NUMBERS)
    return re.compile(rf"(?:{seat})(?:0|{number})")


def _most_marks(name: str) -> int:
    """The longest run of combining marks on one character."""
    most = run = 0
    for ch in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(ch) in MARKS else 0
        most = max(most, run)
    return most
