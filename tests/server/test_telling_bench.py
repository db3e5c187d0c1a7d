"""``scripts/telling_bench.py``: the server's telling measured in one process."""

from __future__ import annotations

import asyncio

from tests.loading import load


def test_every_seat_is_told_once_on_joining_and_once_after_every_action() -> None:
    bench = load("scripts/telling_bench.py")
    result = asyncio.run(bench.measure("guillotine", 3, 20, 1))
    assert result["messages"] == 4 * 3 + 4 * 20
    assert 0 < result["telling_us"] < result["us_per_action"]
