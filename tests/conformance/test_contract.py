"""The static half of the contract: the game object, setup, and the action codec."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from noblesse import games
from noblesse.core.errors import IllegalAction
from noblesse.core.game import Game

from .support import fingerprint, game_params

PROPERTY = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@pytest.mark.parametrize("game", game_params())
def test_the_game_object_implements_the_contract(game: Game) -> None:
    assert isinstance(game, Game), "the game object lacks part of the Game protocol"
    assert games.get(game.id) is game
    assert game.id in games.ids()
    assert isinstance(game.version, str) and game.version
    assert game.title.get("en") and game.title.get("zh-TW")
    assert isinstance(game.min_players, int) and isinstance(game.max_players, int)
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.num_distinct_actions, int) and game.num_distinct_actions > 0


@pytest.mark.parametrize("game", game_params())
def test_setup_refuses_a_player_count_out_of_range(game: Game) -> None:
    for n in sorted({0, game.min_players - 1, game.max_players + 1}):
        with pytest.raises(ValueError):
            game.setup(n, 1)


@pytest.mark.parametrize("game", game_params())
def test_setup_refuses_an_unknown_option(game: Game) -> None:
    with pytest.raises(ValueError):
        game.setup(game.min_players, 1, {"no_such_option_anywhere": True})


@pytest.mark.parametrize("game", game_params())
def test_setup_is_a_function_of_the_seed(game: Game) -> None:
    for n in range(game.min_players, game.max_players + 1):
        first = fingerprint(game.setup(n, 7))
        assert fingerprint(game.setup(n, 7)) == first
        assert any(fingerprint(game.setup(n, seed)) != first for seed in range(8, 12)), (
            "the seed changes nothing"
        )


@pytest.mark.parametrize("game", game_params())
def test_action_codec_round_trips(game: Game) -> None:
    names = []
    for i in range(game.num_distinct_actions):
        action = game.action_at(i)
        assert game.action_index(action) == i
        name = game.encode(action)
        assert isinstance(name, str) and name, f"action {i} has an empty name"
        assert name.isascii() and name.isprintable() and not any(c.isspace() for c in name), (
            f"action {i} name {name!r} is not a short stable token"
        )
        assert len(name) <= 64, name
        assert game.decode(name) == action, f"decode(encode({action!r})) != {action!r}"
        names.append(name)
    duplicates = sorted({n for n in names if names.count(n) > 1})
    assert not duplicates, f"action names used twice: {duplicates}"
    for index in (-1, game.num_distinct_actions, game.num_distinct_actions + 5):
        with pytest.raises((IndexError, ValueError, IllegalAction)):
            game.action_at(index)


@pytest.mark.parametrize("game", game_params())
def test_decode_refuses_what_is_not_an_action_name(game: Game) -> None:
    @PROPERTY
    @given(text=st.text(max_size=30))
    def check(text: str) -> None:
        try:
            action = game.decode(text)
        except IllegalAction as exc:
            assert exc.message and exc.message_zh
        else:
            assert game.encode(action) == text

    check()
    for junk in ("", " pass", "PASS", "play:", "noble:0", "nonsense:1"):
        try:
            action = game.decode(junk)
        except IllegalAction:
            continue
        assert game.encode(action) == junk


@pytest.mark.parametrize("game", game_params())
def test_encode_refuses_what_is_not_an_action(game: Game) -> None:
    @PROPERTY
    @given(
        value=st.one_of(
            st.integers().filter(lambda i: not 0 <= i < game.num_distinct_actions),
            st.floats(),
            st.text(max_size=5),
            st.none(),
            st.booleans(),
        )
    )
    def check(value: object) -> None:
        with pytest.raises(IllegalAction):
            game.encode(value)  # type: ignore[arg-type]

    check()
