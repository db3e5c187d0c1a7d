"""Fief: France 1429 (封地：法蘭西1429, our rendering).

The data (``data.toml`` with its checked loader and map queries in ``data.py``) and the
rules of stages 1 and 2 of the spec's §8: setup, the phase machine, lord cards, income,
purchases and fief titles, movement with permissions and cavalcades, battles with
sides, sieges, pillage, the end of turn; disasters, fortune cards and the opportunity
cards at their windows (see NOTES.md for what is built and what is not yet).
"""

from noblesse.games.fief.data import DATA, Board, FiefData, FiefDataError, load
from noblesse.games.fief.game import GAME, Fief

__all__ = ["DATA", "GAME", "Board", "Fief", "FiefData", "FiefDataError", "load"]
