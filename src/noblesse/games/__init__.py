"""The registry of games: every subpackage of ``noblesse.games`` is a game, whose
package exports it as ``GAME``, registered under ``GAME.id`` (the package's name). Adding
a game is adding its package."""

from __future__ import annotations

import functools
import importlib
import pkgutil
from pathlib import Path

from noblesse.core.game import Game

_PACKAGE_DIR = Path(__file__).parent
_loaded: dict[str, Game] = {}


@functools.cache
def ids() -> list[str]:
    """The ids of every game, in alphabetical order (the package name is the id)."""
    return sorted(m.name for m in pkgutil.iter_modules([str(_PACKAGE_DIR)]) if m.ispkg)


def get(game_id: str) -> Game:
    """The game registered as ``game_id``; KeyError with the known ids otherwise."""
    if game_id not in _loaded:
        if game_id not in ids():
            raise KeyError(f"unknown game '{game_id}'; known games: {', '.join(ids())}")
        game = importlib.import_module(f"{__name__}.{game_id}").GAME
        if game.id != game_id:
            raise KeyError(f"package {game_id} registers a game with id '{game.id}'")
        _loaded[game_id] = game
    return _loaded[game_id]


def all() -> list[Game]:  # noqa: A001 - the contract's name
    return [get(game_id) for game_id in ids()]
