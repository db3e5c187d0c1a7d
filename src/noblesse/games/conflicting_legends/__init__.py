"""Conflicting Legends (偉人的猜拳戰略): data (cards.toml), rules, views."""

from noblesse.games.conflicting_legends.game import GAME, ConflictingLegends

__all__ = ["GAME", "ConflictingLegends"]
