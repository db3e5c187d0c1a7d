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
- after every collection of the middle generation (which frees the young garbage
  cycles), what survived joins the frozen objects instead of the oldest generation,
  so no collection ever walks the long-lived objects again;
- every ``gc_sweep_seconds``, a full sweep (unfreeze, collect everything, freeze
  again) reclaims the rare cycles that became garbage after they were frozen (a
  connection's objects, an exception's traceback); it is the one long pause left,
  logged with what it found, and 0 turns it off.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger("noblesse.server")

YOUNG = 10_000  # new objects between collections of the youngest generation


def tune() -> None:
    """Freeze what start-up made, raise the youngest generation's threshold, and freeze
    the survivors of every collection of the middle generation from now on."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 10, 10)
    if freeze_survivors not in gc.callbacks:
        gc.callbacks.append(freeze_survivors)


def untune() -> None:
    """Undo ``tune``: the collector's defaults, every object in its sight again."""
    with contextlib.suppress(ValueError):
        gc.callbacks.remove(freeze_survivors)
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)


def freeze_survivors(phase: str, info: dict[str, int]) -> None:
    """A ``gc.callbacks`` hook: once a collection of the middle generation is over, what
    survived it (now in the oldest generation) moves out of the collector's sight."""
    if phase == "stop" and info["generation"] == 1:
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


async def keep(sweep_seconds: float) -> None:
    """Run for the life of the server: ``sweep`` every ``sweep_seconds`` (0: never)."""
    if not sweep_seconds:
        return
    while True:
        await asyncio.sleep(sweep_seconds)
        sweep()
