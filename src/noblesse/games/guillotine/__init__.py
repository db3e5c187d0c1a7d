"""Guillotine (革命斷頭臺): data (cards.toml), rules, views."""

from noblesse.games.guillotine.game import GAME, Guillotine

__all__ = ["GAME", "Guillotine"]
