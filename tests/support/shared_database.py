"""The database of the tests about several processes on one database: SQLite here, or a real SQL Server.

By default each test gets its own SQLite file. With ``MSSQL_TEST_URL`` set to
an SQLAlchemy URL of a SQL Server database the tests may empty (for example a throw-away
database on a developer's server, or Azure SQL with READ_COMMITTED_SNAPSHOT on), the same
tests run there instead: the schema is migrated on connect and every table is emptied
before each test. What SQLite cannot show (row locks under RCSI, ROWVERSION gaps) is then
exercised for real; docs/sql-server.md gives the command.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from utils.storage.engine import create_engine_for
from utils.storage.schema import metadata
from utils.storage.url import resolve_database_url

SQLSERVER_ENV = "MSSQL_TEST_URL"


def shared_database_url(db_path: Path) -> str:
    """The URL the test's processes share: ``MSSQL_TEST_URL`` (emptied first) or the test's SQLite file."""
    server = os.environ.get(SQLSERVER_ENV, "").strip()
    if not server:
        return f"sqlite:///{db_path}"
    empty_every_table(server)
    return server


def empty_every_table(url: str) -> None:
    """Delete every row the bot stores (children first); the schema stays (it is migrated on connect)."""
    engine = create_engine_for(resolve_database_url(url), 1)
    try:
        with engine.begin() as conn:
            existing = set(sa.inspect(conn).get_table_names())
            for table in reversed(metadata.sorted_tables):
                if table.name in existing:
                    conn.execute(sa.delete(table))
    finally:
        engine.dispose()


def rows(url: str, sql: str, params: dict[str, Any] | None = None) -> Sequence[tuple[Any, ...]]:
    """Run one read the way an operator would, on whichever database the test uses (named ``:params``)."""
    engine = create_engine_for(resolve_database_url(url), 1)
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(sa.text(sql), params or {})]
    finally:
        engine.dispose()
