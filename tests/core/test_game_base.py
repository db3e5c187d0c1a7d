"""The shared machinery of GameBase: what apply takes as a seat and an action."""

from __future__ import annotations

import random

import pytest

from noblesse import games
from noblesse.core.errors import IllegalAction
from noblesse.core.heuristics import margins, search_world
from noblesse.core.rng import SharedRandom, copy_rng

GAME = games.get("guillotine")


def position(seats: tuple[int, ...] = (0, 1, 2)) -> tuple[object, int, list[int]]:
    """A state where one of ``seats`` is to act and may play some card (an action above 1)."""
    for seed in range(100):
        state = GAME.setup(3, seed)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if seat in seats and any(a > 1 for a in legal):
            return state, seat, legal
    raise AssertionError("no position with a card to play")


@pytest.mark.parametrize("convert", [float, str, lambda a: a + 0.0001, lambda a: [a]])
def test_an_action_equal_to_a_legal_one_but_no_int_is_refused(convert: object) -> None:
    state, seat, legal = position()
    card = max(legal)
    before = [GAME.view(state, s) for s in (0, 1, 2, None)]
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, convert(card))  # type: ignore[operator]
    assert "Unknown action" in caught.value.message
    assert [GAME.view(state, s) for s in (0, 1, 2, None)] == before


def test_bools_are_neither_seats_nor_actions() -> None:
    for seat_wanted in (0, 1):
        state, seat, legal = position((seat_wanted,))
        assert 0 in legal  # pass is always open
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, False)  # False == 0 == pass
        with pytest.raises(IllegalAction) as caught:
            GAME.apply(state, bool(seat), 0)  # True == 1, False == 0: the seat to act
        assert "no seat" in caught.value.message
    with pytest.raises(IllegalAction):
        GAME.encode(True)


def test_an_integer_like_action_and_seat_are_taken_as_ints() -> None:
    """PettingZoo and OpenSpiel hand actions over as numpy integers."""
    np = pytest.importorskip("numpy")
    state, seat, legal = position()
    card = max(legal)
    GAME.apply(state, np.int64(seat), np.int64(card))
    twin, seat2, _ = position()
    GAME.apply(twin, seat2, card)
    assert GAME.view(state, None) == GAME.view(twin, None)
    assert GAME.encode(np.int64(card)) == GAME.encode(card)


def test_illegal_action_carries_both_languages() -> None:
    exc = IllegalAction("It is not your turn.", "還沒輪到你。")
    assert exc.text("en") == "It is not your turn."
    assert exc.text("zh-TW") == "還沒輪到你。"
    assert IllegalAction("only English").text("zh-TW") == "only English"


def test_a_clone_copies_the_generator_and_keeps_its_place_in_the_stream() -> None:
    state = GAME.setup(4, 3)
    state.rng.random()
    state.rng.gauss(0.0, 1.0)  # a gauss_next kept between calls
    twin = GAME.clone(state)
    assert twin.rng is not state.rng and type(twin.rng) is random.Random
    assert [twin.rng.gauss(0.0, 1.0), twin.rng.random()] == [
        state.rng.gauss(0.0, 1.0),
        state.rng.random(),
    ]


def test_clones_of_a_search_world_share_its_generator_and_leave_the_world_as_it_was() -> None:
    state = GAME.setup(4, 3)
    before = state.rng.getstate()
    root = search_world(GAME, state)
    assert type(root.rng) is SharedRandom and state.rng.getstate() == before
    branch = GAME.clone(root)
    assert branch.rng is root.rng and copy_rng(root.rng) is root.rng
    draw = branch.rng.random()
    assert root.rng.random() != draw  # one stream: the root draws the next number


def test_a_margin_is_a_seats_value_less_the_best_of_the_others() -> None:
    assert margins([3, 7, 5, 1]) == [-4, 2, -2, -6]
    assert margins([3, 7, 7, 1]) == [-4, 0, 0, -6]  # a shared lead is no margin
    assert margins([-2.5, -4.0]) == [1.5, -1.5]
    assert margins([4]) == [4.0]
