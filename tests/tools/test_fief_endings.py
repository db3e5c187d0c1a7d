"""scripts/fief_endings.py: the games it counts are the very games of `noblesse simulate`."""

from __future__ import annotations

from tests.loading import load

from noblesse.sim.batch import run_batch


def test_the_endings_are_those_of_the_simulated_games() -> None:
    bots = ["random", "greedy", "random", "greedy"]
    ends = load("scripts/fief_endings.py").endings(3, 5, 2, bots)
    results = run_batch("fief", 3, bots, seed=5, options={"max_turns": 2})
    assert len(ends) == 3
    for (turn, victory, winners), result in zip(ends, results, strict=True):
        assert turn <= 2 and not victory  # 2 turns: nobody can reach 3 VP
        assert winners == result.winners
