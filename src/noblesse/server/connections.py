"""One WebSocket's outgoing side: a bounded queue drained by its own writer task.

The table code never awaits a client: it puts already-encoded messages in each
connection's ``Outbox`` and goes on. A message finding the outbox idle and the socket
ready is written at once (``write_now``, when the server's protocol offers it), without
a queue, a task switch or a timer; the others wait in the queue for its writer task.
A connection whose queue is full, or whose send takes longer than the timeout, has
fallen behind: it is closed with ``CLOSE_BEHIND`` (the page reconnects and asks for
everything again), never waited on, so a stalled tab or a hostile reader cannot slow
anyone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

log = logging.getLogger("noblesse.server")

# Close codes the page understands (web/table.js).
CLOSE_BEHIND = 4000  # fell behind: reconnect at once and resync
CLOSE_LIMIT = 4029  # too many connections (per table or address): try again later
CLOSE_TOO_BIG = 1009  # a message over the size limit (RFC 6455 "message too big")
CLOSE_POLICY = 1008  # a token that is not valid for the seat, or a flood


class Outbox:
    """Messages waiting for one connection, sent in order by one task."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        close: Callable[[int, str], Awaitable[None]],
        limit: int,
        timeout: float,
        write_now: Callable[[str | bytes], bool] | None = None,
    ) -> None:
        self._send_text, self._close, self._write_now = send_text, close, write_now
        self._sending = False  # the writer task holds a message it has not finished sending
        self._queue: asyncio.Queue[str | bytes] = asyncio.Queue(limit or 0)
        self._timeout = timeout or None
        self.closed = asyncio.Event()
        self.close_code: int | None = None
        self._closing: asyncio.Task[None] | None = None
        self._task = asyncio.get_running_loop().create_task(self._run())

    def put(self, text: str | bytes) -> bool:
        """Queue the text message ``text`` (or its UTF-8 bytes, as the table's messages
        are kept: written as they are, not decoded and encoded again); False (and the
        connection closing) if it has fallen behind."""
        if self.closed.is_set():
            return False
        # Nothing queued or being sent: nothing can overtake, so write it at once if the
        # socket takes it without waiting (not paused by flow control, not closing).
        if (
            self._write_now is not None
            and not self._sending
            and self._queue.empty()
            and self._write_now(text)
        ):
            return True
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.shut(CLOSE_BEHIND, "fell behind")
            return False
        return True

    async def _run(self) -> None:
        while True:
            text = await self._queue.get()
            self._sending = True  # (set in the step that takes it from the queue)
            try:
                async with asyncio.timeout(self._timeout):  # no task per send, unlike wait_for
                    await self._send_text(text if isinstance(text, str) else text.decode())
                self._sending = False
            except TimeoutError:
                self.shut(CLOSE_BEHIND, "fell behind")
                return
            except Exception:  # noqa: BLE001 - the socket is gone, whatever the reason
                self.shut(1006, "gone")
                return

    def shut(self, code: int, reason: str) -> None:
        """Stop sending and close the socket (in the background, with a time limit)."""
        if self.closed.is_set():
            return
        self.close_code = code
        self.closed.set()
        if asyncio.current_task() is not self._task:
            self._task.cancel()
        if code != 1006:
            self._closing = asyncio.get_running_loop().create_task(
                self._close_quietly(code, reason)
            )

    async def finish(self) -> None:
        """Wait (at most 2 s) until a close this outbox began has been sent: the handler
        must not return before, or the server drops the socket without its close code."""
        if self._closing is not None:
            await self._closing

    async def _close_quietly(self, code: int, reason: str) -> None:
        # A reader that never reads cannot take our close frame either: give up after a
        # moment (the server's keep-alive ping ends such a socket).
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(code, reason), 2.0)

    async def drain(self, timeout: float = 2.0) -> None:
        """Wait (briefly) until what is queued has been sent: before closing on purpose."""
        deadline = time.monotonic() + timeout
        while not self._queue.empty() and not self.closed.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)


@dataclass
class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up (rate 0: no limit)."""

    rate: float
    burst: float
    tokens: float = field(init=False)
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self) -> bool:
        if not self.rate:
            return True
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
