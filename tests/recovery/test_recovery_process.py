"""A server killed with SIGKILL in the middle of an all-bot game comes back on the same
store and finishes the game exactly as an uninterrupted server would: same actions,
same scores. (Bots choose with seeds made of the table seed and the action number, and
every action row is committed before anyone hears of it.)"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser.server import ServerProcess
from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.core.record import result_of
from noblesse.server.store import Store
from noblesse.sim.batch import game_seed

GAME = "guillotine"
SEATS = ["greedy", "random", "greedy", "random"]
SEED = 20240601
BOT_DELAY = 0.02
KILL_AT = (6, 22)  # kill once at least this many actions were played, then restart


def reference_game(
    game_id: str, seats: list[str], seed: int, options: dict[str, Any] | None = None
) -> tuple[list[tuple[int, str]], dict]:
    """The game an all-bot table plays when nothing goes wrong (as ``_run_bots`` does it)."""
    game = games.get(game_id)
    state = game.setup(len(seats), seed, options or {})
    actions: list[tuple[int, str]] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        agent = make_agent(seats[seat], game_seed(seed, len(actions), f"bot{seat}"))
        action = act_honestly(agent, game, state, seat)
        game.apply(state, seat, action)
        actions.append((seat, game.encode(action)))
    return actions, result_of(game, state)


def watch(server: ServerProcess, table_id: str) -> dict[str, Any]:
    res = server.get(f"/api/tables/{table_id}/watch")
    res.raise_for_status()
    return res.json()


def wait_for(server: ServerProcess, table_id: str, done: Any, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = watch(server, table_id)
        if done(msg):
            return msg
        time.sleep(0.01)
    raise AssertionError(f"table {table_id} did not get there within {timeout}s")


def create(server: ServerProcess) -> str:
    res = server.post("/api/tables", json={"game": GAME, "seats": SEATS, "seed": SEED})
    res.raise_for_status()
    return res.json()["id"]


def stored(db_url: str, table_id: str) -> Any:
    store = Store(db_url)
    try:
        return store.load(table_id)
    finally:
        store.close()


def test_a_killed_server_finishes_the_game_as_if_nothing_happened(tmp_path: Path) -> None:
    expected_actions, expected_result = reference_game(GAME, SEATS, SEED)
    assert len(expected_actions) > max(KILL_AT) + 10, "pick a seed with a longer game"

    db_url = f"sqlite:///{tmp_path / 'store.db'}"
    log = tmp_path / "server.log"
    server = ServerProcess(db_url, log, BOT_DELAY, known_deals=True).start()
    try:
        table_id = create(server)
        for kill_at in KILL_AT:
            seen = wait_for(server, table_id, lambda m, k=kill_at: m["n"] >= k)["n"]
            server.kill()
            row = stored(db_url, table_id)
            assert row.status == "playing", "the game ended before the kill; raise BOT_DELAY"
            # Everything a client was told about is in the store, and it is the true game.
            assert len(row.actions) >= seen
            assert row.actions == expected_actions[: len(row.actions)]
            server = ServerProcess(
                db_url, log, BOT_DELAY, known_deals=True
            ).start()  # its bots go on at once
            assert watch(server, table_id)["n"] >= len(row.actions)

        final = wait_for(server, table_id, lambda m: m["over"])
        row = stored(db_url, table_id)
        assert row.status == "finished"
        assert row.actions == expected_actions
        assert row.result == expected_result
        assert final["view"]["scores"] == expected_result["scores"]

        # A second table with the same seed and seats on a server nobody kills.
        again = create(server)
        again_final = wait_for(server, again, lambda m: m["over"])
        row_again = stored(db_url, again)
        assert row_again.actions == row.actions
        assert row_again.result["scores"] == row.result["scores"]
        assert again_final["view"]["scores"] == final["view"]["scores"]
    except BaseException:
        print(log.read_text(errors="replace") if log.exists() else "(no server log)")
        raise
    finally:
        server.stop()
