"""``noblesse bench server``: the honest seats played by load processes of their own, any
game, a fresh SQLite or PostgreSQL store; ``--hostile N``: a clean run, then one under
attack, both measured."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from noblesse.bench_server import HOSTILE_KINDS, LoadResult, add_reports, client_frame
from noblesse.cli import app


def test_a_clean_run_then_a_hostile_one_both_reported() -> None:
    # Two fresh servers on loopback, 1 s of warm-up and 2.5 s measured each (about 17 s in
    # all); the three hostile connections are one slow reader and the two sync flooders
    # (kinds are dealt round-robin).
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "server",
            "--tables",
            "4",
            "--hostile",
            "3",
            "--seconds",
            "2.5",
            "--warmup",
            "1",
            "--think",
            "0.05",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    clean, hostile = json.loads(result.output)["runs"]
    assert (clean["run"], hostile["run"]) == ("clean", "hostile")
    assert clean["actions"] > 0
    # the window opens after the second of warm-up: its actions are counted apart
    assert clean["warmup_seconds"] == 1.0 and clean["warmup_p99_ms"] > 0
    assert clean["seconds"] <= 2.5 + 0.01
    assert clean["p50_ms"] <= clean["p90_ms"] <= clean["p99_ms"]
    assert clean["server_cpu_seconds"] > 0 and clean["server_cpu_ms_per_action"] > 0
    assert clean["hostile"] == 0 and clean["hostile_opened"] == 0
    # the honest seats' numbers, which may be empty (null): today's server stalls under attack
    for key in (
        "actions_per_second",
        "p50_ms",
        "p90_ms",
        "p99_ms",
        "unanswered",
        "server_cpu_ms_per_action",
        "hostile_closed_by_server",
    ):
        assert key in hostile
    assert hostile["seconds"] <= 2.5 + 0.01
    assert hostile["hostile"] == 3 and hostile["hostile_cpu_seconds"] > 0
    by_kind = hostile["hostile_by_kind"]
    assert list(by_kind) == list(HOSTILE_KINDS[:3])
    assert all(c["opened"] >= 1 for c in by_kind.values()), by_kind  # they really connected
    assert by_kind["sync_flood_reading"]["frames_sent"] > 0
    assert by_kind["sync_flood_reading"]["bytes_read"] > 0


def test_actions_answered_during_the_warm_up_are_reported_apart_from_the_window() -> None:
    result = LoadResult(tables=2, seconds=3.0, actions=0, finished_games=0, warmup=5.0)
    counters = {"errors": 1, "unanswered": 0, "dropped": 0, "finished_games": 1}
    reports = [
        {"sample_times": [99.0, 100.5, 102.0], "latencies_ms": [900.0, 4.0, 6.0], **counters},
        {"sample_times": [99.9, 101.0], "latencies_ms": [700.0, 5.0], **counters},
    ]
    add_reports(result, reports, start=100.0)
    assert result.warmup_latencies_ms == [900.0, 700.0]
    assert result.latencies_ms == [4.0, 6.0, 5.0] and result.actions == 3
    assert result.samples == [(0.5, 4.0), (1.0, 5.0), (2.0, 6.0)]
    assert (result.errors, result.finished_games) == (2, 2)  # the whole run's
    assert result.warmup_p99 == 900.0 and result.percentile(0.99) == 6.0


def test_hand_made_frames_are_what_the_websocket_library_reads() -> None:
    from websockets.frames import Frame
    from websockets.streams import StreamReader

    for payload in (b"", b'{"type":"sync"}', b"x" * 300, b"[" * 70_000):
        reader = StreamReader()
        reader.feed_data(client_frame(payload))
        parser = Frame.parse(reader.read_exact, mask=True)
        try:
            next(parser)
        except StopIteration as done:
            frame = done.value
        else:
            raise AssertionError("the frame was incomplete")
        assert frame.fin and frame.opcode.value == 1 and frame.data == payload


def test_the_cli_default_names_every_hostile_kind() -> None:
    from noblesse.cli import HOSTILE_KINDS_ALL

    assert HOSTILE_KINDS_ALL == ",".join(HOSTILE_KINDS)
    result = CliRunner().invoke(
        app, ["bench", "server", "--hostile", "1", "--hostile-kinds", "slow_reader,bogus"]
    )
    assert result.exit_code != 0 and "among" in result.output


def test_load_processes_play_a_fief_table_and_report_their_cpu() -> None:
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "server",
            "--game",
            "fief",
            "--players",
            "3",
            "--clients",
            "2",
            "--tables",
            "3",
            "--seconds",
            "2",
            "--warmup",
            "0",
            "--think",
            "0.05",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    (run,) = json.loads(result.output)["runs"]
    assert (run["game"], run["players"], run["clients"], run["db"]) == ("fief", 3, 2, "sqlite")
    assert run["actions"] > 0 and run["dropped"] == 0
    assert run["clients_cpu_seconds"] > 0 and run["server_cpu_seconds"] > 0
    assert run["p50_ms"] <= run["p99_ms"] <= run["max_ms"]


PG_URL = os.environ.get("NOBLESSE_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _bench_databases() -> set[str]:
    import psycopg
    from sqlalchemy.engine import make_url

    admin = make_url(PG_URL).set(drivername="postgresql", database="postgres")
    try:
        conn = psycopg.connect(admin.render_as_string(hide_password=False), connect_timeout=3)
    except psycopg.OperationalError as exc:
        pytest.skip(f"PostgreSQL is not reachable at {PG_URL}: {exc}")
    with conn:
        rows = conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE 'noblesse_bench_%'"
        ).fetchall()
    return {name for (name,) in rows}


def test_a_run_on_postgresql_gets_a_database_of_its_own_dropped_after() -> None:
    before = _bench_databases()
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "server",
            "--db",
            PG_URL,
            "--tables",
            "2",
            "--seconds",
            "1.5",
            "--warmup",
            "0",
            "--think",
            "0.05",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    (run,) = json.loads(result.output)["runs"]
    assert run["db"] == "postgresql" and run["actions"] > 0 and run["errors"] == 0
    assert _bench_databases() <= before  # the run's database is gone


def test_a_seat_count_the_game_does_not_allow_is_refused_clearly() -> None:
    result = CliRunner().invoke(app, ["bench", "server", "--game", "fief", "--players", "2"])
    assert result.exit_code != 0 and "fief is for 3-6 players" in result.output
    result = CliRunner().invoke(app, ["bench", "server", "--db", "mysql://x@127.0.0.1/y"])
    assert result.exit_code != 0 and "postgresql+psycopg" in result.output


def test_without_a_count_the_seats_are_four_clamped_into_the_game() -> None:
    from noblesse.bench_server import seats_for

    assert seats_for("guillotine", None) == 4 and seats_for("fief", None) == 4
    assert seats_for("guillotine", 2) == 2
    with pytest.raises(ValueError, match="is for 3-6"):
        seats_for("conflicting_legends", 7)


def test_a_baseline_is_the_source_of_another_revision_of_this_checkout() -> None:
    import subprocess
    from pathlib import Path

    from noblesse.bench_server import baseline_source

    here = Path(__file__).resolve().parent
    if subprocess.run(["git", "-C", str(here), "rev-parse"], capture_output=True).returncode:
        pytest.skip("not a git checkout")
    with baseline_source("HEAD") as source:
        assert (source / "noblesse" / "server" / "app.py").is_file()
        assert (source / "noblesse" / "bench_server.py").read_text() == subprocess.run(
            ["git", "-C", str(here), "show", "HEAD:src/noblesse/bench_server.py"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    assert not source.exists()  # unpacked for the run only
    result = CliRunner().invoke(app, ["bench", "server", "--baseline", "no-such-revision"])
    assert result.exit_code != 0 and "no revision 'no-such-revision'" in result.output


def test_bench_greedy_times_this_code_and_a_baseline_revision_on_the_same_games() -> None:
    result = CliRunner().invoke(
        app,
        ["bench", "greedy", "heads_of_state", "--baseline", "HEAD", "--runs", "1", "--games", "1"],
    )
    assert result.exit_code == 0, result.output
    assert "run 1/1: heads_of_state on HEAD" in result.output
    assert "run 1/1: heads_of_state on this code" in result.output
    row = next(line for line in result.output.splitlines() if "heads_of_state │" in line)
    before, after, ratio = (float(cell.replace(",", "")) for cell in row.split("│")[2:5])
    assert before > 0 and after > 0 and ratio == pytest.approx(after / before, abs=0.06)
    bad = CliRunner().invoke(app, ["bench", "greedy", "fief", "--baseline", "no-such-rev"])
    assert bad.exit_code != 0 and "--baseline" in bad.output
