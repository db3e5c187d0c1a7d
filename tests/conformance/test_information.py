"""Hidden information: a seat's view holds nothing of what others hide (checked by
resampling that with ``determinize``), and events are redacted per seat."""

from __future__ import annotations

import random
from collections import Counter
from math import comb, factorial, prod
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from noblesse.core.game import Game, State, Zone, machine_options

from .support import (
    assert_inventory,
    choose,
    fingerprint,
    game_params,
    option_sets,
    play,
    playout,
    seats_and_spectator,
    seeded_params,
    states_of,
)


def check_determinization(
    game: Game, state: State, seat: int, rng: random.Random, where: str
) -> State:
    """``determinize`` for ``seat`` keeps all that seat (and a spectator) can see, changes
    no component, and leaves the original alone."""
    before = fingerprint(state)
    d = game.determinize(state, seat, rng)
    assert d is not state
    assert fingerprint(state) == before, f"{where}: determinize changed the original"
    assert game.view(d, seat) == game.view(state, seat), (
        f"{where}: seat {seat}'s view changed when only what it cannot see was resampled "
        "(the view shows hidden information, or determinize resamples what the seat knows)"
    )
    assert game.view(d, None) == game.view(state, None), f"{where}: spectator view changed"
    assert game.to_act(d) == game.to_act(state), where
    assert game.is_over(d) == game.is_over(state), where
    if seat in game.to_act(state):
        assert game.legal_actions(d, seat) == game.legal_actions(state, seat), (
            f"{where}: seat {seat}'s legal actions depend on what it cannot see"
        )
    assert_inventory(game, d, game.inventory(state), f"{where}: by determinize")
    return d


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(15, base=400))
def test_determinize_keeps_what_the_seat_knows(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(f"determinize-{seed}")
    resampled = 0
    for number, state in enumerate(states_of(game, n, seed, options, limit=30)):
        for seat in range(n):
            d = check_determinization(game, state, seat, rng, f"state {number}")
            resampled += any(
                game.view(d, other) != game.view(state, other)
                for other in range(n)
                if other != seat
            )
    # Otherwise the check above proves nothing: determinize must resample what other
    # seats see and this one does not (their hands, at least).
    assert resampled, "determinize never changed what another seat sees: it resamples nothing"


def _chance_unchanged(zone: Zone, pool: Counter[Any]) -> float:
    """The chance that dealing ``zone`` anew from ``pool`` (uniformly) gives it back as it
    was: 1 when it cannot hold anything else."""
    if zone.choices:
        return 1.0 / len(set(zone.choices))
    k, m = len(zone.contents), sum(pool.values())
    if k == 0 or k >= m:
        return (
            1.0
            if not zone.ordered or len(set(zone.contents)) < 2
            else (prod(factorial(c) for c in Counter(zone.contents).values()) / factorial(k))
        )
    held = Counter(zone.contents)
    chance = prod(comb(pool[x], c) for x, c in held.items()) / comb(m, k)
    if zone.ordered:
        chance *= prod(factorial(c) for c in held.values()) / factorial(k)
    return chance


@pytest.mark.parametrize("game", game_params())
def test_determinize_keeps_each_zone_the_seat_sees_and_resamples_each_it_does_not(
    game: Game,
) -> None:
    """Zone by zone (``zones(state, seat)``): over many draws, every zone the seat sees is
    kept, and every hidden zone takes more than one value whenever it is likely to (a
    fresh deal from its pool would give it back unchanged at most half the time)."""
    if not game.zones(game.setup(game.min_players, 430), 0):
        pytest.skip(f"{game.id} names no zones")
    _check_zones(game, game.min_players, 430, machine_options(game))
    for options in option_sets(game):  # each variant, at the most seats
        _check_zones(game, game.max_players, 431, options)


def _check_zones(game: Game, n: int, seed: int, options: dict[str, Any]) -> None:
    draws = 30
    checked = 0
    for number, state in enumerate(states_of(game, n, seed, options, limit=6)):
        for seat in range(n):
            zones = game.zones(state, seat)
            if not zones:
                continue
            pools: dict[str, Counter[Any]] = {}
            for zone in zones.values():
                if zone.hidden:
                    pools.setdefault(zone.pool, Counter()).update(zone.contents)
            values: dict[str, set[Any]] = {name: set() for name in zones}
            for k in range(draws):
                d = game.determinize(state, seat, random.Random(f"zones-{seed}-{k}"))
                again = game.zones(d, seat)
                assert again.keys() == zones.keys(), f"state {number}, seat {seat}: zones"
                for name, zone in zones.items():
                    if not zone.hidden:
                        assert again[name] == zone, (
                            f"state {number}: determinize for seat {seat} changed {name}, "
                            "which the seat sees"
                        )
                    values[name].add(again[name].contents)
            for name, zone in zones.items():
                if zone.hidden and _chance_unchanged(zone, pools[zone.pool]) <= 0.5:
                    checked += 1
                    assert len(values[name]) > 1, (
                        f"state {number}: determinize for seat {seat} never resampled "
                        f"{name} (hidden from it) in {draws} draws"
                    )
    assert checked, "no hidden zone that could change: the check proves nothing"


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(6, base=450))
def test_a_determinized_state_is_a_proper_state(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    """ISMCTS plays determinized states to the end, and may determinize them again for
    another seat: they must be whole, consistent states."""
    rng = random.Random(f"determinized-{seed}")
    for number, state in enumerate(states_of(game, n, seed, options, limit=5)):
        components = game.inventory(state)
        for seat in range(n):
            where = f"state {number}, determinized for seat {seat}"
            d = game.determinize(state, seat, rng)
            for other in range(n):
                check_determinization(game, d, other, rng, f"{where}, then for seat {other}")
            playout(
                game,
                d,
                rng,
                after=lambda s, *_, c=components, w=where: assert_inventory(
                    game, s, c, f"playing on from {w}"
                ),
            )


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(2, base=470))
def test_determinize_is_a_function_of_what_the_seat_knows(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    """Two states the seat cannot tell apart (the second a determinization of the first
    for that seat) give the same world for the same generator state: the unseen cards
    are gathered in a canonical order before they are dealt, so the world cannot carry
    the true order of anything hidden (the bots' honesty rests on it)."""
    rng = random.Random(f"canonical-{seed}")
    for number, state in enumerate(states_of(game, n, seed, options, limit=12)):
        for seat in range(n):
            twin = game.determinize(state, seat, random.Random(rng.getrandbits(64)))
            k = rng.getrandbits(64)
            assert fingerprint(game.determinize(state, seat, random.Random(k))) == fingerprint(
                game.determinize(twin, seat, random.Random(k))
            ), f"state {number}: seat {seat}'s world depends on what it cannot see"


@pytest.mark.parametrize("game", game_params())
def test_determinize_hides_nothing_from_the_seat(game: Game) -> None:
    """Property: at any reachable state, for any seat and any resampling."""

    @settings(
        max_examples=120,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        n=st.integers(game.min_players, game.max_players),
        seed=st.integers(0, 2**32 - 1),
        steps=st.integers(0, 300),
        seat=st.integers(0, game.max_players - 1),
        resample=st.integers(0, 2**64 - 1),
        options=st.sampled_from(
            [{}] + [{k: not v} for k, v in game.options_schema().items() if isinstance(v, bool)]
        ),
    )
    def check(
        n: int, seed: int, steps: int, seat: int, resample: int, options: dict[str, Any]
    ) -> None:
        state = game.setup(n, seed, dict(options))
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over(state):
                break
            game.apply(state, *choose(game, state, rng))
        check_determinization(game, state, seat % n, random.Random(resample), "hypothesis")

    check()


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(4, base=900))
def test_the_views_made_together_are_each_seats_own_view(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    """``views`` (every seat's at once, as the table server asks) gives each seat exactly
    its ``view``, in any order of the seats, to the last byte of its JSON."""
    for number, state in enumerate(states_of(game, n, seed, options, limit=40)):
        seats = seats_and_spectator(state)
        for order in (seats, seats[::-1]):
            together = game.views(state, order)
            assert len(together) == len(order)
            for seat, view in zip(order, together, strict=True):
                assert orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS) == orjson.dumps(
                    game.view(state, seat), option=orjson.OPT_NON_STR_KEYS
                ), f"state {number}: seat {seat}'s view made with the others differs"


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(20, base=500))
def test_events_show_each_seat_only_its_own_private_part(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    def check(state: State, actor: int, action: int, events: list[Any]) -> None:
        for event in events:
            public = event.for_seat(None)
            assert public == {"type": event.type, **event.public}, event
            private = event.private or {}
            for seat in range(n):
                # exactly the public part and this seat's own private part: never another's
                assert event.for_seat(seat) == {**public, **private.get(seat, {})}, (
                    f"{event!r} as seat {seat} sees it"
                )
            for seat, part in private.items():
                assert isinstance(part, dict) and part, f"{event!r}: empty private part"
                for other in seats_and_spectator(state):
                    if other != seat:
                        shown = event.for_seat(other)
                        leaked = [
                            k
                            for k, v in part.items()
                            if k in shown and shown[k] == v and event.public.get(k) != v
                        ]
                        assert not leaked, f"{event!r}: seat {other} sees {leaked} of seat {seat}"

    play(game, n, seed, options, after=check)
