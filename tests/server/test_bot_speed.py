"""A table's bot speed (issue #19, "Following the table"): chosen when the table is made
("fast", "normal", "slow": a quarter, one and four times the server's ``--bot-delay``),
kept in the store and by the rematch, changed at the table by its host; a bad value is
refused in both languages with nothing made."""

from __future__ import annotations

import time

from server_support import new_table, recv, send, wait_until_over, watch_state, ws_url

DELAY = 0.2  # the server's --bot-delay in these tests: slow is 0.8 s, fast 0.05 s


def _make(client, speed: str | None, seats: list[str] | None = None, **body) -> dict:
    body = {"game": "guillotine", "seats": seats or ["human", "random"], "seed": 5, **body}
    if speed is not None:
        body["bot_speed"] = speed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def _bot_answers(ws, count: int, state: dict) -> list[float]:
    """Seat 0 plays its first legal action whenever it must act; for the bot's (seat 1's)
    next ``count`` answers, the seconds from the sending of the action that handed it the
    turn to the message that brings its own."""
    gaps: list[float] = []
    sent: float | None = None  # when seat 0 sent its last action
    handed: float | None = None  # ... if that action handed the turn to the bot
    msg = state
    while len(gaps) < count:
        assert not msg["over"], "the game ended before the bot answered enough times"
        if msg["to_act"] == [0]:
            sent = time.monotonic()
            send(ws, {"type": "act", "action": msg["legal"][0]["action"]})
        before = msg["n"]
        msg = recv(ws)
        assert msg["type"] == "state", msg
        if handed is not None and msg["n"] == before + 1:
            gaps.append(time.monotonic() - handed)
            handed = None
        if sent is not None and msg["to_act"] == [1]:
            handed, sent = sent, None
        elif msg["to_act"] == [0]:
            sent = None
    return gaps


def test_a_slow_table_s_bot_waits_longer_before_answering_than_a_fast_one_s(serve) -> None:
    with serve(bot_delay=DELAY) as client:
        gaps = {}
        for speed in ("fast", "slow"):
            made = _make(client, speed)
            assert made["bot_speed"] == speed
            with client.websocket_connect(ws_url(made, 0)) as ws:
                first = recv(ws)
                assert first["bot_speed"] == speed
                gaps[speed] = _bot_answers(ws, 3, first)
        assert min(gaps["slow"]) >= 4 * DELAY, gaps
        assert max(gaps["fast"]) < min(gaps["slow"]), gaps


def test_a_table_made_without_a_speed_has_normal_bots(serve) -> None:
    with serve(bot_delay=DELAY) as client:
        made = _make(client, None)
        assert made["bot_speed"] == "normal"
        assert watch_state(client, made["id"])["bot_speed"] == "normal"
        with client.websocket_connect(ws_url(made, 0)) as ws:
            gaps = _bot_answers(ws, 2, recv(ws))
        assert min(gaps) >= DELAY, gaps


def test_a_bad_bot_speed_is_refused_in_both_languages_and_no_table_is_made(serve) -> None:
    with serve(bot_delay=DELAY) as client:
        for bad in ("turbo", "", "SLOW ", 3, ["slow"], {"speed": "slow"}, True):
            r = client.post(
                "/api/tables",
                json={"game": "guillotine", "seats": ["human", "random"], "bot_speed": bad},
            )
            assert r.status_code == 400, (bad, r.text)
            body = r.json()
            assert body["code"] == "bad_request"
            assert "fast, normal or slow" in body["message"]["en"]
            assert body["message"]["zh-TW"].startswith("電腦玩家的速度只能是快、普通或慢，不能是「")
        assert client.get("/api/tables").json() == {"open": [], "finished": []}
        assert client.app.state.manager.store.table_ids() == []


def test_the_host_changes_the_bot_speed_at_the_table_and_the_next_bot_action_waits_so_long(
    serve,
) -> None:
    with serve(bot_delay=DELAY) as client:
        made = _make(client, "fast")
        url = f"/api/tables/{made['id']}/bot_speed"
        with client.websocket_connect(ws_url(made, 0)) as ws:
            msg = recv(ws)
            assert max(_bot_answers(ws, 1, msg)) < 4 * DELAY
            # only the host, and only a speed there is
            assert client.post(url, json={"speed": "slow"}).status_code == 403
            assert client.post(f"{url}?host=nobody", json={"speed": "slow"}).status_code == 403
            bad = client.post(f"{url}?host={made['host_token']}", json={"speed": "glacial"})
            assert bad.status_code == 400 and bad.json()["message"]["zh-TW"]
            r = client.post(f"{url}?host={made['host_token']}", json={"speed": "slow"})
            assert r.status_code == 200, r.text
            assert r.json() == {"bot_speed": "slow"}
            msg = recv(ws)  # everyone at the table is told
            while msg["bot_speed"] != "slow":
                msg = recv(ws)
            assert min(_bot_answers(ws, 2, msg)) >= 4 * DELAY
    with serve(bot_delay=DELAY) as client:  # a restart: the store keeps it
        assert watch_state(client, made["id"])["bot_speed"] == "slow"


def test_the_rematch_keeps_the_bot_speed(serve) -> None:
    with serve(bot_delay=0.0, known_deals=True) as client:
        old = _make(client, "slow", seats=["random", "random"])
        wait_until_over(client, old["id"])
        asked = client.post(f"/api/tables/{old['id']}/rematch", json={"host": old["host_token"]})
        assert asked.status_code == 200, asked.text
        assert watch_state(client, asked.json()["id"])["bot_speed"] == "slow"
        assert new_table(client, ["random", "random"], seed=1)["bot_speed"] == "normal"
