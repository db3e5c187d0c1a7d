"""A bot handed a Fief seat mid-way through an offer it did not start acts legally."""

import random

from noblesse import games
from noblesse.agents import make_agent
from noblesse.core.game import machine_options


def test_a_greedy_bot_handed_a_half_composed_passage_offer_cancels_it():
    game = games.get("fief")
    # the one-window reading of the any-time cards: the seeded play that reaches the offer
    state = game.setup(3, 1000, {**machine_options(game), "opportunity_cards_at_windows": True})
    rng = random.Random(0)
    for _ in range(87):  # random play to a seat composing an offer of passage
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    seat = rng.choice(game.to_act(state))
    legal = [game.encode(a) for a in game.legal_actions(state, seat)]
    assert legal == ["offer:cancel", "term:passage_for:eric", "term:passage_for:othon"]
    action = make_agent("greedy", seed=87).act(game, game.clone(state), seat)
    assert game.encode(action) == "offer:cancel"
