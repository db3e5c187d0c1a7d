"""Every bot acts, legally and without error, in every state a game can reach, including
states its own seat reached by choices it would never have made (a seat handed to a bot
half-way through an offer, a battle or a ballot); and every bot, asked the honest way,
decides alike in states its seat cannot tell apart."""

from __future__ import annotations

import random
from typing import Any

import pytest

from noblesse.agents import act_honestly, make_agent
from noblesse.core.game import Game, State

from .support import seeded_params, states_of

# Every kind of bot, the search ones with a small budget (their moves are not judged here):
# plain, guided by greedy play (``widen``, ``keep``) as ``hard`` plays in some games, the
# same with greedy play-outs (``rollout=greedy``) as in Conflicting Legends, and following
# the game's ``choose`` hook (``hook``).
BOTS = (
    "random",
    "greedy",
    "ismcts:iters=8",
    "ismcts:iters=8:widen=1:keep=1",
    "ismcts:iters=8:widen=1:keep=1:rollout=greedy:max_rollout=2",
    "ismcts:iters=8:hook=1",
)
# States of each random game at which the honesty test asks every bot (each costs a few
# greedy look-aheads and small searches per seat to act).
HONESTY_STATES = 8


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(2, base=700))
def test_every_bot_acts_legally_in_states_reached_by_random_play(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    for number, state in enumerate(states_of(game, n, seed, options, limit=25)[:-1]):
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            for spec in BOTS:
                action = act_honestly(
                    make_agent(spec, seed=seed + number), game, game.clone(state), seat
                )
                assert action in legal, (
                    f"state {number}: {spec} as seat {seat} chose {action!r}, not a legal action"
                )


# ------------------------------------------------------------------ honesty
def _twins(game: Game, state: State, seat: int, rng: random.Random) -> list[State]:
    """States the seat cannot tell from ``state``: determinized for the seat itself and
    for another seat, each kept only if the seat's view and legal actions are unchanged."""
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    out = []
    for source in (seat, rng.choice([s for s in range(state.n_players) if s != seat])):
        twin = game.determinize(state, source, random.Random(rng.getrandbits(64)))
        if game.view(twin, seat) == view and game.legal_actions(twin, seat) == legal:
            out.append(twin)
    return out


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(2, base=750))
def test_a_bot_decides_alike_in_states_its_seat_cannot_tell_apart(
    game: Game, n: int, options: dict[str, Any], seed: int
) -> None:
    """Honesty: asked the honest way (``act_honestly``), a bot with a fixed seed makes the
    same decision on the true state and on any other state that agrees with its seat's
    view (the hidden cards dealt otherwise), so nothing it cannot see can sway it."""
    rng = random.Random(f"honest-{seed}")
    compared = 0
    for number, state in enumerate(states_of(game, n, seed, options, limit=HONESTY_STATES)[:-1]):
        for seat in game.to_act(state):
            if len(game.legal_actions(state, seat)) < 2:
                continue
            twins = _twins(game, state, seat, rng)
            for spec in BOTS:
                bot_seed = rng.getrandbits(32)
                truth = act_honestly(make_agent(spec, bot_seed), game, game.clone(state), seat)
                for twin in twins:
                    action = act_honestly(make_agent(spec, bot_seed), game, twin, seat)
                    assert action == truth, (
                        f"state {number}: {spec} as seat {seat} chose {game.encode(truth)} on "
                        f"the true state but {game.encode(action)} on one it cannot tell from "
                        "it: its decision depends on what its seat cannot see"
                    )
                    compared += 1
    assert compared, "no decision was compared: the test proves nothing here"
