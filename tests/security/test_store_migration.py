"""A database made before deals were secret (no ``deal``, ``salt``, ``commitment``
columns) keeps working: ``Store`` adds the model's missing columns, on SQLite and on the
real PostgreSQL; old tables load with their int seed, new ones keep a 256-bit hex seed."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Column, MetaData, String, Table, create_engine, insert, inspect

from noblesse.core.rng import commitment
from noblesse.server.store import Base, Store, add_missing_columns

NEW = {"deal", "salt", "commitment"}


def old_schema() -> MetaData:
    """The schema as it was: today's tables without the deal's columns."""
    meta = MetaData()
    for table in Base.metadata.sorted_tables:
        cols = [
            Column(c.name, c.type, primary_key=c.primary_key, nullable=c.nullable)
            for c in table.columns
            if not (table.name == "tables" and c.name in NEW)
        ]
        Table(table.name, meta, *cols)
    return meta


def test_an_old_database_gains_the_new_columns_and_keeps_its_tables(db_url: str) -> None:
    engine = create_engine(db_url)
    meta = old_schema()
    meta.create_all(engine)
    now = datetime.now(UTC)
    with engine.begin() as conn:
        conn.execute(
            insert(meta.tables["tables"]).values(
                id="old",
                game="guillotine",
                version="1",
                seed=123456,
                options={},
                seats=[],
                host_hash="h",
                status="playing",
                result=None,
                created=now,
                updated=now,
            )
        )
        conn.execute(
            insert(meta.tables["actions"]).values(table_id="old", n=1, seat=0, action="pass")
        )
    engine.dispose()

    store = Store(db_url)
    try:
        columns = {c["name"] for c in inspect(store.engine).get_columns("tables")}
        assert columns >= NEW
        old = store.load("old")
        assert old.seed == 123456 and type(old.seed) is int
        assert old.salt is None and old.commitment is None and old.actions == [(0, "pass")]
        secret, salt = "ab" * 32, "cd" * 16
        store.create_table(
            "new",
            "guillotine",
            "1",
            secret,
            {},
            [],
            "h",
            salt=salt,
            commitment=commitment(secret, salt),
        )
        store.create_table(
            "chosen", "guillotine", "1", -7, {}, [], "h", salt=salt, commitment=commitment(-7, salt)
        )
        new, chosen = store.load("new"), store.load("chosen")
        assert new.seed == secret and new.salt == salt
        assert new.commitment == commitment(secret, salt)
        assert chosen.seed == -7 and type(chosen.seed) is int
        assert add_missing_columns(store.engine) == []  # nothing left to add
    finally:
        store.close()
    again = Store(db_url)  # a second start changes nothing
    try:
        assert again.load("new").seed == secret
    finally:
        again.close()


def test_the_migration_adds_any_missing_column_of_any_model(db_url: str) -> None:
    """Generic: a column a later model gains (here a test model's) is added as nullable."""
    engine = create_engine(db_url)
    try:
        before = MetaData()
        Table("gadgets", before, Column("id", String(8), primary_key=True))
        before.create_all(engine)
        after = MetaData()
        Table(
            "gadgets",
            after,
            Column("id", String(8), primary_key=True),
            Column("colour", String(20), nullable=False),
            Column("size", String(4)),
        )
        assert sorted(add_missing_columns(engine, after)) == ["gadgets.colour", "gadgets.size"]
        cols = {c["name"]: c for c in inspect(engine).get_columns("gadgets")}
        assert cols["colour"]["nullable"] and cols["size"]["nullable"]
        assert add_missing_columns(engine, after) == []
    finally:
        engine.dispose()
