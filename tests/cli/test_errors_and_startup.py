"""One error path for the command line, `--version`, a fast start, and what a user without
the source tree or the PostgreSQL driver sees."""

from __future__ import annotations

import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest

import evogames
from evogames.build import which
from evogames.cli.rulebook import rule_texts
from evogames.core.errors import UsageError
from evogames.core.registry import names
from evogames.games import BUILTIN
from tests.cli.conftest import Invoke, run_program

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part

HEAVY = ("pandas", "matplotlib", "ray", "pyarrow", "numpy", "fastapi", "sqlalchemy", "uvicorn")


def test_version_prints_the_package_version(run: Invoke) -> None:
    result = run(["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"evogames {version('evogames')} {which()}"
    assert which() in ("compiled", "pure")


def test_importing_the_cli_loads_no_heavy_library() -> None:
    probe = ("import sys, evogames.cli.app; "
             f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == ""


def test_help_starts_in_well_under_half_a_second() -> None:
    script = Path(sys.executable).with_name("evogames")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "evogames.cli.app"]
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([*command, "--help"], capture_output=True, timeout=60, check=True)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.5, times


def test_simulate_refuses_an_unwritable_out_before_playing(run: Invoke, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import evogames.cli.simulate

    monkeypatch.setattr(evogames.cli.simulate, "run_batch", lambda *a, **k: pytest.fail("the batch started"))
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for out in (blocker / "rows.csv", tmp_path):
        result = run(["simulate", "mating", "--games", "100000", "--out", str(out)])
        assert result.exit_code == 2
        assert f"Cannot write {out}" in result.stderr and result.stdout == ""


def test_a_lab_error_from_the_program_is_one_line_on_stderr() -> None:
    done = run_program(["lab", "balance", "chess"])
    assert done.returncode == 2
    assert "Unknown game 'chess'" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("game", names())
def test_rules_point_at_no_file_a_user_does_not_have(run: Invoke, game: str) -> None:
    printed = run(["rules", game]).stdout
    for text in (printed, *rule_texts(game)):
        assert "seeds/" not in text and "../shared" not in text and ".txt" not in text


def test_rules_name_the_rulebook_instead_of_its_file() -> None:
    assert "The rulebook (*Adapt or Die*, PhosphorLearn) is short" in rule_texts("adapt")[1]
    for name in BUILTIN:  # the shipped texts themselves cite no file a user does not have
        for file in ("RULES.md", "RULINGS.md", "help.toml", "learning.toml"):
            text = evogames.game(name).text(file)
            assert "seeds/" not in text and "shared/" not in text, (name, file)
    # a citation of a source file is still replaced by the rulebook's name (the toy game's RULINGS.md has one)
    assert "The rulebook (*Race to Ten*) is one line" in rule_texts("toyrace")[1]


def test_storage_without_the_postgresql_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from evogames.server.storage import Storage

    monkeypatch.setitem(sys.modules, "psycopg", None)  # as after a plain `pip install evogames`
    with pytest.raises(UsageError, match=r"pip install 'evogames\[postgres\]'"):
        Storage("postgresql://teacher@127.0.0.1:1/evogames")


def test_a_refusal_no_command_catches_is_still_one_line_and_exit_2() -> None:
    """main() is the last net: `teacher-link` with a PostgreSQL URL and no driver."""
    code = ("import sys; sys.modules['psycopg'] = None; "
            "sys.argv = ['evogames', 'teacher-link', '--db', 'postgresql://t@127.0.0.1:1/e']; "
            "from evogames.cli.app import main; main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2, done.stderr
    assert "evogames[postgres]" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(("option", "value"), [("--search-workers", "0"), ("--search-workers", "-2"),
                                               ("--bot-delay", "-1"), ("--port", "70000"),
                                               ("--max-per-address", "0"), ("--bot-delay", "nan"),
                                               ("--bot-delay", "inf")])
def test_serve_refuses_an_out_of_range_number_before_starting(run: Invoke, option: str, value: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``--search-workers 0`` once meant the default and ``-2`` one worker, and ``--bot-delay nan`` bots that
    never moved, silently: now a bad number is refused with the option's name, and no server starts (were one
    to start, the test fails at once instead of serving forever)."""
    def started(*_: object, **__: object) -> None:
        raise AssertionError("a server started")

    monkeypatch.setattr("evogames.server.main.uvicorn.run", started)
    result = run(["serve", option, value, "--db", f"sqlite:///{tmp_path / 'class.db'}", "--port", "8765"]
                 if option != "--port" else ["serve", option, value, "--db", f"sqlite:///{tmp_path / 'class.db'}"])
    assert result.exit_code == 2
    assert option in result.stderr and f"not {value}" in result.stderr
    assert result.stderr.count("\n") == 1 and result.stdout == ""


@pytest.mark.parametrize("value", ["0", "-1", "lots"])
def test_the_servers_own_entry_point_refuses_a_bad_number_too(value: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "evogames.server.main", "--search-workers", value, "--port", "8765",
                           "--db", f"sqlite:///{tmp_path / 'class.db'}"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "--search-workers" in done.stderr, done.stderr


@pytest.mark.parametrize("command", [["sweep", "mating", "-n", "2"], ["lab", "lessons", "mating", "-n", "2"],
                                     ["lab", "balance", "mating", "-n", "2"]])
@pytest.mark.parametrize("value", ["0", "-3"])
def test_the_lab_refuses_a_number_of_workers_below_one(run: Invoke, command: list[str], value: str,
                                                       tmp_path: Path) -> None:
    """``--workers 0`` once meant every core and ``-3`` one process, silently, as the server's once did."""
    result = run([*command, "--workers", value, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "--workers" in result.stderr and f"not {value}" in result.stderr
    assert result.stderr.count("\n") == 1 and not (tmp_path / "out" / "games.parquet").exists()
