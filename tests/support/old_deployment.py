"""An old deployment's database, for the tools and for upgrades: schema at an old revision, one member, a stopped bot.

On SQLite a file in WAL mode; on a server run (MSSQL_TEST_URL) the server's test database, emptied of
every table and brought to that revision.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from shared_database import ON_SERVER, SERVER_URL, drop_every_table

from utils.storage.engine import create_engine_for
from utils.storage.migrate import alembic_config
from utils.storage.url import resolve_database_url


def old_deployment_db(folder: Path, user_id: int, notes: str, offenses: int = 0) -> Path:
    """``folder/bot.db`` at revision 0001 holding one member, closed as a stopped bot leaves it (no WAL files)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "bot.db"
    command.upgrade(alembic_config(f"sqlite:///{path}"), "0001")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("INSERT INTO UserState (UserId, OffenseCount, UserNotes) VALUES (?, ?, ?)", (user_id, offenses, notes))
    conn.commit()
    conn.close()
    return path


def files_and_bytes(folder: Path) -> dict[str, bytes]:
    """Every file of ``folder`` with its bytes: what a dry run must leave exactly as it was."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def old_database(folder: Path, user_id: int, notes: str, *, revision: str = "0001") -> str:
    """The URL of a database at ``revision`` holding one member: an old deployment's file, or the server's test database."""
    if not ON_SERVER:
        path = old_deployment_db(folder, user_id, notes) if revision == "0001" else _sqlite_at(folder, revision)
        if revision != "0001":
            _insert_member(f"sqlite:///{path}", user_id, notes)
        return f"sqlite:///{path}"
    drop_every_table(SERVER_URL)
    command.upgrade(alembic_config(resolve_database_url(SERVER_URL)), revision)
    _insert_member(SERVER_URL, user_id, notes)
    return SERVER_URL


def empty_database(folder: Path) -> str:
    """The URL of a database with nothing in it, not even a schema: a new file, or the server's test database emptied."""
    if not ON_SERVER:
        return f"sqlite:///{folder / 'bot.db'}"
    drop_every_table(SERVER_URL)
    return SERVER_URL


def _sqlite_at(folder: Path, revision: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "bot.db"
    command.upgrade(alembic_config(f"sqlite:///{path}"), revision)
    return path


def _insert_member(url: str, user_id: int, notes: str) -> None:
    engine = create_engine_for(resolve_database_url(url), 1)
    try:
        with engine.begin() as conn:
            state = sa.table("UserState", sa.column("UserId"), sa.column("OffenseCount"), sa.column("UserNotes"))
            conn.execute(sa.insert(state).values(UserId=user_id, OffenseCount=0, UserNotes=notes))
    finally:
        engine.dispose()
