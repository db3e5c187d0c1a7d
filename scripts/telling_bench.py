"""The table server's telling, in one process: what it costs to tell every seat of a
table each action, without sockets, clients or a second process.

    PYTHONPATH=src python scripts/telling_bench.py --tables 200 --actions 3000 --rounds 16 --rev c186a20

A ``TableManager`` on a fresh SQLite file holds ``--tables`` Guillotine tables (or
``--game``) of four human seats, each seat a connection whose outbox only counts what it
is given; random legal actions go through ``TableManager.act`` as a player's would.
Reported: the main thread's CPU time per action, and the part of it spent in
``_broadcast`` (building each seat's message and handing it over). With ``--rev``, each
round runs this checkout and then revision REV (checked out in a temporary worktree) in
turn, each in its own process, and the ratio of the two is given for each round and as
the median: the machine's noise moves both alike within a round.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from noblesse.server.settings import Settings
from noblesse.server.store import Store
from noblesse.server.tables import Connection, Table, TableManager

REPO = Path(__file__).resolve().parent.parent


class CountingOutbox:
    """An outbox that takes every message and keeps only their number and size."""

    def __init__(self) -> None:
        self.messages = 0
        self.size = 0

    def put(self, text: str | bytes) -> bool:
        self.messages += 1
        self.size += len(text)
        return True


async def measure(game_id: str, tables: int, actions: int, seed: int) -> dict[str, float]:
    """Play ``actions`` random actions over ``tables`` tables; the main thread's CPU time
    an action, the part of it spent telling the seats, and the messages told."""
    told = [0.0]
    broadcast = TableManager._broadcast

    def timed(self: TableManager, table: Table) -> None:
        start = time.thread_time()
        broadcast(self, table)
        told[0] += time.thread_time() - start

    TableManager._broadcast = timed  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as folder:
            unlimited = Settings(
                tables_per_minute=0,
                open_tables_per_address=0,
                connections_per_address=0,
                connections_per_table=0,
            )
            manager = TableManager(Store(f"sqlite:///{folder}/bench.db"), 0.0, unlimited)
            made, outboxes = [], []
            for _ in range(tables):
                table, _tokens, _host = await manager.create(game_id, ["human"] * 4)
                for seat in range(4):
                    outboxes.append(CountingOutbox())
                    conn = Connection(seat, outboxes[-1], "bench")  # type: ignore[arg-type]
                    table.connections.append(conn)
                    manager._send(table, conn)
                made.append(table)
            rng = random.Random(seed)
            told[0], done, start = 0.0, 0, time.thread_time()
            while done < actions:
                table = rng.choice(made)
                game = table.game
                if game.is_over(table.state):
                    continue
                seat = rng.choice(list(game.to_act(table.state)))
                action = rng.choice(game.legal_actions(table.state, seat))
                await manager.act(table, seat, game.encode(action))
                done += 1
            spent = time.thread_time() - start
            manager.store.writer.close()
    finally:
        TableManager._broadcast = broadcast  # type: ignore[method-assign]
    return {
        "us_per_action": 1e6 * spent / actions,
        "telling_us": 1e6 * told[0] / actions,
        "messages": sum(box.messages for box in outboxes),
    }


def run_in(src: Path, args: argparse.Namespace) -> dict[str, float]:
    """One measurement in a fresh process on the code under ``src``."""
    command = [
        sys.executable,
        __file__,
        "--one",
        "--game",
        args.game,
        "--tables",
        str(args.tables),
        "--actions",
        str(args.actions),
        "--seed",
        str(args.seed),
    ]
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="guillotine")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rev", help="also measure this git revision, round by round")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(asyncio.run(measure(args.game, args.tables, args.actions, args.seed))))
        return
    with tempfile.TemporaryDirectory() as folder:
        base = None
        if args.rev:
            base = Path(folder) / "rev"
            subprocess.run(
                ["git", "-C", str(REPO), "worktree", "add", "--detach", str(base), args.rev],
                check=True,
                capture_output=True,
            )
        try:
            ratios = []
            for round_ in range(1, args.rounds + 1):
                now = run_in(REPO / "src", args)
                line = f"round {round_}: this checkout {now['us_per_action']:.0f} µs an action, telling {now['telling_us']:.0f} µs"
                if base is not None:
                    then = run_in(base / "src", args)
                    ratios.append(now["telling_us"] / then["telling_us"])
                    line += f"; {args.rev} {then['us_per_action']:.0f}, telling {then['telling_us']:.0f} µs; ratio {ratios[-1]:.3f}"
                print(line, flush=True)
            if ratios:
                print(
                    f"telling, this checkout / {args.rev}: median ratio {statistics.median(ratios):.3f}"
                )
        finally:
            if base is not None:
                subprocess.run(
                    ["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)],
                    check=False,
                    capture_output=True,
                )


if __name__ == "__main__":
    main()
