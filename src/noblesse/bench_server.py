"""``noblesse bench server``: a load generator for the web table, on loopback only.

It starts ``noblesse serve`` in a subprocess on a free port of 127.0.0.1 with a fresh
store (a SQLite file, or a database of its own on a PostgreSQL server with ``db``),
creates N tables of one game whose every seat is played through its own WebSocket
(random legal actions after a think time), and measures the latency of each action:
from sending it to receiving the state that includes it. The run is bounded by a
duration and stops by itself.

Every table starts playing in the same instant, which no real server sees, so the
tables play for ``warmup`` seconds before the measured window opens: what the seats saw
in those seconds is reported apart (``warmup_p99_ms``, which shows a start-up that costs
more than the play after it: the README's "Why the warm-up"), and the window's figures
(actions, latencies, server CPU) are those of the steady play that follows.

The seats are played by ``clients`` load processes, each with its own event loop, the
tables dealt round-robin among them; with ``hostile=N`` one more process opens N
attacking connections to the same server while the honest seats play (issue #17, "no
client can slow another"): slow readers, sync flooders and junk senders, spread evenly.
The bench's own process only creates the tables, starts and stops the others and adds up
what they report (``_LoadProcess``, ``_load_child``), so that what the latencies show is
the server's doing, and the load's own CPU is reported beside the server's.
All traffic stays on 127.0.0.1 and every loop is bounded in time and in count.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
import json
import math
import os
import random
import secrets
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import orjson
import websockets

from noblesse.server import collector

# The server's limits per address and per table would refuse the bench's own legitimate
# load, which all comes from 127.0.0.1: the bench turns them off (0 = no limit). Its
# tables are seeded (the same deals in the clean and the hostile run): known deals.
SERVER_FLAGS: list[str] = [
    "--tables-per-minute",
    "0",
    "--open-tables-per-address",
    "0",
    "--connections-per-address",
    "0",
    "--connections-per-table",
    "0",
    "--known-deals",
]

HOSTILE_KINDS = ("slow_reader", "sync_flood_reading", "sync_flood_deaf", "junk")
DEFAULT_PLAYERS = 4  # clamped into the game's range when no count is asked for


def _quantile(latencies: list[float], q: float) -> float:
    """The ``q`` quantile of ``latencies`` (the value below which that share falls); NaN
    for none."""
    if not latencies:
        return float("nan")
    data = sorted(latencies)
    return data[min(len(data) - 1, int(q * len(data)))]


@dataclass
class LoadResult:
    tables: int
    seconds: float
    actions: int
    finished_games: int
    latencies_ms: list[float] = field(default_factory=list)
    warmup: float = 0.0  # seconds played before the window opened
    warmup_latencies_ms: list[float] = field(default_factory=list)  # of the actions then
    # (seconds since the window's start, latency ms), in time order
    samples: list[tuple[float, float]] = field(default_factory=list)
    errors: int = 0
    unanswered: int = 0  # actions sent whose state had not come back when the run ended
    dropped: int = 0  # honest seats whose socket failed or was closed before the end
    hostile: int = 0  # hostile connections asked for
    cpu_seconds: float = float("nan")  # the server process's user+system CPU in the window
    hostile_stats: dict[str, dict[str, int]] = field(default_factory=dict)  # kind -> counters
    hostile_cpu_seconds: float = float("nan")  # the attacking process's own CPU (same machine)
    game: str = "guillotine"
    players: int = DEFAULT_PLAYERS
    clients: int = 1  # load processes playing the honest seats
    db: str = "sqlite"  # the server's store: "sqlite" or "postgresql"
    clients_cpu_seconds: float = float("nan")  # those processes' own CPU, summed
    pinned: bool = False  # the server on a CPU of its own, the load on the others

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        return _quantile(self.latencies_ms, q)

    @property
    def warmup_p99(self) -> float:
        return _quantile(self.warmup_latencies_ms, 0.99)

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
            "game": self.game,
            "players": self.players,
            "clients": self.clients,
            "db": self.db,
            "pinned": self.pinned,
            "tables": self.tables,
            "seconds": round(self.seconds, 3),
            "warmup_seconds": self.warmup,
            "warmup_p99_ms": num(self.warmup_p99),
            "actions": self.actions,
            "actions_per_second": round(self.actions_per_second, 3),
            "p50_ms": num(self.p50),
            "p90_ms": num(self.percentile(0.90)),
            "p99_ms": num(self.percentile(0.99)),
            "max_ms": num(max(self.latencies_ms, default=float("nan"))),
            "finished_games": self.finished_games,
            "errors": self.errors,
            "unanswered": self.unanswered,
            "dropped": self.dropped,
            "server_cpu_seconds": num(self.cpu_seconds),
            "server_cpu_ms_per_action": num(self.cpu_ms_per_action),
            "clients_cpu_seconds": num(self.clients_cpu_seconds),
            "hostile": self.hostile,
            "hostile_opened": self.hostile_total("opened"),
            "hostile_closed_by_server": self.hostile_total("closed_by_server"),
            "hostile_by_kind": self.hostile_stats,
            "hostile_cpu_seconds": num(self.hostile_cpu_seconds),
        }


def seats_for(game_id: str, players: int | None) -> int:
    """How many seats each table of ``game_id`` gets: ``players``, or 4 clamped into the
    game's range when None. ValueError for an unknown game or a count it does not allow."""
    from noblesse import games

    try:
        game = games.get(game_id)
    except KeyError as exc:
        raise ValueError(str(exc).strip("'\"")) from None
    if players is None:
        return max(game.min_players, min(game.max_players, DEFAULT_PLAYERS))
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game_id} is for {game.min_players}-{game.max_players} players, not {players}"
        )
    return players


def store_kind(db: str | None) -> str:
    """The kind of store ``db`` asks for: "sqlite" (None: a fresh SQLite file) or
    "postgresql" (a ``postgresql+psycopg://`` URL: a fresh database on that server);
    ValueError for anything else."""
    if db is None:
        return "sqlite"
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(db)
    except ArgumentError:
        url = None
    if url is None or url.drivername not in ("postgresql", "postgresql+psycopg"):
        raise ValueError(
            "--db takes a postgresql+psycopg://user@host:port/db URL "
            "(without it: a fresh SQLite file)"
        )
    return "postgresql"


@contextlib.contextmanager
def fresh_store(db: str | None, tmp: Path) -> Iterator[str]:
    """The server's store for one run, as a SQLAlchemy URL: a fresh SQLite file in ``tmp``
    (``db`` None), or a fresh database ``noblesse_bench_<hex>`` on the PostgreSQL server of
    ``db``, created through its maintenance database ``postgres`` and dropped afterwards,
    so that no run sees another's tables."""
    if store_kind(db) == "sqlite":
        yield f"sqlite:///{tmp / 'bench.db'}"
        return
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    url = make_url(str(db))
    admin = url.set(drivername="postgresql", database="postgres").render_as_string(
        hide_password=False
    )
    name = f"noblesse_bench_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield url.set(drivername="postgresql+psycopg", database=name).render_as_string(
            hide_password=False
        )
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def split_cpus() -> tuple[set[int], set[int]] | None:
    """(the server's CPU, the load processes' CPUs) on a machine of two or more: the
    server has a core of its own, whatever the load generators and attackers take. None
    where affinity cannot be set (one CPU, or not Linux)."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    return ({cpus[0]}, set(cpus[1:])) if len(cpus) >= 2 else None


def pin(pid: int, cpus: set[int] | None) -> None:
    if cpus:
        with contextlib.suppress(OSError):  # it may have exited already
            os.sched_setaffinity(pid, cpus)


def start_server(
    port: int,
    db_url: str,
    bot_delay: float = 0.0,
    log: Path | None = None,
    source: Path | None = None,
    cpus: set[int] | None = None,
    workers: int = 1,
    redis: str | None = None,
) -> subprocess.Popen[bytes]:
    """``noblesse serve`` for the bench; ``source``: another checkout's ``src`` folder
    to run the server from (a baseline); ``cpus``: the CPUs it may run on; ``redis``:
    serve as one of several processes sharing that Redis (under a key prefix of the
    run's own), ``workers`` of them."""
    shared = (
        [
            "--workers",
            str(workers),
            "--redis",
            redis,
            "--redis-prefix",
            f"noblesse-bench-{secrets.token_hex(4)}",
        ]
        if redis
        else []
    )
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(source), *filter(None, [env.get("PYTHONPATH")])])
    # stderr goes to a file (``log``), never a pipe nobody reads during the run: the
    # tracebacks that junk provokes would fill a pipe and freeze the server on a write
    with open(log or os.devnull, "wb") as err:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "noblesse.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                db_url,
                "--bot-delay",
                str(bot_delay),
                *SERVER_FLAGS,
                *shared,
            ],
            stdout=subprocess.DEVNULL,
            stderr=err,
            env=env,
            start_new_session=True,
        )  # its own process group: ``stop_server`` ends its workers
    pin(proc.pid, cpus)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-4000:] if log else ''}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    stop_server(proc)
    raise RuntimeError("the server did not start within 30 s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server ``start_server`` started, and every process it started."""
    proc.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its live descendants so far (its
    workers: ``serve --workers``); Linux /proc, NaN elsewhere."""
    stats: dict[int, tuple[int, float]] = {}  # pid: (parent, CPU seconds)
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) ": field 3 onwards
        stats[int(entry.name)] = (
            int(fields[1]),  # ppid; then utime + stime
            (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"),
        )
    if pid not in stats:
        return float("nan")
    tree, total = [pid], 0.0
    while tree:
        here = tree.pop()
        total += stats[here][1]
        tree += [child for child, (parent, _) in stats.items() if parent == here]
    return total


# ----------------------------------------------------------------------------- honest seats


class SeatUpdate(NamedTuple):
    n: int  # the table's action count
    over: bool
    legal: list[dict[str, Any]]  # [{"action": "...", ...}]; empty when the seat is not to act
    seat: int | None


ERROR = "error"


def read_message(raw: str | bytes) -> SeatUpdate | str | None:
    """What a seat needs of one server message: from a "state" or a "change" (which share
    the top-level fields ``n``, ``over``, ``legal`` and ``seat``; the view is not read) a
    ``SeatUpdate``; ``ERROR`` for an "error"; None for anything else ("presence")."""
    msg = orjson.loads(raw)
    kind = msg.get("type")
    if kind in ("state", "change"):
        return SeatUpdate(msg["n"], msg["over"], msg.get("legal") or [], msg.get("seat"))
    if kind == "error":
        return ERROR
    return None


@dataclass
class _Tally:
    """What one load process's seats measured; ``sample_times`` (monotonic clock, the same
    in every process of the machine) pair with ``latencies_ms``."""

    latencies_ms: list[float] = field(default_factory=list)
    sample_times: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    unanswered: int = 0
    dropped: int = 0
    finished_games: int = 0


OPENING_AT_ONCE = 64  # handshakes a load process has under way at a time


async def _open_seats(config: dict[str, Any]) -> list[tuple[Any, str | bytes]]:
    """Before the clock: every seat's socket open, with the whole state it was sent first,
    so that the window measures play, not thousands of handshakes."""
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def open_one(url: str) -> tuple[Any, str | bytes]:
        async with gate:
            ws = await websockets.connect(url, max_size=2**24, close_timeout=1)
            return ws, await asyncio.wait_for(ws.recv(), 60)

    return await asyncio.gather(*(open_one(s["url"]) for s in config["seats"]))


async def _seat_client(
    ws: Any, first: str | bytes, rng: random.Random, think: float, tally: _Tally, stop_at: float
) -> None:
    sent_at: float | None = None
    try:
        async with ws:
            sent_n = -1
            raw: str | bytes | None = first
            while time.monotonic() < stop_at:
                if raw is None:
                    try:  # (a timeout, not wait_for, which makes a task per message)
                        async with asyncio.timeout(max(0.01, stop_at - time.monotonic())):
                            received = await ws.recv(decode=False)  # bytes: orjson reads them
                    except TimeoutError:
                        break
                    raw = received
                msg, raw = read_message(raw), None
                if msg is None:
                    continue
                if msg == ERROR:
                    tally.errors += 1
                    sent_at = None
                    continue
                assert isinstance(msg, SeatUpdate)
                if sent_at is not None and msg.n > sent_n:
                    now = time.monotonic()
                    tally.latencies_ms.append((now - sent_at) * 1000)
                    tally.sample_times.append(now)
                    tally.actions += 1
                    sent_at = None
                if msg.over:
                    if msg.seat == 0:
                        tally.finished_games += 1
                    return
                if msg.legal and sent_at is None:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    choice = rng.choice(msg.legal)["action"]
                    sent_at, sent_n = time.monotonic(), msg.n
                    await ws.send(json.dumps({"type": "act", "action": choice}))
    except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake):
        if time.monotonic() < stop_at:
            tally.dropped += 1
    if sent_at is not None:
        tally.unanswered += 1


async def _play_seats(
    config: dict[str, Any], stop: Any, opened: list[tuple[Any, str | bytes]]
) -> dict[str, Any]:
    """A load process's work: its seats (``config["seats"]``: url and seed, ``opened`` by
    ``_open_seats``) played until the deadline or until their games have ended. The CPU
    reported is that of the window, not of the closing handshakes after it."""
    seconds = config["seconds"]
    stop_at = time.monotonic() + seconds
    cpu = time.process_time()
    tally = _Tally()
    play = asyncio.ensure_future(
        asyncio.gather(
            *(
                _seat_client(ws, first, random.Random(s["seed"]), config["think"], tally, stop_at)
                for s, (ws, first) in zip(config["seats"], opened, strict=True)
            )
        )
    )
    await asyncio.wait({play}, timeout=seconds)
    cpu = time.process_time() - cpu
    await play  # every seat stops at the deadline; ``stop`` needs no answer here
    report = asdict(tally)
    report["latencies_ms"] = [round(x, 3) for x in tally.latencies_ms]
    return {**report, "cpu_seconds": cpu}


async def _attack(config: dict[str, Any], stop: Any, _prepared: None) -> dict[str, Any]:
    """The attacking process's work (see ``_hostile``): its counters by kind."""
    return {
        "kinds": await _hostile(
            config["base"],
            config["table_ids"],
            config["n"],
            config["seconds"],
            stop,
            tuple(config["kinds"]),
        )
    }


async def _run_load(
    base: str,
    tables: int,
    players: int,
    game: str,
    think: float,
    seconds: float,
    seed: int,
    hostile: int = 0,
    server_pid: int | None = None,
    hostile_kinds: tuple[str, ...] = HOSTILE_KINDS,
    clients: int = 2,
    load_cpus: set[int] | None = None,
    warmup: float = 0.0,
) -> LoadResult:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        created = []
        for i in range(tables):
            r = await client.post(
                "/api/tables",
                json={"game": game, "seats": ["human"] * players, "seed": seed * 10_000 + i},
            )
            r.raise_for_status()
            created.append(r.json())
    clients = max(1, min(clients, tables))  # no process without a table
    result = LoadResult(
        tables,
        0.0,
        0,
        0,
        warmup=warmup,
        hostile=hostile,
        game=game,
        players=players,
        clients=clients,
    )
    played_for = warmup + seconds  # what the load processes play: the warm-up, then the window
    ws_base = base.replace("http://", "ws://")
    seats: list[list[dict[str, Any]]] = [[] for _ in range(clients)]
    for i, t in enumerate(created):  # tables dealt round-robin; seeds as with one process
        seats[i % clients] += [
            {
                "url": f"{ws_base}/ws/tables/{t['id']}/seats/{s['seat']}?token={s['token']}",
                "seed": rng.getrandbits(32),
            }
            for s in t["seats"]
        ]
    honest = [
        _LoadProcess("seats", {"seats": s, "think": think, "seconds": played_for}, load_cpus)
        for s in seats
    ]
    attack = (
        [
            _LoadProcess(
                "hostile",
                {
                    "base": base,
                    "table_ids": [t["id"] for t in created],
                    "n": hostile,
                    "seconds": played_for,
                    "kinds": list(hostile_kinds),
                },
                load_cpus,
            )
        ]
        if hostile
        else []
    )
    everyone = honest + attack
    try:
        await asyncio.gather(*(p.start() for p in everyone))  # before the clock: start-up
        await asyncio.gather(*(p.go() for p in everyone))  # every one has answered "go"
        reports = [asyncio.ensure_future(p.report()) for p in everyone]
        if warmup:
            await asyncio.wait(reports[: len(honest)], timeout=warmup)
        start = time.monotonic()
        stop_at = start + seconds
        cpu_start = cpu_seconds(server_pid) if server_pid else float("nan")
        # the window ends at the deadline (or when every game has ended), not when the
        # last socket has finished closing
        await asyncio.wait(reports[: len(honest)], timeout=seconds)
        result.seconds = min(time.monotonic(), stop_at) - start
        if server_pid:
            result.cpu_seconds = cpu_seconds(server_pid) - cpu_start
        for p in everyone:
            await p.stop()
        await asyncio.wait(reports, timeout=30)
    finally:
        for p in everyone:
            await p.close()
    played = [
        r.result() if r.done() and not r.cancelled() else None for r in reports[: len(honest)]
    ]
    if None in played:
        raise RuntimeError("a load process ended without its report")
    add_reports(result, [r for r in played if r is not None], start)
    result.clients_cpu_seconds = sum(r["cpu_seconds"] for r in played if r)
    if attack:
        report = reports[-1].result() if reports[-1].done() else None
        result.hostile_stats = (report or {}).get("kinds", {})
        result.hostile_cpu_seconds = (report or {}).get("cpu_seconds", float("nan"))
    return result


def add_reports(result: LoadResult, reports: list[dict[str, Any]], start: float) -> None:
    """Add the load processes' ``reports`` to ``result``: an action answered before
    ``start`` (monotonic clock) to the warm-up's latencies, every other to the window's
    latencies, its samples (seconds since ``start``, in time order) and its count of
    actions; the errors, unanswered actions, dropped seats and ended games of the whole run."""
    samples = list(result.samples)
    for report in reports:
        for t, ms in zip(report["sample_times"], report["latencies_ms"], strict=True):
            if t < start:
                result.warmup_latencies_ms.append(ms)
            else:
                result.latencies_ms.append(ms)
                samples.append((t - start, ms))
        for counter in ("errors", "unanswered", "dropped", "finished_games"):
            setattr(result, counter, getattr(result, counter) + report[counter])
    result.actions = len(result.latencies_ms)
    result.samples = sorted(samples)


def bench_server(
    tables: int = 200,
    players: int | None = None,
    game: str = "guillotine",
    think: float = 1.0,
    seconds: float = 30.0,
    seed: int = 1,
    hostile: int = 0,
    hostile_kinds: tuple[str, ...] = HOSTILE_KINDS,
    clients: int = 2,
    db: str | None = None,
    source: Path | None = None,
    workers: int = 1,
    redis: str | None = None,
    warmup: float = 0.0,
) -> LoadResult:
    """One run on a fresh server and store (``db``: see ``fresh_store``): ``tables`` tables
    of ``game`` (``players`` seats: see ``seats_for``) played by ``clients`` load processes;
    ``hostile`` attacking connections beside them, of ``hostile_kinds`` dealt round-robin.
    The window of ``seconds`` opens after ``warmup`` seconds of play.
    ``source``: run the server from another checkout's ``src`` (see ``baseline_source``).
    On two or more CPUs the server runs on one of them and the load on the others; but
    with ``redis`` (``workers`` processes sharing it and a PostgreSQL ``db``) all share
    every CPU."""
    if not hostile_kinds or set(hostile_kinds) - set(HOSTILE_KINDS):
        raise ValueError(f"hostile kinds are among {', '.join(HOSTILE_KINDS)}")
    if clients < 1:
        raise ValueError("clients: at least 1")
    players = seats_for(game, players)
    kind = store_kind(db)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp, fresh_store(db, Path(tmp)) as db_url:
        cpus = None if redis else split_cpus()
        proc = start_server(
            port,
            db_url,
            log=Path(tmp) / "server.log",
            source=source,
            cpus=cpus[0] if cpus else None,
            workers=workers,
            redis=redis,
        )
        try:
            result = asyncio.run(
                _run_load(
                    f"http://127.0.0.1:{port}",
                    tables,
                    players,
                    game,
                    think,
                    seconds,
                    seed,
                    hostile,
                    proc.pid,
                    tuple(hostile_kinds),
                    clients,
                    cpus[1] if cpus else None,
                    warmup,
                )
            )
        finally:
            stop_server(proc)
    result.db = kind
    result.pinned = cpus is not None
    return result


@contextlib.contextmanager
def baseline_source(revision: str) -> Iterator[Path]:
    """The ``src`` folder of ``revision`` of the git checkout this package runs from,
    unpacked in a temporary folder (``git archive``), to bench the server as it was."""
    here = Path(__file__).resolve().parent
    try:
        top = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        archive = subprocess.run(
            ["git", "-C", top, "archive", "--format=tar", revision, "src"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        detail = detail.decode(errors="replace") if isinstance(detail, bytes) else detail
        raise ValueError(
            f"no revision {revision!r} of a git checkout here: {detail.strip() or exc}"
        ) from None
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
                tar.extractall(tmp, filter="data")
            else:
                tar.extractall(tmp)  # noqa: S202 - our own repository's archive
        yield Path(tmp) / "src"


# ----------------------------------------------------------------------------- load processes
# Every load runs in a process of its own, so that its work never slows the bench's loop
# or another load's: what the honest latencies show is the server's doing.

# role: (what it does before saying "ready", or None; its work after "go")
ROLES: dict[str, tuple[Any, Any]] = {
    "seats": (_open_seats, _play_seats),
    "hostile": (None, _attack),
}
YOUNG_SECONDS = 0.1  # how often a load process collects its youngest objects (as a server)
READY_WITHIN = 600.0  # seconds: a load process opening thousands of sockets says "ready"
REPORT_LIMIT = 1 << 30  # bytes: a report line carries every latency of its process


class _LoadProcess:
    """``python -c`` running ``_load_child`` in one of the ``ROLES``. On stdin: the config
    (one JSON line, with its role), later "go", and "stop" (or EOF) to end it; on stdout:
    "ready", "go" when it has begun, and finally its report as one JSON line. A plain
    subprocess rather than multiprocessing, which would import the caller's main module."""

    def __init__(
        self, role: str, config: dict[str, Any], load_cpus: set[int] | None = None
    ) -> None:
        self.role = role
        self._config = {"role": role, **config}
        self._cpus = load_cpus
        self._proc: asyncio.subprocess.Process | None = None

    async def _send(self, line: str) -> None:
        assert self._proc and self._proc.stdin
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self._proc.stdin.write(line.encode() + b"\n")
            await self._proc.stdin.drain()

    async def _expect(self, word: str, within: float = 60) -> None:
        assert self._proc and self._proc.stdout
        line = await asyncio.wait_for(self._proc.stdout.readline(), within)
        if line.strip() != word.encode():  # b"": it died
            raise RuntimeError(f"the {self.role} load process did not say {word!r}")

    async def start(self) -> None:
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            "from noblesse.bench_server import _load_child; _load_child()",
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            limit=REPORT_LIMIT,
        )
        pin(self._proc.pid, self._cpus)
        if self.role == "hostile" and hasattr(os, "setpriority"):
            # the attackers take only the CPU the honest clients leave: the latencies the
            # honest clients measure are the server's, not their own wait for a CPU
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, self._proc.pid, 19)
        await self._send(json.dumps(self._config))
        await self._expect("ready", READY_WITHIN)

    async def go(self) -> None:
        await self._send("go")
        await self._expect("go")

    async def report(self) -> dict[str, Any] | None:
        """Its report, once it has finished; None if it ended without one."""
        assert self._proc and self._proc.stdout
        line = await self._proc.stdout.readline()
        return json.loads(line) if line.strip() else None

    async def stop(self) -> None:
        if self._proc and self._proc.returncode is None:
            await self._send("stop")

    async def close(self) -> None:
        """Wait a little for it to exit, then kill it."""
        if not self._proc:
            return
        if self._proc.stdin:
            self._proc.stdin.close()
        try:
            await asyncio.wait_for(self._proc.wait(), 5)
        except TimeoutError:
            self._proc.kill()
            await self._proc.wait()


def _load_child() -> None:
    """A load process (see ``_LoadProcess``): its role's preparation, then "ready"; its
    work from "go" until it ends by itself or is told to stop; its own CPU seconds in the
    report unless the work says."""
    config = json.loads(sys.stdin.readline())
    report = asyncio.run(_child(config))
    if report is not None:
        print(json.dumps(report), flush=True)


async def _child(config: dict[str, Any]) -> dict[str, Any] | None:
    import threading

    prepare, work = ROLES[config["role"]]
    prepared = await prepare(config) if prepare else None
    # The collector kept as the server keeps its own: a full collection walking thousands
    # of sockets' objects would pause this process for hundreds of milliseconds, and its
    # seats would count the pause as the server's latency.
    collector.tune()
    keeping = asyncio.get_running_loop().create_task(collector.keep(YOUNG_SECONDS, 0))
    print("ready", flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if line.strip() != "go":
        return None
    print("go", flush=True)
    stop = threading.Event()

    def watch_stdin() -> None:
        sys.stdin.readline()  # "stop", or EOF when the bench went away
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    cpu = time.process_time()
    report = await work(config, stop, prepared)
    report.setdefault("cpu_seconds", time.process_time() - cpu)
    keeping.cancel()
    return report


# ----------------------------------------------------------------------------- hostile
# The attackers: N connections, kinds dealt round-robin, tables likewise.


async def _hostile(
    base: str,
    table_ids: list[str],
    n: int,
    seconds: float,
    stop: Any,
    kinds: tuple[str, ...] = HOSTILE_KINDS,
) -> dict[str, dict[str, int]]:
    host, port = base.removeprefix("http://").split(":")
    assert host == "127.0.0.1", "the bench attacks loopback only"
    deadline = time.monotonic() + seconds
    stats = {
        kind: {
            "connections": 0,
            "opened": 0,
            "refused": 0,
            "closed_by_server": 0,
            "frames_sent": 0,
            "bytes_read": 0,
        }
        for kind in kinds
    }
    for i in range(n):
        stats[kinds[i % len(kinds)]]["connections"] += 1
    stats = {k: v for k, v in stats.items() if v["connections"]}
    runners = {
        "slow_reader": _slow_reader,
        "sync_flood_reading": _sync_flooder,
        "sync_flood_deaf": _sync_flooder,
        "junk": _junk_sender,
    }
    tasks = []
    for i in range(n):
        kind = kinds[i % len(kinds)]
        path = f"/ws/tables/{table_ids[i % len(table_ids)]}/watch"
        tasks.append(
            asyncio.create_task(
                runners[kind](_Target(int(port), path, deadline, kind, stats[kind]))
            )
        )

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
        await loop.sock_sendall(
            sock,
            (
                f"GET {t.path} HTTP/1.1\r\nHost: 127.0.0.1:{t.port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode(),
        )
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
            reader = (
                asyncio.create_task(_drain(sock, t, closed))
                if t.kind == "sync_flood_reading"
                else None
            )
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
                    await asyncio.wait_for(
                        loop.sock_sendall(sock, JUNK[sent % len(JUNK)]), max(0.01, t.left())
                    )
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
