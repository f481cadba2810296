"""Evolution's encoding: the PettingZoo contract, fixed sizes, a mask equal to the legal actions (up to
identical card copies), a round trip for every legal action, and no hidden information."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from evogames import Match
from evogames.games.evolution.encoder import ANIMAL_SLOTS, animal_slots, canonical_keys
from evogames.games.evolution.state import EvolutionState
from evogames.kit.encoder import Encoder
from evogames.rl import load_encoder, raw_env
from tests.rl.helpers import SIZES, assert_sees_the_same, bot_game_kinds, env_game_kinds, kind, masked_choice, observe

OBSERVATION, ACTIONS = SIZES["evolution"]
KINDS = {"pass", "animal", "trait", "parasite", "pair", "take", "attack", "fat", "graze", "piracy", "hibernate",
         "run", "yield", "mimic", "tail", "tail_link", "stop", "link"}


def test_the_canonical_action_list_is_stable() -> None:
    keys = canonical_keys()
    assert len(keys) == ACTIONS
    assert keys[0] == ("pass",) and keys[1] == ("animal", "SWM") and keys[20] == ("animal", "CPF")
    assert keys[21] == ("trait", "SWM", "swimming", 0)
    assert keys[345] == ("parasite", "PAC", 1, 0)
    assert keys[513] == ("pair", "SYM", "symbiosis", 0, 1)
    assert keys[855] == ("attack", 0, 0, 1)
    assert keys[3219:3221] == [("run",), ("yield",)]
    assert keys[3284] == ("tail_link", "cooperation", ANIMAL_SLOTS - 1)
    assert keys[3285] == ("stop",) and keys[3286] == ("link", "communication", 0, 1)
    assert keys[-1] == ("link", "cooperation", ANIMAL_SLOTS - 1, ANIMAL_SLOTS - 2)
    assert {key[0] for key in keys} == KINDS


def _same_move(one: dict[str, Any], two: dict[str, Any], view: dict[str, Any]) -> bool:
    """``two`` is ``one`` or the same move with an identical copy of the card."""
    if one == two:
        return True
    if one["type"] == "link" or set(one) != set(two) or any(one[f] != two[f] for f in one if f != "card"):
        return False  # a link names a pair-trait card on the table: it decodes exactly
    if one["type"] != "tail":
        return bool(one["card"][:3] == two["card"][:3])
    prey = next(a for p in view["players"] for a in p["animals"] if a["id"] == view["attack"]["target"])
    trait = {t["card"]: t["trait"] for t in prey["traits"]}
    return one["card"] in trait and trait.get(one["card"]) == trait.get(two["card"])


def _check_view(encoder: Encoder, view: dict[str, Any], kinds: set[str]) -> None:
    """Every legal action is in the mask and decodes back to itself (or an identical copy), which is legal;
    every masked index decodes to a legal action; the lowest copy of a card round-trips exactly."""
    legal = view["legal"]
    indices = [encoder.index(view, action) for action in legal]
    for action, index in zip(legal, indices, strict=True):
        decoded = encoder.decode(view, index)
        assert decoded in legal
        assert _same_move(action, decoded, view), (action, decoded)
    mask = encoder.mask(view)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(set(indices))
    decoded_all = [encoder.decode(view, int(i)) for i in np.flatnonzero(mask)]
    assert all(action in legal for action in decoded_all)
    assert [encoder.index(view, action) for action in decoded_all] == np.flatnonzero(mask).tolist()
    for action in legal:
        in_hand = "card" in action and action["type"] not in ("tail", "link")
        if in_hand and action["card"] == _lowest(view, action["card"]):
            assert encoder.decode(view, encoder.index(view, action)) == action
    kinds.update(kind(encoder, i) for i in indices)


def _lowest(view: dict[str, Any], card: str) -> str:
    copies = [c["id"] for c in view["hand"] if c["id"][:3] == card[:3]]
    return min(copies, key=lambda c: int(c[3:]))


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (6, 3), (8, 4), (8, 0)])
def test_the_mask_is_exactly_the_legal_actions_in_env_games(players: int, seed: int) -> None:
    kinds = env_game_kinds("evolution", players, seed, _check_view)
    assert {"animal", "trait", "pair", "take", "attack", "pass"} <= kinds


def test_every_legal_action_of_bot_games_is_encoded() -> None:
    games = [(players, seed, bot, None) for players in (2, 3, 4, 5, 6, 8)
             for bot, seed in itertools.product(("random", "heuristic"), (players, 10 + players))]
    assert bot_game_kinds("evolution", games, _check_view) == KINDS


def test_a_card_type_decodes_to_its_lowest_copy_in_hand() -> None:
    e = raw_env("evolution", players=2)
    view = {"seat": 0, "hand": [{"id": card} for card in ("SWM07", "RUN02", "SWM03")],
            "players": [{"seat": 0, "animals": []}, {"seat": 1, "animals": []}], "legal": []}
    for card in ("SWM07", "SWM03"):
        assert e.encoder.key(view, {"type": "animal", "card": card}) == ("animal", "SWM")
    assert e.encoder.action(view, ("animal", "SWM")) == {"type": "animal", "card": "SWM03"}


def test_animals_are_named_by_seat_slot_and_place_in_the_row() -> None:
    e = raw_env("evolution", players=3)
    players = [{"seat": 0, "animals": [{"id": "A1"}, {"id": "A4"}]}, {"seat": 1, "animals": [{"id": "A2"}]},
               {"seat": 2, "animals": [{"id": "A3"}, {"id": "A5"}]}]
    view = {"seat": 2, "hand": [{"id": "PAF01"}], "players": players, "legal": [], "attack": None}
    assert animal_slots(view) == {"A1": (1, 0), "A4": (1, 1), "A2": (2, 0), "A3": (0, 0), "A5": (0, 1)}
    for action, key in (
        ({"type": "attack", "carnivore": "A5", "target": "A4"}, ("attack", 1, 1, 1)),
        ({"type": "piracy", "pirate": "A3", "target": "A5"}, ("piracy", 0, 0, 1)),
        ({"type": "trait", "card": "PAF01", "trait": "parasite", "animal": "A2"}, ("parasite", "PAF", 2, 0)),
        ({"type": "trait", "card": "PAF01", "trait": "fat_tissue", "animal": "A5"}, ("trait", "PAF", "fat_tissue", 1)),
    ):
        assert e.encoder.key(view, action) == key
        assert e.encoder.action(view, key) == action


def test_a_communication_pair_is_unordered_and_symbiosis_ordered() -> None:
    e = raw_env("evolution", players=2)
    players = [{"seat": 0, "animals": [{"id": "A1"}, {"id": "A2"}]}, {"seat": 1, "animals": []}]
    view = {"seat": 0, "hand": [{"id": "COC01"}, {"id": "SYM01"}], "players": players, "legal": []}
    talk = {"type": "trait", "card": "COC01", "trait": "communication", "animal": "A2", "other": "A1"}
    assert e.encoder.key(view, talk) == ("pair", "COC", "communication", 0, 1)
    both = {"type": "trait", "card": "SYM01", "trait": "symbiosis", "animal": "A2", "other": "A1"}
    assert e.encoder.key(view, both) == ("pair", "SYM", "symbiosis", 1, 0)
    assert e.encoder.action(view, ("pair", "SYM", "symbiosis", 1, 0)) == both


def test_animals_beyond_the_twelfth_of_a_row_are_left_out_but_the_mask_is_never_empty() -> None:
    match = Match("evolution", 2, seed=3, options={"first_player": 0})
    state: EvolutionState = match.state
    state.hands[0] += [state.deck.pop() for _ in range(ANIMAL_SLOTS + 2)]
    match.act(0, {"type": "animal", "card": state.hands[0][0]})
    match.act(1, {"type": "pass"})
    for _ in range(ANIMAL_SLOTS):
        match.act(0, {"type": "animal", "card": state.hands[0][0]})
    assert match.to_act == [0] and len(state.tables[0]) == ANIMAL_SLOTS + 1
    encoder = load_encoder("evolution", 2, match.options)
    view = match.view(0)
    last = state.tables[0][-1]
    beyond = [a for a in view["legal"] if last in a.values()]
    assert beyond and all(encoder.key(view, a) is None for a in beyond)
    named = [a for a in view["legal"] if a not in beyond]
    assert sorted(np.flatnonzero(encoder.mask(view)).tolist()) == sorted({encoder.index(view, a) for a in named})
    assert encoder.mask(view)[encoder.index_of[("pass",)]] == 1
    assert encoder.observe(view).shape == (OBSERVATION,)


def _swap_hidden_cards(state: EvolutionState, seat: int) -> bool:
    """Trade ``seat``'s hand (for deck cards of other types), its animals' face-down cards and its
    discard pile for deck cards, and reverse the deck; False (changing nothing) if the deck is too small."""
    hand, pile, animals = state.hands[seat], state.discards[seat], state.tables[seat]
    fresh = [card for card in state.deck if card[:3] not in {c[:3] for c in hand}][:len(hand)]
    if len(fresh) < len(hand) or len(state.deck) < len(hand) + len(animals) + len(pile):
        return False
    for old, new in zip(list(hand), fresh, strict=True):
        state.deck[state.deck.index(new)] = old
        hand[hand.index(old)] = new
    for k, animal_id in enumerate(animals):
        animal = state.animals[animal_id]
        state.deck[k], animal.card = animal.card, state.deck[k]
    for k in range(len(pile)):
        state.deck[-1 - k], pile[k] = pile[k], state.deck[-1 - k]
    state.deck.reverse()
    return True


def test_another_seats_hidden_cards_do_not_change_an_observation() -> None:
    e = raw_env("evolution", players=4)
    e.reset(seed=8)
    rng = np.random.default_rng(8)
    swaps = 0
    while not e.match.over:  # from the first development phase to the end of the deck
        before = observe(e, ("player_0", "player_1"))
        if not _swap_hidden_cards(e.match.state, seat=0):
            break
        swaps += 1
        assert_sees_the_same(e, before, ["player_1"])
        if e.match.state.hands[0]:
            assert not np.array_equal(before["player_0"]["observation"], e.observe("player_0")["observation"])
        for _ in range(20):
            if not e.match.over:
                e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert swaps >= 5


def test_l153_a_pair_trait_choice_is_encoded_and_round_trips() -> None:
    """The owner's choice of which link passes food on next (or stop) is in the action space and the observation."""
    from tests.games.evolution.helpers import animal, feed_phase, link, new

    m = new()
    a, b, c = animal(m, 0), animal(m, 0), animal(m, 0)
    comm = link(m, "communication", a, b)
    coop = link(m, "cooperation", c, a)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    encoder = load_encoder("evolution", 2, m.options)
    view = m.view(0)
    assert view["legal"] == [{"type": "link", "card": comm, "animal": b}, {"type": "link", "card": coop, "animal": c},
                             {"type": "stop"}]
    assert [encoder.key(view, x) for x in view["legal"]] == [
        ("link", "communication", 0, 1), ("link", "cooperation", 0, 2), ("stop",)]
    for action in view["legal"]:
        assert encoder.decode(view, encoder.index(view, action)) == action
    seen, other = encoder.observe(view), encoder.observe(m.view(1))
    assert seen[11] == seen[12] == 1.0 and other[11] == 1.0 and other[12] == 0.0
