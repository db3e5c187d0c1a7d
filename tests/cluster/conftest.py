"""Fixtures for the tests of several server processes: a PostgreSQL schema of their own
(``server.conftest.pg_url``), the machine's Redis under a key prefix of their own, and
``noblesse serve --redis`` processes on free ports. An unreachable PostgreSQL or Redis
skips the tests with the reason (``.ci/run`` starts both if they are down)."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from server.conftest import pg_url  # noqa: F401 - fixture

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from cluster_support import ClusterServer  # noqa: E402

REDIS_URL = os.environ.get("NOBLESSE_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_url() -> str:
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    try:
        client.ping()
    except Exception as exc:  # noqa: BLE001 - any failure to reach it means: skip
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {type(exc).__name__}: {exc}")
    finally:
        client.close()
    return REDIS_URL


@pytest.fixture
def servers(
    pg_url: str,  # noqa: F811 - the fixture imported above
    redis_url: str,
    tmp_path: Path,
) -> Iterator[Callable[..., ClusterServer]]:
    """``servers(name)``: a started ``noblesse serve`` sharing this test's store and Redis
    prefix with the test's other servers; all are stopped at the end."""
    prefix = f"noblesse-test-{secrets.token_hex(4)}"
    made: list[ClusterServer] = []

    def start(
        name: str, redis: str = redis_url, bot_delay: float = 0.05, db_url: str = pg_url
    ) -> ClusterServer:
        server = ClusterServer(db_url, tmp_path / f"{name}.log", bot_delay, redis, prefix)
        made.append(server)
        return server.start()

    yield start
    for server in made:
        server.stop()
    import redis as redis_client

    client = redis_client.Redis.from_url(redis_url)
    try:
        keys = list(client.scan_iter(f"{prefix}:*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()
