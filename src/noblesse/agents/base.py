"""The agent interface, and the one honest way to ask an agent for a decision.

An agent's ``act(game, world, seat)`` decides for ``seat`` on a *world*: a state built
from that seat's information alone (``Game.determinize``: what the seat cannot see is
dealt afresh from a canonical order, and the world carries neither the true seed nor
the true generator). Whatever the agent reads of the world, it can learn nothing its
seat could not see, so an agent is honest by construction, not by discipline.

Tools (the server's bot workers, simulations and tournaments, the CLI, the adapters)
never hand an agent the true state: they call :func:`act_honestly`, which builds the
world with the agent's own seeded generator and asks the agent on it. Its legal
actions are the seat's legal actions in the true state (the conformance suite checks
that ``determinize`` keeps them), so the answer is a legal action of the real game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Protocol, TypeVar, runtime_checkable

from noblesse.core.game import Action, Game, State
from noblesse.core.rng import SharedRandom

S = TypeVar("S", bound=State)


@runtime_checkable
class Agent(Protocol):
    name: str
    rng: random.Random  # its own seeded generator: the worlds it is handed are drawn with it

    def act(self, game: Game, world: State, seat: int) -> Action:
        """One of ``game.legal_actions(world, seat)``; ``world`` is a determinization
        for ``seat`` (``act_honestly``), never the true state."""
        ...


class SeededAgent(ABC):
    """An agent with its own seeded RNG, so a seeded game with bots replays exactly."""

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, game: Game, world: State, seat: int) -> Action:
        """As ``Agent.act``."""


def world_for(game: Game, state: State, seat: int, rng: random.Random) -> State:
    """What ``seat`` may know of ``state``, as a whole state: a determinization for it."""
    return game.determinize(state, seat, rng)


def search_world(game: Game[S], world: S) -> S:
    """A copy of ``world`` for a search to branch from: its clones share one generator
    (``core.rng.SharedRandom``, seeded from the world's), so a branch costs no copy of
    the generator. ``world`` itself is left as it was."""
    root = game.clone(world)
    root.rng = SharedRandom(root.rng.getrandbits(64))
    root.legal_cache = world.legal_cache  # the same position: the same legal actions
    return root


def act_honestly(agent: Agent, game: Game, state: State, seat: int) -> Action:
    """``agent``'s decision for ``seat`` in ``state``, made on a world built from the
    seat's information alone (``world_for``, drawn with the agent's own generator),
    never on ``state`` itself. Every tool asks its bots through here."""
    return agent.act(game, world_for(game, state, seat, agent.rng), seat)
