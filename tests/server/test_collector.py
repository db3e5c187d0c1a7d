"""The server's garbage collector (``server.collector``): what survives a collection of the
middle generation leaves the collector's sight, young garbage cycles are still freed, and
the sweep frees cycles among frozen objects."""

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


def test_what_survives_a_middle_generation_collection_is_frozen() -> None:
    kept = [[i] for i in range(1000)]
    before = gc.get_freeze_count()
    gc.collect(1)
    assert gc.get_freeze_count() >= before + 1000
    assert gc.get_count() == (0, 0, 0)  # nothing is left for a later collection to walk
    assert kept[999] == [999]


def test_a_youngest_generation_collection_freezes_nothing() -> None:
    _kept = [[i] for i in range(1000)]
    before = gc.get_freeze_count()
    gc.collect(0)
    assert gc.get_freeze_count() == before


def test_a_young_garbage_cycle_is_freed_not_frozen() -> None:
    node, alive = cycle()
    del node
    gc.collect(1)
    assert alive() is None


def test_a_cycle_that_became_garbage_after_it_was_frozen_waits_for_the_sweep() -> None:
    holder = [cycle()[0]]
    alive = weakref.ref(holder[0])
    gc.collect(1)
    holder.clear()
    gc.collect()  # a full collection, which does not walk frozen objects
    assert alive() is not None
    assert collector.sweep() >= 2
    assert alive() is None
    assert gc.get_freeze_count() > 0  # what is still alive is frozen again


def test_keep_sweeps_on_its_interval() -> None:
    async def run() -> bool:
        holder = [cycle()[0]]
        alive = weakref.ref(holder[0])
        gc.collect(1)
        holder.clear()
        task = asyncio.get_running_loop().create_task(collector.keep(0.05))
        await asyncio.sleep(0.3)
        task.cancel()
        return alive() is None

    assert asyncio.run(run())


def test_untune_puts_every_object_back_in_sight() -> None:
    gc.collect(1)
    assert gc.get_freeze_count() > 0
    collector.untune()
    assert gc.get_freeze_count() == 0
    assert collector.freeze_survivors not in gc.callbacks
