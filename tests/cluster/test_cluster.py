"""Several ``noblesse serve`` processes on one PostgreSQL and one Redis serve the same
tables: a player on either sees every action, the same seat racing on two processes gets
exactly one action in, presence is known across processes, and a killed process's bot
tables are taken over by the others with no action lost or doubled."""

from __future__ import annotations

import os
import secrets
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from cluster_support import ClusterServer, play_turns

from browser.server import serve_command
from noblesse import games
from recovery.test_recovery_process import reference_game, stored
from server.test_server_undo import find_undoable_start

SEED = 4242
BOTS = ["greedy", "random", "greedy", "random"]


def create(server: ClusterServer, seats: list[str], seed: int = SEED) -> dict[str, Any]:
    res = server.post("/api/tables", json={"game": "guillotine", "seats": seats, "seed": seed})
    assert res.status_code == 201, res.text
    return res.json()


def to_act(table: dict[str, Any]) -> int:
    return table["to_act"][0]


def test_players_on_two_processes_see_each_others_actions_within_a_second(servers: Any) -> None:
    a, b = servers("a"), servers("b")
    made = create(a, ["human", "human"])
    first, second = a.seat(made, 0), b.seat(made, 1)
    watcher = b.watch(made["id"])
    table = first.until(lambda t: t["n"] == 0)
    second.until(lambda t: t["n"] == 0)
    played = []
    for n in range(1, 7):  # the seats take turns, each on its own process
        mover = first if to_act(table) == 0 else second
        action = mover.held["legal"][-1]["action"]  # type: ignore[index]
        played.append((to_act(table), action))
        sent = time.monotonic()
        mover.act(action)
        for seen in (first, second, watcher):
            table = seen.until(lambda t, n=n: t["n"] == n, timeout=1.0)
        assert time.monotonic() - sent < 1.0
        assert (
            first.held["view"]
            == a.get(  # type: ignore[index]
                f"/api/tables/{made['id']}/seats/0?token={made['seats'][0]['token']}"
            ).json()["view"]
        )
        assert watcher.held["view"] == b.get(f"/api/tables/{made['id']}/watch").json()["view"]  # type: ignore[index]
    assert stored(a.db_url, made["id"]).actions == played
    for sock in (first, second, watcher):
        sock.close()


def test_the_same_seat_racing_on_two_processes_gets_exactly_one_action_in(servers: Any) -> None:
    a, b = servers("a"), servers("b")
    for seed in _seeds_where_a_pass_ends_the_turn(3):
        made = create(a, ["human", "human"], seed=seed)
        mover = to_act(a.get(f"/api/tables/{made['id']}/watch").json())
        on_a, on_b = a.seat(made, mover), b.seat(made, mover)
        on_a.until(lambda t: t["n"] == 0)
        on_b.until(lambda t: t["n"] == 0)
        go = threading.Barrier(2)

        def race(sock: Any, go: threading.Barrier = go) -> None:
            go.wait()
            sock.act("pass")

        threads = [threading.Thread(target=race, args=(s,)) for s in (on_a, on_b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for sock in (on_a, on_b):  # both see the one action that went in
            sock.until(lambda t: t["n"] == 1, timeout=5.0)
        assert stored(a.db_url, made["id"]).actions == [(mover, "pass")]
        time.sleep(0.3)  # the refusal, if it is still on its way
        for sock in (on_a, on_b):
            while True:
                try:
                    sock.recv(0.2)
                except TimeoutError:
                    break
        refusals = [e for s in (on_a, on_b) for e in s.errors]
        assert [e["code"] for e in refusals] == ["refused"], refusals
        assert refusals[0]["message"]["en"] == "It is not your turn."
        assert on_a.held["n"] == on_b.held["n"] == 1  # type: ignore[index]
        on_a.close()
        on_b.close()


def _seeds_where_a_pass_ends_the_turn(count: int) -> list[int]:
    """Deals whose first seat to act hands the turn on by passing: a second "pass" from it
    is then refused."""
    game, seeds = games.get("guillotine"), []
    for seed in range(SEED, SEED + 100):
        state = game.setup(2, seed, {})
        mover = game.to_act(state)[0]
        game.apply(state, mover, game.decode("pass"))
        if mover not in game.to_act(state):
            seeds.append(seed)
    return seeds[:count]


def test_a_seat_connected_to_another_process_is_not_handed_to_a_bot(servers: Any) -> None:
    a, b = servers("a"), servers("b")
    made = create(a, ["human", "human"])
    player = b.seat(made, 1)
    player.until(lambda t: t["n"] == 0)
    watcher = a.watch(made["id"])
    watcher.wait(lambda w: w.presence == [False, True], timeout=3.0)  # known on A too
    host = made["host_token"]
    refused = a.post(f"/api/tables/{made['id']}/seats/1/bot?host={host}", json={"kind": "random"})
    assert refused.status_code == 409, refused.text
    assert refused.json()["message"]["en"] == "That player is still at the table."
    player.close()
    watcher.wait(lambda w: w.presence == [False, False], timeout=3.0)
    handed = a.post(f"/api/tables/{made['id']}/seats/1/bot?host={host}", json={"kind": "random"})
    assert handed.status_code == 200, handed.text
    assert stored(a.db_url, made["id"]).seats[1]["kind"] == "random"
    watcher.close()


def test_a_killed_process_s_tables_play_on_at_the_other_exactly_as_planned(servers: Any) -> None:
    a, b = servers("a", bot_delay=0.15), servers("b", bot_delay=0.15)
    tables = [create(a, BOTS, seed=SEED + i) for i in range(3)]
    people = create(a, ["human", "human"])
    seats = {0: a.seat(people, 0), 1: b.seat(people, 1)}
    played = play_turns(seats, 2, within=2.0)
    # kill A in the middle of the games (all its bots were running there or on B)
    deadline = time.monotonic() + 30
    while min(len(stored(a.db_url, t["id"]).actions) for t in tables) < 5:
        assert time.monotonic() < deadline, "the bots did not start"
        time.sleep(0.05)
    a.kill()
    seats[0] = b.seat(people, 0)  # A's player comes back through B and plays on
    seats[0].until(lambda t: t["n"] == 2)
    played += play_turns(seats, 2, within=2.0)
    assert stored(b.db_url, people["id"]).actions == played
    replayed = games.get("guillotine").setup(2, SEED, {})
    for seat, action in played:
        games.get("guillotine").apply(replayed, seat, games.get("guillotine").decode(action))
    assert seats[0].held["view"] == games.get("guillotine").view(replayed, 0)  # type: ignore[index]
    killed_at = {t["id"]: len(stored(b.db_url, t["id"]).actions) for t in tables}
    for i, made in enumerate(tables):
        expected, result = reference_game("guillotine", BOTS, SEED + i)
        deadline = time.monotonic() + 60
        while (record := stored(b.db_url, made["id"])).status != "finished":
            assert time.monotonic() < deadline, f"table {i} stopped at {len(record.actions)}"
            time.sleep(0.1)
        assert len(expected) > killed_at[made["id"]]  # it was killed before the end
        assert record.actions == expected
        assert record.result == result


def test_two_processes_restarted_together_move_each_bot_once(servers: Any) -> None:
    a, b = servers("a", bot_delay=0.02), servers("b", bot_delay=0.02)
    tables = [create(a if i % 2 else b, BOTS, seed=SEED + 10 + i) for i in range(4)]
    time.sleep(0.5)
    a.kill()
    b.kill()
    a2, b2 = servers("a2", bot_delay=0.02), servers("b2", bot_delay=0.02)
    for i, made in enumerate(tables):
        expected, result = reference_game("guillotine", BOTS, SEED + 10 + i)
        deadline = time.monotonic() + 60
        while (record := stored(a2.db_url, made["id"])).status != "finished":
            assert time.monotonic() < deadline, f"table {i} stopped at {len(record.actions)}"
            time.sleep(0.1)
        assert record.actions == expected and record.result == result
    both = a2.log() + b2.log()
    assert "could not store action" not in both, both[-2000:]


def test_serve_with_two_workers_plays_a_bot_game_as_planned(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    server = ClusterServer(
        pg_url,
        tmp_path / "workers.log",
        0.02,
        redis_url,
        f"noblesse-test-{secrets.token_hex(4)}",
        ["--workers", "2"],
    )
    server.start()
    try:
        workers = [p for p in psutil_children(server) if "spawn" in p or "multiprocessing" in p]
        assert len(workers) >= 2, workers
        made = create(server, BOTS, seed=SEED + 20)
        expected, result = reference_game("guillotine", BOTS, SEED + 20)
        deadline = time.monotonic() + 60
        while (record := stored(pg_url, made["id"])).status != "finished":
            assert time.monotonic() < deadline, f"stopped at {len(record.actions)}"
            time.sleep(0.1)
        assert record.actions == expected and record.result == result
    finally:
        server.stop()


def psutil_children(server: ClusterServer) -> list[str]:
    """The command lines of the server's child processes (from /proc)."""
    assert server.proc is not None
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == server.proc.pid:
            found.append(cmdline)
    return found


def test_several_workers_without_redis_or_postgresql_are_refused_clearly(pg_url: str) -> None:
    for args, says in (
        (["--workers", "2", "--db", pg_url], "--redis"),
        (
            ["--workers", "2", "--redis", "redis://127.0.0.1:6379/0", "--db", "sqlite:///var/x.db"],
            "PostgreSQL",
        ),
        (["--workers", "0"], "at least 1"),
    ):
        done = subprocess.run(
            [*serve_command(), "--port", "1", *args],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "COLUMNS": "200"},
        )
        assert done.returncode == 2, done.stdout + done.stderr
        assert says in done.stdout, done.stdout
    # the same settings from the environment, as deployment tools give them
    done = subprocess.run(
        [*serve_command(), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "200", "NOBLESSE_WORKERS": "2", "NOBLESSE_DB": pg_url},
    )
    assert done.returncode == 2 and "--redis" in done.stdout, done.stdout + done.stderr


def test_a_decision_made_on_one_process_is_taken_back_through_the_other(servers: Any) -> None:
    seed, seat, play, noble = find_undoable_start()
    a, b = servers("a"), servers("b")
    made = create(a, ["human", "human"], seed=seed)
    on_a, on_b = a.seat(made, seat), b.seat(made, seat)
    for sock in (on_a, on_b):
        sock.until(lambda t: t["n"] == 0)
    on_a.act(play)
    on_a.until(lambda t: t["n"] == 1)
    on_a.act(noble)
    table = on_b.until(lambda t: t["n"] == 2, timeout=1.0)
    assert table["undo"] is True  # B knows the seat may take it back
    on_b.ws.send('{"type": "undo"}')
    for sock in (on_a, on_b):
        sock.until(lambda t: t["n"] == 1, timeout=2.0)
    assert stored(a.db_url, made["id"]).actions == [(seat, play)]
    assert not on_a.errors and not on_b.errors
    on_a.close()
    on_b.close()
