"""``scripts/telling_bench.py``: the server's telling measured in one process."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "telling_bench.py"


def test_every_seat_is_told_once_on_joining_and_once_after_every_action() -> None:
    spec = importlib.util.spec_from_file_location("telling_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    result = asyncio.run(bench.measure("guillotine", 3, 20, 1))
    assert result["messages"] == 4 * 3 + 4 * 20
    assert 0 < result["telling_us"] < result["us_per_action"]
