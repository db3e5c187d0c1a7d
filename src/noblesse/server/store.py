"""Persistent storage of tables and their actions (SQLAlchemy 2).

A table is its game record: game id, rules version, options, seed and seats,
then one row per accepted action. Every action row is committed before anyone is
told of the action, so a server killed at any moment comes back, by replaying the
rows, to exactly the state its players last saw. SQLite under ``./var/`` is the
default; any SQLAlchemy URL works (``postgresql+psycopg://…``).

Every write goes through the store's one writer thread (``Writer``), so commits never
contend with each other and the event loop never waits for the disk. Actions that
arrive while a commit is under way are committed together, in one transaction (a
group commit): a busy server pays for one commit per batch, not per action, and each
action's sender is still answered only once its own row is durable.

Every write to a table is conditional on the table's row as the writer last saw it:
action ``n`` is committed only while the table holds ``n - 1`` actions, and undo removes
action ``n`` only while it is the last. So several server processes on one database
never interleave a table's record: the writer that is behind gets ``StaleTable``,
changes nothing, and catches up. Each write also adds 1 to the table's ``revision``,
which tells a process whether its copy of the table is the latest.

A database made by an older schema keeps working: ``Store`` adds every column of the
models that its tables lack (``add_missing_columns``), as a nullable column.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    CursorResult,
    DateTime,
    ForeignKey,
    Integer,
    String,
    create_engine,
    delete,
    event,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.sql.dml import Update

from noblesse.server.settings import BotSpeed

DEFAULT_URL = "sqlite:///var/noblesse.db"
_SCHEMA_LOCK = 0x6E6F626C  # PostgreSQL advisory lock held while the tables are made
log = logging.getLogger("noblesse.server")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    version: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(Integer)  # a chosen (known) seed; 0 when ``deal`` is set
    deal: Mapped[str | None] = mapped_column(String(128), nullable=True)  # a secret seed (hex)
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # [{kind, name, token_hash}]
    host_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")  # playing | finished
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # how many actions the table has (kept with each commit: the lobby reads it, and a
    # write is made only against the number its writer saw)
    n_actions: Mapped[int | None] = mapped_column(Integer, nullable=True, default=0)
    # writes to the table so far (actions, undos, seat changes): a copy holding the same
    # revision is the latest (NULL in a database made before it: 0)
    revision: Mapped[int | None] = mapped_column(Integer, nullable=True, default=0)
    # SHA-256 of the creator's address (limits per address), never the address itself
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # the table of the same game, options and seats started after this one ended
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # how long its bots wait before acting (``settings.BotSpeed``; NULL: normal)
    bot_speed: Mapped[str | None] = mapped_column(String(8), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... without gaps
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(80))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredTable:
    id: str
    game: str
    version: str
    seed: int | str  # a chosen int, or the secret deal's hex string
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    host_hash: str
    status: str
    result: dict[str, Any] | None
    created: datetime
    actions: list[tuple[int, str]]
    salt: str | None = None
    commitment: str | None = None
    revision: int = 0  # the table's revision (``TableRow.revision``) when it was read
    rematch: str | None = None  # the table started as its rematch, once there is one
    bot_speed: BotSpeed = BotSpeed.NORMAL


@dataclass(frozen=True)
class NewAction:
    """One accepted action to commit; with ``result`` it ends the game."""

    table_id: str
    n: int
    seat: int
    action: str
    result: dict[str, Any] | None = None


def _now() -> datetime:
    return datetime.now(UTC)


# Actions, in plain SQL (``Store.append_actions``): SQLite's, and PostgreSQL's single
# statement for a whole batch. A table's row moves on only from the action before
# (``n_actions = n - 1``), and only the actions whose table moved on are inserted.
_BUMP_TABLES = (
    "UPDATE tables SET n_actions = ?, revision = COALESCE(revision, 0) + 1, "
    "updated = ? WHERE id = ? AND n_actions = ?"
)
_INSERT_ACTIONS = "INSERT INTO actions (table_id, n, seat, action) VALUES (?, ?, ?, ?)"
_PG_APPEND = (
    "WITH moved AS (UPDATE tables SET n_actions = v.n, "
    "revision = COALESCE(tables.revision, 0) + 1, updated = %s "
    "FROM unnest(%s::varchar[], %s::int[]) AS v(id, n) "
    "WHERE tables.id = v.id AND tables.n_actions = v.n - 1 RETURNING tables.id) "
    "INSERT INTO actions (table_id, n, seat, action) "
    "SELECT a.* FROM unnest(%s::varchar[], %s::int[], %s::int[], %s::varchar[]) "
    "AS a(table_id, n, seat, action) WHERE a.table_id IN (SELECT id FROM moved)"
)
# The tables whose game an action of the batch ended, after the statements above.
_FINISH = {
    "sqlite": "UPDATE tables SET status = 'finished', result = ? WHERE id = ?",
    "postgresql": "UPDATE tables SET status = 'finished', result = %s::json WHERE id = %s",
}


class StaleTable(ValueError):
    """A write made against an older copy of the table: another writer (another server
    process) recorded an action or took one back first. Nothing was changed."""


class Store:
    def __init__(self, url: str = DEFAULT_URL) -> None:
        if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.url = url
        # a pooled connection the database has dropped is replaced before it is used
        self.engine: Engine = create_engine(
            url, future=True, pool_pre_ping=not url.startswith("sqlite")
        )
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        if self.engine.dialect.name == "postgresql":  # several processes may start at once
            with self.engine.begin() as conn:
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
                Base.metadata.create_all(conn)
        else:
            Base.metadata.create_all(self.engine)
        if "tables.n_actions" in add_missing_columns(self.engine):  # count them once
            with self.engine.begin() as conn:
                conn.execute(
                    text(
                        "UPDATE tables SET n_actions = (SELECT count(*) FROM actions "
                        "WHERE actions.table_id = tables.id)"
                    )
                )
        # how actions are committed in plain SQL: "postgresql", "sqlite", or (another
        # database) None: through SQLAlchemy like every other write
        dialect = self.engine.dialect
        self._plain = dialect.name if dialect.name in ("postgresql", "sqlite") else None
        process = TableRow.__table__.c.updated.type.bind_processor(self.engine.dialect)
        self._updated_value = process or (lambda value: value)  # as SQLAlchemy would store it
        self._raw: Any = None  # the driver connection actions are committed on
        self._raw_lock = threading.Lock()
        self.writer = Writer(self)

    def close(self) -> None:
        self.writer.close()
        if self._raw is not None:
            self._raw.close()
        self.engine.dispose()

    # -- tables ---------------------------------------------------------------
    def create_table(
        self,
        table_id: str,
        game: str,
        version: str,
        seed: int | str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        host_hash: str,
        salt: str | None = None,
        commitment: str | None = None,
        creator: str | None = None,
        bot_speed: BotSpeed = BotSpeed.NORMAL,
    ) -> None:
        """``seed``: a chosen int (stored in ``seed``) or a secret hex string (in ``deal``)."""
        now = _now()
        secret = isinstance(seed, str)
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    version=version,
                    seed=0 if secret else seed,
                    deal=seed if secret else None,
                    salt=salt,
                    commitment=commitment,
                    options=options,
                    seats=seats,
                    host_hash=host_hash,
                    status="playing",
                    result=None,
                    created=now,
                    updated=now,
                    n_actions=0,
                    creator=creator,
                    bot_speed=bot_speed.value,
                )
            )

    def open_tables_by(self, creator: str) -> int:
        """How many unfinished tables were created from the address hashed as ``creator``."""
        with Session(self.engine) as session:
            return (
                session.scalar(
                    select(func.count())
                    .select_from(TableRow)
                    .where(TableRow.creator == creator, TableRow.status == "playing")
                )
                or 0
            )

    def load(self, table_id: str, after: int = 0) -> StoredTable | None:
        """The table, with its actions after the first ``after`` (all of them by default).
        The row is read before the actions: a write in between makes ``actions`` and
        ``revision`` disagree, which the reader's next comparison of revisions corrects."""
        with Session(self.engine) as session, session.begin():
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            actions = session.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.n > after)
                .order_by(ActionRow.n)
            ).all()
            seed = row.deal if row.deal is not None else row.seed
            return StoredTable(
                row.id,
                row.game,
                row.version,
                seed,
                dict(row.options),
                [dict(s) for s in row.seats],
                row.host_hash,
                row.status,
                row.result,
                row.created,
                [(a.seat, a.action) for a in actions],
                salt=row.salt,
                commitment=row.commitment,
                revision=row.revision or 0,
                rematch=row.rematch,
                bot_speed=BotSpeed(row.bot_speed or BotSpeed.NORMAL),
            )

    def revisions(self, table_ids: list[str]) -> dict[str, int]:
        """Each table's ``revision`` (tables that do not exist are left out)."""
        if not table_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.revision).where(TableRow.id.in_(table_ids))
            )
            return {row.id: row.revision or 0 for row in rows}

    def table_ids(self, status: str | None = None) -> list[str]:
        with Session(self.engine) as session:
            query = select(TableRow.id).order_by(TableRow.created)
            if status:
                query = query.where(TableRow.status == status)
            return list(session.scalars(query))

    def summaries(self, limit: int = 200) -> list[dict[str, Any]]:
        """The newest tables for the lobby, from the tables' own rows (no count over actions)."""
        with Session(self.engine) as session:
            rows = session.scalars(select(TableRow).order_by(TableRow.created.desc()).limit(limit))
            return [
                {
                    "id": r.id,
                    "game": r.game,
                    "status": r.status,
                    "seats": [
                        {"kind": s["kind"], "name": s.get("name", ""), "open": bool(s.get("open"))}
                        for s in r.seats
                    ],
                    "actions": r.n_actions or 0,
                    "result": r.result,
                    "created": r.created.isoformat(),
                }
                for r in rows
            ]

    def set_rematch(self, table_id: str, rematch: str) -> str:
        """Names ``rematch`` the rematch of a finished table, unless it has one already;
        the rematch it has, in either case."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.rematch.is_(None))
                .values(
                    rematch=rematch,
                    updated=_now(),
                    revision=func.coalesce(TableRow.revision, 0) + 1,
                )
            )
            return (
                session.scalar(select(TableRow.rematch).where(TableRow.id == table_id)) or rematch
            )

    def set_bot_speed(self, table_id: str, speed: BotSpeed) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(
                    bot_speed=speed.value,
                    updated=_now(),
                    revision=func.coalesce(TableRow.revision, 0) + 1,
                )
            )

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(
                    seats=seats, updated=_now(), revision=func.coalesce(TableRow.revision, 0) + 1
                )
            )

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> list[dict[str, Any]] | None:
        """Give the open seat ``seat`` to whoever holds ``token_hash``: the table's seats
        after it, or None if the seat is not open (taken meanwhile, by a request to this
        process or another). The write is made only against the revision read, so of two
        claims at once one wins and the other reads the seat taken."""
        while True:
            with Session(self.engine) as session, session.begin():
                row = session.get(TableRow, table_id)
                if (
                    row is None
                    or row.status != "playing"
                    or not 0 <= seat < len(row.seats)
                    or not row.seats[seat].get("open")
                ):
                    return None
                seats = [dict(s) for s in row.seats]
                seats[seat] = {k: v for k, v in seats[seat].items() if k != "open"}
                seats[seat]["token_hash"] = token_hash
                revision = row.revision or 0
                moved = _changed(
                    session,
                    update(TableRow)
                    .where(TableRow.id == table_id, func.coalesce(TableRow.revision, 0) == revision)
                    .values(seats=seats, updated=_now(), revision=revision + 1),
                )
            if moved:
                return seats

    # -- actions --------------------------------------------------------------
    def append_action(
        self, table_id: str, n: int, seat: int, action: str, result: dict[str, Any] | None = None
    ) -> None:
        """Commit action ``n``; with ``result`` the table is marked finished in the same
        transaction. Unless the table holds ``n - 1`` actions (another writer was first)
        it raises ``StaleTable`` and changes nothing."""
        self.append_actions([NewAction(table_id, n, seat, action, result)])

    def append_actions(self, rows: list[NewAction]) -> None:
        """Commit actions of many tables in one transaction: all of them, or (an error
        raised: ``StaleTable`` if a table had moved on) none.

        This runs for every action, so it skips SQLAlchemy's statement building: the
        store's own driver connection gets plain SQL (SQLite's or PostgreSQL's; on
        PostgreSQL one statement for the whole batch: an UPDATE of the tables' rows that
        feeds the INSERT of the actions), and the results of the games it ends in the same
        transaction. On another database, batches go through SQLAlchemy's ORM."""
        if self._plain is None:
            self._append_and_finish(rows)
            return
        with self._raw_lock:
            if self._raw is None:
                self._raw = self.engine.raw_connection()
            try:
                self._append_raw(rows, self._plain)
            except StaleTable:
                self._raw.rollback()
                raise
            except Exception as exc:
                with contextlib.suppress(Exception):  # the next batch gets a new connection
                    self._raw.rollback()
                    self._raw.close()
                self._raw = None
                dbapi_error = self.engine.dialect.loaded_dbapi.Error
                if isinstance(exc, dbapi_error):  # as SQLAlchemy raises it (IntegrityError…)
                    raise DBAPIError.instance(None, None, exc, dbapi_error) from exc
                raise

    def _append_raw(self, rows: list[NewAction], plain: str) -> None:
        """``append_actions`` in ``plain`` SQL ("postgresql" or "sqlite")."""
        assert self._raw is not None
        cursor = self._raw.cursor()
        now = self._updated_value(_now())
        if plain == "postgresql":
            ids, numbers = [r.table_id for r in rows], [r.n for r in rows]
            cursor.execute(
                _PG_APPEND,
                (now, ids, numbers, ids, numbers, [r.seat for r in rows], [r.action for r in rows]),
            )
            _check_moved(rows, cursor.rowcount)  # before the commit: one transaction
        else:
            cursor.executemany(_BUMP_TABLES, [(r.n, now, r.table_id, r.n - 1) for r in rows])
            _check_moved(rows, cursor.rowcount)
            cursor.executemany(_INSERT_ACTIONS, [(r.table_id, r.n, r.seat, r.action) for r in rows])
        finished = [(json.dumps(r.result), r.table_id) for r in rows if r.result is not None]
        if finished:
            cursor.executemany(_FINISH[plain], finished)
        self._raw.commit()
        cursor.close()

    def _append_and_finish(self, rows: list[NewAction]) -> None:
        """``append_actions`` through SQLAlchemy's ORM."""
        now = _now()
        with Session(self.engine) as session, session.begin():
            moved = 0
            for r in rows:
                values: dict[str, Any] = {
                    "n_actions": r.n,
                    "updated": now,
                    "revision": func.coalesce(TableRow.revision, 0) + 1,
                }
                if r.result is not None:
                    values.update(status="finished", result=r.result)
                moved += _changed(
                    session,
                    update(TableRow)
                    .where(TableRow.id == r.table_id, TableRow.n_actions == r.n - 1)
                    .values(**values),
                )
            _check_moved(rows, moved)
            session.add_all(
                ActionRow(table_id=r.table_id, n=r.n, seat=r.seat, action=r.action) for r in rows
            )

    def remove_last_action(self, table_id: str, n: int) -> None:
        """Undo: delete action ``n``; ``StaleTable`` unless it is the last."""
        with Session(self.engine) as session, session.begin():
            moved = n >= 1 and _changed(
                session,
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.n_actions == n)
                .values(
                    n_actions=n - 1,
                    updated=_now(),
                    revision=func.coalesce(TableRow.revision, 0) + 1,
                ),
            )
            if moved != 1:
                raise StaleTable(f"action {n} is not the last of table {table_id}")
            session.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.n == n)
            )


def _changed(session: Session, statement: Update) -> int:
    """How many rows an UPDATE changed (the row count of the cursor it ran on)."""
    result = session.execute(statement)
    assert isinstance(result, CursorResult)
    return result.rowcount


def _check_moved(rows: list[NewAction], moved: int) -> None:
    """Raise ``StaleTable`` (the transaction then rolls back) unless every table moved on."""
    if moved != len(rows):
        stale = ", ".join(f"{r.table_id} action {r.n}" for r in rows[:3])
        raise StaleTable(
            f"another writer was first: {len(rows) - moved} of {len(rows)} "
            f"actions are no longer next ({stale}...)"
        )


_STOP = object()


class Writer:
    """The store's one writer thread, fed from the event loop.

    ``append`` queues an action; the actions a loop appends in one turn go to the
    thread together (one wake-up of the thread for all of them, not one each, each of
    which costs the loop a hand-over of the interpreter lock); the thread commits every
    action waiting in the queue in one transaction (at most about ``batch``), then
    answers each sender. If that transaction fails, the batch's actions are committed
    one by one, so only the action at fault is refused. ``run`` queues any other write,
    which runs alone, in order. Senders are woken with one call into their loop per
    batch, not one per action."""

    def __init__(self, store: Store, batch: int = 256) -> None:
        self._store, self._batch = store, batch
        self.commits = 0  # transactions of actions committed so far
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        # per event loop: the actions appended in its current turn, not yet queued
        self._turn: dict[asyncio.AbstractEventLoop, list[tuple[NewAction, Any]]] = {}
        self._thread = threading.Thread(target=self._work, name="noblesse-store", daemon=True)
        self._thread.start()
        thread = self._thread.native_id
        if store.engine.dialect.name == "sqlite" and thread is not None:
            # Woken, the thread does not take the CPU from the event loop that woke it
            # (Linux's SCHED_BATCH: no preemption on wake-up); it runs when the loop
            # waits or its time slice ends, and the loop's hand-over costs no switch of
            # thread. Only where a commit is work on this CPU (SQLite): a commit to a
            # database server is mostly waiting, and its answer is best read at once.
            with contextlib.suppress(AttributeError, OSError):
                os.sched_setscheduler(thread, os.SCHED_BATCH, os.sched_param(0))

    async def append(self, row: NewAction) -> None:
        """Commit ``row``: returns once it is durable, raises what the store raised."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        turn = self._turn.get(loop)
        if turn is None:
            turn = self._turn[loop] = []
            loop.call_soon(self._hand_over, loop)
        turn.append((row, future))
        await future

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        """Queue the actions ``loop`` appended in this turn, as one item."""
        self._queue.put(self._turn.pop(loop))

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a write (``fn(*args, **kwargs)``) in the writer thread; its result."""
        future = asyncio.get_running_loop().create_future()
        self._queue.put((functools.partial(fn, *args, **kwargs), future))
        return await future

    def close(self) -> None:
        """Finish what is queued, then stop the thread."""
        self._queue.put(_STOP)
        self._thread.join()

    def _work(self) -> None:
        waiting: Any = None
        while True:
            item = waiting if waiting is not None else self._queue.get()
            waiting = None
            if item is _STOP:
                return
            if not isinstance(item, list):  # a write of its own (``run``)
                work, future = item
                _settle([(future, *_outcome(work))])
                continue
            batch = list(item)  # actions (``append``)
            while len(batch) < self._batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if not isinstance(item, list):
                    waiting = item  # after this batch, in order
                    break
                batch.extend(item)
            result, error = self._commit([row for row, _ in batch])
            if error is None or len(batch) == 1:
                _settle([(future, result, error) for _, future in batch])
            else:  # one of them is at fault: find it, commit the others
                _settle([(future, *self._commit([row])) for row, future in batch])

    def _commit(self, rows: list[NewAction]) -> tuple[Any, BaseException | None]:
        result, error = _outcome(functools.partial(self._store.append_actions, rows))
        if error is None:
            self.commits += 1
        return result, error


def _outcome(fn: Callable[[], Any]) -> tuple[Any, BaseException | None]:
    try:
        return fn(), None
    except Exception as exc:  # noqa: BLE001 - handed to whoever asked for the write
        return None, exc


def _settle(done: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    """From the writer thread: answer each future in its own loop, one call per loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Any]] = {}
    for entry in done:
        by_loop.setdefault(entry[0].get_loop(), []).append(entry)
    for loop, entries in by_loop.items():
        try:
            loop.call_soon_threadsafe(_answer, entries)
        except RuntimeError:  # that loop is closed: nobody is waiting any more
            log.warning("a write finished after its event loop closed")


def _answer(entries: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in entries:
        if future.done():  # cancelled meanwhile
            continue
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)


def add_missing_columns(engine: Engine, metadata: Any = Base.metadata) -> list[str]:
    """Add to the database every column of ``metadata``'s tables that it lacks, so a
    database made by an older schema keeps working. Each is added as a nullable column
    without a default (``ALTER TABLE t ADD COLUMN c TYPE``), whatever the model says:
    old rows hold NULL there. Returns the ``table.column`` names added. Two processes
    starting at once may race: a column the other one added first is not an error."""
    added = []
    quote = engine.dialect.identifier_preparer.quote
    existing_tables = set(inspect(engine).get_table_names())
    for table in metadata.sorted_tables:
        if table.name not in existing_tables:
            continue
        present = {c["name"] for c in inspect(engine).get_columns(table.name)}
        for column in table.columns:
            if column.name in present:
                continue
            kind = column.type.compile(dialect=engine.dialect)
            try:
                with engine.begin() as conn:
                    conn.execute(
                        text(
                            f"ALTER TABLE {quote(table.name)} "
                            f"ADD COLUMN {quote(column.name)} {kind}"
                        )
                    )
            except SQLAlchemyError:
                if column.name not in {c["name"] for c in inspect(engine).get_columns(table.name)}:
                    raise
            added.append(f"{table.name}.{column.name}")
    return added


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # WAL with synchronous=NORMAL: a committed action survives the process being killed
    # at any moment (kill -9); only a power cut may lose the last commits.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
