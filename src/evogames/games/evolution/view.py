"""What one seat may see: its own hand, its animals' face-down cards and its own
discard pile; everyone's animals, traits, tokens and links, hand and pile sizes,
the food bank and the deck's size; never another hand or the deck's order.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from evogames.games.evolution.components import components
from evogames.games.evolution.events import animal as animal_name
from evogames.games.evolution.flow import phase
from evogames.games.evolution.rules.explain import defence_help
from evogames.games.evolution.rules.food import fat_slots, is_fed, need
from evogames.games.evolution.rules.pairs import choices, chooser
from evogames.games.evolution.scoring import scores
from evogames.games.evolution.state import TALLIES, Animal, EvolutionState


def view(s: EvolutionState, seat: int | None) -> dict[str, Any]:
    points = scores(s)
    return {
        "round": s.turn,
        "turn": s.turn,
        "phase": phase(s),
        "last_turn": s.last_turn,
        "first": s.first,
        "current": s.current,
        "hand": [components().card_dict(c) for c in s.hands[seat]] if seat is not None else None,
        "players": [_player(s, i, seat, points[i]) for i in range(s.n)],
        "links": [{"trait": x.trait, "a": x.a, "b": x.b, "card": x.card} for x in s.links],
        "food_bank": s.bank,
        "deck": len(s.deck),
        "attack": _attack(s),
        "pair_choice": _pair_choice(s),
        "traits": trait_rules(),
        "history": list(s.history),
        "options": public_options(s.options),
    }


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options as players may see them: a scripted deck's order and dice stay secret."""
    shown = dict(options)
    for key in ("deck_order", "dice"):
        if shown.get(key):
            shown[key] = f"{len(shown[key])} scripted"
    return shown


def _player(s: EvolutionState, i: int, seat: int | None, score: int) -> dict[str, Any]:
    return {
        "seat": i,
        "hand_size": len(s.hands[i]),
        "discard_size": len(s.discards[i]),
        "discard": list(s.discards[i]) if i == seat else None,
        "passed": s.passed[i],
        "animals": [_animal(s.animals[a], seat) for a in s.tables[i]],
        "score": score,
    }


def _animal(a: Animal, seat: int | None) -> dict[str, Any]:
    mine = a.owner == seat
    return {
        "id": a.id,
        "name": animal_name(a.id),
        "owner": a.owner,
        "card": a.card if mine else None,
        "card_traits": list(components().card_traits(a.card)) if mine else None,
        "traits": [{"trait": key, "card": c} for key, c in a.traits],
        "red": a.red, "blue": a.blue, "fat": a.fat, "fat_slots": fat_slots(a),
        "need": need(a), "fed": is_fed(a),
        "hibernating": a.hibernating, "attacked": a.attacked, "pirated": a.pirated, "poisoned": a.poisoned,
    }


def _attack(s: EvolutionState) -> dict[str, Any] | None:
    at = s.attack
    if at is None:
        return None
    return {"carnivore": at.carnivore, "target": at.target, "attacker": s.animals[at.carnivore].owner,
            "defender": s.animals[at.target].owner, "mimicked": at.mimicked, "why": defence_help(s)}


def _pair_choice(s: EvolutionState) -> dict[str, Any] | None:
    """The open choice of pair traits (public: links and tokens are on the table): whose, and which links."""
    if not s.chain:
        return None
    links = {x.card: x for x in s.links}
    return {"seat": chooser(s), "links": [{"card": a["card"], "from": links[a["card"]].other(a["animal"]),
                                           "to": a["animal"]} for a in choices(s) if a["type"] == "link"]}


# Each trait's rule in one short line, printed on the cards (the full rule, cards.toml's text, opens on a tap).
TRAIT_LINES = {
    "carnivorous": "Hunts other animals instead of taking red tokens.",
    "high_body_weight": "Only a carnivore with High Body Weight can attack it.",
    "parasite": "Played on a rival's animal: it needs 2 more food.",
    "fat_tissue": "Stores spare food as fat for later.",
    "swimming": "Swimmers and land animals cannot hunt each other.",
    "running": "When attacked, escapes on a die roll of 4-6.",
    "mimicry": "When attacked, passes the attack to another of yours.",
    "tail_loss": "When attacked, loses a trait instead of its life.",
    "poisonous": "A carnivore that eats it dies.",
    "scavenger": "Gets food when any animal is eaten.",
    "symbiosis": "Pair: shields its partner, which eats only after it.",
    "piracy": "Steals 1 food from an animal not yet fed.",
    "communication": "Pair: when one takes a red token, so does the other.",
    "cooperation": "Pair: when one gets food, the other gets a blue token.",
    "grazing": "Can destroy a red token in the food bank.",
    "hibernation": "Sleeps through a turn and counts as fed.",
    "camouflage": "Only a carnivore with Sharp Vision can attack it.",
    "sharp_vision": "Lets a carnivore attack camouflaged animals.",
    "burrowing": "Cannot be attacked while fed.",
}


@cache
def trait_rules() -> dict[str, dict[str, Any]]:
    """Each trait's name, food modifier, one-line rule, full rule text and real example (for the board)."""
    return {k: {"name": t.name, "food": t.food, "pair": t.pair, "line": TRAIT_LINES[k], "text": t.text,
                "organism": t.organism, "fact": t.fact} for k, t in components().traits.items()}


def trait_survival(s: EvolutionState) -> dict[str, dict[str, int]]:
    """For each trait, the animals that carried it: alive now (at the end: survived), starved (or poisoned),
    eaten. Each animal counts once per trait, however many cards of it it carries (two Fat Tissue)."""
    alive: dict[str, int] = {}
    for table in s.tables:
        for card in table:
            for key in dict.fromkeys(key for key, _ in s.animals[card].traits):
                alive[key] = alive.get(key, 0) + 1
    out = {k: {"survived": alive.get(k, 0), "starved": dead[0], "eaten": dead[1]} for k, dead in s.trait_fate.items()}
    out.update({k: {"survived": n, "starved": 0, "eaten": 0} for k, n in alive.items() if k not in out})
    return out


def stats(s: EvolutionState) -> dict[str, Any]:
    """Per-seat tallies for the lab, the fate of each trait, and the turn-by-turn table."""
    seats: list[dict[str, Any]] = [dict(zip(TALLIES, t, strict=True)) for t in s.tally]
    points = s.outcome["scores"] if s.outcome else scores(s)
    for i, row in enumerate(seats):
        row["score"] = points[i]
        row["animals_survived"] = len(s.tables[i])
        row["carnivore_success"] = row["kills"] / row["attacks"] if row["attacks"] else 0.0
        lost = row["animals_starved"] + row["animals_eaten"] + row["animals_poisoned"]
        row["survival_rate"] = 1 - lost / row["animals_born"] if row["animals_born"] else 0.0
    return {
        "rounds": s.turn,
        "seats": seats,
        "traits": trait_survival(s),
        "history": list(s.history),
        "cards_played": [[c[:3] for c in p] for p in s.plays],
    }
