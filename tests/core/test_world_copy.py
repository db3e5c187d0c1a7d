"""``State.world_copy(rng)`` is ``clone`` then ``reseed(rng)``: the same seed, generator
and position, and the state it copies keeps its own generator where it was."""

from __future__ import annotations

import random

import pytest

from noblesse import games


@pytest.mark.parametrize("game_id", sorted(games.ids()))
def test_a_world_copy_is_a_clone_reseeded_from_the_same_generator(game_id: str) -> None:
    game = games.get(game_id)
    state = game.setup(4, 17)
    before = state.rng.getstate()
    copied = state.world_copy(random.Random(5))
    reseeded = game.clone(state)
    reseeded.reseed(random.Random(5))
    assert state.rng.getstate() == before
    assert copied.seed == reseeded.seed != state.seed
    assert copied.rng.getstate() == reseeded.rng.getstate()
    assert all(game.view(copied, s) == game.view(reseeded, s) for s in range(4))
    assert game.legal_actions(copied, game.to_act(copied)[0]) == game.legal_actions(
        reseeded, game.to_act(reseeded)[0]
    )
