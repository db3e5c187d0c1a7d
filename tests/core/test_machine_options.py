"""machine_options: a game's defaults for machine play, overridden by what is asked."""

from noblesse import games
from noblesse.core.game import machine_options


class _Endless:
    simulation_options = {"max_turns": 40, "variant": "a"}


def test_simulation_options_are_the_base_and_asked_options_win() -> None:
    assert machine_options(_Endless()) == {"max_turns": 40, "variant": "a"}
    assert machine_options(_Endless(), {"max_turns": 0, "x": 1}) == {
        "max_turns": 0,
        "variant": "a",
        "x": 1,
    }


def test_games_without_simulation_options_get_what_is_asked() -> None:
    game = games.get("guillotine")
    assert machine_options(game) == {}
    assert machine_options(game, {"hidden_support": True}) == {"hidden_support": True}


def test_the_defaults_are_not_shared_between_calls() -> None:
    game = _Endless()
    machine_options(game)["max_turns"] = 1
    assert game.simulation_options["max_turns"] == 40
