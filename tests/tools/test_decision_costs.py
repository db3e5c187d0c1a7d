"""scripts/decision_costs.py: its greedy games are the very games `noblesse bench greedy`
times, decision for decision."""

from __future__ import annotations

import pytest
from tests.loading import load

from noblesse import games
from noblesse.core.game import machine_options
from noblesse.sim.batch import game_seed, play_game


@pytest.mark.parametrize("game_id", ["guillotine", "conflicting_legends"])
def test_the_greedy_games_timed_are_those_of_the_greedy_bench(game_id: str) -> None:
    game = games.get(game_id)
    decisions, *_ = load("scripts/decision_costs.py").costs(game, 4, 2, "greedy")
    bench = [
        play_game(game_id, ["greedy"] * 4, game_seed(0, i), i, machine_options(game)).decisions
        for i in range(2)
    ]
    assert decisions == sum(bench)
