"""The storage engine against the world: ids that never come back, read-only opens, a missing driver, new columns."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from shared_database import query
from storage_calls import storage

from utils.doctor.checks import DATABASE_DEADLINE_SECONDS
from utils.storage import memories
from utils.storage.engine import (
    LOGIN_TIMEOUT_SECONDS,
    Database,
    DatabaseError,
    create_engine_for,
    server_url_and_options,
)
from utils.storage.errors import permanent_reason
from utils.storage.member_data import ForgetRequest
from utils.storage.migrate import alembic_config, head_revision
from utils.storage.records import MemoryBatch, MemoryRecord, NewMemory
from utils.storage.url import resolve_database_url

ALICE, BOB = 111, 222
LATER = datetime.now(UTC) + timedelta(days=7)


def new(user_id: int, text: str) -> NewMemory:
    return NewMemory(user_id, text, ("t",), "medium", LATER, "chat")


async def open_db(url: str | Path, **options: object) -> Database:
    """The test's database (its URL), or a SQLite file of its own (a path)."""
    target = sa.URL.create("sqlite", database=str(url)) if isinstance(url, Path) else url
    db = Database(target, **options)  # type: ignore[arg-type]
    assert await db.connect()
    return db


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------------- ids never come back
async def test_a_forgotten_memory_id_is_never_handed_out_again(database_url: str) -> None:
    """`/memory forget 5` must never hit a memory the member has not seen: SQLite reused the highest deleted id."""
    db = await open_db(database_url)
    try:
        first, second = await storage(db).apply_memory_batch(MemoryBatch(ALICE, inserts=[new(ALICE, "a"), new(ALICE, "b")]))
        await storage(db).erase_member_data(ALICE, ForgetRequest(memory_ids=(second,)), actor="member")
        (third,) = await storage(db).apply_memory_batch(MemoryBatch(ALICE, inserts=[new(ALICE, "c")]))
        assert third > second > first
    finally:
        await db.close()


@pytest.mark.sqlite_only("SQLite's own table rebuild for AUTOINCREMENT (SQL Server's IDENTITY never reuses an id)")
async def test_the_upgrade_keeps_rows_and_ids_and_starts_above_every_id_ever_audited(tmp_path: Path) -> None:
    """A database made by revision 0001 (no AUTOINCREMENT) is rebuilt in place: rows, ids and audit kept."""
    path = tmp_path / "old.db"
    url = f"sqlite:///{path}"
    command.upgrade(alembic_config(url), "0001")
    with sqlite3.connect(path) as conn:
        for memory_id, text in ((1, "kept"), (2, "kept too")):
            conn.execute(
                "INSERT INTO UserMemory (Id, UserId, Memory, Topics, Importance, ExpiresAt, Source) "
                "VALUES (?, ?, ?, 't', 'medium', '2099-01-01 00:00:00', 'chat')",
                (memory_id, ALICE, text),
            )
        conn.execute("INSERT INTO MemoryAudit (Action, UserId, MemoryId, Actor) VALUES ('forgotten', 111, 9, 'member')")
    db = await open_db(path)
    try:
        assert [(m.id, m.memory) for m in await storage(db).get_all_memories(ALICE)] == [(1, "kept"), (2, "kept too")]
        (fresh,) = await storage(db).apply_memory_batch(MemoryBatch(ALICE, inserts=[new(ALICE, "new")]))
        assert fresh == 10, "above id 9, which a member once saw and forgot"
    finally:
        await db.close()
    assert "AUTOINCREMENT" in query(path, "SELECT sql FROM sqlite_master WHERE name = 'UserMemory'")[0][0]
    assert query(path, "SELECT version_num FROM alembic_version") == [(head_revision(),)]


# ---------------------------------------------------------------------- embeddings (Embedding, EmbeddingModel)
async def test_embeddings_are_stored_read_back_and_found_missing_by_model(database_url: str) -> None:
    db = await open_db(database_url)
    try:
        a, b, c = await storage(db).apply_memory_batch(
            MemoryBatch(ALICE, inserts=[new(ALICE, "a"), new(ALICE, "b"), new(ALICE, "c")])
        )
        (bobs,) = await storage(db).apply_memory_batch(MemoryBatch(BOB, inserts=[new(BOB, "bob")]))
        vector = bytes(range(16))
        assert await storage(db).set_memory_embeddings([(a, "nomic-v1", vector), (b, "old-model", b"\x01"), (999, "m", b"")]) == 2
        missing = await storage(db).memories_missing_embedding("nomic-v1", 10)
        assert [m.id for m in missing] == [b, c, bobs], "another model's vector counts as missing"
        assert [m.id for m in await storage(db).memories_missing_embedding("nomic-v1", 1)] == [b]
        assert [m.id for m in await storage(db).memories_missing_embedding("nomic-v1", 10, 4)] == [b, c, bobs], (
            "16 bytes: 4 numbers"
        )
        resized = await storage(db).memories_missing_embedding("nomic-v1", 10, 768)
        assert [m.id for m in resized] == [a, b, c, bobs], "a vector of another size under the same name is missing too"
        live = {m.id: m for m in await storage(db).get_recent_memories(ALICE, None)}
        assert (live[a].embedding, live[a].embedding_model) == (vector, "nomic-v1")
        assert live[c].embedding is None and isinstance(live[a], MemoryRecord)
    finally:
        await db.close()


# ---------------------------------------------------------------------- read-only opens (tools' dry runs)
@pytest.mark.sqlite_only("a read-only open is a SQLite file opened with mode=ro, compared byte for byte")
async def test_read_only_open_changes_nothing_and_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    command.upgrade(alembic_config(f"sqlite:///{path}"), "0001")
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO UserState (UserId, UserNotes) VALUES (1, '[2026-01-01 10:00] plays GTA')")
    before = digest(path)
    db = await open_db(path, read_only=True)
    try:
        assert await storage(db).get_user_notes(1) == "[2026-01-01 10:00] plays GTA"
        with pytest.raises(DatabaseError, match="read-only"):
            await storage(db).set_user_profile(1, "Plays GTA.")
    finally:
        await db.close()
    assert digest(path) == before, "no migration, no WAL switch, no write"
    assert query(path, "SELECT version_num FROM alembic_version") == [("0001",)]


@pytest.mark.sqlite_only("a missing database is a missing file")
async def test_read_only_open_of_a_missing_file_creates_nothing(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "nowhere" / "bot.db"
    db = Database(f"sqlite:///{path}", read_only=True, reconnect_seconds=0.01)
    with caplog.at_level(logging.ERROR):
        assert not await db.connect()
    await db.close()
    assert not path.parent.exists()
    assert db.last_error is not None and str(path) in db.last_error and "DB_CONNECTION_STRING" in db.last_error


# ---------------------------------------------------------------------- a SQL Server URL without its driver
@pytest.mark.parametrize(
    ("error", "permanent"),
    [
        (ImportError("libodbc.so.2: cannot open shared object file: No such file or directory"), True),
        (ModuleNotFoundError("No module named 'pyodbc'"), True),
        (
            sa.exc.DBAPIError(
                "connect",
                None,
                Exception(
                    "('01000', \"[01000] [unixODBC][Driver Manager]Can't open lib 'ODBC Driver 18 for SQL Server' "
                    ': file not found (0) (SQLDriverConnect)")'
                ),
            ),
            True,
        ),
        (
            sa.exc.InterfaceError(
                "connect",
                None,
                Exception(
                    "('IM002', '[IM002] [unixODBC][Driver Manager]Data source name not found and no default driver "
                    "specified (0) (SQLDriverConnect)')"
                ),
            ),
            True,
        ),
        (sa.exc.OperationalError("connect", None, Exception("('HYT00', '[HYT00] Login timeout expired (0)')")), False),
        (sa.exc.OperationalError("connect", None, Exception("TCP Provider: Error code 0x2749 (10057)")), False),
        (sa.exc.OperationalError("connect", None, Exception("Login failed for user 'bot'. (18456)")), False),
        (ConnectionRefusedError("[Errno 111] Connection refused"), False),
    ],
)
def test_a_missing_odbc_driver_is_permanent_and_a_network_error_is_not(error: Exception, permanent: bool) -> None:
    url = sa.make_url("mssql+pyodbc://bot:pw@sql.example.com/Bot?driver=ODBC+Driver+18+for+SQL+Server")
    reason = permanent_reason(error, url)
    assert (reason is not None) == permanent
    if reason is not None:
        assert "DB_CONNECTION_STRING" in reason and "ODBC Driver 18 for SQL Server" in reason and "\n" not in reason


def test_an_odbc_string_names_its_driver_and_sqlite_is_never_a_driver_problem() -> None:
    odbc = sa.URL.create("mssql+pyodbc", query={"odbc_connect": "DRIVER={ODBC Driver 17 for SQL Server};SERVER=x"})
    reason = permanent_reason(ImportError("libodbc.so.2"), odbc)
    assert reason is not None and "ODBC Driver 17 for SQL Server" in reason
    assert permanent_reason(ImportError("libodbc.so.2"), sa.make_url("sqlite:///x.db")) is None


async def test_sql_server_without_a_driver_is_one_error_line_and_no_retries(caplog: pytest.LogCaptureFixture) -> None:
    db = Database("DRIVER={ODBC Driver 18 for SQL Server};SERVER=127.0.0.1,1;DATABASE=Bot;UID=bot;PWD=x", reconnect_seconds=0.01)
    with caplog.at_level(logging.WARNING, logger="utils.storage.engine"):
        assert not await db.connect()
    try:
        if db.last_error is None or "Login timeout" in db.last_error:
            pytest.skip("this machine has the ODBC driver")
        errors = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert [r.levelno for r in errors] == [logging.ERROR]
        assert "DB_CONNECTION_STRING" in errors[0].getMessage() and "ODBC Driver 18 for SQL Server" in errors[0].getMessage()
        assert db._reconnect_task is None, "not retried every 30 s for ever"
    finally:
        await db.close()


async def test_memories_functions_are_plain_functions_of_a_connection(database_url: str) -> None:
    """A storage function runs on any connection, e.g. one a migration or a script holds, with no engine around it."""
    db = await open_db(database_url)
    await db.close()
    engine = create_engine_for(resolve_database_url(database_url), 1)
    with engine.begin() as conn:
        memories.save_memory(conn, ALICE, "plays GTA", ["gta"], "high", LATER, "chat")
        assert [m.memory for m in memories.get_recent_memories(conn, ALICE)] == ["plays GTA"]
    engine.dispose()


@pytest.mark.parametrize(
    ("url", "login_timeout"),
    [
        ("mssql+pyodbc:///?odbc_connect=DRIVER%3D%7BODBC+Driver+18+for+SQL+Server%7D%3BSERVER%3Ddb", LOGIN_TIMEOUT_SECONDS),
        ("mssql+pyodbc://bot:pw@db/Breehavior?driver=ODBC+Driver+18+for+SQL+Server", LOGIN_TIMEOUT_SECONDS),
        ("sqlite:///data/bot.db", None),
        ("mssql+pymssql://bot:pw@db/Breehavior", None),
    ],
)
def test_an_odbc_login_has_a_bounded_wait_shorter_than_the_doctors_deadline(url: str, login_timeout: int | None) -> None:
    _url, options = server_url_and_options(sa.make_url(url))
    assert options.get("connect_args", {}).get("timeout") == login_timeout
    assert LOGIN_TIMEOUT_SECONDS < DATABASE_DEADLINE_SECONDS
