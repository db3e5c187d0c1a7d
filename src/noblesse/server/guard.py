"""What every HTTP request passes through: a size limit on bodies, a nesting limit on
JSON, and the security headers on every answer.

A plain ASGI middleware (no per-request task or copy of the response): a body over
``max_body`` is refused with 413 before the app sees it, whether or not the client
announced its length, and a JSON body nested deeper than ``max_json_depth`` with 400.
"""

from __future__ import annotations

import json
import re
from typing import Any

from noblesse.server.settings import Settings

# Pages load only their own scripts and styles (no inline script anywhere), may not be
# framed, and never send the page's address (it carries a seat's token) elsewhere.
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int) -> bool:
    """Whether JSON ``text`` nests objects and arrays deeper than ``limit`` (checked before
    parsing, so a hostile message cannot make the parser recurse)."""
    if not limit or text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > limit:
            return True
    return False


def error_body(kind: str, en: str, zh: str) -> bytes:
    return json.dumps(
        {"type": "error", "code": kind, "message": {"en": en, "zh-TW": zh}}, ensure_ascii=False
    ).encode()


class Guard:
    def __init__(self, app: Any, settings: Settings) -> None:
        self.app, self.settings = app, settings

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    h
                    for h in message.get("headers", [])
                    if h[0].lower() not in {k for k, _ in SECURITY_HEADERS}
                ]
                message = {**message, "headers": headers + SECURITY_HEADERS}
            await send(message)

        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send_with_headers)
            return
        limit = self.settings.max_body
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if limit and declared is not None and declared.isdigit() and int(declared) > limit:
            await self._refuse(
                send_with_headers,
                413,
                "too_large",
                f"The request is larger than {limit} bytes.",
                f"請求超過{limit}位元組。",
            )
            return
        # Read the body (at most ``limit`` bytes) before the app does.
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if limit and size > limit:
                await self._refuse(
                    send_with_headers,
                    413,
                    "too_large",
                    f"The request is larger than {limit} bytes.",
                    f"請求超過{limit}位元組。",
                )
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        # whatever the content type says: the app may parse a body as JSON without one
        if too_deep(body.decode("utf-8", "replace"), self.settings.max_json_depth):
            depth = self.settings.max_json_depth
            await self._refuse(
                send_with_headers,
                400,
                "bad_request",
                f"The request's JSON is nested deeper than {depth} levels.",
                f"請求的JSON巢狀超過{depth}層。",
            )
            return
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)

    @staticmethod
    async def _refuse(send: Any, status: int, kind: str, en: str, zh: str) -> None:
        body = error_body(kind, en, zh)
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
