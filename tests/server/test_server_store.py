"""The store against the embedded SQLite and the real PostgreSQL (never a mock): tables,
action rows, finishing, undo's removal, and the primary key that stops two writers."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest
from sqlalchemy.exc import IntegrityError

from noblesse.server.store import NewAction, StaleTable, Store, token_hash

SEATS = [
    {"kind": "human", "name": "Ann", "token_hash": token_hash("t0")},
    {"kind": "greedy", "name": "", "token_hash": None},
]


@pytest.fixture
def store(db_url: str):
    s = Store(db_url)
    try:
        yield s
    finally:
        s.close()


def _make(store: Store, table_id: str = "t1", seed: int = 7) -> None:
    store.create_table(
        table_id, "guillotine", "1.0+abc", seed, {"hidden_support": True}, SEATS, token_hash("host")
    )


def test_a_table_is_stored_and_loaded(store: Store, db_url: str) -> None:
    assert store.load("t1") is None
    _make(store)
    t = store.load("t1")
    assert (t.id, t.game, t.version, t.seed) == ("t1", "guillotine", "1.0+abc", 7)
    assert t.options == {"hidden_support": True}
    assert t.seats == SEATS and t.host_hash == token_hash("host")
    assert (t.status, t.result, t.actions) == ("playing", None, [])
    assert t.created is not None
    with pytest.raises(IntegrityError):  # the id is the primary key
        _make(store)
    # another process on the same database sees it
    other = Store(db_url)
    try:
        assert other.load("t1") == t
    finally:
        other.close()


def test_a_batch_that_ends_one_game_commits_every_action_and_that_result(store: Store) -> None:
    _make(store)
    _make(store, "t2")
    store.append_actions([NewAction("t1", 1, 0, "play:l_idiot"), NewAction("t2", 1, 1, "pass")])
    result = {"scores": [3.0, 5.0], "winners": [1]}
    store.append_actions([NewAction("t2", 2, 0, "pass"), NewAction("t1", 2, 0, "by:2", result)])
    t1, t2 = store.load("t1"), store.load("t2")
    assert (t1.status, t1.result, t1.actions) == (
        "finished",
        result,
        [(0, "play:l_idiot"), (0, "by:2")],
    )
    assert (t2.status, t2.result, t2.actions) == ("playing", None, [(1, "pass"), (0, "pass")])
    # a batch in which one table had moved on changes nothing, the game's end included
    _make(store, "t3")
    with pytest.raises(StaleTable):
        store.append_actions(
            [
                NewAction("t2", 3, 1, "pass", {"scores": [1.0, 0.0], "winners": [0]}),
                NewAction("t3", 2, 1, "pass"),
            ]
        )
    t2 = store.load("t2")
    assert (t2.status, t2.result, len(t2.actions)) == ("playing", None, 2)
    assert store.load("t3").actions == []


def test_actions_are_appended_in_order_and_finish_the_table(store: Store) -> None:
    _make(store)
    _make(store, "t2", seed=-(2**31))
    store.append_action("t1", 1, 0, "play:l_idiot")
    store.append_action("t1", 2, 0, "noble:3")
    store.append_action("t2", 1, 1, "pass")
    assert store.load("t1").actions == [(0, "play:l_idiot"), (0, "noble:3")]
    assert store.load("t2").actions == [(1, "pass")]
    assert store.load("t2").seed == -(2**31)
    assert store.table_ids() == ["t1", "t2"]
    assert store.table_ids("playing") == ["t1", "t2"] and store.table_ids("finished") == []
    result = {"scores": [3.0, 5.0], "winners": [1]}
    store.append_action("t1", 3, 0, "by:2", result)  # the last action and the end: one commit
    t = store.load("t1")
    assert (t.status, t.result) == ("finished", result)
    assert t.actions[-1] == (0, "by:2")
    assert store.table_ids("finished") == ["t1"] and store.table_ids("playing") == ["t2"]
    rows = {r["id"]: r for r in store.summaries()}
    assert rows["t1"]["actions"] == 3 and rows["t2"]["actions"] == 1
    assert rows["t1"]["status"] == "finished" and rows["t1"]["result"] == result
    assert rows["t1"]["seats"] == [
        {"kind": "human", "name": "Ann", "open": False},
        {"kind": "greedy", "name": "", "open": False},
    ]
    assert all("token_hash" not in s for r in rows.values() for s in r["seats"])


def test_a_duplicate_action_number_is_refused_and_changes_nothing(
    store: Store, db_url: str
) -> None:
    _make(store)
    store.append_action("t1", 1, 0, "pass")
    store.append_action("t1", 2, 1, "pass")
    before = store.load("t1")
    # a second writer (another server process) with a stale view of the table
    other = Store(db_url)
    try:
        with pytest.raises(StaleTable):
            other.append_action("t1", 2, 0, "play:trip", {"scores": [1.0, 0.0], "winners": [0]})
        with pytest.raises(StaleTable):  # nor can a writer skip a number
            other.append_action("t1", 4, 0, "pass")
    finally:
        other.close()
    with pytest.raises(StaleTable):
        store.append_action("t1", 1, 1, "pass")
    after = store.load("t1")
    assert after == before
    assert after.status == "playing" and after.result is None  # the failed finish rolled back
    store.append_action("t1", 3, 0, "pass")
    assert len(store.load("t1").actions) == 3


def test_an_action_for_no_table_is_refused(store: Store) -> None:
    with pytest.raises(Exception):  # noqa: B017 - the driver's foreign-key error, or none found
        store.append_action("nope", 1, 0, "pass")
    assert store.load("nope") is None
    assert store.summaries() == []


def test_undo_removes_only_the_last_action(store: Store) -> None:
    _make(store)
    for n, action in enumerate(["pass", "play:l_idiot", "noble:2"], start=1):
        store.append_action("t1", n, n % 2, action)
    with pytest.raises(StaleTable):
        store.remove_last_action("t1", 2)
    with pytest.raises(StaleTable):
        store.remove_last_action("t1", 4)
    assert len(store.load("t1").actions) == 3
    store.remove_last_action("t1", 3)
    assert store.load("t1").actions == [(1, "pass"), (0, "play:l_idiot")]
    store.append_action("t1", 3, 1, "noble:4")  # the number is free again
    assert store.load("t1").actions[-1] == (1, "noble:4")


def test_every_write_to_a_table_moves_its_revision_on(store: Store) -> None:
    _make(store)
    _make(store, "t2")
    assert store.revisions(["t1", "t2", "nope"]) == {"t1": 0, "t2": 0}
    store.append_action("t1", 1, 0, "pass")
    store.append_action("t1", 2, 1, "pass")
    store.set_seats("t1", SEATS)
    store.remove_last_action("t1", 2)
    assert store.revisions(["t1", "t2"]) == {"t1": 4, "t2": 0}
    with pytest.raises(StaleTable):  # a refused write moves nothing
        store.append_action("t1", 3, 0, "pass")
    assert store.revisions(["t1"]) == {"t1": 4}
    later = store.load("t1", after=1)
    assert (later.revision, later.actions) == (4, [])
    store.append_action("t1", 2, 0, "play:l_idiot")
    assert store.load("t1", after=1).actions == [(0, "play:l_idiot")]


def test_seats_can_be_changed(store: Store) -> None:
    _make(store)
    seats = [dict(SEATS[0], kind="greedy", token_hash=None), SEATS[1]]
    store.set_seats("t1", seats)
    assert store.load("t1").seats == seats
    assert store.summaries()[0]["seats"][0] == {"kind": "greedy", "name": "Ann", "open": False}


def test_tables_are_listed_newest_first(store: Store) -> None:
    for i in range(3):
        _make(store, f"t{i}")
        store.append_action(f"t{i}", 1, 0, "pass")
    assert [r["id"] for r in store.summaries()] == ["t2", "t1", "t0"]
    assert [r["id"] for r in store.summaries(limit=2)] == ["t2", "t1"]
    assert store.table_ids() == ["t0", "t1", "t2"]


def test_actions_waiting_together_are_committed_in_one_transaction(store: Store) -> None:
    # The writer is held busy while twelve tables' actions queue up behind it; they then go
    # in one commit. One of them repeats an action number: it alone is refused.
    for i in range(12):
        _make(store, f"t{i}")
    store.append_action("t5", 1, 0, "pass")
    gate = threading.Event()

    async def play() -> list[BaseException | None]:
        held = asyncio.ensure_future(store.writer.run(gate.wait, 10))
        await asyncio.sleep(0.05)
        appends = [
            asyncio.ensure_future(
                store.writer.append(
                    NewAction(
                        f"t{i}",
                        1,
                        0,
                        f"play:{i}",
                        {"scores": [1.0], "winners": [0]} if i == 3 else None,
                    )
                )
            )
            for i in range(12)
        ]
        await asyncio.sleep(0.05)
        gate.set()
        assert await held is True
        return await asyncio.gather(*appends, return_exceptions=True)

    outcomes = asyncio.run(play())
    assert [type(o).__name__ for o in outcomes] == ["NoneType"] * 5 + ["StaleTable"] + [
        "NoneType"
    ] * 6
    # the batch failed as a whole, then went again one by one: 11 successful commits
    assert store.writer.commits == 11
    assert [store.load(f"t{i}").actions for i in range(12)] == [
        [(0, f"play:{i}")] if i != 5 else [(0, "pass")] for i in range(12)
    ]
    assert store.load("t3").status == "finished" and store.load("t4").status == "playing"
    assert {r["id"]: r["actions"] for r in store.summaries()} == {f"t{i}": 1 for i in range(12)}


def test_a_batch_of_good_actions_is_one_commit(store: Store) -> None:
    for i in range(8):
        _make(store, f"t{i}")
    gate = threading.Event()

    async def play() -> None:
        held = asyncio.ensure_future(store.writer.run(gate.wait, 10))
        await asyncio.sleep(0.05)
        appends = [
            asyncio.ensure_future(store.writer.append(NewAction(f"t{i}", 1, 1, "pass")))
            for i in range(8)
        ]
        await asyncio.sleep(0.05)
        gate.set()
        await held
        await asyncio.gather(*appends)

    asyncio.run(play())
    assert store.writer.commits == 1
    assert all(store.load(f"t{i}").actions == [(1, "pass")] for i in range(8))


@pytest.mark.skipif(not hasattr(os, "SCHED_BATCH"), reason="Linux's scheduling policies")
def test_the_sqlite_writer_yields_the_cpu_and_a_database_server_s_does_not(
    store: Store, db_url: str
) -> None:
    native_id = store.writer._thread.native_id
    assert native_id is not None
    policy = os.sched_getscheduler(native_id)
    assert policy == (os.SCHED_BATCH if db_url.startswith("sqlite") else os.SCHED_OTHER)
