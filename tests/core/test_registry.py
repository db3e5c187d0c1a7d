"""The registry of games (noblesse.games)."""

from __future__ import annotations

import pytest

from noblesse import games
from noblesse.core.game import Game


def test_all_holds_guillotine() -> None:
    found = games.all()
    assert "guillotine" in [g.id for g in found]
    assert [g.id for g in found] == games.ids()
    assert all(isinstance(g, Game) for g in found)


def test_get_returns_the_same_game_object_each_time() -> None:
    game = games.get("guillotine")
    assert game is games.get("guillotine")
    assert game.id == "guillotine"


@pytest.mark.parametrize("name", ["nope", "", "Guillotine"])
def test_an_unknown_game_is_a_key_error_naming_the_known_ones(name: str) -> None:
    with pytest.raises(KeyError) as caught:
        games.get(name)
    message = str(caught.value)
    assert repr(name) in message or f"'{name}'" in message
    for known in games.ids():
        assert known in message
