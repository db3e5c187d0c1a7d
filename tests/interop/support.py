"""Shared helpers of the interop tests: the game ids (read at collection time) and the
simultaneous decisions found by random play, all through the kernel contract only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from noblesse import games
from noblesse.core.game import Game, State
from noblesse.interop.encoding import default_players

RL_EXTRA = "the rl extra is not installed (pip install -e '.[rl]'); .ci/run installs it"


def game_ids() -> list[Any]:
    """One parameter per registered game id (a game that fails to load fails its own tests)."""
    return [pytest.param(game_id, id=game_id) for game_id in games.ids()]


def players_of(game_id: str) -> int:
    return default_players(games.get(game_id))


def simultaneous_decisions(
    game: Game, players: int, n_games: int = 6, limit: int = 5, seed: int = 11
) -> list[tuple[State, int, int]]:
    """Up to ``limit`` states where several seats must decide at once, found by random
    play: (state, first seat to choose, a seat that chooses after it)."""
    rng = random.Random(seed)
    found: list[tuple[State, int, int]] = []
    for i in range(n_games):
        state = game.setup(players, seed + i)
        while not game.is_over(state) and len(found) < limit:
            seats = game.to_act(state)
            if len(seats) > 1:
                found.append((game.clone(state), seats[0], seats[1]))
            for seat in seats:
                legal = game.legal_actions(state, seat)
                game.apply(state, seat, legal[rng.randrange(len(legal))])
        if len(found) >= limit:
            break
    return found
