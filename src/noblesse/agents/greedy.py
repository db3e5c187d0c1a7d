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
from noblesse.core.rng import SharedRandom


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
        root = search_world(game, world)
        best, best_value = legal[0], float("-inf")
        for action in legal:
            value = _value(game, root, seat, action, evaluate, self.max_depth, False)
            if value > best_value:
                best, best_value = action, value
        return best


def search_world(game: Game, world: State) -> State:
    """A copy of ``world`` for a search to branch from: its clones share one generator
    (``core.rng.SharedRandom``, seeded from the world's), so a branch costs no copy of
    the generator. ``world`` itself is left as it was."""
    root = game.clone(world)
    root.rng = SharedRandom(root.rng.getrandbits(64))
    return root


def _value(game: Game, state: State, seat: int, action: Action, evaluate: Evaluation,
           depth: int, owned: bool) -> float:
    """The best evaluation ``seat`` reaches by ``action`` and its next own decisions
    (``depth`` in all). ``owned``: ``state`` is needed no more, so the action is applied
    to it rather than to a copy (the last action tried from a position)."""
    after = state if owned else game.clone(state)
    game.apply(after, seat, action)
    if depth > 1 and not game.is_over(after) and game.to_act(after) == (seat,):
        legal = game.legal_actions(after, seat)
        last = len(legal) - 1
        return max(_value(game, after, seat, a, evaluate, depth - 1, i == last)
                   for i, a in enumerate(legal))
    return evaluate(game, after, seat)
