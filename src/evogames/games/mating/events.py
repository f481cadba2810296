"""Log events as sentences a student reads, rendered only when asked.

An event is a tuple ``(kind, visible_to, *data)``; ``visible_to`` is -1 for
everyone or the one seat that may see it (the cards it was dealt or drew).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.text import plural as _plural
from evogames.core.text import render_event, who
from evogames.games.mating.components import COMBAT_BONUS, components

COLOURS = ("red", "blue")
PURPOSE = {"predator": "to see who the Predator catches", "female": "for the last Female",
           "win": "to break the tie", "combat": "to break the combat tie"}


def whose(seat: int, card_id: str | None) -> str:
    """"Player 2's Red deer": the seat and the animal of its Strategy."""
    card = components().strategies.get(card_id or "")
    return f"{who(seat)}'s {card.animal}" if card else who(seat)


def lunch_animal(seat: int) -> str:
    """The animal on the Out-to-Lunch card of ``seat``."""
    return components().lunch_card(seat).animal


def _card(card_id: str) -> str:
    c = components()
    if card_id in c.strategies:
        s = c.strategies[card_id]
        return f"the {s.animal}'s {s.name} ({s.type}, Fitness {s.fitness}, Predator {s.predator})"
    if card_id in c.sneakies:
        return f"{c.sneakies[card_id].name} ({c.sneakies[card_id].animal})"
    return card_id


def _cards(ids: tuple[str, ...]) -> str:
    return ", ".join(_card(i) for i in ids) or "nothing"


def _environment(e: tuple[Any, ...]) -> str:
    env = components().environments[e[2]]
    threats = []
    if env.predators:
        threats.append(_plural(env.predators, "Predator"))
    if env.scarcity:
        threats.append(f"Female Scarcity {env.scarcity}")
    return (f"The Environment is {env.name}: Food {env.food:+d}"
            + (", " + ", ".join(threats) if threats else ", no Predators, no Female Scarcity") + ".")


def _food(e: tuple[Any, ...]) -> str:
    """What each player gained or lost: a loss is capped by the Food they had, and fat
    reserves (a sneaky card) keep all of it."""
    delta, protected, food, changes = e[2], e[3], e[4], e[5]
    now = ", ".join(str(f) for f in food)
    if delta >= 0:
        return f"Everyone gains {delta} Food (now {now})." if delta else f"Nobody gains or loses Food (still {now})."
    if all(change == delta for change in changes):
        return f"Everyone loses {-delta} Food (now {now})."
    parts = [f"{who(seat)} {_lost(-change, seat in protected, food[seat])}" for seat, change in enumerate(changes)]
    return f"The Environment takes up to {-delta} Food: " + "; ".join(parts) + "."


def _lost(amount: int, protected: bool, now: int) -> str:
    if protected:
        return f"loses none, living on fat (has {now})"
    if not amount:
        return "had none to lose"
    return f"loses {amount} (now {now})" + (", all it had" if not now else "")


def _rolls(e: tuple[Any, ...]) -> str:
    rolls = ", ".join(f"{who(seat)} rolls {value}" for seat, value in e[3])
    return f"Die roll {PURPOSE.get(e[2], '')}: {rolls}."


def _combat(e: tuple[Any, ...]) -> str:
    played = e[3]
    parts = [f"{whose(seat, played[seat])} rolls {len(dice)} {'die' if len(dice) == 1 else 'dice'}: "
             f"{'+'.join(map(str, dice))} = {sum(dice)}" for seat, dice in e[2]]
    return "Combat! " + "; ".join(parts) + "."


def _sneaky(e: tuple[Any, ...]) -> str:
    card = components().sneakies[e[3]]
    target = f", naming {who(e[4])}" if e[4] >= 0 else ""
    return f"{who(e[2])} plays {card.name} ({card.animal}) for {card.food} Food{target}: {DID[card.effect](e)}"


def _did(text: str) -> Callable[[tuple[Any, ...]], str]:
    return lambda e: text.format(who=who(e[2]), them=who(e[4]))


#: effect -> what the card did, as it stands right after it was played (its numbers in e[5])
DID: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "hide_from_predators": _did("no Predator can catch {who}'s Strategy this round."),
    "ignore_food_loss": _did("{who} will lose no Food to this round's Environment."),
    "mate_guarding": _did("no sneaky Strategy can take {who}'s Females or Offspring this round."),
    "extra_offspring": lambda e: f"{who(e[2])} gains 1 extra Offspring (now {e[5][1]}).",
    "steal_female": lambda e: f"{who(e[2])} takes one of {who(e[4])}'s Females "
    f"({who(e[2])} now has {e[5][0]}, {who(e[4])} {e[5][2]}).",
    "steal_offspring": lambda e: f"{who(e[2])} takes one of {who(e[4])}'s Offspring "
    f"({who(e[2])} now has {e[5][1]}, {who(e[4])} {e[5][3]}).",
    "rejoin_after_combat": _did("{who}'s beaten Strategy is back in play and may attract red Females."),
    "avoid_combat": _did("{who}'s combat Strategy will not fight this round."),
    "level_up": _did("{who}'s flashy Strategy will fight if there is combat this round."),
    "extra_combat_dice": _did("{who}'s Strategy will roll 2 extra dice if it fights this round."),
    "lower_fitness": lambda e: f"{who(e[4])}'s Strategy has Fitness {e[5][4]} this round.",
}


def _attract(e: tuple[Any, ...]) -> str:
    colour, got, wants, name = COLOURS[e[3]], e[4], e[5], whose(e[2], e[6])
    if not got:
        return f"{name} attracts no {colour} Females: the Stand is empty."
    if got < wants:
        return (f"{name} attracts {_plural(got, colour + ' Female')} of the {wants} it could: "
                "the Stand ran out.")
    return f"{name} attracts {_plural(got, colour + ' Female')}."


def _combat_won(e: tuple[Any, ...]) -> str:
    losers, played = e[3], e[4]
    verb = "loses and is" if len(losers) == 1 else "lose and are"
    beaten = " and ".join(whose(x, played[x]) for x in losers)
    return (f"{whose(e[2], played[e[2]])} wins combat and earns the combat bonus: it may attract "
            f"{COMBAT_BONUS} more Females; {beaten} {verb} discarded.")


def _scarcity(e: tuple[Any, ...]) -> str:
    """How many Females actually left each Stand (a Stand never goes below 0)."""
    red, blue = e[5]
    if red == blue:
        gone = f"{_plural(red, 'Female')} {'leaves' if red == 1 else 'leave'} each Stand"
    else:
        gone = f"{red} {'leaves' if red == 1 else 'leave'} the red Stand, {blue} the blue one"
    return f"Female Scarcity {e[2]}: {gone} (red {e[3]}, blue {e[4]} left)."


def _game_over(e: tuple[Any, ...]) -> str:
    reason = {"offspring": "reached the Offspring goal", "sudden_death": "sudden death: the season ended",
              "long_life": "the Environment deck is used up", "round_limit": "the round limit"}[e[2]]
    tie = {None: "", "food": f", tie broken by Food left ({e[6]})", "die": ", tie broken by a die roll"}[e[4]]
    return f"Game over ({reason}). {who(e[3])} wins with {e[5]} Offspring{tie}!"


TEXT: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "setup": lambda e: f"A {e[2]}-player game with the {e[3]} Environment deck begins.",
    "deal": lambda e: f"You are dealt {_cards(e[2])}.",
    "round": lambda e: f"Round {e[2]}: Play & Pay. Everyone places a card face down: a Strategy, or Out to Lunch.",
    "commit": lambda e: f"{who(e[2])} has chosen what to discard." if e[3:] == ("discard",)
    else f"{who(e[2])} places a card face down.",
    "lunch": lambda e: f"{who(e[2])} is Out to Lunch this round (like the {lunch_animal(e[2])}): "
    "pays nothing, attracts no Females, and only the Environment's Food reaches them.",
    "reveal": lambda e: f"{who(e[2])} reveals {_card(e[3])} and pays "
    f"{components().strategies[e[3]].food} Food.",
    "environment": _environment,
    "sudden_death": lambda e: "The upside-down card is revealed: sudden death, this is the last round!",
    "food": _food,
    "rolls": _rolls,
    "hunted": lambda e: f"Predator! {_card(e[3])} is the most visible; {who(e[2])} is hunted.",
    "escape": lambda e: f"{whose(e[2], e[4])} escapes the Predator: {who(e[2])} pays {e[3]} Food "
    f"(now {e[5]}).",
    "eaten": lambda e: f"{who(e[2])}'s {components().strategies[e[3]].animal} is caught and eaten.",
    "no_prey": lambda e: "The Predator finds nobody left to catch.",
    "scarcity": _scarcity,
    "no_combat": lambda e: f"{whose(e[2], e[3])} is the only fighter: no combat, no combat bonus.",
    "combat": _combat,
    "combat_won": _combat_won,
    "attract": _attract,
    "sneaky": _sneaky,
    "mating": lambda e: f"{whose(e[2], e[5])} mates: +{e[3]} Offspring (now {e[4]}).",
    "discard": lambda e: f"{who(e[2])} discards {_cards(e[3])}.",
    "draw": lambda e: f"You draw {_cards(e[2])}.",
    "draws": lambda e: f"{who(e[2])} draws {_plural(e[3], 'card')}.",
    "reshuffle": lambda e: f"The {e[2]} deck is reshuffled from its discard pile.",
    "game_over": _game_over,
}


def render(event: tuple[Any, ...], seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    return render_event(TEXT, event, seat)
