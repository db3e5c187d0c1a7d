"""Change messages: the JSON Patch between two messages to one seat, checked against
the independent ``jsonpatch`` library (RFC 6902), and a client's following of them."""

from __future__ import annotations

import copy
import tracemalloc
from typing import Any

import jsonpatch
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from noblesse.server.changes import (
    MAX_OPS,
    WHOLE_PART,
    OutOfStep,
    change_json,
    diff,
    encode,
    encode_parts,
    encode_seat,
    follow,
    kept_json,
    shared_view,
)

KEYS = st.sampled_from(["a", "b", "c/d", "e~f", "0", "hand", "line"])
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=False)
    | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(JSON, JSON)
def test_the_patch_turns_the_old_message_into_the_new_one(before, after) -> None:
    ops: list = []
    diff(before, after, "", ops)
    assert jsonpatch.apply_patch(copy.deepcopy(before), ops) == after
    assert (
        follow(
            {"type": "state", "n": 1, "log_from": 0, "log": [], "x": before},
            {
                "type": "change",
                "base": 1,
                "n": 2,
                "seat": None,
                "over": False,
                "to_act": [],
                "legal": [],
                "log_from": 0,
                "log": [],
                "patch": [{**op, "path": "/x" + op["path"]} for op in ops],
            },
        )["x"]
        == after
    )
    same: list = []
    diff(before, copy.deepcopy(before), "", same)
    assert same == []  # an unchanged message: an empty patch


def test_only_what_changed_is_in_the_patch() -> None:
    before = {
        "view": {
            "line": ["a", "b", "c"],
            "players": [{"score": 1}, {"score": 2}],
            "hand": ["x"],
            "battle": None,
        }
    }
    after = {
        "view": {
            "line": ["b", "c"],
            "players": [{"score": 1}, {"score": 5}],
            "hand": ["x"],
            "offer": {"to": 1},
        }
    }
    ops: list = []
    diff(before, after, "", ops)
    assert ops == [
        {"op": "replace", "path": "/view/line", "value": ["b", "c"]},  # another length: whole
        {"op": "replace", "path": "/view/players/1/score", "value": 5},
        {"op": "add", "path": "/view/offer", "value": {"to": 1}},
        {"op": "remove", "path": "/view/battle"},
    ]


def test_a_number_that_turns_into_a_flag_is_replaced() -> None:
    ops: list = []
    diff({"x": 1, "y": 1.0}, {"x": True, "y": 1}, "", ops)
    assert ops == [
        {"op": "replace", "path": "/x", "value": True},
        {"op": "replace", "path": "/y", "value": 1},
    ]


def message(n: int, **view) -> dict:
    return {
        "type": "state",
        "table": "t",
        "n": n,
        "seat": 0,
        "over": False,
        "to_act": [0],
        "legal": [{"action": "pass", "label": {"en": "Pass"}}],
        "view": view,
        "deal": {"commitment": "c" * 64},
    }


def change_message(
    before: dict, after: dict, log_from: int, log: list, memo: dict | None = None
) -> dict | None:
    made = change_json(encode(before), encode(after), log_from, orjson.dumps(log), memo)
    return None if made is None else orjson.loads(made)


def test_a_message_is_encoded_part_by_part_and_read_back_whole() -> None:
    msg = {**message(3, line=[1, 2], day=1, marks={2: True}), "log_from": 0, "log": []}
    msg["view"][True] = 2  # a flag as a key: "true"
    encoded = encode(msg)
    assert encoded.view == {"line": b"[1,2]", "day": b"1", "marks": b'{"2":true}', True: b"2"}
    # the number 1 as a key is "1", though True == 1 in Python and "true" was written before
    assert orjson.loads(encode({"n": 1, "view": {1: 0}}).state_json(0, b"[]"))["view"] == {"1": 0}
    assert "view" not in encoded.top and "log" not in encoded.top
    assert orjson.loads(encoded.state_json(5, b'[{"en":"x"}]')) == {
        **msg,
        "view": {"line": [1, 2], "day": 1, "marks": {"2": True}, "true": 2},
        "log_from": 5,
        "log": [{"en": "x"}],
    }


def board(coins: dict[int, int]) -> list[dict]:
    """A part longer than ``WHOLE_PART`` bytes of JSON: 30 seats' coins."""
    return [{"seat": i, "coins": coins.get(i, 0)} for i in range(30)]


def test_a_change_carries_the_small_fields_whole_and_the_rest_as_a_patch() -> None:
    before = message(3, line=[1, 2], day=1, board=board({}))
    after = message(4, line=[2, 1], day=1, board=board({1: 5}))
    assert len(orjson.dumps(before["view"]["line"])) <= WHOLE_PART
    assert len(orjson.dumps(before["view"]["board"])) > WHOLE_PART
    after["legal"] = []
    change = change_message(before, after, 7, [{"en": "Seat 1 plays."}])
    assert change == {
        "type": "change",
        "base": 3,
        "n": 4,
        "seat": 0,
        "over": False,
        "to_act": [0],
        "legal": [],
        "patch": [
            {"op": "replace", "path": "/view/line", "value": [2, 1]},  # small: whole
            {"op": "replace", "path": "/view/board/1/coins", "value": 5},
        ],
        "log_from": 7,
        "log": [{"en": "Seat 1 plays."}],
    }
    held = {**before, "log_from": 5, "log": [{"en": "a"}, {"en": "b"}]}
    assert follow(held, change) == {**after, "log_from": 7, "log": [{"en": "Seat 1 plays."}]}
    assert held["view"]["line"] == [1, 2]  # what the client held is untouched


def test_parts_that_come_and_go_are_added_and_removed() -> None:
    before = {**message(3, line=[1], battle={"at": 2}), "prompt": "p"}
    after = {**message(4, line=[1], offer=[1]), "result": [1, 0]}
    change = change_message(before, after, 0, [])
    assert change["patch"] == [
        {"op": "add", "path": "/result", "value": [1, 0]},
        {"op": "remove", "path": "/prompt"},
        {"op": "add", "path": "/view/offer", "value": [1]},
        {"op": "remove", "path": "/view/battle"},
    ]
    assert follow({**before, "log_from": 0, "log": []}, change) == {
        **after,
        "log_from": 0,
        "log": [],
    }


def test_a_change_larger_than_the_message_is_not_made() -> None:
    before = message(1, cells=list(range(MAX_OPS + 1)))
    after = message(2, cells=[c + 1 for c in range(MAX_OPS + 1)])
    assert change_message(before, after, 0, []) is None


def test_a_change_from_another_message_is_out_of_step() -> None:
    change = change_message(message(3), message(4), 2, [])
    with pytest.raises(OutOfStep):
        follow(None, change)
    with pytest.raises(OutOfStep):
        follow({**message(2), "log_from": 0, "log": [1, 2]}, change)
    with pytest.raises(OutOfStep):  # it held 3 lines, the change continues from 2
        follow({**message(3), "log_from": 0, "log": [1, 2, 3]}, change)


def test_parts_every_seat_sees_alike_are_compared_once() -> None:
    def seat_message(n: int, seat: int, coins: dict[int, int], hand: list) -> dict:
        return {**message(n, board=board(coins), hand=hand, flags=[1, 0]), "seat": seat}

    first = [seat_message(1, s, {}, [f"card{s}"]) for s in range(3)]
    second = [seat_message(2, s, {0: 2, 3: 1}, [f"card{s}"]) for s in range(3)]
    second[2]["view"]["flags"] = [True, 0]  # the same in Python (True == 1), not in JSON
    memo: dict = {}
    changes = [change_message(b, a, 0, [], memo) for b, a in zip(first, second, strict=True)]
    coins = [
        {"op": "replace", "path": "/view/board/0/coins", "value": 2},
        {"op": "replace", "path": "/view/board/3/coins", "value": 1},
    ]
    assert [c["patch"] for c in changes] == [coins] * 2 + [
        [*coins, {"op": "replace", "path": "/view/flags", "value": [True, 0]}]
    ]
    # the board's patch was made once, for all three; the hands did not change, and the
    # flags, small, were replaced whole without a look inside
    assert sorted(path for path, _old, _new in memo) == ["/view/board"]
    for before, after, change in zip(first, second, changes, strict=True):
        held = {**before, "log_from": 0, "log": []}
        assert follow(held, change) == {**after, "log_from": 0, "log": []}


def test_values_every_seat_is_told_alike_are_compared_once_for_all_seats() -> None:
    def shared(n: int, to_act: list[int], prompt: str, coins: dict[int, int]) -> dict:
        told = {"type": "state", "n": n, "to_act": to_act, "over": False, "prompt": prompt}
        return encode_parts({**told, "seats": board(coins)})

    before_shared, after_shared = shared(3, [0], "Play", {}), shared(4, [1], "Wait", {2: 1})
    memo: dict = {}
    patches = []
    for seat in range(3):
        before = encode_seat(
            before_shared, {"seat": seat, "legal": [], "undo": False}, {"hand": [seat]}
        )
        after = encode_seat(
            after_shared, {"seat": seat, "legal": [], "undo": seat == 1}, {"hand": [seat, 9]}
        )
        made = change_json(before, after, 0, b"[]", memo)
        assert made is not None
        change = orjson.loads(made)
        assert (change["base"], change["n"], change["seat"], change["to_act"]) == (3, 4, seat, [1])
        held = orjson.loads(before.state_json(0, b"[]"))
        assert follow(held, change) == orjson.loads(after.state_json(0, b"[]"))
        patches.append(change["patch"])
    told_alike = [
        {"op": "replace", "path": "/prompt", "value": "Wait"},
        {"op": "replace", "path": "/seats/2/coins", "value": 1},
    ]
    assert patches == [
        [*told_alike, {"op": "replace", "path": "/view/hand", "value": [0, 9]}],
        [
            *told_alike,
            {"op": "replace", "path": "/undo", "value": True},
            {"op": "replace", "path": "/view/hand", "value": [1, 9]},
        ],
        [*told_alike, {"op": "replace", "path": "/view/hand", "value": [2, 9]}],
    ]
    # the values told alike were compared once, for the three seats
    assert [key for key in memo if isinstance(key[0], int)] == [
        (id(before_shared), id(after_shared))
    ]


def _traced_bytes(make: Any) -> tuple[Any, int]:
    """What ``make()`` returns, and the bytes it left allocated (``tracemalloc``)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        made = make()
        return made, tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_a_kept_message_holds_its_json_at_its_own_size() -> None:
    # orjson returns its JSON in a buffer of at least 4 KiB: 300 seats' messages of
    # seven short parts kept that way would hold over 8 MB
    seats, held = _traced_bytes(
        lambda: [
            encode_seat(
                {},
                {"n": n, "seat": n % 4, "over": False, "to_act": [n % 4]},
                {"hand": [n, 1, 2], "score": n, "line": ["a", "b"]},
            )
            for n in range(300)
        ]
    )
    assert seats[7].top["to_act"] == b"[3]" and seats[7].view == {
        "hand": b"[7,1,2]",
        "score": b"7",
        "line": b'["a","b"]',
    }
    assert held < 300 * 2_000  # about 1.2 KB a seat: dicts, the Encoded, 7 small bytes
    assert kept_json({"seat": 2}) == b'{"seat":2}'


WHOLE_FIELDS = {"type": "state", "n": 1, "seat": 0, "over": False, "to_act": [0], "legal": []}


def test_view_parts_in_every_seats_view_are_compared_once_for_all_seats() -> None:
    def views(coins: dict[int, int], day: int) -> list[dict]:
        alike = board(coins)  # one object in every seat's view, as ``Game.views`` makes it
        return [{"day": day, "board": alike, "hand": [f"card{s}"], "seat": s} for s in range(3)]

    def encoded(n: int, views: list[dict]) -> list:
        known: dict = {}
        alike = shared_view(views, known)
        return [
            encode_seat({}, {**WHOLE_FIELDS, "n": n, "seat": s}, view, known, alike)
            for s, view in enumerate(views)
        ]

    before, after = encoded(5, views({}, 1)), encoded(6, views({2: 3}, 2))
    # "day" is the same small number in every view: shared too; "seat" and "hand" are not
    assert list(after[0].view_shared) == ["day", "board"]
    assert after[1].view == {"hand": b'["card1"]', "seat": b"1"}
    memo: dict = {}
    changes = [
        orjson.loads(change_json(b, a, 0, b"[]", memo)) for b, a in zip(before, after, strict=True)
    ]
    assert [c["patch"] for c in changes] == [
        [
            {"op": "replace", "path": "/view/day", "value": 2},
            {"op": "replace", "path": "/view/board/2/coins", "value": 3},
        ]
    ] * 3
    # compared once for the three seats: one entry for the view's parts told alike, one
    # for the board's inside
    assert [key for key in memo if key[-1] == "/view"] == [
        (id(before[0].view_shared), id(after[0].view_shared), "/view")
    ]
    assert [key[0] for key in memo if isinstance(key[0], str)] == ["/view/board"]
    for b, a, change in zip(before, after, changes, strict=True):
        held = orjson.loads(b.state_json(0, b"[]"))
        assert follow(held, change) == orjson.loads(a.state_json(0, b"[]"))


def test_a_change_between_messages_that_share_other_parts_compares_them_all() -> None:
    # seat 0 was alone at the table (its whole view shared with nobody else: all "alike"),
    # then two more seats came: its hand is its own now, and changed too
    known: dict = {}
    alone = [{"day": 1, "hand": ["a"], "seat": 0}]
    before = encode_seat({}, {**WHOLE_FIELDS, "n": 1}, alone[0], known, shared_view(alone, known))
    three = [{"day": 2, "hand": [c], "seat": s} for s, c in enumerate(["b", "c", "d"])]
    known = {}
    alike = shared_view(three, known)
    after = encode_seat({}, {**WHOLE_FIELDS, "n": 2}, three[0], known, alike)
    assert list(before.view_shared) == ["day", "hand", "seat"] and list(alike) == ["day"]
    change = orjson.loads(change_json(before, after, 0, b"[]"))
    assert change["patch"] == [
        {"op": "replace", "path": "/view/day", "value": 2},
        {"op": "replace", "path": "/view/hand", "value": ["b"]},
    ]
    held = orjson.loads(before.state_json(0, b"[]"))
    assert follow(held, change)["view"] == {"day": 2, "hand": ["b"], "seat": 0}


def test_short_values_are_written_once_and_kept_apart_by_type() -> None:
    assert kept_json(True) is kept_json(True) and kept_json(True) == b"true"
    assert kept_json(1) == b"1" and kept_json(None) == b"null" and kept_json("é") == '"é"'.encode()
    assert kept_json(1.0) == b"1.0"  # not the JSON of 1, though 1 == 1.0 in Python
