"""Live tables: the game state in memory, its record in the store, bots in seats.

Every change to a table goes through ``TableManager.act`` under the table's lock:
apply (an illegal action raises and changes nothing), commit the action row, and
only then tell the connected seats, each through its own redacted view.

Telling never waits for a client: each distinct message is built once per change
(spectators share one) and put in every connection's bounded outbox
(``connections.Outbox``); a connection that falls behind is closed, not waited on.
A connection's first message is the whole ``state``; after that it is sent what
changed since its last message (``server.changes``).
Nothing slow runs on the event loop: bots think in worker processes
(``server.bots``), table loads and replays are built in a small thread pool, and
store calls run in the store's own threads.

Several processes may serve the same tables (``server.cluster``): each holds its own
copy in memory; a commit is made only against the latest action number in the store
(``store.StaleTable`` otherwise: the process reloads and tries again), and after it the
other processes hear of the action and apply it (or, having missed some, catch up from
the store), then tell their own sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import secrets
import time
from collections import Counter, OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import orjson

from noblesse import games
from noblesse.agents import BotSpecError, capped_spec
from noblesse.core.errors import IllegalAction, NoblesseError
from noblesse.core.events import Event
from noblesse.core.game import Game, State
from noblesse.core.record import result_of
from noblesse.i18n import LANGS
from noblesse.server import bots, policies
from noblesse.server.changes import (
    Encoded,
    change_json,
    encode_parts,
    encode_seat,
    kept_json,
    shared_view,
)
from noblesse.server.cluster import HEARTBEAT_SECONDS, Alone, News
from noblesse.server.connections import Bucket, Outbox
from noblesse.server.deals import deal_entry, is_practice, new_deal, rematch_seed
from noblesse.server.follow import end_result, log_marks
from noblesse.server.settings import BotSpeed, Settings
from noblesse.server.store import NewAction, StaleTable, Store, StoredTable, token_hash
from noblesse.sim.batch import game_seed

log = logging.getLogger("noblesse.server")

# The kind of every refusal, by HTTP status: the same ``code`` over HTTP and WebSocket.
ERROR_KINDS = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "not_allowed",
    409: "refused",
    413: "too_large",
    422: "bad_request",
    429: "rate_limited",
    503: "unavailable",
}
# A request refused because the store can be neither written nor read back.
UNREACHABLE = (
    "The store cannot be reached right now; nothing changed. Try again.",
    "目前無法連上資料庫，牌局沒有改變。請再試一次。",
)
STORE_AWAY = (  # a request the store was needed for, over HTTP
    "The store cannot be reached right now. Try again in a moment.",
    "目前無法連上資料庫，請稍後再試。",
)
TAKEN_BACK_UNSHOWN = (
    "The move was taken back, but the store cannot be read right now to show it; "
    "reload the page in a moment.",
    "這一步已經收回，但目前無法讀取資料庫來顯示；請稍後重新整理頁面。",
)
MAX_ACTION = 80  # characters of an action string (the store's column)
# An option's type, in the words of a refusal in Chinese.
_KIND_ZH = {"bool": "布林值", "int": "整數", "float": "數字", "str": "文字"}


class TableError(NoblesseError):
    """A request about a table that cannot be done; ``code`` is the HTTP status and
    ``kind`` the name clients read (``ERROR_KINDS``, or a more precise one)."""

    def __init__(
        self, message: str, message_zh: str, code: int = 400, kind: str | None = None
    ) -> None:
        super().__init__(message)
        self.message, self.message_zh, self.code = message, message_zh, code
        self.kind = kind or ERROR_KINDS.get(code, "bad_request")

    def payload(self) -> dict[str, Any]:
        return {
            "type": "error",
            "code": self.kind,
            "message": {"en": self.message, "zh-TW": self.message_zh},
        }


@dataclass(eq=False)
class Connection:
    seat: int | None
    outbox: Outbox | None = None
    address: str = ""
    log_sent: int = 0
    shown: Encoded | None = None  # the message (without log) it was last sent
    syncs: Bucket = field(default_factory=lambda: Bucket(0, 0))
    messages: Bucket = field(default_factory=lambda: Bucket(0, 0))

    def put(self, text: str | bytes) -> bool:
        return self.outbox.put(text) if self.outbox else False


@dataclass(eq=False)
class Telling:
    """What a table tells, as it is now; a change of the table starts a new one."""

    common_json: dict[str, bytes] | None = None  # common_parts' JSON by key, once made
    bases: dict[int | None, Encoded] = field(default_factory=dict)  # by seat
    # the messages sent (UTF-8 JSON), by (seat, log_from, id of the message a change is
    # from, or None); those messages are kept here meanwhile, so no other object can take
    # their ids
    texts: dict[tuple[int | None, int, int | None], bytes] = field(default_factory=dict)
    changed_from: dict[int, Encoded] = field(default_factory=dict)
    patches: dict[Any, Any] = field(default_factory=dict)  # change_json's memo
    # the log's JSON by (log_from, seat it was made for; None: the same for every seat)
    logs: dict[tuple[int, int | None], bytes] = field(default_factory=dict)


@dataclass(eq=False)
class Table:
    id: str
    game: Game
    meta: StoredTable
    state: State
    actions: list[tuple[int, str]]
    events: list[tuple[int, Event]]  # (number of the action that caused it, event)
    undo: tuple[int, int] | None = None  # (action number, seat) that may be taken back
    # (state, action number, its secret fingerprint): the state after this process's last
    # action, so the next one need not take its fingerprint again
    secrets: tuple[State, int, Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematch_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    error: str | None = None
    told: Telling = field(default_factory=Telling)  # made anew on every change
    # each event's log line in every language (JSON), by (event index, seat it was
    # shown to; None: everyone saw the same); kept until the events are replaced
    said: dict[tuple[int, int | None], bytes] = field(default_factory=dict)
    used: float = field(default_factory=time.monotonic)
    acted: float = field(default_factory=time.monotonic)  # when its last action was taken
    evicted: bool = False  # left memory: whoever still holds it must get it again
    elsewhere: frozenset[int] = frozenset()  # seats connected to other server processes
    behind: bool = False  # another process changed it: a catch-up is under way

    @property
    def n(self) -> int:
        return len(self.actions)

    def log_json(self, seat: int | None, log_from: int = 0) -> bytes:
        """The log from event ``log_from`` on as ``seat`` sees it, in every language, as
        a JSON array; a line everyone sees alike is described once for all, and the
        same lines for several seats are joined once for all while the table is as it is."""
        events = self.events
        mine = seat is not None and any(
            ev.private and seat in ev.private for _, ev in events[log_from:]
        )
        whose = (log_from, seat if mine else None)
        joined = self.told.logs.get(whose)
        if joined is not None:
            return joined
        names, said = self.names, self.said
        known = None if names is None else tuple(names)
        lines = []
        for i in range(log_from, len(events)):
            ev = events[i][1]
            key = (i, seat if ev.private and seat in ev.private else None)
            line = said.get(key)
            if line is None:
                line = said[key] = log_line(self.game, ev.for_seat(key[1]), names, known)
            lines.append(line)
        joined = self.told.logs[whose] = b"[" + b",".join(lines) + b"]"
        return joined

    def log_lines(self, seat: int | None, log_from: int = 0) -> list[dict[str, Any]]:
        """``log_json`` as objects."""
        return orjson.loads(self.log_json(seat, log_from))

    @property
    def names(self) -> list[str] | None:
        names = [s.get("name") or "" for s in self.meta.seats]
        return names if any(names) else None

    def present(self) -> list[bool]:
        """Which seats have a player connected (here or to another server process)."""
        seats = [i in self.elsewhere for i in range(len(self.meta.seats))]
        for conn in self.connections:
            if conn.seat is not None:
                seats[conn.seat] = True
        return seats

    def seated(self, seat: int) -> bool:
        """Whether ``seat`` has a connection to this process."""
        return any(c.seat == seat for c in self.connections)


# Log lines by (game, the seats' names, the event as a seat sees it, as JSON): the same
# event reads the same at every table (a seat's turn, a card played), so it is described
# once for all of them. Emptied when it holds MAX_LINES.
_LINES: dict[tuple[str, tuple[str, ...] | None, bytes], bytes] = {}
MAX_LINES = 50_000


def log_line(
    game: Game,
    visible: dict[str, Any],
    names: list[str] | None,
    known: tuple[str, ...] | None,
) -> bytes:
    """An event's line of the log (as ``visible`` to its reader), in every language, with
    its marks, as JSON; ``known``: ``names`` as a tuple."""
    seen = orjson.dumps(visible, option=orjson.OPT_NON_STR_KEYS)
    line = _LINES.get((game.id, known, seen))
    if line is None:
        if len(_LINES) >= MAX_LINES:
            _LINES.clear()
        line = _LINES[game.id, known, memoryview(seen).tobytes()] = kept_json(
            {
                **{lang: game.describe_event(visible, lang, names) for lang in LANGS},
                **log_marks(visible),
            }
        )
    return line


def _secret_fingerprint(game: Game, state: State) -> Any:
    """What changes whenever chance is drawn or a card enters or leaves a hidden place.
    The random generator's state (625 numbers) is kept as its hash: a table keeps its
    last fingerprint, and a thousand tables' worth of those tuples cost the garbage
    collector more than the rest of the server's new objects together."""
    return hash(state.rng.getstate()), game.secret_fingerprint(state)


def _undo_right(
    game: Game, state: State, seat: int, n: int, events: list[Event], before: Any, after: Any = None
) -> tuple[int, int] | None:
    """``(n, seat)`` if ``seat``'s decision ``n`` (just applied) may be taken back: the game
    goes on, ``seat`` alone decides next, and nothing hidden was revealed (no private event,
    no card or chance moved). ``before`` and ``after``: the secret fingerprints around it."""
    if after is None:
        after = _secret_fingerprint(game, state)
    revealed = any(ev.private for ev in events) or after != before
    still_mine = game.to_act(state) == (seat,)
    return (n, seat) if still_mine and not revealed and not game.is_over(state) else None


def dumps(msg: dict[str, Any] | list[Any]) -> str:
    """Compact JSON text (orjson: several times faster than the standard library's)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


def build_message(table: Table, seat: int | None, log_from: int = 0) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) is told of ``table``: its view, its legal actions
    with labels, and the log from event ``log_from`` on, in every language."""
    return {
        **message_base(table, seat),
        "log_from": log_from,
        "log": table.log_lines(seat, log_from),
    }


def message_base(
    table: Table,
    seat: int | None,
    common: dict[str, Any] | None = None,
    view: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``build_message`` without the log (``log_from``, ``log``); ``common``: the parts
    every seat is told alike (``common_parts``), and ``view`` the seat's view, if already
    made."""
    return {
        **(common if common is not None else common_parts(table)),
        **own_parts(table, seat),
        "view": table.game.view(table.state, seat) if view is None else view,
    }


def common_parts(table: Table) -> dict[str, Any]:
    """What every seat and spectator is told alike of ``table`` as it is now."""
    game, state = table.game, table.state
    over = game.is_over(state)
    present = table.present()
    return {
        "type": "state",
        "table": table.id,
        "game": game.id,
        "n": table.n,
        "seats": [
            {
                "seat": i,
                "kind": s["kind"],
                "name": s.get("name") or "",
                "connected": present[i],
                "open": bool(s.get("open")),
            }
            for i, s in enumerate(table.meta.seats)
        ],
        "to_act": list(game.to_act(state)),
        "over": over,
        "prompt": None if over else {lang: game.describe_decision(state, lang) for lang in LANGS},
        "error": table.error,
        "deal": deal_entry(table.meta, over),
        "result": end_result(game, state) if over else None,
        "rematch": table.meta.rematch,
        "bot_speed": table.meta.bot_speed.value,
    }


def own_parts(table: Table, seat: int | None) -> dict[str, Any]:
    """What ``seat`` alone is told of ``table`` besides its view: its legal actions with
    their labels, and whether it may take its last decision back."""
    game, state = table.game, table.state
    names = table.names
    legal = game.legal_actions(state, seat) if seat is not None else []
    return {
        "seat": seat,
        "legal": [
            {
                "action": game.encode(a),
                "label": {lang: game.describe_action(state, a, lang, names) for lang in LANGS},
            }
            for a in legal
        ],
        "undo": table.undo is not None and table.undo[1] == seat and table.undo[0] == table.n,
    }


def replay_table(game: Game, meta: StoredTable, actions: list[tuple[int, str]]) -> Table:
    """A table rebuilt from its record: the game set up from the seed, then every action
    (the first illegal one, or a rules version the server does not have, stops it)."""
    state = game.setup(len(meta.seats), meta.seed, meta.options)
    table = Table(meta.id, game, meta, state, [], [])
    if meta.version != game.version:
        table.error = f"recorded with rules version {meta.version}; this server has {game.version}"
        log.error("table %s: %s", meta.id, table.error)
    else:
        play_on(table, actions)
    return table


def play_on(table: Table, actions: list[tuple[int, str]]) -> None:
    """Apply recorded ``actions`` (the table's next ones) to ``table``: its state, actions,
    events and the right to take the last one back, which a restarted server keeps. The
    first illegal action stops it and marks the table's ``error``."""
    game, state = table.game, table.state
    for i, (seat, text) in enumerate(actions):
        n = table.n + 1
        last = i == len(actions) - 1
        try:
            before = _secret_fingerprint(game, state) if last else None
            applied = game.apply(state, seat, game.decode(text))
        except IllegalAction as exc:
            table.error = f"stored action {n} ('{text}' by seat {seat}) is illegal: {exc.message}"
            table.undo = None
            log.error("table %s: %s", table.id, table.error)
            return
        table.events.extend((n, ev) for ev in applied)
        table.actions.append((seat, text))
        table.acted = time.monotonic()
        table.undo = _undo_right(game, state, seat, n, applied, before) if last else None


def _load(store: Store, table_id: str) -> Table:
    """In a rebuild thread: the table from the store."""
    stored = store.load(table_id)
    if stored is None:
        raise TableError("There is no such table.", "沒有這張牌桌。", 404)
    try:
        game = games.get(stored.game)
    except KeyError:
        raise TableError(
            f"This table's game '{stored.game}' is not available.",
            f"此牌桌的遊戲「{stored.game}」無法使用。",
            409,
        ) from None
    return replay_table(game, stored, stored.actions)


def _replay_text(table: Table, step: int) -> str:
    """In a rebuild thread: the finished table as a spectator saw it after ``step``."""
    past = replay_table(table.game, table.meta, table.actions[:step])
    msg = build_message(past, None)
    msg.update(steps=table.n, step=step, replay=True)
    return dumps(msg)


class TableManager:
    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.6,
        settings: Settings | None = None,
        bus: Alone | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.settings = settings or Settings()
        # the trained policies this server seats (ValueError here if one cannot be)
        self.policies = policies.load(self.settings.policies)
        self.bus = bus or Alone()  # what this process shares with the others serving
        self._background: set[asyncio.Task[Any]] = set()
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self._rebuilder = ThreadPoolExecutor(
            self.settings.rebuilds_at_once, thread_name_prefix="noblesse-rebuild"
        )
        self._replays: OrderedDict[tuple[str, int], str] = OrderedDict()
        self._created: dict[str, deque[float]] = {}
        self.per_address: Counter[str] = Counter()
        self._sweeper: asyncio.Task[None] | None = None
        self._watcher: asyncio.Task[None] | None = None

    async def _rebuild(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._rebuilder, fn, *args)

    async def _write(self, fn: Any, *args: Any) -> Any:
        return await self.store.writer.run(fn, *args)

    def _later(self, work: Any) -> None:
        """Run the coroutine ``work`` in the background (kept until it is done)."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ------------------------------------------------------------------ creating
    def bot_spec(self, kind: str, game_id: str) -> str:
        """A seat's kind at a table of ``game_id``, checked in full: ``human``, a bot spec
        held to the think cap, or ``policy:NAME`` of a trained policy this server seats
        at that game (``Settings.policies``)."""
        kind = str(kind).strip().lower()
        if kind == "human":
            return kind
        try:
            return self.policies.seat_kind(kind, game_id) or capped_spec(
                kind, self.settings.bot_think_ms, self.settings.bot_iters
            )
        except BotSpecError as exc:
            raise TableError(
                f"Seat kind '{kind[:40]}': {exc.message}. Use human or a bot.",
                f"座位類型「{kind[:40]}」：{exc.message_zh}。請用真人或電腦玩家。",
            ) from None

    @staticmethod
    def bot_speed(value: Any) -> BotSpeed:
        """A table's bot speed as asked for (None: normal), or a refusal naming the choices."""
        if value is None:
            return BotSpeed.NORMAL
        try:
            return BotSpeed(value)
        except ValueError:
            shown = str(value)[:20]
            raise TableError(
                f"The bots' speed must be fast, normal or slow, not '{shown}'.",
                f"電腦玩家的速度只能是快、普通或慢，不能是「{shown}」。",
            ) from None

    def _check_rate(self, address: str) -> None:
        limit = self.settings.tables_per_minute
        if not limit:
            return
        now = time.monotonic()
        times = self._created.setdefault(address, deque())
        while times and now - times[0] > 60:
            times.popleft()
        if len(times) >= limit:
            raise TableError(
                f"Too many new tables from your address: at most {limit} a minute. "
                "Try again in a minute.",
                f"你的位址開新牌桌太頻繁了：每分鐘最多{limit}張，請一分鐘後再試。",
                429,
            )
        times.append(now)
        if len(self._created) > 10_000:  # forget addresses quiet for a minute
            for addr in [a for a, t in self._created.items() if not t or now - t[-1] > 60]:
                del self._created[addr]

    async def create(
        self,
        game_id: str,
        seats: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        names: list[str] | None = None,
        address: str = "",
        seat_hashes: list[str | None] | None = None,
        host_hash: str | None = None,
        bot_speed: Any = None,
    ) -> tuple[Table, list[str | None], str]:
        """A new table; ``seat_hashes`` and ``host_hash`` (a rematch): its people keep the
        tokens of the table before (no new tokens are made, ``tokens`` are all None);
        ``bot_speed``: how long its bots wait before acting (``BotSpeed``, None: normal)."""
        speed = self.bot_speed(bot_speed)
        try:
            game = games.get(game_id)
        except KeyError as exc:
            raise TableError(str(exc).strip("'\""), f"未知的遊戲「{game_id}」", 400) from None
        if not game.min_players <= len(seats) <= game.max_players:
            raise TableError(
                f"{game_id} is for {game.min_players}-{game.max_players} players",
                f"這個遊戲需要{game.min_players}-{game.max_players}名玩家。",
            )
        # an open seat is a person's seat whose link goes to whoever takes it (``join``)
        opened = [str(kind).strip().lower() == "open" for kind in seats]
        kinds = [
            "human" if o else self.bot_spec(kind, game.id)
            for kind, o in zip(seats, opened, strict=True)
        ]
        names = list(names or [])[: len(kinds)]
        names += [""] * (len(kinds) - len(names))
        if seed is not None:  # a known deal: anyone may search for a small seed
            seed = int(seed)
            if not self.may_choose_seed(kinds):
                raise TableError(
                    "A seed may be chosen only at a practice table: exactly one human seat, "
                    "every other seat a bot. Leave the seed empty for a secret deal.",
                    "只有練習桌可以指定種子：恰好一個真人座位，其餘都是電腦玩家。"
                    "不指定種子，就會是保密的發牌。",
                )
            if not -(2**31) <= seed < 2**31:  # the store's seed column is a 32-bit integer
                raise TableError(
                    "The seed must be a whole number from -2147483648 to 2147483647.",
                    "種子必須是-2147483648到2147483647之間的整數。",
                )
        deal = new_deal(seed)  # no seed: a secret 256-bit one
        options = dict(options or {})
        schema = game.options_schema()
        for key, value in options.items():  # JSON "no" or 0 must not switch a flag on
            if key not in schema:
                raise TableError(
                    f"{game.title.get('en', game.id)} has no option '{key}'.",
                    f"{game.title.get('zh-TW', game.id)}沒有「{key}」這個選項。",
                )
            if type(value) is not type(schema[key]):
                kind = type(schema[key]).__name__
                raise TableError(
                    f"Option '{key}' must be a {kind}, not {value!r}.",
                    f"選項「{key}」必須是{_KIND_ZH.get(kind, kind)}，不能是「{value}」。",
                )
        try:
            await self._rebuild(game.setup, len(kinds), deal.seed, options)
        except (ValueError, TypeError) as exc:
            raise TableError(str(exc), "選項的值無效，無法用這些選項開桌。") from None
        creator = token_hash(address) if address else None
        limit = self.settings.open_tables_per_address
        if limit and creator and await self._rebuild(self.store.open_tables_by, creator) >= limit:
            raise TableError(
                f"Your address already has {limit} unfinished tables; finish or leave some first.",
                f"你的位址已經有{limit}張未完成的牌桌，請先完成或離開其中幾張。",
                429,
            )
        self._check_rate(address)
        tokens: list[str | None] = [
            secrets.token_urlsafe(18) if k == "human" and not o and seat_hashes is None else None
            for k, o in zip(kinds, opened, strict=True)
        ]
        host = secrets.token_urlsafe(18) if host_hash is None else ""
        hashes = (
            seat_hashes
            if seat_hashes is not None
            else [token_hash(t) if t else None for t in tokens]
        )
        seat_rows = [
            {
                "kind": k,
                "name": str(n)[:40],
                "token_hash": h if k == "human" and not o else None,
                **({"open": True} if o else {}),
            }
            for k, n, h, o in zip(kinds, names, hashes, opened, strict=True)
        ]
        table_id = secrets.token_urlsafe(8)
        await self._write(
            functools.partial(
                self.store.create_table,
                table_id,
                game.id,
                game.version,
                deal.seed,
                options,
                seat_rows,
                host_hash or token_hash(host),
                salt=deal.salt,
                commitment=deal.commitment,
                creator=creator,
                bot_speed=speed,
            )
        )
        table = await self.get(table_id)
        self._kick_bots(table)
        return table, tokens, host

    def may_choose_seed(self, kinds: list[str]) -> bool:
        """Whether a table of these seats may have a known deal: a practice table (or any,
        with ``--known-deals``)."""
        return is_practice(kinds) or self.settings.known_deals

    async def rematch(
        self, table: Table, seat: int | None, token: str | None, host: str | None, address: str = ""
    ) -> str:
        """The rematch of a finished table (made at the first request of one of its people:
        a seat's token or the host's): the same game, options, seats and names, a new
        deal (secret, or for a known deal the known one derived from it: ``rematch_seed``)
        and the same bot speed;
        each person's link of the table before opens their seat in it."""
        if host is not None:
            self.check_host(table, host)
        elif seat is None or not token:
            raise TableError(
                "Only a person of the table (a seat's link, or the host's) may start its rematch.",
                "只有這張牌桌的玩家（持有座位連結或房主連結）可以發起再來一局。",
                403,
            )
        else:
            self.seat_for_token(table, seat, token)
        if table.meta.status != "finished":
            raise TableError(
                "A rematch can start only once the game is over.", "牌局結束後才能再來一局。", 409
            )
        async with table.rematch_lock:
            if table.meta.rematch:
                return table.meta.rematch
            seats = table.meta.seats
            kinds = ["open" if s.get("open") else s["kind"] for s in seats]
            # a seat handed to a bot may have ended the practice: then a secret deal
            seed = rematch_seed(table.meta)
            if not self.may_choose_seed(["human" if k == "open" else k for k in kinds]):
                seed = None
            new, _, _ = await self.create(
                table.game.id,
                kinds,
                dict(table.meta.options),
                seed,
                [s.get("name", "") for s in seats],
                address,
                seat_hashes=[s.get("token_hash") for s in seats],
                host_hash=table.meta.host_hash,
                bot_speed=table.meta.bot_speed,
            )
            rematch = await self._write(self.store.set_rematch, table.id, new.id)
            table.meta.rematch = rematch
            self._table_changed(table)
            return rematch

    # ------------------------------------------------------------------ loading
    async def get(self, table_id: str) -> Table:
        """The live table, loaded from the store (off the loop) if it is not in memory."""
        table = self.tables.get(table_id)
        if table is not None:
            table.used = time.monotonic()
            return table
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise TableError("There is no such table.", "沒有這張牌桌。", 404)
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._rebuild(_load, self.store, table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _f: self._loading.pop(table_id, None))
        table = await asyncio.shield(loading)
        held = self.tables.setdefault(table_id, table)
        if held is table and self.bus.shared:  # who sits at it in the other processes
            self._later(self._look_at_seats(table))
        return held

    async def restore_all(self) -> list[str]:
        """Load every unfinished table (after a restart) and set its bots going."""
        ids = await self._rebuild(self.store.table_ids, "playing")
        for table_id in ids:
            with contextlib.suppress(TableError):
                self._kick_bots(await self.get(table_id))
        return ids

    async def _reload(self, table: Table) -> None:
        """The table as the store has it (its copy here fell behind, or went wrong)."""
        fresh = await self._rebuild(_load, self.store, table.id)
        kept = fresh.actions[: table.n] == table.actions  # the log so far is still true
        table.meta, table.state, table.actions = fresh.meta, fresh.state, fresh.actions
        table.events, table.undo, table.error = fresh.events, fresh.undo, fresh.error
        table.said.clear()
        if not kept:
            for conn in table.connections:
                conn.log_sent = 0  # the log starts over (the patch still applies)
        self._changed(table)

    async def _reload_or_refuse(self, table: Table, message: tuple[str, str] = UNREACHABLE) -> None:
        """``_reload``, for a request: if the store cannot be read either, the request is
        refused as unavailable with ``message`` (English, Chinese). The copy here is
        then left as it was; the next action, refused by the store as stale, or the next
        comparison with the store brings it up to date."""
        try:
            await self._reload(table)
        except Exception as exc:
            log.exception("table %s: could not read it back from the store", table.id)
            raise TableError(*message, 503) from exc

    async def start(self) -> None:
        """Start the bot processes, the sweeper that lets idle tables leave memory, and
        (several processes serving) the news from the others."""
        bots.warm(self.settings.bot_workers)
        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(self._sweep())
        await self.bus.start(self._heard)
        if self.bus.shared:
            self._watcher = loop.create_task(self._watch())

    async def _sweep(self) -> None:
        idle = self.settings.idle_seconds
        if not idle:
            return
        while True:
            await asyncio.sleep(min(60.0, max(0.05, idle / 4)))
            await self.evict_idle()

    async def evict_idle(self) -> list[str]:
        """Tables with no connection, no bot thinking and nothing done for ``idle_seconds``
        leave memory; the next request loads them again from the store."""
        now, gone = time.monotonic(), []
        for table in list(self.tables.values()):
            busy = table.connections or (table.bot_task and not table.bot_task.done())
            if busy or now - table.used < self.settings.idle_seconds or table.lock.locked():
                continue
            async with table.lock:
                if table.connections or (table.bot_task and not table.bot_task.done()):
                    continue
                table.evicted = True
                self.tables.pop(table.id, None)
                gone.append(table.id)
        return gone

    # ------------------------------------------------------------------ seats
    def seat_for_token(self, table: Table, seat: int, token: str | None) -> int:
        seats = table.meta.seats
        if not 0 <= seat < len(seats):
            raise TableError(
                f"There is no seat {seat} at this table.", f"這張牌桌沒有編號{seat}的座位。", 404
            )
        expected = seats[seat].get("token_hash")
        if not token or not expected or not secrets.compare_digest(token_hash(token), expected):
            raise TableError(
                "This link's token is not valid for that seat.", "此連結的憑證對該座位無效。", 403
            )
        return seat

    def check_host(self, table: Table, host: str | None) -> None:
        if not host or not secrets.compare_digest(token_hash(host), table.meta.host_hash):
            raise TableError("Only the host of the table may do that.", "只有房主可以這樣做。", 403)

    async def hand_to_bot(self, table: Table, seat: int, kind: str) -> str:
        spec = self.bot_spec(kind, table.game.id)
        if spec == "human":
            raise TableError(
                "A seat can be handed to a bot, not to a person.",
                "座位只能交給電腦玩家，不能交給真人。",
            )
        while True:
            async with table.lock:
                if table.evicted:  # it left memory meanwhile: work on the loaded one
                    table = await self.get(table.id)
                    continue
                seats = [dict(s) for s in table.meta.seats]
                if not 0 <= seat < len(seats):
                    raise TableError(f"There is no seat {seat}.", f"沒有編號{seat}的座位。", 404)
                if table.seated(seat) or seat in await self.bus.seats_elsewhere(table.id):
                    raise TableError(
                        "That player is still at the table.", "這位玩家還在牌桌上。", 409
                    )
                seats[seat].update(kind=spec, token_hash=None)
                seats[seat].pop("open", None)
                await self._write(self.store.set_seats, table.id, seats)
                table.meta.seats = seats
                self._table_changed(table)
                break
        self._kick_bots(table)
        return spec

    async def set_bot_speed(self, table: Table, speed: Any) -> BotSpeed:
        """The host's change of the table's bot speed: from the next bot action on."""
        chosen = self.bot_speed(speed)
        while True:
            async with table.lock:
                if table.evicted:  # it left memory meanwhile: work on the loaded one
                    table = await self.get(table.id)
                    continue
                await self._write(self.store.set_bot_speed, table.id, chosen)
                table.meta.bot_speed = chosen
                self._table_changed(table)
                return chosen

    async def join(self, table: Table, seat: int) -> str:
        """Take the open seat ``seat``: its token, told to the caller alone, once. Of two
        callers at once (in this process or another) one gets it, the other a 409."""
        token = secrets.token_urlsafe(18)
        while True:
            async with table.lock:
                if table.evicted:  # it left memory meanwhile: work on the loaded one
                    table = await self.get(table.id)
                    continue
                if not 0 <= seat < len(table.meta.seats):
                    raise TableError(f"There is no seat {seat}.", f"沒有編號{seat}的座位。", 404)
                seats = await self._write(self.store.claim_seat, table.id, seat, token_hash(token))
                if seats is None:
                    raise TableError(
                        "That seat is no longer open: someone else took it.",
                        "這個座位已經有人入座了。",
                        409,
                    )
                table.meta.seats = seats
                self._table_changed(table)
                return token

    # ------------------------------------------------------------------ acting
    async def act(self, table: Table, seat: int, text: Any) -> None:
        # Shielded: a client that leaves mid-commit must not leave the state ahead of the record.
        await asyncio.shield(self._act(table, seat, text))

    async def _act(self, table: Table, seat: int, text: Any) -> None:
        async with table.lock:
            await self._apply(table, seat, text)
            self._broadcast(table)
        self._kick_bots(table)

    async def _apply(self, table: Table, seat: int, text: Any, again: bool = True) -> bool:
        """Apply and commit ``seat``'s action ``text`` (raising ``TableError``, with nothing
        changed, if it cannot be). If another process recorded an action first, the table
        is brought up to date and (``again``) the action is tried on it anew; without
        ``again`` it returns False then, having applied nothing."""
        for _attempt in range(5):
            if await self._apply_once(table, seat, text):
                return True
            # another process was first: catch up
            await self._reload_or_refuse(table)
            self._broadcast(table)
            if not again:
                return False
        raise TableError(
            "The table is too busy right now; nothing changed. Try again.",
            "牌桌現在太忙，牌局沒有改變。請再試一次。",
            503,
            "busy",
        )

    async def _apply_once(self, table: Table, seat: int, text: Any) -> bool:
        """``_apply`` against this process's copy: False if the store had moved on."""
        game, state = table.game, table.state
        if table.error:
            raise TableError(
                f"This table cannot go on: {table.error}", "此牌桌的紀錄已損壞，無法繼續。", 409
            )
        if game.is_over(state):
            raise TableError("The game is over.", "遊戲已經結束。", 409)
        if not isinstance(text, str):
            raise TableError(
                "An action must be a string such as 'pass'.", "行動必須是一個字串（行動的代碼）。"
            )
        if len(text) > MAX_ACTION:
            raise TableError(
                f"An action is at most {MAX_ACTION} characters.", f"行動最多{MAX_ACTION}個字元。"
            )
        if seat not in game.to_act(state):
            raise TableError("It is not your turn.", "還沒輪到你。", 409)
        try:
            action = game.decode(text)
        except IllegalAction as exc:
            raise TableError(exc.message, exc.message_zh) from None
        known = table.secrets
        before = (
            known[2]
            if known and known[0] is state and known[1] == table.n
            else _secret_fingerprint(game, state)
        )
        # applied to a copy, which becomes the table's once the store holds the action
        state = game.clone(state)
        state.legal_cache = table.state.legal_cache  # the same position
        try:
            events = game.apply(state, seat, action)  # raises, changing nothing, if illegal
        except IllegalAction as exc:
            raise TableError(exc.message, exc.message_zh, 409) from None
        n = table.n + 1
        result = result_of(game, state) if game.is_over(state) else None
        try:
            # In the store's writer thread, committed with whatever else is waiting.
            await self.store.writer.append(NewAction(table.id, n, seat, text, result))
        except StaleTable:
            return False
        except Exception as exc:  # the store refused, or its answer was lost
            log.exception("table %s: could not store action %d", table.id, n)
            await self._reload_or_refuse(table)
            if table.actions[n - 1 : n] == [(seat, text)]:  # it was committed after all
                self.bus.tell(News(table.id, "table", table.meta.revision))
                return True
            raise TableError(
                "The action could not be saved; nothing changed. Try again.",
                "行動無法儲存，牌局沒有改變。請再試一次。",
                503,
            ) from exc
        table.state = state
        table.actions.append((seat, text))
        table.events.extend((n, ev) for ev in events)
        table.acted = time.monotonic()
        if result is not None:
            table.meta.status, table.meta.result = "finished", result
        after = _secret_fingerprint(game, state)
        table.secrets = (state, n, after)
        table.undo = _undo_right(game, state, seat, n, events, before, after)
        table.meta.revision += 1
        self.bus.tell(News(table.id, "table", table.meta.revision, (seat, text)))
        self._changed(table)
        return True

    async def undo(self, table: Table, seat: int) -> None:
        """Take back ``seat``'s last decision: allowed while no other seat has acted since
        and it revealed nothing hidden (no private event, no card or chance moved)."""
        await asyncio.shield(self._undo(table, seat))

    async def _undo(self, table: Table, seat: int) -> None:
        async with table.lock:
            if table.undo is None or table.undo != (table.n, seat):
                raise TableError("You cannot take that back now.", "現在不能收回這一步。", 409)
            try:
                await self._write(self.store.remove_last_action, table.id, table.n)
            except StaleTable:  # another process recorded an action after it meanwhile
                await self._reload_or_refuse(table)
                self._broadcast(table)
                raise TableError(
                    "You cannot take that back now.", "現在不能收回這一步。", 409
                ) from None
            except Exception as exc:
                log.exception("table %s: could not take back action %d", table.id, table.n)
                await self._reload_or_refuse(table)
                raise TableError(
                    "The move could not be taken back; nothing changed. Try again.",
                    "無法收回這一步，牌局沒有改變。請再試一次。",
                    503,
                ) from exc
            await self._reload_or_refuse(table, TAKEN_BACK_UNSHOWN)
            self.bus.tell(News(table.id, "table", table.meta.revision))
            self._broadcast(table)

    # ------------------------------------------------------------------ telling
    def text(self, table: Table, seat: int | None, log_from: int = 0) -> str:
        """``build_message`` as JSON, built once per change for every connection that shares it."""
        key = (seat, log_from, None)
        text = table.told.texts.get(key)
        if text is None:
            text = table.told.texts[key] = self._base(table, seat).state_json(
                log_from, table.log_json(seat, log_from)
            )
        return text.decode()

    def _base(self, table: Table, seat: int | None) -> Encoded:
        """What ``seat`` is told now, without the log, encoded once per change. Made
        together for every seat connected: the views' parts that the game made once for
        all (``Game.views``) are encoded once, and those in every seat's view are kept
        apart (``shared_view``), so a change compares them once for all seats."""
        told = table.told
        base = told.bases.get(seat)
        if base is None:
            if told.common_json is None:
                told.common_json = encode_parts(common_parts(table))
            seats = [
                s
                for s in dict.fromkeys([seat, *(c.seat for c in table.connections)])
                if s not in told.bases
            ]
            common, views = told.common_json, table.game.views(table.state, seats)
            known: dict[int, bytes] = {}  # each view part's JSON, while ``views`` holds it
            alike = shared_view(views, known)
            for s, view in zip(seats, views, strict=True):
                told.bases[s] = encode_seat(common, own_parts(table, s), view, known, alike)
            base = told.bases[seat]
        return base

    def _table_changed(self, table: Table) -> None:
        """The table's record changed (its seats, its rematch): the other processes hear
        of it, and everyone here is told."""
        table.meta.revision += 1
        self.bus.tell(News(table.id, "table", table.meta.revision))
        self._changed(table)
        self._broadcast(table)

    def _changed(self, table: Table) -> None:
        table.told = Telling()
        table.used = time.monotonic()

    def _send(self, table: Table, conn: Connection) -> None:
        """Tell ``conn`` the table as it is now: what changed since its last message, or
        everything if it has had none (or the change would be larger)."""
        told, before, base = table.told, conn.shown, self._base(table, conn.seat)
        key = (conn.seat, conn.log_sent, None if before is None else id(before))
        text = told.texts.get(key)
        if text is None:
            if before is not None:
                told.changed_from[id(before)] = before
            log = table.log_json(conn.seat, conn.log_sent)
            change = (
                None
                if before is None
                else change_json(before, base, conn.log_sent, log, told.patches)
            )
            text = told.texts[key] = change or base.state_json(conn.log_sent, log)
        conn.shown = base
        conn.log_sent = len(table.events)
        if not conn.put(text):
            self._drop(table, conn)

    def _broadcast(self, table: Table) -> None:
        for conn in list(table.connections):
            if conn in table.connections:
                self._send(table, conn)

    def _presence(self, table: Table, skip: Connection | None = None) -> None:
        """Tell everyone which seats are connected (one small message for all)."""
        self._changed(table)
        text = dumps({"type": "presence", "n": table.n, "connected": table.present()})
        for conn in list(table.connections):
            if conn is not skip and conn in table.connections and not conn.put(text):
                self._drop(table, conn)

    def _drop(self, table: Table, conn: Connection) -> None:
        """Forget a connection (closed, or fallen behind); tell the others if a seat left."""
        if conn not in table.connections:
            return
        table.connections.remove(conn)
        self.per_address[conn.address] -= 1
        if self.per_address[conn.address] <= 0:
            del self.per_address[conn.address]
        if conn.seat is not None and not table.seated(conn.seat):
            if self.bus.shared:
                self._later(self.bus.seat_here(table.id, conn.seat, False))
            self._presence(table)

    def admit(self, table: Table, address: str) -> None:
        """Refuse a new connection over the per-table or per-address limits."""
        per_table, per_address = (
            self.settings.connections_per_table,
            self.settings.connections_per_address,
        )
        if per_table and len(table.connections) >= per_table:
            raise TableError(
                f"This table already has {per_table} connections; try again later.",
                f"這張牌桌已經有{per_table}個連線，請稍後再試。",
                429,
                "busy",
            )
        if per_address and self.per_address[address] >= per_address:
            raise TableError(
                f"Your address already has {per_address} connections open; close some tabs.",
                f"你的位址已經開了{per_address}個連線，請關掉一些分頁。",
                429,
                "busy",
            )

    async def resend(self, table: Table, conn: Connection) -> None:
        """Everything again, the whole log included (a client that lost track)."""
        async with table.lock:
            conn.log_sent, conn.shown = 0, None
            self._send(table, conn)

    async def connect(self, table: Table, conn: Connection) -> Table:
        """Register ``conn`` and send it everything; returns the table it joined (the one
        in memory now, if ``table`` left memory meanwhile)."""
        while True:
            async with table.lock:
                if table.evicted:
                    table = await self.get(table.id)
                    continue
                self.admit(table, conn.address)
                seat = conn.seat
                arrives = seat is not None and not table.seated(seat)
                table.connections.append(conn)
                self.per_address[conn.address] += 1
                if arrives:  # "connected" changes in every message
                    self._changed(table)
                conn.log_sent, conn.shown = 0, None
                self._send(table, conn)
                if seat is not None and arrives:
                    if self.bus.shared:
                        self._later(self.bus.seat_here(table.id, seat, True))
                    self._presence(table, skip=conn)
                return table

    async def disconnect(self, table: Table, conn: Connection) -> None:
        async with table.lock:
            self._drop(table, conn)
            table.used = time.monotonic()

    # ------------------------------------------------------------------ replays
    async def replay_text(self, table: Table, step: int) -> str:
        """The finished table as a spectator saw it after ``step`` of its actions (JSON),
        built off the loop and kept for the next viewer."""
        step = max(0, min(step, table.n))
        key = (table.id, step)
        text = self._replays.get(key)
        if text is None:
            text = await self._rebuild(_replay_text, table, step)
            self._replays[key] = text
            while len(self._replays) > 512:
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(key)
        return text

    # ------------------------------------------------------------------ bots
    def _bot_seats(self, table: Table) -> list[int]:
        if table.error or table.game.is_over(table.state):
            return []
        return [s for s in table.game.to_act(table.state) if table.meta.seats[s]["kind"] != "human"]

    def _kick_bots(self, table: Table) -> None:
        if table.bot_task and not table.bot_task.done():
            return
        if not self._bot_seats(table) or table.evicted:
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        """Bots decide one after another, each after a short visible delay (the server's
        ``bot_delay`` times the table's ``BotSpeed``), thinking in the
        bot processes while the table stays free. A bot's choice is seeded by the table seed
        and the action number, so a restarted server makes the same choices; a bot that
        fails (a bug) is logged and its seat plays a random legal action, so the table
        never stalls. Several processes serving, only the holder of the table's bot lease
        runs them (``cluster``)."""
        if not await self.bus.take_bots(table.id):
            return  # another process runs them; it hands them over if it dies
        try:
            await self._bots_move(table)
        finally:
            await self.bus.drop_bots(table.id)

    async def _bots_move(self, table: Table) -> None:
        while True:
            # a bot acts once the table's last action (a person's too, taken while it
            # waited) is its delay old
            wait = 0.0
            while True:
                await asyncio.sleep(wait)
                wait = table.acted + table.meta.bot_speed.delay(self.bot_delay) - time.monotonic()
                if wait <= 0:
                    break
            async with table.lock:
                seats = self._bot_seats(table)
                if not seats or table.evicted or not self.bus.holds_bots(table.id):
                    return
                seat, n = seats[0], table.n
                spec = table.meta.seats[seat]["kind"]
                seed = game_seed(table.meta.seed, n, f"bot{seat}")
                snapshot = table.game.clone(table.state)
            try:
                text = await bots.decide(
                    table.game.id,
                    snapshot,
                    seat,
                    self.policies.runnable(spec),
                    seed,
                    self.settings.bot_workers,
                )
            except Exception:  # noqa: BLE001 - a bot's bug must not stall the table
                log.exception(
                    "table %s: bot %s in seat %d failed at action %d; it plays a "
                    "random legal action",
                    table.id,
                    spec,
                    seat,
                    n + 1,
                )
                legal = table.game.legal_actions(snapshot, seat)
                text = table.game.encode(legal[random.Random(seed).randrange(len(legal))])
            async with table.lock:
                if (
                    table.n != n
                    or seat not in self._bot_seats(table)
                    or table.meta.seats[seat]["kind"] != spec
                ):
                    continue  # the table moved on while it thought: think again
                try:
                    applied = await self._apply(table, seat, text, again=False)
                except TableError as exc:
                    if exc.code != 503:  # anything but a failed save is a bug: stop
                        log.exception("table %s: bot in seat %d failed", table.id, seat)
                        return
                    retry = True  # the store refused: nothing changed, try again shortly
                else:  # not applied: another process moved first; think again
                    retry = False
                    if applied:
                        self._broadcast(table)
                    elif not self._bot_seats(table):
                        return
            if retry:
                await asyncio.sleep(max(1.0, self.bot_delay))

    # ------------------------------------------------------------------ other processes
    async def _heard(self, news: News) -> None:
        """News from another process: a table changed, or a seat's player came or went
        there. Only a table held here concerns this process."""
        table = self.tables.get(news.table_id)
        if table is None:
            return
        if news.kind == "seats":
            self._later(self._look_at_seats(table))
        elif news.revision is None or news.revision > table.meta.revision:
            self._later(self._follow(table, news))

    async def _follow(self, table: Table, news: News) -> None:
        """Apply the action ``news`` brings if this copy is the revision before it; else
        (news missed or out of order, or a change that was no action) catch up from the
        store."""
        async with table.lock:
            if news.revision is not None and news.revision <= table.meta.revision:
                return  # already there
            if (
                news.action is not None
                and news.revision == table.meta.revision + 1
                and not table.error
                and not table.evicted
            ):
                play_on(table, [news.action])
                if table.error:  # cannot be, but then the store decides
                    await self._reload(table)
                else:
                    if table.game.is_over(table.state):
                        table.meta.status = "finished"
                        table.meta.result = result_of(table.game, table.state)
                    table.meta.revision = news.revision
                    self._changed(table)
                self._broadcast(table)
                followed = True
            else:
                followed = False
        if followed:
            self._kick_bots(table)
        elif not table.behind:
            table.behind = True
            await self._catch_up(table)

    async def _look_at_seats(self, table: Table) -> None:
        elsewhere = frozenset(await self.bus.seats_elsewhere(table.id))
        if elsewhere != table.elsewhere and not table.evicted:
            async with table.lock:
                table.elsewhere = elsewhere
                self._presence(table)

    async def _catch_up(self, table: Table) -> None:
        """Bring this process's copy of ``table`` to the store's latest revision and tell
        its sockets: the new actions alone if nothing else happened since (each write adds
        one to the revision), else the table anew."""
        try:
            async with table.lock:
                table.behind = False
                if table.evicted:
                    return
                fresh = await self._rebuild(self.store.load, table.id, table.n)
                if fresh is None or fresh.revision == table.meta.revision:
                    return
                if (
                    fresh.revision - table.meta.revision == len(fresh.actions) > 0
                    and not table.error
                ):
                    await self._rebuild(play_on, table, fresh.actions)
                    table.meta.status, table.meta.result = fresh.status, fresh.result
                    table.meta.seats, table.meta.revision = fresh.seats, fresh.revision
                    self._changed(table)
                else:
                    await self._reload(table)
                self._broadcast(table)
            self._kick_bots(table)
        except Exception:  # noqa: BLE001 - the next comparison of revisions tries again
            log.exception("table %s: could not catch up with the store", table.id)

    async def _watch(self) -> None:
        """Several processes serving: every second, compare each table held here with the
        store (news may be lost while Redis is away), take over the bots of tables whose
        lease holder died (or whose lease could not be taken while Redis was away), and look again at who sits where (a killed process's players
        are gone)."""
        ticks = 0
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            ticks += 1
            try:
                held = list(self.tables.values())
                stored = await self._rebuild(self.store.revisions, [t.id for t in held])
                for table in held:
                    if (
                        stored.get(table.id, table.meta.revision) != table.meta.revision
                        and not table.behind
                    ):
                        table.behind = True
                        self._later(self._catch_up(table))
                for table_id in await self.bus.expired_bot_tables():
                    expired: Table | None
                    try:
                        expired = await self.get(table_id)
                    except TableError:
                        expired = None
                    if expired is not None and self._bot_seats(expired):
                        self._kick_bots(expired)
                    else:  # over, gone, or waiting for a person: nothing to take over
                        await self.bus.drop_bots(table_id)
                if ticks % 3 == 0:
                    for table in held:
                        if table.connections or table.elsewhere:
                            self._later(self._look_at_seats(table))
            except Exception:  # noqa: BLE001 - the store away: try again next time
                log.exception("could not compare the tables held here with the store")

    async def shutdown(self) -> None:
        if self._watcher:
            self._watcher.cancel()
        if self._sweeper:
            self._sweeper.cancel()
        for table in self.tables.values():
            if table.bot_task and not table.bot_task.done():
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
        await self.bus.close()
        self._rebuilder.shutdown(wait=False, cancel_futures=True)
