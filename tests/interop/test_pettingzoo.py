"""PettingZoo's own API and seed tests, on every registered game."""

from __future__ import annotations

import numpy as np
import pytest

from .support import RL_EXTRA, game_ids, players_of, simultaneous_decisions

pytest.importorskip("pettingzoo", reason=RL_EXTRA)
pytest.importorskip("gymnasium", reason=RL_EXTRA)

from pettingzoo.test import api_test, seed_test  # noqa: E402

from noblesse import games  # noqa: E402
from noblesse.interop.pettingzoo import env  # noqa: E402

CYCLES = 20  # each test walks CYCLES x players decisions


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoo_api_test(game_id: str) -> None:
    api_test(env(game_id, players=players_of(game_id)), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoo_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game_id, players=players_of(game_id)), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_whole_game_pays_the_game_returns(game_id: str) -> None:
    e = env(game_id, players=players_of(game_id))
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        assert e.observation_space(agent).contains(obs)
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        e.step(int(rng.choice(legal)))
    game = games.get(game_id)
    assert game.is_over(e.state)
    returns = game.returns(e.state)
    assert [total[a] for a in e.possible_agents] == pytest.approx(returns)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_pending_simultaneous_choice_is_not_observed(game_id: str) -> None:
    game = games.get(game_id)
    players = players_of(game_id)
    found = simultaneous_decisions(game, players)
    if not found:
        pytest.skip(f"{game_id}: no simultaneous decision in random play")
    e = env(game_id, players=players)
    for state, first, second in found:
        seen = set()
        for action in game.legal_actions(state, first)[:6]:
            world = game.clone(state)
            game.apply(world, first, action)
            e.state = world
            seen.add(e.observe(f"player_{second}")["observation"].tobytes())
        assert len(seen) == 1, f"seat {second} sees seat {first}'s pending choice"
