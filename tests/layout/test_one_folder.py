"""One game, one folder: the shape a newcomer learns once (issue 16).

- every game's folder has the same file names (but the optional parts, ``kit.parts.SLOTS`` not shipped);
- nothing outside ``games/`` names a game (code, web shell, server, lab, RL);
- no import circles in the package (late and ``TYPE_CHECKING`` imports count).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from evogames.games import BUILTIN
from evogames.kit.parts import SLOTS
from tests.layout.test_layers import imports_in

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "evogames"
GAMES = PACKAGE / "games"
NAMED = re.compile(r"\b(" + "|".join(BUILTIN) + r")\b")


OPTIONAL = {slot.path for slot in SLOTS.values() if not slot.shipped}  # only a game that needs it has it


def _listing(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name != "__pycache__" and p.name not in OPTIONAL}


def test_every_game_folder_has_the_same_file_names() -> None:
    listings = {name: _listing(GAMES / name) for name in BUILTIN}
    first = listings[BUILTIN[0]]
    for name, listing in listings.items():
        assert listing == first, f"{name}: extra {sorted(listing - first)}, missing {sorted(first - listing)}"
    for part in ("state.py", "action_types.py", "actions.py", "flow.py", "view.py", "events.py", "scoring.py",
                 "options.py", "components.py", "data", "bot.py", "terminal", "web", "encoder.py", "lessons.py",
                 "debrief.py", "determinize.py", "learning.toml", "help.toml", "RULES.md", "RULINGS.md"):
        assert part in first, f"every game should have {part}"


def test_every_game_has_a_web_board_and_a_terminal_board() -> None:
    for name in BUILTIN:
        assert (GAMES / name / "web" / "board.js").is_file()
        assert (GAMES / name / "web" / "board.css").is_file()
        assert (GAMES / name / "terminal" / "board.py").is_file()


def _names_in_code(path: Path) -> list[str]:
    """Identifiers and string constants (docstrings aside) that name a game."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.alias):
            text = node.name
        if text and NAMED.search(text):
            found.append(f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', '?')}: {text[:60]!r}")
    return found


def test_no_code_outside_games_names_a_game() -> None:
    found = []
    for path in PACKAGE.rglob("*.py"):
        if GAMES in path.parents or path.parent == GAMES:
            continue
        found += _names_in_code(path)
    assert not found, "\n".join(found)


def test_the_web_shell_names_no_game() -> None:
    quoted = re.compile(r"""["'`/](""" + "|".join(BUILTIN) + r""")["'`./_]""")
    found = [f"{path.name}: {m.group(0)}" for path in (PACKAGE / "web").rglob("*")
             if path.suffix in (".js", ".css", ".html") for m in quoted.finditer(path.read_text(encoding="utf-8"))]
    assert not found, found


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, module: str) -> set[str]:
    """Modules imported anywhere in the file: a function's late import and ``if TYPE_CHECKING:`` count too."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt in graph and not state.get(nxt) and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if not state.get(node) and (found := visit(node)):
            return found
    return None


def test_no_import_circles() -> None:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        # a package's own __init__ importing its children is not a circle through the child
        graph[name] = {m for m in _imports(path, name) if m in modules and m != name
                       and not (path.name != "__init__.py" and name.startswith(m + "."))}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])
