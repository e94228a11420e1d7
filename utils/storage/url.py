"""Turn DB_CONNECTION_STRING into an SQLAlchemy URL.

Accepts an SQLAlchemy URL, a raw ODBC connection string (existing deployments have
`DRIVER={ODBC Driver 18 for SQL Server};SERVER=…`), or nothing: the embedded SQLite
file `data/bot.db` next to the code.
"""

from __future__ import annotations

import sqlalchemy as sa

from utils.paths import DATA_DIR

DEFAULT_SQLITE_PATH = DATA_DIR / "bot.db"


def resolve_database_url(raw: str) -> sa.URL:
    """Return the URL to connect to; raises ``ValueError`` for something that is neither form."""
    raw = raw.strip()
    if not raw:
        return sa.URL.create("sqlite", database=str(DEFAULT_SQLITE_PATH))
    if "driver=" in raw.lower() and "://" not in raw:
        return sa.URL.create("mssql+pyodbc", query={"odbc_connect": raw})
    try:
        return sa.make_url(raw)
    except sa.exc.ArgumentError as exc:
        raise ValueError(f"DB_CONNECTION_STRING is neither an SQLAlchemy URL nor an ODBC string: {exc}") from None
