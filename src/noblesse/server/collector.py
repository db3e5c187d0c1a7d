"""The garbage collector of a long-running ``noblesse serve``.

A loaded server keeps a great many objects alive for minutes (every table's state,
events and message caches: ~1,000 per Guillotine table), and CPython's cycle
collector walks all of them at every collection of its oldest generation: 0.3-0.5 s
with 1,000 tables on this project's 2-core machine, a pause every table feels.
Almost none of those objects is ever part of a garbage cycle: tables, states and
messages are freed by reference counting when they go (an idle table leaving memory
frees its objects at once, frozen or not).

So the collector is kept to what is new:

- at start-up, what start-up made (modules, game data, restored tables) leaves its
  sight for good (``gc.freeze``), and the youngest generation is collected after
  ``YOUNG`` new objects rather than 700;
- every ``gc_freeze_seconds``, the young generations are collected (cheap: only what
  was made since) and what survived joins the frozen objects, so a collection of the
  oldest generation walks only a second's worth of survivors;
- every ``gc_sweep_seconds``, a full sweep (unfreeze, collect everything, freeze
  again) reclaims the rare cycles that became garbage after they were frozen (a
  connection's objects, an exception's traceback); it is the one long pause left,
  logged with what it found, and 0 turns it off.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("noblesse.server")

YOUNG = 10_000  # new objects between collections of the youngest generation


def tune() -> None:
    """Freeze what start-up made and raise the youngest generation's threshold."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 10, 10)


def freeze_survivors() -> None:
    """Collect the young generations, then move what survived out of the collector's
    sight (to be swept only by ``sweep``)."""
    gc.collect(1)
    gc.freeze()


def sweep() -> int:
    """A full collection of everything, frozen objects included; returns what it found
    unreachable (and freed)."""
    start = time.perf_counter()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    log.info("full garbage collection: %d unreachable objects freed in %.0f ms",
             found, (time.perf_counter() - start) * 1000)
    return found


async def keep(freeze_seconds: float, sweep_seconds: float) -> None:
    """Run for the life of the server: ``freeze_survivors`` every ``freeze_seconds``
    and ``sweep`` every ``sweep_seconds`` (either 0: never)."""
    if not freeze_seconds:
        return
    last_sweep = time.monotonic()
    while True:
        await asyncio.sleep(freeze_seconds)
        if sweep_seconds and time.monotonic() - last_sweep >= sweep_seconds:
            sweep()
            last_sweep = time.monotonic()
        else:
            freeze_survivors()
