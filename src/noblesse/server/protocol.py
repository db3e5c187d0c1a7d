"""uvicorn's WebSocket protocol (websockets, sans-I/O), held tighter against floods.

When the server closes a connection it waits for the peer's close reply; uvicorn keeps
reading and parsing everything the peer sends meanwhile, for 10 s. A client that floods
its socket would make the server parse its flood for those 10 s after every close. Here,
once the close frame is sent, nothing more is read from that socket, and the transport
is closed after 1 s whether or not the peer answered (``noblesse serve`` runs with it).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

CLOSE_TIMEOUT = 1.0


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.close_timeout = CLOSE_TIMEOUT

    def data_received(self, data: bytes) -> None:
        if self.close_sent:  # closing: what the peer still sends is neither read nor parsed
            self.transport.pause_reading()
            return
        super().data_received(data)
