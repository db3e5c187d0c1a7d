"""The balance report's game-level measures (issue 23): win rate by seat order and player
count against the equal share, how games end, lead changes and the leader at
two-thirds, and the baseline's differences, tested and corrected for many comparisons."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.cli import app
from noblesse.sim.analyze import analysis_of, compare, load_baseline
from noblesse.sim.batch import GameResult, game_seed, lead_measures
from noblesse.sim.stats import benjamini_hochberg, holm, two_proportion_p, welch_p

runner = CliRunner()
GAMES = ("guillotine", "ruse_and_bruise", "heads_of_state", "conflicting_legends", "fief")


def _wins(results: list[GameResult], seat: int) -> float:
    return sum(1.0 / len(r.winners) for r in results if seat in r.winners)


# ---------------------------------------------------------------- the seat-order table
def test_the_seat_order_table_counts_the_wins_of_each_player_count(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "analyze",
            "guillotine",
            "-n",
            "12",
            "--bots",
            "random",
            "--players",
            "3,4",
            "--workers",
            "1",
            "--seed",
            "7",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    analysis = json.loads((tmp_path / "analysis.json").read_text())
    assert sorted(analysis["by_players"]) == ["3", "4"]
    for k in (3, 4):
        lines = (tmp_path / f"{k}p" / "games.jsonl").read_text().splitlines()[1:]
        results = [GameResult.from_json(json.loads(line)) for line in lines]
        assert len(results) == 12
        rep = analysis["by_players"][str(k)]
        assert rep["games"] == 12
        for seat in rep["seats"]:
            wins = _wins(results, seat["seat"])
            assert seat["wins"] == pytest.approx(wins, abs=1e-4)
            assert seat["win_rate"] == pytest.approx(wins / 12, abs=1e-4)
            assert seat["equal_share"] == pytest.approx(1 / k, abs=1e-4)
            lo, hi = seat["win_rate_95ci"]
            assert seat["outside"] == ("above" if lo > 1 / k else "below" if hi < 1 / k else "")
        assert sum(s["wins"] for s in rep["seats"]) == pytest.approx(12, abs=1e-3)
        # how games end: every game once, under the game's own keys
        assert sum(rep["endings"].values()) == 12
        assert set(rep["endings"]) <= set(games.get("guillotine").endings)
        assert rep["lead_changes"]["mean"] == pytest.approx(
            sum(r.lead_changes for r in results) / 12, abs=1e-3
        )
        led = [r for r in results if len(r.leaders_at_two_thirds) == 1]
        lead = rep["leader_at_two_thirds"]
        assert lead["games"] == len(led)
        assert lead["wins"] == pytest.approx(
            sum(1 / len(r.winners) for r in led if r.leaders_at_two_thirds[0] in r.winners),
            abs=1e-4,
        )
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Win rate by seat order" in page and "How games end" in page
    assert "3 players (12 games)" in page and "4 players (12 games)" in page


def test_a_seat_whose_interval_misses_the_equal_share_is_marked() -> None:
    game = games.get("guillotine")
    results = [
        GameResult(i, i, [1.0, 0.0], [0], 10, ["random", "random"], [], "days", 0, [0])
        for i in range(40)
    ]
    rep = analysis_of(game, ["random"], 0, results)["by_players"]["2"]
    assert [s["outside"] for s in rep["seats"]] == ["above", "below"]
    assert rep["leader_at_two_thirds"]["win_rate"] == 1.0
    assert rep["endings"] == {"days": 40}


# ---------------------------------------------------------------- lead changes
def test_lead_changes_count_new_sole_leaders_and_pass_through_ties() -> None:
    trail = [(0, (0, 1, 2)), (2, (0,)), (4, (0, 1)), (5, (1,)), (7, (1, 2)), (8, (1,)), (10, (2,))]
    # 0 leads; a tie; 1 leads (a change); a tie; 1 again (no change); 2 leads (a change)
    assert lead_measures(trail, 12) == (2, [1])  # after decision 8 = ceil(2 * 12 / 3)
    assert lead_measures(trail, 6) == (2, [0, 1])  # after decision 4
    assert lead_measures([(0, (0, 1))], 9) == (0, [0, 1])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_ending_agrees_with_the_games_own_account(game_id: str) -> None:
    """``ending`` against the game-over event (Fief's "how", Conflicting Legends' goal) or
    the rules (Guillotine's last day, Ruse & Bruise's last round), in random games."""
    game = games.get(game_id)
    for i in range(3):
        seed = game_seed(11, i)
        agents = [make_agent("random", seed + s) for s in range(3)]
        state = game.setup(3, seed, {"max_turns": 3} if game_id == "fief" else None)
        last = None
        while not game.is_over(state):
            for seat in game.to_act(state):
                for event in game.apply(state, seat, act_honestly(agents[seat], game, state, seat)):
                    if event.type == "game_over":
                        last = event.for_seat(None)
        key = game.ending(state)
        assert key in game.endings
        assert game.describe_ending(key, "zh-TW") != key
        if game_id == "fief":
            assert (key == "turn_limit") == (last["how"] == "turn_limit")
        elif game_id == "conflicting_legends":
            assert key == last["goal"]
        elif game_id == "heads_of_state":
            assert (key == "shared") == (len(game.winners(state)) > 1)
        assert len(game.standing(state)) == 3


# ---------------------------------------------------------------- tests and corrections
def test_the_two_proportion_test_and_welchs() -> None:
    # 60/100 against 40/100: pooled 0.5, z = 0.2 / sqrt(0.25 * 0.02) = 2.828
    assert two_proportion_p(60, 100, 40, 100) == pytest.approx(math.erfc(2.8284271 / math.sqrt(2)))
    assert two_proportion_p(60, 100, 40, 100) == pytest.approx(0.00468, abs=1e-5)
    assert two_proportion_p(50, 100, 50, 100) == 1.0
    assert two_proportion_p(0, 10, 0, 10) == 1.0
    assert welch_p(10, 2, 100, 10, 2, 100) == 1.0
    assert welch_p(10.5, 2, 100, 10, 2, 100) == pytest.approx(
        math.erfc(0.5 / math.sqrt(0.08) / math.sqrt(2))
    )


def test_holm_and_benjamini_hochberg_adjust_as_published() -> None:
    ps = [0.01, 0.04, 0.03, 0.005]
    # Holm: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1, kept non-decreasing
    assert holm(ps) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # BH: sorted times 4/1, 4/2, 4/3, 4/4, kept non-increasing from the top
    assert benjamini_hochberg(ps) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert holm([0.9, 0.8]) == [1.0, 1.0]


def _results(n: int, seat0_wins: int, ending_a: int) -> list[GameResult]:
    """Two-seat games: seat 0 wins the first ``seat0_wins``; every seat-game has the card
    "x" and one in ten has "y"; the first ``ending_a`` games end by "days"."""
    out = []
    for i in range(n):
        winner = 0 if i < seat0_wins else 1
        features = [(0, "played", "x"), (1, "played", "x")]
        if i % 10 == 0:
            features.append((0 if i % 20 else 1, "played", "y"))
        out.append(
            GameResult(
                i,
                i,
                [1.0, 0.0] if winner == 0 else [0.0, 1.0],
                [winner],
                50,
                ["random", "random"],
                features,
                "days" if i < ending_a else "deck",
                1,
                [winner],
            )
        )
    return out


def test_the_baseline_marks_a_difference_that_is_there_and_not_one_that_is_not() -> None:
    game = games.get("guillotine")
    before = analysis_of(game, ["random"], 0, _results(400, 200, 200))
    after = analysis_of(game, ["random"], 0, _results(400, 280, 200))
    rows = {tuple(r["row"]): r for r in compare(after, before, "holm")}
    seat0 = rows[("seat", 2, 0)]
    assert seat0["before"] == 0.5 and seat0["after"] == 0.7
    assert seat0["p"] == pytest.approx(two_proportion_p(280, 400, 200, 400))
    assert seat0["significant"] and rows[("seat", 2, 1)]["significant"]
    # the same endings, the same length, the same lead changes: nothing marked
    for row in (
        ("ending", 2, "days"),
        ("ending", 2, "deck"),
        ("length", 2, None),
        ("lead_changes", 2, None),
    ):
        assert not rows[row]["significant"], row
    # card x is played by both seats in every game: its win rate is 1/2 before and after
    assert rows[("card", "played", "x")]["before"] == rows[("card", "played", "x")]["after"] == 0.5
    assert not rows[("card", "played", "x")]["significant"]


def test_the_correction_is_applied_over_every_row() -> None:
    game = games.get("guillotine")
    before = analysis_of(game, ["random"], 0, _results(400, 200, 200))
    after = analysis_of(game, ["random"], 0, _results(400, 200, 230))
    for correction, adjust in (("holm", holm), ("bh", benjamini_hochberg)):
        rows = compare(after, before, correction)
        assert [r["p_adjusted"] for r in rows] == pytest.approx(adjust([r["p"] for r in rows]))
        assert all(r["significant"] == (r["p_adjusted"] < 0.05) for r in rows)
    # 230 against 200 "days" endings of 400: p about 0.033 alone, not once corrected
    rows = {tuple(r["row"]): r for r in compare(after, before, "holm")}
    days = rows[("ending", 2, "days")]
    assert days["p"] < 0.05 and days["p_adjusted"] > 0.05 and not days["significant"]
    assert len(rows) > 5


def test_a_baseline_is_read_from_a_report_its_results_or_a_simulation(tmp_path: Path) -> None:
    game = games.get("guillotine")
    first = tmp_path / "first"
    result = runner.invoke(
        app,
        [
            "analyze",
            "guillotine",
            "-n",
            "10",
            "--bots",
            "random",
            "--workers",
            "1",
            "--out",
            str(first),
        ],
    )
    assert result.exit_code == 0, result.output
    report = load_baseline(first, game)
    (first / "analysis.json").unlink()
    from_results = load_baseline(first, game)  # games.jsonl
    assert from_results["by_players"]["4"]["seats"] == report["by_players"]["4"]["seats"]
    assert from_results["cards"] == report["cards"]
    sim = tmp_path / "sim"
    result = runner.invoke(
        app,
        [
            "simulate",
            "guillotine",
            "-n",
            "10",
            "--bots",
            "random,random,random,random",
            "--workers",
            "1",
            "--out",
            str(sim),
        ],
    )
    assert result.exit_code == 0, result.output
    assert load_baseline(sim, game)["by_players"]["4"]["games"] == 10
    second = tmp_path / "second"
    result = runner.invoke(
        app,
        [
            "analyze",
            "guillotine",
            "-n",
            "10",
            "--bots",
            "random",
            "--workers",
            "1",
            "--seed",
            "1",
            "--out",
            str(second),
            "--baseline",
            str(sim),
            "--correction",
            "holm",
            "--plot",
            str(tmp_path / "seats.png"),
        ],
    )
    assert result.exit_code == 0, result.output
    page = (second / "report.html").read_text(encoding="utf-8")
    assert "two-proportion z-test" in page and "Holm" in page and "Δ" in page
    assert "Differences from the baseline" in page
    assert (tmp_path / "seats.png").read_bytes()[:4] == b"\x89PNG"
    analysis = json.loads((second / "analysis.json").read_text())
    assert analysis["baseline"]["correction"] == "holm"
    assert {r["row"][0] for r in analysis["baseline"]["rows"]} == {"seat", "length"}


# ---------------------------------------------------------------- stopped and resumed
def test_analyze_stopped_after_some_games_resumes_to_the_report_of_an_unbroken_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = [
        "analyze",
        "guillotine",
        "-n",
        "6",
        "--bots",
        "greedy",
        "--players",
        "3,4",
        "--workers",
        "1",
        "--seed",
        "5",
    ]
    whole = tmp_path / "whole"
    assert runner.invoke(app, [*args, "--out", str(whole)]).exit_code == 0

    from noblesse.sim import batch

    play_chunk = batch._play_chunk
    played = []

    def stopped_after_four(job: batch.Job) -> list[GameResult]:
        if len(played) == 4:
            raise KeyboardInterrupt  # Ctrl-C during the fifth game of three players
        played.append(job)
        return play_chunk(job)

    broken = tmp_path / "broken"
    monkeypatch.setattr(batch, "_play_chunk", stopped_after_four)
    stopped = runner.invoke(app, [*args, "--out", str(broken)])
    assert stopped.exit_code == 0, stopped.output
    assert "interrupted: 4 of 6 games kept" in stopped.output
    assert len((broken / "3p" / "games.jsonl").read_text().splitlines()) == 1 + 4
    assert not (broken / "4p").exists()
    assert json.loads((broken / "analysis.json").read_text())["by_players"]["3"]["games"] == 4

    monkeypatch.setattr(batch, "_play_chunk", play_chunk)
    resumed = runner.invoke(app, [*args, "--out", str(broken), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    for name in ("analysis.json", "report.html"):
        assert (broken / name).read_text() == (whole / name).read_text(), name
