"""The lab's plots, drawn on matplotlib's Agg canvas (no pyplot, no global
backend switch) and saved as PNG and SVG.

- for a lesson's games: first the lesson's own metric (its ``metric``, ratio ``per`` or
  ``stat``, named as the game names it) for the seats its effect compares, per arm, with
  each bar's 95% bootstrap interval over games (the lesson's own measure);
- win rate by bot, and by the type a seat played most (the game's ``stats()['kinds']``),
  per variant (Wilson 95% error bars); in a lesson whose metric is not the win, titled
  as secondary;
- score distributions by bot (the y-axis names the score as the game does: its
  spec's ``score_label``); game length by variant;
- trajectories of the game's history metrics: the mean per round (or turn) over the
  games still running then.

Axis labels come from the game's spec (``score_label``, ``stat_labels``, ``metric_labels``, and
what its length counts: its round or its turn, ``sim.words.round_word``): the lab never
names a game's concepts itself. Legends sit outside the axes (no bar hidden);
long labels are wrapped at their own separators, and cut in the middle only past a few
lines (the report's tables keep the full text). A variant shows only the groups it has
(no empty slot for a bot that did not sit there).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib import rcParams
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from evogames.core.registry import game as lookup
from evogames.core.spec import GameSpec
from evogames.kit.lesson import Lesson, Term
from evogames.sim.lessons import measure, metric_label
from evogames.sim.results import Tables
from evogames.sim.stats import win_table
from evogames.sim.words import column_name, round_word

MAX_LINES = 10
MIN_SEATS = 20  # a round's (or turn's) mean is drawn when at least this many seats reached it
MIN_BAR_SEATS = 10  # fewer seats than this in a group: no bar
MAX_BOXES = 20
LEGEND_WIDTH = 30  # characters a legend line holds before it wraps
LABEL_LINES = 4  # lines a wrapped legend label may take before its middle is cut
TICK_LINES = 6  # lines a wrapped variant (tick) label may take
SECONDARY = "secondary: not this lesson's metric"


def make_plots(tables: Tables, out: Path, lesson: Lesson | None = None) -> dict[str, list[Path]]:
    """Draw every plot into ``out``; return {name: [png, svg]}.

    For a lesson's games (``lesson``: ``lab lessons`` gives each its own) the first plot is
    ``lesson_metric``: the lesson's own metric."""
    out.mkdir(parents=True, exist_ok=True)
    spec = lookup(tables.spec.game)
    figures: dict[str, Figure] = {}
    order = [arm.label for arm in tables.spec.variants]
    word = round_word(spec.name)
    note = ""
    if lesson is not None:
        figures["lesson_metric"] = lesson_figure(tables.seats, lesson, spec)
        note = "" if lesson.metric == "win" else SECONDARY
    figures |= {
        "win_rate_by_bot": win_rate_figure(tables.seats, "bot", _noted("Win rate by bot", note), order),
        "win_rate_by_type": win_rate_figure(tables.seats, "main_type",
                                            _noted("Win rate by the type a seat played most", note), order),
        "score_distribution": score_figure(tables.seats, spec.score_label, order),
        "game_length": length_figure(tables.games, order, word),
        "trajectories": trajectory_figure(tables.rounds, _labels(tables.rounds, spec), order, word),
    }
    return {name: save(figure, out / name) for name, figure in figures.items()}


def save(figure: Figure, stem: Path) -> list[Path]:
    paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    FigureCanvasAgg(figure)  # the Agg canvas, without touching pyplot's global backend
    figure.savefig(paths[0], dpi=110, bbox_inches="tight")
    figure.savefig(paths[1], bbox_inches="tight", metadata={"Date": None})
    return paths


# --- the lesson's metric ---

def lesson_table(seats: pd.DataFrame, lesson: Lesson, boots: int = 1000) -> pd.DataFrame:
    """Per arm and bot of the lesson's terms: the lesson's statistic with its bootstrap interval over
    games, measured as the lesson measures its effect (one term: that bot in that arm)."""
    bots = list(dict.fromkeys(term.bot for term in lesson.terms))
    rows = []
    for arm in lesson.arms:
        for bot in bots:
            mine = seats[(seats["variant_label"] == arm.label) & (seats["bot"] == bot)] if len(seats) else seats
            if mine.empty:
                continue
            one = dataclasses.replace(lesson, arms=(arm,), terms=(Term(1, arm.label, bot),))
            effect = measure(one, seats, boots).effect
            if not math.isnan(effect.value):
                rows.append({"variant_label": arm.label, "group": bot, "value": effect.value,
                             "low": effect.low, "high": effect.high})
    return pd.DataFrame(rows, columns=["variant_label", "group", "value", "low", "high"])


def lesson_figure(seats: pd.DataFrame, lesson: Lesson, spec: GameSpec) -> Figure:
    """The lesson's metric for each seat its effect compares, one group of bars per arm."""
    figure = Figure(figsize=(8, 4.5))
    ax = figure.add_subplot()
    label = metric_label(lesson, spec)
    title = "This lesson's metric, per arm, for the seats its effect compares"
    table = lesson_table(seats, lesson)
    if table.empty:
        return _empty(figure, ax, title, "too few games: every arm needs 2")
    _grouped_bars(ax, table, [arm.label for arm in lesson.arms], _palette(seats, "bot"))
    ax.set_ylabel(f"{_wrap(label, 40)}\n(95% bootstrap interval over games)", fontsize=9)
    ax.set_title(title)
    _legend_outside(ax, "bot")
    return figure


# --- win rates, scores, lengths, trajectories ---

def win_rate_figure(seats: pd.DataFrame, by: str, title: str, variants: Sequence[str] = ()) -> Figure:
    """Win rate per group of ``by`` in each variant (in the order of ``variants``, the sweep's)."""
    table = win_table(seats, ["variant_label", by]) if len(seats) else pd.DataFrame()
    figure = Figure(figsize=(8, 4.5))
    ax = figure.add_subplot()
    if not table.empty:  # a bar of a handful of seats is all interval and no rate
        few = table["seats"] < MIN_BAR_SEATS
        if few.any():
            title = _noted(title, f"groups under {MIN_BAR_SEATS} seats left out")
        table = table[~few]
    if table.empty:
        return _empty(figure, ax, title, f"no group had {MIN_BAR_SEATS} seats" if len(seats) else "no games")
    bars = pd.DataFrame({"variant_label": table["variant_label"].astype(str), "group": table[by].astype(str),
                         "value": table["win_rate"], "low": table["win_low"], "high": table["win_high"]})
    _grouped_bars(ax, bars, _in_order(bars["variant_label"], variants), _palette(seats, by))
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    _legend_outside(ax, "bot" if by == "bot" else "type played most")
    return figure


def score_figure(seats: pd.DataFrame, score_label: str = "Score", variants: Sequence[str] = ()) -> Figure:
    """Boxes of the final score, grouped by variant (in the order of ``variants``), one colour per bot."""
    figure = Figure(figsize=(8, 4.5))
    ax = figure.add_subplot()
    title = "Score distribution by variant and bot"
    if seats.empty:
        return _empty(figure, ax, title)
    groups = [(str(v), str(b), g["score"].to_numpy(dtype=float))
              for (v, b), g in seats.groupby(["variant_label", "bot"], observed=True, sort=False)]
    order = _in_order([v for v, _, _ in groups], variants)
    groups.sort(key=lambda group: order.index(group[0]))  # stable: bots keep their order
    if len(groups) > MAX_BOXES:
        title += f" (first {MAX_BOXES} of {len(groups)} groups)"
        groups = groups[:MAX_BOXES]
    variants = _in_order([v for v, _, _ in groups], variants)
    colours = _colours([b for _, b, _ in groups], _palette(seats, "bot"))
    slots = _slots([(v, b) for v, b, _ in groups], variants)
    boxes = ax.boxplot([values for _, _, values in groups], positions=[x for x, _ in slots],
                       widths=[w * 0.9 for _, w in slots], showmeans=True, patch_artist=True, manage_ticks=False,
                       meanprops={"marker": "^", "markerfacecolor": "white", "markeredgecolor": "black"},
                       medianprops={"color": "black"})
    for box, (_, bot, _) in zip(boxes["boxes"], groups, strict=True):
        box.set_facecolor(colours[bot])
        box.set_alpha(0.8)
    _variant_ticks(ax, variants)
    ax.set_ylabel(f"final {score_label}")
    ax.set_title(title)
    _legend_outside(ax, "bot", [Patch(facecolor=colour, alpha=0.8, label=bot) for bot, colour in colours.items()])
    return figure


def length_figure(games: pd.DataFrame, variants: Sequence[str] = (), word: str = "round") -> Figure:
    """How many rounds (``word``: the game's own, turns in Phylo) the games of each variant lasted."""
    figure = Figure(figsize=(7, 4))
    ax = figure.add_subplot()
    if games.empty:
        return _empty(figure, ax, "Game length")
    top = int(games["rounds"].max())
    bins = np.arange(0.5, top + 1.5).tolist()
    labels = games["variant_label"].astype(str)
    for label in _in_order(labels, variants):
        ax.hist(games.loc[labels == label, "rounds"], bins=bins, histtype="step", density=True, label=label)
    ax.set_xlabel(f"{word}s played")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("share of games")
    ax.set_title(f"Game length in {word}s")
    _legend_outside(ax, "variant")
    return figure


ROUND_KEYS = ("game_id", "seat", "round", "variant_label", "bot", "style")


def _labels(rounds: pd.DataFrame, spec: GameSpec) -> dict[str, str]:
    """Each history column as the game names it (``sim.words.column_name``)."""
    return {column: column_name(str(column), spec) for column in rounds.columns if column not in ROUND_KEYS}


def trajectory_figure(rounds: pd.DataFrame, labels: dict[str, str] | None = None,
                      variants: Sequence[str] = (), word: str = "round") -> Figure:
    """Mean of each history metric per round (``word``: the game's own, turns in Phylo), one line per variant
    (in the order of ``variants``) and style; a metric is named by ``labels`` (the game's) when they name it."""
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
    lines = [(key if isinstance(key, tuple) else (key,), line) for key, line in means.groupby(keys, observed=True)]
    order = _in_order([key[0] for key, _ in lines], variants)
    lines.sort(key=lambda pair: order.index(str(pair[0][0])))  # stable: styles keep their order
    for ax, column in zip(axes, metrics, strict=True):
        for key, line in lines:
            label = " | ".join(map(str, key))
            ax.plot(line["round"], line[column], marker=".", label=label)
        name = (labels or {}).get(column) or column.replace("_", " ")
        ax.set_xlabel(word)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # no turn 2.5
        ax.set_ylabel(f"mean {name}")
        ax.set_title(_wrap(f"{name[:1].upper()}{name[1:]} per {word} (games still running)", 45))
        if means.empty:  # no round had enough seats to draw: say so (a legend of nothing warns)
            ax.text(0.5, 0.5, f"too few games: no {word} had {MIN_SEATS} seats", ha="center", va="center",
                    transform=ax.transAxes)
    figure.subplots_adjust(wspace=0.35)
    _legend_outside(axes[-1], " | ".join(k.replace("variant_label", "variant") for k in keys))
    return figure


# --- layout helpers ---

def _grouped_bars(ax: Axes, table: pd.DataFrame, variants: Sequence[str], palette: Sequence[str] = ()) -> None:
    """Bars of ``table`` (variant_label, group, value, low, high): one cluster per variant holding
    only the groups it has, centred on its tick; a group keeps its colour in every cluster."""
    table = table[table["variant_label"].isin(variants)]
    colours = _colours(list(table["group"]), palette)
    keys = list(zip(table["variant_label"], table["group"], strict=True))
    slots = _slots(keys, list(variants))
    errors = np.array([table["value"] - table["low"], table["high"] - table["value"]], dtype=float)
    errors = np.clip(np.nan_to_num(errors), 0, None)
    labelled: set[str] = set()
    for k, ((_, group), (x, width)) in enumerate(zip(keys, slots, strict=True)):
        ax.bar(x, table["value"].iloc[k], width, yerr=errors[:, k:k + 1], capsize=3, color=colours[group],
               label=group if group not in labelled else "_nolegend_")
        labelled.add(group)
    _variant_ticks(ax, variants)


def _slots(keys: Sequence[tuple[str, str]], variants: Sequence[str]) -> list[tuple[float, float]]:
    """(centre, width) of each (variant, group) key: a variant's groups side by side around its
    tick, all of one width (the widest cluster fills 0.8 of a tick)."""
    order = {g: k for k, g in enumerate(dict.fromkeys(g for _, g in keys))}  # the legend's order
    per_variant = {v: sorted((g for w, g in keys if w == v), key=order.__getitem__) for v in variants}
    width = 0.8 / max(1, max(len(groups) for groups in per_variant.values()))
    slots = []
    for variant, group in keys:
        mine = per_variant[variant]
        k = mine.index(group)
        slots.append((variants.index(variant) + (k - (len(mine) - 1) / 2) * width, width))
    return slots


def _in_order(labels: Iterable[object], variants: Sequence[str]) -> list[str]:
    """The variants among ``labels``: first those of ``variants`` (the sweep's order), then the rest
    as they come."""
    present = list(dict.fromkeys(map(str, labels)))
    return [v for v in variants if v in present] + [v for v in present if v not in variants]


def _colours(groups: Sequence[str], palette: Sequence[str] = ()) -> dict[str, str]:
    """A colour for each group, in the order they come; a group's colour is fixed by its place among
    ``palette`` (every bot of the games, sorted), so a bot has one colour in every plot of a report."""
    cycle = rcParams["axes.prop_cycle"].by_key()["color"]
    place = {g: k for k, g in enumerate(sorted(set(palette) | set(groups)))}
    return {g: cycle[place[g] % len(cycle)] for g in dict.fromkeys(groups)}


def _palette(seats: pd.DataFrame, column: str) -> list[str]:
    return sorted({str(v) for v in seats[column].unique()}) if column in seats else []


def _variant_ticks(ax: Axes, variants: Sequence[str]) -> None:
    """One tick per variant, its label wrapped to the room a tick has (no rotation, cut in the
    middle only past ``TICK_LINES`` lines); many variants widen the figure rather than squeeze."""
    room = max(20, min(40, 100 // max(1, len(variants))))
    figure = ax.get_figure()
    if isinstance(figure, Figure):
        figure.set_figwidth(max(figure.get_figwidth(), len(variants) * room * 0.075 + 2))
    ax.set_xticks(np.arange(len(variants)), [_wrap(v, room, TICK_LINES) for v in variants], fontsize=8)
    ax.set_xlim(-0.5, len(variants) - 0.5)


def _legend_outside(ax: Axes, title: str, handles: Sequence[Artist] = ()) -> None:
    """The legend to the right of the axes (no bar, line or label under it); none when nothing has a
    label (matplotlib would warn)."""
    if handles:
        labels = [str(h.get_label()) for h in handles]
    else:
        handles, labels = ax.get_legend_handles_labels()
    if not handles:
        return
    ax.legend(handles, [_wrap(label, LEGEND_WIDTH) for label in labels], title=title, fontsize=8,
              title_fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)


def _noted(title: str, note: str) -> str:
    """``title`` with ``note`` in brackets on the line below (notes share one bracket)."""
    if not note:
        return title
    if title.endswith(")") and "\n(" in title:
        return f"{title[:-1]}; {note})"
    return f"{title}\n({note})"


def _empty(figure: Figure, ax: Axes, title: str, why: str = "no games") -> Figure:
    ax.set_title(title)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.text(0.5, 0.5, why, ha="center", va="center", transform=ax.transAxes)
    return figure


def _wrap(label: str, width: int, lines: int = LABEL_LINES) -> str:
    """``label`` in lines of about ``width`` characters, broken after its own separators
    (``:``, ``,``, ``|``, a space); past ``lines`` lines the middle is cut (…)."""
    pieces = [p for p in re.split(r"(?<=[:,| ])", label) if p]
    out: list[str] = []
    line = ""
    for piece in pieces:
        while len(piece.rstrip(" :,|")) > width:  # a separator-free run longer than a line
            if line:
                out.append(line.rstrip())
                line = ""
            out.append(piece[:width])
            piece = piece[width:]
        if line and piece.strip() and len(line.rstrip()) + len(piece.rstrip(" :,|")) > width:
            out.append(line.rstrip())
            line = ""
        line += piece if line else piece.lstrip()
    if line.strip():
        out.append(line.rstrip())
    if len(out) > lines:
        out = [*out[:lines - 1], "…" + out[-1]]
    return "\n".join(out)
