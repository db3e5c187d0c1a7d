"""Heads of State (國家元首): data (board.toml), rules, views."""

from noblesse.games.heads_of_state.game import GAME, HeadsOfState

__all__ = ["GAME", "HeadsOfState"]
