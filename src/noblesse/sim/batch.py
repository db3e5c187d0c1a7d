"""Play many seeded bot games, in worker processes, with results independent of the
worker count: game ``i`` always gets the seed ``game_seed(seed, i)`` and results are
returned in game order."""

from __future__ import annotations

import hashlib
import multiprocessing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from noblesse import games
from noblesse.agents import make_agent


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    scores: list[float]
    winners: list[int]
    decisions: int


def game_seed(seed: int, index: int, salt: str = "game") -> int:
    """A well-mixed 63-bit seed for game ``index`` of a run seeded with ``seed``."""
    digest = hashlib.sha256(f"{salt}:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_game(game_id: str, bots: list[str], seed: int, index: int = 0,
              options: dict[str, Any] | None = None, max_decisions: int = 1_000_000) -> GameResult:
    game = games.get(game_id)
    agents = [make_agent(spec, game_seed(seed, seat, "bot")) for seat, spec in enumerate(bots)]
    state = game.setup(len(bots), seed, options)
    decisions = 0
    while not game.is_over(state):
        if decisions >= max_decisions:
            raise RuntimeError(f"game {index} (seed {seed}) did not end in {max_decisions} decisions")
        for seat in game.to_act(state):
            game.apply(state, seat, agents[seat].act(game, state, seat))
            decisions += 1
    return GameResult(index, seed, game.scores(state), game.winners(state), decisions)


def _play_chunk(args: tuple[str, list[str], int, list[int], dict[str, Any]]) -> list[GameResult]:
    game_id, bots, seed, indices, options = args
    return [play_game(game_id, bots, game_seed(seed, i), i, options) for i in indices]


def _chunks(n: int, size: int) -> Iterator[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def run_batch(game_id: str, n: int, bots: list[str], seed: int = 0, workers: int = 1,
              options: dict[str, Any] | None = None,
              progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play ``n`` games; ``progress(k)`` is called as each block of k games finishes."""
    game = games.get(game_id)
    if not game.min_players <= len(bots) <= game.max_players:
        raise ValueError(f"{game_id} is for {game.min_players}-{game.max_players} players; "
                         f"{len(bots)} bots given")
    for spec in bots:
        make_agent(spec)  # unknown bot names fail here, before any work starts
    options = dict(options or {})
    chunk = max(1, min(50, n // (workers * 8) or 1))
    jobs = [(game_id, bots, seed, idx, options) for idx in _chunks(n, chunk)]
    results: list[GameResult] = []
    if workers <= 1:
        for job in jobs:
            done = _play_chunk(job)
            results.extend(done)
            if progress:
                progress(len(done))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers) as pool:
            for done in pool.imap_unordered(_play_chunk, jobs):
                results.extend(done)
                if progress:
                    progress(len(done))
    results.sort(key=lambda r: r.index)
    return results
