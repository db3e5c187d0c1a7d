"""A real ``noblesse serve`` process on a free port, for tests that talk to it over HTTP."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


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

    def __init__(self, db_url: str, log_path: Path, bot_delay: float) -> None:
        self.db_url, self.log_path, self.bot_delay = db_url, log_path, bot_delay
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self, timeout: float = 20.0) -> ServerProcess:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [*serve_command(), "--host", "127.0.0.1", "--port", str(port), "--db", self.db_url,
             "--bot-delay", str(self.bot_delay)],
            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "NO_COLOR": "1"})
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"noblesse serve exited with {self.proc.returncode}:\n"
                                   + self.log())
            try:
                if httpx.get(self.url + "/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"noblesse serve did not answer within {timeout}s:\n" + self.log())

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, no flushing; what is committed is all there is."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
