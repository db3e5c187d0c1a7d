"""Fief: France 1429 (封地：法蘭西1429, our rendering).

The data (``data.toml`` with its checked loader and map queries in ``data.py``), the
rules (setup, the phase machine declared as data in ``flow.py``, lord cards, the
Announcements, income, purchases and titles, movement with permissions and cavalcades,
battles with sides, sieges, pillage, disasters, fortune and the any-time cards, offers
and promises, marriages, the church and the crown, the end of turn), the views, and
what its bots know (``heuristics.py``). ``NOTES.md`` lists every reading of the sources
with its switch and its test.
"""

from noblesse.games.fief.data import DATA, Board, FiefData, FiefDataError, load
from noblesse.games.fief.game import GAME, Fief

__all__ = ["DATA", "GAME", "Board", "Fief", "FiefData", "FiefDataError", "load"]
