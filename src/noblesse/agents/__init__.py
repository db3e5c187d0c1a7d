"""Players that are programs. Every agent speaks only the kernel contract.

``make_agent("random", seed=3)``, ``make_agent("greedy", seed=3)``. An agent's
``act(game, state, seat)`` returns one of ``game.legal_actions(state, seat)``;
agents that search use ``game.determinize`` so they never see hidden cards.
"""

from __future__ import annotations

from noblesse.agents.base import Agent
from noblesse.agents.greedy import GreedyAgent
from noblesse.agents.random_agent import RandomAgent

KINDS = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its name; ValueError naming the known kinds otherwise."""
    kind = spec.split(":", 1)[0].strip().lower()
    if kind not in KINDS:
        raise ValueError(f"unknown bot '{spec}'; known bots: {', '.join(KINDS)}")
    return KINDS[kind](seed)


__all__ = ["Agent", "GreedyAgent", "KINDS", "RandomAgent", "make_agent"]
