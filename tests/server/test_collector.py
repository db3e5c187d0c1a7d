"""The server's garbage collector (``server.collector``): what survives a young collection
leaves the collector's sight, young garbage cycles are still freed, and the sweep frees
cycles among frozen objects."""

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
def tuned() -> Iterator[None]:
    thresholds = gc.get_threshold()
    collector.tune()
    yield
    collector.untune()
    gc.set_threshold(*thresholds)


def test_what_survives_a_young_collection_is_frozen() -> None:
    kept = [[i] for i in range(1000)]
    before = gc.get_freeze_count()
    collector.collect_young()
    assert gc.get_freeze_count() >= before + 1000
    assert gc.get_count() == (0, 0, 0)  # nothing is left for a later collection to walk
    assert kept[999] == [999]


def test_between_clock_ticks_python_collects_only_as_a_safety_net() -> None:
    assert gc.get_threshold()[0] == collector.SAFETY_NET
    _kept = [[i] for i in range(1000)]
    assert gc.get_count()[0] >= 1000  # 1,000 new objects did not set off a collection


def test_a_young_garbage_cycle_is_freed_not_frozen() -> None:
    node, alive = cycle()
    del node
    collector.collect_young()
    assert alive() is None


def test_a_cycle_that_became_garbage_after_it_was_frozen_waits_for_the_sweep() -> None:
    holder = [cycle()[0]]
    alive = weakref.ref(holder[0])
    collector.collect_young()
    holder.clear()
    gc.collect()  # a full collection, which does not walk frozen objects
    assert alive() is not None
    assert collector.sweep() >= 2
    assert alive() is None
    assert gc.get_freeze_count() > 0  # what is still alive is frozen again


def test_keep_collects_the_young_on_its_clock() -> None:
    async def run() -> int:
        gc.unfreeze()
        task = asyncio.get_running_loop().create_task(collector.keep(0.01, 0))
        await asyncio.sleep(0.1)
        task.cancel()
        return gc.get_freeze_count()

    assert asyncio.run(run()) > 0


def test_keep_sweeps_on_its_own_clock() -> None:
    async def run() -> bool:
        holder = [cycle()[0]]
        alive = weakref.ref(holder[0])
        collector.collect_young()
        holder.clear()
        task = asyncio.get_running_loop().create_task(collector.keep(0.01, 0.05))
        await asyncio.sleep(0.3)
        task.cancel()
        return alive() is None

    assert asyncio.run(run())


def test_untune_puts_every_object_back_in_sight() -> None:
    collector.collect_young()
    assert gc.get_freeze_count() > 0
    collector.untune()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold()[0] == 700
