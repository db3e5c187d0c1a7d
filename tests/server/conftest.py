"""Fixtures for the web-table tests: databases (SQLite and the real PostgreSQL) and apps.

The helpers live in ``server_support.py`` next to this file (a unique module name);
putting this folder on ``sys.path`` keeps ``from server_support import ...`` working
under any pytest import mode.

PostgreSQL: each test gets its own schema (``CREATE SCHEMA test_<uuid>``, reached
through ``search_path``) dropped afterwards, so parallel workers never touch each
other's tables. ``NOBLESSE_TEST_PG`` overrides the URL; an unreachable server skips
the PostgreSQL cases with the reason.
"""

from __future__ import annotations

import os
import sys
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from noblesse.server.app import create_app
from noblesse.server.settings import Settings

with warnings.catch_warnings():  # starlette's TestClient still runs on httpx and says so
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

PG_URL = os.environ.get("NOBLESSE_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    engine = create_engine(PG_URL, connect_args={"connect_timeout": 3})
    try:
        conn = engine.connect()
    except Exception as exc:  # noqa: BLE001 - any failure to reach it means: skip
        engine.dispose()
        pytest.skip(f"PostgreSQL is not reachable at {PG_URL}: {type(exc).__name__}: {exc}")
    schema = f"test_{uuid.uuid4().hex}"
    with conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        conn.commit()
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        with engine.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            conn.commit()
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """The same test against the embedded SQLite and the real PostgreSQL."""
    return request.getfixturevalue(f"{'sqlite' if request.param == 'sqlite' else 'pg'}_url")


Serve = Callable[..., AbstractContextManager[TestClient]]


@pytest.fixture
def serve(sqlite_url: str) -> Serve:
    """``with serve() as client:`` a running app (lifespan included) on the test's database;
    each call is a fresh server process as far as the app is concerned (a restart).
    ``known_deals=True`` is ``noblesse serve --known-deals``: a chosen seed is accepted at
    any table (tests that need a particular deal at a table of several humans or bots);
    by default, as in production, only a practice table may choose its seed."""

    def start(
        url: str = sqlite_url, bot_delay: float = 0.0, known_deals: bool = False
    ) -> TestClient:
        return TestClient(create_app(url, bot_delay, Settings(known_deals=known_deals)))

    return start
