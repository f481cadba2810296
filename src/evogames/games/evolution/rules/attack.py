"""Carnivorous attacks: who may attack whom, the defender's choices, the kill.

Order: blocks (Swimming either way) -> static defences (High Body Weight,
Camouflage, a fed Burrowing animal, a living symbiont) -> the defender's own
choice of active defence (Running, Mimicry, Tail Loss, or none) -> on a kill:
the poison mark, 2 blue tokens for the carnivore, then one Scavenger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.evolution.events import Attacked, Eaten, Mimicked, Ran, TailLost, Yielded
from evogames.games.evolution.events import animal as animal_name
from evogames.games.evolution.rules.food import give_blue, is_fed, is_full, symbiont_hungry
from evogames.games.evolution.rules.remove import discard_animal, discard_trait
from evogames.games.evolution.state import Animal, Attack, EvolutionState, T

if TYPE_CHECKING:
    from evogames.games.evolution.action_types import DefenceAction, MimicAction, TailAction

ACTIVE = ("running", "mimicry", "tail_loss")
RUN_ESCAPES = 4   # Running: a die roll of at least this escapes
KILL_TOKENS = 2   # blue tokens for the carnivore on a kill
TAIL_TOKENS = 1   # blue tokens for the carnivore when the prey drops a trait


def carnivore_problem(s: EvolutionState, seat: int, card: Any) -> str | None:
    """Why animal ``card`` cannot attack now (None: it can)."""
    a = s.animals.get(card) if isinstance(card, str) else None
    if a is None or a.owner != seat:
        return f"You have no animal {card!r}."
    if not a.has("carnivorous"):
        return "Only a Carnivorous animal can attack."
    if a.attacked:
        return "This carnivore has already attacked this turn."
    if is_full(a):
        return "A carnivore that is fed and has no empty Fat Tissue cannot attack."
    hungry = symbiont_hungry(s, a)
    if hungry:
        return f"This carnivore may eat only once its symbiont ({animal_name(hungry)}) is fed: it cannot attack yet."
    return None


def target_problem(s: EvolutionState, hunter: Animal, card: Any) -> str | None:
    """Why ``hunter`` cannot attack animal ``card`` (None: it can)."""
    prey = s.animals.get(card) if isinstance(card, str) else None
    if prey is None:
        return f"There is no animal {card!r} on the table."
    if prey is hunter:
        return "A carnivore cannot attack itself."
    prey_has, hunter_has = prey.kinds, hunter.kinds  # (``in`` on the sets: this runs for every pair, every turn)
    if "swimming" in prey_has and "swimming" not in hunter_has:
        return "This carnivore cannot attack a swimmer: only a swimming carnivore can."
    if "swimming" in hunter_has and "swimming" not in prey_has:
        return "A swimming carnivore can attack only swimming animals."
    if "high_body_weight" in prey_has and "high_body_weight" not in hunter_has:
        return "Only a carnivore with High Body Weight can attack an animal with High Body Weight."
    if "camouflage" in prey_has and "sharp_vision" not in hunter_has:
        return "This carnivore cannot see a camouflaged animal: it needs Sharp Vision."
    if "burrowing" in prey_has and is_fed(prey):
        return "A fed Burrowing animal is safe in its burrow."
    for link in s.links:
        if link.trait == "symbiosis" and link.b == prey.id:
            return f"This animal is protected by its symbiont ({link.a}) while the symbiont lives."
    return None


def attack_targets(s: EvolutionState, hunter: Animal) -> list[str]:
    return [t for table in s.tables for t in table if target_problem(s, hunter, t) is None]


def check_attack(s: EvolutionState, seat: int, carnivore: Any, target: Any) -> None:
    """Raise unless animal ``carnivore`` of ``seat`` may attack animal ``target`` now."""
    problem = carnivore_problem(s, seat, carnivore)
    hunter = s.animals[carnivore] if problem is None else None
    if hunter is not None:
        problem = target_problem(s, hunter, target)
    if problem or hunter is None:
        raise IllegalAction(str(problem), ErrorCode.ACTION_INVALID_MOVE)


def start_attack(s: EvolutionState, seat: int, carnivore: str, target: str) -> None:
    """Start a checked attack (``check_attack``)."""
    hunter = s.animals[carnivore]
    hunter.attacked = True
    s.tally[seat][T["attacks"]] += 1
    s.attack = Attack(carnivore, target)
    s.log(Attacked, "attack", PUBLIC, seat, carnivore, s.animals[target].owner, target)
    if not defences(s):
        kill(s)


def defences(s: EvolutionState) -> list[DefenceAction]:
    """The defender's choices now (empty: no active defence left, the attack succeeds)."""
    at = s.attack
    if at is None:
        return []
    prey, hunter = s.animals[at.target], s.animals[at.carnivore]
    out: list[DefenceAction] = []
    for key, card in prey.traits:
        if card in at.used:
            continue
        if key == "running":
            out.append({"type": "run"})
        elif key == "mimicry" and not at.mimicked:
            mimics: list[MimicAction] = [{"type": "mimic", "animal": other} for other in s.tables[prey.owner]
                                         if other != at.target and target_problem(s, hunter, other) is None]
            out.extend(mimics)
        elif key == "tail_loss":
            tails: list[TailAction] = [{"type": "tail", "card": c} for _, c in prey.traits]
            tails.extend({"type": "tail", "card": link.card} for link in s.links if at.target in (link.a, link.b))
            out.extend(tails)
    if out:
        out.append({"type": "yield"})
    return out


def defend(s: EvolutionState, seat: int, action: Action) -> None:
    """Apply the defender's choice (checked against ``defences``)."""
    choices = defences(s)
    if action not in choices:  # past this, mypy reads ``action`` as one of the typed defences
        said = {"run": "run", "mimic": "use Mimicry that way", "tail": "drop that trait", "yield": "give up"}
        raise IllegalAction(f"You cannot {said.get(action['type'], repr(action['type']))} now; "
                            "choose one of your animal's defences.", ErrorCode.ACTION_INVALID_MOVE)
    at = s.attack
    if at is None:
        raise IllegalAction("There is no attack to answer.", ErrorCode.ACTION_INVALID_MOVE)
    prey = s.animals[at.target]
    if action["type"] == "run":
        _run(s, at, prey)
    elif action["type"] == "mimic":
        _mimic(s, at, prey, action["animal"])
    elif action["type"] == "tail":
        _tail(s, at, prey, action["card"])
    else:
        s.log(Yielded, "yield", PUBLIC, seat, at.target)
        kill(s)


def _used_card(prey: Animal, trait: str) -> str:
    return next(c for k, c in prey.traits if k == trait)


def _run(s: EvolutionState, at: Attack, prey: Animal) -> None:
    at.used.append(_used_card(prey, "running"))
    roll = s.roll()
    s.log(Ran, "run", PUBLIC, prey.owner, prey.id, roll)
    if roll >= RUN_ESCAPES:
        s.tally[prey.owner][T["escapes"]] += 1
        s.attack = None
    elif not defences(s):
        kill(s)


def _mimic(s: EvolutionState, at: Attack, prey: Animal, other: str) -> None:
    at.used.append(_used_card(prey, "mimicry"))
    at.mimicked = True
    at.target = other
    s.tally[prey.owner][T["mimicries"]] += 1
    s.log(Mimicked, "mimic", PUBLIC, prey.owner, prey.id, other)
    if not defences(s):
        kill(s)


def _tail(s: EvolutionState, at: Attack, prey: Animal, card: str) -> None:
    s.attack = None
    discard_trait(s, prey, card)
    s.tally[prey.owner][T["tails_lost"]] += 1
    s.log(TailLost, "tail", PUBLIC, prey.owner, prey.id, card)
    for _ in range(TAIL_TOKENS):
        give_blue(s, s.animals[at.carnivore], "tail")


def kill(s: EvolutionState) -> None:
    """The attack succeeds: the prey is eaten, the carnivore fed, one scavenger too."""
    at = s.attack
    if at is None:
        return
    s.attack = None
    prey, hunter = s.animals[at.target], s.animals[at.carnivore]
    s.tally[hunter.owner][T["kills"]] += 1
    s.tally[prey.owner][T["animals_eaten"]] += 1
    if prey.has("poisonous"):
        hunter.poisoned = True
    s.log(Eaten, "eaten", PUBLIC, hunter.owner, hunter.id, prey.owner, prey.id, prey.has("poisonous"))
    discard_animal(s, prey, "eaten")
    # two blue tokens, then one scavenger's: each may open a choice of pair traits, so they wait in line
    s.after += [*[("blue", hunter.id, "kill")] * KILL_TOKENS, ("scavenge", hunter.owner)]
