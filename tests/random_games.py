"""Whole games of random legal actions, for tests that need a finished game."""

from __future__ import annotations

import random
from typing import Any

from noblesse.core.game import Game


def finished(game: Game, players: int, seed: int) -> Any:
    """The state at the end of a game set up with ``seed``, every decision a random legal
    action (seeded by ``seed`` too)."""
    rng = random.Random(seed)
    s = game.setup(players, seed)
    while not game.is_over(s):
        seat = game.to_act(s)[0]
        game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
    return s
