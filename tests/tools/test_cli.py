"""The noblesse command as a user meets it: play, simulate, replay, rules, bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noblesse.cli import app
from noblesse.core.record import read_record, replay

runner = CliRunner()


def _play(tmp_path: Path, lang: str, inputs: str, *extra: str):
    return runner.invoke(
        app,
        [
            "play",
            "guillotine",
            "--players",
            "3",
            "--seat",
            "0=human",
            "--seat",
            "1=greedy",
            "--seat",
            "2=random",
            "--seed",
            "7",
            "--lang",
            lang,
            "--records",
            str(tmp_path),
            *extra,
        ],
        input=inputs,
    )


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_play_a_whole_game_with_bad_input_along_the_way(tmp_path: Path, lang: str) -> None:
    # Garbage, out-of-range numbers, an empty line and an unknown code come first; then
    # always the first choice. Nothing may crash, and the game must reach its end.
    inputs = "abc\n0\n99\n\nplay:nonsense\n-1\n" + "1\n" * 500
    result = _play(tmp_path, lang, inputs)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    expect = "請輸入1-" if lang == "zh-TW" else "Please type one of the numbers 1-"
    assert result.output.count(expect) >= 6
    assert ("最終分數" if lang == "zh-TW" else "Final scores") in result.output
    # Players by docs/zh-TW.md: who plays which seat, then 「玩家N」 everywhere.
    if lang == "zh-TW":
        assert "你是玩家1；玩家2是電腦（普通）；玩家3是電腦（簡單）" in result.output
        assert "你的選擇（編號）：" in result.output and "座位" not in result.output
    else:
        assert "You are Seat 1; Seat 2 is Bot (medium); Seat 3 is Bot (easy)" in result.output
        assert "(greedy)" not in result.output
    (record_path,) = tmp_path.glob("guillotine-*.jsonl")
    record = read_record(record_path)
    state = replay(record)
    assert record.result is not None and record.result["scores"] == [
        float(v) for v in record.result["scores"]
    ]
    from noblesse import games

    assert games.get("guillotine").scores(state) == record.result["scores"]


def test_play_accepts_an_action_code(tmp_path: Path) -> None:
    result = _play(tmp_path, "en", "pass\n" + "1\n" * 500)
    assert result.exit_code == 0, result.output
    (record_path,) = tmp_path.glob("*.jsonl")
    record = read_record(record_path)
    first_human = next(a for s, a in record.actions if s == 0)
    assert first_human == "pass"


def test_play_interrupted_keeps_an_unfinished_record(tmp_path: Path) -> None:
    result = _play(tmp_path, "en", "1\n1\n")  # input ends mid-game
    assert result.exit_code == 0, result.output
    assert "left unfinished" in result.output
    (record_path,) = tmp_path.glob("*.jsonl")
    record = read_record(record_path, allow_unfinished=True)
    assert record.result is None and len(record.actions) >= 2
    replay(record)


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "chess"], "unknown game"),
        (["play", "guillotine", "--players", "9"], "2-5 players"),
        (["play", "guillotine", "--seat", "7=human"], "seat 7 does not exist"),
        (["play", "guillotine", "--seat", "1=wizard"], "unknown bot 'wizard'"),
        (["play", "guillotine", "--lang", "fr"], "unknown language"),
        (["play", "guillotine", "--option", "bogus=1"], "unknown option"),
        (["simulate", "guillotine", "--bots", "random,alien"], "unknown bot"),
        (["simulate", "guillotine", "--bots", "random"], "2-5 players"),
    ],
)
def test_bad_arguments_get_a_clear_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_simulate_same_seed_same_report_whatever_the_workers(tmp_path: Path) -> None:
    reports = []
    for workers, out in ((1, tmp_path / "a"), (2, tmp_path / "b")):
        result = runner.invoke(
            app,
            [
                "simulate",
                "guillotine",
                "-n",
                "40",
                "--bots",
                "greedy,random,random",
                "--workers",
                str(workers),
                "--seed",
                "5",
                "--out",
                str(out),
            ],
        )
        assert result.exit_code == 0, result.output
        assert (out / "scores.png").stat().st_size > 10_000
        reports.append((out / "report.json").read_text())
    assert reports[0] == reports[1]
    report = json.loads(reports[0])
    assert report["games"] == 40
    assert sum(s["wins"] for s in report["seats"]) == pytest.approx(40)
    for seat in report["seats"]:
        lo, hi = seat["win_rate_95ci"]
        assert lo <= seat["win_rate"] <= hi


def test_replay_reports_scores_and_errors(tmp_path: Path) -> None:
    _play(tmp_path, "en", "1\n" * 500)
    (record_path,) = tmp_path.glob("*.jsonl")
    ok = runner.invoke(app, ["replay", str(record_path)])
    assert ok.exit_code == 0 and "Final scores" in ok.output
    lines = record_path.read_text().splitlines()
    record_path.write_text("\n".join(lines[:-1]) + "\n")  # drop the end line
    bad = runner.invoke(app, ["replay", str(record_path)])
    assert (
        bad.exit_code == 1 and "truncated" in bad.output and f"line {len(lines) - 1}" in bad.output
    )


@pytest.mark.parametrize("lang, needle", [("en", "Bribed Guards"), ("zh-TW", "賄賂守衛")])
def test_rules_lists_every_card(lang: str, needle: str) -> None:
    result = runner.invoke(app, ["rules", "guillotine", "--lang", lang], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert needle in result.output
    count = "（{}）" if lang == "zh-TW" else "({})"
    assert count.format(50) in result.output and count.format(60) in result.output


@pytest.mark.parametrize(
    "lang, label", [("en", "Lords without troops may attack"), ("zh-TW", "沒有部隊的貴族也可以")]
)
def test_rules_lists_the_options_with_their_defaults(lang: str, label: str) -> None:
    result = runner.invoke(app, ["rules", "fief", "--lang", lang], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    line = next(row for row in result.output.splitlines() if "lords_alone_declare_battle" in row)
    assert "false" in line and label in line
    assert "troops_capped_by_kit" in result.output


def test_bench_prints_decisions_per_second() -> None:
    result = runner.invoke(app, ["bench", "guillotine", "--runs", "1", "--games", "5"])
    assert result.exit_code == 0, result.output
    assert "decisions per second" in result.output
