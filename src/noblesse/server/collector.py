"""The garbage collector of a long-running ``noblesse serve``.

A loaded server keeps a great many objects alive (every table's state, events and
message caches), and CPython's cycle collector walks them again and again: a
collection of the youngest generation is due after ``threshold`` allocations *net of
deallocations*, and the server frees old objects (last version's messages) as fast as
it makes new ones, so the youngest generation grew to 30,000-130,000 objects before
a collection came, 50-140 ms each at 600 tables, and a middle-generation collection
walked 200,000 (170-260 ms). Almost none of those objects is ever part of a garbage
cycle: tables, states and messages are freed by reference counting when they go (an
idle table leaving memory frees its objects at once, frozen or not).

So the collector is kept to what is new, on a clock rather than on counts:

- at start-up, what start-up made (modules, game data, restored tables) leaves its
  sight for good (``gc.freeze``);
- every ``gc_young_seconds`` (0.1 s), the youngest generation is collected (what was
  made since the last time and is still alive: a few thousand objects, a few ms),
  freeing the young garbage cycles, and what survived joins the frozen objects, so
  no collection walks it again; the automatic collection stays only as a safety net,
  after ``SAFETY_NET`` new objects;
- every ``gc_sweep_seconds``, a full sweep (unfreeze, collect everything, freeze
  again) reclaims the rare cycles that became garbage after they were frozen (a
  closed connection's objects, an exception's traceback); it is the one long pause
  left, logged with what it found, and 0 turns it off.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("noblesse.server")

SAFETY_NET = 200_000  # new objects after which a collection runs between two clock ticks


def tune() -> None:
    """Freeze what start-up made; automatic collections only as a safety net."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(SAFETY_NET, 10, 10)


def untune() -> None:
    """Undo ``tune``: the collector's defaults, every object in its sight again."""
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)


def collect_young() -> None:
    """Collect the youngest generation (freeing its garbage cycles) and move what
    survived out of the collector's sight."""
    gc.collect(0)
    gc.freeze()


def sweep() -> int:
    """A full collection of everything, frozen objects included; returns what it found
    unreachable (and freed)."""
    start = time.perf_counter()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    log.info(
        "full garbage collection: %d unreachable objects freed in %.0f ms",
        found,
        (time.perf_counter() - start) * 1000,
    )
    return found


async def keep(young_seconds: float, sweep_seconds: float) -> None:
    """Run for the life of the server: ``collect_young`` every ``young_seconds`` and
    ``sweep`` every ``sweep_seconds`` (0: never)."""
    if not young_seconds:
        return
    last_sweep = time.monotonic()
    while True:
        await asyncio.sleep(young_seconds)
        if sweep_seconds and time.monotonic() - last_sweep >= sweep_seconds:
            sweep()
            last_sweep = time.monotonic()
        else:
            collect_young()
