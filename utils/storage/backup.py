"""A consistent copy of the SQLite database while the bot runs, and putting such a copy back.

The file of a running bot cannot simply be copied: in WAL mode the newest transactions live in
`bot.db-wal` until a checkpoint moves them into `bot.db`, so a copy of one file misses them and a
copy taken during a checkpoint is torn. `VACUUM INTO` has SQLite make the copy: it reads one
snapshot in one read transaction (a WAL reader blocks no writer, so the bot in another process
keeps writing meanwhile) and writes a new, compact file of live pages only. The online backup API
(`Connection.backup`) would copy free pages as they are, and a stepped copy starts over whenever
another process writes; `VACUUM INTO` carries nothing a member had erased and needs no retry.

Restoring swaps files, so nothing may hold the database open: the last connection to close a WAL
database checkpoints it and removes `-wal`, so a `-wal` that outlives this process's own connection
is another process's (a bot, a script) and the restore refuses. The file replaced is kept beside
the backups (a hard link, so the swap itself is one atomic rename and nothing is copied twice).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError

from utils.storage.migrate import alembic_config, head_revision
from utils.storage.schema import metadata, user_memory

SQLITE_HEADER = b"SQLite format 3\x00"
BACKUPS_DIR_NAME = "backups"
STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
FILE_MODE = 0o600
"""A backup holds every member's memories: readable by the bot's user only."""


class BackupRefused(Exception):
    """Why a backup or restore did not happen, in one line; nothing was changed."""


@dataclass(frozen=True)
class DatabaseFacts:
    """What an SQLite file holds, read without changing it."""

    revision: str
    rows: Mapping[str, int]
    """Rows per table of this schema."""

    @property
    def memories(self) -> int:
        return self.rows.get(user_memory.name, 0)


@dataclass(frozen=True)
class BackupMade:
    path: Path
    size_bytes: int
    facts: DatabaseFacts


@dataclass(frozen=True)
class Restored:
    facts: DatabaseFacts
    """The backup that is now the database (its revision before any migration)."""
    previous: Path | None
    """Where the database it replaced is kept (None: there was none)."""


def backups_dir(database: Path) -> Path:
    return database.parent / BACKUPS_DIR_NAME


def default_backup_path(database: Path, now: datetime | None = None) -> Path:
    """`data/backups/bot-20261204T063000Z.db`: beside the database, named by the UTC time, sorted by name."""
    return _in_backups(database, "", now)


def _in_backups(database: Path, label: str, now: datetime | None) -> Path:
    """A file of the backups folder named after the database, ``label`` and the UTC time (sorted by name)."""
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime(STAMP_FORMAT)
    return backups_dir(database) / f"{database.stem}-{label}{stamp}{database.suffix or '.db'}"


@contextmanager
def _staged(final: Path, suffix: str) -> Iterator[Path]:
    """A file beside ``final`` to write first and rename over it; gone if the work fails.

    One left by an interrupted run is removed first, so a half-made file never carries
    the name of a finished one.
    """
    staged = final.with_name(final.name + suffix)
    staged.unlink(missing_ok=True)
    try:
        yield staged
    except BaseException:
        staged.unlink(missing_ok=True)
        raise


def backup_sqlite(database: Path, target: Path | None = None, now: datetime | None = None) -> BackupMade:
    """Copy the live database at ``database`` to ``target`` (default: :func:`default_backup_path`), checked.

    The copy is written under a `.partial` name and renamed when SQLite has checked it, so a
    backup interrupted half-way never carries the name of a finished one.
    """
    if not database.is_file():
        raise BackupRefused(f"there is no database at {database} yet: nothing to back up")
    target = target or default_backup_path(database, now)
    if target.exists():
        raise BackupRefused(f"{target} already exists; a backup never overwrites a file (give another name)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with _staged(target, ".partial") as partial:
        _vacuum_into(database, partial)
        os.chmod(partial, FILE_MODE)
        facts = database_facts(partial)
        os.replace(partial, target)
    return BackupMade(target, target.stat().st_size, facts)


def _vacuum_into(database: Path, target: Path) -> None:
    """SQLite's own consistent copy of ``database`` (one read snapshot, WAL content included) into a new file."""
    try:
        with closing(sqlite3.connect(database, timeout=30)) as conn:
            conn.execute("VACUUM INTO ?", (str(target),))
    except sqlite3.Error as exc:
        raise BackupRefused(f"SQLite could not copy {database}: {exc}") from None


def database_facts(path: Path) -> DatabaseFacts:
    """The schema revision and rows per table of the SQLite file at ``path``; :class:`BackupRefused` when it is not
    a sound database of this bot. The file is opened read-only and is never changed."""
    if not path.is_file():
        raise BackupRefused(f"{path} does not exist")
    with path.open("rb") as file:
        if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise BackupRefused(f"{path} is not an SQLite database")
    try:
        with closing(sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)) as conn:
            return _read_facts(conn, path)
    except sqlite3.Error as exc:
        raise BackupRefused(f"{path} cannot be read as an SQLite database: {exc}") from None


def _read_facts(conn: sqlite3.Connection, path: Path) -> DatabaseFacts:
    check = conn.execute("PRAGMA quick_check").fetchone()
    if not check or check[0] != "ok":
        raise BackupRefused(f"{path} is damaged (SQLite's quick_check: {check[0] if check else 'no answer'})")
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "alembic_version" not in tables:
        raise BackupRefused(f"{path} is an SQLite database, but not this bot's (it has no schema revision)")
    found = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    revision = found[0] if found else ""
    if not known_revision(revision):
        raise BackupRefused(
            f"{path} is at schema revision {revision or '(none)'}, which this code does not know "
            f"(it knows up to {head_revision()}); a backup made by newer code needs that code"
        )
    missing = [table.name for table in metadata.sorted_tables if table.name not in tables]
    if revision == head_revision() and missing:
        raise BackupRefused(f"{path} is at {revision} but lacks the tables {', '.join(missing)}: not this bot's database")
    rows = {
        table.name: conn.execute(f'SELECT count(*) FROM "{table.name}"').fetchone()[0] if table.name in tables else 0
        for table in metadata.sorted_tables
    }
    return DatabaseFacts(revision, rows)


def known_revision(revision: str) -> bool:
    """A revision of this code's migrations (older ones are migrated to head after a restore)."""
    if not revision:
        return False
    try:
        return ScriptDirectory.from_config(alembic_config()).get_revision(revision) is not None
    except CommandError:
        return False


def release_and_check_unused(database: Path) -> None:
    """Open and close ``database`` once, then refuse if its WAL file is still there: another process holds it.

    The last connection to close a WAL database checkpoints it and removes `-wal`; a crashed
    bot's leftover `-wal` is folded in by this very open and close, so only a live holder refuses.
    """
    try:
        with closing(sqlite3.connect(database, timeout=30)) as conn:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        raise BackupRefused(f"{database} cannot be opened ({exc}); stop whatever uses it and try again") from None
    if wal_file(database).exists():
        raise BackupRefused(
            f"another process has {database} open (its write-ahead log stays): stop the bot (and any script using the "
            "database) first, then restore"
        )


def wal_file(database: Path) -> Path:
    return database.with_name(database.name + "-wal")


def restore_sqlite(database: Path, backup: Path, now: datetime | None = None) -> Restored:
    """Make ``backup`` the database at ``database``; the file it replaces is kept in the backups folder.

    The caller has checked that no bot runs (:func:`release_and_check_unused` is checked again
    here, just before the swap). The backup is copied next to the database first (SQLite's backup
    API, so a backup in WAL mode comes whole and the backup file is only read), then renamed over
    it in one step. Migrating an older backup to head is the caller's next step.
    """
    facts = database_facts(backup)
    if backup.resolve() == database.resolve():
        raise BackupRefused(f"{backup} is the database itself")
    database.parent.mkdir(parents=True, exist_ok=True)
    with _staged(database, ".restoring") as staged:
        _copy_sqlite(backup, staged)
        os.chmod(staged, FILE_MODE)
        previous = None
        if database.exists():
            release_and_check_unused(database)
            previous = _keep_aside(database, now)
        database.with_name(database.name + "-shm").unlink(missing_ok=True)
        os.replace(staged, database)
    return Restored(facts, previous)


def _copy_sqlite(source: Path, target: Path) -> None:
    try:
        with (
            closing(sqlite3.connect(f"file:{source.resolve()}?mode=ro", uri=True)) as reader,
            closing(sqlite3.connect(target)) as writer,
        ):
            reader.backup(writer)
    except sqlite3.Error as exc:
        raise BackupRefused(f"SQLite could not copy {source}: {exc}") from None


def _keep_aside(database: Path, now: datetime | None) -> Path:
    """A second name for the current database file (a hard link; a copy where links are not allowed)."""
    kept = _in_backups(database, "before-restore-", now)
    kept.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(database, kept)
    except OSError:
        shutil.copy2(database, kept)
    return kept
