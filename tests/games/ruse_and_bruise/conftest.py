"""Ruse & Bruise rule-scenario tests: make the scenario helpers importable.

The helpers live in ``ruse_and_bruise_scenario.py`` next to this file (a unique
module name, so it cannot clash with other games' test helpers).
"""

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from ruse_and_bruise_scenario import ASSUMED, VARIANTS  # noqa: E402


@pytest.fixture(autouse=True)
def _restore_switches():
    """A test may flip a variant switch; every test starts from the data file's values."""
    variants, assumed = dict(VARIANTS), dict(ASSUMED)
    yield
    VARIANTS.clear()
    VARIANTS.update(variants)
    ASSUMED.clear()
    ASSUMED.update(assumed)
