"""Benchmarks (``noblesse bench``): random playouts on one core, reported as medians;
and (``noblesse bench greedy``) greedy bots' games per second, before and after.

The figure that matters is decisions per second: ``legal_actions`` then ``apply``
for every decision of random 4-player games. A baseline loop measured in the same
run (the same number of random choices over a fixed list) shows how much of the
time is the driver itself, so runs on a busy machine can be compared.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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
    legal_actions, apply, to_act, is_over = (
        game.legal_actions,
        game.apply,
        game.to_act,
        game.is_over,
    )
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


def bench_game(
    game_id: str, players: int = 4, runs: int = 5, games_per_run: int = 300, seed: int = 1
) -> BenchResult:
    random_playouts(game_id, players, max(1, games_per_run // 10), seed)  # warm up
    dps, gps, base = [], [], []
    for run in range(runs):
        decisions, seconds = random_playouts(game_id, players, games_per_run, seed + run)
        dps.append(decisions / seconds)
        gps.append(games_per_run / seconds)
        base.append(_baseline(decisions, seed + run))
    return BenchResult(game_id, players, runs, games_per_run, dps, gps, base)


# ------------------------------------------------------------------ greedy bots, before/after
# One timed run: ``n`` greedy-versus-greedy games in a fresh interpreter on the ``src``
# folder it is given, with the options machines play (``machine_options``), in CPU
# seconds of that process (a busy machine slows the wall clock, not this). It uses only
# what older revisions have too, so a baseline revision runs the same script.
_GREEDY_RUN = """
import sys, time
from noblesse import games
from noblesse.core.game import machine_options
from noblesse.sim.batch import game_seed, play_game
game_id, players, n, run = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
bots, options = ["greedy"] * players, machine_options(games.get(game_id))  # as simulate does
play_game(game_id, bots, game_seed(run, -1), 0, options)  # imports and caches, untimed
start = time.process_time()
decisions = sum(play_game(game_id, bots, game_seed(run, i), i, options).decisions
                for i in range(n))
print(time.process_time() - start, decisions)
"""


def greedy_games_per_second(src: Path, game_id: str, players: int, n: int, run: int) -> float:
    """Greedy-versus-greedy games per CPU second of the code in ``src`` (one run)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", _GREEDY_RUN, game_id, str(players), str(n), str(run)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    cpu = float(out.stdout.split()[0])
    return n / cpu if cpu > 0 else float("inf")


def this_source() -> Path:
    """The folder this ``noblesse`` package is imported from (its ``src``)."""
    return Path(__file__).resolve().parent.parent


def bench_greedy(
    game_ids: list[str],
    sources: list[tuple[str, Path]],
    players: int = 4,
    runs: int = 3,
    n: int = 10,
    progress: Callable[[str], None] | None = None,
) -> dict[tuple[str, str], list[float]]:
    """Games per CPU second of four greedy bots, per (source name, game): every run plays
    the same seeded games on each source in turn, so before and after share the
    machine's moment."""
    rates: dict[tuple[str, str], list[float]] = {}
    for run in range(runs):
        for game_id in game_ids:
            for name, src in sources:
                if progress:
                    progress(f"run {run + 1}/{runs}: {game_id} on {name}")
                rate = greedy_games_per_second(src, game_id, players, n, run)
                rates.setdefault((name, game_id), []).append(rate)
    return rates
