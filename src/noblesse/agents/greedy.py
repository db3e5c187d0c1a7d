"""A greedy bot that looks ahead through its own next decisions, on visible information.

It is handed a world built from its seat's information alone (``agents.act_honestly``:
``Game.determinize``, hidden cards dealt afresh, so nothing unseen is there to use).
The game's ``choose`` hook (``Game.heuristics``) may decide on that world at once;
otherwise, for each legal action it plays on through its own next decisions (a card,
then the noble it names, then the distance...: the game's ``depth`` in all, 4 unless
its heuristics say otherwise) on a copy of the world and judges where that leaves it
with the game's evaluation. Where the heuristics call a decision's options ``alike``
(the evaluation cannot tell them apart), it takes the first rather than search each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from noblesse.agents.base import SeededAgent
from noblesse.core.game import Action, Game, State
from noblesse.core.heuristics import Evaluation, search_world


class GreedyAgent(SeededAgent):
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # seat -> the rest of the line its last search chose: (what the seat would then
        # see, the action to take there), in order
        self._plans: dict[int, list[tuple[dict[str, Any], Action]]] = {}

    def act(self, game: Game, world: State, seat: int) -> Action:
        legal = game.legal_actions(world, seat)
        if len(legal) == 1:
            return legal[0]
        known = game.heuristics()
        choose = known.choose
        if choose is not None:
            chosen = choose(game, world, seat, legal, self.rng)
            if chosen is not None:
                return chosen
        planned = self._planned(game, world, seat, legal)
        if planned is not None:
            return planned
        evaluate, depth, alike = known.evaluate, known.depth, known.alike
        if alike is not None and alike(game, world, seat):
            return legal[0]
        root = search_world(game, world)
        best, best_value = legal[0], float("-inf")
        best_line: tuple[Action, ...] = ()
        for action in legal:
            value, line = look_ahead(game, root, seat, action, evaluate, alike, depth, False)
            if value > best_value:
                best, best_value, best_line = action, value, line
        self._plan(game, world, seat, best, best_line)
        return best

    def _plan(
        self, game: Game, world: State, seat: int, first: Action, line: tuple[Action, ...]
    ) -> None:
        """Keep the rest of the chosen line with what the seat would see before each of
        its steps, so the next decisions need no search while the seat sees just that."""
        if not line:
            self._plans.pop(seat, None)
            return
        state = game.clone(world)
        plan: list[tuple[dict[str, Any], Action]] = []
        game.apply(state, seat, first)
        for action in line:  # chance may turn out otherwise than in the search: stop there
            if game.to_act(state) != (seat,) or action not in game.legal_actions(state, seat):
                break
            plan.append((game.view(state, seat), action))
            game.apply(state, seat, action)
        self._plans[seat] = plan

    def _planned(self, game: Game, world: State, seat: int, legal: list[Action]) -> Action | None:
        """The next step of the seat's plan if the seat sees what the plan expected (the
        same view: nothing it could learn has changed, so a search would weigh the same
        choices on the same information); else None, and the plan is dropped."""
        plan = self._plans.pop(seat, None)
        if not plan:
            return None
        seen, action = plan[0]
        if action not in legal or game.view(world, seat) != seen:
            return None
        if len(plan) > 1:
            self._plans[seat] = plan[1:]
        return action


def look_ahead(
    game: Game,
    state: State,
    seat: int,
    action: Action,
    evaluate: Evaluation,
    alike: Callable[[Game, State, int], bool] | None,
    depth: int,
    owned: bool,
) -> tuple[float, tuple[Action, ...]]:
    """The best evaluation ``seat`` reaches by ``action`` and its next own decisions
    (``depth`` in all), and the actions after ``action`` that reach it. ``owned``:
    ``state`` is needed no more, so the action is applied to it rather than to a copy
    (the last action tried from a position)."""
    if owned:
        after = state
    else:  # a copy of the same position: its legal actions are the same (never mutated)
        after = game.clone(state)
        after.legal_cache = state.legal_cache
    game.apply(after, seat, action)
    if depth > 1 and not game.is_over(after) and game.to_act(after) == (seat,):
        legal = game.legal_actions(after, seat)
        if alike is not None and alike(game, after, seat):
            legal = legal[:1]
        last = len(legal) - 1
        best, best_value = legal[0], float("-inf")
        best_line: tuple[Action, ...] = ()
        for i, a in enumerate(legal):
            value, line = look_ahead(game, after, seat, a, evaluate, alike, depth - 1, i == last)
            if value > best_value:
                best, best_value, best_line = a, value, line
        return best_value, (best, *best_line)
    return evaluate(game, after, seat), ()
