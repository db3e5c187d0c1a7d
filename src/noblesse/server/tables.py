"""Live tables: the game state in memory, its record in the store, bots in seats.

Every change to a table goes through ``TableManager.act`` under the table's lock:
apply (an illegal action raises and changes nothing), commit the action row, and
only then tell the connected seats, each through its own redacted view.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from noblesse import games
from noblesse.agents import KINDS, make_agent
from noblesse.core.errors import IllegalAction, NoblesseError
from noblesse.core.events import Event
from noblesse.core.game import Game, State
from noblesse.core.record import result_of
from noblesse.i18n import LANGS
from noblesse.server.deals import deal_entry, is_practice, new_deal
from noblesse.server.store import Store, StoredTable, token_hash
from noblesse.sim.batch import game_seed

log = logging.getLogger("noblesse.server")
Sender = Callable[[dict[str, Any]], Awaitable[None]]


class TableError(NoblesseError):
    """A request about a table that cannot be done; ``code`` is the HTTP status."""

    def __init__(self, message: str, message_zh: str, code: int = 400) -> None:
        super().__init__(message)
        self.message, self.message_zh, self.code = message, message_zh, code

    def payload(self, kind: str = "error") -> dict[str, Any]:
        return {"type": "error", "code": kind, "message": {"en": self.message, "zh-TW": self.message_zh}}


@dataclass
class Connection:
    seat: int | None
    send: Sender
    log_sent: int = 0


@dataclass
class Table:
    id: str
    game: Game
    meta: StoredTable
    state: State
    actions: list[tuple[int, str]]
    events: list[tuple[int, Event]]  # (number of the action that caused it, event)
    undo: tuple[int, int] | None = None  # (action number, seat) that may be taken back
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    error: str | None = None

    @property
    def n(self) -> int:
        return len(self.actions)

    @property
    def names(self) -> list[str] | None:
        names = [s.get("name") or "" for s in self.meta.seats]
        return names if any(names) else None


def _secret_fingerprint(game: Game, state: State) -> Any:
    fingerprint = getattr(game, "secret_fingerprint", None)
    base = state.rng.getstate()
    return (base, fingerprint(state)) if fingerprint else base


def _undo_right(game: Game, state: State, seat: int, n: int, events: list[Event],
                before: Any) -> tuple[int, int] | None:
    """``(n, seat)`` if ``seat``'s decision ``n`` (just applied) may be taken back: the game
    goes on, ``seat`` alone decides next, and nothing hidden was revealed (no private event,
    no card or chance moved)."""
    revealed = any(ev.private for ev in events) or _secret_fingerprint(game, state) != before
    still_mine = game.to_act(state) == (seat,)
    return (n, seat) if still_mine and not revealed and not game.is_over(state) else None


class TableManager:
    # Accept a chosen seed at any table, not only at practice tables (``serve
    # --known-deals``: tests and demonstrations whose deals everyone may know).
    known_deals: bool = False

    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}

    # ------------------------------------------------------------------ creating
    def create(self, game_id: str, seats: list[str], options: dict[str, Any] | None = None,
               seed: int | None = None, names: list[str] | None = None,
               ) -> tuple[Table, list[str | None], str]:
        try:
            game = games.get(game_id)
        except KeyError as exc:
            raise TableError(str(exc).strip("'\""), f"未知的遊戲「{game_id}」", 400) from None
        if not game.min_players <= len(seats) <= game.max_players:
            raise TableError(f"{game_id} is for {game.min_players}-{game.max_players} players",
                             f"此遊戲需要{game.min_players}-{game.max_players}名玩家")
        kinds = []
        for kind in seats:
            kind = str(kind).strip().lower()
            if kind != "human" and kind.split(":")[0] not in KINDS:
                raise TableError(f"unknown seat kind '{kind}'; use human or {', '.join(KINDS)}",
                                 f"未知的座位類型「{kind}」")
            kinds.append(kind)
        names = list(names or [])[: len(kinds)]
        names += [""] * (len(kinds) - len(names))
        if seed is not None:  # a known deal: anyone may search for a small seed
            seed = int(seed)
            if not (is_practice(kinds) or self.known_deals):
                raise TableError(
                    "A seed may be chosen only at a practice table: exactly one human seat, "
                    "every other seat a bot. Leave the seed empty for a secret deal.",
                    "只有練習桌可以指定種子：恰好一個真人座位，其餘都是電腦玩家。"
                    "不指定種子，就會是保密的發牌。")
            if not -(2**31) <= seed < 2**31:  # the store's seed column is a 32-bit integer
                raise TableError("The seed must be a whole number from -2147483648 to 2147483647.",
                                 "種子必須是 -2147483648 到 2147483647 之間的整數。")
        deal = new_deal(seed)  # no seed: a secret 256-bit one
        seed = deal.seed
        options = dict(options or {})
        schema = getattr(game, "options_schema", dict)()
        for key, value in options.items():  # JSON "no" or 0 must not switch a flag on
            if key in schema and type(value) is not type(schema[key]):
                kind = type(schema[key]).__name__
                raise TableError(f"Option '{key}' must be a {kind}, not {value!r}.",
                                 f"選項「{key}」必須是 {kind}，而不是 {value!r}。")
        try:
            game.setup(len(kinds), seed, options)
        except (ValueError, TypeError) as exc:
            raise TableError(str(exc), f"選項無效：{exc}") from None
        tokens: list[str | None] = [secrets.token_urlsafe(18) if k == "human" else None for k in kinds]
        host = secrets.token_urlsafe(18)
        seat_rows = [{"kind": k, "name": str(n)[:40], "token_hash": token_hash(t) if t else None}
                     for k, n, t in zip(kinds, names, tokens, strict=True)]
        table_id = secrets.token_urlsafe(8)
        self.store.create_table(table_id, game.id, game.version, seed, options, seat_rows,
                                token_hash(host), salt=deal.salt, commitment=deal.commitment)
        table = self._load(table_id)
        self._kick_bots(table)
        return table, tokens, host

    # ------------------------------------------------------------------ loading
    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            table = self._load(table_id)
        return table

    def _load(self, table_id: str) -> Table:
        stored = self.store.load(table_id)
        if stored is None:
            raise TableError("There is no such table.", "沒有這張牌桌。", 404)
        try:
            game = games.get(stored.game)
        except KeyError:
            raise TableError(f"This table's game '{stored.game}' is not available.",
                             f"此牌桌的遊戲「{stored.game}」無法使用。", 409) from None
        table = self._replay(game, stored, stored.actions)
        self.tables[table_id] = table
        return table

    def _replay(self, game: Game, meta: StoredTable, actions: list[tuple[int, str]]) -> Table:
        events: list[tuple[int, Event]] = []
        state = game.setup(len(meta.seats), meta.seed, meta.options)
        error = None
        if meta.version != game.version:
            error = (f"recorded with rules version {meta.version}; this server has {game.version}")
        done: list[tuple[int, str]] = []
        undo = None
        for n, (seat, text) in enumerate(actions, start=1):
            if error:
                break
            last = n == len(actions)
            try:
                before = _secret_fingerprint(game, state) if last else None
                applied = game.apply(state, seat, game.decode(text))
                events.extend((n, ev) for ev in applied)
                done.append((seat, text))
                if last:  # a restarted server keeps the right to take it back
                    undo = _undo_right(game, state, seat, n, applied, before)
            except IllegalAction as exc:
                error = f"stored action {n} ('{text}' by seat {seat}) is illegal: {exc.message}"
        table = Table(meta.id, game, meta, state, done, events, undo=None if error else undo,
                      error=error)
        if error:
            log.error("table %s: %s", meta.id, error)
        return table

    def restore_all(self) -> list[str]:
        """Load every unfinished table (after a restart) and set its bots going."""
        ids = self.store.table_ids(status="playing")
        for table_id in ids:
            with contextlib.suppress(TableError):
                self._kick_bots(self.get(table_id))
        return ids

    # ------------------------------------------------------------------ seats
    def seat_for_token(self, table: Table, seat: int, token: str | None) -> int:
        seats = table.meta.seats
        if not 0 <= seat < len(seats):
            raise TableError(f"There is no seat {seat} at this table.", f"這張牌桌沒有座位{seat}。", 404)
        expected = seats[seat].get("token_hash")
        if not token or not expected or not secrets.compare_digest(token_hash(token), expected):
            raise TableError("This link's token is not valid for that seat.",
                             "此連結的憑證對該座位無效。", 403)
        return seat

    def check_host(self, table: Table, host: str | None) -> None:
        if not host or not secrets.compare_digest(token_hash(host), table.meta.host_hash):
            raise TableError("Only the host of the table may do that.", "只有牌桌主人可以這樣做。", 403)

    async def hand_to_bot(self, table: Table, seat: int, kind: str) -> None:
        if kind.split(":")[0] not in KINDS:
            raise TableError(f"unknown bot '{kind}'", f"未知的電腦玩家「{kind}」")
        async with table.lock:
            seats = [dict(s) for s in table.meta.seats]
            if not 0 <= seat < len(seats):
                raise TableError(f"There is no seat {seat}.", f"沒有座位{seat}。", 404)
            if any(c.seat == seat for c in table.connections):
                raise TableError("That player is still at the table.", "該玩家仍在牌桌上。", 409)
            seats[seat].update(kind=kind, token_hash=None)
            self.store.set_seats(table.id, seats)
            table.meta.seats = seats
            await self._broadcast(table)
        self._kick_bots(table)

    # ------------------------------------------------------------------ acting
    async def act(self, table: Table, seat: int, text: Any) -> None:
        async with table.lock:
            await self._apply(table, seat, text)
            await self._broadcast(table)
        self._kick_bots(table)

    async def _apply(self, table: Table, seat: int, text: Any) -> None:
        game, state = table.game, table.state
        if table.error:
            raise TableError(f"This table cannot go on: {table.error}", "此牌桌的紀錄已損壞，無法繼續。", 409)
        if game.is_over(state):
            raise TableError("The game is over.", "遊戲已經結束。", 409)
        if not isinstance(text, str):
            raise TableError("An action must be a string such as 'pass'.", "行動必須是字串，例如 'pass'。")
        if seat not in game.to_act(state):
            raise TableError("It is not your turn.", "還沒輪到你。", 409)
        try:
            action = game.decode(text)
        except IllegalAction as exc:
            raise TableError(exc.message, exc.message_zh) from None
        before = _secret_fingerprint(game, state)
        try:
            events = game.apply(state, seat, action)  # raises, changing nothing, if illegal
        except IllegalAction as exc:
            raise TableError(exc.message, exc.message_zh, 409) from None
        n = table.n + 1
        result = result_of(game, state) if game.is_over(state) else None
        try:
            # In a worker thread: the commit waits for the disk, other tables go on.
            await asyncio.get_running_loop().run_in_executor(
                self.store.writer, self.store.append_action, table.id, n, seat, text, result)
        except Exception as exc:  # the store refused: go back to what it holds
            log.exception("table %s: could not store action %d", table.id, n)
            self._reload(table)
            raise TableError("The action could not be saved; nothing changed. Try again.",
                             "行動無法儲存，牌局沒有改變。請再試一次。", 503) from exc
        table.actions.append((seat, text))
        table.events.extend((n, ev) for ev in events)
        if result is not None:
            table.meta.status, table.meta.result = "finished", result
        table.undo = _undo_right(game, state, seat, n, events, before)

    def _reload(self, table: Table) -> None:
        stored = self.store.load(table.id)
        fresh = self._replay(table.game, stored, stored.actions)
        table.meta, table.state, table.actions = stored, fresh.state, fresh.actions
        table.events, table.undo, table.error = fresh.events, fresh.undo, fresh.error

    async def undo(self, table: Table, seat: int) -> None:
        """Take back ``seat``'s last decision: allowed while no other seat has acted since
        and it revealed nothing hidden (no private event, no card or chance moved)."""
        async with table.lock:
            if table.undo is None or table.undo != (table.n, seat):
                raise TableError("You cannot take that back now.", "現在不能悔棋。", 409)
            self.store.remove_last_action(table.id, table.n)
            self._reload(table)
            for conn in table.connections:
                conn.log_sent = 0
            await self._broadcast(table)

    # ------------------------------------------------------------------ telling
    def message(self, table: Table, seat: int | None, log_from: int = 0) -> dict[str, Any]:
        game, state = table.game, table.state
        names = table.names
        legal = game.legal_actions(state, seat) if seat is not None else []
        describe_decision = getattr(game, "describe_decision", None)
        visible = [ev.for_seat(seat) for _, ev in table.events[log_from:]]
        return {
            "type": "state",
            "table": table.id,
            "game": game.id,
            "n": table.n,
            "seat": seat,
            "seats": [{"seat": i, "kind": s["kind"], "name": s.get("name") or "",
                       "connected": any(c.seat == i for c in table.connections)}
                      for i, s in enumerate(table.meta.seats)],
            "view": game.view(state, seat),
            "to_act": list(game.to_act(state)),
            "over": game.is_over(state),
            "legal": [{"action": game.encode(a),
                       "label": {lang: game.describe_action(state, a, lang, names) for lang in LANGS}}
                      for a in legal],
            "prompt": ({lang: describe_decision(state, lang) for lang in LANGS}
                       if describe_decision and not game.is_over(state) else None),
            "log_from": log_from,
            "log": [{lang: game.describe_event(e, lang, names) for lang in LANGS} for e in visible],
            "undo": table.undo is not None and table.undo[1] == seat and table.undo[0] == table.n,
            "error": table.error,
            "deal": deal_entry(table),
        }

    def replay_message(self, table: Table, step: int) -> dict[str, Any]:
        """The table as a spectator saw it after ``step`` of its actions."""
        step = max(0, min(step, table.n))
        past = self._replay(table.game, table.meta, table.actions[:step])
        msg = self.message(past, None)
        msg.update(steps=table.n, step=step, replay=True)
        return msg

    async def resend(self, table: Table, conn: Connection) -> None:
        """Everything again, the whole log included (a client that lost track)."""
        async with table.lock:
            conn.log_sent = 0
            await self._send(table, conn)

    async def connect(self, table: Table, conn: Connection) -> None:
        async with table.lock:
            table.connections.append(conn)
            await self._send(table, conn)
            await self._broadcast(table, skip=conn)

    async def disconnect(self, table: Table, conn: Connection) -> None:
        async with table.lock:
            if conn in table.connections:
                table.connections.remove(conn)
            await self._broadcast(table)

    async def _send(self, table: Table, conn: Connection) -> None:
        msg = self.message(table, conn.seat, conn.log_sent)
        conn.log_sent = len(table.events)
        try:
            await conn.send(msg)
        except Exception:  # a closed socket: forget it
            if conn in table.connections:
                table.connections.remove(conn)

    async def _broadcast(self, table: Table, skip: Connection | None = None) -> None:
        for conn in list(table.connections):
            if conn is not skip:
                await self._send(table, conn)

    # ------------------------------------------------------------------ bots
    def _bot_seats(self, table: Table) -> list[int]:
        if table.error or table.game.is_over(table.state):
            return []
        return [s for s in table.game.to_act(table.state) if table.meta.seats[s]["kind"] != "human"]

    def _kick_bots(self, table: Table) -> None:
        if table.bot_task and not table.bot_task.done():
            return
        if not self._bot_seats(table):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet (created at start-up): restore_all runs again in the app
        table.bot_task = loop.create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        """Bots decide one after another, each after a short visible delay. A bot's choice
        is seeded by the table seed and the action number, so a restarted server makes
        the same choices."""
        while True:
            await asyncio.sleep(self.bot_delay)
            async with table.lock:
                seats = self._bot_seats(table)
                if not seats:
                    return
                seat = seats[0]
                kind = table.meta.seats[seat]["kind"]
                agent = make_agent(kind, game_seed(table.meta.seed, table.n, f"bot{seat}"))
                action = agent.act(table.game, table.state, seat)
                try:
                    await self._apply(table, seat, table.game.encode(action))
                except TableError as exc:
                    if exc.code != 503:  # anything but a failed save is a bug: stop
                        log.exception("table %s: bot in seat %d failed", table.id, seat)
                        return
                    retry = True  # the store refused: nothing changed, try again shortly
                else:
                    retry = False
                    await self._broadcast(table)
            if retry:
                await asyncio.sleep(max(1.0, self.bot_delay))

    async def shutdown(self) -> None:
        for table in self.tables.values():
            if table.bot_task and not table.bot_task.done():
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
