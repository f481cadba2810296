"""Log events: one NamedTuple per kind, rendered as sentences a student reads only when asked.

An event is a tuple ``(kind, visible_to, *data)`` with named fields. ``visible_to``
is ``PUBLIC`` (-1, ``core/events.py``) for everyone, or the one seat that may see it
(the cards it was dealt or drew: ``Deal`` and ``Draw``). The rules log them with
core's ``LoggedState.log``: ``s.log(Reveal, "reveal", PUBLIC, seat, card)``, every field
given (the tuple is built without the class, so a field's default is not filled in);
``render`` turns one into ``{"kind", "text"}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from evogames.core.text import plural as _plural
from evogames.core.text import render_event, who
from evogames.games.mating.components import COMBAT_BONUS, components

Played = tuple[str | None, ...]  # each seat's Strategy this round (None: none on the table)


# -- the events, in the order a round logs them ------------------------------------
class Setup(NamedTuple):
    kind: Literal["setup"]
    visible_to: int
    players: int
    environment: str  # the Environment deck: stable, variable or custom


class Deal(NamedTuple):
    kind: Literal["deal"]
    visible_to: int  # the seat dealt the cards
    cards: tuple[str, ...]


class Round(NamedTuple):
    kind: Literal["round"]
    visible_to: int
    round: int


class Commit(NamedTuple):
    kind: Literal["commit"]
    visible_to: int
    seat: int
    what: Literal["strategy", "discard"]  # a Strategy face down (Play & Pay) or a discard (Discard & Draw)


class Lunch(NamedTuple):
    kind: Literal["lunch"]
    visible_to: int
    seat: int


class Reveal(NamedTuple):
    kind: Literal["reveal"]
    visible_to: int
    seat: int
    card: str


class SuddenDeath(NamedTuple):
    kind: Literal["sudden_death"]
    visible_to: int
    card: str  # the Environment on the upside-down card


class EnvironmentTurned(NamedTuple):
    kind: Literal["environment"]
    visible_to: int
    card: str


class Food(NamedTuple):
    kind: Literal["food"]
    visible_to: int
    delta: int  # the Environment's Food
    protected: tuple[int, ...]  # seats living on fat reserves
    food: tuple[int, ...]  # everyone's Food after
    changes: tuple[int, ...]  # what each seat gained or lost


class Rolls(NamedTuple):
    kind: Literal["rolls"]
    visible_to: int
    purpose: str  # predator, female, win or combat
    rolls: tuple[tuple[int, int], ...]  # (seat, die)


class Hunted(NamedTuple):
    kind: Literal["hunted"]
    visible_to: int
    seat: int
    card: str | None


class Escape(NamedTuple):
    kind: Literal["escape"]
    visible_to: int
    seat: int
    cost: int
    card: str | None
    food: int  # the seat's Food after paying


class Eaten(NamedTuple):
    kind: Literal["eaten"]
    visible_to: int
    seat: int
    card: str | None


class NoPrey(NamedTuple):
    kind: Literal["no_prey"]
    visible_to: int


class Scarcity(NamedTuple):
    kind: Literal["scarcity"]
    visible_to: int
    scarcity: int
    red: int  # Females left on each Stand
    blue: int
    removed: tuple[int, ...]  # Females that left each Stand (red, blue)


class NoCombat(NamedTuple):
    kind: Literal["no_combat"]
    visible_to: int
    seat: int
    card: str | None


class Combat(NamedTuple):
    kind: Literal["combat"]
    visible_to: int
    rolls: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, its dice)
    played: Played


class CombatWon(NamedTuple):
    kind: Literal["combat_won"]
    visible_to: int
    winner: int
    losers: tuple[int, ...]
    played: Played


class Attract(NamedTuple):
    kind: Literal["attract"]
    visible_to: int
    seat: int
    colour: int  # 0 red, 1 blue
    got: int
    wants: int
    card: str | None


class SneakyPlay(NamedTuple):
    kind: Literal["sneaky"]
    visible_to: int
    seat: int
    card: str
    target: int  # the opponent named, -1 for none
    # right after the card: the player's Females and Offspring, and the named opponent's (-1: no opponent)
    females: int
    offspring: int
    their_females: int = -1
    their_offspring: int = -1
    their_fitness: int = -1


class Mating(NamedTuple):
    kind: Literal["mating"]
    visible_to: int
    seat: int
    females: int
    offspring: int  # the seat's Offspring after
    card: str | None


class Discard(NamedTuple):
    kind: Literal["discard"]
    visible_to: int
    seat: int
    cards: tuple[str, ...]


class Draw(NamedTuple):
    kind: Literal["draw"]
    visible_to: int  # the seat that drew the cards
    cards: tuple[str, ...]


class Draws(NamedTuple):
    kind: Literal["draws"]
    visible_to: int
    seat: int
    drawn: int  # how many cards (which ones only the seat sees: ``Draw``)


class Reshuffle(NamedTuple):
    kind: Literal["reshuffle"]
    visible_to: int
    deck: str  # "Strategy" or "Environment"


class GameOver(NamedTuple):
    kind: Literal["game_over"]
    visible_to: int
    reason: str  # offspring, sudden_death, long_life or round_limit
    winner: int
    tie_break: str | None  # None, food or die
    offspring: int  # the winner's
    food: int  # the winner's


Event = (Setup | Deal | Round | Commit | Lunch | Reveal | SuddenDeath | EnvironmentTurned | Food | Rolls | Hunted
         | Escape | Eaten | NoPrey | Scarcity | NoCombat | Combat | CombatWon | Attract | SneakyPlay | Mating
         | Discard | Draw | Draws | Reshuffle | GameOver)


# -- sentences -------------------------------------------------------------------
COLOURS = ("red", "blue")
PURPOSE = {"predator": "to see who the Predator catches", "female": "for the last Female",
           "win": "to break the tie", "combat": "to break the combat tie"}
REASON = {"offspring": "reached the Offspring goal", "sudden_death": "sudden death: the season ended",
          "long_life": "the Environment deck is used up", "round_limit": "the round limit"}


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


def _setup(e: Setup) -> str:
    return f"A {e.players}-player game with the {e.environment} Environment deck begins."


def _deal(e: Deal) -> str:
    return f"You are dealt {_cards(e.cards)}."


def _round(e: Round) -> str:
    return f"Round {e.round}: Play & Pay. Everyone places a card face down: a Strategy, or Out to Lunch."


def _commit(e: Commit) -> str:
    if e.what == "discard":
        return f"{who(e.seat)} has chosen what to discard."
    return f"{who(e.seat)} places a card face down."


def _lunch(e: Lunch) -> str:
    return (f"{who(e.seat)} is Out to Lunch this round (like the {lunch_animal(e.seat)}): "
            "pays nothing, attracts no Females, and only the Environment's Food reaches them.")


def _reveal(e: Reveal) -> str:
    return f"{who(e.seat)} reveals {_card(e.card)} and pays {components().strategies[e.card].food} Food."


def _sudden_death(e: SuddenDeath) -> str:
    return "The upside-down card is revealed: sudden death, this is the last round!"


def _environment(e: EnvironmentTurned) -> str:
    env = components().environments[e.card]
    threats = []
    if env.predators:
        threats.append(_plural(env.predators, "Predator"))
    if env.scarcity:
        threats.append(f"Female Scarcity {env.scarcity}")
    return (f"The Environment is {env.name}: Food {env.food:+d}"
            + (", " + ", ".join(threats) if threats else ", no Predators, no Female Scarcity") + ".")


def _food(e: Food) -> str:
    """What each player gained or lost: a loss is capped by the Food they had, and fat
    reserves (a sneaky card) keep all of it."""
    delta, food = e.delta, e.food
    now = ", ".join(str(f) for f in food)
    if delta >= 0:
        return f"Everyone gains {delta} Food (now {now})." if delta else f"Nobody gains or loses Food (still {now})."
    if all(change == delta for change in e.changes):
        return f"Everyone loses {-delta} Food (now {now})."
    parts = [f"{who(seat)} {_lost(-change, seat in e.protected, food[seat])}" for seat, change in enumerate(e.changes)]
    return f"The Environment takes up to {-delta} Food: " + "; ".join(parts) + "."


def _lost(amount: int, protected: bool, now: int) -> str:
    if protected:
        return f"loses none, living on fat (has {now})"
    if not amount:
        return "had none to lose"
    return f"loses {amount} (now {now})" + (", all it had" if not now else "")


def _rolls(e: Rolls) -> str:
    rolls = ", ".join(f"{who(seat)} rolls {value}" for seat, value in e.rolls)
    return f"Die roll {PURPOSE.get(e.purpose, '')}: {rolls}."


def _hunted(e: Hunted) -> str:
    return f"Predator! {_card(e.card or '')} is the most visible; {who(e.seat)} is hunted."


def _escape(e: Escape) -> str:
    return f"{whose(e.seat, e.card)} escapes the Predator: {who(e.seat)} pays {e.cost} Food (now {e.food})."


def _eaten(e: Eaten) -> str:
    return f"{who(e.seat)}'s {components().strategies[e.card or ''].animal} is caught and eaten."


def _no_prey(e: NoPrey) -> str:
    return "The Predator finds nobody left to catch."


def _scarcity(e: Scarcity) -> str:
    """How many Females actually left each Stand (a Stand never goes below 0)."""
    red, blue = e.removed
    if red == blue:
        gone = f"{_plural(red, 'Female')} {'leaves' if red == 1 else 'leave'} each Stand"
    else:
        gone = f"{red} {'leaves' if red == 1 else 'leave'} the red Stand, {blue} the blue one"
    return f"Female Scarcity {e.scarcity}: {gone} (red {e.red}, blue {e.blue} left)."


def _no_combat(e: NoCombat) -> str:
    return f"{whose(e.seat, e.card)} is the only fighter: no combat, no combat bonus."


def _combat(e: Combat) -> str:
    played = e.played
    parts = [f"{whose(seat, played[seat])} rolls {len(dice)} {'die' if len(dice) == 1 else 'dice'}: "
             f"{'+'.join(map(str, dice))} = {sum(dice)}" for seat, dice in e.rolls]
    return "Combat! " + "; ".join(parts) + "."


def _combat_won(e: CombatWon) -> str:
    played = e.played
    verb = "loses and is" if len(e.losers) == 1 else "lose and are"
    beaten = " and ".join(whose(x, played[x]) for x in e.losers)
    return (f"{whose(e.winner, played[e.winner])} wins combat and earns the combat bonus: it may attract "
            f"{COMBAT_BONUS} more Females; {beaten} {verb} discarded.")


def _attract(e: Attract) -> str:
    colour, got, wants, name = COLOURS[e.colour], e.got, e.wants, whose(e.seat, e.card)
    if not got:
        return f"{name} attracts no {colour} Females: the Stand is empty."
    if got < wants:
        return (f"{name} attracts {_plural(got, colour + ' Female')} of the {wants} it could: "
                "the Stand ran out.")
    return f"{name} attracts {_plural(got, colour + ' Female')}."


def _sneaky(e: SneakyPlay) -> str:
    card = components().sneakies[e.card]
    target = f", naming {who(e.target)}" if e.target >= 0 else ""
    return f"{who(e.seat)} plays {card.name} ({card.animal}) for {card.food} Food{target}: {DID[card.effect](e)}"


def _did(text: str) -> Callable[[SneakyPlay], str]:
    return lambda e: text.format(who=who(e.seat), them=who(e.target))


#: effect -> what the card did, as it stands right after it was played (the event's numbers)
DID: dict[str, Callable[[SneakyPlay], str]] = {
    "hide_from_predators": _did("no Predator can catch {who}'s Strategy this round."),
    "ignore_food_loss": _did("{who} will lose no Food to this round's Environment."),
    "mate_guarding": _did("no sneaky Strategy can take {who}'s Females or Offspring this round."),
    "extra_offspring": lambda e: f"{who(e.seat)} gains 1 extra Offspring (now {e.offspring}).",
    "steal_female": lambda e: f"{who(e.seat)} takes one of {who(e.target)}'s Females "
    f"({who(e.seat)} now has {e.females}, {who(e.target)} {e.their_females}).",
    "steal_offspring": lambda e: f"{who(e.seat)} takes one of {who(e.target)}'s Offspring "
    f"({who(e.seat)} now has {e.offspring}, {who(e.target)} {e.their_offspring}).",
    "rejoin_after_combat": _did("{who}'s beaten Strategy is back in play and may attract red Females."),
    "avoid_combat": _did("{who}'s combat Strategy will not fight this round."),
    "level_up": _did("{who}'s flashy Strategy will fight if there is combat this round."),
    "extra_combat_dice": _did("{who}'s Strategy will roll 2 extra dice if it fights this round."),
    "lower_fitness": lambda e: f"{who(e.target)}'s Strategy has Fitness {e.their_fitness} this round.",
}


def _mating(e: Mating) -> str:
    return f"{whose(e.seat, e.card)} mates: +{e.females} Offspring (now {e.offspring})."


def _discard(e: Discard) -> str:
    return f"{who(e.seat)} discards {_cards(e.cards)}."


def _draw(e: Draw) -> str:
    return f"You draw {_cards(e.cards)}."


def _draws(e: Draws) -> str:
    return f"{who(e.seat)} draws {_plural(e.drawn, 'card')}."


def _reshuffle(e: Reshuffle) -> str:
    return f"The {e.deck} deck is reshuffled from its discard pile."


def _game_over(e: GameOver) -> str:
    tie = {None: "", "food": f", tie broken by Food left ({e.food})", "die": ", tie broken by a die roll"}[e.tie_break]
    return f"Game over ({REASON[e.reason]}). {who(e.winner)} wins with {e.offspring} Offspring{tie}!"


TEXT: dict[str, Callable[[Any], str]] = {
    "setup": _setup,
    "deal": _deal,
    "round": _round,
    "commit": _commit,
    "lunch": _lunch,
    "reveal": _reveal,
    "environment": _environment,
    "sudden_death": _sudden_death,
    "food": _food,
    "rolls": _rolls,
    "hunted": _hunted,
    "escape": _escape,
    "eaten": _eaten,
    "no_prey": _no_prey,
    "scarcity": _scarcity,
    "no_combat": _no_combat,
    "combat": _combat,
    "combat_won": _combat_won,
    "attract": _attract,
    "sneaky": _sneaky,
    "mating": _mating,
    "discard": _discard,
    "draw": _draw,
    "draws": _draws,
    "reshuffle": _reshuffle,
    "game_over": _game_over,
}


def render(event: Event, seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    return render_event(TEXT, event, seat)
