"""What a database error means for the bot: try again later, never, or reject this one statement.

The storage engine (`utils.storage.engine`) maps every driver error to one of the three
exceptions here, so callers degrade (memory off, writes postponed), give up on one bad row, or
say once that the configuration can never work — never a traceback.
"""

from __future__ import annotations

import sqlalchemy as sa

from utils.storage.odbc import NotSayable


class DatabaseError(RuntimeError):
    """A statement failed for good (bad data, a constraint): retrying it will not help."""


class DatabaseUnavailable(DatabaseError):
    """The database cannot be used right now; the caller should degrade, keep what it has, and retry later."""


class DatabasePermanentError(DatabaseError):
    """The database can never be reached as configured (a missing driver, a missing file opened read-only)."""


MISSING_DRIVER_SIGNS = ("can't open lib", "im002", "data source name not found", "no module named 'pyodbc'", "libodbc")


def permanent_reason(exc: BaseException, url: sa.URL, *, read_only: bool = False) -> str | None:
    """One line saying why ``url`` can never work here, or None when waiting might help.

    A SQL Server URL on a machine without pyodbc, the unixODBC runtime or the ODBC driver
    named in it fails the same way every time; retrying every 30 s for ever hides that.
    """
    if isinstance(exc, DatabasePermanentError):
        where = "opened read-only, so nothing is created" if read_only else "cannot be used"
        return f"DB_CONNECTION_STRING names {exc}; {where}."
    if isinstance(exc, NotSayable):
        return f"DB_CONNECTION_STRING cannot be used as it is: {exc}."
    if url.get_backend_name() != "mssql":
        return None
    text = f"{type(exc).__name__}: {getattr(exc, 'orig', None) or exc}".lower()
    if isinstance(exc, ImportError) or any(sign in text for sign in MISSING_DRIVER_SIGNS):
        driver = url.query.get("driver") or _odbc_driver(str(url.query.get("odbc_connect", ""))) or "the ODBC driver"
        return (
            f"DB_CONNECTION_STRING points at SQL Server, but this machine cannot load its ODBC driver ({driver}; "
            f"it needs pyodbc, the unixODBC runtime and that driver): {one_line(exc)}. Install them or use an SQLite URL."
        )
    return None


def _odbc_driver(odbc: str) -> str | None:
    for part in odbc.split(";"):
        key, _, value = part.partition("=")
        if key.strip().lower() == "driver":
            return value.strip().strip("{}")
    return None


def is_connection_error(exc: sa.exc.DBAPIError) -> bool:
    text = str(exc.orig).lower()
    return any(word in text for word in ("unable to open", "connection", "disk i/o", "communication link"))


def one_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]
