"""Helpers for the limit tests: a ``noblesse serve`` process with extra setting flags, HTTP
and WebSocket clients from a chosen loopback address (each test its own address, so the
per-address limits of one server do not mix tests), and the shape of an error message."""

from __future__ import annotations

import json
import re
import time
import weakref
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from browser.server import LIMITS, ServerProcess
from noblesse.server.changes import follow

CJK = re.compile(r"[\u4e00-\u9fff]")


class LimitedServer(ServerProcess):
    """``ServerProcess`` whose command line ends with ``flags`` (``--max-body 4096``...)."""

    def __init__(self, db_url: str, log_path: Path, bot_delay: float, flags: list[str]) -> None:
        super().__init__(db_url, log_path, bot_delay, args=flags)

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://")

    def client(self, address: str) -> httpx.Client:
        """An HTTP client whose connections come from ``address`` (127.x.y.z)."""
        return httpx.Client(
            base_url=self.url,
            timeout=30.0,
            transport=httpx.HTTPTransport(local_address=address, limits=LIMITS),
        )

    def rss_kb(self) -> int:
        assert self.proc is not None
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1))  # type: ignore[union-attr]

    def socket(self, path: str, address: str, **kwargs: Any) -> ClientConnection:
        """A WebSocket to ``path`` from ``address`` (no compression: sizes are as sent)."""
        kwargs.setdefault("max_size", 2**24)
        return connect(
            self.ws_url + path,
            source_address=(address, 0),
            compression=None,
            open_timeout=10,
            **kwargs,
        )


def assert_error(answer: Any, code: str) -> dict[str, Any]:
    """``answer`` (a dict, or an httpx response) is the one error shape with ``code``."""
    body = answer.json() if isinstance(answer, httpx.Response) else answer
    assert set(body) == {"type", "code", "message"}, body
    assert body["type"] == "error" and body["code"] == code, body
    assert set(body["message"]) == {"en", "zh-TW"}, body
    assert body["message"]["en"].strip() and body["message"]["zh-TW"].strip(), body
    assert CJK.search(body["message"]["zh-TW"]), body
    return body


HELD: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def recv(ws: ClientConnection, timeout: float = 10.0) -> dict[str, Any]:
    """The next message; a ``change`` as the whole ``state`` message it stands for."""
    msg = json.loads(ws.recv(timeout=timeout))
    if msg["type"] in ("state", "change"):
        msg = HELD[ws] = follow(HELD.get(ws), msg)
    return msg


def recv_kind(ws: ClientConnection, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of ``kind`` ("state", "error"), skipping presence messages."""
    deadline = time.monotonic() + timeout
    while True:
        msg = recv(ws, max(0.01, deadline - time.monotonic()))
        if msg["type"] == kind:
            return msg
        assert msg["type"] == "presence", msg


def close_code(ws: ClientConnection, timeout: float = 10.0) -> int | None:
    """Read until the server closes ``ws``; the code it closed with."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd else None
    except TimeoutError:
        raise AssertionError(f"the server did not close the socket within {timeout}s") from None
    raise AssertionError(f"the server did not close the socket within {timeout}s")
