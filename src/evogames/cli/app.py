"""The ``evogames`` Typer app: one command per verb of DESIGN.md's CLI surface."""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from evogames.cli.errors import USAGE_ERROR, fail, user_errors, writable_file
from evogames.cli.lab import register as register_lab
from evogames.core.errors import EvogamesError
from evogames.core.registry import game as lookup

app = typer.Typer(
    name="evogames",
    help="Evolution board games for biology classes, with their real rules: play, simulate, replay, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="The game's name (see `evogames list`).")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE",
                 help="A game option as key=value (repeatable), e.g. predation=false."),
]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", show_default=False,
                                                help="Number of players, bots included (default: the number the "
                                                     "game plays best with, e.g. 4; Phylo 2).")]


def version_text() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from evogames.build import which

    try:
        return f"evogames {version('evogames')} {which()}"
    except PackageNotFoundError:  # run from a source tree that was never installed
        return f"evogames (version unknown: not installed) {which()}"


def show_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit()


@app.callback()
def evogames(
    version: Annotated[bool, typer.Option("--version", callback=show_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Evolution board games for biology classes, with their real rules: play, simulate, replay, serve."""


@app.command("list")
def list_games() -> None:
    """List the games: name, title, player count and options."""
    from evogames.cli.catalog import show_catalog

    show_catalog(Console())


@app.command()
def rules(name: GameArg) -> None:
    """Print a game's rules summary and rulings."""
    from evogames.cli.rulebook import show_rules

    with user_errors():
        show_rules(Console(), name)


@app.command()
def play(
    name: GameArg,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option("--bots", "-b",
                                      help="Bots for the other seats, round the table: easy,medium,hard,expert, "
                                           "random,heuristic or ismcts:seconds=0.5.")]
    = "heuristic",
    seat: Annotated[int, typer.Option(help="Your seat, counted from 0 (seat 0 is Player 1).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", "-s",
                                             help="Seed for the deal and dice (random if not given).")] = None,
    option: OptionOpt = None,
    save: Annotated[Path | None, typer.Option(help="Write the match record (JSON) here, for replay.")] = None,
    hints: Annotated[bool, typer.Option(help="Let h at your turn ask the coach (the hard bot's search, from what "
                                             "you can see) which moves win most.")] = True,
) -> None:
    """Play a game in the terminal against bots. Type a choice's number; h asks the coach for a hint; q or Ctrl-D
    quits."""
    from evogames.cli.options import parse_options, seats
    from evogames.cli.play import Session, play_to_end, seat_bots
    from evogames.core.match import Match

    console = Console()
    seed = secrets.randbelow(1_000_000) if seed is None else seed
    with user_errors():
        players = seats(name, players)
        match = Match(name, players, seed, parse_options(lookup(name), option))
        session = Session(match, seat, seat_bots(bots, match, seat), console, hints=hints)
        console.print(f"[bold]{match.game.title}[/], {players} players, seed {seed} "
                      f"(same deal again: --seed {seed}). You are Player {seat + 1}.")
        try:
            code = play_to_end(session, save)
        except OSError as err:
            fail(f"Cannot write {save}: {err.strerror or err}.")
    raise typer.Exit(code)


@app.command()
def simulate(
    name: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option("--bots", "-b",
                                      help="Bots round the table: easy,medium,hard,expert,random,heuristic,"
                                           "ismcts:iterations=2000 (styles: heuristic:risk=0.8).")]
    = "heuristic",
    seed: Annotated[int, typer.Option("--seed", "-s", help="Base seed; game i uses a seed derived from it.")] = 0,
    option: OptionOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write one CSV row per seat per game here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Play a batch of bot games and summarise wins, rounds and speed."""
    from evogames.cli.options import parse_options, seats
    from evogames.cli.simulate import check_batch, render_summary, run_batch, write_rows

    with user_errors():
        players = seats(name, players)
        options = parse_options(lookup(name), option)
        check_batch(name, players, bots, seed, options)
        if out is not None:
            writable_file(out)
        rows: list[dict[str, object]] | None = [] if out else None
        summary = run_batch(name, games, players, bots, seed, options, rows)
    if out is not None and rows is not None:
        try:
            write_rows(out, rows)
        except OSError as err:
            fail(f"Cannot write {out}: {err.strerror or err}.")
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        Console().print(render_summary(summary))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A JSON match record (as written by `play --save`).")],
    seat: Annotated[int | None, typer.Option(help="Show the log as this seat saw it (default: a spectator).")]
    = None,
) -> None:
    """Replay a recorded match: its log sentences and its result."""
    from evogames.cli.replay import BadRecord, load_match, show_replay

    try:
        match = load_match(file)
    except BadRecord as err:
        fail(str(err))
    with user_errors():
        show_replay(Console(), match, seat)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(help="Database URL (SQLite or PostgreSQL).")] = "sqlite:///evogames.db",
    bot_delay: Annotated[float, typer.Option(help="Seconds from a table's last change to a bot's move (a view "
                                             "bot's thinking hidden inside; a search bot thinks after it).")] = 0.6,
    max_per_address: Annotated[int, typer.Option(help="Open websockets and requests in flight one address "
                                                      "(a class behind one router) may hold.")] = 200,
    search_workers: Annotated[int | None, typer.Option(help="Processes for the hard and expert bots and the "
                                                            "hints (default: all cores but one).")] = None,
) -> None:
    """Run the classroom web app (a table for every group, bots to fill seats); --host 0.0.0.0 serves the room."""
    from evogames.server.main import serve as run_server

    with user_errors():
        run_server(host=host, port=port, db=db, bot_delay=bot_delay, max_per_address=max_per_address,
                   search_workers=search_workers)


@app.command("teacher-link")
def teacher_link_command(
    db: Annotated[str, typer.Option(help="The server's database URL.")] = "sqlite:///evogames.db",
    host: Annotated[str, typer.Option(help="The address students use to reach the server.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The server's port.")] = 8000,
) -> None:
    """Print the teacher's link again (it carries the teacher's key, kept in the database)."""
    from evogames.server.storage import Storage
    from evogames.server.teacher import teacher_key, teacher_link

    with user_errors():
        storage = Storage(db)
    try:
        print(teacher_link(f"http://{host}:{port}", teacher_key(storage)))
    finally:
        storage.close()


register_lab(app)  # sweep, sweep-replay, lab lessons, lab balance


def main() -> None:
    """The ``evogames`` console script. A refusal that a command let through, or a file the
    system would not open, is still one line on stderr and exit code 2, never a traceback."""
    try:
        app()
    except EvogamesError as err:
        _last_resort(err.reason)
    except OSError as err:
        if err.filename is None:
            raise
        _last_resort(f"{err.filename}: {err.strerror or err}.")


def _last_resort(message: str) -> None:
    try:
        fail(message)
    except typer.Exit:
        sys.exit(USAGE_ERROR)


if __name__ == "__main__":
    main()
