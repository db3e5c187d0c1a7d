"""A connection's outbox: messages leave in the order they were put, whether written at
once (``write_now``) or queued for the writer task."""

from __future__ import annotations

import asyncio

from noblesse.server.connections import CLOSE_BEHIND, Outbox


class Socket:
    """The two ways out of an outbox, writing to one list: ``write_now`` takes a message
    only while ``ready``; ``send`` (the ASGI way) waits until ``ready``."""

    def __init__(self) -> None:
        self.ready = asyncio.Event()
        self.ready.set()
        self.sent: list[str] = []
        self.written_now: list[str] = []
        self.closed: list[int] = []

    def write_now(self, text: str) -> bool:
        if not self.ready.is_set():
            return False
        self.sent.append(text)
        self.written_now.append(text)
        return True

    async def send(self, text: str) -> None:
        await self.ready.wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed.append(code)


def outbox(socket: Socket, limit: int = 10, timeout: float = 5.0) -> Outbox:
    return Outbox(socket.send, socket.close, limit, timeout, socket.write_now)


def test_a_message_to_an_idle_ready_socket_is_written_before_put_returns() -> None:
    async def run() -> None:
        socket = Socket()
        box = outbox(socket)
        assert box.put("a")
        assert socket.sent == ["a"] and socket.written_now == ["a"]

    asyncio.run(run())


def test_messages_queued_while_the_socket_waits_leave_before_any_later_one() -> None:
    async def run() -> None:
        socket = Socket()
        box = outbox(socket)
        box.put("1")
        socket.ready.clear()  # flow control: the socket takes nothing more for now
        box.put("2")
        socket.ready.set()  # ready again, but "2" still waits in the queue
        box.put("3")
        for _ in range(5):
            await asyncio.sleep(0)
        assert socket.sent == ["1", "2", "3"]
        assert socket.written_now == ["1"]
        box.put("4")  # the queue is empty and nothing is being sent: at once
        assert socket.sent == ["1", "2", "3", "4"]
        assert socket.written_now == ["1", "4"]

    asyncio.run(run())


def test_a_socket_that_stays_unready_past_the_timeout_is_closed_as_behind() -> None:
    async def run() -> None:
        socket = Socket()
        box = outbox(socket, timeout=0.05)
        socket.ready.clear()
        box.put("1")
        await asyncio.wait_for(box.closed.wait(), 2)
        await box.finish()
        assert box.close_code == CLOSE_BEHIND and socket.closed == [CLOSE_BEHIND]
        assert not box.put("2") and socket.sent == []

    asyncio.run(run())


def test_a_message_put_while_the_writer_is_still_sending_waits_its_turn() -> None:
    async def run() -> None:
        socket = Socket()
        box = outbox(socket)
        socket.ready.clear()
        box.put("1")
        await asyncio.sleep(0)  # the writer task took "1" and waits for the socket
        socket.ready.set()  # the socket is ready; the writer has not yet run again
        box.put("2")  # so "2" may not be written at once, ahead of "1"
        for _ in range(5):
            await asyncio.sleep(0)
        assert socket.sent == ["1", "2"] and socket.written_now == []

    asyncio.run(run())
