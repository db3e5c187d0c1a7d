"""The web table's limits, at a real ``noblesse serve`` process over real sockets.

Two servers with small limits given as ``serve`` flags: ``limited`` (body, message, rate,
connection and bot limits) and ``idle`` (tables leave memory after 1 s; 2 unfinished tables
per address). Each test talks from its own loopback address (127.0.x.y), so the per-address
limits of one server do not mix tests. Every refusal has the one error shape, in English
and 繁體中文, over HTTP and WebSocket alike; every answer carries the security headers.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from security.limits_support import (
    LimitedServer,
    assert_error,
    close_code,
    recv,
    recv_kind,
)

MAX_BODY = 4096
MAX_MESSAGE = 16384
LIMITED_FLAGS = [
    "--max-body",
    str(MAX_BODY),
    "--max-message",
    str(MAX_MESSAGE),
    "--tables-per-minute",
    "3",
    "--connections-per-table",
    "3",
    "--connections-per-address",
    "2",
    "--messages-per-second",
    "5",
    "--syncs-per-second",
    "1",
    "--bot-think-ms",
    "1000",
]
IDLE_FLAGS = ["--idle-seconds", "1", "--open-tables-per-address", "2", "--tables-per-minute", "0"]

_addresses = (f"127.0.{i // 250 + 1}.{i % 250 + 1}" for i in itertools.count())


def fresh_address() -> str:
    """A loopback address no other test has used."""
    return next(_addresses)


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LimitedServer]:
    tmp = tmp_path_factory.mktemp("limits")
    # Bots wait a minute before acting: nothing in these tests needs them to play.
    proc = LimitedServer(
        f"sqlite:///{tmp / 'tables.db'}", tmp / "server.log", 60.0, LIMITED_FLAGS
    ).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def idle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LimitedServer]:
    tmp = tmp_path_factory.mktemp("limits-idle")
    proc = LimitedServer(
        f"sqlite:///{tmp / 'tables.db'}", tmp / "server.log", 60.0, IDLE_FLAGS
    ).start()
    yield proc
    proc.stop()


def create(http: httpx.Client, seats: list[str]) -> dict[str, Any]:
    res = http.post("/api/tables", json={"game": "guillotine", "seats": seats})
    assert res.status_code == 201, res.text
    return res.json()


def table_count(http: httpx.Client) -> int:
    lobby = http.get("/api/tables").json()
    return len(lobby["open"]) + len(lobby["finished"])


def seat_path(created: dict[str, Any], seat: int) -> str:
    return f"/ws/tables/{created['id']}/seats/{seat}?token={created['seats'][seat]['token']}"


def watch_path(created: dict[str, Any]) -> str:
    return f"/ws/tables/{created['id']}/watch"


def send(ws: Any, msg: dict[str, Any]) -> None:
    ws.send(json.dumps(msg))


# ---------------------------------------------------------------- 1. headers and pages
class _PageScripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inline_scripts = 0
        self.handlers: list[str] = []
        self.script_srcs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        self.handlers += [f"<{tag} {a}>" for a in names if a.lower().startswith("on")]
        if tag == "script":
            if names.get("src"):
                self.script_srcs.append(names["src"] or "")
            else:
                self.inline_scripts += 1


def assert_security_headers(res: httpx.Response) -> None:
    csp = res.headers.get("content-security-policy")
    assert csp, (res.request.url, res.headers)
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives["script-src"] == ["'self'"], csp
    assert directives["frame-ancestors"] == ["'none'"], csp
    assert res.headers["x-frame-options"] == "DENY"
    assert res.headers["referrer-policy"] == "no-referrer"
    assert res.headers["x-content-type-options"] == "nosniff"


def test_every_http_answer_carries_the_security_headers_and_pages_have_no_inline_script(
    limited: LimitedServer,
) -> None:
    http = limited.client(fresh_address())
    answers = {
        path: http.get(path)
        for path in ["/", "/table/x", "/static/table.js", "/api/games", "/api/tables/nosuch/watch"]
    }
    assert [a.status_code for a in answers.values()] == [200, 200, 200, 200, 404]
    big = http.post(
        "/api/tables", content=b"x" * (MAX_BODY + 1), headers={"content-type": "application/json"}
    )
    assert big.status_code == 413
    for res in [*answers.values(), big]:
        assert_security_headers(res)
    for path in ["/", "/table/x"]:
        page = _PageScripts()
        page.feed(answers[path].text)
        assert page.inline_scripts == 0, path
        assert page.handlers == [], path
        assert page.script_srcs and all(s.startswith("/static/") for s in page.script_srcs)
        assert "<script" in answers[path].text.lower()  # the parser saw the page's scripts


# ---------------------------------------------------------------- 2. one error shape
def test_http_and_websocket_refusals_share_one_bilingual_error_shape(
    limited: LimitedServer,
) -> None:
    http = limited.client(fresh_address())
    assert_error(http.get("/api/tables/nosuch/watch"), "not_found")
    bad_kind = http.post("/api/tables", json={"game": "guillotine", "seats": ["human", "robot"]})
    assert bad_kind.status_code == 400
    assert_error(bad_kind, "bad_request")
    created = create(http, ["human", "human"])
    wrong = http.get(f"/api/tables/{created['id']}/seats/0", params={"token": "wrong"})
    assert wrong.status_code == 403
    assert_error(wrong, "forbidden")
    big = http.post(
        "/api/tables",
        content=b"{" + b" " * MAX_BODY + b"}",
        headers={"content-type": "application/json"},
    )
    assert big.status_code == 413
    assert_error(big, "too_large")
    create(http, ["human", "human"])
    create(http, ["human", "human"])
    limited_answer = http.post(
        "/api/tables", json={"game": "guillotine", "seats": ["human", "human"]}
    )
    assert limited_answer.status_code == 429
    assert_error(limited_answer, "rate_limited")

    address = fresh_address()
    with limited.socket(watch_path(created), address) as watcher:
        first = recv_kind(watcher, "state")
        send(watcher, {"type": "act", "action": "pass"})
        assert_error(recv(watcher), "forbidden")
        waiting = 1 - first["to_act"][0]
        with limited.socket(seat_path(created, waiting), address) as seat:
            state = recv_kind(seat, "state")
            send(
                seat,
                {
                    "type": "act",
                    "action": state["legal"][0]["action"] if state["legal"] else "pass",
                },
            )
            assert_error(recv_kind(seat, "error"), "refused")
    assert http.get(f"/api/tables/{created['id']}/watch").json()["n"] == 0


def test_unknown_paths_and_methods_answer_the_same_error_shape(limited: LimitedServer) -> None:
    http = limited.client(fresh_address())
    missing = http.get("/api/nosuch")
    assert missing.status_code == 404
    assert_security_headers(missing)
    assert_error(missing, "not_found")
    assert_error(http.delete("/api/tables"), "not_allowed")


# ---------------------------------------------------------------- 3. body limit
def test_bodies_over_the_limit_are_refused_413_without_being_held_in_memory(
    limited: LimitedServer,
) -> None:
    http = limited.client(fresh_address())
    five_kb = http.post(
        "/api/tables",
        content=b"[" + b"0," * 2500 + b"0]",
        headers={"content-type": "application/json"},
    )
    assert five_kb.status_code == 413
    assert_error(five_kb, "too_large")

    sent = 0

    def hundred_mb() -> Iterator[bytes]:  # no Content-Length: sent chunked
        nonlocal sent
        chunk = b" " * (1 << 20)
        for _ in range(100):
            sent += len(chunk)
            yield chunk

    before = limited.rss_kb()
    streamed = http.post(
        "/api/tables", content=hundred_mb(), headers={"content-type": "application/json"}
    )
    after = limited.rss_kb()
    assert streamed.status_code == 413
    assert "content-length" not in streamed.request.headers
    assert_error(streamed, "too_large")
    assert sent >= 1 << 20
    assert after - before < 20 * 1024, (before, after)
    assert create(http, ["human", "human"])["seats"][0]["token"]


# ---------------------------------------------------------------- 4. JSON depth
def nested(depth: int) -> bytes:
    return b'{"game":"guillotine","seats":' + b"[" * depth + b"]" * depth + b"}"


def test_deep_json_is_refused_and_the_socket_stays_usable(limited: LimitedServer) -> None:
    http = limited.client(fresh_address())
    json_type = {"content-type": "application/json"}
    deepest = http.post("/api/tables", content=nested(100_000), headers=json_type)
    assert deepest.status_code == 413  # 200 KB: over the 4096-byte body limit first
    assert_error(deepest, "too_large")
    assert len(nested(2000)) < MAX_BODY
    deep = http.post("/api/tables", content=nested(2000), headers=json_type)
    assert deep.status_code == 400
    assert_error(deep, "bad_request")
    created = create(http, ["human", "human"])

    with limited.socket(watch_path(created), fresh_address()) as ws:
        recv_kind(ws, "state")
        message = "[" * 5000 + "]" * 5000
        assert len(message) < MAX_MESSAGE
        ws.send(message)
        assert_error(recv(ws), "bad_request")
        send(ws, {"type": "sync"})
        assert recv_kind(ws, "state")["table"] == created["id"]
        ws.send(json.dumps({"type": "sync", "pad": "x" * MAX_MESSAGE}))
        assert close_code(ws) == 1009
    assert "Traceback" not in limited.log()


@pytest.mark.parametrize("content_type", ["Application/JSON", "APPLICATION/JSON; charset=utf-8"])
def test_deep_json_is_refused_whatever_the_case_of_its_content_type(
    limited: LimitedServer, content_type: str
) -> None:
    http = limited.client(fresh_address())
    for depth in (100, 1500):
        res = http.post(
            "/api/tables", content=nested(depth), headers={"content-type": content_type}
        )
        assert res.status_code == 400, (depth, res.text)
        assert "nested deeper" in assert_error(res, "bad_request")["message"]["en"]


# ---------------------------------------------------------------- 5. tables per address
def test_the_fourth_table_a_minute_from_one_address_is_refused_429(limited: LimitedServer) -> None:
    http = limited.client(fresh_address())
    before = table_count(http)
    for _ in range(3):
        create(http, ["human", "human"])
    fourth = http.post("/api/tables", json={"game": "guillotine", "seats": ["human", "human"]})
    assert fourth.status_code == 429
    assert_error(fourth, "rate_limited")
    assert int(fourth.headers["retry-after"]) > 0
    assert table_count(http) == before + 3
    other = limited.client(fresh_address())  # the limit is per address
    create(other, ["human", "human"])
    assert table_count(http) == before + 4


def test_the_third_unfinished_table_of_an_address_is_refused_429(idle: LimitedServer) -> None:
    http = idle.client(fresh_address())
    before = table_count(http)
    create(http, ["human", "human"])
    create(http, ["human", "human"])
    third = http.post("/api/tables", json={"game": "guillotine", "seats": ["human", "human"]})
    assert third.status_code == 429
    body = assert_error(third, "rate_limited")
    assert "unfinished" in body["message"]["en"]
    assert int(third.headers["retry-after"]) > 0
    assert table_count(http) == before + 2


# ---------------------------------------------------------------- 6. connections
def assert_busy(ws: Any, word: str) -> int | None:
    """``ws`` was refused as over a connection limit (``word``: "table" or "address") and
    closed; the close code it got."""
    body = assert_error(recv(ws), "busy")
    assert word in body["message"]["en"], body
    return close_code(ws)


@contextlib.contextmanager
def admitted_after_close(server: LimitedServer, path: str, address: str) -> Iterator[Any]:
    """A socket to ``path`` once the server has seen an earlier one close (it may take a
    moment): refused ones are 'busy', the first admitted one is yielded."""
    deadline = time.monotonic() + 5
    while True:
        with server.socket(path, address) as ws:
            first = recv(ws)
            if first["type"] == "state":
                yield ws
                return
            assert_error(first, "busy")
        assert time.monotonic() < deadline, "no new socket admitted after one closed"
        time.sleep(0.05)


def test_connections_over_the_table_and_address_limits_are_told_busy_and_closed(
    limited: LimitedServer,
) -> None:
    http = limited.client(fresh_address())
    one, two = create(http, ["human", "human"]), create(http, ["human", "human"])
    a, b = fresh_address(), fresh_address()
    with contextlib.ExitStack() as stack:
        first = [
            stack.enter_context(limited.socket(watch_path(one), address)) for address in (a, a, b)
        ]
        for ws in first:
            recv_kind(ws, "state")
        with limited.socket(watch_path(one), b) as fourth:  # b has 1: the table is full
            assert_busy(fourth, "table")
        with limited.socket(watch_path(two), a) as third_of_a:  # the table has room: a not
            assert_busy(third_of_a, "address")
        for ws in first:
            send(ws, {"type": "sync"})
            assert recv_kind(ws, "state")["table"] == one["id"]
        first[0].close()
        with admitted_after_close(limited, watch_path(two), a):
            pass
        first[1].close()
        with admitted_after_close(limited, watch_path(one), b) as new:
            send(new, {"type": "act", "action": "pass"})
            assert_error(recv(new), "forbidden")  # a live spectator socket


def test_a_connection_over_a_limit_is_closed_with_4029(limited: LimitedServer) -> None:
    created = create(limited.client(fresh_address()), ["human", "human"])
    address = fresh_address()
    with (
        limited.socket(watch_path(created), address) as ws1,
        limited.socket(watch_path(created), address) as ws2,
    ):
        recv_kind(ws1, "state")
        recv_kind(ws2, "state")
        with limited.socket(watch_path(created), address) as third:
            assert assert_busy(third, "address") == 4029


# ---------------------------------------------------------------- 7. message rates
def test_a_flooding_socket_is_closed_1008_and_the_others_go_on(limited: LimitedServer) -> None:
    http = limited.client(fresh_address())
    created = create(http, ["human", "human"])
    with (
        limited.socket(watch_path(created), fresh_address()) as watcher,
        limited.socket(watch_path(created), fresh_address()) as flooder,
    ):
        start = recv_kind(watcher, "state")
        recv_kind(flooder, "state")
        sync = json.dumps({"type": "sync"})
        try:
            for _ in range(200):
                flooder.send(sync)
        except ConnectionClosed:
            pass
        assert close_code(flooder) == 1008
        seat = start["to_act"][0]
        with limited.socket(seat_path(created, seat), fresh_address()) as player:
            state = recv_kind(player, "state")
            send(player, {"type": "act", "action": state["legal"][0]["action"]})
            assert recv_kind(player, "state")["n"] == 1
        assert recv_kind(watcher, "state")["n"] == 1


def test_the_sixth_rapid_sync_is_rate_limited(limited: LimitedServer) -> None:
    http = limited.client(fresh_address())
    created = create(http, ["human", "human"])
    with limited.socket(watch_path(created), fresh_address()) as ws:
        recv_kind(ws, "state")
        for _ in range(7):
            send(ws, {"type": "sync"})
        answers = [recv(ws) for _ in range(7)]
        assert [a["type"] for a in answers] == ["state"] * 5 + ["error"] * 2
        for answer in answers[5:]:
            assert_error(answer, "rate_limited")
        time.sleep(1.1)  # one more token
        send(ws, {"type": "sync"})
        assert recv(ws)["type"] == "state"


# ---------------------------------------------------------------- 8. bot specs
@pytest.mark.parametrize(
    "kind", ["greedy:zzz", "nosuchbot", "ismcts:ms=abc", "ismcts:ms=8000", "ismcts:iters=999999999"]
)
def test_a_bad_or_too_costly_bot_spec_is_refused_at_creation(
    limited: LimitedServer, kind: str
) -> None:
    http = limited.client(fresh_address())
    before = table_count(http)
    res = http.post("/api/tables", json={"game": "guillotine", "seats": ["human", kind]})
    assert res.status_code == 400
    assert_error(res, "bad_request")
    assert table_count(http) == before


def test_bot_specs_are_held_to_the_think_cap_and_checked_at_hand_over(
    limited: LimitedServer,
) -> None:
    http = limited.client(fresh_address())
    assert create(http, ["human", "ismcts:ms=500"])["seats"][1]["kind"] == "ismcts:ms=500.0"
    capped = create(http, ["human", "ismcts"])
    assert capped["seats"][1]["kind"] == "ismcts:ms=1000.0"
    watched = http.get(f"/api/tables/{capped['id']}/watch").json()
    assert watched["seats"][1]["kind"] == "ismcts:ms=1000.0"

    table = create(http, ["human", "human"])
    url = f"/api/tables/{table['id']}/seats/1/bot"
    for kind in ["greedy:zzz", "ismcts:ms=8000"]:
        res = http.post(url, params={"host": table["host_token"]}, json={"kind": kind})
        assert res.status_code == 400, kind
        assert_error(res, "bad_request")
        assert http.get(f"/api/tables/{table['id']}/watch").json()["seats"][1]["kind"] == "human"
    seat1 = http.get(
        f"/api/tables/{table['id']}/seats/1", params={"token": table["seats"][1]["token"]}
    )
    assert seat1.status_code == 200  # the seat's token still works
    res = http.post(url, params={"host": table["host_token"]}, json={"kind": "random"})
    assert res.status_code == 200
    assert res.json() == {"seat": 1, "kind": "random"}
    assert http.get(f"/api/tables/{table['id']}/watch").json()["seats"][1]["kind"] == "random"


# ---------------------------------------------------------------- 9. idle tables
def test_an_idle_table_leaves_memory_and_comes_back_on_demand(idle: LimitedServer) -> None:
    http = idle.client(fresh_address())
    created = create(http, ["human", "human"])
    address = fresh_address()
    with idle.socket(watch_path(created), address) as watcher:
        seat = recv_kind(watcher, "state")["to_act"][0]
        with idle.socket(seat_path(created, seat), address) as player:
            state = recv_kind(player, "state")
            send(player, {"type": "act", "action": state["legal"][0]["action"]})
            assert recv_kind(player, "state")["n"] == 1
        assert recv_kind(watcher, "state")["n"] == 1
    time.sleep(2.0)
    after = http.get(f"/api/tables/{created['id']}/watch").json()
    assert after["n"] == 1
    seat = after["to_act"][0]
    with idle.socket(seat_path(created, seat), address) as player:
        state = recv_kind(player, "state")
        assert state["n"] == 1 and state["legal"]
        send(player, {"type": "act", "action": state["legal"][0]["action"]})
        assert recv_kind(player, "state")["n"] == 2
    assert http.get(f"/api/tables/{created['id']}/watch").json()["n"] == 2
    assert "Traceback" not in idle.log()
