"""Uniformly random over the legal actions."""

from __future__ import annotations

from noblesse.agents.base import LegalActionsAgent
from noblesse.core.game import Action


class RandomAgent(LegalActionsAgent):
    name = "random"

    def pick(self, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
