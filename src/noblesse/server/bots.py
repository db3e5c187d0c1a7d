"""Bots think in worker processes, never on the server's event loop.

A decision is sent to a process pool as (game id, a copy of the state, seat, bot
spec, seed) and comes back as an action string; in the worker the bot is asked through
``agents.act_honestly``, so it decides on a world built from its seat's information
alone, never on the copy of the true state. The pool is one per server process
and bounded (``Settings.bot_workers``), so however many bot tables there are, the
event loop only waits for answers. A bot's spec is checked in full, and capped to
the server's think time, before it may sit at a table (``agents.capped_spec``).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.core.game import State

_pool: ProcessPoolExecutor | None = None
_pool_size = 0


def think(game_id: str, state: State, seat: int, spec: str, seed: int) -> str:
    """In a worker: the bot's decision, as the action's string."""
    game = games.get(game_id)
    return game.encode(act_honestly(make_agent(spec, seed), game, state, seat))


def _start_worker(parent: int) -> None:
    """In each worker, once: import every game (the first decision waits for nothing
    else), and end when the server process is gone, even killed with SIGKILL (a worker
    holds its own end of the task pipe, so it would never see the server leave)."""
    games.all()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="noblesse-bot-watch", daemon=True).start()


def _warm() -> None:
    """Nothing: a task that makes the pool start its process."""


def pool(workers: int) -> ProcessPoolExecutor:
    """This process's bot pool (started on first use; spawned, so no thread is forked)."""
    global _pool, _pool_size
    if _pool is None or _pool_size != workers:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
        _pool = ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )
        _pool_size = workers
    return _pool


def warm(workers: int) -> None:
    """Start the pool's processes now (a server at start-up), so no player waits for it."""
    for _ in range(workers):
        pool(workers).submit(_warm)


async def decide(game_id: str, state: State, seat: int, spec: str, seed: int, workers: int) -> str:
    """The bot's action for ``state`` (a copy the caller will not touch again)."""
    loop = asyncio.get_running_loop()
    for attempt in range(2):
        try:
            return await loop.run_in_executor(
                pool(workers), think, game_id, state, seat, spec, seed
            )
        except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool
            global _pool
            _pool = None
            if attempt:
                raise
    raise AssertionError("unreachable")
