"""Shared machinery of the conformance suite: the cases, random playouts, state fingerprints.

Every test of the suite runs against every registered game (``noblesse.games.all()``),
every player count from ``min_players`` to ``max_players``, the default options and
each boolean option flipped, and many seeds. Nothing here knows any game's internals:
it speaks only the kernel contract (DESIGN.md, "The kernel contract").

The default options always get full coverage: every player count, every seed. A
flipped option costs as many games again for each player count, so a game with many
boolean options (a rules-variant switch each) would multiply the suite's time. The
flipped options of a game therefore share a fixed budget (``runs``): with at most
``FLIP_BUDGET`` of them each plays its seeds at every player count, as the default
does (a quarter as many, at least 2); with more, the budget of ``FLIP_BUDGET`` such
options is shared out among them, each getting at least 2 games, its player counts
rotating (the k-th option starts at the k-th count), so every option is played and
every count sees flipped options.

The default run plays a share of the seeds (``seed_count``) and 1 game of each such
option a test; ``pytest --full`` (``NOBLESSE_FULL_TESTS=1``) plays them all.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from budget import budget
from noblesse import games
from noblesse.core.events import Event
from noblesse.core.game import Game, GameBase, State, machine_options

# How many seeds each (game, player count) gets; NOBLESSE_CONFORMANCE_SCALE multiplies
# them all (e.g. 10 for a long soak run, 0.2 for a quick one).
SCALE = float(os.environ.get("NOBLESSE_CONFORMANCE_SCALE", "1"))
# The share of those seeds the default run plays (``--full``: all of them, ``budget.py``):
# half, and a quarter for Fief, whose random games are the longest by far (a 6-player
# game runs to 1,800 decisions) and whose seeds took three fifths of the whole suite's
# time. Every player count and every flipped option is still played (``runs``).
DEFAULT_SHARE = 0.5
DEFAULT_SHARE_OF = {"fief": 0.25}
# Fief's 27 flipped options each play 2 games a test in the full run (at two player
# counts), 1 in the default run (``seeded_params``).
# A game that has not ended after this many decisions is taken not to end.
MAX_DECISIONS = 20_000
# How many flipped options a game may have before they share out their games (``runs``).
FLIP_BUDGET = 4


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The default options for machine play, then each boolean option flipped on its own."""
    schema = game.options_schema()
    base = machine_options(game)
    out: list[dict[str, Any]] = [base]
    for key, default in schema.items():
        if isinstance(default, bool):
            out.append({**base, key: not default})
    return out


def runs(
    game: Game, seeds: int, variant_seeds: int, least: int = 2, turn: int = 0
) -> list[tuple[int, dict[str, Any], int]]:
    """(player count, options, seed index) of the games to play: ``seeds`` at every
    player count with the default options; for each flipped option ``variant_seeds`` at
    every player count, or, with more than ``FLIP_BUDGET`` flipped options, at least
    ``least`` and the budget shared out, the player counts rotating (module docstring),
    the k-th option's starting ``turn`` counts further on."""
    counts = list(range(game.min_players, game.max_players + 1))
    sets = option_sets(game)
    out = [(n, sets[0], i) for n in counts for i in range(seeds)]
    flips = len(sets) - 1
    share = max(least, variant_seeds * len(counts) * FLIP_BUDGET // flips) if flips else 0
    for k, opts in enumerate(sets[1:], start=1):
        if flips <= FLIP_BUDGET:
            out += [(n, opts, i) for n in counts for i in range(variant_seeds)]
        else:
            out += [
                (counts[(k + turn + j) % len(counts)], opts, j // len(counts)) for j in range(share)
            ]
    return out


def _options_id(options: dict[str, Any]) -> str:
    return "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def game_params() -> list[Any]:
    return [pytest.param(g, id=g.id) for g in games.all()]


def table_params() -> list[Any]:
    """One per (game, player count, option set), as ``runs`` chooses them."""
    return [
        pytest.param(g, n, opts, id=f"{g.id}-{n}p{_options_id(opts)}")
        for g in games.all()
        for n, opts, i in runs(g, 1, 1)
        if i == 0
    ]


def seed_count(game: Game, seeds: int) -> int:
    """How many of ``seeds`` this run plays for ``game`` at each player count (at least 1)."""
    share = budget(DEFAULT_SHARE_OF.get(game.id, DEFAULT_SHARE), 1.0)
    return max(1, round(seeds * SCALE * share))


def seeded_params(seeds: int, base: int = 0) -> list[Any]:
    """One per (game, player count, option set, seed): ``seeds`` seeds with the default
    options (in the default run a share of them, ``seed_count``), a quarter as many (at
    least 2) with each variant option set, shared out as ``runs`` says when a game has
    many: at least 2 games each, or 1 in the default run, at a player count that differs
    from test to test (each test has its own ``base``)."""
    out = []
    least, turn = budget((1, base // 50), (2, 0))
    for g in games.all():
        count = seed_count(g, seeds)
        for n, opts, i in runs(g, count, max(2, count // 4), least, turn):
            seed = base + 1000 * n + i
            out.append(pytest.param(g, n, opts, seed, id=f"{g.id}-{n}p{_options_id(opts)}-s{seed}"))
    return out


# ------------------------------------------------------------------ playing
def choose(game: Game, state: State, rng: random.Random) -> tuple[int, int]:
    """A random seat among those to act (simultaneous decisions: any order), and a
    random legal action for it."""
    seat = rng.choice(game.to_act(state))
    return seat, rng.choice(game.legal_actions(state, seat))


def playout(
    game: Game,
    state: State,
    rng: random.Random,
    before: Callable[[State, int, int], None] | None = None,
    after: Callable[[State, int, int, list[Event]], None] | None = None,
    limit: int = MAX_DECISIONS,
) -> list[tuple[int, int]]:
    """Play random legal actions until the game is over; returns the (seat, action) list.

    ``before(state, seat, action)`` runs before each decision is applied,
    ``after(state, seat, action, events)`` after it.
    """
    moves: list[tuple[int, int]] = []
    while not game.is_over(state):
        assert len(moves) < limit, f"no end after {limit} decisions"
        seat, action = choose(game, state, rng)
        if before is not None:
            before(state, seat, action)
        events = game.apply(state, seat, action)
        moves.append((seat, action))
        if after is not None:
            after(state, seat, action, events)
    return moves


def play(
    game: Game, n: int, seed: int, options: dict[str, Any] | None = None, **kwargs: Any
) -> tuple[State, list[tuple[int, int]]]:
    """A whole random game from ``setup``: the final state and its moves. The agent's
    choices are seeded from the game seed, so the same seed plays the same game."""
    state = game.setup(n, seed, machine_options(game, options))
    moves = playout(game, state, random.Random(f"agent-{seed}"), **kwargs)
    return state, moves


def states_of(
    game: Game, n: int, seed: int, options: dict[str, Any] | None = None, limit: int | None = None
) -> list[State]:
    """Clones of the states of one random game at each decision (and the final state);
    with ``limit``, at most that many spread evenly over the game."""
    seen: list[State] = []
    final, _ = play(
        game, n, seed, options, before=lambda state, seat, action: seen.append(game.clone(state))
    )
    seen.append(final)
    if limit is not None and len(seen) > limit:
        step = len(seen) / limit
        seen = [seen[int(i * step)] for i in range(limit - 1)] + [seen[-1]]
    return seen


# ------------------------------------------------------------------ observing
# Values that are their own fingerprint. A state is mostly lists of these (ids, counts),
# so lists look at their items' exact types before calling ``fingerprint`` on each.
_PLAIN = frozenset({type(None), bool, int, float, str, bytes})


def fingerprint(obj: Any) -> Any:
    """A plain, comparable picture of a whole state: every slot and attribute,
    recursively, RNG state included; the ``legal_cache`` (a cache) left out."""
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return obj
    if isinstance(obj, random.Random):
        return ("Random", obj.getstate())
    if isinstance(obj, (list, tuple)):
        plain = _PLAIN
        return (type(obj).__name__, [x if type(x) in plain else fingerprint(x) for x in obj])
    if isinstance(obj, Counter):
        return ("Counter", sorted((repr(k), v) for k, v in obj.items() if v))
    if isinstance(obj, dict):
        return ("dict", sorted((repr(k), fingerprint(v)) for k, v in obj.items()))
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__, sorted(repr(fingerprint(x)) for x in obj))
    if hasattr(obj, "tolist"):  # numpy arrays and scalars
        return ("array", fingerprint(obj.tolist()))
    fields: dict[str, Any] = {}
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in ("legal_cache", "__weakref__", "__dict__") and hasattr(obj, name):
                fields[name] = fingerprint(getattr(obj, name))
    for name, value in getattr(obj, "__dict__", {}).items():
        if name != "legal_cache":
            fields[name] = fingerprint(value)
    return (type(obj).__name__, sorted(fields.items()))


def seats_and_spectator(state: State) -> list[int | None]:
    return [*range(state.n_players), None]


def views(game: Game, state: State) -> dict[Any, dict[str, Any]]:
    return {seat: game.view(state, seat) for seat in seats_and_spectator(state)}


def legal_by_seat(game: Game, state: State) -> list[list[int]]:
    return [list(game.legal_actions(state, seat)) for seat in range(state.n_players)]


def assert_json_safe(obj: Any, what: str) -> None:
    """Serialisable with plain ``json.dumps`` and unchanged by a JSON round trip (so no
    tuples, no int keys, no NaN): what the wire protocol will carry is what was meant."""
    text = json.dumps(obj, allow_nan=False)
    assert json.loads(text) == obj, f"{what} changes in a JSON round trip: {obj!r}"


def assert_inventory(
    game: Game, state: State, expected: dict[str, Counter[Any]], what: str
) -> None:
    got = game.inventory(state)
    if got != expected:
        diff = {
            kind: {
                "gained": dict(got.get(kind, Counter()) - expected.get(kind, Counter())),
                "lost": dict(expected.get(kind, Counter()) - got.get(kind, Counter())),
            }
            for kind in set(got) | set(expected)
        }
        raise AssertionError(f"components not conserved {what}: {diff}")


def scramble(obj: Any) -> None:
    """Mutate a view or event in place, deeply: the state must not share any of it."""
    if isinstance(obj, dict):
        for value in obj.values():
            if isinstance(value, (dict, list)):  # nothing else is scrambled
                scramble(value)
        obj.clear()
        obj["scrambled"] = True
    elif isinstance(obj, list):
        for value in obj:
            if isinstance(value, (dict, list)):
                scramble(value)
        obj.clear()
        obj.append("scrambled")


def check_finished(game: Game, state: State) -> None:
    """A finished game: nobody to act, sensible returns, scores and winners."""
    n = state.n_players
    assert game.is_over(state)
    assert tuple(game.to_act(state)) == ()
    assert all(game.legal_actions(state, seat) == [] for seat in range(n))
    returns = game.returns(state)
    assert len(returns) == n
    assert all(isinstance(r, (int, float)) and math.isfinite(r) for r in returns), returns
    assert all(-1.0 <= r <= 1.0 for r in returns), f"returns outside [-1, 1]: {returns}"
    winners = game.winners(state)
    assert winners, "a finished game has no winner"
    assert len(set(winners)) == len(winners) and all(0 <= w < n for w in winners), winners
    losers = [s for s in range(n) if s not in winners]
    for w in winners:
        assert returns[w] == max(returns), f"winner {w} has not the best return: {returns}"
        for loser in losers:
            assert returns[w] > returns[loser], f"winner {w} vs {loser}: {returns}"
    if getattr(type(game), "returns", None) is GameBase.returns:
        assert math.isclose(sum(returns), 1.0), f"the win is not shared out: {returns}"
    scores = game.scores(state)
    assert len(scores) == n
    assert all(isinstance(v, (int, float)) and math.isfinite(v) for v in scores), scores
