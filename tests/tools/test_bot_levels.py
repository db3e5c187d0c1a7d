"""Bot levels (easy, normal, hard): each a named bot and budget, within the server's
think cap, offered by the terminal; an unknown level is refused in both languages."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from noblesse import games
from noblesse.agents import (
    LEVELS,
    BotSpecError,
    GreedyAgent,
    IsmctsAgent,
    LevelAgent,
    RandomAgent,
    act_honestly,
    capped_spec,
    make_agent,
    parse_spec,
)
from noblesse.cli import app
from noblesse.server.settings import Settings

runner = CliRunner()
GAME_IDS = [g.id for g in games.all()]


def _moves(spec: str, game_id: str, seed: int) -> list[str]:
    """Every decision (at most 300) of a 4-seat game in which one bot of ``spec`` plays
    every seat."""
    game = games.get(game_id)
    state = game.setup(4, seed)
    bot = make_agent(spec, seed)
    moves: list[str] = []
    while not game.is_over(state) and len(moves) < 300:
        for seat in game.to_act(state):
            action = act_honestly(bot, game, state, seat)
            moves.append(game.encode(action))
            game.apply(state, seat, action)
    return moves


def test_the_levels_are_easy_normal_and_hard_in_that_order() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard"]
    for name, level in LEVELS.items():
        assert parse_spec(name) == (name, {})
        assert isinstance(make_agent(name, 3), LevelAgent)
        assert level.en.endswith(".") and level.zh.endswith("。")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_level_plays_its_bot_in_every_game(game_id: str) -> None:
    assert type(make_agent("easy").agent_for(game_id)) is RandomAgent
    assert type(make_agent("normal").agent_for(game_id)) is GreedyAgent
    hard = make_agent("hard").agent_for(game_id)
    assert type(hard) is IsmctsAgent
    kind, settings = parse_spec(LEVELS["hard"].spec_for(game_id))
    assert kind == "ismcts" and hard.iters == settings["iters"]
    assert hard.ms == LEVELS["hard"].ms
    for key in ("c", "rollout", "max_rollout", "widen", "keep", "hook"):
        if key in settings:
            assert getattr(hard, key) == settings[key]


@pytest.mark.parametrize(("level", "bot"), [("easy", "random"), ("normal", "greedy")])
def test_easy_and_normal_decide_exactly_as_their_bots(level: str, bot: str) -> None:
    for game_id in ("guillotine", "conflicting_legends"):
        assert _moves(level, game_id, 11) == _moves(bot, game_id, 11)


def test_hard_thinks_within_the_servers_default_cap() -> None:
    cap = Settings().bot_think_ms
    assert LEVELS["hard"].ms is not None and LEVELS["hard"].ms <= cap
    assert capped_spec("hard", cap, Settings().bot_iters) == f"hard:ms={float(LEVELS['hard'].ms)}"
    for game_id in GAME_IDS:
        _, settings = parse_spec(LEVELS["hard"].spec_for(game_id))
        assert settings["iters"] <= Settings().bot_iters


def test_a_shorter_cap_holds_hard_to_it_and_a_longer_ask_is_refused() -> None:
    spec = capped_spec("hard", 300, 100_000)
    assert spec == "hard:ms=300.0"
    assert make_agent(spec).agent_for("guillotine").ms == 300.0
    assert capped_spec("normal", 300, 100_000) == "normal"
    with pytest.raises(BotSpecError) as refused:
        capped_spec("hard:ms=5000", 1000, 100_000)
    assert "1000 ms" in str(refused.value) and "1000毫秒" in refused.value.message_zh


def test_hard_searches_its_iterations_when_time_allows() -> None:
    game = games.get("guillotine")
    state = game.setup(3, 2)
    bot = make_agent("hard:ms=60000", 2)
    search = bot.agent_for(game.id)
    search.stop_early = False
    seat = game.to_act(state)[0]
    action = act_honestly(bot, game, state, seat)
    assert action in game.legal_actions(state, seat)
    if len(game.legal_actions(state, seat)) > 1:
        assert search.last_iterations == search.iters


@pytest.mark.parametrize("spec", ["expert", "medium", "hard:iters=5", "easy:ms=100"])
def test_an_unknown_level_or_setting_is_refused_in_both_languages(spec: str) -> None:
    with pytest.raises(BotSpecError) as refused:
        parse_spec(spec)
    message, message_zh = str(refused.value), refused.value.message_zh
    if ":" not in spec:
        assert message == (
            f"unknown bot '{spec}'; levels: easy, normal, hard; bots: random, greedy, ismcts"
        )
        assert message_zh == (
            f"未知的電腦玩家「{spec}」；可用的等級有：easy、normal、hard；"
            "電腦玩家有：random、greedy、ismcts"
        )
    else:
        assert spec.split(":")[1] in message and f"「{spec.split(':')[1]}」" in message_zh


def test_play_offers_the_levels_with_a_line_on_each() -> None:
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for name, level in LEVELS.items():
        assert f"{name}: {' '.join(level.en.split())}" in " ".join(text.replace("│", " ").split())


def test_play_refuses_an_unknown_level_before_the_game() -> None:
    result = runner.invoke(
        app, ["play", "guillotine", "--seat", "1=expert"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 2
    assert "levels: easy, normal, hard" in " ".join(result.output.replace("│", " ").split())


def test_simulate_and_tournament_take_levels(tmp_path) -> None:
    result = runner.invoke(
        app,
        [
            "tournament",
            "guillotine",
            "--bots",
            "normal,easy",
            "-n",
            "8",
            "--players",
            "2",
            "--out",
            str(tmp_path / "t"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "normal" in result.output and "easy" in result.output
    result = runner.invoke(
        app,
        [
            "simulate",
            "guillotine",
            "--bots",
            "easy,normal",
            "-n",
            "4",
            "--out",
            str(tmp_path / "s"),
        ],
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(
        app,
        [
            "simulate",
            "guillotine",
            "--bots",
            "easy,expert",
            "-n",
            "4",
            "--out",
            str(tmp_path / "x"),
        ],
    )
    assert result.exit_code == 2
