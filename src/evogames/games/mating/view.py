"""What one seat may see: its own hand; everyone's Nest, table and Stands;
face-down Strategies only as "a card is down" until the reveal; no deck order;
the Environment cards turned since the deck was last shuffled (RULINGS.md 36).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from evogames.games.mating.components import (
    COMBAT_BONUS,
    ESCAPE_COST,
    HAND_SIZE,
    STARTING_FOOD,
    Components,
    components,
)
from evogames.games.mating.flow import ORDER
from evogames.games.mating.options import OPTIONS
from evogames.games.mating.state import NONE, TALLIES, MatingState, T

STATUS = ("out", "in_play", "eaten", "lost_combat")
#: the rule numbers a board shows (one source: the boards copy none of them)
RULES = {"starting_food": STARTING_FOOD, "escape_cost": ESCAPE_COST, "hand_size": HAND_SIZE,
         "combat_bonus": COMBAT_BONUS,
         "offspring_to_win": next(o.default for o in OPTIONS if o.name == "offspring_to_win")}  # the rulebook's 10
#: what each icon on the board means (the board's legend and the icons' accessible names)
ICONS = {
    "food": ("Food", "what a Strategy costs; the Environment gives or takes it"),
    "fitness": ("Fitness", "how many Females a Strategy attracts; higher Fitness attracts first"),
    "predator": ("Predator", "how well a Strategy hides: the lowest is the most visible and is hunted first"),
    "scarcity": ("Female Scarcity", "Females leaving both Stands this round"),
    "offspring": ("Offspring", "one for each Female attracted; {goal} wins"),
}
#: why a game over has the winner it has (the board adds names and numbers)
ENDING = {
    "tied_goal": "Everyone who reaches {goal} Offspring in the same round ties, however many they have: "
                 "reaching {goal} is what counts, not how far past it.",
    "tied_most": "They tie with the most Offspring.",
    "food": "A tie goes to the most Food left.",
    "die": "A tie goes to the most Food left; that was equal too, so a die roll decided.",
}
PHASE = {
    "play": "play", "reveal": "play", "window_survive": "before_survive",
    "environment": "survive", "predation": "survive", "scarcity": "survive",
    "window_attract": "before_attract", "combat": "attract", "window_combat": "after_combat",
    "attract": "attract", "window_mating": "after_attract", "mating": "mating",
    "window_end": "after_mating", "win_check": "mating", "discard": "discard", "draw": "discard",
}


def view(s: MatingState, seat: int | None) -> dict[str, Any]:
    c = components()
    cards = c.card_dicts
    step = ORDER[s.step]
    return {
        "round": s.round,
        "phase": "over" if s.over else PHASE[step],
        "hand": [cards[card] for card in s.hands[seat]] if seat is not None else None,
        "players": [_player(s, i, seat, step, c, cards) for i in range(s.n)],
        "stands": {"red": s.stands[0], "blue": s.stands[1]},
        "environment": cards[s.env] if s.env else None,
        "environment_deck": len(s.env_deck),
        "environment_turned": environment_turned(s, c),
        "strategy_deck": len(s.deck),
        "discard_pile": list(s.discard),
        "predator_target": s.target if s.target >= 0 else None,
        "combat_winner": s.combat_winner if s.combat_winner >= 0 else None,
        "history": [{"food": list(f), "offspring": list(o)} for f, o in s.history],
        "options": public_options(s.options),
        "rules": dict(RULES),
        "result": _result(s),
        "icons": icons(s.options["offspring_to_win"]),
    }


def environment_turned(s: MatingState, c: Components) -> list[dict[str, str]]:
    """The Environment cards turned over since the deck was last shuffled (or set up), oldest first,
    the one in play last: the face-up discard pile everyone at the table has watched grow (ruling 36)."""
    entries = _turned_entries(c)
    turned = [entries[card] for card in s.env_discard]
    if s.env:
        turned.append(entries[s.env])
    return turned


@cache
def _turned_entries(c: Components) -> dict[str, dict[str, str]]:
    """Each Environment as ``environment_turned`` lists it, built once (shared, so never change one,
    as with ``Components.card_dicts``)."""
    return {card.id: {"id": card.id, "name": card.name} for card in c.environments.values()}


def icons(goal: int) -> dict[str, dict[str, str]]:
    """The legend: each icon's name and what it means."""
    return {key: {"name": name, "means": means.format(goal=goal)} for key, (name, means) in ICONS.items()}


def _result(s: MatingState) -> dict[str, Any] | None:
    """The outcome, with the sentences that explain a tie (why 11 Offspring can beat 12)."""
    if not s.outcome:
        return None
    out = dict(s.outcome)
    tied = out.get("tied") or []
    if tied:
        goal = s.options["offspring_to_win"]
        rule = ENDING["tied_goal" if out["reason"] == "offspring" else "tied_most"].format(goal=goal)
        out["why"] = {"rule": rule, "tie_break": ENDING.get(out["tie_break"] or "", "")}
    return out


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options as players may see them: a scripted deck's order stays secret."""
    shown = dict(options)
    if shown.get("strategy_order"):
        shown["strategy_order"] = f"{len(shown['strategy_order'])} cards scripted"
    if shown.get("environment_order") == "shuffled" and shown.get("environment_cards"):
        shown["environment_cards"] = sorted(shown["environment_cards"])  # which cards, not their order
    return shown


def _player(s: MatingState, i: int, seat: int | None, step: str, c: Components,
            cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One seat as ``seat`` sees it. ``committed``: has chosen in the simultaneous step
    now running (Play & Pay, or Discard & Draw), which is all the others learn of it."""
    choice = s.choice[i]
    revealed = step != "play"
    out: dict[str, Any] = {
        "seat": i,
        "food": s.food[i],
        "offspring": s.offspring[i],
        "hand_size": len(s.hands[i]),
        "committed": not s.pending[i] if step == "discard" else choice is not None,
        "strategy": None,
        "out_to_lunch": False,
        "status": STATUS[s.status[i]],
        "females": s.females[i],
        "lunch_card": cards[c.lunch_card(i).id],
    }
    if choice is not None and (revealed or i == seat):
        out["strategy"] = cards[choice] if choice else None
        out["out_to_lunch"] = choice == "" and (not revealed or s.status[i] == NONE)
    if i == seat and step == "discard":
        out["discarding"] = list(s.discarding[i])  # your own face-down choice
    return out


def stats(s: MatingState) -> dict[str, Any]:
    """Per-seat tallies for the lab, and the Food/Offspring trajectory."""
    return {
        "rounds": s.round,
        "seats": [dict(zip(TALLIES, t, strict=True)) for t in s.tally],
        "kinds": [_main_type(t) for t in s.tally],
        "cards_played": [list(p) for p in s.plays],
        "history": [{"food": list(f), "offspring": list(o)} for f, o in s.history],
    }


def _main_type(tally: list[int]) -> str:
    """The Strategy type a seat played most: combat, flashy (ties: combat), or none."""
    combat, flashy = tally[T["combat_played"]], tally[T["flashy_played"]]
    if combat == flashy == 0:
        return "none"
    return "combat" if combat >= flashy else "flashy"
