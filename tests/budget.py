"""How much the suite plays: the default run's budgets, or the full ones.

The default run (``make test``) keeps the suite under 20 minutes on 2 cores: the costliest
kinds of test play fewer seeds, examples or games than they could, and every rule,
option, player count and behaviour is still exercised. ``pytest --full`` (or
``NOBLESSE_FULL_TESTS=1`` in the environment; ``make test-full``) runs the full budgets.
Parameter lists are built when test modules are imported, so the switch is read from the
environment: ``--full`` sets it before any test module is collected (``conftest.py``).
"""

from __future__ import annotations

import os
from typing import TypeVar

ENV = "NOBLESSE_FULL_TESTS"

T = TypeVar("T")


def full() -> bool:
    """Whether this run plays the full budgets."""
    return os.environ.get(ENV, "") not in ("", "0")


def budget(default: T, full_budget: T) -> T:
    """``default`` in the default run, ``full_budget`` with ``--full``."""
    return full_budget if full() else default
