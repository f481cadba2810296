"""One self-contained HTML report: tables and plots inline, no external link.

Plots are embedded as base64 PNG (``data:`` URIs), styles sit in the page;
the file can be mailed or opened offline.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from evogames.core.registry import game as lookup
from evogames.sim.results import Tables
from evogames.sim.stats import Interval, fmt, summary_table

STYLE = """body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:0.9em}td,th{border:1px solid #ccc;padding:4px 8px}
th{background:#f0f0f0}img{max-width:100%;border:1px solid #eee;margin:0.5em 0}.note{color:#666}"""


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
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>"
                   for row in frame.itertuples(index=False))
    return f"<table><tr>{head}</tr>{body}</table>"


def inline_png(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def write_report(tables: Tables, plots: dict[str, list[Path]], out: Path,
                 extra: Sequence[tuple[str, pd.DataFrame]] = (), boots: int = 1000) -> Path:
    """Write ``report.html`` into ``out``: spec, summary, extra tables, every plot."""
    spec = tables.spec
    status = "complete" if tables.complete else "PARTIAL (interrupted): only the finished games"
    parts = [
        f"<h1>evogames lab: {html.escape(_title(spec.game))}</h1>",
        f"<p>{len(tables.games)} games ({status}), {spec.players} players, base seed {spec.seed}, "
        f"{len(spec.variants)} variant(s). Game <i>i</i> of every variant uses seed derive_seed(seed, i).</p>",
        "<h2>Summary</h2>", html_table(summary_display(tables, boots)),
        '<p class="note">Intervals are 95%: Wilson for win rates, percentile bootstrap for means.</p>',
    ]
    for title, frame in extra:
        parts += [f"<h2>{html.escape(title)}</h2>", html_table(frame)]
    parts.append("<h2>Plots</h2>")
    for name, paths in plots.items():
        png = next(p for p in paths if p.suffix == ".png")
        parts += [f"<h3>{html.escape(name.replace('_', ' '))}</h3>", inline_png(png, name)]
    page = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>evogames lab</title>"
            f"<style>{STYLE}</style></head><body>{''.join(parts)}</body></html>")
    path = out / "report.html"
    path.write_text(page, encoding="utf-8")
    return path


def write_lessons_report(game: str, findings: pd.DataFrame, designs: Sequence[tuple[str, str]],
                         plots: dict[str, dict[str, list[Path]]], out: Path) -> Path:
    """``lessons.html`` in ``out``: the verdicts table, then each lesson's design and plots."""
    parts = [f"<h1>evogames lab: lessons of {html.escape(_title(game))}</h1>",
             "<p>Each claim from the rulebook's discussion answers, turned into an experiment. Verdict: "
             "<i>supported</i> when the 95% interval of the effect lies on the expected side of 0, "
             "<i>not supported</i> when on the other side, <i>inconclusive</i> when it holds 0.</p>",
             html_table(findings)]
    for key, design in designs:
        parts += [f"<h2>{html.escape(key)}</h2>", f"<p>{html.escape(design)}</p>"]
        for name, paths in plots.get(key, {}).items():
            png = next(p for p in paths if p.suffix == ".png")
            parts.append(inline_png(png, f"{key}: {name}"))
    page = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>evogames lessons</title>"
            f"<style>{STYLE}</style></head><body>{''.join(parts)}</body></html>")
    path = out / "lessons.html"
    path.write_text(page, encoding="utf-8")
    return path
