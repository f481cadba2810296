"""Scripted Mating Game scenarios: chosen hands, a fixed Environment sequence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames import Match
from evogames.games.mating.components import Environment, components
from evogames.games.mating.events import Event

C = components()


def strategies(kind: str, level: str | None = None, count: int = 1, skip: tuple[str, ...] = ()) -> list[str]:
    """``count`` Strategy ids of a type (and level), in id order."""
    found = [s.id for s in C.strategies.values()
             if s.type == kind and (level is None or s.level == level) and s.id not in skip]
    assert len(found) >= count, f"the box lacks {count} {kind} {level} cards"
    return found[:count]


def sneaky(effect: str, count: int = 1) -> list[str]:
    found = [s.id for s in C.sneakies.values() if s.effect == effect]
    return found[:count]


def environment(test: Callable[[Environment], bool]) -> str:
    """The first Environment card that passes ``test``."""
    return next(e.id for e in C.environments.values() if test(e))


def calm(food: int | None = None) -> str:
    """An Environment with no Predator and no Female Scarcity (and this Food)."""
    return environment(lambda e: not e.predators and not e.scarcity and (food is None or e.food == food))


def filler(used: list[str], count: int) -> list[str]:
    """Low-cost cards no scenario cares about (flashy low), not in ``used``."""
    pool = [s.id for s in C.strategies.values() if s.id not in used and s.type == "flashy" and s.level == "low"]
    pool += [s.id for s in C.strategies.values() if s.id not in used and s.id not in pool]
    return pool[:count]


def scenario(hands: list[list[str]], envs: list[str], seed: int = 1, **options: Any) -> Match:
    """A match whose seats hold ``hands`` (padded to 5) and meets ``envs`` in order."""
    used = [c for hand in hands for c in hand]
    order: list[str] = []
    for hand in hands:
        extra = filler(used + order, 5 - len(hand))
        order += hand + extra
        used += extra
    opts = {"strategy_order": order, "environment": "custom", "environment_cards": envs,
            "environment_order": "fixed", **options}
    return Match("mating", len(hands), seed=seed, options=opts)


WINDOWS = ("before_survive", "before_attract", "after_combat", "after_attract", "after_mating")


def play(m: Match, choices: dict[int, str | None], stop: str | None = None, seat: int | None = None) -> None:
    """Play & Pay: each seat plays its card (None = Out to Lunch); then every sneaky window
    is answered with pass (everyone with a Strategy in play is asked, ruling 7) until the
    window ``stop`` asks ``seat`` (or anyone), or a Predator, Discard & Draw or the end needs a choice."""
    for player in range(m.players):
        card = choices.get(player)
        m.act(player, {"type": "out_to_lunch"} if card is None else {"type": "play", "card": card})
    pass_until(m, stop, seat)


def pass_until(m: Match, stop: str | None = None, seat: int | None = None) -> None:
    """Pass in every sneaky window until the window ``stop`` asks ``seat`` (None: anyone)."""
    while not m.over and m.view(None)["phase"] in WINDOWS:
        if m.view(None)["phase"] == stop and seat in (None, m.to_act[0]):
            return
        m.act(m.to_act[0], {"type": "pass"})


def pass_windows(m: Match, escape: bool = True) -> None:
    """Answer every sneaky window with pass (and escapes as told) until Discard & Draw or the end."""
    while not m.over and m.view(None)["phase"] not in ("discard", "play"):
        seat = m.to_act[0]
        kinds = {a["type"] for a in m.legal(seat)}
        if "escape" in kinds:
            m.act(seat, {"type": "escape" if escape else "no_escape"})
        else:
            m.act(seat, {"type": "pass"})


def keep_all(m: Match) -> None:
    for seat in list(m.to_act):
        m.act(seat, {"type": "discard", "cards": []})


def texts(m: Match, seat: int | None = None) -> list[str]:
    return [e["text"] for e in m.log_for(seat)]


def kinds(m: Match) -> list[Event]:
    return list(m.state.events)
