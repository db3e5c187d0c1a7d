"""Actions: every legal action applies, anything else is refused leaving the state as it
was, and a clone is an independent copy."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from noblesse.core.errors import IllegalAction
from noblesse.core.game import Game, State

from .support import (
    assert_inventory,
    choose,
    fingerprint,
    game_params,
    legal_by_seat,
    playout,
    seeded_params,
    states_of,
    views,
)


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(15, base=100))
def test_every_legal_action_applies(game: Game, n: int, options: dict[str, Any], seed: int) -> None:
    for number, state in enumerate(states_of(game, n, seed, options, limit=40)):
        before = fingerprint(state)
        components = game.inventory(state)
        for seat in game.to_act(state):
            for action in game.legal_actions(state, seat):
                child = game.clone(state)
                where = f"state {number}, seat {seat}, action {game.encode(action)}"
                try:
                    events = game.apply(child, seat, action)
                except IllegalAction as exc:
                    raise AssertionError(f"{where}: a legal action was refused: {exc}") from None
                assert isinstance(events, list), where
                assert_inventory(game, child, components, f"after {where}")
                if not game.is_over(child):
                    to_act = game.to_act(child)
                    assert to_act, f"{where}: game not over but nobody to act"
                    for other in to_act:
                        assert game.legal_actions(child, other), f"{where}: a dead end"
        assert fingerprint(state) == before, f"state {number}: applying to a clone changed it"


# ------------------------------------------------------------------ illegal actions
class Opaque:
    """An object that is no action at all."""


def illegal_samples(
    game: Game, state: State, rng: random.Random, limit: int = 15
) -> list[tuple[Any, Any, str]]:
    """Up to ``limit`` (seat, action, why) tuples, none of which may be applied now."""
    n, size = state.n_players, game.num_distinct_actions
    to_act = game.to_act(state)
    out: list[tuple[Any, Any, str]] = []
    if game.is_over(state):
        return [(seat, rng.randrange(size), "game over") for seat in range(n)]
    actor = rng.choice(to_act)
    legal = game.legal_actions(state, actor)
    good = rng.choice(legal)
    not_legal = [a for a in range(size) if a not in legal]
    for action in rng.sample(not_legal, min(8, len(not_legal))):
        out.append((actor, action, "not in legal_actions"))
    for seat in range(n):
        if seat not in to_act:
            out.append((seat, good, "seat not to act"))
            out.append((seat, rng.randrange(size), "seat not to act"))
    for seat in (-1, n, n + 3, None, str(actor), float(actor), [actor], Opaque()):
        out.append((seat, good, f"no such seat {seat!r}"))
    if actor == 1:
        out.append((True, good, "bool seat"))
    for action in (
        float(good),
        good + 0.5,
        str(good),
        game.encode(good),
        None,
        [good],
        (good,),
        Opaque(),
        {good: good},
    ):
        out.append((actor, action, f"not an int: {action!r}"))
    for action in (True, False):
        out.append((actor, action, "bool action"))
    for action in (-1, -size, size, size + 1, 10**9, -(10**12)):
        out.append((actor, action, "out of range"))
    return rng.sample(out, min(limit, len(out)))


def snapshot(game: Game, state: State) -> tuple[Any, ...]:
    """All the state shows: its full fingerprint, every view, the legal actions of every
    seat, the seats to act, the components."""
    return (
        fingerprint(state),
        views(game, state),
        legal_by_seat(game, state),
        game.to_act(state),
        game.inventory(state),
    )


def assert_refused(
    game: Game,
    state: State,
    seat: Any,
    action: Any,
    why: str,
    before: tuple[Any, ...] | None = None,
) -> None:
    if before is None:
        before = snapshot(game, state)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, action)
    exc = refused.value
    assert isinstance(exc.message, str) and exc.message.strip(), f"{why}: an empty message"
    assert isinstance(exc.message_zh, str) and exc.message_zh.strip()
    assert str(exc)
    after = snapshot(game, state)
    for part, name in enumerate(("full state", "views", "legal actions", "to_act", "components")):
        assert after[part] == before[part], (
            f"refusing seat {seat!r} action {action!r} ({why}) changed the {name}"
        )


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(15, base=200))
def test_illegal_actions_are_refused_and_change_nothing(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed)
    for state in states_of(game, n, seed, options, limit=20):
        before = snapshot(game, state)
        for seat, action, why in illegal_samples(game, state, rng):
            assert_refused(game, state, seat, action, why, before)


@pytest.mark.parametrize("game", game_params())
def test_anything_not_legal_is_refused(game: Game) -> None:
    """Property: at any reachable state, any (seat, action) pair not legal is refused."""

    @settings(
        max_examples=150,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        n=st.integers(game.min_players, game.max_players),
        seed=st.integers(0, 2**32 - 1),
        steps=st.integers(0, 300),
        seat=st.one_of(
            st.integers(-2, game.max_players + 1),
            st.integers(),
            st.none(),
            st.booleans(),
            st.floats(),
            st.text(max_size=4),
        ),
        action=st.one_of(
            st.integers(-3, game.num_distinct_actions + 3),
            st.integers(),
            st.floats(),
            st.booleans(),
            st.none(),
            st.text(max_size=12),
            st.sampled_from([game.encode(game.action_at(0))]),
        ),
    )
    def check(n: int, seed: int, steps: int, seat: Any, action: Any) -> None:
        state = game.setup(n, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over(state):
                break
            game.apply(state, *choose(game, state, rng))
        assume(
            not (
                type(seat) is int
                and type(action) is int
                and 0 <= seat < n
                and action in game.legal_actions(state, seat)
            )
        )
        assert_refused(game, state, seat, action, "hypothesis")

    check()


# ------------------------------------------------------------------ clones
@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(10, base=300))
def test_a_clone_is_equal_and_independent(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed)
    for number, state in enumerate(states_of(game, n, seed, options, limit=12)):
        clone = game.clone(state)
        assert clone is not state
        assert fingerprint(clone) == fingerprint(state), f"state {number}: clone differs"
        assert views(game, clone) == views(game, state)
        assert legal_by_seat(game, clone) == legal_by_seat(game, state)
        if game.is_over(state):
            continue
        original = fingerprint(state)
        seat, action = choose(game, state, rng)
        events_clone = game.apply(clone, seat, action)
        assert fingerprint(state) == original, f"state {number}: applying to a clone changed it"
        # The clone carries the RNG: the same action has the same outcome on both.
        events_state = game.apply(state, seat, action)
        assert fingerprint(state) == fingerprint(clone), f"state {number}: clone diverged"
        assert [e.for_seat(None) for e in events_state] == [e.for_seat(None) for e in events_clone]
        # Playing the clone to the end leaves the original alone.
        after = fingerprint(state)
        playout(game, clone, rng)
        assert fingerprint(state) == after, f"state {number}: playing a clone changed it"


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(4, base=400))
def test_legal_indices_are_the_legal_actions_indices(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    for state in states_of(game, n, seed, options, limit=40):
        for seat in range(n):
            expected = [game.action_index(a) for a in game.legal_actions(state, seat)]
            assert game.legal_indices(state, seat) == expected
            if seat not in game.to_act(state):
                assert expected == []
