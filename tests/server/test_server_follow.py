"""What the table page needs to follow a game (issue 19, ``server/follow.py``): each log
line's marks (its event's kind and the seat it is about) and the result at the end."""

from __future__ import annotations

import orjson
from server_support import new_table, seat_state, wait_until_over, watch_state

from noblesse import games
from noblesse.core.events import Event
from noblesse.server.follow import log_marks
from noblesse.server.tables import log_line


def test_a_line_s_marks_are_its_event_s_kind_and_the_seat_it_names() -> None:
    assert log_marks(Event("draw", {"seat": 2, "count": 1}).for_seat(None)) == {
        "kind": "draw",
        "seat": 2,
    }
    assert log_marks(Event("day", {"day": 2}).for_seat(None)) == {"kind": "day"}
    # only a seat number: never a flag or a list
    assert log_marks({"type": "x", "seat": True}) == {"kind": "x"}
    assert log_marks({"type": "x", "seat": [1]}) == {"kind": "x"}


def test_an_event_is_described_once_for_every_table_that_reads_it_alike() -> None:
    game = games.get("guillotine")
    drawn = Event("draw", {"seat": 1, "count": 2}, {1: {"cards": [0, 1]}})
    anyone = log_line(game, drawn.for_seat(None), None, None)
    assert log_line(game, drawn.for_seat(None), None, None) is anyone  # described once
    assert orjson.loads(anyone) == {
        "en": "Seat 2 draws 2 action cards",
        "zh-TW": "玩家2抽了2張行動牌",
        "kind": "draw",
        "seat": 1,
    }
    # the drawer reads its cards; a table whose seats have names reads them
    drawer = orjson.loads(log_line(game, drawn.for_seat(1), None, None))
    assert (drawer["en"], drawer["zh-TW"]) == (
        "Seat 2 draws After You… and Bribed Guards",
        "玩家2抽到「請先……」和「賄賂守衛」",
    )
    names = ["Ann", "Bo", "Cy", "Di"]
    named = orjson.loads(log_line(game, drawn.for_seat(None), names, tuple(names)))
    assert named["en"] == "Bo draws 2 action cards"


def test_every_log_line_carries_its_marks_and_the_result_comes_at_the_end(serve) -> None:
    with serve(bot_delay=0.0, known_deals=True) as client:
        made = new_table(client, ["greedy", "greedy", "greedy"], seed=5)
        first = watch_state(client, made["id"])
        assert first["result"] is None or first["over"]
        msg = wait_until_over(client, made["id"])
        assert msg["result"] == {"scores": msg["view"]["scores"], "winners": msg["view"]["winners"]}
        kinds = {line["kind"] for line in msg["log"]}
        assert {"turn", "collect", "game_over"} <= kinds
        for line in msg["log"]:
            assert set(line) <= {"en", "zh-TW", "kind", "seat"}
            if line["kind"] == "turn":
                assert isinstance(line["seat"], int)
                assert f"Seat {line['seat'] + 1}" in line["en"]


def test_a_seat_in_play_is_told_no_result(serve) -> None:
    with serve(bot_delay=5.0, known_deals=True) as client:
        made = new_table(client, ["human", "greedy"], seed=4)
        msg = seat_state(client, made, 0)
        assert msg["result"] is None and not msg["over"]
        assert all("kind" in line for line in msg["log"])
