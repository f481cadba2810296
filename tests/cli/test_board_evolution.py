"""Evolution's terminal board: animals, traits, food, links, the attack prompt, actions in words."""

from __future__ import annotations

from rich.console import Console

from evogames.games.evolution.events import animal as name
from evogames.games.evolution.terminal import board
from evogames.games.evolution.terminal.describe import trait_name
from tests.games.evolution.helpers import animal, feed_phase, food, link, new


def text(view: dict[str, object]) -> str:
    console = Console(record=True, width=200)
    console.print(board.render(view, ["Ana", "Ben"]))
    return console.export_text()


def test_board_shows_animals_traits_food_fat_and_links() -> None:
    m = new()
    a = animal(m, 0, "carnivorous", "fat_tissue")
    b = animal(m, 0, "swimming")
    link(m, "communication", a, b)
    food(m, a, red=1, fat=0)
    out = text(m.view(0))
    assert "Carnivorous, Fat Tissue" in out and "1/2" in out and "0/1" in out
    assert f"{name(a)}↔{name(b)}" in out and "Communication" in out  # animals by the names students say
    assert "Your hand:" in out and "Food bank" in out


def test_board_hides_other_seats_hands_and_animal_cards() -> None:
    m = new()
    a = animal(m, 0)
    card = m.state.animals[a].card
    theirs = text(m.view(1))
    assert card not in theirs
    assert all(c not in theirs for c in m.state.hands[0])
    assert card in text(m.view(0))


def test_board_shows_the_attack_and_the_defenders_choices_in_words() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "running", "tail_loss")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    view = m.view(1)
    assert "ATTACK!" in text(view) and "Ben chooses a defence" in text(view)
    words = [board.describe(view, a) for a in view["legal"]]
    assert "Run! (roll a die: 4-6 escapes)" in words
    assert any(w.startswith("Tail Loss: drop") and "Running" in w for w in words)
    assert "Do not defend: the animal is eaten" in words


def test_every_legal_action_has_words() -> None:
    m = new()
    a = animal(m, 0, "grazing", "piracy", "hibernation")
    animal(m, 0)
    animal(m, 1, "high_body_weight")
    food(m, "A3", red=1)
    feed_phase(m, 3)
    view = m.view(0)
    words = [board.describe(view, x) for x in view["legal"]]
    assert any(w.startswith("Graze with") for w in words) and any(w.startswith("Pirate with") for w in words)
    assert any(w.startswith("Hibernate") for w in words) and all(w for w in words)
    del a


def test_l153_the_prompt_lists_the_pair_trait_choices() -> None:
    m = new()
    a, b, c = animal(m, 0), animal(m, 0), animal(m, 0)
    link(m, "communication", a, b)
    link(m, "cooperation", a, c)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    view = m.view(0)
    words = [board.describe(view, x) for x in view["legal"]]
    a, b, c = name(a), name(b), name(c)
    assert words == [f"Communication {a} → {b} (yours: no traits; 0/1 food): {b} takes a red token from the food bank",
                     f"Cooperation {a} → {c} (yours: no traits; 0/1 food): {c} gets a blue token",
                     "Stop: use no more pair traits now"]
    out = text(m.view(1))
    assert f"PAIR TRAITS: Ana chooses which link passes food on next, or stops: Communication {a}→{b}, " \
           f"Cooperation {a}→{c}." in out


def test_a_card_played_from_hand_is_named_by_its_traits_not_only_its_code() -> None:
    """The choices (and the coach's sentence, which uses them) say what a card is: "Play PAF03 (Parasite / Fat
    Tissue) face down", not a code the player must look up in the hand line."""
    m = new()
    view = m.view(0)
    card = view["hand"][0]
    traits = " / ".join(trait_name(view, t) for t in card["traits"])
    words = [board.describe(view, x) for x in view["legal"] if x.get("card") == card["id"]]
    assert f"Play {card['id']} ({traits}) face down as a new animal" in words
    assert all(f"{card['id']} ({traits})" in w for w in words)
