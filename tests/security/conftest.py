"""The server tests' database fixtures (SQLite and the real PostgreSQL) serve here too."""

from server.conftest import db_url, pg_url, sqlite_url  # noqa: F401 - fixtures
