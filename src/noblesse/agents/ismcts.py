"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

It is handed the searching seat's world (``agents.act_honestly``: a determinization,
so nothing that seat has not seen is in it). Each iteration samples a determinization
of that world again (``Game.determinize`` for the same seat), walks the
tree choosing among the actions legal in that determinization by UCB with
*availability counts* (an action's exploration term counts the iterations in which
it was available, not the visits of its parent), expands one node, and values it for every seat: by
the game's evaluation (``Game.heuristics``, squashed to 0..1) where the game has one
(``rollout=eval``), or by random or greedy play to the end of the game or for at most
``max_rollout`` decisions and then the evaluation (``rollout=random|greedy``), or once
the seat that chose last has finished its run of decisions as greedy would (a card's
noble, then its distance...; at most ``max_rollout`` of them, the game's greedy
``depth`` unless told), so no leaf is judged half-way through a seat's move
(``rollout=turn``); a game's heuristics choose its default (``Heuristics.search``; eval
otherwise). Greedy play-outs run on the iteration's world as it is: it is already a
determinization for the searching seat, so the other seats' cards there are a sample,
and dealing again at each step would only cost time. Each seat's value is backed up through the nodes where it chose.

A guided search (``widen=W``) grows the tree below the root as greedy play would: a
seat's first choice at a new node is the greedy bot's there, and other actions join as
the seat's visits there grow (at most ``1 + W * sqrt(visits)`` tried). At the root every
action is tried. A small budget then weighs each root action against the replies the
other seats are likely to make, rather than against one random reply each.

With ``keep=Z`` the search only corrects the greedy bot: it plays greedy's choice on the
seat's world unless another root action's mean value beats it by more than ``Z``
standard errors of the difference.

With ``hook=1`` the game's ``choose`` hook (``Game.heuristics``) settles what it
answers, as it does for the greedy bot: at the root the hook's action is played without
a search, and in the tree a decision the hook answers is played as it says and is no
node of the tree (no statistics, no children for it: the walk stays at the node it was
at), so the iterations are spent only on the decisions the hook leaves open. Greedy
play-outs already ask it.

Simultaneous decisions (several seats in ``to_act``) are searched *decoupled*: each
seat picks from its own statistics at that node, without seeing what the others
picked, and the child is keyed by the joint choice — so no seat's choice is ever
conditioned on another's pending secret.
"""

from __future__ import annotations

import math
import random
import time

from noblesse.agents.base import SeededAgent, act_honestly
from noblesse.agents.greedy import GreedyAgent
from noblesse.core.game import Action, Game, State, machine_options

# How often (in iterations) the search asks whether its choice is already settled.
SETTLE_CHECK = 32


class _Stats:
    __slots__ = ("visits", "total", "squares", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0

    def mean_and_error(self) -> tuple[float, float]:
        """The mean value and the square of its standard error."""
        n = self.visits
        mean = self.total / n
        variance = max(0.0, self.squares / n - mean * mean)
        return mean, variance / max(1, n - 1)


class Node:
    """A tree node: per acting seat, statistics per action; children by joint choice;
    in a guided search, per seat the greedy bot's choice here (in the determinization
    that first reached the node) and how often the seat chose here."""

    __slots__ = ("stats", "children", "guide", "visits")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, _Stats]] = {}
        self.children: dict[tuple[Action, ...], Node] = {}
        self.guide: dict[int, Action] = {}
        self.visits: dict[int, int] = {}


class IsmctsAgent(SeededAgent):
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iters: int | None = None,
        ms: float | None = None,
        c: float = 0.7,
        rollout: str | None = None,
        max_rollout: int | None = None,
        stop_early: bool = True,
        widen: float | None = None,
        keep: float | None = None,
        hook: int = 0,
    ) -> None:
        super().__init__(seed)
        self.seed = seed
        if iters is None and ms is None:
            iters = 1000
        self.iters = iters
        self.ms = ms
        self.c = c
        # None: the game's own choice (its ``Heuristics.search``), else eval / 2000.
        self.rollout = rollout
        self.max_rollout = max_rollout
        self.stop_early = stop_early
        # None: every action tried at every node; else a guided tree (``_select``)
        self.widen = widen
        # None: the most visited root action; else greedy's unless clearly beaten (``act``)
        self.keep = keep
        # 1: the decisions the game's ``choose`` hook answers are played as it says
        self.hook = bool(hook)
        self.last_iterations = 0
        self.last_root: Node | None = None  # the tree of the last search, for inspection
        self._game_id = ""
        self._rollout_agent: GreedyAgent | None = None

    def _settle_rollout(self, game: Game) -> None:
        """The leaf valuation for ``game``: what the spec asked, else the game's default."""
        if game.id == self._game_id:
            return
        self._game_id = game.id
        known = game.heuristics()
        self._kind = self.rollout or str(known.search.get("rollout", "eval"))
        default_depth = known.depth if self._kind == "turn" else 2000
        self._depth = self.max_rollout or int(known.search.get("max_rollout", default_depth))
        guided = self._kind in ("greedy", "turn") or self.widen is not None or self.keep is not None
        self._rollout_agent = GreedyAgent(self.seed + 1) if guided else None
        self._chooser = known.choose if self.hook else None

    def _hooked(self, game: Game, world: State, seat: int, legal: list[Action]) -> Action | None:
        """With ``hook=1``, the action the game's ``choose`` hook settles for ``seat``
        here (a decision among two or more), else None: the search decides."""
        choose = self._chooser
        if choose is None or len(legal) < 2:
            return None
        return choose(game, world, seat, legal, self.rng)

    def act(self, game: Game, world: State, seat: int) -> Action:
        """The most visited action at the root after the search; ``world`` is the seat's
        world (``agents.act_honestly``), determinized again for every iteration."""
        legal = game.legal_actions(world, seat)
        if len(legal) == 1:
            return legal[0]
        self._settle_rollout(game)
        root = self.last_root = Node()
        hooked = self._hooked(game, world, seat, legal)
        if hooked is not None:
            self.last_iterations = 0
            return hooked
        start = time.perf_counter()
        deadline = start + self.ms / 1000 if self.ms is not None else None
        n = 0
        while True:
            if self.iters is not None and n >= self.iters:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(game, game.determinize(world, seat, self.rng), root)
            n += 1
            if (
                self.stop_early
                and n % SETTLE_CHECK == 0
                and self._settled(root, seat, n, start, deadline)
            ):
                break
        self.last_iterations = n
        mine = root.stats.get(seat, {})
        chosen = max(
            legal, key=lambda a: (mine[a].visits, mine[a].total) if a in mine else (-1, 0.0)
        )
        if self.keep is None:
            return chosen
        return self._kept(game, world, seat, legal, mine)

    def _kept(
        self, game: Game, world: State, seat: int, legal: list[Action], mine: dict[Action, _Stats]
    ) -> Action:
        """With ``keep=Z``: the greedy bot's choice on the seat's world, unless the search
        found an action whose mean value beats it by more than ``Z`` standard errors of
        the difference (and that has been tried at least twice)."""
        agent = self._rollout_agent
        assert agent is not None and self.keep is not None
        greedy = agent.act(game, world, seat)
        base = mine.get(greedy)
        if base is None or base.visits < 2:
            return greedy
        base_mean, base_error = base.mean_and_error()
        best, best_margin = greedy, 0.0
        for action in legal:
            stats = mine.get(action)
            if action == greedy or stats is None or stats.visits < 2:
                continue
            mean, error = stats.mean_and_error()
            margin = (mean - base_mean) / math.sqrt(error + base_error + 1e-12)
            if margin > self.keep and margin > best_margin:
                best, best_margin = action, margin
        return best

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
        movers: tuple[int, ...] = ()  # the seats whose choices were applied last
        while not game.is_over(world):
            moves: list[tuple[int, Action]] = []  # every acting seat's, in order
            searched: list[int] = []
            joint = []
            for seat in game.to_act(world):
                legal = game.legal_actions(world, seat)
                hooked = self._hooked(game, world, seat, legal)
                if hooked is not None:  # played as the hook says, outside the tree
                    moves.append((seat, hooked))
                    continue
                if self.widen is not None and node is not root:
                    action, fresh = self._select_guided(game, world, node, seat, legal)
                else:
                    action, fresh = self._select(node, seat, legal)
                expanded = expanded or fresh
                moves.append((seat, action))
                searched.append(seat)
                joint.append(action)
            for seat, action in moves:
                game.apply(world, seat, action)
            movers = tuple(seat for seat, _ in moves)
            if not searched:  # the hook answered every seat: still the same node
                continue
            seats, choice = tuple(searched), tuple(joint)
            path.append((node, seats, choice))
            child = node.children.get(choice)
            if child is None:
                child = node.children[choice] = Node()
            node = child
            if expanded:
                break
        returns = self._rollout(game, world, movers)
        for node, seats, choice in path:
            for seat, action in zip(seats, choice, strict=True):
                stats = node.stats[seat][action]
                stats.visits += 1
                stats.total += returns[seat]
                stats.squares += returns[seat] ** 2

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
            value = stats.total / stats.visits + c * math.sqrt(
                math.log(stats.available) / stats.visits
            )
            if value > best_value:
                best, best_value = action, value
        return best, False

    def _select_guided(
        self, game: Game, world: State, node: Node, seat: int, legal: list[Action]
    ) -> tuple[Action, bool]:
        """Below the root of a guided search (``widen``): a seat's first choice at a
        node is the greedy bot's there, and other actions join one by one (in random
        order) as the seat's visits grow: at most ``1 + widen * sqrt(visits)`` are
        tried, and UCB picks among the tried ones available now. So a small budget
        follows the replies greedy play expects before it spends iterations on the
        unlikely ones."""
        table = node.stats.setdefault(seat, {})
        visits = node.visits.get(seat, 0)
        node.visits[seat] = visits + 1
        guide = node.guide.get(seat)
        if guide is None or guide not in legal:
            guide = node.guide[seat] = self._guide_choice(game, world, seat, legal)
        stats = table.get(guide)
        if stats is None or stats.visits == 0:
            for action in legal:
                if action in table:
                    table[action].available += 1
            if stats is None:
                stats = table[guide] = _Stats()
                stats.available = 1
            return guide, True
        tried = [a for a in legal if a in table and table[a].visits]
        assert self.widen is not None
        if len(tried) < len(legal) and len(table) < 1 + self.widen * math.sqrt(visits):
            fresh = [a for a in legal if a not in table]
            if fresh:
                action = fresh[self.rng.randrange(len(fresh))]
                for a in tried:
                    table[a].available += 1
                table[action] = _Stats()
                table[action].available = 1
                return action, True
        c = self.c
        best, best_value = tried[0], -math.inf
        for action in tried:
            stats = table[action]
            stats.available += 1
            value = stats.total / stats.visits + c * math.sqrt(
                math.log(stats.available) / stats.visits
            )
            if value > best_value:
                best, best_value = action, value
        return best, False

    def _guide_choice(self, game: Game, world: State, seat: int, legal: list[Action]) -> Action:
        """The greedy bot's choice for ``seat`` in the search's world (already a
        determinization for the searching seat, so it is not dealt again)."""
        agent = self._rollout_agent
        assert agent is not None
        if len(legal) == 1:
            return legal[0]
        return agent.act(game, world, seat)

    def _rollout(self, game: Game, world: State, movers: tuple[int, ...] = ()) -> list[float]:
        """Every seat's value of a leaf, 0..1: the evaluation at once (``eval``), or after
        random or greedy play for at most ``max_rollout`` decisions when the game has
        not ended by then, or after greedy play while one of ``movers`` (the seats whose
        choices reached the leaf) is still the one to act (``turn``)."""
        if self._kind == "turn":
            self._finish_turn(game, world, movers)
        elif self._kind != "eval":
            self._play_out(game, world)
        if game.is_over(world):
            return game.returns(world)
        known = game.heuristics()
        scale = known.scale
        return [1.0 / (1.0 + math.exp(-v / scale)) for v in known.evaluate_every(game, world)]

    def _finish_turn(self, game: Game, world: State, movers: tuple[int, ...]) -> None:
        """Greedy play of the seat that chose last, while it alone is to act (at most
        ``max_rollout`` decisions): the rest of its move, on the search's world."""
        agent = self._rollout_agent
        assert agent is not None
        for _ in range(self._depth):
            if game.is_over(world):
                return
            acting = game.to_act(world)
            if len(acting) != 1 or acting[0] not in movers:
                return
            seat = acting[0]
            game.apply(world, seat, agent.act(game, world, seat))

    def _play_out(self, game: Game, world: State) -> None:
        rng = self.rng
        agent = self._rollout_agent
        steps = 0
        while not game.is_over(world) and steps < self._depth:
            for seat in game.to_act(world):
                if agent is not None:  # on the search's world, a determinization already
                    action = agent.act(game, world, seat)
                else:
                    legal = game.legal_actions(world, seat)
                    action = legal[rng.randrange(len(legal))]
                game.apply(world, seat, action)
                steps += 1


def iterations_per_second(
    game: Game, players: int = 4, seconds: float = 2.0, seed: int = 1
) -> float:
    """Search speed from the first decision of a fresh game (``noblesse bench ismcts``)."""
    state = game.setup(players, seed, machine_options(game))
    agent = IsmctsAgent(seed, ms=seconds * 1000)
    rng = random.Random(seed)
    while len(game.legal_actions(state, game.to_act(state)[0])) < 2:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randrange(len(legal))])
    start = time.perf_counter()
    act_honestly(agent, game, state, game.to_act(state)[0])
    return agent.last_iterations / (time.perf_counter() - start)
