"""The greedy bot's choices, pinned: four greedy bots in seeded games take exactly the
actions the greedy bot of revision 8c85877 took (a digest of every seat and action in
order). The bot's speed-ups keep its decisions; a change that means to alter them
shows here first, and is then measured against the old bot
(``scripts/greedy_versus.py``)."""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest

from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.agents.greedy import look_ahead
from noblesse.core.game import Game, State, machine_options
from noblesse.sim.batch import game_seed, play_game

# game -> the digests of seeded games 0, 1 (Fief: game 0, to the machine turn limit)
CHOICES = {
    "guillotine": ["084c2d7d749275b2", "370de3dd04b340cb"],
    "ruse_and_bruise": ["fdd8d5e0a08a7a73", "04e09725e4999059"],
    "conflicting_legends": ["d8ae68dc4e0a9e18", "e8d27db261d59a52"],
    "heads_of_state": ["1b60d31e5a1b3252", "fc7d618003e3f856"],
    "fief": ["596b32d61015af77"],
}
# the rules 8c85877 played: Fief's green cards only at the Income window (a switch since)
OPTIONS = {"fief": {"opportunity_cards_at_windows": True}}


def choices_digest(game_id: str, index: int, players: int = 4) -> str:
    game = games.get(game_id)
    seed = game_seed(7, index)
    bots = [make_agent("greedy", game_seed(seed, s, "bot")) for s in range(players)]
    state = game.setup(players, seed, machine_options(game, OPTIONS.get(game_id)))
    digest = hashlib.sha256()
    while not game.is_over(state):
        for seat in game.to_act(state):
            action = act_honestly(bots[seat], game, state, seat)
            digest.update(f"{seat}:{action};".encode())
            game.apply(state, seat, action)
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(
    ("game_id", "index"), [(g, i) for g, digests in CHOICES.items() for i in range(len(digests))]
)
def test_four_greedy_bots_take_the_same_actions_as_the_greedy_bot_of_8c85877(
    game_id: str, index: int
) -> None:
    assert choices_digest(game_id, index) == CHOICES[game_id][index]


def test_two_greedy_bots_in_guillotine_take_the_same_actions_as_those_of_8c85877() -> None:
    assert [choices_digest("guillotine", i, players=2) for i in range(2)] == [
        "609860211c0b942a",
        "63f0e91832a0aea9",
    ]


ALIKE_GAMES = [g for g in games.ids() if games.get(g).heuristics().alike is not None]


@pytest.mark.parametrize("game_id", ALIKE_GAMES)
def test_a_decision_the_heuristics_call_alike_has_options_the_look_ahead_values_equally(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where ``alike`` holds, the greedy bot takes the first option unsearched, at its
    own decisions and inside its look-ahead: every option must reach the same value
    through the full look-ahead, to every depth (each option on its own copy of one
    world, its generator copied too, so chance falls alike). The positions: some 60
    spread over all that greedy bots met in 40 seeded games, at their decisions and in
    their searches."""
    game = games.get(game_id)
    known = game.heuristics()
    alike = known.alike
    assert alike is not None
    met: list[tuple[State, int]] = []

    def noting(game: Game, state: State, seat: int) -> bool:
        said = alike(game, state, seat)
        if said and len(game.legal_actions(state, seat)) > 1:
            met.append((game.clone(state), seat))
        return said

    monkeypatch.setattr(game, "heuristics", lambda: dataclasses.replace(known, alike=noting))
    for index in range(40):
        play_game(game_id, ["greedy"] * 4, game_seed(3, index), index, machine_options(game))
    assert len(met) >= 60
    for k, (world, seat) in enumerate(met[:: len(met) // 60]):  # 60 or more, spread out
        world.rng = random.Random(k)
        legal = game.legal_actions(world, seat)
        for depth in range(1, known.depth + 1):
            values = {
                look_ahead(game, world, seat, a, known.evaluate, None, depth, False)[0]
                for a in legal
            }
            assert len(values) == 1, (game.describe_decision(world), depth, legal, values)
