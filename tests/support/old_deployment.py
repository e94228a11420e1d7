"""An old deployment's SQLite database, for the tools' dry runs: schema at revision 0001, WAL, a stopped bot."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command

from utils.storage.engine import alembic_config


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
