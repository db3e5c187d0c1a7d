"""Persistent storage of tables and their actions (SQLAlchemy 2).

A table is its game record: game id, rules version, options, seed and seats,
then one row per accepted action. Every action row is committed before anyone is
told of the action, so a server killed at any moment comes back, by replaying the
rows, to exactly the state its players last saw. SQLite under ``./var/`` is the
default; any SQLAlchemy URL works (``postgresql+psycopg://…``).
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

DEFAULT_URL = "sqlite:///var/noblesse.db"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    version: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # [{kind, name, token_hash}]
    host_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")  # playing | finished
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # how many actions the table has (kept with each commit, for the lobby)
    n_actions: Mapped[int | None] = mapped_column(Integer, nullable=True, default=0)
    # SHA-256 of the creator's address (limits per address), never the address itself
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
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
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    host_hash: str
    status: str
    result: dict[str, Any] | None
    created: datetime
    actions: list[tuple[int, str]]


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    def __init__(self, url: str = DEFAULT_URL) -> None:
        if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.url = url
        self.engine: Engine = create_engine(url, future=True)
        # One writer thread: commits never contend with each other for SQLite's lock,
        # and the event loop never waits for the disk.
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="noblesse-store")
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        _add_missing_columns(self.engine)

    def close(self) -> None:
        self.writer.shutdown(wait=True)
        self.engine.dispose()

    # -- tables ---------------------------------------------------------------
    def create_table(self, table_id: str, game: str, version: str, seed: int,
                     options: dict[str, Any], seats: list[dict[str, Any]], host_hash: str,
                     creator: str | None = None) -> None:
        now = _now()
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(id=table_id, game=game, version=version, seed=seed,
                                 options=options, seats=seats, host_hash=host_hash,
                                 status="playing", result=None, created=now, updated=now,
                                 n_actions=0, creator=creator))

    def open_tables_by(self, creator: str) -> int:
        """How many unfinished tables were created from the address hashed as ``creator``."""
        with Session(self.engine) as session:
            return session.scalar(select(func.count()).select_from(TableRow).where(
                TableRow.creator == creator, TableRow.status == "playing")) or 0

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            actions = session.execute(
                select(ActionRow.seat, ActionRow.action).where(ActionRow.table_id == table_id)
                .order_by(ActionRow.n)).all()
            return StoredTable(row.id, row.game, row.version, row.seed, dict(row.options),
                               [dict(s) for s in row.seats], row.host_hash, row.status,
                               row.result, row.created, [(a.seat, a.action) for a in actions])

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
            return [{
                "id": r.id, "game": r.game, "status": r.status,
                "seats": [{"kind": s["kind"], "name": s.get("name", "")} for s in r.seats],
                "actions": r.n_actions or 0, "result": r.result,
                "created": r.created.isoformat(),
            } for r in rows]

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(TableRow, table_id)
            row.seats = seats
            row.updated = _now()

    # -- actions --------------------------------------------------------------
    def append_action(self, table_id: str, n: int, seat: int, action: str,
                      result: dict[str, Any] | None = None) -> None:
        """Commit action ``n``; with ``result`` the table is marked finished in the same
        transaction. A duplicate ``n`` (two writers) fails and changes nothing."""
        values: dict[str, Any] = {"updated": _now(), "n_actions": n}
        if result is not None:
            values.update(status="finished", result=result)
        with self.engine.begin() as conn:
            conn.execute(insert(ActionRow).values(table_id=table_id, n=n, seat=seat, action=action))
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def remove_last_action(self, table_id: str, n: int) -> None:
        """Undo: delete action ``n`` (it must be the last)."""
        with Session(self.engine) as session, session.begin():
            last = session.scalar(select(func.max(ActionRow.n)).where(ActionRow.table_id == table_id))
            if last != n:
                raise ValueError(f"action {n} is not the last of table {table_id}")
            session.execute(delete(ActionRow).where(ActionRow.table_id == table_id,
                                                    ActionRow.n == n))
            session.execute(update(TableRow).where(TableRow.id == table_id)
                            .values(n_actions=n - 1, updated=_now()))


def _add_missing_columns(engine: Engine) -> None:
    """A store made by an older version gains the columns added since (nullable), and the
    action counts are filled in once."""
    existing = {t: {c["name"] for c in inspect(engine).get_columns(t)}
                for t in Base.metadata.tables}
    with engine.begin() as conn:
        for table in Base.metadata.sorted_tables:
            for column in table.columns:
                if column.name in existing[table.name]:
                    continue
                kind = column.type.compile(dialect=engine.dialect)
                conn.execute(text(f'ALTER TABLE {table.name} ADD COLUMN "{column.name}" {kind}'))
                if (table.name, column.name) == ("tables", "n_actions"):
                    conn.execute(text("UPDATE tables SET n_actions = (SELECT count(*) FROM actions "
                                      "WHERE actions.table_id = tables.id)"))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # WAL with synchronous=NORMAL: a committed action survives the process being killed
    # at any moment (kill -9); only a power cut may lose the last commits.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
