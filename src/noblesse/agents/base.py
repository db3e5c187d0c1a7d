"""The agent interface."""

from __future__ import annotations

import random
from typing import Protocol

from noblesse.core.game import Action, Game, State


class Agent(Protocol):
    name: str

    def act(self, game: Game, state: State, seat: int) -> Action: ...


class SeededAgent:
    """An agent with its own seeded RNG, so a seeded game with bots replays exactly."""

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
