"""Uniformly random over the legal actions."""

from __future__ import annotations

from noblesse.agents.base import SeededAgent
from noblesse.core.game import Action, Game, State


class RandomAgent(SeededAgent):
    name = "random"

    def act(self, game: Game, state: State, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        return legal[self.rng.randrange(len(legal))]
