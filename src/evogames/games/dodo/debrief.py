"""The post-game debrief: how mutation and the environment decided who survived, in this game's numbers."""

from __future__ import annotations

from functools import cache
from typing import Any

from evogames.games.dodo.components import COLOURS, CREATURES_AT_START, components
from evogames.games.dodo.events import Capture
from evogames.games.dodo.state import DodoState, T

POOR, RICH = 3, 6  # environments of at most 3 resources are poor, of 6 or more rich


def debrief(s: DodoState) -> dict[str, Any] | None:
    """The debrief once the game is over (the spec's ``debrief`` slot); None before."""
    return numbers(s) if s.over else None


def numbers(s: DodoState) -> dict[str, Any]:
    """Numbers (for boards and the lab) and sentences (for people) about this game."""
    by_mutations, by_richness, captures = _meals_and_captures(s)
    born = sum(t[T["born"]] for t in s.tally)
    starved = sum(t[T["starved"]] for t in s.tally)
    started, at_end = CREATURES_AT_START * s.n, len(s.creatures)
    lines = [f"In {s.turn} turns {born} creatures were born ({started} were there from the start); {starved} "
             f"starved and {at_end} were left at the end."]
    lines += [_mutation_line(row) for row in by_mutations]
    lines += [_richness_line(row) for row in by_richness if row["fed"] + row["starved"]]
    lines += [capture_line(c) for c in captures]
    lines.append(_lesson(by_mutations))
    return {"started": started, "born": born, "starved": starved, "at_end": at_end, "by_mutations": by_mutations,
            "by_richness": by_richness, "captures": captures, "lines": lines}


def _meals_and_captures(s: DodoState) -> tuple[list[dict[str, int]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Meals (eaten and starved) by the creature's mutations and by the environment's richness, and the
    captures, in one pass over the log (it is long, and this runs at the end of every game)."""
    by_size: dict[int, dict[str, int]] = {}
    by_richness: dict[str, dict[str, Any]] = {
        k: {"environments": k, "fed": 0, "starved": 0, "mutations_fed": 0} for k in ("poor", "middling", "rich")}
    richness_of = _richness_of()
    captures = []
    for e in s.events:
        if e.kind == "eat" or e.kind == "starve":
            size = len(e.blocks)
            row = by_size.get(size)
            if row is None:
                row = by_size[size] = {"mutations": size, "fed": 0, "starved": 0}
            rich = by_richness[richness_of[e.environment]]
            if e.kind == "eat":
                row["fed"] += 1
                rich["fed"] += 1
                rich["mutations_fed"] += size
            else:
                row["starved"] += 1
                rich["starved"] += 1
        elif e.kind == "capture":
            captures.append(_capture(e))
    return [by_size[k] for k in sorted(by_size)], list(by_richness.values()), captures


def richness(size: int) -> str:
    return "poor" if size <= POOR else "rich" if size >= RICH else "middling"


@cache
def _richness_of() -> dict[str, str]:
    """Each environment card's richness, by id (the box never changes)."""
    return {env.id: richness(env.size) for env in components().environments.values()}


def _capture(e: Capture) -> dict[str, Any]:
    env = components().environments[e.environment]
    return {"seat": e.owner, "environment": env.name, "size": env.size, "mutations": len(e.blocks),
            "blocks": [COLOURS[k] for k in e.blocks], "turn": e.turn, "famine": sum(e.covered)}


def _share(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "-"


def _mutation_line(row: dict[str, int]) -> str:
    meals = row["fed"] + row["starved"]
    noun = "mutation" if row["mutations"] == 1 else "mutations"
    return (f"Creatures with {row['mutations']} {noun} ate {row['fed']} of {meals} times "
            f"({_share(row['fed'], meals)}) and starved {row['starved']} time{'' if row['starved'] == 1 else 's'}.")


def _richness_line(row: dict[str, Any]) -> str:
    meals = row["fed"] + row["starved"]
    mean = row["mutations_fed"] / row["fed"] if row["fed"] else 0.0
    size = {"poor": "2-3", "middling": "4-5", "rich": "6-8"}[row["environments"]]
    return (f"In {row['environments']} environments ({size} resources) creatures ate {_share(row['fed'], meals)} "
            f"of the time; those that ate carried {mean:.1f} mutations on average.")


def capture_line(c: dict[str, Any]) -> str:
    famine = f", {c['famine']} covered by Famine" if c["famine"] else ""
    noun = "mutation" if c["mutations"] == 1 else "mutations"
    fit = f"an exact fit for the {c['size'] - c['famine']} left uncovered" if c["famine"] else "an exact fit"
    return (f"Turn {c['turn']}: Player {c['seat'] + 1} captured {c['environment']} ({c['size']} resources{famine}) "
            f"with a creature of {c['mutations']} {noun} ({'-'.join(c['blocks'])}), {fit}.")


def _lesson(rows: list[dict[str, int]]) -> str:
    if not rows:
        return "No creature ever came to eat."
    sampled = [r for r in rows if r["fed"] + r["starved"] >= 3] or rows
    best = max(sampled, key=lambda r: (r["fed"] / max(1, r["fed"] + r["starved"]), -r["mutations"]))
    return (f"Survival was best with {best['mutations']} mutations: more mutations eat first but need more, "
            "so a creature thrives only where the environment offers exactly its needs.")
