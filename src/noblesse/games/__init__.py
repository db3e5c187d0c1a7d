"""The registry of games. Each entry names the module whose ``GAME`` object plays it."""

from __future__ import annotations

import importlib

from noblesse.core.game import Game

_MODULES: dict[str, str] = {
    "guillotine": "noblesse.games.guillotine",
}
_loaded: dict[str, Game] = {}


def ids() -> list[str]:
    return list(_MODULES)


def get(game_id: str) -> Game:
    """The game registered as ``game_id``; KeyError with the known ids otherwise."""
    if game_id not in _loaded:
        if game_id not in _MODULES:
            raise KeyError(f"unknown game '{game_id}'; known games: {', '.join(_MODULES)}")
        _loaded[game_id] = importlib.import_module(_MODULES[game_id]).GAME
    return _loaded[game_id]


def all() -> list[Game]:  # noqa: A001 - the contract's name
    return [get(game_id) for game_id in _MODULES]
