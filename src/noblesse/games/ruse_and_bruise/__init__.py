"""Ruse & Bruise (陰謀大亂鬥): data (cards.toml), rules, views."""

from noblesse.games.ruse_and_bruise.game import GAME, RuseAndBruise

__all__ = ["GAME", "RuseAndBruise"]
