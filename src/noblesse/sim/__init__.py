"""Batch simulation of bot games: results, reports and plots."""

from noblesse.sim.batch import GameResult, game_seed, play_game, run_batch
from noblesse.sim.report import build_report, plot_scores

__all__ = ["GameResult", "build_report", "game_seed", "play_game", "plot_scores", "run_batch"]
