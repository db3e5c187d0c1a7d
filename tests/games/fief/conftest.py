"""Fief rule-scenario tests: make the scenario helpers importable.

The helpers live in ``fief_scenario.py`` next to this file (a unique module name, so it
cannot clash with other games' test helpers).
"""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
