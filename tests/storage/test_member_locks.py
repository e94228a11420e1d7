"""Whatever must not interleave for one member waits for the other, on every engine — table hints or none.

On a T-SQL engine each writer of a member takes the member's application lock first (Babelfish ignores
`UPDLOCK, HOLDLOCK`, so a "locking read" there locked nothing); on SQLite the file's one writer does it.
Run on SQLite and, with MSSQL_TEST_URL, on the server.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from shared_database import query

from utils.monitor.state import FLUSH_MEMBERS_PER_TRANSACTION, MonitorState
from utils.storage import control, llm_log
from utils.storage.engine import Database
from utils.storage.member_data import ForgetRequest, erase_member_data
from utils.storage.records import LlmCallRecord

ALICE = 123456789012345678
HELD_SECONDS = 0.5


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    database = Database(database_url, reconnect_seconds=0.05)
    assert await database.connect(), database.last_error
    yield database
    await database.close()


async def test_an_erasure_waits_for_a_log_write_that_read_the_members_epoch_and_then_blanks_it(
    db: Database, database_url: str
) -> None:
    """The log write read ALICE's epoch and inserts her excerpt; an erasure that committed in between would leave the
    excerpt behind it (it blanks only what is already there). So the erasure waits, and then blanks the row."""
    assert db.engine is not None
    await db.run(control.set_memory_preference, ALICE, paused_until=None)  # her control row exists (epoch 0)
    writer = db.engine.connect()
    try:
        writer.begin()
        record = LlmCallRecord("chat", "m", 5, True, request_excerpt="my sister's name is Ingrid", user_id=ALICE)
        assert llm_log.insert_llm_logs(writer, [record], [{ALICE: 0}]) == 0, "written with its excerpt: epoch 0 is current"
        erasure = asyncio.ensure_future(
            db.run(erase_member_data, ALICE, ForgetRequest(everything=True), actor="member", action="forgotten")
        )
        await asyncio.sleep(HELD_SECONDS)
        assert not erasure.done(), "the erasure committed while a log write held the member's epoch"
        writer.commit()
        await erasure
    finally:
        writer.close()
    assert query(database_url, "SELECT RequestExcerpt FROM LlmLog WHERE UserId = ?", ALICE) == [(None,)]


async def test_two_writers_of_one_member_take_turns(db: Database) -> None:
    """A claim-less write (a script's) holding the member, and a preference change: the second waits, and both
    land (the version moved twice), whatever the engine's isolation."""
    assert db.engine is not None
    first = await db.run(control.set_memory_preference, ALICE, paused_until=None)
    holder = db.engine.connect()
    try:
        holder.begin()
        control.change_member(holder, ALICE, erase=False, wrote=True)
        second = asyncio.ensure_future(db.run(control.set_memory_preference, ALICE, opted_out=True, erase=True))
        await asyncio.sleep(HELD_SECONDS)
        assert not second.done(), "two writers of one member ran at once"
        holder.commit()
        after = await second
    finally:
        holder.close()
    assert (after.write_version, after.erase_epoch, after.opted_out) == (first.write_version + 2, first.erase_epoch + 1, True)


async def test_a_state_flush_of_many_members_is_written_in_bounded_transactions(db: Database, database_url: str) -> None:
    """Every member of a flush is locked until its transaction ends, and a server's lock table is finite (Babelfish
    runs out near 12,800): a big flush goes in transactions of at most FLUSH_MEMBERS_PER_TRANSACTION members."""
    assert db.engine is not None
    members = [ALICE + n for n in range(FLUSH_MEMBERS_PER_TRANSACTION * 2 + 7)]
    state = MonitorState()
    for member in members:
        state.add_observation(member, "joined the raid", datetime(2026, 3, 1, tzinfo=UTC))
    commits: list[int] = []
    sa.event.listen(db.engine, "commit", lambda conn: commits.append(1))
    assert await state.flush(db) == len(members)
    assert len(commits) == 3
    assert query(database_url, "SELECT COUNT(*) FROM UserState") == [(len(members),)]
