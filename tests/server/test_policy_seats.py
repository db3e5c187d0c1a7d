"""Trained policies as seats (``Settings.policies``): the server loads only the model files
its operator names, each plays the game whose observation it learnt, the lobby lists
it, a table seats it by name and its bot plays the policy's own choices."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.loading import load
from typer.testing import CliRunner

from browser.server import ServerProcess
from noblesse import games
from noblesse.agents import BotSpecError
from noblesse.cli import app
from noblesse.server import bots, policies
from noblesse.server.tables import TableError, TableManager


def test_a_policy_is_named_with_its_file() -> None:
    assert policies.load("") == policies.Policies()
    with pytest.raises(ValueError, match="'ppo.zip' is not NAME=PATH"):
        policies.load("ppo.zip")
    with pytest.raises(ValueError, match="a name is 1-40 small letters, digits"):
        policies.load("My Policy=/tmp/a.zip")
    with pytest.raises(ValueError, match="'a' is named twice"):
        policies.load("a=/tmp/a.zip, a=/tmp/b.zip")


def test_a_server_seats_no_policy_it_was_not_given() -> None:
    offered = policies.Policies({"ppo": "/srv/ppo.zip"}, {"ppo": "guillotine"})
    assert offered.for_game("guillotine") == ["ppo"] and offered.for_game("fief") == []
    assert offered.seat_kind("policy:ppo", "guillotine") == "policy:ppo"
    assert offered.seat_kind("hard", "guillotine") is None  # not a policy: a bot spec
    # only the worker is told the file
    assert offered.runnable("policy:ppo") == "policy:/srv/ppo.zip"
    assert offered.runnable("hard:ms=1000.0") == "hard:ms=1000.0"
    # a file named by a client, a name at another game: refused
    for kind, game in (("policy:/tmp/evil.zip", "guillotine"), ("policy:ppo", "fief")):
        with pytest.raises(BotSpecError, match="this server has no trained policy"):
            offered.seat_kind(kind, game)


def test_serve_refuses_a_policy_it_cannot_load(tmp_path: Path) -> None:
    missing = tmp_path / "missing.zip"
    result = CliRunner().invoke(
        app,
        ["serve", "--db", f"sqlite:///{tmp_path / 'db.sqlite'}", "--policies", f"ppo={missing}"],
    )
    said = result.output.replace("\n", "")  # (the console wraps long lines)
    assert result.exit_code == 2 and "noblesse web table" not in said
    assert said.startswith("policies: ppo: ")
    assert f"no policy at {missing}" in said or "needs the train extra" in said


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Guillotine policy of 64 steps (examples/train_maskable_ppo.py)."""
    pytest.importorskip(
        "sb3_contrib",
        reason="the train extra is not installed (pip install -e '.[train]'); "
        ".ci/run installs it where a CPU torch is at hand",
    )
    example = load("examples/train_maskable_ppo.py")
    saved = tmp_path_factory.mktemp("policy") / "ppo.zip"
    example.main(["--steps", "64", "--eval-games", "1", "--save", str(saved)])
    return saved


def test_a_loaded_policy_plays_the_game_whose_observation_it_learnt(trained: Path) -> None:
    from noblesse.agents.policy import load_policy
    from noblesse.interop.encoding import observer

    loaded = policies.load(f"ppo={trained}")
    assert loaded.games == {"ppo": "guillotine"} and loaded.paths == {"ppo": str(trained)}
    # the bot's worker, told the file, plays the policy's most likely legal action
    game = games.get("guillotine")
    state = game.setup(4, 11)
    seat = game.to_act(state)[0]
    vector = np.zeros(observer("guillotine", 4).observation_size, np.float32)
    observer("guillotine", 4).observation_into(game, state, seat, vector)
    mask = np.zeros(game.num_distinct_actions, bool)
    mask[game.legal_indices(state, seat)] = True
    expected, _ = load_policy(str(trained)).predict(vector, action_masks=mask, deterministic=True)
    played = bots.think("guillotine", state, seat, loaded.runnable("policy:ppo"), 5)
    assert played == game.encode(game.action_at(int(expected)))


def _wait_over(server: ServerProcess, table_id: str, timeout: float = 90.0) -> dict[str, Any]:
    """What a spectator is told once the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        watched = server.get(f"/api/tables/{table_id}/watch").json()
        if watched["over"]:
            return watched
        time.sleep(0.2)
    raise AssertionError(f"the table did not finish:\n{server.log()[-3000:]}")


def test_the_lobby_offers_the_policy_and_a_table_seats_it(trained: Path, tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'db.sqlite'}",
        tmp_path / "server.log",
        0.0,
        args=["--policies", f"ppo={trained}"],
    ).start(timeout=60.0)
    try:
        offered = {g["id"]: g["policies"] for g in server.get("/api/games").json()}
        assert offered["guillotine"] == [
            {
                "id": "policy:ppo",
                "name": "ppo",
                "about": {
                    "en": "A policy trained for this game, chosen by whoever runs this server.",
                    "zh-TW": "為這個遊戲訓練的策略，由這個伺服器的管理者選定。",
                },
            }
        ]
        assert offered["fief"] == [] and offered["heads_of_state"] == []
        # at another game, or by a file's path: refused, nothing made
        for game_id, kind in (
            ("heads_of_state", "policy:ppo"),
            ("guillotine", f"policy:{trained}"),
        ):
            refused = server.post("/api/tables", json={"game": game_id, "seats": ["human", kind]})
            assert refused.status_code == 400, refused.text
            assert "this server has no trained policy" in refused.json()["message"]["en"]
        made = server.post(
            "/api/tables", json={"game": "guillotine", "seats": ["policy:ppo", "greedy"]}
        )
        assert made.status_code == 201, made.text
        over = _wait_over(server, made.json()["id"])
        assert [s["kind"] for s in over["seats"]] == ["policy:ppo", "greedy"]
        assert "failed" not in server.log()  # no move fell back to a random one
    finally:
        server.stop()


def test_a_seat_kind_naming_no_policy_of_the_server_is_refused_in_both_languages() -> None:
    manager = TableManager.__new__(TableManager)
    manager.policies = policies.Policies()
    with pytest.raises(TableError) as caught:
        manager.bot_spec("policy:PPO", "guillotine")
    assert caught.value.message == (
        "Seat kind 'policy:ppo': this server has no trained policy 'ppo' for Guillotine. "
        "Use human or a bot."
    )
    assert caught.value.message_zh == (
        "座位類型「policy:ppo」：這個伺服器沒有用於「革命斷頭臺」、名為「ppo」的訓練策略。"
        "請用真人或電腦玩家。"
    )
