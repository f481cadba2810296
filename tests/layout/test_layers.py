"""The floors of the package (issue 21): ``core`` at the bottom, ``kit`` on it, the games on both,
the adapters (``bots``, ``sim``, ``rl``, ``cli``, ``server``) on top.

Every import counts: at the top of a file, inside a function, under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "evogames"
ADAPTERS = ("bots", "sim", "rl", "cli", "server")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every ``evogames`` module the file imports, wherever the import statement stands."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> set[str]:
    """Every ``evogames`` module ``source`` (a module of ``package``) imports."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            out.add(base)
            out |= {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in out if name == "evogames" or name.startswith("evogames.")}


def _floor(name: str) -> str:
    return ".".join(name.split(".")[:2])


def _outside(folder: str, allowed: tuple[str, ...]) -> list[str]:
    found = []
    for path in (PACKAGE / folder).rglob("*.py"):
        own = module_name(path).split(".")[:3] if folder == "games" else []
        for name in sorted(imports(path)):
            if _floor(name) in allowed or (own and name.split(".")[:3] == own):
                continue
            found.append(f"{path.relative_to(PACKAGE)}: {name}")
    return found


def test_a_game_imports_only_core_kit_and_itself() -> None:
    found = _outside("games", ("evogames.core", "evogames.kit"))
    assert not found, "\n".join(found)


def test_no_game_imports_an_adapter() -> None:
    found = [line for line in _outside("games", ("evogames.core", "evogames.kit"))
             if _floor(line.split(": ")[1]) in {f"evogames.{a}" for a in ADAPTERS}]
    assert not found, "\n".join(found)


def test_the_kit_imports_only_core() -> None:
    found = _outside("kit", ("evogames.core", "evogames.kit"))
    assert not found, "\n".join(found)


def test_core_imports_only_itself() -> None:
    found = _outside("core", ("evogames.core",))
    assert not found, "\n".join(found)


def test_the_layer_check_sees_late_and_type_checking_imports() -> None:
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..sim import lab\n"
              "def late() -> None:\n    from evogames.rl import env\n")
    assert imports_in(source, "evogames.games.toy") >= {"evogames.rl.env", "evogames.games.sim.lab"}
    assert imports_in("from . import rules", "evogames.games.toy") == {"evogames.games.toy", "evogames.games.toy.rules"}


BLOCKER = """
import sys
from importlib.abc import MetaPathFinder

class Blocker(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"pettingzoo", "gymnasium", "rich"}:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)")
        return None

sys.meta_path.insert(0, Blocker())
"""


def test_a_game_encoder_imports_without_pettingzoo_gymnasium_or_rich() -> None:
    code = BLOCKER + (
        "import evogames.games.dodo.encoder as e\n"
        "import evogames.games\n"
        "for name in evogames.games.BUILTIN:\n"
        "    __import__(f'evogames.games.{name}.encoder')\n"
        "enc = e.make_encoder(2, {})\n"
        "print(enc.action_count > 0, sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'pettingzoo', 'gymnasium', 'rich'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True []"


def test_the_blocker_really_blocks() -> None:
    done = subprocess.run([sys.executable, "-c", BLOCKER + "import evogames.rl.aec\n"], capture_output=True, text=True)
    assert done.returncode != 0 and "blocked" in done.stderr
