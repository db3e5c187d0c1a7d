"""The words every game's log shares: seat names and the end of a game."""

from __future__ import annotations

import pytest

from noblesse import games
from noblesse.core.text import result_fields, seat_name


def test_seat_names_use_the_tables_names_else_the_seat_number() -> None:
    assert seat_name(1, "en", ["Ann", "Bo"]) == "Bo"
    assert seat_name(2, "en", ["Ann", "Bo"]) == "Seat 3"
    assert seat_name(0, "zh-TW") == "玩家1"


def test_result_fields_name_every_score_and_winner_in_both_languages() -> None:
    event = {"type": "game_over", "scores": [6.0, 5.5], "winners": [0]}
    assert result_fields(event, "en") == {
        "scores": "Seat 1 6, Seat 2 5.5",
        "winners": "Winner: Seat 1",
    }
    assert result_fields(event, "zh-TW", ["甲", "乙"]) == {
        "scores": "甲得6分、乙得5.5分",
        "winners": "甲獲勝",
    }
    tie = {"type": "game_over", "scores": [6.0, 6.0, 1.0], "winners": [0, 1]}
    assert result_fields(tie, "en")["winners"] == "Winners: Seat 1 and Seat 2"
    assert result_fields(tie, "zh-TW")["winners"] == "玩家1和玩家2並列獲勝"
    assert result_fields({"type": "round_end"}, "en") == {}


@pytest.mark.parametrize("name", ["guillotine", "heads_of_state", "ruse_and_bruise"])
def test_every_game_writes_its_winners_into_the_game_over_line(name: str) -> None:
    game = games.get(name)
    event = {"type": "game_over", "scores": [3.0, 1.0, 2.0], "winners": [0]}
    line = game.describe_event(event, "en", ["Ann", "Bo", "Cy"])
    assert "Ann 3" in line and "Bo 1" in line and "Cy 2" in line
