"""The rematch of a practice table at a real ``noblesse serve`` process (HTTP and its
sockets): a table of one person and bots created with a chosen seed deals its rematch a
known deal too, whose seed follows from the first (``deals.rematch_seed``), so that two
people practising the same seed meet the same rematch; a secret deal's rematch is secret."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from browser.server import ServerProcess
from noblesse.server.deals import rematch_seed
from noblesse.server.store import StoredTable

TABLE = StoredTable(
    id="t",
    game="guillotine",
    version="1",
    seed=1,
    options={},
    seats=[],
    host_hash="h",
    status="open",
    result=None,
    created=datetime.now(UTC),
    actions=[],
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("practice-server")
    proc = ServerProcess(f"sqlite:///{tmp / 'noblesse.db'}", tmp / "server.log", 0.0).start()
    yield proc
    proc.stop()


def _post(server: ServerProcess, path: str, body: dict[str, Any]) -> dict[str, Any]:
    res = httpx.post(f"{server.url}{path}", json=body, timeout=30)
    assert res.status_code in (200, 201), res.text
    return res.json()


def _watch(server: ServerProcess, table_id: str) -> dict[str, Any]:
    return httpx.get(f"{server.url}/api/tables/{table_id}/watch", timeout=30).json()


def _play_to_the_end(server: ServerProcess, table_id: str, seat: int, token: str) -> None:
    """The person's seat takes its first legal action at each of its turns, until the end."""
    ws = server.url.replace("http", "ws", 1)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        watch = _watch(server, table_id)
        if watch["over"]:
            return
        if seat not in watch["to_act"]:
            time.sleep(0.02)
            continue
        with connect(
            f"{ws}/ws/tables/{table_id}/seats/{seat}?token={token}", max_size=None
        ) as sock:
            msg = json.loads(sock.recv(timeout=10))
            if seat in msg["to_act"]:
                sock.send(json.dumps({"type": "act", "action": msg["legal"][0]["action"]}))
                n = msg["n"]
                while msg.get("n") != n + 1:
                    msg = json.loads(sock.recv(timeout=10))
                    assert msg["type"] != "error", msg
    raise AssertionError("the game did not end")


def _practice(server: ServerProcess, seed: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A finished practice game of Guillotine (this seed) and the watch of its rematch."""
    body: dict[str, Any] = {"game": "guillotine", "seats": ["human", "greedy", "random"]}
    if seed is not None:
        body["seed"] = seed
    table = _post(server, "/api/tables", body)
    token = table["seats"][0]["token"]
    _play_to_the_end(server, table["id"], 0, token)
    rematch = _post(server, f"/api/tables/{table['id']}/rematch", {"seat": 0, "token": token})
    deadline = time.monotonic() + 30
    while 0 not in (watch := _watch(server, rematch["id"]))["to_act"]:  # the bots before the person
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return _watch(server, table["id"]), watch


def test_a_practice_seed_s_rematch_is_the_known_deal_that_follows_from_it(
    server: ServerProcess,
) -> None:
    first, rematch = _practice(server, 1234)
    assert first["deal"]["known"] and first["deal"]["seed"] == 1234
    deal = rematch["deal"]
    assert deal["known"] and deal["seed"] is not None and deal["seed"] != 1234
    assert 0 <= deal["seed"] < 2**31
    # someone else practising seed 1234 meets the same rematch: the same seed, the same deal
    again_first, again = _practice(server, 1234)
    assert again["deal"]["seed"] == deal["seed"]
    assert again["view"] == rematch["view"] and again["log"] == rematch["log"]
    assert again_first["deal"]["seed"] == 1234
    # and its own rematch goes on from it
    table = _post(
        server,
        "/api/tables",
        {"game": "guillotine", "seats": ["human", "greedy", "random"], "seed": deal["seed"]},
    )
    _play_to_the_end(server, table["id"], 0, table["seats"][0]["token"])
    next_one = _post(
        server,
        f"/api/tables/{table['id']}/rematch",
        {"seat": 0, "token": table["seats"][0]["token"]},
    )
    assert _watch(server, next_one["id"])["deal"]["seed"] not in (1234, deal["seed"])


def test_a_secret_deal_s_rematch_is_secret(server: ServerProcess) -> None:
    first, rematch = _practice(server, None)
    assert not first["deal"]["known"]
    assert not rematch["deal"]["known"] and rematch["deal"]["seed"] is None
    assert rematch["deal"]["commitment"] != first["deal"]["commitment"]


def test_the_rematch_seed_is_a_chosen_seed_s_range_and_none_for_a_secret_deal() -> None:
    def known(seed: Any, commitment: str | None) -> StoredTable:
        return dataclasses.replace(TABLE, seed=seed, commitment=commitment)

    seeds = {rematch_seed(known(s, "c")) for s in range(200)}
    assert len(seeds) == 200 and all(isinstance(s, int) and 0 <= s < 2**31 for s in seeds)
    assert rematch_seed(known(7, "c")) == rematch_seed(known(7, "c"))
    assert rematch_seed(known(7, None)) is None  # stored before commitments
    assert rematch_seed(known("secret", "c")) is None  # a secret deal: a new secret one
