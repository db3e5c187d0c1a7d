"""A real ``noblesse serve`` process on a free port, for tests that talk to it over HTTP."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

# uvicorn closes a connection idle for 5 s (its ``timeout_keep_alive``), and httpx keeps
# one idle for 5 s too: a request sent on it just as the server closes it is lost
# ("Server disconnected without sending a response"). The tests' clients let an idle
# connection go after 1 s, well before the server does.
LIMITS = httpx.Limits(keepalive_expiry=1.0)


def serve_command() -> list[str]:
    """``noblesse serve`` from the running interpreter's environment."""
    script = Path(sys.executable).parent / "noblesse"
    if script.exists():
        return [str(script), "serve"]
    found = shutil.which("noblesse")
    return [found, "serve"] if found else [sys.executable, "-m", "noblesse.cli", "serve"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """One server process; ``start`` waits until it answers, ``kill`` sends SIGKILL."""

    def __init__(
        self,
        db_url: str,
        log_path: Path,
        bot_delay: float,
        known_deals: bool = False,
        args: list[str] | None = None,
    ) -> None:
        """``known_deals``: ``serve --known-deals`` (a chosen seed at any table); ``args``:
        more ``serve`` options (limits: ``["--outbox", "16"]``)."""
        self.db_url, self.log_path, self.bot_delay = db_url, log_path, bot_delay
        self.known_deals, self.args = known_deals, list(args or [])
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""
        self.http = httpx.Client()

    def start(self, timeout: float = 30.0) -> ServerProcess:
        # A port found free may be taken before the server binds it (rarely: another
        # process's outgoing connection); then try another one.
        for _attempt in range(3):
            if self._start_on(free_port(), timeout):
                return self
        raise RuntimeError("noblesse serve could not bind a port:\n" + self.log())

    def _start_on(self, port: int, timeout: float) -> bool:
        self.url = f"http://127.0.0.1:{port}"
        mark = len(self.log())
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(
                [
                    *serve_command(),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--db",
                    self.db_url,
                    "--bot-delay",
                    str(self.bot_delay),
                    *(["--known-deals"] if self.known_deals else []),
                    *self.args,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "NO_COLOR": "1"},
                start_new_session=True,
            )  # its own process group: its workers go with it
        self.http.close()
        self.http = httpx.Client(base_url=self.url, timeout=10.0, limits=LIMITS)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                output = self.log()[mark:]
                if "address already in use" in output.lower():
                    return False
                raise RuntimeError(f"noblesse serve exited with {self.proc.returncode}:\n" + output)
            try:
                if self.http.get("/api/games", timeout=1.0).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"noblesse serve did not answer within {timeout}s:\n" + self.log())

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.http.get(path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.http.post(path, **kwargs)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL to the server and every process it started (its workers, its bot
        processes): no shutdown handlers, no flushing; what is committed is all there is."""
        if self.proc:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.http.close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(10)
        self.kill()  # whatever of it is left
