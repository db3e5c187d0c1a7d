"""PettingZoo's own API and seed tests, on every registered game; the classic wrappers;
the ansi render."""

from __future__ import annotations

import numpy as np
import pytest

from .support import RL_EXTRA, game_ids, players_of, simultaneous_decisions

pytest.importorskip("pettingzoo", reason=RL_EXTRA)
pytest.importorskip("gymnasium", reason=RL_EXTRA)

from pettingzoo.test import api_test, seed_test  # noqa: E402

from noblesse import games  # noqa: E402
from noblesse.interop.pettingzoo import env, raw_env  # noqa: E402

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
    assert game.is_over(e.unwrapped.state)
    returns = game.returns(e.unwrapped.state)
    assert [total[a] for a in e.possible_agents] == pytest.approx(returns)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_pending_simultaneous_choice_is_not_observed(game_id: str) -> None:
    game = games.get(game_id)
    players = players_of(game_id)
    found = simultaneous_decisions(game, players)
    if not found:
        pytest.skip(f"{game_id}: no simultaneous decision in random play")
    e = raw_env(game_id, players=players)
    for state, first, second in found:
        seen = set()
        for action in game.legal_actions(state, first)[:6]:
            world = game.clone(state)
            game.apply(world, first, action)
            e.state = world
            seen.add(e.observe(f"player_{second}")["observation"].tobytes())
        assert len(seen) == 1, f"seat {second} sees seat {first}'s pending choice"


def test_it_behaves_as_the_classic_games_wrapped() -> None:
    e = env("guillotine", players=3)
    with pytest.raises(AssertionError, match="reset.. needs to be called before step"):
        e.step(0)
    e.reset(seed=1)
    with pytest.raises(AssertionError):
        e.step(e.action_space(e.agent_selection).n)  # outside the action space
    obs, *_ = e.last()
    offender = e.agent_selection
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))  # outside the mask
    assert all(e.terminations.values())
    assert e.rewards[offender] == -1.0
    assert sum(e.rewards.values()) == -1.0


def test_the_ansi_render_is_the_game_table() -> None:
    e = env("guillotine", players=3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text.startswith("Day 1/3 · ")
    assert "The line (from the guillotine to the back):" in text
    assert "[bold]" not in text and not text.startswith("{")
    state = e.unwrapped.state
    game = games.get("guillotine")
    table = game.render_text(game.view(state, None), "en")  # lines of Rich markup
    assert len(text.splitlines()) == len(table) and "[bold]" in table[0]
    assert "Seat 1 · 0 pts · hand: 5 cards" in text


@pytest.mark.parametrize("game_id", game_ids())
def test_supersuit_flattens_and_normalises_the_flat_mode(game_id: str) -> None:
    supersuit = pytest.importorskip("supersuit", reason=RL_EXTRA)
    players = players_of(game_id)
    flat = env(game_id, players=players, observation="flat")
    wrapped = supersuit.normalize_obs_v0(supersuit.flatten_v0(flat), env_min=0.0, env_max=1.0)
    api_test(wrapped, num_cycles=CYCLES)
    # the same game through both: [-1, 1] mapped onto [0, 1], the mask in infos
    plain = env(game_id, players=players)
    wrapped.reset(seed=5)
    plain.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(30):
        agent = plain.agent_selection
        assert wrapped.agent_selection == agent
        obs, _, terminated, truncated, info = wrapped.last()
        expected, *_ = plain.last()
        assert np.allclose(obs, (expected["observation"] + 1.0) / 2.0, atol=1e-6)
        assert np.array_equal(info["action_mask"], expected["action_mask"])
        if terminated or truncated:
            break
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        wrapped.step(action)
        plain.step(action)
    with pytest.raises(ValueError, match="observation must be"):
        env(game_id, observation="image")
