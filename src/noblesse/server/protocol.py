"""uvicorn's WebSocket protocol (websockets, sans-I/O), held tighter against floods.

uvicorn hands every byte it reads to the frame parser at once: a client that floods
its socket with tiny frames makes the server parse a whole read (up to 256 KiB, some
ten thousand frames) and queue every message before the application has looked at the
first. And when the server closes a connection it keeps reading and parsing what the
peer sends for 10 s while it waits for the peer's close reply.

Here bytes are parsed a slice at a time, only while fewer than ``QUEUED`` messages
wait for the application (the rest waits, unread, and the socket stops being read),
so a flood costs the server only the messages it actually takes; once the close frame
is sent nothing more is read from that socket, and the transport is closed after 1 s
whether or not the peer answered. ``noblesse serve`` runs with it.

Compression (permessage-deflate, when the client offers it) is chosen per message: a
message under ``COMPRESS_FROM`` bytes goes uncompressed (RFC 7692 §6 lets a sender leave
any message uncompressed), since compressing a small change costs more time than the
bytes it saves.

A message the application sends while the socket can take it is written at once by
``write_now`` (offered to the application as the ASGI extension ``WRITE_NOW``), without
the ASGI send's awaits.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode

CLOSE_TIMEOUT = 1.0
SLICE = 4096  # bytes parsed at a time
QUEUED = 4  # messages waiting for the application before parsing stops
COMPRESS_FROM = 4096  # bytes: smaller messages are sent as they are
WRITE_NOW = "noblesse.write_now"  # scope["extensions"][WRITE_NOW]["send_text"]: write_now


class SizedDeflate(PerMessageDeflate):
    """permessage-deflate that leaves small whole messages uncompressed (RSV1 clear).
    The compressor never sees them, and neither does the peer's decompressor, so the
    shared compression context stays in step."""

    def encode(self, frame: Frame) -> Frame:
        if (
            frame.fin
            and frame.opcode in (Opcode.TEXT, Opcode.BINARY)
            and len(frame.data) < COMPRESS_FROM
        ):
            return frame
        return super().encode(frame)


class SizedDeflateFactory(ServerPerMessageDeflateFactory):
    def process_request_params(self, params: Any, accepted_extensions: Any) -> Any:
        response, ext = super().process_request_params(params, accepted_extensions)
        return response, SizedDeflate(
            ext.remote_no_context_takeover,
            ext.local_no_context_takeover,
            ext.remote_max_window_bits,
            ext.local_max_window_bits,
            ext.compress_settings,
        )


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.close_timeout = CLOSE_TIMEOUT
        self._unparsed = bytearray()
        if self.config.ws_per_message_deflate:  # uvicorn's settings, sized
            self.conn.available_extensions = [
                SizedDeflateFactory(
                    server_max_window_bits=12,
                    client_max_window_bits=12,
                    compress_settings={"memLevel": 5},
                )
            ]

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:
            self.scope["extensions"][WRITE_NOW] = {"send_text": self.write_now}

    def write_now(self, text: str | bytes) -> bool:
        """Write the text message ``text`` (or its UTF-8 bytes) now if the socket takes it
        without waiting: accepted, not closing, not paused by flow control. False, having
        written nothing, otherwise: then it goes the ASGI way (``send``), which waits or
        fails as it must."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or not self.writable.is_set()
            or self.transport.is_closing()
        ):
            return False
        self.conn.send_text(text if isinstance(text, bytes) else text.encode())
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    def data_received(self, data: bytes) -> None:
        self._unparsed += data
        self._parse()

    def _parse(self) -> None:
        while self._unparsed and not self.close_sent and self.queue.qsize() < QUEUED:
            piece = bytes(self._unparsed[:SLICE])
            del self._unparsed[:SLICE]
            super().data_received(piece)
            if self.transport.is_closing():
                break
        if self.close_sent:  # closing: what the peer still sends is neither read nor parsed
            self._unparsed.clear()
        if (self._unparsed or self.close_sent) and not self.transport.is_closing():
            self.read_paused = True
            self.transport.pause_reading()

    async def receive(self) -> Any:
        message = await super().receive()
        if self._unparsed:  # the application took a message: parse on
            self._parse()
        return message
