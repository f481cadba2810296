"""Log sentences say what happened, not a rule's nominal effect (audit point 12)."""

from __future__ import annotations

from tests.games.mating.helpers import C, calm, environment, pass_windows, play, scenario, sneaky, strategies, texts


def test_log_food_loss_says_what_each_player_lost() -> None:
    """Food never goes below 0 (ruling 2): a player with less than the loss loses what it has,
    and the sentence says so instead of "Everyone loses 2 Food"."""
    famine = environment(lambda e: e.food <= -2 and not e.predators)
    loss = -C.environments[famine].food
    flashy, fat = strategies("flashy", "low")[0], sneaky("ignore_food_loss")[0]
    m = scenario([[flashy, fat], [], []], [famine], female_scarcity=False)
    m.state.food = [9, 1, 5]
    play(m, {0: flashy}, stop="before_survive", seat=0)
    m.act(0, {"type": "sneaky", "card": fat})
    pass_windows(m)
    sentence = next(t for t in texts(m) if t.startswith("The Environment takes"))
    assert sentence == (f"The Environment takes up to {loss} Food: Player 1 loses none, living on fat (has 7); "
                        f"Player 2 loses 1 (now 0), all it had; Player 3 loses {loss} (now {5 - loss}).")
    assert not any(t.startswith("Everyone loses") for t in texts(m))


def test_log_equal_food_loss_is_one_short_sentence() -> None:
    famine = environment(lambda e: e.food < 0 and not e.predators)
    loss = -C.environments[famine].food
    m = scenario([[], []], [famine], female_scarcity=False)
    play(m, {})
    assert f"Everyone loses {loss} Food (now {5 - loss}, {5 - loss})." in texts(m)


def test_log_female_scarcity_says_how_many_left_each_stand() -> None:
    env = environment(lambda e: e.scarcity == 2 and not e.predators)
    m = scenario([[], []], [env])
    m.state.stands = [1, 3]
    play(m, {})
    assert "Female Scarcity 2: 1 leaves the red Stand, 2 the blue one (red 0, blue 1 left)." in texts(m)


def test_log_sneaky_card_says_what_it_did_not_its_text() -> None:
    """Musth with nobody to fight: the log says the dice are for a fight, and then that there
    was none; a stolen Female gives both counts."""
    mine, dice = strategies("combat", "mid")[0], sneaky("extra_combat_dice")[0]
    m = scenario([[mine, dice], []], [calm()])
    play(m, {0: mine}, stop="before_attract", seat=0)
    m.act(0, {"type": "sneaky", "card": dice})
    pass_windows(m)
    card = C.sneakies[dice]
    assert (f"Player 1 plays {card.name} ({card.animal}) for {card.food} Food: "
            "Player 1's Strategy will roll 2 extra dice if it fights this round.") in texts(m)
    assert not any(card.text in t for t in texts(m))
    assert any("is the only fighter: no combat" in t for t in texts(m))

    flashy, combat, steal = strategies("flashy", "low")[0], strategies("combat", "mid")[0], sneaky("steal_female")[0]
    m = scenario([[flashy, steal], [combat]], [calm()])
    play(m, {0: flashy, 1: combat}, stop="after_attract", seat=0)
    m.act(0, {"type": "sneaky", "card": steal, "target": 1})
    assert texts(m)[-1].endswith("Player 1 takes one of Player 2's Females (Player 1 now has 3, Player 2 1).")


def test_log_out_to_lunch_promises_no_saved_food() -> None:
    """An Out-to-Lunch player still loses the Environment's Food (FAQ l.458): no "saving Food"."""
    m = scenario([[], []], [calm()])
    play(m, {})
    lunch = [t for t in texts(m) if "Out to Lunch this round" in t]
    assert lunch and not any("saving" in t for t in lunch)
    assert "only the Environment's Food reaches them" in lunch[0]
