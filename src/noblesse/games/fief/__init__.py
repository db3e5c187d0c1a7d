"""Fief: France 1429 (封地：法蘭西1429, our rendering), being built.

Here so far: the game's data (``data.toml``: the 24-village map with its fiefs,
bishoprics, roads and board positions, the family kit, the shared supply, both decks,
the rule numbers and every ``[assumed]`` value) and its checked loader with the map
queries (``data.py``). The rules follow in the stages of the spec's §8 (see NOTES.md);
the package exports no ``GAME`` until they are playable, so the registry and the
conformance suite do not list it yet.
"""

from noblesse.games.fief.data import DATA, Board, FiefData, FiefDataError, load

__all__ = ["DATA", "Board", "FiefData", "FiefDataError", "load"]
