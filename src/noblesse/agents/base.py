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

An agent that decides from its seat's legal actions alone (``LegalActionsAgent``: the
random bot) is handed just that list, which is all its seat knows of the decision: no
world is built for it (most of the cost of a random bot's game).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Protocol, runtime_checkable

from noblesse.core.game import Action, Game, State


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


class LegalActionsAgent(SeededAgent):
    """An agent that decides from its seat's legal actions alone (``pick``);
    ``act_honestly`` hands it that list and nothing else."""

    @abstractmethod
    def pick(self, legal: list[Action]) -> Action:
        """One of ``legal``, the seat's legal actions (never empty)."""

    def act(self, game: Game, world: State, seat: int) -> Action:
        return self.pick(game.legal_actions(world, seat))


class DelegatingAgent(SeededAgent):
    """An agent that plays, in each game, as another agent that shares its generator
    (a level plays as its game's bot); ``act_honestly`` asks that agent."""

    @abstractmethod
    def agent_for(self, game_id: str) -> Agent:
        """The agent that decides for it in ``game_id``."""

    def act(self, game: Game, world: State, seat: int) -> Action:
        return self.agent_for(game.id).act(game, world, seat)


def world_for(game: Game, state: State, seat: int, rng: random.Random) -> State:
    """What ``seat`` may know of ``state``, as a whole state: a determinization for it."""
    return game.determinize(state, seat, rng)


def act_honestly(agent: Agent, game: Game, state: State, seat: int) -> Action:
    """``agent``'s decision for ``seat`` in ``state``, made on a world built from the
    seat's information alone (``world_for``, drawn with the agent's own generator),
    never on ``state`` itself; an agent that needs no more than its seat's legal actions
    (``LegalActionsAgent``) is handed those alone. Every tool asks its bots through here."""
    if isinstance(agent, DelegatingAgent):
        agent = agent.agent_for(game.id)
    if isinstance(agent, LegalActionsAgent):
        return agent.pick(game.legal_actions(state, seat))
    return agent.act(game, world_for(game, state, seat, agent.rng), seat)
