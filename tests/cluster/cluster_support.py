"""A ``noblesse serve --redis`` process, and a player's or spectator's WebSocket to it that
follows change messages (``server.changes.follow``) as the browser does."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from browser.server import ServerProcess
from noblesse.server.changes import follow


class ClusterServer(ServerProcess):
    """One of several processes serving one store, sharing ``redis`` under ``prefix``."""

    def __init__(
        self,
        db_url: str,
        log_path: Path,
        bot_delay: float,
        redis: str,
        prefix: str,
        args: list[str] | None = None,
    ) -> None:
        super().__init__(
            db_url,
            log_path,
            bot_delay,
            known_deals=True,
            args=["--redis", redis, "--redis-prefix", prefix, *(args or [])],
        )

    def socket(self, path: str) -> Seat:
        return Seat(
            connect(self.url.replace("http://", "ws://") + path, open_timeout=10, max_size=2**24)
        )

    def seat(self, created: dict[str, Any], seat: int) -> Seat:
        token = created["seats"][seat]["token"]
        return self.socket(f"/ws/tables/{created['id']}/seats/{seat}?token={token}")

    def watch(self, table_id: str) -> Seat:
        return self.socket(f"/ws/tables/{table_id}/watch")


class Seat:
    """A WebSocket and the table as its messages describe it (``held``)."""

    def __init__(self, ws: ClientConnection) -> None:
        self._open = contextlib.ExitStack()
        self.ws = self._open.enter_context(ws)
        self.held: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.presence: list[bool] | None = None

    def recv(self, timeout: float) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        if msg["type"] in ("state", "change"):
            self.held = follow(self.held, msg)
            self.presence = [s["connected"] for s in self.held["seats"]]
        elif msg["type"] == "error":
            self.errors.append(msg)
        elif msg["type"] == "presence":
            self.presence = msg["connected"]
        return msg

    def until(self, done: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Read messages until ``done(held)`` holds of the table; the table then."""
        self.wait(lambda seat: seat.held is not None and done(seat.held), timeout)
        return self.held  # type: ignore[return-value]

    def wait(self, done: Any, timeout: float = 10.0) -> None:
        """Read messages until ``done(self)`` holds (of ``held``, ``presence``...)."""
        deadline = time.monotonic() + timeout
        while not done(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"not seen within {timeout}s; last seen: "
                    f"n={self.held and self.held['n']}, errors={self.errors}"
                )
            self.recv(left)
        return self.held

    def act(self, action: str) -> None:
        self.ws.send(json.dumps({"type": "act", "action": action}))

    def close(self) -> None:
        self._open.close()


def play_turns(seats: dict[int, Seat], turns: int, within: float) -> list[tuple[int, str]]:
    """The seat to act plays its last legal action, ``turns`` times; every socket in
    ``seats`` sees each action within ``within`` seconds. The (seat, action)s played."""
    played = []
    for _ in range(turns):
        for sock in seats.values():
            sock.until(lambda t: True)
        table = next(iter(seats.values())).held
        assert table is not None
        n, mover = table["n"] + 1, table["to_act"][0]
        played.append((mover, seats[mover].held["legal"][-1]["action"]))  # type: ignore[index]
        seats[mover].act(played[-1][1])
        for sock in seats.values():
            sock.until(lambda t, n=n: t["n"] == n, timeout=within)
    return played
