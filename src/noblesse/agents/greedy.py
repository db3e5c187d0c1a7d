"""A greedy bot that looks ahead through its own next decisions, on visible information.

For each legal action it plays the rest of its own consecutive decisions (a card,
then the noble it names, then the distance...) on a determinized copy of the game
(``Game.determinize``: hidden cards resampled, so nothing unseen is used) and
scores where that leaves it with a per-game evaluation of the seat's own view.
Games without an evaluation here use the score margin (``Game.scores``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from noblesse.agents.base import SeededAgent
from noblesse.core.game import Action, Game, State


def _score_margin(game: Game, state: State, seat: int) -> float:
    scores = game.scores(state)
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - (max(others) if others else 0.0)


def _guillotine(game: Game, state: State, seat: int) -> float:
    """Score margin, plus a little for cards kept in hand (they are future plays)."""
    view: dict[str, Any] = game.view(state, seat)
    scores = [p["score"] for p in view["players"]]
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - max(others) + 0.4 * view["players"][seat]["hand_size"]


EVALUATIONS: dict[str, Callable[[Game, State, int], float]] = {"guillotine": _guillotine}


class GreedyAgent(SeededAgent):
    name = "greedy"
    max_depth = 4  # own consecutive decisions to look through (play, noble, distance, ...)

    def act(self, game: Game, state: State, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        evaluate = EVALUATIONS.get(game.id, _score_margin)
        world = game.determinize(state, seat, self.rng)
        best, best_value = legal[0], float("-inf")
        for action in legal:
            value = self._value(game, world, seat, action, evaluate, self.max_depth)
            if value > best_value:
                best, best_value = action, value
        return best

    def _value(self, game: Game, world: State, seat: int, action: Action,
               evaluate: Callable[[Game, State, int], float], depth: int) -> float:
        after = game.clone(world)
        game.apply(after, seat, action)
        if depth > 1 and not game.is_over(after) and game.to_act(after) == (seat,):
            return max(self._value(game, after, seat, a, evaluate, depth - 1)
                       for a in game.legal_actions(after, seat))
        return evaluate(game, after, seat)
