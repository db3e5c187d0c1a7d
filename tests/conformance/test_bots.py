"""Every bot acts, legally and without error, in every state a game can reach, including
states its own seat reached by choices it would never have made (a seat handed to a bot
half-way through an offer, a battle or a ballot)."""

from __future__ import annotations

from typing import Any

import pytest

from noblesse.agents import make_agent
from noblesse.core.game import Game

from .support import seeded_params, states_of

# Every kind of bot, the search one with a small budget (its moves are not judged here).
BOTS = ("random", "greedy", "ismcts:iters=8")


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(2, base=700))
def test_every_bot_acts_legally_in_states_reached_by_random_play(
        game: Game, n: int, options: dict[str, Any], seed: int) -> None:
    for number, state in enumerate(states_of(game, n, seed, options, limit=25)[:-1]):
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            for spec in BOTS:
                action = make_agent(spec, seed=seed + number).act(game, game.clone(state), seat)
                assert action in legal, (
                    f"state {number}: {spec} as seat {seat} chose {action!r}, not a legal action")
