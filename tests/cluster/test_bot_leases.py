"""A table's bot lease (``server.cluster.RedisBus``): taken with an expiry, renewed by its
holder's heartbeat while the holder lives, so no other process takes the table over."""

from __future__ import annotations

import asyncio
import concurrent.futures
import secrets

from noblesse.server.cluster import HEARTBEAT_SECONDS, LEASE_SECONDS, News, RedisBus


async def _nothing(news: News) -> None:
    return None


def test_a_living_process_renews_its_bot_lease_so_no_other_process_takes_it(redis_url: str) -> None:
    async def run() -> None:
        prefix = f"noblesse-test-{secrets.token_hex(4)}"
        holder, other = RedisBus(redis_url, prefix), RedisBus(redis_url, prefix)
        lease = f"{prefix}:bots:table-1"
        await holder.start(_nothing)
        try:
            assert await holder.take_bots("table-1")
            # beyond the lease time: only the heartbeat's renewals keep the lease
            await asyncio.sleep(LEASE_SECONDS + 2 * HEARTBEAT_SECONDS)
            assert await holder.redis.get(lease) == holder.process.encode()
            assert await holder.redis.pttl(lease) > (LEASE_SECONDS - 2 * HEARTBEAT_SECONDS) * 1000
            assert not await other.take_bots("table-1")
            assert holder.holds_bots("table-1")
        finally:
            await holder.close()
            keys = [key async for key in other.redis.scan_iter(f"{prefix}:*")]
            if keys:
                await other.redis.delete(*keys)
            await other.close()

    # in a thread of its own: a worker that ran browser tests has an event loop running here
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()
