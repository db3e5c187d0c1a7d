"""``noblesse bench server``: a load generator for the web table, on loopback only.

It starts ``noblesse serve`` in a subprocess on a free port of 127.0.0.1 with a
fresh SQLite store, creates N tables whose every seat is played by this process
through its own WebSocket (random legal actions after a think time), and measures
the latency of each action: from sending it to receiving the state that includes
it. The run is bounded by a duration and stops by itself.

With ``hostile=N`` a second process opens N attacking connections to the same
server while the honest seats play (issue #17, "no client can slow another"):
slow readers, sync flooders and junk senders, spread evenly; see ``_hostile_child``.
All traffic stays on 127.0.0.1 and every loop is bounded in time and in count.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import math
import os
import random
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

# The server's limits per address and per table would refuse the bench's own legitimate
# load, which all comes from 127.0.0.1: the bench turns them off (0 = no limit). Its
# tables are seeded (the same deals in the clean and the hostile run): known deals.
SERVER_FLAGS: list[str] = [
    "--tables-per-minute", "0", "--open-tables-per-address", "0",
    "--connections-per-address", "0", "--connections-per-table", "0", "--known-deals",
]

HOSTILE_KINDS = ("slow_reader", "sync_flood_reading", "sync_flood_deaf", "junk")


@dataclass
class LoadResult:
    tables: int
    seconds: float
    actions: int
    finished_games: int
    latencies_ms: list[float] = field(default_factory=list)
    samples: list[tuple[float, float]] = field(default_factory=list)  # (time, latency ms)
    errors: int = 0
    unanswered: int = 0  # actions sent whose state had not come back when the run ended
    dropped: int = 0  # honest seats whose socket failed or was closed before the end
    hostile: int = 0  # hostile connections asked for
    cpu_seconds: float = float("nan")  # the server process's user+system CPU in the window
    hostile_stats: dict[str, dict[str, int]] = field(default_factory=dict)  # kind -> counters
    hostile_cpu_seconds: float = float("nan")  # the attacking process's own CPU (same machine)

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

    @property
    def cpu_ms_per_action(self) -> float:
        return self.cpu_seconds * 1000 / self.actions if self.actions else float("nan")

    def hostile_total(self, counter: str) -> int:
        return sum(k.get(counter, 0) for k in self.hostile_stats.values())

    def summary(self) -> dict[str, Any]:
        """The machine-readable form (``noblesse bench server --json``)."""
        def num(x: float) -> float | None:
            return None if math.isnan(x) else round(x, 3)
        return {
            "tables": self.tables, "seconds": round(self.seconds, 3), "actions": self.actions,
            "actions_per_second": round(self.actions_per_second, 3),
            "p50_ms": num(self.p50), "p90_ms": num(self.percentile(0.90)),
            "p99_ms": num(self.percentile(0.99)),
            "max_ms": num(max(self.latencies_ms, default=float("nan"))),
            "finished_games": self.finished_games, "errors": self.errors,
            "unanswered": self.unanswered, "dropped": self.dropped,
            "server_cpu_seconds": num(self.cpu_seconds),
            "server_cpu_ms_per_action": num(self.cpu_ms_per_action),
            "hostile": self.hostile,
            "hostile_opened": self.hostile_total("opened"),
            "hostile_closed_by_server": self.hostile_total("closed_by_server"),
            "hostile_by_kind": self.hostile_stats,
            "hostile_cpu_seconds": num(self.hostile_cpu_seconds),
        }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db_url: str, bot_delay: float = 0.0,
                 log: Path | None = None) -> subprocess.Popen[bytes]:
    # stderr goes to a file (``log``), never a pipe nobody reads during the run: the
    # tracebacks that junk provokes would fill a pipe and freeze the server on a write
    with open(log or os.devnull, "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "noblesse.cli", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", db_url, "--bot-delay", str(bot_delay),
             *SERVER_FLAGS],
            stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-4000:] if log else ''}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start within 30 s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc; NaN elsewhere)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return float("nan")
    fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) ": field 3 onwards
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


async def _seat_client(url: str, rng: random.Random, think: float, result: LoadResult,
                       stop_at: float) -> None:
    sent_at: float | None = None
    try:
        async with websockets.connect(url, max_size=2**24, close_timeout=1) as ws:
            sent_n = -1
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(),
                                                 timeout=max(0.01, stop_at - time.monotonic()))
                except TimeoutError:
                    break
                msg = json.loads(raw)
                if msg["type"] == "presence":  # a seat's player came or went
                    continue
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
    except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake):
        if time.monotonic() < stop_at:
            result.dropped += 1
    if sent_at is not None:
        result.unanswered += 1


async def _run_load(base: str, tables: int, players: int, game: str, think: float,
                    seconds: float, seed: int, hostile: int = 0,
                    server_pid: int | None = None,
                    hostile_kinds: tuple[str, ...] = HOSTILE_KINDS) -> LoadResult:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        created = []
        for i in range(tables):
            r = await client.post("/api/tables", json={
                "game": game, "seats": ["human"] * players, "seed": seed * 10_000 + i})
            r.raise_for_status()
            created.append(r.json())
    result = LoadResult(tables, 0.0, 0, 0, hostile=hostile)
    ws_base = base.replace("http://", "ws://")
    attack = _HostileProcess(base, [t["id"] for t in created], hostile, seconds,
                             hostile_kinds) \
        if hostile else None
    loop = asyncio.get_running_loop()
    if attack:
        await loop.run_in_executor(None, attack.start)  # before the clock: its start-up
    start = time.monotonic()
    stop_at = start + seconds
    cpu_start = cpu_seconds(server_pid) if server_pid else float("nan")
    if attack:
        attack.go()
    clients = [
        _seat_client(f"{ws_base}/ws/tables/{t['id']}/seats/{s['seat']}?token={s['token']}",
                     random.Random(rng.getrandbits(32)), think, result, stop_at)
        for t in created for s in t["seats"]
    ]
    play = asyncio.ensure_future(asyncio.gather(*clients, return_exceptions=False))
    try:
        # the window ends at the deadline (or when every game has ended), not when the
        # last socket has finished closing
        await asyncio.wait({play}, timeout=seconds)
        result.seconds = min(time.monotonic(), stop_at) - start
        if server_pid:
            result.cpu_seconds = cpu_seconds(server_pid) - cpu_start
        await play
    finally:
        if attack:
            report = await loop.run_in_executor(None, attack.finish)
            result.hostile_stats = report["kinds"]
            result.hostile_cpu_seconds = report.get("cpu_seconds", float("nan"))
    return result


def bench_server(tables: int = 200, players: int = 4, game: str = "guillotine",
                 think: float = 1.0, seconds: float = 30.0, seed: int = 1,
                 hostile: int = 0, hostile_kinds: tuple[str, ...] = HOSTILE_KINDS) -> LoadResult:
    """One run on a fresh server and store; ``hostile`` attacking connections beside it,
    of ``hostile_kinds`` dealt round-robin."""
    if not hostile_kinds or set(hostile_kinds) - set(HOSTILE_KINDS):
        raise ValueError(f"hostile kinds are among {', '.join(HOSTILE_KINDS)}")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        proc = start_server(port, db_url, log=Path(tmp) / "server.log")
        try:
            return asyncio.run(_run_load(f"http://127.0.0.1:{port}", tables, players, game,
                                         think, seconds, seed, hostile, proc.pid,
                                         tuple(hostile_kinds)))
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
            if proc.poll() is None:
                proc.kill()


def bench_clean_and_hostile(hostile: int, **kw: Any) -> tuple[LoadResult, LoadResult]:
    """A clean run, then a run with ``hostile`` attackers: same seed and duration, each on
    a fresh server and store."""
    return bench_server(**kw), bench_server(hostile=hostile, **kw)


# ----------------------------------------------------------------------------- hostile
# The attackers run in a process of their own, so that their work never slows the honest
# seats' event loop here: what the honest latencies show is the server's doing.

class _HostileProcess:
    """``python -c`` running ``_hostile_child``, told what to do on stdin (one JSON line, then
    "go", then "stop"), answering "ready" and finally its counters as one JSON line. A plain
    subprocess rather than multiprocessing, which would import the caller's main module."""

    def __init__(self, base: str, table_ids: list[str], n: int, seconds: float,
                 kinds: tuple[str, ...]) -> None:
        self._config = {"base": base, "table_ids": table_ids, "n": n, "seconds": seconds,
                        "kinds": list(kinds)}
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-c", "from noblesse.bench_server import _hostile_child; "
                                   "_hostile_child()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self._proc.stdin and self._proc.stdout
        self._proc.stdin.write(json.dumps(self._config).encode() + b"\n")
        self._proc.stdin.flush()
        if self._proc.stdout.readline().strip() != b"ready":  # b"": it died
            self._proc.kill()
            raise RuntimeError("the hostile process did not start")

    def go(self) -> None:
        assert self._proc and self._proc.stdin
        self._proc.stdin.write(b"go\n")
        self._proc.stdin.flush()

    def finish(self) -> dict[str, Any]:
        """{"kinds": counters by kind, "cpu_seconds": the attackers' own CPU}."""
        assert self._proc
        try:
            out, _ = self._proc.communicate(b"stop\n", timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
            return {"kinds": {}}
        lines = out.decode().strip().splitlines()
        return json.loads(lines[-1]) if lines else {"kinds": {}}


def _hostile_child() -> None:
    """The attacking process: N connections, kinds dealt round-robin, tables likewise."""
    import threading

    config = json.loads(sys.stdin.readline())
    stop = threading.Event()
    print("ready", flush=True)
    if sys.stdin.readline().strip() != "go":
        return

    def watch_stdin() -> None:
        sys.stdin.readline()  # "stop", or EOF when the bench went away
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    cpu = time.process_time()
    stats = asyncio.run(_hostile(config["base"], config["table_ids"], config["n"],
                                 config["seconds"], stop, tuple(config["kinds"])))
    print(json.dumps({"kinds": stats, "cpu_seconds": time.process_time() - cpu}), flush=True)


async def _hostile(base: str, table_ids: list[str], n: int, seconds: float,
                   stop: Any, kinds: tuple[str, ...] = HOSTILE_KINDS) -> dict[str, dict[str, int]]:
    host, port = base.removeprefix("http://").split(":")
    assert host == "127.0.0.1", "the bench attacks loopback only"
    deadline = time.monotonic() + seconds
    stats = {kind: {"connections": 0, "opened": 0, "refused": 0, "closed_by_server": 0,
                    "frames_sent": 0, "bytes_read": 0}
             for kind in kinds}
    for i in range(n):
        stats[kinds[i % len(kinds)]]["connections"] += 1
    stats = {k: v for k, v in stats.items() if v["connections"]}
    runners = {"slow_reader": _slow_reader, "sync_flood_reading": _sync_flooder,
               "sync_flood_deaf": _sync_flooder, "junk": _junk_sender}
    tasks = []
    for i in range(n):
        kind = kinds[i % len(kinds)]
        path = f"/ws/tables/{table_ids[i % len(table_ids)]}/watch"
        tasks.append(asyncio.create_task(runners[kind](
            _Target(int(port), path, deadline, kind, stats[kind]))))

    async def watch_stop() -> None:
        while time.monotonic() < deadline and not stop.is_set():
            await asyncio.sleep(0.05)

    await watch_stop()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


@dataclass
class _Target:
    port: int
    path: str
    deadline: float
    kind: str
    stats: dict[str, int]

    def left(self) -> float:
        return self.deadline - time.monotonic()


RECONNECT_GAP = 0.3  # seconds: one hostile connection reconnects at most ~3 times a second
MAX_FRAMES = 1_000_000  # per connection: a bound on every sending loop besides the deadline


def client_frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """One masked client frame (RFC 6455)."""
    n = len(payload)
    if n < 126:
        head = bytes([0x80 | opcode, 0x80 | n])
    elif n < 1 << 16:
        head = bytes([0x80 | opcode, 0x80 | 126]) + struct.pack("!H", n)
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    key = (mask * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")
    return head + mask + masked


SYNC = json.dumps({"type": "sync"}).encode()


async def _open_raw(t: _Target, rcvbuf: int | None = None) -> socket.socket | None:
    """A WebSocket handshake by hand on a raw socket (``rcvbuf`` set before connecting,
    so the window the server sees is small from the start). None if refused."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    try:
        await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", t.port)), max(0.1, t.left()))
        key = base64.b64encode(os.urandom(16)).decode()
        await loop.sock_sendall(sock, (
            f"GET {t.path} HTTP/1.1\r\nHost: 127.0.0.1:{t.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response and len(response) < 8192:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 1024), max(0.1, t.left()))
            if not chunk:
                break
            response += chunk
        if not response.startswith(b"HTTP/1.1 101"):
            raise ConnectionRefusedError(response[:40])
    except (OSError, TimeoutError):
        sock.close()
        t.stats["refused"] += 1
        return None
    except BaseException:  # cancelled at the end of the run
        sock.close()
        raise
    t.stats["opened"] += 1
    return sock


def _server_closed(sock: socket.socket) -> bool:
    """Whether the server closed or reset a socket we never read from."""
    if hasattr(socket, "TCP_INFO"):
        with contextlib.suppress(OSError):
            return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0] != 1  # ESTABLISHED
    try:
        return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def _abort(sock: socket.socket) -> None:
    """Close with a reset: the server's pending sends to us fail at once."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


async def _pause_before_reconnect(t: _Target, began: float) -> None:
    await asyncio.sleep(max(0.0, min(began + RECONNECT_GAP - time.monotonic(), t.left())))


async def _drain(sock: socket.socket, t: _Target, closed: asyncio.Event) -> None:
    """Read and drop everything until the server closes (EOF or reset)."""
    loop = asyncio.get_running_loop()
    try:
        while t.left() > 0:
            chunk = await loop.sock_recv(sock, 1 << 16)
            if not chunk:
                break
            t.stats["bytes_read"] += len(chunk)
    except OSError:
        pass
    closed.set()


async def _slow_reader(t: _Target) -> None:
    """A spectator with a tiny receive buffer that never reads after the handshake;
    when the server closes it, it comes back."""
    while t.left() > 0:
        began = time.monotonic()
        sock = await _open_raw(t, rcvbuf=1024)
        if sock:
            try:
                while t.left() > 0:
                    await asyncio.sleep(min(0.2, t.left()))
                    if _server_closed(sock):
                        t.stats["closed_by_server"] += 1
                        break
            finally:
                _abort(sock)
        await _pause_before_reconnect(t, began)


async def _end_attempt(sock: socket.socket, reader: asyncio.Task[None] | None) -> None:
    """One hostile connection is over: stop its reader, drop the socket."""
    if reader:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
    _abort(sock)


async def _sync_flooder(t: _Target) -> None:
    """A spectator sending {"type":"sync"} as fast as the server takes it; the
    ``sync_flood_reading`` kind reads (and drops) the answers, ``sync_flood_deaf`` never does."""
    loop = asyncio.get_running_loop()
    batch = b"".join(client_frame(SYNC) for _ in range(16))
    sent = 0
    while t.left() > 0 and sent < MAX_FRAMES:
        began = time.monotonic()
        sock = await _open_raw(t)
        if sock:
            closed = asyncio.Event()
            reader = asyncio.create_task(_drain(sock, t, closed)) \
                if t.kind == "sync_flood_reading" else None
            try:
                while t.left() > 0 and sent < MAX_FRAMES and not closed.is_set():
                    await asyncio.wait_for(loop.sock_sendall(sock, batch), max(0.01, t.left()))
                    sent += 16
                    t.stats["frames_sent"] += 16
                    if _server_closed(sock):
                        closed.set()
            except (OSError, TimeoutError):
                if t.left() > 0:
                    closed.set()
            finally:
                await _end_attempt(sock, reader)
            if closed.is_set() and t.left() > 0:
                t.stats["closed_by_server"] += 1
        await _pause_before_reconnect(t, began)


_MB = 1 << 20
JUNK = [
    client_frame(b"x" * _MB),  # ~1 MB of text that is no JSON
    client_frame(b'{"type":"sync","pad":"' + b"x" * _MB + b'"}'),  # ~1 MB that is
    client_frame(b"[" * 100_000),  # nested 100,000 deep
]


async def _junk_sender(t: _Target) -> None:
    """Oversized text frames and deeply nested JSON, reconnecting after each close."""
    loop = asyncio.get_running_loop()
    sent = 0
    while t.left() > 0 and sent < MAX_FRAMES:
        began = time.monotonic()
        sock = await _open_raw(t)
        if sock:
            closed = asyncio.Event()
            reader = asyncio.create_task(_drain(sock, t, closed))
            try:
                while t.left() > 0 and sent < MAX_FRAMES and not closed.is_set():
                    await asyncio.wait_for(loop.sock_sendall(sock, JUNK[sent % len(JUNK)]),
                                           max(0.01, t.left()))
                    sent += 1
                    t.stats["frames_sent"] += 1
                    await asyncio.sleep(0.01)  # let a close be seen before the next frame
            except (OSError, TimeoutError):
                if t.left() > 0:
                    closed.set()
            finally:
                await _end_attempt(sock, reader)
            if closed.is_set() and t.left() > 0:
                t.stats["closed_by_server"] += 1
        await _pause_before_reconnect(t, began)
