"""Bots fill seats on the server: they play in turn after a short delay, play a whole
table by themselves, take over a seat the host hands them, and survive a restart."""

from __future__ import annotations

import random
import time

from server_support import (
    LiveTable,
    Oracle,
    check_message,
    new_table,
    recv,
    send,
    snapshot,
    wait_until_over,
    watch_state,
    ws_url,
)

from noblesse.core.record import result_of
from noblesse.games.guillotine import GAME
from noblesse.server.store import Store


def _actions(client, table_id: str) -> list[tuple[int, str]]:
    return client.app.state.manager.store.load(table_id).actions


def _until_my_turn(ws, seat: int, after: int = -1) -> list[dict]:
    """Messages up to the first one (after action ``after``) where ``seat`` must act."""
    out = []
    while True:
        msg = recv(ws)
        assert msg["type"] == "state", msg
        out.append(msg)
        if msg["n"] > after and (msg["over"] or msg["to_act"] == [seat]):
            return out


def test_bots_play_until_the_human_must_act_again(serve) -> None:
    rng = random.Random(1)
    with serve() as client:
        made = new_table(client, ["human", "greedy", "random"], seed=31)
        oracle_seen = []
        with client.websocket_connect(ws_url(made, 0)) as ws:
            msgs = _until_my_turn(ws, 0)
            oracle_seen += msgs
            for _ in range(6):
                msg = msgs[-1]
                if msg["over"]:
                    break
                n = msg["n"]
                send(ws, {"type": "act", "action": rng.choice(msg["legal"])["action"]})
                msgs = _until_my_turn(ws, 0, after=n)
                oracle_seen += msgs
                played = _actions(client, made["id"])[n : msgs[-1]["n"]]
                assert played[0][0] == 0
                # after the human's decision(s), only bots acted, and only on their turns
                first_bot = next((i for i, (s, _) in enumerate(played) if s != 0), len(played))
                assert all(s == 0 for s, _ in played[:first_bot])
                assert all(s in (1, 2) for s, _ in played[first_bot:])
                assert msgs[-1]["over"] or msgs[-1]["to_act"] == [0]
                # each change was told to the human, one message per action
                assert [m["n"] for m in msgs] == list(range(n + 1, msgs[-1]["n"] + 1))
        oracle = Oracle(3, 31, {}, _actions(client, made["id"]))
        check_rng = random.Random(0)
        for msg in oracle_seen:
            check_message(oracle, msg, 0, check_rng, samples=1)


def test_a_table_of_bots_plays_to_the_end_by_itself(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["greedy", "random", "greedy", "random"], seed=12)
        final = wait_until_over(client, made["id"])
        actions = _actions(client, made["id"])
        assert final["n"] == len(actions) > 0
        oracle = Oracle(4, 12, {}, actions)
        assert final["view"] == GAME.view(oracle.state, None)
        stored = client.app.state.manager.store.load(made["id"])
        assert stored.status == "finished"
        assert stored.result == result_of(GAME, oracle.state)


def test_bots_wait_before_each_decision(serve) -> None:
    with serve(bot_delay=0.05, known_deals=True) as client:
        made = new_table(client, ["greedy", "greedy"], seed=3)
        start = time.monotonic()
        with client.websocket_connect(f"/ws/tables/{made['id']}/watch") as ws:
            seen = [recv(ws)]
            while seen[-1]["n"] < 5:
                seen.append(recv(ws))
        elapsed = time.monotonic() - start
        assert elapsed >= 5 * 0.05 * 0.9
    with serve(bot_delay=30.0, known_deals=True) as client:
        made = new_table(client, ["greedy", "greedy"], seed=3)
        assert watch_state(client, made["id"])["n"] == 0  # not before its delay


def test_bots_go_on_after_a_restart_exactly_as_without_one(serve, sqlite_url: str) -> None:
    with serve(bot_delay=0.01, known_deals=True) as client:
        made = new_table(client, ["greedy", "random", "greedy"], seed=77)
        deadline = time.monotonic() + 10
        while watch_state(client, made["id"])["n"] < 4:
            assert time.monotonic() < deadline
            time.sleep(0.005)
    # a bot stopped by the shutdown in the middle of its commit finishes it in its thread
    reader = Store(sqlite_url)
    counts = [-1, len(reader.load(made["id"]).actions)]
    while counts[-1] != counts[-2]:
        time.sleep(0.05)
        counts.append(len(reader.load(made["id"]).actions))
    reader.close()
    with serve(known_deals=True) as client:
        cut = len(_actions(client, made["id"]))
        assert cut >= 4
        wait_until_over(client, made["id"])
        restarted = _actions(client, made["id"])
        again = new_table(client, ["greedy", "random", "greedy"], seed=77)
        wait_until_over(client, again["id"])
        assert _actions(client, again["id"]) == restarted


def wait_for(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_the_host_hands_a_seat_to_a_bot(serve) -> None:
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human"], seed=41)
        tid = made["id"]
        t1 = made["seats"][1]["token"]
        with LiveTable(client, made) as live:
            before = snapshot(client, made)
            for host in (None, "wrong", t1, made["seats"][0]["token"]):
                url = f"/api/tables/{tid}/seats/1/bot" + (f"?host={host}" if host else "")
                r = client.post(url, json={"kind": "greedy"})
                assert r.status_code == 403, host
                assert set(r.json()["message"]) == {"en", "zh-TW"}
            r = client.post(
                f"/api/tables/{tid}/seats/1/bot?host={made['host_token']}", json={"kind": "wizard"}
            )
            assert r.status_code == 400
            r = client.post(
                f"/api/tables/{tid}/seats/5/bot?host={made['host_token']}", json={"kind": "greedy"}
            )
            assert r.status_code == 404
            assert snapshot(client, made) == before
            assert client.get("/api/tables").json()["open"][0]["seats"][1]["kind"] == "human"
            for ws in live.sockets.values():
                send(ws, {"type": "sync"})
                assert recv(ws)["type"] == "state"

            # a player still at the table keeps the seat
            r = client.post(
                f"/api/tables/{tid}/seats/1/bot?host={made['host_token']}", json={"kind": "greedy"}
            )
            assert r.status_code == 409 and set(r.json()["message"]) == {"en", "zh-TW"}
            assert snapshot(client, made) == before
            # once the player has left, the host hands the seat to a bot
            live.sockets.pop(1).close()
            wait_for(lambda: not watch_state(client, tid)["seats"][1]["connected"])
            r = client.post(
                f"/api/tables/{tid}/seats/1/bot?host={made['host_token']}", json={"kind": "greedy"}
            )
            assert r.status_code == 200 and r.json() == {"seat": 1, "kind": "greedy"}
            # the old link no longer opens the seat
            assert client.get(f"/api/tables/{tid}/seats/1?token={t1}").status_code == 403
            # seat 0 plays on; the bot answers for seat 1
            rng = random.Random(0)
            ws = live.sockets[0]
            msg = recv(ws)
            acted_at = -1  # act once per state: earlier broadcasts may still be queued
            while not msg["over"] and not any(s == 1 for s, _ in _actions(client, tid)):
                if msg["to_act"] == [0] and msg["n"] > acted_at:
                    acted_at = msg["n"]
                    send(ws, {"type": "act", "action": rng.choice(msg["legal"])["action"]})
                msg = recv(ws)
                assert msg["type"] == "state", msg
            assert any(s == 1 for s, _ in _actions(client, tid))
            assert watch_state(client, tid)["seats"][1]["kind"] == "greedy"
