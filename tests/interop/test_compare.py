"""``noblesse bench compare``: every noblesse game beside OpenSpiel's, in one table."""

from __future__ import annotations

import functools

from typer.testing import CliRunner

from noblesse import cli, games
from noblesse.cli import app
from noblesse.interop import compare as compare_module


def test_compare_measures_every_game_and_the_openspiel_ones() -> None:
    rows = compare_module.compare(runs=1, seconds=0.01, adapter=False)
    names = [r.name for r in rows]
    for game_id in games.ids():
        assert game_id in names
    for row in rows:
        if row.kind == "noblesse":
            assert not row.error and row.median > 0 and row.decisions_per_game > 0
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        assert any("not installed" in r.error for r in rows)
    else:
        for name, _ in compare_module.OPENSPIEL_GAMES:
            row = next(r for r in rows if r.name == name)
            assert not row.error and row.median > 0
        for game_id in games.ids():  # each game as a learner drives it, beside the engine
            for kind in (compare_module.PETTINGZOO, compare_module.RL_ENVIRONMENT):
                row = next(r for r in rows if r.name == game_id and r.kind == kind)
                assert not row.error and row.median > 0 and row.decisions_per_game > 0


def test_the_cli_prints_the_table(monkeypatch) -> None:  # noqa: ANN001
    fast = functools.partial(compare_module.compare, seconds=0.01, adapter=False)
    monkeypatch.setattr(compare_module, "compare", lambda **kw: fast(**{**kw, "seconds": 0.01}))
    monkeypatch.setattr(cli.console, "width", 200)  # one line a row
    result = CliRunner().invoke(app, ["bench", "compare", "--runs", "1"])
    assert result.exit_code == 0, result.output
    assert "decisions/s" in result.output and "guillotine" in result.output
    assert "of the engine" in result.output


def test_bench_env_plays_through_each_environment() -> None:
    import pytest

    from noblesse.interop.envbench import ENVS, bench_env

    pytest.importorskip("pyspiel")
    for kind in ENVS:
        rates = bench_env(kind, "guillotine", 2, runs=1, seconds=0.01)
        assert len(rates) == 1 and rates[0] > 0
    out = CliRunner().invoke(
        app, ["bench", "guillotine", "--env", "pettingzoo", "--runs", "1", "--players", "2"]
    )
    assert out.exit_code == 0, out.output
    assert "decisions/s" in out.output
    out = CliRunner().invoke(app, ["bench", "guillotine", "--env", "gym"])
    assert out.exit_code != 0
