"""``noblesse bench server``: a load generator for the web table, on loopback only.

It starts ``noblesse serve`` in a subprocess on a free port of 127.0.0.1 with a
fresh SQLite store, creates N tables whose every seat is played by this process
through its own WebSocket (random legal actions after a think time), and measures
the latency of each action: from sending it to receiving the state that includes
it. The run is bounded by a duration and stops by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets


@dataclass
class LoadResult:
    tables: int
    seconds: float
    actions: int
    finished_games: int
    latencies_ms: list[float] = field(default_factory=list)
    samples: list[tuple[float, float]] = field(default_factory=list)  # (time, latency ms)
    errors: int = 0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        if not self.latencies_ms:
            return float("nan")
        data = sorted(self.latencies_ms)
        return data[min(len(data) - 1, int(q * len(data)))]

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db_url: str, bot_delay: float = 0.0) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "noblesse.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", db_url, "--bot-delay", str(bot_delay)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start within 30 s")


async def _seat_client(url: str, rng: random.Random, think: float, result: LoadResult,
                       stop_at: float) -> None:
    async with websockets.connect(url, max_size=2**24) as ws:
        sent_at: float | None = None
        sent_n = -1
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] == "error":
                result.errors += 1
                sent_at = None
                continue
            if sent_at is not None and msg["n"] > sent_n:
                now = time.monotonic()
                result.latencies_ms.append((now - sent_at) * 1000)
                result.samples.append((now, (now - sent_at) * 1000))
                result.actions += 1
                sent_at = None
            if msg["over"]:
                if msg["seat"] == 0:
                    result.finished_games += 1
                return
            if msg["legal"] and sent_at is None:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                choice = rng.choice(msg["legal"])["action"]
                sent_at, sent_n = time.monotonic(), msg["n"]
                await ws.send(json.dumps({"type": "act", "action": choice}))


async def _run_load(base: str, tables: int, players: int, game: str, think: float,
                    seconds: float, seed: int) -> LoadResult:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        created = []
        for i in range(tables):
            r = await client.post("/api/tables", json={
                "game": game, "seats": ["human"] * players, "seed": seed * 10_000 + i})
            r.raise_for_status()
            created.append(r.json())
    result = LoadResult(tables, 0.0, 0, 0)
    ws_base = base.replace("http://", "ws://")
    start = time.monotonic()
    stop_at = start + seconds
    clients = [
        _seat_client(f"{ws_base}/ws/tables/{t['id']}/seats/{s['seat']}?token={s['token']}",
                     random.Random(rng.getrandbits(32)), think, result, stop_at)
        for t in created for s in t["seats"]
    ]
    await asyncio.gather(*clients, return_exceptions=False)
    result.seconds = time.monotonic() - start
    return result


def bench_server(tables: int = 200, players: int = 4, game: str = "guillotine",
                 think: float = 1.0, seconds: float = 30.0, seed: int = 1) -> LoadResult:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        proc = start_server(port, db_url)
        try:
            return asyncio.run(_run_load(f"http://127.0.0.1:{port}", tables, players, game,
                                         think, seconds, seed))
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
            if proc.poll() is None:
                proc.kill()
