"""Seat tokens, spectators, and refused socket messages: each refusal is clear and changes
nothing, on that socket or anywhere else."""

from __future__ import annotations

import random
import time

import pytest
from server_support import (
    LiveTable,
    assert_error,
    assert_quiet,
    new_table,
    recv,
    send,
    snapshot,
    watch_state,
    ws_url,
)
from starlette.websockets import WebSocketDisconnect


def _store_actions(client, table_id: str) -> list[tuple[int, str]]:
    return client.app.state.manager.store.load(table_id).actions


def test_a_seat_view_needs_that_seats_token(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human", "greedy"], seed=11)
        # the bot (seat 2 starts) thinks in another process: let it move first
        deadline = time.monotonic() + 10
        while watch_state(client, made["id"])["to_act"] == [2]:
            assert time.monotonic() < deadline, "the bot did not move"
            time.sleep(0.01)
        before = snapshot(client, made)
        tid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        for url in (
            f"/api/tables/{tid}/seats/0",
            f"/api/tables/{tid}/seats/0?token=",
            f"/api/tables/{tid}/seats/0?token=wrong",
            f"/api/tables/{tid}/seats/0?token={t1}",
            f"/api/tables/{tid}/seats/1?token={t0}",
            f"/api/tables/{tid}/seats/2?token={t0}",
            f"/api/tables/{tid}/seats/0?token={t0[:-1]}",
            f"/api/tables/{tid}/seats/0?token={made['host_token']}",
        ):
            r = client.get(url)
            assert r.status_code == 403, url
            body = r.json()
            assert body["type"] == "error" and set(body["message"]) == {"en", "zh-TW"}
            assert "view" not in body and "hand" not in r.text
        assert client.get(f"/api/tables/{tid}/seats/7?token={t0}").status_code == 404
        assert client.get(f"/api/tables/nope/seats/0?token={t0}").status_code == 404
        assert snapshot(client, made) == before


@pytest.mark.parametrize(
    "query", ["", "?token=", "?token=wrong", "other", "host", "bot-seat", "no-seat", "no-table"]
)
def test_a_seat_socket_with_a_wrong_token_is_refused(serve, query: str) -> None:
    with serve(bot_delay=5.0, known_deals=True) as client:
        made = new_table(client, ["human", "human", "greedy"], seed=11)
        tid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        url = {
            "other": f"/ws/tables/{tid}/seats/0?token={t1}",
            "host": f"/ws/tables/{tid}/seats/0?token={made['host_token']}",
            "bot-seat": f"/ws/tables/{tid}/seats/2?token={t0}",
            "no-seat": f"/ws/tables/{tid}/seats/3?token={t0}",
            "no-table": f"/ws/tables/nope/seats/0?token={t0}",
        }.get(query, f"/ws/tables/{tid}/seats/0{query}")
        before = snapshot(client, made)
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(url) as ws:
                recv(ws, timeout=2)
        assert refused.value.code == 1008
        assert snapshot(client, made) == before
        assert not any(s["connected"] for s in watch_state(client, tid)["seats"])


def test_a_spectator_sees_only_public_information_and_cannot_act(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human", "human"], seed=5)
        with LiveTable(client, made, watch=True) as live:
            watcher = live.sockets[None]
            msg = live.last[None]
            assert msg["seat"] is None and msg["view"]["hand"] is None
            assert msg["view"]["known_hands"] == {} and msg["legal"] == []
            assert msg["undo"] is False
            assert all(p["hidden_support"] is None for p in msg["view"]["players"])
            seat = live.to_act()
            action = live.last[seat]["legal"][-1]["action"]
            before = snapshot(client, made)
            for request in ({"type": "act", "action": action}, {"type": "undo"}):
                send(watcher, request)
                assert_error(recv(watcher), "forbidden")
            assert snapshot(client, made) == before
            for ws in live.sockets.values():
                assert_quiet(ws)
            # the spectator follows the game as it goes on, always without hands
            live.act(seat, action)
            msg = live.last[None]
            assert msg["n"] == 1 and msg["view"]["hand"] is None and msg["seat"] is None
            assert watch_state(client, made["id"])["view"] == msg["view"]
        with pytest.raises(WebSocketDisconnect):
            with client.websocket_connect("/ws/tables/nope/watch") as ws:
                recv(ws, timeout=2)


BAD_MESSAGES = [
    pytest.param("out-of-turn", "refused", id="out-of-turn"),
    pytest.param({"type": "act", "action": "by:3"}, "refused", id="illegal-action"),
    pytest.param(
        {"type": "act", "action": "play:no_such_card"}, "bad_request", id="unknown-action"
    ),
    pytest.param({"type": "act", "action": ""}, "bad_request", id="empty-action"),
    pytest.param({"type": "act"}, "bad_request", id="no-action"),
    pytest.param({"type": "act", "action": 0}, "bad_request", id="action-not-a-string"),
    pytest.param({"type": "act", "action": ["pass"]}, "bad_request", id="action-a-list"),
    pytest.param("this is not json", "bad_request", id="not-json"),
    pytest.param("[1, 2]", "bad_request", id="json-not-an-object"),
    pytest.param({"action": "pass"}, "bad_request", id="no-type"),
    pytest.param({"type": 3}, "bad_request", id="type-not-a-string"),
    pytest.param({"type": "cheat"}, "bad_request", id="unknown-type"),
    pytest.param({"type": "undo"}, "refused", id="nothing-to-undo"),
    pytest.param(b'{"type": "act", "action": "pass"}', "bad_request", id="binary-frame"),
]


@pytest.mark.parametrize(("request_", "code"), BAD_MESSAGES)
def test_a_refused_socket_message_gets_an_error_and_changes_nothing(
    serve, request_, code: str
) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human", "human"], seed=21)
        with LiveTable(client, made, watch=True) as live:
            # one decision first, so that the table is not at its very start
            seat = live.to_act()
            live.act(seat, live.last[seat]["legal"][0]["action"])
            seat = live.to_act()
            ws = live.sockets[seat]
            before = snapshot(client, made)
            rows = _store_actions(client, made["id"])
            if request_ == "out-of-turn":
                seat = next(s for s in range(3) if s != seat)
                ws = live.sockets[seat]
                request_ = {"type": "act", "action": live.last[live.to_act()]["legal"][0]["action"]}
            if isinstance(request_, bytes):
                ws.send_bytes(request_)
            else:
                send(ws, request_)
            assert_error(recv(ws), code)
            assert snapshot(client, made) == before
            assert _store_actions(client, made["id"]) == rows
            for other in live.sockets.values():  # no one was told anything
                assert_quiet(other)
            # and the socket still works: the seat to act can act
            seat = live.to_act()
            msg = live.act(seat, live.last[seat]["legal"][0]["action"])
            assert msg["type"] == "state" and msg["n"] == before[0]["n"] + 1


def test_an_action_after_the_game_is_over_is_refused(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human"], seed=8)
        with LiveTable(client, made) as live:
            live.play_random(random.Random(8))
            before = snapshot(client, made)
            assert before[0]["over"]
            for seat in (0, 1):
                send(live.sockets[seat], {"type": "act", "action": "pass"})
                assert_error(recv(live.sockets[seat]), "refused")
                send(live.sockets[seat], {"type": "undo"})
                assert_error(recv(live.sockets[seat]), "refused")
            assert snapshot(client, made) == before


def test_a_second_socket_for_a_seat_and_reconnecting_get_the_current_view(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human"], seed=4)
        with LiveTable(client, made) as live:
            seat = live.to_act()
            live.act(seat, live.last[seat]["legal"][0]["action"])
            current = {s: live.last[s] for s in (0, 1)}
        for s in (0, 1):
            with client.websocket_connect(ws_url(made, s)) as ws:
                msg = recv(ws)
                assert msg["view"] == current[s]["view"] and msg["n"] == current[s]["n"]
                assert msg["log_from"] == 0 and msg["legal"] == current[s]["legal"]
                assert len(msg["log"]) == current[s]["log_from"] + len(current[s]["log"])
