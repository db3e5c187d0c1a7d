"""Random playouts: they end, every position is a proper decision point, views are
JSON, components are conserved, the end is sensible, and the same seed replays."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.core.game import Game, State

from .support import (
    MAX_DECISIONS,
    assert_inventory,
    assert_json_safe,
    check_finished,
    choose,
    fingerprint,
    game_params,
    legal_by_seat,
    play,
    scramble,
    seats_and_spectator,
    seeded_params,
    views,
)


def check_decision_point(game: Game, state: State) -> None:
    """Someone must act (or the game is over); exactly they have legal actions, each a
    distinct number of the action index."""
    n = state.n_players
    to_act = game.to_act(state)
    assert isinstance(to_act, tuple), f"to_act returned {type(to_act).__name__}, not a tuple"
    assert len(set(to_act)) == len(to_act) and all(type(s) is int and 0 <= s < n for s in to_act), (
        f"bad to_act {to_act}"
    )
    if game.is_over(state):
        assert to_act == (), "seats must act in a finished game"
        return
    assert to_act, "the game is not over, but no seat is to act"
    for seat in range(n):
        legal = game.legal_actions(state, seat)
        if seat not in to_act:
            assert legal == [], f"seat {seat} is not to act but has legal actions {legal}"
            continue
        assert legal, f"seat {seat} must act but has no legal action (a dead end)"
        assert len(set(legal)) == len(legal), f"duplicate legal actions {legal}"
        for action in legal:
            assert type(action) is int and 0 <= action < game.num_distinct_actions, action
        for lang in ("en", "zh-TW"):
            for action in legal:
                text = game.describe_action(state, action, lang)
                assert isinstance(text, str) and text, f"no words for action {action}"
    for lang in ("en", "zh-TW"):  # the web table's prompt, at every decision
        assert isinstance(game.describe_decision(state, lang), str), f"no prompt in {lang}"


# Views (and the events' isolation from the state) are checked at every one of a game's
# first ``VIEWS_EVERY_STEP`` decisions, then at every ``VIEWS_STRIDE``-th and at the end:
# a view is a pure function of the state, and a long game (Fief's random playouts run to
# 1,800 decisions, seven views each) spent nine tenths of this test's time re-checking
# near-identical positions. Everything else is checked at every step.
VIEWS_EVERY_STEP = 100
VIEWS_STRIDE = 8


def views_checked_at(decisions: int, over: bool) -> bool:
    return over or decisions < VIEWS_EVERY_STEP or decisions % VIEWS_STRIDE == 0


def check_views(game: Game, state: State) -> None:
    """Views are JSON-safe, and a caller mutating one cannot touch the state."""
    before = fingerprint(state)
    for seat, view in views(game, state).items():
        assert isinstance(view, dict)
        assert_json_safe(view, f"view for seat {seat}")
        scramble(view)
    assert fingerprint(state) == before, "a view shares mutable parts with the state"


def check_events(game: Game, state: State, events: Any, scrambled: bool = True) -> None:
    """Events are JSON, worded in both languages, show each seat only its part, and (when
    ``scrambled``) a caller mutating one cannot touch the state."""
    assert isinstance(events, list), "apply must return a list of events"
    n = state.n_players
    before = fingerprint(state) if scrambled else None
    for event in events:
        assert isinstance(event, Event), event
        assert isinstance(event.type, str) and event.type
        assert isinstance(event.public, dict)
        private = event.private or {}
        assert all(type(s) is int and 0 <= s < n for s in private), (
            f"{event!r}: private parts for seats that do not exist"
        )
        for seat in seats_and_spectator(state):
            shown = event.for_seat(seat)
            assert shown["type"] == event.type
            assert_json_safe(shown, f"event {event.type!r} for seat {seat}")
            text = game.describe_event(shown, "en")
            assert isinstance(text, str) and text
            assert isinstance(game.describe_event(shown, "zh-TW"), str)
        if scrambled:
            for seat in seats_and_spectator(state):
                scramble(event.for_seat(seat))
    if scrambled:
        assert fingerprint(state) == before, "an event shares mutable parts with the state"


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(30))
def test_a_random_playout_keeps_the_contract_at_every_step(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    state = game.setup(n, seed, dict(options))
    components = game.inventory(state)
    rng = random.Random(seed)
    decisions = 0
    while True:
        check_decision_point(game, state)
        sampled = views_checked_at(decisions, game.is_over(state))
        if sampled:
            check_views(game, state)
        assert_inventory(game, state, components, f"after {decisions} decisions")
        if game.is_over(state):
            break
        assert decisions < MAX_DECISIONS, f"no end after {MAX_DECISIONS} decisions"
        seat, action = choose(game, state, rng)
        check_events(game, state, game.apply(state, seat, action), scrambled=sampled)
        decisions += 1
    check_finished(game, state)
    # Nothing applies to a finished game.
    before = fingerprint(state)
    for seat in range(n):
        for action in (0, game.num_distinct_actions - 1):
            with pytest.raises(IllegalAction) as refused:
                game.apply(state, seat, action)
            assert refused.value.message
    assert fingerprint(state) == before


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(10, base=50))
def test_the_same_seed_plays_the_same_game(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    random.seed(1)  # the game must not use the global RNG
    first, moves = play(game, n, seed, options)
    random.seed(2)
    second, again = play(game, n, seed, options)
    assert again == moves
    assert fingerprint(second) == fingerprint(first)
    assert views(game, second) == views(game, first)
    assert legal_by_seat(game, second) == legal_by_seat(game, first)


def digest(game_id: str, seeds: int = 4) -> str:
    """A hash of a few whole games: moves, final views and the full final states."""
    from noblesse import games

    from .support import runs

    game = games.get(game_id)
    h = hashlib.sha256()
    for n, options, seed in runs(game, seeds, seeds):
        state, moves = play(game, n, seed, options)
        h.update(json.dumps(moves).encode())
        h.update(json.dumps(list(views(game, state).values()), sort_keys=True).encode())
        h.update(repr(fingerprint(state)).encode())
    return h.hexdigest()


@pytest.mark.parametrize("game", game_params())
def test_games_do_not_depend_on_the_hash_seed(game: Game) -> None:
    """Iterating over sets or dicts of strings differs between processes; a game whose
    course depends on it would not replay elsewhere."""
    tests_dir = Path(__file__).resolve().parent.parent
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from conformance.test_playouts import digest; print(digest(sys.argv[2]))"
    )
    here = digest(game.id)
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code, str(tests_dir), game.id],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout.strip() == here, f"different games with PYTHONHASHSEED={hash_seed}"
