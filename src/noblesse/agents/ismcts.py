"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a determinization of the root (``Game.determinize`` from the
searching seat's point of view, so it uses nothing that seat has not seen), walks the
tree choosing among the actions legal in that determinization by UCB with
*availability counts* (an action's exploration term counts the iterations in which
it was available, not the visits of its parent), expands one node, and values it for every seat: by
the game's evaluation (``agents.heuristics``, squashed to 0..1) where the game has one
(``rollout=eval``, the default), or by finishing the game with random or greedy play
(``rollout=random|greedy``); each seat's value is backed up through the nodes where it
chose.

Simultaneous decisions (several seats in ``to_act``) are searched *decoupled*: each
seat picks from its own statistics at that node, without seeing what the others
picked, and the child is keyed by the joint choice — so no seat's choice is ever
conditioned on another's pending secret.
"""

from __future__ import annotations

import math
import random
import time

from noblesse.agents.base import SeededAgent
from noblesse.agents.heuristics import evaluation_all_for, evaluation_scale
from noblesse.core.game import Action, Game, State, machine_options

# How often (in iterations) the search asks whether its choice is already settled.
SETTLE_CHECK = 32


class _Stats:
    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Node:
    """A tree node: per acting seat, statistics per action; children by joint choice."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, _Stats]] = {}
        self.children: dict[tuple[Action, ...], Node] = {}


class IsmctsAgent(SeededAgent):
    name = "ismcts"

    def __init__(self, seed: int = 0, iters: int | None = None, ms: float | None = None,
                 c: float = 0.7, rollout: str = "eval", max_rollout: int = 2000,
                 stop_early: bool = True) -> None:
        super().__init__(seed)
        if iters is None and ms is None:
            iters = 1000
        self.iters = iters
        self.ms = ms
        self.c = c
        self.rollout = rollout
        self.max_rollout = max_rollout
        self.stop_early = stop_early
        self.last_iterations = 0
        self._rollout_agent = None
        if rollout == "greedy":
            from noblesse.agents.greedy import GreedyAgent

            self._rollout_agent = GreedyAgent(seed + 1)

    def act(self, game: Game, state: State, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        root = Node()
        start = time.perf_counter()
        deadline = start + self.ms / 1000 if self.ms is not None else None
        n = 0
        while True:
            if self.iters is not None and n >= self.iters:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            world = game.determinize(state, seat, self.rng)
            self._iterate(game, world, root)
            n += 1
            if self.stop_early and n % SETTLE_CHECK == 0 and self._settled(root, seat, n, start, deadline):
                break
        self.last_iterations = n
        mine = root.stats.get(seat, {})
        return max(legal, key=lambda a: (mine[a].visits, mine[a].total) if a in mine else (-1, 0.0))

    def _settled(self, root: Node, seat: int, n: int, start: float, deadline: float | None) -> bool:
        """True when the most visited action can no longer be overtaken: its lead in
        visits exceeds the iterations left in the budget (for a time budget, the
        iterations the rate so far fits in the time left). The move played is then
        the one the whole budget would have played."""
        left = math.inf
        if self.iters is not None:
            left = self.iters - n
        if deadline is not None:
            now = time.perf_counter()
            left = min(left, n / max(now - start, 1e-9) * (deadline - now))
        visits = sorted((s.visits for s in root.stats.get(seat, {}).values()), reverse=True)
        return len(visits) > 1 and visits[0] - visits[1] > left

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, game: Game, world: State, root: Node) -> None:
        path: list[tuple[Node, tuple[int, ...], tuple[Action, ...]]] = []
        node = root
        expanded = False
        while not game.is_over(world):
            seats = game.to_act(world)
            joint = []
            for seat in seats:
                action, fresh = self._select(node, seat, game.legal_actions(world, seat))
                expanded = expanded or fresh
                joint.append(action)
            choice = tuple(joint)
            path.append((node, seats, choice))
            for seat, action in zip(seats, choice, strict=True):
                game.apply(world, seat, action)
            child = node.children.get(choice)
            if child is None:
                child = node.children[choice] = Node()
            node = child
            if expanded:
                break
        returns = self._rollout(game, world)
        for node, seats, choice in path:
            for seat, action in zip(seats, choice, strict=True):
                stats = node.stats[seat][action]
                stats.visits += 1
                stats.total += returns[seat]

    def _select(self, node: Node, seat: int, legal: list[Action]) -> tuple[Action, bool]:
        """UCB1 over the actions available now; an untried one first (then it is new)."""
        table = node.stats.setdefault(seat, {})
        untried = []
        for action in legal:
            stats = table.get(action)
            if stats is None:
                stats = table[action] = _Stats()
            stats.available += 1
            if stats.visits == 0:
                untried.append(action)
        if untried:
            return untried[self.rng.randrange(len(untried))], True
        c = self.c
        best, best_value = legal[0], -math.inf
        for action in legal:
            stats = table[action]
            value = stats.total / stats.visits + c * math.sqrt(math.log(stats.available) / stats.visits)
            if value > best_value:
                best, best_value = action, value
        return best, False

    def _rollout(self, game: Game, world: State) -> list[float]:
        if self.rollout == "eval" and not game.is_over(world):
            scale = evaluation_scale(game.id)
            return [1.0 / (1.0 + math.exp(-v / scale))
                    for v in evaluation_all_for(game.id)(game, world)]
        rng = self.rng
        agent = self._rollout_agent
        steps = 0
        while not game.is_over(world) and steps < self.max_rollout:
            for seat in game.to_act(world):
                if agent is not None:
                    action = agent.act(game, world, seat)
                else:
                    legal = game.legal_actions(world, seat)
                    action = legal[rng.randrange(len(legal))]
                game.apply(world, seat, action)
                steps += 1
        if not game.is_over(world):
            return [1.0 / world.n_players] * world.n_players
        return game.returns(world)


def iterations_per_second(game: Game, players: int = 4, seconds: float = 2.0,
                          seed: int = 1) -> float:
    """Search speed from the first decision of a fresh game (``noblesse bench ismcts``)."""
    state = game.setup(players, seed, machine_options(game))
    agent = IsmctsAgent(seed, ms=seconds * 1000)
    rng = random.Random(seed)
    while len(game.legal_actions(state, game.to_act(state)[0])) < 2:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randrange(len(legal))])
    start = time.perf_counter()
    agent.act(game, state, game.to_act(state)[0])
    return agent.last_iterations / (time.perf_counter() - start)
