"""Per-game evaluations for the greedy bot, one module per game id.

A module ``noblesse.agents.heuristics.<game id>`` declares what it offers as one
``HEURISTICS = Heuristics(...)``: ``evaluate(game, state, seat) -> float``, how good
``state`` is for ``seat`` (games without a module are judged by their score margin);
``evaluate_all(game, state)``, every seat's evaluation at once where that is faster than
asking ``evaluate`` per seat; ``scale`` (default 5), how large a difference of evaluations
is a clear advantage (ISMCTS squashes evaluations with it); ``choose(game, state, seat,
legal, rng) -> Action | None``, asked first: a decision it answers itself (a mixed
strategy for a secret throw, say), or None to search; ``search``, ISMCTS's default leaf
valuation for the game, e.g. ``{"rollout": "greedy", "max_rollout": 8}`` where the
evaluation alone sees too little; ``depth`` (default 4), how many of its own consecutive
decisions the greedy bot looks through (a card, then the noble it names, then the
distance...).

What they read: the ``state`` they are given, in full, through the game's public
methods and, for Fief, Heads of State and Ruse & Bruise, the rule modules' own state
fields and helpers (Fief's heuristics import nine of its rule modules). That is safe
because no hook is ever given the true state: a bot is asked through
``agents.act_honestly``, so ``choose`` gets the world the bot was handed (a
determinization for its seat, every card the seat cannot see dealt afresh), and
``evaluate`` gets states reached from such a world by the bot's own look-ahead or
search (ISMCTS also evaluates its leaves for every seat, on the searching seat's
world). The hidden part of what they read is a sample, never the truth.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Generic, TypeVar

from noblesse.core.game import Action, Game, State

Evaluation = Callable[[Game, State, int], float]
EvaluationAll = Callable[[Game, State], list[float]]
Chooser = Callable[[Game, State, int, list[Action], random.Random], Action | None]


def score_margin(game: Game, state: State, seat: int) -> float:
    scores = game.scores(state)
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - (max(others) if others else 0.0)


G = TypeVar("G", bound=Game)
S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Heuristics(Generic[G, S]):
    """What a game's heuristics module offers (see the module's docstring), for its
    game class ``G`` and state class ``S``."""

    evaluate: Callable[[G, S, int], float] = score_margin
    evaluate_all: Callable[[G, S], list[float]] | None = None
    scale: float = 5.0
    choose: Callable[[G, S, int, list[Action], random.Random], Action | None] | None = None
    search: Mapping[str, str | int] = field(default_factory=dict)
    depth: int = 4


@cache
def heuristics_for(game_id: str) -> Heuristics[Any, Any]:
    """The game's ``HEURISTICS``, or the defaults for a game without a module."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return Heuristics()
    declared: Heuristics[Any, Any] = module.HEURISTICS
    return declared


def evaluation_for(game_id: str) -> Evaluation:
    return heuristics_for(game_id).evaluate


def evaluation_all_for(game_id: str) -> EvaluationAll:
    """Every seat's evaluation of one position."""
    known = heuristics_for(game_id)
    if known.evaluate_all is not None:
        return known.evaluate_all
    evaluate = known.evaluate
    return lambda game, state: [evaluate(game, state, s) for s in range(state.n_players)]


def evaluation_scale(game_id: str) -> float:
    """How many evaluation points make a clear advantage."""
    return heuristics_for(game_id).scale


def chooser_for(game_id: str) -> Chooser | None:
    return heuristics_for(game_id).choose


def search_defaults(game_id: str) -> dict[str, str | int]:
    """ISMCTS's default settings for a game."""
    return dict(heuristics_for(game_id).search)
