"""scripts/fief_endings.py: the games it counts are the very games of `noblesse simulate`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from noblesse.sim.batch import run_batch

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fief_endings.py"


def _endings_module():  # noqa: ANN202 - a module loaded from a file
    spec = importlib.util.spec_from_file_location("fief_endings", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_endings_are_those_of_the_simulated_games() -> None:
    bots = ["random", "greedy", "random", "greedy"]
    ends = _endings_module().endings(3, 5, 2, bots)
    results = run_batch("fief", 3, bots, seed=5, options={"max_turns": 2})
    assert len(ends) == 3
    for (turn, victory, winners), result in zip(ends, results, strict=True):
        assert turn <= 2 and not victory  # 2 turns: nobody can reach 3 VP
        assert winners == result.winners
