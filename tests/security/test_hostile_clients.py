"""No client can slow another: a real ``noblesse serve`` process, real sockets.

A spectator whose socket never reads (a stalled tab, a slow phone link, or on purpose: a
tiny receive buffer and no reads) used to freeze its table for everyone, since the
server sent to one connection after another under the table's lock. Now every
connection has a bounded outbox: the reader that falls behind is dropped, the others
hear every action at once and the bots play on. Floods of ``sync`` and loops of replay
requests do not hold up anyone else's requests either.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from browser.server import ServerProcess
from noblesse.bench_server import client_frame

BOT_DELAY = 0.01


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("hostile")
    # a short outbox and send timeout, so the slow reader is dropped within the test
    proc = ServerProcess(
        f"sqlite:///{tmp / 'tables.db'}",
        tmp / "server.log",
        BOT_DELAY,
        args=[
            "--outbox",
            "16",
            "--send-timeout",
            "2",
            "--syncs-per-second",
            "1000",
            "--messages-per-second",
            "1000",
        ],
    )
    proc.start()
    yield proc
    proc.stop()


def ws_base(server: ServerProcess) -> str:
    return server.url.replace("http://", "ws://")


def create(server: ServerProcess, game: str, seats: list[str], **options: object) -> str:
    res = server.post("/api/tables", json={"game": game, "seats": seats, "options": options})
    assert res.status_code == 201, res.text
    return res.json()["id"]


def slow_reader(server: ServerProcess, path: str) -> socket.socket:
    """A WebSocket that completes its handshake and then never reads again, with a
    receive buffer as small as the kernel allows."""
    host, port = server.url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:  # the 101 answer, and not a byte more is read
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def watch_every_action(
    url: str,
    until: float,
    at: tuple[int, Callable[[], None]] | None = None,
) -> list[tuple[float, int, bool]]:
    """(arrival time, n, over) of every state or change message a reading spectator receives;
    ``at=(n, fn)`` calls ``fn`` once the spectator has seen action ``n``."""
    seen = []
    with connect(url, max_size=2**24, open_timeout=10) as ws:
        while time.monotonic() < until:
            if at and seen and seen[-1][1] >= at[0]:
                at[1]()
                at = None
            try:
                msg = json.loads(ws.recv(timeout=max(0.01, until - time.monotonic())))
            except TimeoutError:
                break
            if msg["type"] in ("state", "change"):
                seen.append((time.monotonic(), msg["n"], msg["over"]))
                if msg["over"]:
                    break
    return seen


@pytest.mark.alone
def test_a_reader_that_never_reads_is_dropped_and_slows_nobody(server: ServerProcess) -> None:
    # Fief's messages are large: the stalled socket's buffers fill within a few actions
    table = create(server, "fief", ["random", "random", "random"], max_turns=2)
    stalled = slow_reader(server, f"/ws/tables/{table}/watch")

    asked = []

    def ask_for_everything() -> None:  # 300 whole logs (megabytes), and never a byte read
        stalled.sendall(client_frame(b'{"type": "sync"}') * 300)
        asked.append(True)

    seen = watch_every_action(
        f"{ws_base(server)}/ws/tables/{table}/watch",
        time.monotonic() + 90,
        at=(40, ask_for_everything),
    )
    # the honest spectator heard every action, one after another, none late
    numbers = [n for _, n, _ in seen]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), numbers[:20]
    assert seen[-1][2], f"the bots stopped at action {numbers[-1]}"
    assert asked and len(numbers) > 60  # the stalled socket asked for more than it can take
    gaps = [b[0] - a[0] for a, b in zip(seen, seen[1:], strict=False)]
    assert max(gaps) < 1.0, max(gaps)
    # and the server let go of the stalled socket: reading it now ends (EOF or reset)
    stalled.settimeout(15)
    got = 0
    try:
        while chunk := stalled.recv(1 << 20):
            got += len(chunk)
    except ConnectionResetError:
        pass
    except TimeoutError:
        raise AssertionError(f"the server kept the stalled socket open ({got} bytes)") from None
    stalled.close()
    assert got > 0
    assert "Traceback" not in server.log()


FLOOD = """
import asyncio, json, random, sys
import httpx, websockets

async def flood(url):
    async with websockets.connect(url, max_size=2**24) as ws:
        try:
            for _ in range(1000):
                await ws.send('{"type": "sync"}')
        except websockets.ConnectionClosed:
            pass

async def replays(base, table, steps, until):
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        rng = random.Random()
        while asyncio.get_running_loop().time() < until:
            r = await client.get(f"/api/tables/{table}/replay", params={"step": rng.randrange(steps + 1)})
            assert r.status_code == 200, r.text

async def main(base, live, finished, steps, seconds):
    until = asyncio.get_running_loop().time() + seconds
    ws = base.replace("http://", "ws://")
    jobs = [flood(f"{ws}/ws/tables/{live}/watch") for _ in range(3)]
    jobs += [replays(base, finished, steps, until) for _ in range(8)]
    await asyncio.gather(*jobs)
    print("done")

asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])))
"""


@pytest.mark.alone
def test_sync_floods_and_replay_loops_do_not_hold_up_other_requests(
    server: ServerProcess, tmp_path: Path
) -> None:
    finished = create(server, "guillotine", ["random", "random", "random", "random"])
    deadline = time.monotonic() + 60
    while not (msg := server.get(f"/api/tables/{finished}/watch").json())["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    live = create(server, "guillotine", ["human", "human", "human"])
    script = tmp_path / "flood.py"
    script.write_text(FLOOD)
    attackers = subprocess.Popen(
        [sys.executable, str(script), server.url, live, finished, str(msg["n"]), "8"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(0.5)  # the floods and replays are under way
        times = []
        with httpx.Client(base_url=server.url, timeout=10) as client:
            while attackers.poll() is None and len(times) < 300:
                start = time.perf_counter()
                assert client.get("/api/games").status_code == 200
                times.append((time.perf_counter() - start) * 1000)
                time.sleep(0.01)
        out, err = attackers.communicate(timeout=60)
    finally:
        attackers.kill()
    assert attackers.returncode == 0 and "done" in out, err
    assert len(times) >= 100
    p99 = statistics.quantiles(times, n=100)[98]
    assert p99 < 100, f"GET /api/games p99 {p99:.0f} ms under floods and replays"
    assert "Traceback" not in server.log()
