"""The database the suite runs on: a SQLite file per test, or the T-SQL server ``MSSQL_TEST_URL`` names.

By default each test gets its own SQLite file. With ``MSSQL_TEST_URL`` set to a scratch database
on SQL Server or Babelfish (the tests empty it: never point it at data you want to keep), every
test that stores anything runs there instead, through the same fixtures (``database_url``,
``make_settings``, ``services``) and reads back through :func:`query`, which sends the same
neutral SQL to either. What SQLite cannot show (row locks under snapshot reads, ROWVERSION
gaps, a server's own way of failing a statement) is then exercised for real.

A test that can only run on SQLite (it reads the file's bytes, removes it, opens it read-only)
carries ``@pytest.mark.sqlite_only("why")``: on a server run it is skipped with that reason, never
silently, and a test that opens a SQLite database without the marker fails there
(``tests/conftest.py``).
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from utils.storage.engine import create_engine_for, in_transaction
from utils.storage.schema import metadata
from utils.storage.url import resolve_database_url

SQLSERVER_ENV = "MSSQL_TEST_URL"
SERVER_URL = os.environ.get(SQLSERVER_ENV, "").strip()
ON_SERVER = bool(SERVER_URL)
"""True for a run against the server: storage-touching tests use it, one at a time (they share its database)."""


def shared_database_url(db_path: Path) -> str:
    """The URL the test's processes share: ``MSSQL_TEST_URL`` (emptied first) or the test's SQLite file."""
    if not ON_SERVER:
        return f"sqlite:///{db_path}"
    empty_every_table(SERVER_URL)
    return SERVER_URL


@functools.cache
def _server(url: str) -> sa.Engine:
    """One small pool per server URL for the tests' own reads (a new login per read is slow over TDS)."""
    return create_engine_for(resolve_database_url(url), 1)


def _sqlite_file(where: str | Path) -> str | None:
    """The file a SQLite URL or path names (None: a server URL)."""
    if isinstance(where, Path):
        return str(where)
    url = sa.make_url(where) if "://" in where else None
    return url.database if url is not None and url.get_backend_name() == "sqlite" else None


def empty_every_table(url: str) -> None:
    """Delete every row the bot stores (children first); the schema stays (it is migrated on connect)."""
    with _server(url).begin() as conn:
        existing = {name.casefold() for name in sa.inspect(conn).get_table_names()}
        for table in reversed(metadata.sorted_tables):
            if table.name.casefold() in existing:
                conn.execute(sa.delete(table))


def query(where: str | Path, sql: str, *params: object) -> list[tuple[Any, ...]]:
    """Run one read the way an operator would, on the test's database (its URL, or a SQLite file's path).

    ``sql`` is neutral SQL with ``?`` placeholders, which both sqlite3 and pyodbc take: no
    `LIMIT`, no boolean expression in a select list (``CASE WHEN … THEN 1 ELSE 0 END``), no
    SQLite functions (a time is a parameter: a datetime, written as the columns hold it).
    Booleans come back as 0/1 or False/True, which compare equal.
    """
    file = _sqlite_file(where)
    if file is not None:  # a plain connection, closed at once: the test's file is never held open
        with closing(sqlite3.connect(file)) as conn:
            return conn.execute(sql, tuple(_stored_as(p, sqlite=True) for p in params)).fetchall()
    bound = tuple(_stored_as(p, sqlite=False) for p in params)
    return in_transaction(_server(str(where)), lambda conn: [tuple(r) for r in conn.exec_driver_sql(sql, bound)])


def as_datetime(value: object) -> datetime:
    """A time read back by :func:`query` (SQLite gives the text SQLAlchemy wrote, a server a datetime), as aware UTC."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    assert isinstance(moment, datetime), value
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _stored_as(value: object, *, sqlite: bool) -> object:
    """A datetime parameter as the bot's columns hold it: naive UTC (SQLite: the text SQLAlchemy writes)."""
    if not isinstance(value, datetime):
        return value
    naive = value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value
    return naive.strftime("%Y-%m-%d %H:%M:%S.%f") if sqlite else naive


def execute(where: str | Path, sql: str, *params: object) -> int:
    """Run one write (neutral SQL, ``?`` placeholders) on the test's database and commit it; returns the rows it touched.

    For seeding what the bot itself would never write (an old bot's rows, a member opted out by hand).
    """
    file = _sqlite_file(where)
    if file is not None:
        with closing(sqlite3.connect(file)) as conn:
            touched = conn.execute(sql, tuple(_stored_as(p, sqlite=True) for p in params)).rowcount
            conn.commit()
            return touched
    bound = tuple(_stored_as(p, sqlite=False) for p in params)
    return in_transaction(_server(str(where)), lambda conn: conn.exec_driver_sql(sql, bound).rowcount)


def table_names(where: str | Path) -> set[str]:
    """The tables the database holds (as the server spells them: compare case-insensitively where it matters)."""
    file = _sqlite_file(where)
    engine = sa.create_engine(f"sqlite:///{file}") if file is not None else _server(str(where))
    try:
        with engine.connect() as conn:
            return set(sa.inspect(conn).get_table_names())
    finally:
        if file is not None:
            engine.dispose()


def dump(where: str | Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the bot's schema, in a stable order: what "changed nothing" compares."""
    present = {name.casefold() for name in table_names(where)}
    return {
        table.name: sorted(query(where, f"SELECT * FROM {table.name}"), key=repr)
        for table in metadata.sorted_tables
        if table.name.casefold() in present
    }


def rows(url: str, sql: str, params: dict[str, Any] | None = None) -> Sequence[tuple[Any, ...]]:
    """Run one read with named ``:params`` on whichever database the test uses."""
    file = _sqlite_file(url)
    engine = sa.create_engine(f"sqlite:///{file}") if file is not None else _server(url)
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(sa.text(sql), params or {})]
    finally:
        if file is not None:
            engine.dispose()


def drop_every_table(url: str) -> None:
    """Leave the server's test database empty of the bot's tables and of Alembic's version, like a new SQLite file."""
    engine = _server(url)
    with engine.begin() as conn:
        metadata.drop_all(conn, checkfirst=True)  # children first, from the schema: no foreign keys read back
        for name in sa.inspect(conn).get_table_names():  # alembic_version, and what older revisions had
            sa.Table(name, sa.MetaData()).drop(conn)
    engine.dispose()
