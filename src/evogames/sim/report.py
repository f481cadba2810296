"""One self-contained HTML report: tables and plots inline, no external link.

Plots are embedded as base64 PNG (``data:`` URIs), styles sit in the page;
the file can be mailed or opened offline.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from evogames.core.registry import game as lookup
from evogames.kit.lesson import Arm, Lesson
from evogames.sim.lessons import lessons_for, metric_label
from evogames.sim.results import Tables
from evogames.sim.stats import Interval, fmt, summary_table

STYLE = """body{font-family:system-ui,sans-serif;margin:2em;max-width:1280px;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:0.9em}td,th{border:1px solid #ccc;padding:4px 8px}
th{background:#f0f0f0}td.n{white-space:nowrap;text-align:right}
img{max-width:100%;border:1px solid #eee;margin:0.5em 0}.note{color:#666}"""
NUMBER = re.compile(r"-?[\d.,]+(?: \[-?[\d.,]+, -?[\d.,]+\])?|nan(?: \[nan, nan\])?")  # a number, an interval


def summary_display(tables: Tables, boots: int = 1000) -> pd.DataFrame:
    """The terminal/report summary: every rate and mean with its 95% interval, the score and the seat
    stats named as the game names them (its spec's ``score_label`` and ``stat_labels``)."""
    spec = lookup(tables.spec.game)
    labels = dict(spec.stat_labels)
    table = summary_table(tables.seats, boots, list(labels)) if len(tables.seats) else pd.DataFrame()
    if table.empty:
        return table
    shown = {
        "variant": table["variant_label"].astype(str),
        "bot": table["bot"].astype(str),
        "seats": table["seats"],
        "win rate [95% Wilson]": _intervals(table, "win_rate", "win_low", "win_high"),
        f"mean {spec.score_label} [95% bootstrap]": _intervals(table, "score_mean", "score_low", "score_high"),
    }
    for column, label in labels.items():
        if f"{column}_mean" in table:
            shown[f"mean {label} [95% bootstrap]"] = _intervals(table, f"{column}_mean", f"{column}_low",
                                                               f"{column}_high")
    return pd.DataFrame(shown)


def _intervals(table: pd.DataFrame, value: str, low: str, high: str) -> list[str]:
    columns = [table[c].to_numpy(dtype=float) for c in (value, low, high)]
    return [fmt(Interval(float(v), float(lo), float(hi))) for v, lo, hi in zip(*columns, strict=True)]


def _title(game: str) -> str:
    """The game's title, then its registry name in brackets."""
    return f"{lookup(game).title} ({game})"


def html_table(frame: pd.DataFrame) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in frame.columns)
    body = "".join("<tr>" + "".join(_cell(str(v)) for v in row) + "</tr>" for row in frame.itertuples(index=False))
    return f"<table><tr>{head}</tr>{body}</table>"


PLOT_TITLES = {
    "lesson_metric": "The lesson's metric",
    "win_rate_by_bot": "Win rate by bot",
    "win_rate_by_type": "Win rate by the type a seat played most",
    "score_distribution": "Score distribution",
    "game_length": "Game length",
    "trajectories": "Trajectories",
}


def plot_title(name: str) -> str:
    return PLOT_TITLES.get(name) or name.replace("_", " ").capitalize()


def _cell(text: str) -> str:
    """A table cell; a number or an interval is kept on one line."""
    kind = ' class="n"' if NUMBER.fullmatch(text) else ""
    return f"<td{kind}>{html.escape(text)}</td>"


def inline_png(path: Path, alt: str, title: str = "") -> str:
    """The PNG inline; ``title`` (a tooltip) may hold the full text of labels the plot wraps or cuts."""
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    tip = f' title="{html.escape(title)}"' if title else ""
    return f'<img alt="{html.escape(alt)}"{tip} src="data:image/png;base64,{data}">'


def write_report(tables: Tables, plots: dict[str, list[Path]], out: Path,
                 extra: Sequence[tuple[str, pd.DataFrame]] = (), boots: int = 1000) -> Path:
    """Write ``report.html`` into ``out``: spec, variants, summary, extra tables, every plot."""
    spec = tables.spec
    status = "complete" if tables.complete else "PARTIAL (interrupted): only the finished games"
    parts = [
        f"<h1>evogames lab: {html.escape(_title(spec.game))}</h1>",
        f"<p>{len(tables.games)} games ({status}), {spec.players} players, base seed {spec.seed}, "
        f"{len(spec.variants)} variant(s). Game <i>i</i> of every variant uses seed derive_seed(seed, i).</p>",
        "<h2>Variants</h2>", html_table(arms_table(spec.variants)),
        "<h2>Summary</h2>", html_table(summary_display(tables, boots)),
        '<p class="note">Intervals are 95%: Wilson for win rates, percentile bootstrap for means. '
        "The plots wrap long labels; the tables above give them in full.</p>",
    ]
    for title, frame in extra:
        parts += [f"<h2>{html.escape(title)}</h2>", html_table(frame)]
    parts.append("<h2>Plots</h2>")
    tip = labels_tip(spec.variants)
    for name, paths in plots.items():
        parts += [f"<h3>{html.escape(plot_title(name))}</h3>", inline_png(_png(paths), name, tip)]
    return _page(out / "report.html", "evogames lab", parts)


def arms_table(arms: Sequence[Arm]) -> pd.DataFrame:
    """Each variant (a lesson's arm) in full: its label, its options and its lineup seat by seat."""
    return pd.DataFrame({
        "variant": [arm.label for arm in arms],
        "options": [", ".join(f"{k}={_option(v)}" for k, v in arm.options.items()) or "(the game's defaults)"
                    for arm in arms],
        "lineup (round the table)": [", ".join(arm.bots.split(",")) if arm.bots else "" for arm in arms],
    })


def _option(value: object) -> str:
    """An option's value as it is typed on the command line (``true``, ``E01 E02``)."""
    if isinstance(value, list | tuple):
        return " ".join(map(_option, value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def labels_tip(arms: Sequence[Arm]) -> str:
    """The plots' variant and bot labels in full, for the images' tooltip."""
    bots = dict.fromkeys(bot for arm in arms for bot in arm.bots.split(",") if bot)
    return "Variants: " + " / ".join(arm.label for arm in arms) + (". Bots: " + " / ".join(bots) if bots else "")


def _lesson_section(game: str, key: str, design: str, lesson: Lesson | None, drawn: dict[str, list[Path]],
                    shown: list[tuple[tuple[Arm, ...], str]]) -> list[str]:
    """One lesson: its claim and design, its arms in full, its own metric's plot, then the other plots
    of its games as secondary (or a link to the lesson above that played the same games)."""
    parts = [f"<h2>{html.escape(key)}</h2>", f"<p>{html.escape(design)}</p>"]
    if lesson is None:  # not a lesson of this game: its plots as they come
        return parts + [inline_png(_png(paths), f"{key}: {name}") for name, paths in drawn.items()]
    tip = labels_tip(lesson.arms)
    parts += ["<h3>Arms</h3>", html_table(arms_table(lesson.arms))]
    if "lesson_metric" in drawn:
        parts += [f"<h3>The lesson's metric: {html.escape(metric_label(lesson, lookup(game)))}</h3>",
                  inline_png(_png(drawn["lesson_metric"]), f"{key}: lesson_metric", tip)]
    others = {name: paths for name, paths in drawn.items() if name != "lesson_metric"}
    first = _first_with(shown, lesson.arms, key)
    if others and first != key:
        link = f'<a href="#{html.escape(first)}">{html.escape(first)}</a>'
        return [*parts, f'<p class="note">The other plots of these games (the same arms) are under {link}.</p>']
    if others:
        secondary = "" if lesson.metric == "win" else " (secondary: not the lesson's metric)"
        parts.append(f"<h3>Other plots of these games{secondary}</h3>")
    for name, paths in others.items():
        parts += [f"<h4>{html.escape(plot_title(name))}</h4>", inline_png(_png(paths), f"{key}: {name}", tip)]
    return parts


def _first_with(shown: list[tuple[tuple[Arm, ...], str]], arms: tuple[Arm, ...], key: str) -> str:
    """The first lesson shown with these arms (their games are the same), ``key`` if none yet."""
    for seen, first in shown:
        if seen == arms:
            return first
    shown.append((arms, key))
    return key


def _png(paths: list[Path]) -> Path:
    return next(p for p in paths if p.suffix == ".png")


def _page(path: Path, title: str, parts: list[str]) -> Path:
    page = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body>{''.join(parts)}</body></html>")
    path.write_text(page, encoding="utf-8")
    return path


def write_lessons_report(game: str, findings: pd.DataFrame, designs: Sequence[tuple[str, str]],
                         plots: dict[str, dict[str, list[Path]]], out: Path) -> Path:
    """``lessons.html`` in ``out``: the verdicts table, then each lesson's design, its arms in full,
    its own metric's plot first and the other plots of its games as secondary (once for lessons that
    share their games: a later lesson points to the first)."""
    lessons = {lesson.key: lesson for lesson in lessons_for(game)}
    parts = [f"<h1>evogames lab: lessons of {html.escape(_title(game))}</h1>",
             "<p>Each claim from the rulebook's discussion answers, turned into an experiment. Verdict: "
             "<i>supported</i> when the 95% interval of the effect lies on the expected side of 0, "
             "<i>not supported</i> when on the other side, <i>inconclusive</i> when it holds 0.</p>",
             html_table(findings)]
    shown: list[tuple[tuple[Arm, ...], str]] = []  # arms, and the lesson whose section shows their games' plots
    for key, design in designs:
        section = _lesson_section(game, key, design, lessons.get(key), plots.get(key, {}), shown)
        parts += [f'<section id="{html.escape(key)}">', *section, "</section>"]
    return _page(out / "lessons.html", "evogames lessons", parts)
