"""The simulation lab on the command line: ``sweep``, ``sweep-replay``, ``lab lessons``, ``lab balance``.

CLI glue only; the lab lives in ``evogames.sim``. ``register(app)`` adds the
commands to the main Typer app. The lab's pandas, matplotlib and Ray are imported
inside the commands, so ``evogames --help`` and the other commands start fast.
Errors go through ``cli.errors`` (stderr, exit code 2), like every command's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from evogames.cli.errors import cannot_write, fail, user_errors, writable_dir, writable_file
from evogames.cli.progress import progress_bar as _bar
from evogames.cli.progress import rate_text
from evogames.core.errors import ErrorCode, UsageError

if TYPE_CHECKING:
    import pandas as pd

    from evogames.sim.lessons import Finding
    from evogames.sim.results import Tables

BACKENDS = ("process", "ray")  # evogames.sim.backends.BACKENDS (a test keeps them equal)

VARY_HELP = ("key=v1,v2 (repeatable). Keys: the game's options (see `evogames list`; its lessons may add "
             "aliases) or 'bots'. Split alternatives on '|' when one holds commas: "
             "--vary 'bots=heuristic,random|random'.")
console = Console()
notices = Console(stderr=True, highlight=False)  # interruptions and warnings: not the results


def frame_table(frame: pd.DataFrame, title: str) -> Table:
    table = Table(title=title)
    for column in frame.columns:
        table.add_column(str(column), overflow="fold")  # a variant's label is never cut short
    for row in frame.itertuples(index=False):
        table.add_row(*[f"{v:.3f}" if isinstance(v, float) else str(v) for v in row])
    return table


def _options(game: str, pairs: list[str]) -> dict[str, object]:
    from evogames.sim.sweep import option_value

    options: dict[str, object] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep:
            raise UsageError(f"--option '{pair}' should be key=value.", ErrorCode.OPTION_INVALID)
        real, value = option_value(game, key.strip(), text)
        options[real] = value
    return options


PLAYERS_HELP = "Seats per game (default: the number the game plays best with, as `play` and `simulate` seat: Phylo 2)."


def sweep(
    game: Annotated[str, typer.Argument(help="Game name (see `evogames list`).")],
    vary: Annotated[list[str] | None, typer.Option("--vary", help=VARY_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                                                     help="Base option key=value (repeatable).")] = None,
    bots: Annotated[str, typer.Option("--bots", "-b",
                                      help="Lineup, comma-separated, repeated round the table.")] = "heuristic",
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per variant.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Base seed; game i uses derive_seed(seed, i).")] = 0,
    workers: Annotated[int | None, typer.Option("--workers", "-w",
                                                help="Worker processes (default: all cores).")] = None,
    backend: Annotated[str, typer.Option(help=f"One of {', '.join(BACKENDS)}.")] = "process",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray).")] = None,
    out: Annotated[Path, typer.Option(help="Directory for tables, plots and report.html.")] = Path("sweep-out"),
    csv: Annotated[bool, typer.Option("--csv", help="Also write CSV tables.")] = False,
    plots: Annotated[bool, typer.Option(help="Draw the plots and the HTML report.")] = True,
) -> None:
    """Play GAME over a grid of variants and lineups; write Parquet tables, plots and an HTML report."""
    from evogames.cli.options import seats
    from evogames.sim.results import to_tables
    from evogames.sim.sweep import build_spec, run_sweep

    with user_errors():
        players = seats(game, players)
        spec = build_spec(game, players, games, seed, bots, _options(game, option or []), vary or [])
        if backend not in BACKENDS:
            raise UsageError(f"Unknown backend '{backend}' (backends: {', '.join(BACKENDS)}).", ErrorCode.SWEEP_BACKEND)
        writable_dir(out)
        with _bar(f"sweep {game}", console) as update:
            result = run_sweep(spec, workers, backend, address, update)
    try:
        _write_sweep(to_tables(result), out, csv, plots)
    except OSError as err:
        cannot_write(out, err)
    if result.interrupted:
        notices.print(f"[yellow]Interrupted: kept the {len(result.outcomes)} finished games of {spec.total} "
                      f"(partial results in {out}).[/yellow]")
        raise typer.Exit(130)


def _write_sweep(tables: Tables, out: Path, csv: bool, plots: bool) -> None:
    from evogames.sim.report import summary_display, write_report
    from evogames.sim.results import write_tables

    paths = write_tables(tables, out, csv)
    summary = summary_display(tables)
    if not summary.empty:
        rate = len(tables.games) / tables.seconds if tables.seconds else 0.0
        console.print(frame_table(summary, f"{len(tables.games)} games, {rate_text(rate)}"))
    if plots and len(tables.games):
        from evogames.sim.plots import make_plots

        drawn = make_plots(tables, out / "plots")
        paths.append(write_report(tables, drawn, out))
    console.print(f"Wrote {', '.join(p.name for p in paths)} to {out}.")


def sweep_replay(
    directory: Annotated[Path, typer.Argument(help="A sweep's output directory.")],
    row: Annotated[int, typer.Option(help="The game's game_id (a row of games.parquet).")],
    record: Annotated[Path | None, typer.Option(help="Save the match record here, for `evogames replay`.")] = None,
) -> None:
    """Play again one game of a sweep from its row and check it gives the same scores."""
    from evogames.sim.results import replay_game

    if record is not None:
        writable_file(record)
    with user_errors():
        match, stored = replay_game(directory, row)
    scores = match.result["scores"] if match.result else []
    same = ",".join(str(s) for s in scores) == str(stored["scores"])
    console.print(f"Game {row}: seed {stored['seed']}, options {stored['options']}, lineup {stored['lineup']}")
    console.print(f"Scores replayed {scores}; stored {stored['scores']}: {'identical' if same else 'DIFFERENT'}.")
    if record is not None:
        try:
            record.write_text(json.dumps(match.record()))
        except OSError as err:
            cannot_write(record, err)
        console.print(f"Wrote the match record to {record} (evogames replay {record}).")
    if not same:
        raise typer.Exit(1)


lab_app = typer.Typer(help="Experiments: the rulebook's lessons, the card balance report.", no_args_is_help=True)


@lab_app.command("lessons")
def lessons(
    game: Annotated[str, typer.Argument(help="Game name (see `evogames list`).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per experiment arm.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Base seed.")] = 0,
    workers: Annotated[int | None, typer.Option("--workers", "-w",
                                                help="Worker processes (default: all cores).")] = None,
    out: Annotated[Path | None, typer.Option(help="Also write lessons.html (verdicts and plots) and "
                                                  "lessons.csv here.")] = None,
) -> None:
    """Turn the rulebook's discussion answers into experiments and judge each claim."""
    from evogames.core.registry import game as lookup
    from evogames.sim.lessons import findings_table, lessons_for, metric_label, run_lessons

    with user_errors():  # an unknown game is refused with the list of games
        if not lessons_for(game):
            fail(f"No lessons for '{game}' yet.")
    if games < 1:
        fail("Play at least one game per experiment arm (--games 1 or more).")
    if out is not None:
        writable_dir(out)
    kept: dict[str, Tables] = {}
    try:
        with user_errors():
            findings = run_lessons(game, games, seed, workers, progress=_lesson_bar(), tables=kept)
    except KeyboardInterrupt:
        notices.print("[yellow]Interrupted: no verdicts (every claim needs all its arms).[/yellow]")
        raise typer.Exit(130) from None
    for number, finding in enumerate(findings, 1):
        colour = {"supported": "green", "not supported": "red"}.get(finding.verdict, "yellow")
        console.print(f"\n[bold]{number}. {finding.lesson.claim}[/bold]")
        console.print(f"   Design: {finding.lesson.design}")
        console.print(f"   Metric: {metric_label(finding.lesson, lookup(game))}")
        console.print("   Games per arm: " + ", ".join(f"{arm} {n:,}" for arm, n in finding.arms.items()))
        console.print(f"   Effect: {finding.effect} (95% bootstrap interval)")
        if finding.undefined:
            console.print(f"   {_left_out(finding, game)}")
        console.print(f"   Verdict: [{colour}]{finding.verdict}[/{colour}]")
    if out is not None:
        try:
            _write_lessons(game, findings, findings_table(findings, game), kept, out)
        except OSError as err:
            cannot_write(out, err)


def _write_lessons(game: str, findings: list[Finding], table: pd.DataFrame, kept: dict[str, Tables],
                   out: Path) -> None:
    from evogames.sim.plots import make_plots
    from evogames.sim.report import write_lessons_report

    out.mkdir(parents=True, exist_ok=True)
    table.to_csv(out / "lessons.csv", index=False)
    lessons = {f.lesson.key: f.lesson for f in findings}
    plots = {key: make_plots(tables, out / "plots" / key, lessons.get(key)) for key, tables in kept.items()}
    designs = [(f.lesson.key, f"{f.lesson.claim} {f.lesson.design}") for f in findings]
    path = write_lessons_report(game, table, designs, plots, out)
    console.print(f"Wrote {path.name}, lessons.csv and plots/ to {out}.")


def _left_out(finding: Finding, game: str) -> str:
    """What a ratio metric's bootstrap left out: resamples that counted nothing to divide by (named as ``game``
    names it)."""
    from evogames.core.registry import game as lookup
    from evogames.sim.lessons import LEFT_OUT_MOST
    from evogames.sim.words import column_name

    per = column_name(finding.lesson.per, lookup(game))
    if finding.undefined >= 1.0:
        return f"No {per} counted in an arm: the ratio has no value."
    said = f"{finding.undefined:.1%} of the bootstrap's resamples counted no {per}: left out of the interval"
    return said + (", too many for a verdict: play more games." if finding.undefined > LEFT_OUT_MOST else ".")


def _lesson_bar() -> Callable[[str], Callable[[int, int], None]] | None:
    if not console.is_terminal:
        return None

    def for_lesson(key: str) -> Callable[[int, int], None]:
        def update(done: int, total: int) -> None:
            if done == total:
                console.print(f"  {key}: {total} games played")

        return update

    return for_lesson


@lab_app.command("balance")
def balance(
    game: Annotated[str, typer.Argument(help="Game name: one whose players record the cards they play "
                                             "(see `evogames list`; other games are refused).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per variant.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Base seed.")] = 0,
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w",
                                                help="Worker processes (default: all cores).")] = None,
    out: Annotated[Path | None, typer.Option(help="Also write balance.csv and the sweep's tables here.")] = None,
) -> None:
    """Per card: how often it is played and the win rate of its players, outliers flagged."""
    from evogames.cli.options import seats
    from evogames.sim.balance import balance_spec, card_names, card_table, check_balance
    from evogames.sim.results import to_tables, write_tables
    from evogames.sim.sweep import run_sweep

    with user_errors():  # an unknown game or one without cards is refused before any worker starts
        spec = balance_spec(game, games, seed, seats(game, players))
        check_balance(spec)
        if out is not None:
            writable_dir(out)
        with _bar(f"balance {game}", console) as update:
            result = run_sweep(spec, workers, progress=update)
    tables = to_tables(result)
    cards = card_table(tables.seats, card_names(game))
    if result.interrupted:
        notices.print(f"[yellow]Interrupted: the report covers the {len(tables.games)} finished games.[/yellow]")
    mean = float(tables.seats["win"].mean()) if len(tables.seats) else float("nan")
    if cards.empty:
        console.print(f"No card was played in the {len(tables.games)} games: no balance to report.")
    else:
        shown = cards.assign(win_rate=[f"{r.win_rate:.2f} [{r.win_low:.2f}, {r.win_high:.2f}]"
                                       for r in cards.itertuples()])
        shown = shown[["card", "name", "plays", "plays_per_100_seats", "seats_playing", "win_rate", "flag"]].rename(
            columns={"plays_per_100_seats": "plays per 100 seats", "seats_playing": "seats playing",
                     "win_rate": "win rate"})
        console.print(frame_table(shown, f"Cards: win rate of the seats that play them [95% Wilson]; "
                                         f"mean over all seats {mean:.3f}"))
        flagged = cards[cards["flag"] != ""]
        console.print(f"{len(flagged)} of {len(cards)} cards flagged: the win rate's interval, widened for testing "
                      f"{len(cards)} cards at once (Bonferroni, 95% together), lies entirely above or below the mean; "
                      "a flag says look at the card (its players are no random sample), and more games flag less "
                      "by chance.")
    if out is not None:
        try:
            write_tables(tables, out)
            cards.to_csv(out / "balance.csv", index=False)
        except OSError as err:
            cannot_write(out, err)
        console.print(f"Wrote balance.csv and the tables to {out}.")


def register(app: typer.Typer) -> None:
    """Add ``sweep``, ``sweep-replay`` and the ``lab`` sub-app to ``app``."""
    app.command("sweep")(sweep)
    app.command("sweep-replay")(sweep_replay)
    app.add_typer(lab_app, name="lab")
