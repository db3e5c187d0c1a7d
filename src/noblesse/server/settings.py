"""The web table's limits: each a setting with a default, given on the command line
(``noblesse serve --connections-per-address 20``) or in the environment
(``NOBLESSE_CONNECTIONS_PER_ADDRESS=20``). A count or rate of 0 means no limit.

Every refusal a limit causes is a message in English and 繁體中文 whose ``code``
names its kind (``too_large``, ``rate_limited``, ``busy``...).
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any


def _setting(default: Any, help: str) -> Any:  # noqa: A002 - the word the CLI uses
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class Settings:
    max_body: int = _setting(64 * 1024, "bytes of an HTTP request body (413 beyond)")
    max_message: int = _setting(16 * 1024, "bytes of one WebSocket message (close 1009 beyond)")
    max_json_depth: int = _setting(32, "nesting of JSON objects and arrays in a request")
    tables_per_minute: int = _setting(20, "tables one address may create a minute")
    open_tables_per_address: int = _setting(30, "unfinished tables one address may have created")
    connections_per_table: int = _setting(200, "WebSockets open at one table")
    connections_per_address: int = _setting(60, "WebSockets open from one address")
    syncs_per_second: float = _setting(
        1.0, "'sync' requests per connection (bursts of 5 seconds' worth, at least 5)"
    )
    messages_per_second: float = _setting(
        20.0, "messages per connection (bursts of 3 seconds' worth, at least 60)"
    )
    outbox: int = _setting(
        64,
        "messages waiting to be sent on one connection; "
        "a connection that falls further behind is closed",
    )
    send_timeout: float = _setting(
        10.0, "seconds one send may take before the connection is closed"
    )
    bot_think_ms: int = _setting(1000, "the longest a bot may think for one decision, in ms")
    bot_iters: int = _setting(100_000, "the most search iterations a bot spec may ask for")
    bot_workers: int = _setting(1, "processes that think for bots (at least 1)")
    idle_seconds: float = _setting(
        600.0,
        "a table nobody watches or plays leaves memory after "
        "this many seconds (it loads again on demand)",
    )
    rebuilds_at_once: int = _setting(2, "replays and table loads built at the same time")
    gc_young_seconds: float = _setting(
        0.1,
        "noblesse serve: how often the youngest objects are "
        "collected and what survived leaves the collector's "
        "sight (see server.collector; 0: Python's own "
        "schedule)",
    )
    gc_sweep_seconds: float = _setting(
        3600.0,
        "noblesse serve: how often a full garbage "
        "collection reclaims cycles among old objects "
        "(a pause of ~0.5 s with 1,000 tables; 0: never)",
    )
    policies: str = _setting(
        "",
        "trained policies the lobby offers as seats: NAME=PATH[,NAME=PATH...] "
        "(MaskablePPO models, with the train extra; each sits at the game whose "
        "observation it learnt)",
    )
    known_deals: bool = _setting(
        False,
        "accept a chosen seed at any table, not only at a "
        "practice table (tests, demonstrations: such deals "
        "are known to everyone)",
    )

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """The defaults, then ``NOBLESSE_<NAME>`` variables, then ``overrides`` (not None)."""
        environ = dict(os.environ) if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = environ.get(env_name(f.name))
            if raw is not None:
                values[f.name] = parse(f.name, raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        settings = cls(**values)
        for f in fields(cls):
            value = getattr(settings, f.name)
            if not isinstance(value, str) and value < 0:
                raise ValueError(f"{f.name} must not be negative")
        if settings.bot_workers < 1 or settings.rebuilds_at_once < 1:
            raise ValueError("bot_workers and rebuilds_at_once must be at least 1")
        return settings

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)


def parse(name: str, raw: str) -> Any:
    """A setting's value from text: a number, for a switch 1/true/yes or 0/false/no, or
    the text itself."""
    kind = {f.name: f.type for f in fields(Settings)}[name]
    if kind in ("str", str):
        return raw.strip()
    if kind in ("bool", bool):
        if raw.strip().lower() in ("1", "true", "yes", "on"):
            return True
        if raw.strip().lower() in ("0", "false", "no", "off", ""):
            return False
        raise ValueError(f"{name} must be true or false, not {raw!r}")
    try:
        return (int if kind in ("int", int) else float)(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {raw!r}") from None


def env_name(name: str) -> str:
    return f"NOBLESSE_{name.upper()}"


def described() -> list[tuple[str, Any, str]]:
    """(name, default, meaning) of every setting, for ``--help`` and the README."""
    return [(f.name, f.default, f.metadata["help"]) for f in fields(Settings)]


class BotSpeed(StrEnum):
    """How long a table's bots wait before each of their actions, chosen when the table
    is made (and changed by its host): a multiple of the server's ``--bot-delay``, which
    is the normal speed."""

    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def factor(self) -> float:
        return _SPEED_FACTORS[self]

    def delay(self, normal: float) -> float:
        """The wait before a bot's action at this speed, ``normal`` the server's."""
        return normal * self.factor


# slow: time to see what each bot does (0.6 s a move by default: 2.4 s); fast: a quarter
_SPEED_FACTORS = {BotSpeed.FAST: 0.25, BotSpeed.NORMAL: 1.0, BotSpeed.SLOW: 4.0}
