"""What the storage engine leaves in a server's sessions, and which error it reports when a statement fails.

Run on SQLite always and on the server when MSSQL_TEST_URL is set. The first test only has a meaning on a
T-SQL engine (SET NOCOUNT is session state there) and says so when skipped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from shared_database import ON_SERVER, SERVER_URL, drop_every_table, execute, query
from storage_calls import read_control

from utils.storage import control, memories
from utils.storage import notes as notes_sql
from utils.storage.control import Claim
from utils.storage.engine import Database, DatabaseError
from utils.storage.locks import NOCOUNT_OPTION
from utils.storage.migrate import head_revision
from utils.storage.records import MemoryBatch, NewMemory

ALICE = 123456789012345678
LATER = datetime.now(UTC) + timedelta(days=7)


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    database = Database(database_url, reconnect_seconds=0.05)
    assert await database.connect(), database.last_error
    yield database
    await database.close()


@pytest.mark.skipif(not ON_SERVER, reason="SET NOCOUNT is T-SQL session state: run with MSSQL_TEST_URL")
async def test_migrating_leaves_no_session_with_nocount_on() -> None:
    """The migration lock's batch sets NOCOUNT for its own statements; left on, Alembic's version UPDATE reports
    0 rows ("expected to match one row") and every later rowcount on that pooled session reads 0."""
    drop_every_table(SERVER_URL)
    db = Database(SERVER_URL)
    try:
        assert await db.connect(), db.last_error
        assert db.schema is not None and (db.schema.before, db.schema.after) == (None, head_revision())

        def options(conn: sa.Connection) -> int:
            return int(conn.exec_driver_sql("SELECT @@OPTIONS").scalar_one())

        for _ in range(3):  # every pooled session
            assert await db.run(options) & NOCOUNT_OPTION == 0
    finally:
        await db.close()


async def test_a_failing_statement_reports_its_own_error_not_the_rollbacks(db: Database) -> None:
    """Babelfish ends the transaction itself on such an error; the client's ROLLBACK then fails as well, and that
    second error ("ROLLBACK can only be used in transaction blocks") must not be what the caller sees."""

    def read_a_missing_table(conn: sa.Connection) -> None:
        conn.execute(sa.select(sa.table("NoSuchTable", sa.column("Anything"))))

    for _ in range(3):  # and the connection it failed on is not handed out broken
        with pytest.raises(DatabaseError) as caught:
            await db.run(read_a_missing_table)
        assert "nosuchtable" in str(caught.value).lower() and "rollback" not in str(caught.value).lower()
    assert await db.run(read_control, ALICE) is not None


async def test_a_control_row_another_transaction_created_first_sends_the_write_back_to_planning(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes making the same member's first control row: the loser's INSERT hits the primary key. That is
    "another process made it", not a failure: the transaction runs again, finds the row, and the claim — planned
    against no row — is refused as a version race, so the write is planned again, not dropped."""
    await db.run(memories.apply_memory_batch, MemoryBatch(ALICE), None, Claim(0, 0))  # the other process's row
    real_read = control._read
    missed: list[int] = []

    def read_that_missed_it_once(conn: sa.Connection, user_id: int) -> object:
        if not missed:  # the first time, as if the other transaction had not committed yet when this one looked
            missed.append(user_id)
            return None
        return real_read(conn, user_id)

    monkeypatch.setattr(control, "_read", read_that_missed_it_once)
    batch = MemoryBatch(ALICE, inserts=[NewMemory(ALICE, "Plays chess.", ("chess",), "medium", LATER, "chat")])
    with pytest.raises(control.ClaimRefused) as caught:
        await db.run(memories.apply_memory_batch, batch, None, Claim(0, 0))
    assert missed == [ALICE] and caught.value.replannable, caught.value.reason
    assert await db.run(memories.get_all_memories, ALICE) == []


@pytest.mark.parametrize("length", [1_999, 2_001, 4_001, 20_000, 100_000])
async def test_long_text_is_bound_and_read_back_whole(db: Database, database_url: str, length: int) -> None:
    """Old deployments' notes run to tens of thousands of characters. FreeTDS refused a bound text over 2,000
    (HY090 "Invalid string or buffer length") when SQLAlchemy sized it with setinputsizes: the notes migration,
    which compares and backs them up, failed for exactly those members."""
    pattern = "[2024-01-01 10:00] plays GTA 🎮 with 友達, café au lait\n"
    notes = (pattern * (length // len(pattern) + 1))[:length]
    execute(database_url, "INSERT INTO UserState (UserId, UserNotes, OffenseCount) VALUES (?, ?, 0)", ALICE, notes)
    assert await db.run(notes_sql.migrate_user_notes, ALICE, notes, "Plays GTA.")
    assert await db.run(notes_sql.get_notes_backup, ALICE) == notes
    assert query(database_url, "SELECT UserNotes FROM UserState WHERE UserId = ?", ALICE) == [("Plays GTA.",)]
