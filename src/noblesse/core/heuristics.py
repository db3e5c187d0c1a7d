"""What a game tells its bots: how good a position is, and decisions it answers itself.

A game declares it as one ``Heuristics`` record, answered by ``Game.heuristics()``
(each game's ``heuristics.py``, beside its rules; ``GameBase`` answers the defaults):
``evaluate(game, state, seat) -> float``, how good ``state`` is for ``seat`` (the score
margin unless the game says otherwise); ``evaluate_all(game, state)``, every seat's
evaluation at once where that is faster than asking ``evaluate`` per seat; ``scale``
(default 5), how large a difference of evaluations is a clear advantage (ISMCTS
squashes evaluations with it); ``choose(game, state, seat, legal, rng) -> Action | None``,
asked first: a decision it answers itself (a mixed strategy for a secret throw, say), or
None to search; ``search``, ISMCTS's default leaf valuation for the game, e.g.
``{"rollout": "greedy", "max_rollout": 8}`` where the evaluation alone sees too little;
``depth`` (default 4), how many of its own consecutive decisions the greedy bot looks
through (a card, then the noble it names, then the distance...); ``alike(game, state,
seat) -> bool``, true where the pending decision's options are all the same to
``evaluate`` (which card to discard when only a hand's size counts, an announcement
nothing reads): the greedy bot takes the first of them rather than search each.

The bots (``noblesse.agents``) know only this record and the kernel contract. A game's
heuristics read the ``state`` they are given in full, with the game's own queries, and
that is safe because no hook is ever given the true state: a bot is asked through
``agents.act_honestly``, so ``choose`` gets the world the bot was handed (a
determinization for its seat, every card the seat cannot see dealt afresh), and
``evaluate`` gets states reached from such a world by the bot's own look-ahead or
search (ISMCTS also evaluates its leaves for every seat, on the searching seat's
world). The hidden part of what they read is a sample, never the truth; the
conformance suite checks that a bot's decision is the same on every state that agrees
with its seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from noblesse.core.rng import SharedRandom

if TYPE_CHECKING:  # core.game's contract names this module's record
    from noblesse.core.game import Action, Game, State

G = TypeVar("G", bound="Game[Any]")
S = TypeVar("S", bound="State")
Evaluation = Callable[["Game[Any]", "State", int], float]


def margin(values: Sequence[float], seat: int) -> float:
    """The seat's value less the best of the other seats' (less 0 for a seat alone)."""
    others = [*values[:seat], *values[seat + 1 :]]
    return values[seat] - (max(others) if others else 0.0)


def margins(values: Sequence[float]) -> list[float]:
    """Every seat's ``margin`` at once."""
    if len(values) < 2:
        return [v - 0.0 for v in values]
    top = max(values)
    leader = values.index(top)
    second = max(v for o, v in enumerate(values) if o != leader)
    return [v - (second if o == leader else top) for o, v in enumerate(values)]


def score_margin(game: Game[Any], state: State, seat: int) -> float:
    """The seat's score less the best other seat's."""
    return margin(game.scores(state), seat)


@dataclass(frozen=True)
class Heuristics(Generic[G, S]):
    """What a game's heuristics offer (see the module's docstring), for its game class
    ``G`` and state class ``S``."""

    evaluate: Callable[[G, S, int], float] = score_margin
    evaluate_all: Callable[[G, S], list[float]] | None = None
    scale: float = 5.0
    choose: Callable[[G, S, int, list[Action], random.Random], Action | None] | None = None
    search: Mapping[str, str | int] = field(default_factory=dict)
    depth: int = 4
    alike: Callable[[G, S, int], bool] | None = None

    def evaluate_every(self, game: G, state: S) -> list[float]:
        """Every seat's evaluation of one position (``evaluate_all`` where declared)."""
        if self.evaluate_all is not None:
            return self.evaluate_all(game, state)
        return [self.evaluate(game, state, s) for s in range(state.n_players)]


def search_world(game: Game[Any], world: S) -> S:
    """A copy of ``world`` for a search to branch from: its clones share one generator
    (``core.rng.SharedRandom``, seeded from the world's), so a branch costs no copy of
    the generator. ``world`` itself is left as it was."""
    root: S = game.clone(world)
    root.rng = SharedRandom(root.rng.getrandbits(64))
    root.legal_cache = world.legal_cache  # the same position: the same legal actions
    return root
