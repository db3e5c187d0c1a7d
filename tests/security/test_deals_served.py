"""Deals at a real ``noblesse serve`` process: secret until the end, then verifiable.

For every game an all-bot table plays to the end while a spectator's socket and HTTP
polls (watch, ``/api/tables``, the record) collect every answer; none shows the seed or
the salt before the game is over. Then the deal is revealed, matches the commitment
announced at creation, and the downloaded record passes the real ``noblesse verify``,
which refuses it with one action or the seed altered.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from browser.server import ServerProcess, serve_command
from noblesse import games
from noblesse.core.record import Record, parse_record, replay
from noblesse.server.changes import follow

GAME_IDS = [g.id for g in games.all()]
FAST_OPTIONS = {"fief": {"max_turns": 1}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # A short bot delay, so that the game is watched while it is played.
    tmp = tmp_path_factory.mktemp("deals-server")
    proc = ServerProcess(f"sqlite:///{tmp / 'noblesse.db'}", tmp / "server.log", 0.002).start()
    yield proc
    proc.stop()


def verify_cli(*paths: Path) -> list[subprocess.CompletedProcess[str]]:
    """``noblesse verify`` on each file, the processes side by side."""
    base = serve_command()[:-1]
    procs = [
        subprocess.Popen(
            [*base, "verify", str(p)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={"NO_COLOR": "1", **__import__("os").environ},
        )
        for p in paths
    ]
    out = []
    for p in procs:
        text, _ = p.communicate(timeout=60)
        out.append(subprocess.CompletedProcess(p.args, p.returncode, text))
    return out


def altered_action(record: Record) -> Record:
    """The record with one action replaced by one that is illegal there, checksums redone."""
    game = games.get(record.game)
    state = game.setup(len(record.players), record.seed, record.options)
    i = len(record.actions) // 2
    for seat, text in record.actions[:i]:
        game.apply(state, seat, game.decode(text))
    seat = record.actions[i][0]
    legal = set(game.legal_actions(state, seat))
    bad = next(a for a in range(game.num_distinct_actions) if a not in legal)
    actions = list(record.actions)
    actions[i] = (seat, game.encode(bad))
    return Record(**{**record.__dict__, "actions": actions})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_deal_is_secret_until_the_end_then_verifiable(
    server: ServerProcess, game_id: str, tmp_path: Path
) -> None:
    game = games.get(game_id)
    options = FAST_OPTIONS.get(game_id, {})
    created = server.post(
        "/api/tables",
        json={"game": game_id, "seats": ["random"] * game.min_players, "options": options},
    )
    assert created.status_code == 201, created.text
    table_id, announced = created.json()["id"], created.json()["commitment"]
    assert len(announced) == 64
    seen = [created.text]  # every answer received before the game is over
    final = held = None
    with connect(f"{server.url.replace('http', 'ws')}/ws/tables/{table_id}/watch") as ws:
        while final is None:
            raw = ws.recv(timeout=30)
            msg = held = follow(held, json.loads(raw))  # a change: the whole message it makes
            assert msg["type"] == "state", raw
            assert msg["deal"]["commitment"] == announced and msg["deal"]["known"] is False
            if msg["over"]:
                final = msg
                break
            seen.append(raw)
            if len(seen) % 8 != 2:  # now and then, the HTTP answers too
                continue
            for path in (
                f"/api/tables/{table_id}/watch",
                "/api/tables",
                f"/api/tables/{table_id}/record",
            ):
                res = server.get(path)
                if path.endswith("/record"):
                    if res.status_code == 200:
                        continue  # over in the meantime
                    assert res.status_code == 409, res.text
                    assert set(res.json()["message"]) == {"en", "zh-TW"}
                    seen.append(res.text)
                    continue
                body = res.json()
                if path.endswith("/watch") and body["over"]:
                    continue
                elif path == "/api/tables" and any(t["id"] == table_id for t in body["finished"]):
                    continue
                seen.append(res.text)
    assert len(seen) > 3, "the game ended before it could be watched"
    deal = final["deal"]
    seed, salt = deal["seed"], deal["salt"]
    assert isinstance(seed, str) and len(seed) == 64 and len(salt) == 32
    assert not [text for text in seen if seed in text or salt in text]
    assert hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest() == announced
    assert seed not in server.get("/api/tables").text  # the lobby never carries it

    res = server.get(f"/api/tables/{table_id}/record")
    assert res.status_code == 200
    assert res.headers["content-disposition"] == f"attachment; filename={game_id}-{table_id}.jsonl"
    record = parse_record(res.text.splitlines())
    assert (record.seed, record.salt, record.commitment) == (seed, salt, announced)
    assert game.scores(replay(record)) == final["view"].get("scores", game.scores(replay(record)))

    good = tmp_path / "good.jsonl"
    good.write_text(res.text, encoding="utf-8")
    lines = res.text.splitlines()
    raw_action = tmp_path / "raw-action.jsonl"  # an action changed by hand: checksums break
    line = json.loads(lines[1])
    lines_raw = [
        lines[0],
        json.dumps({**line, "seat": (line["seat"] + 1) % game.min_players}),
        *lines[2:],
    ]
    raw_action.write_text("\n".join(lines_raw) + "\n", encoding="utf-8")
    action = tmp_path / "action.jsonl"  # an illegal action, checksums made anew
    action.write_text("\n".join(altered_action(record).lines()) + "\n", encoding="utf-8")
    other_seed = tmp_path / "seed.jsonl"  # another seed, checksums made anew
    other = Record(**{**record.__dict__, "seed": ("0" if seed[0] != "0" else "1") + seed[1:]})
    other_seed.write_text("\n".join(other.lines()) + "\n", encoding="utf-8")
    results = verify_cli(good, raw_action, action, other_seed)
    assert results[0].returncode == 0 and "VERIFIED" in results[0].stdout, results[0].stdout
    for bad in results[1:]:
        assert bad.returncode == 1 and "NOT VERIFIED" in bad.stdout, bad.stdout
    assert "commitment" in results[3].stdout
    assert "illegal" in results[2].stdout


def test_a_chosen_seed_only_at_a_practice_table(server: ServerProcess) -> None:
    for seats in (["human", "human"], ["greedy", "random"], ["human", "human", "greedy"]):
        res = server.post("/api/tables", json={"game": "guillotine", "seats": seats, "seed": 5})
        assert res.status_code == 400, res.text
        message = res.json()["message"]
        assert "practice" in message["en"] and "練習桌" in message["zh-TW"]
    res = server.post(
        "/api/tables", json={"game": "guillotine", "seats": ["human", "greedy"], "seed": 5}
    )
    assert res.status_code == 201, res.text
    made = res.json()
    link = made["seats"][0]
    msg = server.get(f"/api/tables/{made['id']}/seats/0", params={"token": link["token"]}).json()
    assert msg["deal"] == {"commitment": made["commitment"], "known": True, "seed": 5, "salt": None}
