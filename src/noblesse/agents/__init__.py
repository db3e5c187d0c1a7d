"""Players that are programs. Every agent speaks only the kernel contract.

``make_agent("random", seed=3)``, ``make_agent("greedy", seed=3)``. An agent's
``act(game, state, seat)`` returns one of ``game.legal_actions(state, seat)``;
agents that search use ``game.determinize`` so they never see hidden cards.
"""

from __future__ import annotations

from noblesse.agents.base import Agent
from noblesse.agents.greedy import GreedyAgent
from noblesse.agents.ismcts import IsmctsAgent
from noblesse.agents.random_agent import RandomAgent

KINDS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": IsmctsAgent}
# The settings a bot spec may carry (``ismcts:ms=200:rollout=greedy``) and their types.
SETTINGS: dict[str, dict[str, type]] = {
    "ismcts": {"iters": int, "ms": float, "c": float, "rollout": str, "max_rollout": int},
}


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"ismcts:ms=200:c=0.5"`` → ``("ismcts", {"ms": 200.0, "c": 0.5})``; ValueError if bad."""
    kind, *parts = spec.strip().lower().split(":")
    if kind not in KINDS:
        raise ValueError(f"unknown bot '{spec}'; known bots: {', '.join(KINDS)}")
    allowed = SETTINGS.get(kind, {})
    settings: dict[str, object] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or key not in allowed:
            known = ", ".join(f"{k}=…" for k in allowed) or "none"
            raise ValueError(f"bad setting '{part}' for bot {kind} (settings: {known})")
        try:
            settings[key] = allowed[key](value)
        except ValueError:
            raise ValueError(f"setting {key} of bot {kind} must be a {allowed[key].__name__}") from None
    if kind == "ismcts" and settings.get("rollout", "eval") not in ("eval", "random", "greedy"):
        raise ValueError("ismcts rollout must be eval, random or greedy")
    return kind, settings


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its spec; ValueError naming the known kinds or settings otherwise."""
    kind, settings = parse_spec(spec)
    return KINDS[kind](seed, **settings)


__all__ = ["Agent", "GreedyAgent", "IsmctsAgent", "KINDS", "RandomAgent", "make_agent", "parse_spec"]
