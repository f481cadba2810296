"""The lab's modules form layers: no import circle, even counting the imports made inside
functions (the layout test counts module-level ones only), and the lesson data classes a
game's ``lessons.py`` imports cost no pandas or numpy."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SIM = Path(__file__).resolve().parents[2] / "src" / "evogames" / "sim"


def _module(path: Path) -> str:
    parts = path.relative_to(SIM.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _all_imports(path: Path) -> set[str]:
    """Every evogames.sim module ``path`` imports, at module level or inside a function."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return {m for m in out if m.startswith("evogames.sim")}


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in SIM.rglob("*.py")}
    return {name: {m for m in _all_imports(path) if m in modules and m != name} for name, path in modules.items()}


def _reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo += graph.get(node, ())
    return seen


def test_no_module_of_the_lab_imports_itself_back() -> None:
    graph = _graph()
    assert "evogames.sim.sweep" in graph and "evogames.sim.backends" in graph["evogames.sim.sweep"]
    circles = sorted(name for name in graph if name in _reaches(graph, name))
    assert circles == [], f"import circles through {circles}"


def test_the_lesson_data_classes_import_nothing_heavy() -> None:
    code = ("import sys; from evogames.kit.lesson import Arm, Lesson, Term; "
            "print(sorted(m for m in ('pandas', 'numpy', 'matplotlib', 'ray') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_lessons_module_re_exports_the_data_classes() -> None:
    from evogames.kit import lesson
    from evogames.sim import lessons

    assert (lessons.Arm, lessons.Term, lessons.Lesson) == (lesson.Arm, lesson.Term, lesson.Lesson)
