"""The server's garbage collector (``server.collector``): survivors leave the collector's
sight, young garbage cycles are still freed, and the sweep frees cycles among frozen
objects."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from noblesse.server import collector


class Node:
    other: Node | None = None


def cycle() -> tuple[Node, weakref.ref[Node]]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


@pytest.fixture(autouse=True)
def own_collector() -> Iterator[None]:
    thresholds = gc.get_threshold()
    gc.disable()  # no automatic collection in the middle of a test
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.enable()


def test_what_survives_the_young_collections_is_frozen() -> None:
    kept = [[i] for i in range(1000)]
    before = gc.get_freeze_count()
    collector.freeze_survivors()
    assert gc.get_freeze_count() >= before + 1000
    assert gc.get_count()[0] == 0  # nothing young is left to walk
    assert kept[999] == [999]


def test_a_young_garbage_cycle_is_freed_not_frozen() -> None:
    node, alive = cycle()
    del node
    collector.freeze_survivors()
    assert alive() is None


def test_a_cycle_that_became_garbage_after_it_was_frozen_waits_for_the_sweep() -> None:
    holder = [cycle()[0]]
    alive = weakref.ref(holder[0])
    collector.freeze_survivors()
    holder.clear()
    gc.collect()  # a full collection that does not see frozen objects
    assert alive() is not None
    assert collector.sweep() >= 2
    assert alive() is None
    assert gc.get_freeze_count() > 0  # what is still alive is frozen again


def test_keep_freezes_survivors_on_its_interval_and_sweeps_on_its_own() -> None:
    async def run() -> tuple[int, bool]:
        holder = [cycle()[0]]
        alive = weakref.ref(holder[0])
        gc.unfreeze()
        task = asyncio.get_running_loop().create_task(collector.keep(0.01, 0.2))
        await asyncio.sleep(0.05)
        frozen = gc.get_freeze_count()
        holder.clear()
        await asyncio.sleep(0.4)  # a sweep has run since
        task.cancel()
        return frozen, alive() is None

    frozen, freed = asyncio.run(run())
    assert frozen > 0
    assert freed


def test_keep_with_no_interval_does_nothing() -> None:
    gc.unfreeze()
    asyncio.run(asyncio.wait_for(collector.keep(0, 0), 1))
    assert gc.get_freeze_count() == 0
