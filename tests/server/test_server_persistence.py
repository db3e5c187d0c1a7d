"""Persistence and recovery: each accepted action is stored before anyone hears of it; a
restarted server brings every table back exactly; finished games replay step by step."""

from __future__ import annotations

import random

from server_support import (
    LiveTable,
    Oracle,
    assert_error,
    assert_quiet,
    new_table,
    recv,
    send,
    snapshot,
    ws_url,
)

from noblesse.core.record import result_of
from noblesse.games.guillotine import GAME
from noblesse.server.store import Store


def test_a_restarted_server_brings_every_table_back(db_url: str, serve) -> None:
    rng = random.Random(5)
    with serve(db_url, known_deals=True) as client:
        made = new_table(client, ["human", "human", "human"], seed=5, names=["Ann", "Bo", ""])
        other = new_table(client, ["human", "greedy"], seed=6)
        with LiveTable(client, made) as live:
            played = live.play_random(rng, steps=15)
        assert len(played) == 15
        before = snapshot(client, made)
        before_other = snapshot(client, other)
        reader = Store(db_url)
        assert reader.load(made["id"]).actions == played
        reader.close()
    with serve(db_url, known_deals=True) as client:  # a new server process on the same database
        assert snapshot(client, made) == before
        assert snapshot(client, other) == before_other
        # a reconnecting browser gets its current view, with the whole log
        for seat in range(3):
            with client.websocket_connect(ws_url(made, seat)) as ws:
                msg = recv(ws)
                old = before[seat]
                assert msg["n"] == old["n"] == 15 and msg["view"] == old["view"]
                assert msg["legal"] == old["legal"] and msg["log"] == old["log"]
        # and the game goes on to its end
        with LiveTable(client, made) as live:
            played += live.play_random(rng)
        final = snapshot(client, made)
    oracle = Oracle(3, 5, {}, played)
    assert GAME.is_over(oracle.state)
    with serve(db_url, known_deals=True) as client:
        assert snapshot(client, made) == final
        assert final[-1]["view"] == GAME.view(oracle.state, None)
        stored = client.app.state.manager.store.load(made["id"])
        assert stored.actions == played
        assert stored.status == "finished"
        assert stored.result == result_of(GAME, oracle.state)
        listing = client.get("/api/tables").json()
        assert [t["id"] for t in listing["finished"]] == [made["id"]]
        assert [t["id"] for t in listing["open"]] == [other["id"]]


def test_each_action_is_stored_before_anyone_is_told(serve, sqlite_url: str) -> None:
    reader = Store(sqlite_url)
    try:
        with serve(known_deals=True) as client:
            made = new_table(client, ["human", "human", "human"], seed=13)
            with LiveTable(client, made, watch=True) as live:
                rng = random.Random(13)
                while (seat := live.to_act()) is not None:
                    action = rng.choice(live.last[seat]["legal"])["action"]
                    send(live.sockets[seat], {"type": "act", "action": action})
                    msg = recv(live.sockets[seat])  # the first word anyone gets of it
                    assert msg["type"] == "state"
                    rows = reader.load(made["id"])
                    assert len(rows.actions) == msg["n"] and rows.actions[-1] == (seat, action)
                    if msg["over"]:
                        assert rows.status == "finished" and rows.result is not None
                    live.last[seat] = msg
                    for other, ws in live.sockets.items():
                        if other != seat:
                            live.last[other] = recv(ws)
    finally:
        reader.close()


def test_an_action_the_store_refuses_changes_nothing(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human"], seed=17)
        store = client.app.state.manager.store
        with LiveTable(client, made, watch=True) as live:
            live.play_random(random.Random(1), steps=3)
            seat = live.to_act()
            action = live.last[seat]["legal"][-1]["action"]
            before = snapshot(client, made)
            real = store.append_actions

            def broken(*args, **kwargs):
                raise OSError("disk full")

            store.append_actions = broken
            try:
                send(live.sockets[seat], {"type": "act", "action": action})
                assert_error(recv(live.sockets[seat]), "unavailable")
            finally:
                store.append_actions = real
            assert snapshot(client, made) == before
            assert len(store.load(made["id"]).actions) == 3
            for ws in live.sockets.values():
                assert_quiet(ws)
            msg = live.act(seat, action)  # the same action, now stored
            assert msg["type"] == "state" and msg["n"] == 4


def test_a_finished_game_replays_step_by_step(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(
            client, ["human", "human", "human"], seed=23, options={"hidden_support": True}
        )
        with LiveTable(client, made) as live:
            r = client.get(f"/api/tables/{made['id']}/replay?step=0")
            assert r.status_code == 409 and set(r.json()["message"]) == {"en", "zh-TW"}
            played = live.play_random(random.Random(23))
        oracle = Oracle(3, 23, {"hidden_support": True}, played)
        total = len(played)
        for step in sorted({0, 1, 2, total // 2, total - 1, total, total + 10}):
            r = client.get(f"/api/tables/{made['id']}/replay?step={step}")
            assert r.status_code == 200, r.text
            msg = r.json()
            k = min(step, total)
            assert (msg["replay"], msg["steps"], msg["step"], msg["n"]) == (True, total, k, k)
            assert msg["seat"] is None and msg["legal"] == [] and msg["log_from"] == 0
            assert msg["view"] == GAME.view(oracle.states[k], None)
            assert len(msg["log"]) == oracle.counts[k]
            # what was hidden then stays hidden in the replay until the end
            hidden = [p["hidden_support"] for p in msg["view"]["players"]]
            if k < total:
                assert hidden == [None] * 3
            else:
                assert all(hidden)
        assert client.get(f"/api/tables/{made['id']}/replay?step=-1").status_code == 422
        assert client.get("/api/tables/nope/replay?step=1").status_code == 404


def test_tables_come_back_after_many_restarts(serve) -> None:
    """Stop the server after every single action: nothing is lost or changed."""
    seats = ["human", "human"]
    rng = random.Random(3)
    made = None
    history: list[list[dict]] = []
    for _ in range(12):
        with serve(known_deals=True) as client:
            if made is None:
                made = new_table(client, seats, seed=29)
            if history:
                assert snapshot(client, made) == history[-1]
            with LiveTable(client, made) as live:
                seat = live.to_act()
                if seat is None:
                    break
                live.act(seat, rng.choice(live.last[seat]["legal"])["action"])
            history.append(snapshot(client, made))
    assert len(history) >= 10
