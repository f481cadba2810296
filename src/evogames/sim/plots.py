"""The lab's plots, drawn on matplotlib's Agg canvas (no pyplot, no global
backend switch) and saved as PNG and SVG.

- win rate by bot, and by the type a seat played most (the game's ``stats()['kinds']``),
  per variant (Wilson 95% error bars);
- score distributions by bot (the y-axis names the score as the game does: its
  spec's ``score_label``); game length by variant;
- trajectories of the game's history metrics: the mean per round over the games
  still running at that round.

Axis labels come from the game's spec (``score_label``, ``stat_labels``): the lab
never names a game's concepts itself.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from evogames.core.registry import game as lookup
from evogames.sim.results import Tables
from evogames.sim.stats import win_table

MAX_LINES = 10
MIN_SEATS = 20  # a round's mean is drawn when at least this many seats reached it


MIN_BAR_SEATS = 10  # fewer seats than this in a group: no bar


def make_plots(tables: Tables, out: Path) -> dict[str, list[Path]]:
    """Draw every plot into ``out``; return {name: [png, svg]}."""
    out.mkdir(parents=True, exist_ok=True)
    spec = lookup(tables.spec.game)
    figures = {
        "win_rate_by_bot": win_rate_figure(tables.seats, "bot", "Win rate by bot"),
        "win_rate_by_type": win_rate_figure(tables.seats, "main_type", "Win rate by the type a seat played most"),
        "score_distribution": score_figure(tables.seats, spec.score_label),
        "game_length": length_figure(tables.games),
        "trajectories": trajectory_figure(tables.rounds, dict(spec.stat_labels)),
    }
    return {name: save(figure, out / name) for name, figure in figures.items()}


def save(figure: Figure, stem: Path) -> list[Path]:
    paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    FigureCanvasAgg(figure)  # the Agg canvas, without touching pyplot's global backend
    figure.savefig(paths[0], dpi=110, bbox_inches="tight")
    figure.savefig(paths[1], bbox_inches="tight", metadata={"Date": None})
    return paths


def win_rate_figure(seats: pd.DataFrame, by: str, title: str) -> Figure:
    table = win_table(seats, ["variant_label", by]) if len(seats) else pd.DataFrame()
    figure = Figure(figsize=(8, 4.5))
    ax = figure.add_subplot()
    if not table.empty:  # a bar of a handful of seats is all interval and no rate
        few = table["seats"] < MIN_BAR_SEATS
        if few.any():
            title += f" (groups under {MIN_BAR_SEATS} seats left out)"
        table = table[~few]
    if table.empty:
        return _empty(figure, ax, title)
    variants = list(dict.fromkeys(table["variant_label"]))
    groups = list(dict.fromkeys(table[by]))
    width = 0.8 / len(groups)
    for k, group in enumerate(groups):
        part = table[table[by] == group].set_index("variant_label").reindex(variants)
        x = np.arange(len(variants)) + (k - (len(groups) - 1) / 2) * width
        errors = [part["win_rate"] - part["win_low"], part["win_high"] - part["win_rate"]]
        ax.bar(x, part["win_rate"], width, yerr=np.clip(np.nan_to_num(np.array(errors, dtype=float)), 0, None),
               capsize=3, label=str(group))
    ax.set_xticks(np.arange(len(variants)), [_short(v) for v in variants], rotation=15, ha="right")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    ax.legend(fontsize=7)
    return figure


def score_figure(seats: pd.DataFrame, score_label: str = "Score") -> Figure:
    figure = Figure(figsize=(8, 4.5))
    ax = figure.add_subplot()
    if seats.empty:
        return _empty(figure, ax, "Score distribution")
    groups = [(f"{_short(str(v))} | {b}", g["score"].to_numpy())
              for (v, b), g in seats.groupby(["variant_label", "bot"], observed=True)][:MAX_LINES * 2]
    ax.boxplot([g for _, g in groups], showmeans=True)
    ax.set_xticks(range(1, len(groups) + 1), [label for label, _ in groups], rotation=25, ha="right", fontsize=7)
    ax.set_ylabel(f"final {score_label}")
    ax.set_title("Score distribution by variant and bot")
    return figure


def length_figure(games: pd.DataFrame) -> Figure:
    figure = Figure(figsize=(7, 4))
    ax = figure.add_subplot()
    if games.empty:
        return _empty(figure, ax, "Game length")
    top = int(games["rounds"].max())
    bins = np.arange(0.5, top + 1.5).tolist()
    for label, group in games.groupby("variant_label", observed=True):
        ax.hist(group["rounds"], bins=bins, histtype="step", density=True, label=_short(str(label)))
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of games")
    ax.set_title("Game length")
    ax.legend(fontsize=7)
    return figure


ROUND_KEYS = ("game_id", "seat", "round", "variant_label", "bot", "style")


def trajectory_figure(rounds: pd.DataFrame, labels: dict[str, str] | None = None) -> Figure:
    """Mean of each history metric per round, one line per variant (and style); a metric is
    named by ``labels`` (the game's ``stat_labels``) when they name it."""
    metrics = [c for c in rounds.columns if c not in ROUND_KEYS and rounds[c].dtype.kind in "iuf"][:3]
    figure = Figure(figsize=(5 * max(1, len(metrics)), 4))
    axes = figure.subplots(1, max(1, len(metrics)), squeeze=False)[0]
    if rounds.empty or not metrics:
        for ax in axes:
            _empty(figure, ax, "Trajectories")
        return figure
    keys = ["variant_label", "style"] if rounds["variant_label"].nunique() * rounds["style"].nunique() <= MAX_LINES \
        else ["variant_label"]
    grouped = rounds.groupby([*keys, "round"], observed=True)[metrics]
    means = grouped.mean().reset_index()[grouped.size().reset_index(drop=True) >= MIN_SEATS]
    for ax, column in zip(axes, metrics, strict=True):
        for key, line in means.groupby(keys, observed=True):
            label = " | ".join(_short(str(k)) for k in (key if isinstance(key, tuple) else (key,)))
            ax.plot(line["round"], line[column], marker=".", label=label)
        name = (labels or {}).get(column) or column.replace("_", " ")
        ax.set_xlabel("round")
        ax.set_ylabel(f"mean {name}")
        ax.set_title(f"{name[:1].upper()}{name[1:]} per round (games still running)")
        if means.empty:  # no round had enough seats to draw: say so (a legend of nothing warns)
            ax.text(0.5, 0.5, f"too few games: no round had {MIN_SEATS} seats", ha="center", va="center",
                    transform=ax.transAxes)
    if not means.empty:
        axes[-1].legend(fontsize=7)
    return figure


def _empty(figure: Figure, ax: Axes, title: str) -> Figure:
    ax.set_title(title)
    ax.text(0.5, 0.5, "no games", ha="center", va="center")
    return figure


def _short(label: str, width: int = 44) -> str:
    """A legend-sized label: common words abbreviated, the middle cut when still long."""
    for long, short in (("heuristic:", "h:"), ("prefer=", ""), ("bots=", "")):
        label = label.replace(long, short)
    if len(label) <= width:
        return label
    half = (width - 1) // 2
    return label[:half] + "…" + label[-half:]
