"""Helpers for the web-table tests: sockets with timeouts, a client-side table, an oracle.

The oracle replays a table's actions with the kernel, so a test knows the true state
(hidden cards included) at every action number and can check each message the server
sent against what its receiver may know.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

import anyio
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from noblesse.core.events import Event
from noblesse.games.guillotine import GAME
from noblesse.games.guillotine.data import CARDS
from noblesse.i18n import LANGS
from noblesse.server.changes import follow
from noblesse.server.follow import log_marks
from noblesse.server.store import StoredTable
from noblesse.server.tables import Connection, Table, build_message

TIMEOUT = 10.0
CARD_KEYS = [a.key for a in CARDS.actions]


# ---------------------------------------------------------------------- sockets
HELD: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def recv(
    ws: WebSocketTestSession, timeout: float = TIMEOUT, presence: bool = False, raw: bool = False
) -> dict[str, Any]:
    """The next message on a test socket, or TimeoutError (never hangs the suite);
    ``presence`` messages (a seat's player came or went) are skipped unless asked for.
    A ``change`` comes back as the whole ``state`` message it stands for, as a client
    following the socket holds it (``raw``: as sent)."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    while True:
        message = ws.portal.call(get)
        ws._raise_on_close(message)
        msg = json.loads(message["text"])
        if msg.get("type") in ("state", "change"):
            whole = HELD[ws] = follow(HELD.get(ws), msg)
            msg = msg if raw else whole
        if presence or msg.get("type") != "presence":
            return msg


def queued(ws: WebSocketTestSession) -> int:
    """How many messages wait unread on a test socket."""
    return ws._send_rx.statistics().current_buffer_used


def send(ws: WebSocketTestSession, obj: Any) -> None:
    ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))


def assert_error(msg: dict[str, Any], code: str | None = None) -> None:
    assert msg["type"] == "error", msg
    assert set(msg["message"]) == {"en", "zh-TW"}, msg
    assert all(isinstance(v, str) and v for v in msg["message"].values()), msg
    if code is not None:
        assert msg["code"] == code, msg


def assert_quiet(ws: WebSocketTestSession) -> None:
    """Nothing was sent to this socket since the last read: a sync must answer first."""
    send(ws, {"type": "sync"})
    msg = recv(ws)
    assert msg["type"] == "state" and msg["log_from"] == 0, msg


# ---------------------------------------------------------------------- HTTP
def new_table(
    client: TestClient,
    seats: list[str],
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    names: list[str] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "guillotine", "seats": seats, "options": options or {}}
    if seed is not None:
        body["seed"] = seed
    if names is not None:
        body["names"] = names
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def seat_url(created: dict[str, Any], seat: int) -> str:
    return f"/api/tables/{created['id']}/seats/{seat}?token={created['seats'][seat]['token']}"


def ws_url(created: dict[str, Any], seat: int) -> str:
    return f"/ws/tables/{created['id']}/seats/{seat}?token={created['seats'][seat]['token']}"


def seat_state(client: TestClient, created: dict[str, Any], seat: int) -> dict[str, Any]:
    r = client.get(seat_url(created, seat))
    assert r.status_code == 200, r.text
    return r.json()


def watch_state(client: TestClient, table_id: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}/watch")
    assert r.status_code == 200, r.text
    return r.json()


def wait_until_over(client: TestClient, table_id: str, timeout: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        msg = watch_state(client, table_id)
        if msg["over"]:
            return msg
        assert time.monotonic() < deadline, f"table {table_id} did not finish: n={msg['n']}"
        time.sleep(0.01)


def snapshot(client: TestClient, created: dict[str, Any]) -> list[dict[str, Any]]:
    """Every human seat's message and the spectator's, as GET returns them."""
    out = [seat_state(client, created, s["seat"]) for s in created["seats"] if s["token"]]
    out.append(watch_state(client, created["id"]))
    return out


@dataclass
class LiveTable:
    """A table played through one socket per human seat (and optionally a spectator)."""

    client: TestClient
    created: dict[str, Any]
    watch: bool = False
    stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)
    sockets: dict[int | None, WebSocketTestSession] = field(default_factory=dict)
    last: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    received: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)

    def __enter__(self) -> LiveTable:
        seats: list[int | None] = [s["seat"] for s in self.created["seats"] if s["token"]]
        if self.watch:
            seats.append(None)
        for seat in seats:
            url = (
                ws_url(self.created, seat)
                if seat is not None
                else f"/ws/tables/{self.created['id']}/watch"
            )
            ws = self.stack.enter_context(self.client.websocket_connect(url))
            earlier = list(self.sockets)
            self.sockets[seat] = ws
            self.received[seat] = []
            self._take(seat)
            for other in earlier if seat is not None else []:
                # each earlier socket hears that a seat's player arrived (a spectator: nothing)
                msg = recv(self.sockets[other], presence=True)
                assert msg["type"] == "presence" and msg["connected"][seat] is True, msg
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stack.close()

    def _take(self, seat: int | None) -> dict[str, Any]:
        msg = recv(self.sockets[seat])
        if msg["type"] == "state":
            self.last[seat] = msg
        self.received[seat].append(msg)
        return msg

    def to_act(self) -> int | None:
        msg = next(iter(self.last.values()))
        return None if msg["over"] else msg["to_act"][0]

    def act(self, seat: int, action: str) -> dict[str, Any]:
        """Send an action; read the answer on every socket (only the actor's if refused)."""
        send(self.sockets[seat], {"type": "act", "action": action})
        msg = self._take(seat)
        if msg["type"] == "state":
            for other in self.sockets:
                if other != seat:
                    assert self._take(other)["type"] == "state"
        return msg

    def undo(self, seat: int) -> dict[str, Any]:
        send(self.sockets[seat], {"type": "undo"})
        msg = self._take(seat)
        if msg["type"] == "state":
            for other in self.sockets:
                if other != seat:
                    assert self._take(other)["type"] == "state"
        return msg

    def play_random(self, rng: random.Random, steps: int | None = None) -> list[tuple[int, str]]:
        """Random legal actions until the game ends (or ``steps`` actions)."""
        played = []
        while (seat := self.to_act()) is not None and (steps is None or len(played) < steps):
            action = rng.choice(self.last[seat]["legal"])["action"]
            msg = self.act(seat, action)
            assert msg["type"] == "state", msg
            played.append((seat, action))
        return played


# ---------------------------------------------------------------------- the oracle
class Oracle:
    """The true game, replayed from the actions: a state and the events at every n."""

    def __init__(
        self,
        n_players: int,
        seed: int,
        options: dict[str, Any] | None = None,
        actions: list[tuple[int, str]] | None = None,
    ) -> None:
        self.state = GAME.setup(n_players, seed, options or {})
        self.states = [GAME.clone(self.state)]
        self.events: list[Event] = []
        self.counts = [0]  # events after n actions
        self.actions: list[tuple[int, str]] = []
        for seat, action in actions or []:
            self.push(seat, action)

    @property
    def n(self) -> int:
        return len(self.actions)

    def push(self, seat: int, action: str) -> list[Event]:
        events = GAME.apply(self.state, seat, GAME.decode(action))
        self.actions.append((seat, action))
        self.events.extend(events)
        self.counts.append(len(self.events))
        self.states.append(GAME.clone(self.state))
        return events


def _redacted(event: Event, seat: int | None) -> Event:
    """The event with every other seat's private part removed."""
    private = event.private or {}
    mine = {seat: private[seat]} if seat is not None and seat in private else None
    return Event(event.type, dict(event.public), mine)


def _determinized(state: Any, seat: int | None, rng: random.Random) -> Any:
    if seat is not None:
        return GAME.determinize(state, seat, rng)
    for other in range(state.n_players):  # a spectator knows no hand at all
        state = GAME.determinize(state, other, rng)
    return state


def render(event: Event, seat: int | None, names: list[str] | None) -> dict[str, str]:
    seen = event.for_seat(seat)
    return {**{lang: GAME.describe_event(seen, lang, names) for lang in LANGS}, **log_marks(seen)}


def check_message(
    oracle: Oracle, msg: dict[str, Any], seat: int | None, rng: random.Random, samples: int = 2
) -> None:
    """``msg`` (a state message sent to ``seat``) is exactly what the server would send if
    everything ``seat`` may not know were different: it is built only from what ``seat``
    knows. Checked against ``samples`` independent resamplings of the hidden information,
    plus the log texts against the kernel's own rendering of the events for that seat."""
    assert msg["type"] == "state" and msg["seat"] == seat and msg["game"] == "guillotine"
    n = msg["n"]
    assert 0 <= n <= oracle.n, (n, oracle.n)
    state = oracle.states[n]
    names = [s["name"] for s in msg["seats"]]
    names = names if any(names) else None
    # the log: exactly this seat's rendering of the events since log_from
    first, end = msg["log_from"], oracle.counts[n]
    expected_log = [render(ev, seat, names) for ev in oracle.events[first:end]]
    assert msg["log"] == expected_log, (seat, n)
    # the view: what the kernel shows this seat, unchanged by resampling hidden things
    assert msg["view"] == GAME.view(state, seat)
    assert msg["over"] == GAME.is_over(state)
    if seat is not None:
        assert msg["view"]["hand"] == sorted(CARD_KEYS[c] for c in state.hands[seat])
    else:
        assert msg["view"]["hand"] is None
        assert msg["legal"] == [] and msg["undo"] is False
    events = [_redacted(ev, seat) for ev in oracle.events[:end]]
    for _ in range(samples):
        det = _determinized(state, seat, rng)
        assert GAME.view(det, seat) == msg["view"], (seat, n)
        deal = msg["deal"]  # public: the commitment, and the seed once it may be known
        fake = Table(
            id=msg["table"],
            game=GAME,
            meta=StoredTable(
                msg["table"],
                GAME.id,
                GAME.version,
                "0" * 64 if deal["seed"] is None else deal["seed"],
                {},
                [{"kind": s["kind"], "name": s["name"], "token_hash": None} for s in msg["seats"]],
                "",
                "playing",
                None,
                None,
                [],
                salt=deal["salt"],
                commitment=deal["commitment"],
            ),
            state=det,
            actions=[(0, "")] * n,
            events=[(0, ev) for ev in events],
            undo=(n, seat) if msg["undo"] else None,
            connections=[Connection(s["seat"]) for s in msg["seats"] if s["connected"]],
        )
        expected = build_message(fake, seat, first)
        assert expected == msg, (seat, n)


def check_private_events(
    oracle: Oracle, seat: int | None, log_lines: set[str], names: list[str] | None = None
) -> int:
    """No other seat's private rendering of an event is among ``seat``'s log lines,
    unless it reads exactly as ``seat``'s own rendering. Returns how many were checked."""
    checked = 0
    for ev in oracle.events:
        for other in ev.private or {}:
            if other == seat:
                continue
            theirs, mine = render(ev, other, names), render(ev, seat, names)
            for lang in LANGS:
                if theirs[lang] != mine[lang]:
                    assert theirs[lang] not in log_lines, (seat, other, theirs[lang])
                    checked += 1
    return checked
