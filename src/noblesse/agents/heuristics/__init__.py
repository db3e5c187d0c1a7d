"""Per-game evaluations for the greedy bot, one module per game id.

A module ``noblesse.agents.heuristics.<game id>`` defines
``evaluate(game, state, seat) -> float``: how good ``state`` is for ``seat``. Games
without one are judged by their score margin.

What they read: the ``state`` they are given, in full, through the game's public
methods and, for Fief, Heads of State and Ruse & Bruise, the rule modules' own state
fields and helpers (Fief's heuristics import nine of its rule modules). That is safe
because no hook is ever given the true state: a bot is asked through
``agents.act_honestly``, so ``choose`` gets the world the bot was handed (a
determinization for its seat, every card the seat cannot see dealt afresh), and
``evaluate`` gets states reached from such a world by the bot's own look-ahead or
search (ISMCTS also evaluates its leaves for every seat, on the searching seat's
world). The hidden part of what they read is a sample, never the truth. ``SCALE`` (default 5) says how large a difference of
evaluations is a clear advantage; ISMCTS squashes evaluations with it. It may also define
``choose(game, state, seat, legal, rng) -> Action | None``, asked first: a decision
it answers itself (a mixed strategy for a secret throw, say), or None to search.
``SEARCH`` (a dict) gives ISMCTS its default leaf valuation for the game, e.g.
``{"rollout": "greedy", "max_rollout": 8}`` where the evaluation alone sees too little.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import cache

from noblesse.core.game import Action, Game, State

Evaluation = Callable[[Game, State, int], float]
Chooser = Callable[[Game, State, int, list[Action], random.Random], Action | None]


def score_margin(game: Game, state: State, seat: int) -> float:
    scores = game.scores(state)
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - (max(others) if others else 0.0)


@cache
def _module(game_id: str) -> object | None:
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return None


def evaluation_for(game_id: str) -> Evaluation:
    return getattr(_module(game_id), "evaluate", score_margin)


def evaluation_all_for(game_id: str) -> Callable[[Game, State], list[float]]:
    """Every seat's evaluation of one position (the module's ``evaluate_all`` if it has a
    faster way than asking ``evaluate`` once per seat)."""
    module = _module(game_id)
    if module is not None and hasattr(module, "evaluate_all"):
        return module.evaluate_all
    evaluate = evaluation_for(game_id)
    return lambda game, state: [evaluate(game, state, s) for s in range(state.n_players)]


def evaluation_scale(game_id: str) -> float:
    """How many evaluation points make a clear advantage (the module's ``SCALE``)."""
    return float(getattr(_module(game_id), "SCALE", 5.0))


def chooser_for(game_id: str) -> Chooser | None:
    return getattr(_module(game_id), "choose", None)


def search_defaults(game_id: str) -> dict[str, str | int]:
    """ISMCTS's default settings for a game (the module's ``SEARCH``)."""
    return dict(getattr(_module(game_id), "SEARCH", {}))
