"""The single-seat Gymnasium environment: Gymnasium's checker with the defaults, the
registered ids, whole episodes, seeds, opponents that are policies."""

from __future__ import annotations

import numpy as np
import pytest

from .support import RL_EXTRA, game_ids

gymnasium = pytest.importorskip("gymnasium", reason=RL_EXTRA)

from gymnasium.utils.env_checker import check_env  # noqa: E402

from noblesse import games  # noqa: E402
from noblesse.interop.gymnasium import SingleSeatEnv, env_id  # noqa: E402


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
    # the defaults; with a spec, check_env also renders in every mode (ansi)
    check_env(gymnasium.make(env_id(game_id)).unwrapped)


def test_every_game_has_a_registered_id() -> None:
    for game_id in games.ids():
        spec = gymnasium.spec(env_id(game_id))
        assert spec.namespace == "noblesse" and spec.version == 0
        assert spec.kwargs == {"game_id": game_id}
    env = gymnasium.make("noblesse/guillotine-v0", seat=2, opponents="greedy")
    assert env.spec.id == "noblesse/guillotine-v0"
    inner = env.unwrapped
    assert isinstance(inner, SingleSeatEnv) and inner.seat == 2
    obs, _ = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    check_env(gymnasium.make("noblesse.interop.gymnasium:noblesse/guillotine-v0").unwrapped)


def test_the_ansi_render_is_the_learner_table() -> None:
    env = gymnasium.make("noblesse/guillotine-v0", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("Day 1/3 · ") and "[bold]" not in text
    assert "Seat 1 (you)" in text


@pytest.mark.parametrize("game_id", game_ids())
def test_an_episode_against_bots_replays_from_its_seed(game_id: str) -> None:
    env = SingleSeatEnv(game_id, seat=1, opponents="random")
    a = _episode(env, 8)
    b = _episode(env, 8)
    assert a == b
    assert a[1] > 0
    assert a[0] == env.game.returns(env.state)[1]


def test_greedy_opponents_and_illegal_actions() -> None:
    env = SingleSeatEnv(
        "guillotine", players=3, seat=0, opponents=["greedy", "random"], illegal_action="raise"
    )
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        env.step(illegal)
    total, steps, _ = _episode(env, 2)
    assert steps > 0 and 0.0 <= total <= 1.0
    lose = SingleSeatEnv("guillotine")  # the default: an illegal action loses
    obs, _ = lose.reset(seed=1)
    _, reward, terminated, _, info = lose.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})


class _FirstLegal:
    """A policy in stable-baselines3's convention (``predict`` with ``action_masks``)."""

    def __init__(self) -> None:
        self.seen: list[dict[str, np.ndarray]] = []

    def predict(self, obs, action_masks=None, deterministic=False):  # noqa: ANN001, ANN201
        self.seen.append(obs)
        return int(np.flatnonzero(action_masks)[0]), None


def test_opponents_may_be_policies_callables_or_agents() -> None:
    from noblesse.agents import make_agent

    policy = _FirstLegal()
    calls: list[int] = []

    def last_legal(obs: dict[str, np.ndarray]) -> int:
        calls.append(1)
        return int(np.flatnonzero(obs["action_mask"])[-1])

    env = SingleSeatEnv(
        "guillotine",
        players=4,
        seat=1,
        opponents=[policy, last_legal, make_agent("greedy", seed=2)],
    )
    total, steps, _ = _episode(env, 5)
    assert env.game.is_over(env.state) and steps > 0 and 0.0 <= total <= 1.0
    assert policy.seen and calls
    space = env.observation_space
    assert all(space.contains(obs) and obs["action_mask"].any() for obs in policy.seen)
    assert (
        _episode(
            SingleSeatEnv(
                "guillotine",
                players=4,
                seat=1,
                opponents=[_FirstLegal(), last_legal, make_agent("greedy", seed=2)],
            ),
            5,
        )[1]
        == steps
    )
    with pytest.raises(ValueError, match="an opponent is"):
        SingleSeatEnv("guillotine", players=3, opponents=[3, "random"])


def test_self_play_with_the_learners_own_policy() -> None:
    rng = np.random.default_rng(0)

    def policy(obs: dict[str, np.ndarray]) -> int:  # the learner's (here random) policy
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    env = SingleSeatEnv("guillotine", seat=0, opponents=policy)
    obs, _ = env.reset(seed=0)
    done = False
    while not done:
        obs, _, done, truncated, _ = env.step(policy(obs))
        done = done or truncated
    assert env.game.is_over(env.state)


def test_the_flat_mode_is_a_box_with_the_mask_beside_it() -> None:
    env = SingleSeatEnv(
        "guillotine",
        players=3,
        observation="flat",
        opponents=lambda vector, mask: int(np.flatnonzero(mask)[0]),
    )
    check_env(env)
    dict_env = SingleSeatEnv(
        "guillotine", players=3, opponents=lambda obs: int(np.flatnonzero(obs["action_mask"])[0])
    )
    obs, info = env.reset(seed=6)
    dict_obs, _ = dict_env.reset(seed=6)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    assert env.observation_space.contains(obs)
    assert np.array_equal(obs, dict_obs["observation"])
    assert np.array_equal(info["action_mask"], dict_obs["action_mask"])
    assert np.array_equal(env.action_masks(), info["action_mask"])
    action = int(np.flatnonzero(info["action_mask"])[0])
    obs, reward, _, _, info = env.step(action)
    dict_obs, dict_reward, _, _, _ = dict_env.step(action)
    assert np.array_equal(obs, dict_obs["observation"]) and reward == dict_reward
    assert np.array_equal(info["action_mask"], dict_obs["action_mask"])
    with pytest.raises(ValueError, match="observation must be"):
        SingleSeatEnv("guillotine", observation="image")
