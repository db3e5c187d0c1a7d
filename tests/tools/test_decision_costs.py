"""scripts/decision_costs.py: its greedy games are the very games `noblesse bench greedy`
times, decision for decision."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from noblesse import games
from noblesse.core.game import machine_options
from noblesse.sim.batch import game_seed, play_game

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "decision_costs.py"


def _costs_module():  # noqa: ANN202 - a module loaded from a file
    spec = importlib.util.spec_from_file_location("decision_costs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", ["guillotine", "conflicting_legends"])
def test_the_greedy_games_timed_are_those_of_the_greedy_bench(game_id: str) -> None:
    game = games.get(game_id)
    decisions, *_ = _costs_module().costs(game, 4, 2, None)
    bench = [
        play_game(game_id, ["greedy"] * 4, game_seed(0, i), i, machine_options(game)).decisions
        for i in range(2)
    ]
    assert decisions == sum(bench)
