"""What the server processes of one deployment share, beside the store: news of changed
tables, who is at which seat, and which process runs a table's bots.

``Alone`` is one process serving alone (``noblesse serve`` without ``--redis``): nothing
to share, every question answered from its own memory. ``RedisBus`` is one of several
processes, on one machine or many, against one PostgreSQL and one Redis (as Colyseus'
Redis presence and the Socket.IO Redis adapter do it):

- **News.** After a process commits a change to a table it publishes the table's id and
  new revision on one channel, with the action if the change was one; every process
  that holds the table in memory applies that action if its copy was one revision
  behind, else reads what is new from the store, and tells its own sockets. The store stays the only record: a
  process that missed news (Redis restarted) finds the table's revision moved on when
  it next compares them (``TableManager`` does every second) and catches up the same way.
- **Presence.** Each process keeps, per table, the seats with a connection in it
  (a hash ``<prefix>:seats:<table>``, one field per process and seat); a process's
  fields count only while its heartbeat key lives, so a killed process's players leave.
- **Bots.** A table's bots are run by the holder of its lease (``<prefix>:bots:<table>``),
  taken with an expiry and renewed while the holder lives; when it dies the lease
  expires and another process takes the table over (``expired_bot_tables``).

No decision rests on Redis alone: every write to a table is also conditional on the
table's row in the store (``store.StaleTable``), so two processes that both believed
themselves the lease holder would still not record a move twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson

log = logging.getLogger("noblesse.server")

LEASE_SECONDS = 5.0  # a bot lease not renewed for this long is taken over
HEARTBEAT_SECONDS = 1.0  # how often a process renews its heartbeat and its bot leases

# KEYS[1] the lease, KEYS[2] the sorted set of leases by expiry; ARGV: holder, lease in ms,
# table id. Takes a free lease or renews one held; 1 if the caller holds it now.
_TAKE = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local t = redis.call('TIME')
redis.call('ZADD', KEYS[2], t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[2]), ARGV[3])
return 1
"""
# Gives a lease up if the caller holds it, or forgets it if it expired.
_DROP = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('DEL', KEYS[1]) end
if holder == ARGV[1] or not holder then redis.call('ZREM', KEYS[2], ARGV[2]) end
return 1
"""
# The tables whose bot lease expired (its holder stopped renewing it).
_EXPIRED = """
local t = redis.call('TIME')
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', t[1] * 1000 + math.floor(t[2] / 1000),
                  'LIMIT', 0, 100)
"""


@dataclass(frozen=True)
class News:
    """What another process says of a table: it changed (``"table"``: to ``revision``,
    by ``action`` (seat, action text) if the change was one) or who sits at it
    (``"seats"``)."""

    table_id: str
    kind: str
    revision: int | None = None
    action: tuple[int, str] | None = None


Heard = Callable[[News], Awaitable[None]]


class Alone:
    """One process serving alone: it holds every lease, and presence is its own."""

    shared = False
    process = "alone"

    async def start(self, heard: Heard) -> None:
        pass

    async def close(self) -> None:
        pass

    def tell(self, news: News) -> None:
        """Announce ``news`` to the other processes."""

    async def seat_here(self, table_id: str, seat: int, here: bool) -> None:
        """This process gained its first (``here``) or lost its last connection at
        ``seat``."""

    async def seats_elsewhere(self, table_id: str) -> set[int]:
        """The seats with a connection in another live process."""
        return set()

    async def take_bots(self, table_id: str) -> bool:
        """Take (or renew) the table's bot lease; whether this process holds it."""
        return True

    def holds_bots(self, table_id: str) -> bool:
        """Whether this process still holds the table's bot lease."""
        return True

    async def drop_bots(self, table_id: str) -> None:
        pass

    async def expired_bot_tables(self) -> list[str]:
        """Tables whose bot lease holder stopped renewing it, and those whose lease this
        process could not take for want of Redis: their bots should be started again."""
        return []


class RedisBus(Alone):
    """One of several processes sharing a Redis (``redis://host:port/db``); every key and
    the channel start with ``prefix``, so deployments may share a Redis."""

    shared = True

    def __init__(self, url: str, prefix: str = "noblesse") -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError:  # pragma: no cover - the extra is part of the test install
            raise RuntimeError(
                "--redis needs the redis package: pip install 'noblesse[cluster]'"
            ) from None
        self.url, self.prefix = url, prefix
        self.process = secrets.token_hex(6)
        self.redis: Any = aioredis.from_url(
            url, socket_timeout=2.0, socket_connect_timeout=2.0, health_check_interval=5
        )
        self.channel = f"{prefix}:news"
        self._take = self.redis.register_script(_TAKE)
        self._drop = self.redis.register_script(_DROP)
        self._expired = self.redis.register_script(_EXPIRED)
        self._outgoing: asyncio.Queue[bytes] = asyncio.Queue(maxsize=100_000)
        self._tasks: list[asyncio.Task[None]] = []
        self._here: set[tuple[str, int]] = set()  # (table, seat) with a connection here
        self._leases: set[str] = set()  # tables whose bot lease this process holds
        self._unsure: set[str] = set()  # tables whose lease could not be asked for

    def _key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    async def start(self, heard: Heard) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(heard)),
            loop.create_task(self._publish()),
            loop.create_task(self._heartbeat()),
        ]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):  # leave nothing behind that others would wait on
            for table_id in list(self._leases):
                await self.drop_bots(table_id)
            for table_id, seat in list(self._here):
                await self.seat_here(table_id, seat, False)
            await self.redis.delete(self._key("alive", self.process))
        await self.redis.aclose()

    # -- news -----------------------------------------------------------------
    def tell(self, news: News) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # the store is the record: news may drop
            self._outgoing.put_nowait(
                orjson.dumps(
                    {
                        "t": news.table_id,
                        "k": news.kind,
                        "r": news.revision,
                        "a": news.action,
                        "p": self.process,
                    }
                )
            )

    async def _publish(self) -> None:
        """Send the news queued, in one round trip for all that waits."""
        while True:
            batch = [await self._outgoing.get()]
            while not self._outgoing.empty() and len(batch) < 1000:
                batch.append(self._outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for item in batch:
                        pipe.publish(self.channel, item)
                    await pipe.execute()
            except Exception as exc:  # noqa: BLE001 - Redis away: others compare revisions
                log.warning("could not publish %d table news to Redis: %s", len(batch), exc)
                await asyncio.sleep(0.5)

    async def _listen(self, heard: Heard) -> None:
        while True:
            try:
                pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(self.channel)
                try:
                    async for message in pubsub.listen():
                        said = orjson.loads(message["data"])
                        if said.get("p") != self.process:
                            action = said.get("a")
                            await heard(
                                News(
                                    str(said["t"]),
                                    str(said["k"]),
                                    said.get("r"),
                                    (int(action[0]), str(action[1])) if action else None,
                                )
                            )
                finally:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - Redis away: listen again once it is back
                log.warning("lost the Redis news channel (%s); listening again", exc)
                await asyncio.sleep(0.5)

    # -- presence -------------------------------------------------------------
    async def _heartbeat(self) -> None:
        """Keep this process's heartbeat key and its leases alive, each second in one
        round trip; if the heartbeat key was gone (Redis restarted, or this process was
        stalled), put its seats back too."""
        alive = self._key("alive", self.process)
        while True:
            try:
                was = await self.redis.set(
                    alive, b"1", px=int(3 * HEARTBEAT_SECONDS * 1000), get=True
                )
                leases = sorted(self._leases)
                async with self.redis.pipeline(transaction=False) as pipe:
                    if was is None:
                        for table_id, seat in self._here:
                            pipe.hset(self._key("seats", table_id), f"{self.process}:{seat}", b"1")
                    for table_id in leases:  # queued in the pipeline once awaited
                        await self._take(
                            keys=[self._key("bots", table_id), self._key("bot-leases")],
                            args=[self.process, int(LEASE_SECONDS * 1000), table_id],
                            client=pipe,
                        )
                    done = await pipe.execute()
                for table_id, kept in zip(leases, done[len(done) - len(leases) :], strict=True):
                    if not kept:  # another process took it over meanwhile
                        self._leases.discard(table_id)
            except Exception as exc:  # noqa: BLE001
                log.warning("could not renew this process's keys in Redis: %s", exc)
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def seat_here(self, table_id: str, seat: int, here: bool) -> None:
        key, field = self._key("seats", table_id), f"{self.process}:{seat}"
        if here:
            self._here.add((table_id, seat))
        else:
            self._here.discard((table_id, seat))
        try:
            if here:
                await self.redis.hset(key, field, b"1")
            else:
                await self.redis.hdel(key, field)
        except Exception as exc:  # noqa: BLE001 - the heartbeat puts it back
            log.warning("could not record a seat's presence in Redis: %s", exc)
        self.tell(News(table_id, "seats"))

    async def seats_elsewhere(self, table_id: str) -> set[int]:
        try:
            fields = await self.redis.hkeys(self._key("seats", table_id))
            holders: dict[str, set[int]] = {}
            for raw in fields:
                process, _, seat = raw.decode().rpartition(":")
                if process != self.process:
                    holders.setdefault(process, set()).add(int(seat))
            if not holders:
                return set()
            async with self.redis.pipeline(transaction=False) as pipe:
                for process in holders:
                    pipe.exists(self._key("alive", process))
                alive = await pipe.execute()
        except Exception as exc:  # noqa: BLE001 - Redis away: nobody else is known to be here
            log.warning("could not read presence from Redis: %s", exc)
            return set()
        return {
            seat
            for (process, seats), live in zip(holders.items(), alive, strict=True)
            if live
            for seat in seats
        }

    # -- bot leases -----------------------------------------------------------
    async def take_bots(self, table_id: str) -> bool:
        try:
            held = bool(
                await self._take(
                    keys=[self._key("bots", table_id), self._key("bot-leases")],
                    args=[self.process, int(LEASE_SECONDS * 1000), table_id],
                )
            )
        except Exception as exc:  # noqa: BLE001 - Redis away: no bot moves until it is back
            log.warning("could not take a bot lease in Redis: %s", exc)
            self._unsure.add(table_id)
            held = False
        if held:
            self._leases.add(table_id)
        else:
            self._leases.discard(table_id)
        return held

    def holds_bots(self, table_id: str) -> bool:
        return table_id in self._leases

    async def drop_bots(self, table_id: str) -> None:
        self._leases.discard(table_id)
        with contextlib.suppress(Exception):
            await self._drop(
                keys=[self._key("bots", table_id), self._key("bot-leases")],
                args=[self.process, table_id],
            )

    async def expired_bot_tables(self) -> list[str]:
        try:
            expired = [raw.decode() for raw in await self._expired(keys=[self._key("bot-leases")])]
        except Exception as exc:  # noqa: BLE001
            log.warning("could not read bot leases from Redis: %s", exc)
            return []
        unsure, self._unsure = self._unsure, set()
        return expired + sorted(unsure - set(expired))
