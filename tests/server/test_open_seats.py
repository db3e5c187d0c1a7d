"""Open seats: a table created with seats marked ``open`` lists them in the lobby, and
whoever asks first takes one (``POST /api/tables/{id}/seats/{seat}/join``): the token is
told to that caller alone, once; the seat is then no longer open, and of many callers at
once exactly one gets it, through one store or through two that share the database."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from server_support import LiveTable, new_table, recv, watch_state

from noblesse.server.store import Store, token_hash


def test_an_open_seat_is_listed_and_taken_once(serve) -> None:
    with serve(bot_delay=0.0) as client:
        made = new_table(client, ["human", "open"])
        assert made["seats"][1] == {
            "seat": 1,
            "kind": "human",
            "token": None,
            "open": True,
            "link": None,
        }
        assert made["seats"][0]["open"] is False and made["seats"][0]["token"]
        tid = made["id"]
        listed = next(r for r in client.get("/api/tables").json()["open"] if r["id"] == tid)
        assert [s["open"] for s in listed["seats"]] == [False, True]
        assert [s["open"] for s in watch_state(client, tid)["seats"]] == [False, True]
        # a seat that is not open cannot be joined, nor one that does not exist
        r = client.post(f"/api/tables/{tid}/seats/0/join")
        assert r.status_code == 409 and set(r.json()["message"]) == {"en", "zh-TW"}
        assert client.post(f"/api/tables/{tid}/seats/7/join").status_code == 404
        assert client.post("/api/tables/nosuchtable/seats/1/join").status_code == 404

        with LiveTable(client, made, watch=True) as live:
            r = client.post(f"/api/tables/{tid}/seats/1/join")
            assert r.status_code == 200, r.text
            joined = r.json()
            token = joined["token"]
            assert joined == {
                "seat": 1,
                "token": token,
                "link": f"/table/{tid}?seat=1&token={token}",
            }
            # the spectator hears that the seat is taken, and never the token
            msg = recv(live.sockets[None])
            while msg["seats"][1]["open"]:
                msg = recv(live.sockets[None])
            assert token not in str(msg)
        # the token opens the seat; the seat is no longer open, and a second join is refused
        assert client.get(f"/api/tables/{tid}/seats/1?token={token}").status_code == 200
        assert client.post(f"/api/tables/{tid}/seats/1/join").status_code == 409
        listed = next(r for r in client.get("/api/tables").json()["open"] if r["id"] == tid)
        assert [s["open"] for s in listed["seats"]] == [False, False]
        stored = client.app.state.manager.store.load(tid).seats[1]
        assert stored["token_hash"] == token_hash(token) and "open" not in stored


def test_of_many_joins_at_once_one_gets_the_seat(serve) -> None:
    with serve(bot_delay=0.0) as client:
        made = new_table(client, ["human", "open", "open"])
        tid = made["id"]
        start = threading.Barrier(8)

        def join(_i: int) -> int:
            start.wait()
            return client.post(f"/api/tables/{tid}/seats/2/join").status_code

        with ThreadPoolExecutor(8) as pool:
            codes = sorted(pool.map(join, range(8)))
        assert codes == [200] + [409] * 7
        assert [s["open"] for s in watch_state(client, tid)["seats"]] == [False, True, False]


def test_two_stores_on_one_database_give_a_seat_once(sqlite_url: str) -> None:
    """Two server processes share the store: the claim is written only against the
    revision it read, so one of two claims at once wins."""
    stores = [Store(sqlite_url), Store(sqlite_url)]
    try:
        seats = [
            {"kind": "human", "name": "", "token_hash": "h0"},
            {"kind": "human", "name": "", "token_hash": None, "open": True},
        ]
        stores[0].create_table("t1", "guillotine", "1", 5, {}, seats, "host")
        start = threading.Barrier(6)

        def claim(i: int) -> bool:
            start.wait()
            return stores[i % 2].claim_seat("t1", 1, f"claimer{i}") is not None

        with ThreadPoolExecutor(6) as pool:
            won = list(pool.map(claim, range(6)))
        assert won.count(True) == 1
        row = stores[1].load("t1")
        assert row is not None and row.seats[1]["token_hash"] == f"claimer{won.index(True)}"
        assert "open" not in row.seats[1] and row.revision == 1
    finally:
        for store in stores:
            store.close()


def test_the_host_hands_an_open_seat_to_a_bot(serve) -> None:
    with serve(bot_delay=0.0) as client:
        made = new_table(client, ["human", "open"])
        tid = made["id"]
        r = client.post(
            f"/api/tables/{tid}/seats/1/bot?host={made['host_token']}", json={"kind": "greedy"}
        )
        assert r.status_code == 200, r.text
        seat = watch_state(client, tid)["seats"][1]
        assert (seat["kind"], seat["open"]) == ("greedy", False)
        assert client.post(f"/api/tables/{tid}/seats/1/join").status_code == 409
