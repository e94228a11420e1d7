"""Backing up the SQLite file while another process writes it, and restoring a backup without losing anything.

A copy that is torn shows in its counts: the writer below adds memories ten at a time, each with
its audit row, in one transaction, so a consistent snapshot always holds a multiple of ten of
each and as many of one as of the other.
"""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from database_seed import seed_every_table

from utils.paths import PROJECT_ROOT
from utils.storage.backup import (
    BackupRefused,
    backup_sqlite,
    database_facts,
    default_backup_path,
    restore_sqlite,
    wal_file,
)
from utils.storage.engine import create_engine_for
from utils.storage.migrate import alembic_config, head_revision, migrate_to_head
from utils.storage.schema import memory_audit, user_memory

pytestmark = pytest.mark.sqlite_only("backs up and restores the SQLite file itself")

WRITER = """
import sys, time
from datetime import UTC, datetime, timedelta
from pathlib import Path
import sqlalchemy as sa
from utils.storage.engine import create_engine_for
from utils.storage.schema import memory_audit, user_memory

engine = create_engine_for(sa.URL.create("sqlite", database=sys.argv[1]), 1)
stop = Path(sys.argv[2])
batches = 0
while not stop.exists():
    with engine.begin() as conn:
        for _ in range(10):
            new = conn.execute(sa.insert(user_memory).values(user_id=1, memory="x" * 400, topics=(), importance="low",
                               expires_at=datetime.now(UTC) + timedelta(days=1), source="chat")).inserted_primary_key[0]
            conn.execute(sa.insert(memory_audit).values(action="added", user_id=1, memory_id=new, actor="system"))
    batches += 1
    if batches == 1:
        Path(sys.argv[3]).touch()
print(batches)
"""


def new_database(path: Path, members: int = 4, memories_per_member: int = 3) -> Path:
    engine = create_engine_for(sa.URL.create("sqlite", database=str(path)), 1)
    try:
        migrate_to_head(engine)
        seed_every_table(engine, members, memories_per_member)
    finally:
        engine.dispose()
    return path


def consistent_counts(path: Path) -> tuple[int, int]:
    with closing(sqlite3.connect(path)) as conn:
        memories = conn.execute("SELECT count(*) FROM UserMemory WHERE UserId = 1").fetchone()[0]
        audits = conn.execute("SELECT count(*) FROM MemoryAudit WHERE UserId = 1").fetchone()[0]
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    return memories, audits


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.slow
def test_backup_of_a_database_another_process_is_writing_is_complete_and_consistent(tmp_path: Path) -> None:
    database = new_database(tmp_path / "bot.db")
    stop, started = tmp_path / "stop", tmp_path / "started"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(database), str(stop), str(started)],
        cwd=PROJECT_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert started.exists(), "the writer wrote its first batch"
        made = [backup_sqlite(database, tmp_path / "backups" / f"b{n}.db") for n in range(4)]
        assert wal_file(database).exists(), "the writer held the database open in WAL mode throughout"
    finally:
        stop.touch()
        out, _ = writer.communicate(timeout=30)
    batches = int(out.strip())
    counts = [consistent_counts(backup.path) for backup in made]
    for memories, audits in counts:
        assert memories == audits and memories % 10 == 0 and memories > 0, counts
    assert counts[-1][0] > counts[0][0], f"the writer went on while the backups were made: {counts}"
    assert counts[-1][0] <= batches * 10
    assert all(backup.facts.revision == head_revision() for backup in made)
    assert all(backup.path.stat().st_mode & 0o077 == 0 for backup in made), "a backup is readable by its owner only"
    assert not list((tmp_path / "backups").glob("*.partial"))


def test_backup_default_name_is_beside_the_database_in_utc(tmp_path: Path) -> None:
    from datetime import datetime, timedelta, timezone

    moment = datetime(2026, 12, 4, 9, 30, 5, tzinfo=timezone(timedelta(hours=2)))
    assert default_backup_path(tmp_path / "bot.db", moment) == tmp_path / "backups" / "bot-20261204T073005Z.db"


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing database", "there is no database"),
        ("target exists", "never overwrites"),
    ],
)
def test_backup_refuses_without_changing_anything(tmp_path: Path, case: str, message: str) -> None:
    database = tmp_path / "bot.db"
    target = tmp_path / "old.db"
    target.write_bytes(b"keep me")
    if case == "target exists":
        new_database(database)
    with pytest.raises(BackupRefused, match=message):
        backup_sqlite(database, target)
    assert target.read_bytes() == b"keep me"


def test_restore_round_trip_gives_the_backups_counts_and_keeps_the_replaced_file(tmp_path: Path) -> None:
    database = new_database(tmp_path / "bot.db")
    made = backup_sqlite(database)
    engine = create_engine_for(sa.URL.create("sqlite", database=str(database)), 1)
    with engine.begin() as conn:  # the bot goes on after the backup: a memory erased, another learned
        conn.execute(sa.delete(user_memory).where(user_memory.c.id == 1))
        conn.execute(sa.delete(memory_audit))
    engine.dispose()
    changed = database_facts(database)
    assert changed.rows != made.facts.rows

    restored = restore_sqlite(database, made.path)

    assert database_facts(database).rows == made.facts.rows
    assert restored.previous is not None and database_facts(restored.previous).rows == changed.rows
    assert made.path.exists(), "the backup itself is only read"
    assert not database.with_name("bot.db.restoring").exists()


SQLITE_WITHOUT_SCHEMA = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"


def foreign_file(path: Path, kind: str, good_backup: Path) -> None:
    if kind == "text":
        path.write_text("UserId,Memory\n1,plays chess\n", encoding="utf-8")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated backup":
        data = good_backup.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif kind in ("another sqlite database", "unknown revision"):
        with closing(sqlite3.connect(path)) as conn:
            conn.execute(SQLITE_WITHOUT_SCHEMA)
            if kind == "unknown revision":
                conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
                conn.execute("INSERT INTO alembic_version VALUES ('9999_from_the_future')")
            conn.commit()
    elif kind == "missing":
        pass


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("text", "is not an SQLite database"),
        ("empty", "is not an SQLite database"),
        ("truncated backup", "damaged|cannot be read"),
        ("another sqlite database", "not this bot's"),
        ("unknown revision", "9999_from_the_future, which this code does not know"),
        ("missing", "does not exist"),
    ],
)
def test_restore_refuses_a_file_that_is_not_a_backup_and_loses_nothing(tmp_path: Path, kind: str, message: str) -> None:
    database = new_database(tmp_path / "bot.db")
    good = backup_sqlite(database).path
    before = digest(database)
    offered = tmp_path / "offered.db"
    foreign_file(offered, kind, good)
    with pytest.raises(BackupRefused, match=message):
        restore_sqlite(database, offered)
    assert digest(database) == before
    assert not database.with_name("bot.db.restoring").exists()
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == [good.name], "no side copy for a refused restore"


@pytest.mark.slow
def test_restore_refuses_while_another_process_has_the_database_open(tmp_path: Path) -> None:
    database = new_database(tmp_path / "bot.db")
    good = backup_sqlite(database).path
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA journal_mode=WAL');"
            "c.execute('SELECT count(*) FROM UserState').fetchone(); print('open', flush=True); sys.stdin.read()",
            str(database),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        before = digest(database)
        with pytest.raises(BackupRefused, match=r"another process has .* open"):
            restore_sqlite(database, good)
        assert digest(database) == before
    finally:
        holder.communicate("", timeout=30)
    restore_sqlite(database, good)  # the holder is gone: the same restore goes through


def test_restore_of_an_older_backup_is_migrated_to_head(tmp_path: Path) -> None:
    old = tmp_path / "old-backup.db"
    command.upgrade(alembic_config(f"sqlite:///{old}"), "0004")
    database = new_database(tmp_path / "bot.db")
    restored = restore_sqlite(database, old)
    assert restored.facts.revision == "0004"
    engine = create_engine_for(sa.URL.create("sqlite", database=str(database)), 1)
    try:
        state = migrate_to_head(engine)
    finally:
        engine.dispose()
    assert (state.before, state.after) == ("0004", head_revision())
