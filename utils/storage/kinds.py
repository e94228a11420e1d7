"""Which T-SQL engine a connection speaks to: SQL Server itself, or Babelfish for PostgreSQL.

Both take the same statements, with one difference this code depends on: Babelfish has no
``MIN_ACTIVE_ROWVERSION()`` (the coherence poll's bound, `utils.storage.control`), because its
ROWVERSION is the writing transaction's PostgreSQL id, not a database-wide counter. The engine
is asked once, at the pool's first connection (``SERVERPROPERTY('Babelfish')`` is 1 there and
NULL on SQL Server), and the answer is kept with the engine's dialect.
"""

from __future__ import annotations

import weakref
from typing import Any, Literal

import sqlalchemy as sa

SqlKind = Literal["sqlite", "mssql", "babelfish"]

_BABELFISH: weakref.WeakKeyDictionary[sa.Dialect, bool] = weakref.WeakKeyDictionary()


def watch_server_kind(engine: sa.Engine) -> None:
    """Ask a T-SQL engine what it is at its first connection (before any statement of the bot runs)."""

    def first_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("SELECT CAST(SERVERPROPERTY('Babelfish') AS int)")
            row = cursor.fetchone()
        finally:
            cursor.close()
        _BABELFISH[engine.dialect] = bool(row and row[0] == 1)

    sa.event.listen(engine, "first_connect", first_connect)


def sql_kind(conn: sa.Connection) -> SqlKind:
    """``sqlite``, ``mssql`` (SQL Server, Azure SQL) or ``babelfish``: what the statements are built for."""
    name = conn.dialect.name
    if name == "mssql":
        return "babelfish" if _BABELFISH.get(conn.dialect, False) else "mssql"
    return "sqlite"
