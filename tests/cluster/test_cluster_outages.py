"""Several server processes ride out their services going away: Redis restarted in the
middle of games (play goes on, caught up from the store, and the bots resume once it is
back), the PostgreSQL connections killed (an action is then refused cleanly or retried,
never half done), and PostgreSQL refusing the servers outright for a while (an action
is refused as unavailable on a socket that stays open, and the bots wait it out)."""

from __future__ import annotations

import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from cluster_support import play_turns
from sqlalchemy import create_engine, text
from test_cluster import BOTS, SEED, create, to_act

from browser.server import free_port
from recovery.test_recovery_process import reference_game, stored


class OwnRedis:
    """A redis-server of the test's own on a free port, to stop and start again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        client.close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed")
    server = OwnRedis()
    server.start()
    yield server
    server.stop()


def assert_bots_finish_as_planned(db_url: str, table_id: str, seed: int) -> None:
    """The all-bot table (``BOTS``, dealt with ``seed``) finishes within a minute with
    the game an uninterrupted server plays."""
    expected, result = reference_game("guillotine", BOTS, seed)
    deadline = time.monotonic() + 60
    while (record := stored(db_url, table_id)).status != "finished":
        assert time.monotonic() < deadline, f"the bots stopped at {len(record.actions)}"
        time.sleep(0.1)
    assert record.actions == expected and record.result == result


def test_play_goes_on_while_redis_restarts_and_the_bots_resume(
    servers: Any, own_redis: OwnRedis
) -> None:
    a, b = servers("a", own_redis.url, bot_delay=0.1), servers("b", own_redis.url, bot_delay=0.1)
    made = create(a, ["human", "human"])
    bots = create(b, BOTS, seed=SEED + 30)
    seats = {0: a.seat(made, 0), 1: b.seat(made, 1)}
    for sock in seats.values():
        sock.until(lambda t: t["n"] == 0)
    play_turns(seats, 2, within=1.0)
    own_redis.stop()
    play_turns(seats, 2, within=5.0)  # no news: each process compares revisions
    own_redis.start()
    play_turns(seats, 2, within=5.0)
    assert len(stored(a.db_url, made["id"]).actions) == 6
    assert_bots_finish_as_planned(a.db_url, bots["id"], SEED + 30)
    for sock in seats.values():
        sock.close()


@pytest.mark.alone
def test_killed_database_connections_leave_no_action_half_done(
    servers: Any, pg_url: str, tmp_path: Path
) -> None:
    name = f"noblesse_kill_{tmp_path.name[-8:]}".replace("-", "_")
    url = f"{pg_url}&application_name={name}"
    a = servers("a", db_url=url)
    b = servers("b", db_url=url)
    made = create(a, ["human", "human"])
    seats = {0: a.seat(made, 0), 1: b.seat(made, 1)}
    for sock in seats.values():
        sock.until(lambda t: t["n"] == 0)
    play_turns(seats, 2, within=2.0)
    engine = create_engine(pg_url)
    with engine.connect() as conn:
        killed = conn.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM "
                "pg_stat_activity WHERE application_name = :name"
            ),
            {"name": name},
        ).scalar()
    engine.dispose()
    assert killed >= 2  # both processes lost their connections
    # every action now is either refused with "could not be saved" or goes in; none twice
    tries = 0
    while (n := seats[0].held["n"]) < 6:  # type: ignore[index]
        mover = seats[to_act(seats[0].held)]  # type: ignore[arg-type]
        errors = len(mover.errors)
        mover.act(mover.held["legal"][-1]["action"])
        mover.wait(lambda s, n=n, e=errors: s.held["n"] > n or len(s.errors) > e, timeout=5.0)
        for sock in seats.values():
            sock.until(lambda t, n=mover.held["n"]: t["n"] == n, timeout=5.0)
        tries += 1
        assert tries < 12, "the actions kept being refused"
    assert len(stored(pg_url, made["id"]).actions) == 6
    for sock in seats.values():
        assert all(e["code"] == "unavailable" for e in sock.errors), sock.errors
    seat0 = f"/api/tables/{made['id']}/seats/0?token={made['seats'][0]['token']}"
    assert seats[0].held["view"] == a.get(seat0).json()["view"] == b.get(seat0).json()["view"]  # type: ignore[index]
    for sock in seats.values():
        sock.close()


class Role:
    """A PostgreSQL role of the test's own that the servers log in as, to lock out (no
    new connections, its open ones ended) and let in again."""

    def __init__(self, pg_url: str, name: str) -> None:
        self.admin, self.admin_url, self.name = create_engine(pg_url), pg_url, name
        schema = pg_url.split("search_path%3D", 1)[1]
        self.url = pg_url.replace("://postgres@", f"://{name}@", 1)
        assert self.url != pg_url, "the test's PostgreSQL URL names no postgres user"
        self._run(
            f'CREATE ROLE "{name}" LOGIN', f'GRANT USAGE, CREATE ON SCHEMA "{schema}" TO "{name}"'
        )

    def _run(self, *statements: str) -> Any:
        with self.admin.begin() as conn:
            return [conn.execute(text(s), {"name": self.name}) for s in statements][-1]

    def lock_out(self) -> int:
        self._run(f'ALTER ROLE "{self.name}" NOLOGIN')
        ended = self._run(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = :name"
        )
        return int(ended.scalar())

    def let_in(self) -> None:
        self._run(f'ALTER ROLE "{self.name}" LOGIN')

    def drop(self) -> None:
        self.lock_out()
        self._run(f'DROP OWNED BY "{self.name}" CASCADE', f'DROP ROLE "{self.name}"')
        self.admin.dispose()


@pytest.fixture
def pg_role(pg_url: str) -> Iterator[Role]:
    role = Role(pg_url, f"noblesse_out_{secrets.token_hex(4)}")
    yield role
    role.drop()


@pytest.mark.alone
def test_an_action_the_store_can_neither_save_nor_read_back_is_refused_and_changes_nothing(
    pg_role: Role, servers: Any
) -> None:
    a = servers("a", bot_delay=0.2, db_url=pg_role.url)
    bots = create(a, BOTS, seed=SEED + 40)
    made = create(a, ["human", "human"])
    seats = {0: a.seat(made, 0), 1: a.seat(made, 1)}
    played = play_turns(seats, 2, within=2.0)
    view = seats[0].held["view"]  # type: ignore[index]
    assert pg_role.lock_out() >= 1
    seat = to_act(seats[0].held)  # type: ignore[arg-type]
    action = seats[seat].held["legal"][-1]["action"]  # type: ignore[index]
    seats[seat].act(action)
    seats[seat].wait(lambda s: s.errors, timeout=10.0)
    assert [e["code"] for e in seats[seat].errors] == ["unavailable"]
    assert seats[seat].held["n"] == 2  # type: ignore[index]
    time.sleep(0.5)  # the bots try too, and are refused: their game stands still
    out = stored(pg_role.admin_url, bots["id"])
    time.sleep(1.0)
    assert stored(pg_role.admin_url, bots["id"]).actions == out.actions
    assert out.status != "finished"
    refused = a.post("/api/tables", json={"game": "guillotine", "seats": ["human", "greedy"]})
    assert (refused.status_code, refused.json()["code"]) == (503, "unavailable")
    pg_role.let_in()
    # the socket is still open and the table is as the store holds it: the same action
    # goes in now, once
    seats[seat].act(action)
    for sock in seats.values():
        sock.until(lambda t: t["n"] == 3, timeout=5.0)
    assert stored(pg_role.url, made["id"]).actions == [*played, (seat, action)]
    seat0 = f"/api/tables/{made['id']}/seats/0?token={made['seats'][0]['token']}"
    assert seats[0].held["view"] == a.get(seat0).json()["view"] != view  # type: ignore[index]
    for sock in seats.values():
        sock.close()
    # the bots, refused while the store was away, play on to the game they would have played
    assert_bots_finish_as_planned(pg_role.url, bots["id"], SEED + 40)
