"""ISMCTS, tournaments, balance reports and the simulation backends."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from noblesse import games
from noblesse.agents import make_agent, parse_spec
from noblesse.cli import app
from noblesse.games.guillotine.data import CARDS
from noblesse.games.guillotine.rules import ACT, Pending
from noblesse.sim import play_game, run_batch
from noblesse.sim.batch import rotating_seating
from noblesse.sim.results import ResultLog
from noblesse.sim.tournament import bradley_terry, tournament_report

runner = CliRunner()
GAME = games.get("guillotine")


def _position(line: list[str], hand: list[str]):
    """Seat 0 of 2 to act with ``hand``; the line front first; the deck keeps the rest."""
    s = GAME.setup(2, 5)
    s.line = [CARDS.noble(k) for k in line]
    s.hands[0] = [CARDS.action(k) for k in hand]
    s.front = [[], []]
    s.player, s.pending, s.legal_cache = 0, Pending(ACT, 0), None
    return s


@pytest.mark.parametrize("rollout", ["eval", "random", "turn"])
def test_ismcts_brings_the_king_to_the_front(rollout: str) -> None:
    """Stumble moves King Louis (5) ahead of a Martyr (-1): the only good play."""
    s = _position(["martyr", "king_louis", "sheriff", "coiffeur"], ["stumble"])
    bot = make_agent(f"ismcts:iters=400:rollout={rollout}", seed=3)
    assert GAME.encode(bot.act(GAME, s, 0)) == "play:stumble"
    GAME.apply(s, 0, GAME.decode("play:stumble"))
    assert GAME.encode(bot.act(GAME, s, 0)) == "noble:2"


def test_a_turn_rollout_judges_a_leaf_once_its_seat_has_finished_its_move() -> None:
    """Stumble played and its noble still to name: the seat that chose it names the
    King as greedy would, collects him, and only then, the other seat to act, is the
    leaf judged; at most the game's greedy depth of decisions unless told."""
    from noblesse.agents import IsmctsAgent

    s = _position(["martyr", "king_louis", "sheriff", "coiffeur"], ["stumble"])
    GAME.apply(s, 0, GAME.decode("play:stumble"))
    bot = IsmctsAgent(3, iters=10, rollout="turn")
    bot._settle_rollout(GAME)
    assert bot._depth == GAME.heuristics().depth
    bot._finish_turn(GAME, s, (0,))
    assert GAME.to_act(s) == (1,)
    assert s.piles[0] == [CARDS.noble("king_louis")]
    assert s.line[:2] == [CARDS.noble("martyr"), CARDS.noble("sheriff")]
    waiting = _position(["martyr", "king_louis", "sheriff", "coiffeur"], ["stumble"])
    GAME.apply(waiting, 0, GAME.decode("play:stumble"))
    bot._finish_turn(GAME, waiting, (1,))  # the other seat chose last: nothing to finish
    assert GAME.to_act(waiting) == (0,) and waiting.piles[0] == []
    told = IsmctsAgent(3, iters=10, rollout="turn", max_rollout=1)
    told._settle_rollout(GAME)
    assert told._depth == 1


def test_ismcts_keeps_the_king_at_the_front() -> None:
    """With the King at the front, Bribed Guards would send him to the back: pass."""
    s = _position(["king_louis", "martyr", "sheriff"], ["bribed_guards"])
    bot = make_agent("ismcts:iters=300", seed=4)
    assert GAME.encode(bot.act(GAME, s, 0)) == "pass"


def test_ismcts_with_an_iteration_budget_is_deterministic() -> None:
    a = play_game("guillotine", ["ismcts:iters=30", "random", "greedy"], seed=9)
    b = play_game("guillotine", ["ismcts:iters=30", "random", "greedy"], seed=9)
    assert a == b


def test_ismcts_respects_a_time_budget() -> None:
    s = _position(["martyr", "king_louis", "sheriff", "coiffeur"], ["stumble", "trip"])
    bot = make_agent("ismcts:ms=50", seed=1)
    bot.act(GAME, s, 0)
    assert bot.last_iterations > 5


def test_ismcts_stops_early_only_when_the_choice_is_settled() -> None:
    """Stopping once the leader cannot be caught plays what the full budget plays."""
    from noblesse.agents import IsmctsAgent

    stopped = 0
    positions = [
        (["martyr", "king_louis", "sheriff", "coiffeur"], ["stumble", "trip"]),
        (["king_louis", "martyr", "sheriff"], ["bribed_guards"]),
        (["sheriff", "coiffeur", "martyr", "king_louis"], ["stumble", "bribed_guards"]),
    ]
    for line, hand in positions:
        for seed in range(4):
            full = IsmctsAgent(seed, iters=600, stop_early=False)
            early = IsmctsAgent(seed, iters=600)
            assert full.act(GAME, _position(line, hand), 0) == early.act(
                GAME, _position(line, hand), 0
            )
            assert full.last_iterations == 600
            stopped += early.last_iterations < 600
    assert stopped >= 6


def test_ismcts_takes_a_game_s_own_leaf_valuation_unless_told() -> None:
    """Heads of State asks for short greedy play-outs (its SEARCH); Guillotine has none;
    a spec's own rollout wins over the game's."""
    hos = games.get("heads_of_state")
    state = hos.setup(4, 2)
    seat = hos.to_act(state)[0]
    bot = make_agent("ismcts:iters=20", seed=1)
    bot.act(hos, state, seat)
    assert (bot._kind, bot._depth) == ("greedy", 24)
    told = make_agent("ismcts:iters=20:rollout=random:max_rollout=5", seed=1)
    told.act(hos, state, seat)
    assert (told._kind, told._depth) == ("random", 5)
    s = _position(["martyr", "king_louis", "sheriff"], ["stumble", "trip"])
    bot.act(GAME, s, 0)
    assert bot._kind == "eval"


@pytest.mark.parametrize(
    "spec, message",
    [
        ("ismcts:iters=abc", "must be a int"),
        ("ismcts:depth=3", "bad setting"),
        ("ismcts:rollout=magic", "rollout must be"),
        ("ismcts:hook=2", "hook must be 0 or 1"),
        ("ismcts:hook=on", "hook of bot ismcts must be a int"),
        ("greedy:iters=3", "bad setting"),
        ("alphazero", "unknown bot"),
    ],
)
def test_bad_bot_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_spec(spec)


def test_ismcts_hook_is_switched_on_by_1_and_off_by_0() -> None:
    assert parse_spec("ismcts:iters=400:c=0.3:hook=1") == (
        "ismcts",
        {"iters": 400, "c": 0.3, "hook": 1},
    )
    from noblesse.agents import IsmctsAgent

    for spec, hook in (("ismcts:hook=1", True), ("ismcts:hook=0", False), ("ismcts", False)):
        bot = make_agent(spec)
        assert isinstance(bot, IsmctsAgent) and bot.hook is hook


def test_rotation_puts_every_bot_in_every_seat_and_after_every_other_equally() -> None:
    seating = rotating_seating(["a", "b", "c"], 4)
    counts: Counter[tuple[str, int]] = Counter()
    after: Counter[tuple[str, str]] = Counter()  # (bot, the bot in the next seat round the table)
    for game in range(3 * 6):
        seats = seating(game)
        counts.update((bot, seat) for seat, bot in enumerate(seats))
        after.update((bot, seats[(seat + 1) % 4]) for seat, bot in enumerate(seats))
    assert set(counts.values()) == {6} and len(counts) == 12
    assert (
        after[("a", "b")]
        == after[("b", "a")]
        == after[("a", "c")]
        == after[("c", "a")]
        == after[("b", "c")]
        == after[("c", "b")]
    )
    assert seating(0) == ["a", "b", "c", "a"] and seating(3) == ["a", "c", "b", "a"]


def test_bradley_terry_orders_by_results() -> None:
    pairs = {("a", "b"): 30.0, ("b", "a"): 10.0}
    counts = {("a", "b"): 40, ("b", "a"): 40}
    strength = bradley_terry(pairs, counts, ["a", "b"], prior=0.0)
    assert strength["a"] / strength["b"] == pytest.approx(3.0, rel=1e-3)
    # the prior: one drawn game added between the two
    strength = bradley_terry(pairs, counts, ["a", "b"])
    assert strength["a"] / strength["b"] == pytest.approx(30.5 / 10.5, rel=1e-3)


def test_bradley_terry_rates_a_bot_that_never_won() -> None:
    pairs = {("a", "c"): 50.0, ("b", "c"): 50.0, ("a", "b"): 30.0, ("b", "a"): 20.0}
    counts = {(x, y): 50 for x in "abc" for y in "abc" if x != y}
    strength = bradley_terry(pairs, counts, ["a", "b", "c"])
    elo = {k: 400 * math.log10(v) for k, v in strength.items()}
    assert elo["a"] > elo["b"] > elo["c"]
    # c lost all 100 of its games: 771 and 839 points below b and a, where without the
    # prior the gap grows with every round of the fit
    assert elo["b"] - elo["c"] == pytest.approx(771.1, abs=0.5)
    assert elo["a"] - elo["c"] == pytest.approx(838.8, abs=0.5)
    bare = bradley_terry(pairs, counts, ["a", "b", "c"], prior=0.0)
    assert 400 * math.log10(bare["b"] / bare["c"]) > 2000


def test_tournament_greedy_beats_random(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "tournament",
            "guillotine",
            "--bots",
            "greedy,random",
            "-n",
            "60",
            "--seed",
            "2",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "tournament.json").read_text())
    rows = {r["bot"]: r for r in report["table"]}
    assert rows["greedy"]["seats_played"] == rows["random"]["seats_played"] == 120
    assert rows["greedy"]["win_rate_95ci"][0] > 0.25 > rows["random"]["win_rate"]
    assert rows["greedy"]["elo"] > 1500 > rows["random"]["elo"]
    assert (tmp_path / "tournament.png").stat().st_size > 10_000


def test_an_interrupted_run_resumes_to_the_same_results(tmp_path: Path) -> None:
    bots = ["greedy", "random", "random"]
    full = run_batch("guillotine", 30, bots, seed=4)
    log = ResultLog(tmp_path / "games.jsonl", {"run": 1})
    log.append(full[:11])
    log.close()
    with (tmp_path / "games.jsonl").open("a") as f:
        f.write('{"index": 11, "sco')  # a line cut short by the interruption
    again = ResultLog(tmp_path / "games.jsonl", {"run": 1}, resume=True)
    assert sorted(again.done) == list(range(11))
    resumed = run_batch("guillotine", 30, bots, seed=4, on_done=again.append, skip=again.done)
    again.close()
    assert resumed == full
    with pytest.raises(ValueError, match="other parameters"):
        ResultLog(tmp_path / "games.jsonl", {"run": 2}, resume=True)


def test_analyze_writes_a_self_contained_report(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for out, extra in (
        (first, []),
        (second, ["--baseline", str(tmp_path / "a" / "analysis.json")]),
    ):
        result = runner.invoke(
            app,
            [
                "analyze",
                "guillotine",
                "-n",
                "40",
                "--bots",
                "random",
                "--workers",
                "1",
                "--out",
                str(out),
                *extra,
            ],
        )
        assert result.exit_code == 0, result.output
    page = (second / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 5 and "Δ" in page
    assert (second / "cards.toml").exists()
    analysis = json.loads((second / "analysis.json").read_text())
    kinds = {c["what"] for c in analysis["cards"]}
    assert kinds == {"played", "collected", "held", "kept"}
    kept_king = next(
        c for c in analysis["cards"] if (c["what"], c["card"]) == ("kept", "king_louis")
    )
    assert 0 < kept_king["seat_games"] <= 40
    lo, hi = kept_king["win_rate_95ci"]
    assert lo <= kept_king["win_rate"] <= hi


def test_the_ray_backend_agrees_with_processes() -> None:
    pytest.importorskip("ray", reason="the Ray backend needs the 'ray' extra")
    bots = ["greedy", "random", "random", "random"]
    on_ray = run_batch("guillotine", 24, bots, seed=8, workers=2, backend="ray")
    on_processes = run_batch("guillotine", 24, bots, seed=8, workers=2)
    assert on_ray == on_processes


def test_a_long_bot_spec_is_labelled_on_lines_broken_at_its_colons() -> None:
    from noblesse.sim.tournament import _label

    assert _label("ismcts:iters=1000:c=0.3:rollout=turn:ms=1000") == (
        "ismcts:iters=1000\n:c=0.3:rollout=turn\n:ms=1000"
    )
    assert _label("greedy") == "greedy" and _label("ismcts:ms=200") == "ismcts:ms=200"


def test_tournament_report_counts_every_seat() -> None:
    results = run_batch(
        "guillotine", 9, rotating_seating(["greedy", "random", "ismcts:iters=5"], 3), seed=1
    )
    report = tournament_report("guillotine", ["greedy", "random", "ismcts:iters=5"], 3, 1, results)
    assert sum(r["seats_played"] for r in report["table"]) == 27
    assert sum(r["wins"] for r in report["table"]) == pytest.approx(
        9, abs=3 * 0.5e-4
    )  # each rounded


def test_a_guided_search_tries_the_greedy_reply_first_below_the_root() -> None:
    """With ``widen``, the first action a seat tries at a node below the root is the one
    greedy plays there, and another action joins only while fewer than
    ``1 + widen * sqrt(visits)`` have been tried there."""
    from noblesse.agents import GreedyAgent, IsmctsAgent
    from noblesse.agents.ismcts import Node

    hos = games.get("heads_of_state")
    state = hos.setup(4, 2)
    seat = hos.to_act(state)[0]
    while len(hos.legal_actions(state, seat)) < 6:  # on to a take among many
        hos.apply(state, seat, GreedyAgent(0).act(hos, state, seat))
        seat = hos.to_act(state)[0]
    legal = hos.legal_actions(state, seat)
    bot = IsmctsAgent(1, iters=1, widen=1.0)
    bot._settle_rollout(hos)
    node = Node()
    first, fresh = bot._select_guided(hos, state, node, seat, legal)
    assert (first, fresh) == (GreedyAgent(2).act(hos, hos.clone(state), seat), True)
    node.stats[seat][first].visits, node.stats[seat][first].total = 1, 0.5  # backed up
    tried = 1
    for visits in range(1, 16):
        action, fresh = bot._select_guided(hos, state, node, seat, legal)
        node.stats[seat][action].visits += 1
        node.stats[seat][action].total += 0.5
        joins = tried < len(legal) and tried < 1 + math.sqrt(visits)
        tried += joins
        assert (len(node.stats[seat]), fresh) == (tried, joins)
    assert 1 < tried < len(legal)


def test_a_guided_search_plays_whole_decisions_within_its_budget() -> None:
    from noblesse.agents import IsmctsAgent

    hos = games.get("heads_of_state")
    state = hos.setup(4, 2)
    seat = hos.to_act(state)[0]
    bot = IsmctsAgent(1, iters=60, widen=1.0, stop_early=False)
    assert bot.act(hos, state, seat) in hos.legal_actions(state, seat)
    assert bot.last_iterations == 60


def _stats(values: list[float]):
    from noblesse.agents.ismcts import _Stats

    stats = _Stats()
    stats.visits, stats.total = len(values), sum(values)
    stats.squares = sum(v * v for v in values)
    return stats


def test_keep_plays_greedy_s_choice_unless_the_search_clearly_beats_it() -> None:
    """``keep=Z``: greedy's choice stands unless another action's mean beats it by more
    than Z standard errors of the difference; an action tried once cannot replace it."""
    from noblesse.agents import GreedyAgent, IsmctsAgent

    hos = games.get("heads_of_state")
    state = hos.setup(4, 2)
    seat = hos.to_act(state)[0]
    while len(hos.legal_actions(state, seat)) < 3:
        hos.apply(state, seat, GreedyAgent(0).act(hos, state, seat))
        seat = hos.to_act(state)[0]
    legal = hos.legal_actions(state, seat)
    greedy = GreedyAgent(2).act(hos, hos.clone(state), seat)
    other = next(a for a in legal if a != greedy)
    bot = IsmctsAgent(1, iters=1, keep=3.0)
    bot._settle_rollout(hos)
    base = [0.4, 0.5, 0.6, 0.5] * 4  # mean 0.5, standard error 0.018
    for values, played in (
        ([0.7, 0.8, 0.9, 0.8] * 4, other),  # 0.8: 12 errors above
        ([0.5, 0.55, 0.6, 0.55] * 4, greedy),  # 0.55: 2.4 errors, not 3
        ([1.0], greedy),
    ):  # tried once
        mine = {greedy: _stats(base), other: _stats(values)}
        assert bot._kept(hos, state, seat, legal, mine) == played
