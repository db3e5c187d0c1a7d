"""examples/train_maskable_ppo.py with a tiny budget: it trains, measures the win rate
before and after on the same games, and saves a model that loads and plays."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from tests.loading import load

from .support import RL_EXTRA

pytest.importorskip("gymnasium", reason=RL_EXTRA)
pytest.importorskip(
    "sb3_contrib",
    reason="the train extra is not installed "
    "(pip install -e '.[train]'); .ci/run installs it where a CPU torch is at hand",
)


def _example():  # noqa: ANN202 - the example's module
    return load("examples/train_maskable_ppo.py")


def test_the_example_trains_with_a_tiny_budget(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from sb3_contrib import MaskablePPO

    example = _example()
    saved = tmp_path / "policy.zip"
    result = example.main(["--steps", "256", "--eval-games", "4", "--save", str(saved)])
    out = capsys.readouterr().out
    assert f"win rate before training: {result['before']:.3f} (4 games, 3 random opponents)" in out
    assert "win rate after 256 steps" in out and f": {result['after']:.3f}" in out
    # a win rate is a mean share of the win: k-way ties pay 1/k
    for key in ("before", "after"):
        assert 0.0 <= result[key] <= 1.0
    # the untrained policy is the seed's: the same games give the same rate
    again = MaskablePPO(
        "MlpPolicy",
        example.make_env(0),
        seed=0,
        n_steps=256,
        batch_size=256,
        policy_kwargs={"net_arch": [256, 256]},
    )
    assert example.win_rate(again, 4) == result["before"]
    model = MaskablePPO.load(saved)
    env = example.make_env(3)
    obs, info = env.reset(seed=3)
    action, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
    assert info["action_mask"][int(action)] == 1
    assert np.array_equal(
        model.predict(obs, action_masks=info["action_mask"], deterministic=True)[0], action
    )


def test_the_trained_policy_sits_in_a_tournament(tmp_path: Path) -> None:
    from sb3_contrib import MaskablePPO
    from typer.testing import CliRunner

    from noblesse import games
    from noblesse.agents import act_honestly, make_agent
    from noblesse.cli import app

    example = _example()
    saved = tmp_path / "policy.zip"
    example.main(["--steps", "64", "--eval-games", "1", "--save", str(saved)])
    model = MaskablePPO.load(saved)
    agent = make_agent(f"policy:{saved}", seed=1)
    # on the world act_honestly deals it, the bot chooses what the policy chooses on the
    # learner's own observation of the true state
    env = example.make_env(9)
    obs, info = env.reset(seed=9)
    game = games.get("guillotine")
    expected, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
    assert game.action_index(act_honestly(agent, game, env.state, 0)) == int(expected)
    out = tmp_path / "tournament"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "guillotine",
            "--bots",
            f"policy:{saved},random",
            "-n",
            "4",
            "--players",
            "4",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads((out / "tournament.json").read_text())
    assert report["bots"] == [f"policy:{saved}", "random"] and report["games"] == 4
