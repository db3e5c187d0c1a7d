"""Benchmarks (``noblesse bench``): random playouts on one core, reported as medians.

The figure that matters is decisions per second: ``legal_actions`` then ``apply``
for every decision of random 4-player games. A baseline loop measured in the same
run (the same number of random choices over a fixed list) shows how much of the
time is the driver itself, so runs on a busy machine can be compared.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from noblesse import games
from noblesse.core.game import machine_options


@dataclass
class BenchResult:
    game: str
    players: int
    runs: int
    games_per_run: int
    decisions_per_second: list[float]
    games_per_second: list[float]
    baseline_choices_per_second: list[float]

    @property
    def median_dps(self) -> float:
        return statistics.median(self.decisions_per_second)

    @property
    def median_gps(self) -> float:
        return statistics.median(self.games_per_second)

    @property
    def median_baseline(self) -> float:
        return statistics.median(self.baseline_choices_per_second)


def random_playouts(game_id: str, players: int, n_games: int, seed: int) -> tuple[int, float]:
    """Play ``n_games`` uniformly random games; returns (decisions, seconds)."""
    game = games.get(game_id)
    rng = random.Random(seed)
    options = machine_options(game)
    legal_actions, apply, to_act, is_over = game.legal_actions, game.apply, game.to_act, game.is_over
    decisions = 0
    start = time.perf_counter()
    for i in range(n_games):
        state = game.setup(players, seed * 100_003 + i, options)
        while not is_over(state):
            for seat in to_act(state):
                legal = legal_actions(state, seat)
                apply(state, seat, legal[rng.randrange(len(legal))])
                decisions += 1
    return decisions, time.perf_counter() - start


def _baseline(choices: int, seed: int) -> float:
    rng = random.Random(seed)
    legal = list(range(6))
    start = time.perf_counter()
    for _ in range(choices):
        legal[rng.randrange(len(legal))]
    return choices / (time.perf_counter() - start)


def bench_game(game_id: str, players: int = 4, runs: int = 5, games_per_run: int = 300,
               seed: int = 1) -> BenchResult:
    random_playouts(game_id, players, max(1, games_per_run // 10), seed)  # warm up
    dps, gps, base = [], [], []
    for run in range(runs):
        decisions, seconds = random_playouts(game_id, players, games_per_run, seed + run)
        dps.append(decisions / seconds)
        gps.append(games_per_run / seconds)
        base.append(_baseline(decisions, seed + run))
    return BenchResult(game_id, players, runs, games_per_run, dps, gps, base)
