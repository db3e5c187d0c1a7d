"""The single-seat Gymnasium environment: Gymnasium's checker, whole episodes, seeds."""

from __future__ import annotations

import numpy as np
import pytest

from .support import RL_EXTRA, game_ids

pytest.importorskip("gymnasium", reason=RL_EXTRA)

from gymnasium.utils.env_checker import check_env  # noqa: E402

from noblesse.interop.gymnasium import SingleSeatEnv  # noqa: E402


def _episode(env: SingleSeatEnv, seed: int) -> tuple[float, int, list[bytes]]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, trace = 0.0, 0, [obs["observation"].tobytes()]
    while True:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, terminated, truncated, _ = env.step(action)
        total, steps = total + reward, steps + 1
        trace.append(obs["observation"].tobytes())
        if terminated or truncated:
            return total, steps, trace


@pytest.mark.parametrize("game_id", game_ids())
def test_gymnasium_check_env(game_id: str) -> None:
    check_env(SingleSeatEnv(game_id, illegal_action="lose"), skip_render_check=True)


@pytest.mark.parametrize("game_id", game_ids())
def test_an_episode_against_bots_replays_from_its_seed(game_id: str) -> None:
    env = SingleSeatEnv(game_id, seat=1, opponents="random")
    a = _episode(env, 8)
    b = _episode(env, 8)
    assert a == b
    assert a[1] > 0
    assert a[0] == env.game.returns(env.state)[1]


def test_greedy_opponents_and_illegal_actions() -> None:
    env = SingleSeatEnv("guillotine", players=3, seat=0, opponents=["greedy", "random"])
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        env.step(illegal)
    total, steps, _ = _episode(env, 2)
    assert steps > 0 and 0.0 <= total <= 1.0
    lose = SingleSeatEnv("guillotine", illegal_action="lose")
    obs, _ = lose.reset(seed=1)
    _, reward, terminated, _, info = lose.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})
