"""A greedy bot that looks ahead through its own next decisions, on visible information.

It is handed a world built from its seat's information alone (``agents.act_honestly``:
``Game.determinize``, hidden cards dealt afresh, so nothing unseen is there to use).
The game's ``choose`` hook (``agents.heuristics``) may decide on that world at once;
otherwise, for each legal action it plays the rest of its own consecutive decisions
(a card, then the noble it names, then the distance...) on a copy of the world and
judges where that leaves it with the game's evaluation.
"""

from __future__ import annotations

from noblesse.agents.base import SeededAgent
from noblesse.agents.heuristics import Evaluation, chooser_for, evaluation_for
from noblesse.core.game import Action, Game, State


class GreedyAgent(SeededAgent):
    name = "greedy"
    max_depth = 4  # own consecutive decisions to look through (play, noble, distance, ...)

    def act(self, game: Game, world: State, seat: int) -> Action:
        legal = game.legal_actions(world, seat)
        if len(legal) == 1:
            return legal[0]
        choose = chooser_for(game.id)
        if choose is not None:
            chosen = choose(game, world, seat, legal, self.rng)
            if chosen is not None:
                return chosen
        evaluate = evaluation_for(game.id)
        best, best_value = legal[0], float("-inf")
        for action in legal:
            value = self._value(game, world, seat, action, evaluate, self.max_depth)
            if value > best_value:
                best, best_value = action, value
        return best

    def _value(self, game: Game, world: State, seat: int, action: Action,
               evaluate: Evaluation, depth: int) -> float:
        after = game.clone(world)
        game.apply(after, seat, action)
        if depth > 1 and not game.is_over(after) and game.to_act(after) == (seat,):
            return max(self._value(game, after, seat, a, evaluate, depth - 1)
                       for a in game.legal_actions(after, seat))
        return evaluate(game, after, seat)
