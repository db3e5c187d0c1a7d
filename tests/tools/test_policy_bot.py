"""The ``policy:PATH`` bot spec: parsed with its path as written, never taken from a
client by the table server, a clear error without a model (playing one:
tests/interop/test_train_example.py; seated by name: tests/server/test_policy_seats.py)."""

from __future__ import annotations

import pytest

from noblesse.agents import BotSpecError, capped_spec, make_agent, parse_spec


def test_the_path_is_kept_as_written() -> None:
    assert parse_spec("policy:Runs/PPO:v2.zip") == ("policy", {"path": "Runs/PPO:v2.zip"})
    assert parse_spec(" Policy:/tmp/a.zip ") == ("policy", {"path": "/tmp/a.zip"})
    with pytest.raises(BotSpecError, match="policy:PATH"):
        parse_spec("policy")


def test_the_table_server_takes_no_policy_file_from_a_client() -> None:
    with pytest.raises(BotSpecError, match="a client never names a policy's file") as caught:
        capped_spec("policy:/tmp/model.zip", 1000.0, 1000)
    assert (
        caught.value.message_zh
        == "不能由使用者指定策略檔案：伺服器只會使用它自己列出的訓練好的策略"
    )


def test_a_missing_model_is_a_clear_error(tmp_path) -> None:  # noqa: ANN001
    with pytest.raises(ValueError, match=r"no policy at .*missing\.zip|needs the train extra"):
        make_agent(f"policy:{tmp_path / 'missing.zip'}")
