"""DB_MIGRATE_ON_START=false: a process only checks the schema, says what to run, and picks the migration up."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from old_deployment import old_database

from utils.storage.engine import Database, create_engine_for
from utils.storage.migrate import head_revision, migrate_to_head
from utils.storage.url import resolve_database_url


async def test_a_process_that_may_not_migrate_waits_for_the_migration_and_then_connects(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = old_database(tmp_path, 42, "[2024-01-01] likes tea")
    db = Database(url, reconnect_seconds=0.05, migrate=False)
    with caplog.at_level(logging.WARNING, logger="utils.storage.engine"):
        assert await db.connect() is False
    assert db.last_error is not None and "python3 bot.py migrate" in db.last_error and "at 0001" in db.last_error
    [warning] = [r.getMessage() for r in caplog.records]
    assert warning.startswith("Database not ready: the database schema is at 0001 and this bot needs ")
    await asyncio.sleep(0.2)
    assert not db.available  # still not at head: nothing was changed behind the operator's back

    migrate_to_head(create_engine_for(resolve_database_url(url), 1))
    for _ in range(200):
        if db.available:
            break
        await asyncio.sleep(0.02)
    assert db.available and db.schema is not None and db.schema.after == head_revision() and not db.schema.migrated
    await db.close()


async def test_a_process_that_may_migrate_brings_the_schema_to_head_at_connect(tmp_path: Path) -> None:
    url = old_database(tmp_path, 42, "")
    db = Database(url)
    assert await db.connect()
    assert db.schema is not None and (db.schema.before, db.schema.after) == ("0001", head_revision())
    await db.close()
    again = Database(url, migrate=False)
    assert await again.connect()
    await again.close()
