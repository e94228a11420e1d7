"""An existing deployment's database (tables the old bot created itself) is adopted, not rejected."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from conftest import query
from old_deployment import empty_database
from storage_calls import storage

from utils.storage.engine import Database, create_engine_for
from utils.storage.migrate import head_revision
from utils.storage.url import resolve_database_url


def legacy_database(url: str) -> None:
    """The old bot's tables: UserState without the new columns, its own LlmLog, the first UserMemory."""
    engine = create_engine_for(resolve_database_url(url), 1)
    meta = sa.MetaData()
    state = sa.Table(
        "UserState",
        meta,
        sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False),  # a Discord id, never numbered
        sa.Column("OffenseCount", sa.Integer, nullable=False),
        sa.Column("Immune", sa.Boolean, nullable=False),
        sa.Column("OffTopicCount", sa.Integer, nullable=False),
        sa.Column("BaselineCoherence", sa.Float, nullable=False),
        sa.Column("UserNotes", sa.UnicodeText),
        sa.Column("Warned", sa.Boolean, nullable=False),
        sa.Column("LastOffenseAt", sa.DateTime),
        sa.Column("UpdatedAt", sa.DateTime, nullable=False),
    )
    log = sa.Table(
        "LlmLog",
        meta,
        sa.Column("Id", sa.Integer, primary_key=True),
        sa.Column("RequestType", sa.Unicode(50), nullable=False),
        sa.Column("DurationMs", sa.Integer, nullable=False),
    )
    sa.Table(
        "UserMemory",
        meta,
        sa.Column("Id", sa.Integer, primary_key=True),
        sa.Column("UserId", sa.BigInteger, nullable=False, index=True),
        sa.Column("Memory", sa.Unicode(500), nullable=False),
        sa.Column("Topics", sa.Unicode(200), nullable=False),
        sa.Column("Importance", sa.Unicode(10), nullable=False),
        sa.Column("ExpiresAt", sa.DateTime, nullable=False),
        sa.Column("Source", sa.Unicode(20), nullable=False),
        sa.Column("CreatedAt", sa.DateTime, nullable=False),
    )
    meta.create_all(engine)
    with engine.begin() as conn:
        conn.execute(
            sa.insert(state).values(
                UserId=42,
                OffenseCount=2,
                Immune=False,
                OffTopicCount=0,
                BaselineCoherence=0.8,
                UserNotes="[2026-01-02 13:00] plays GTA",
                Warned=True,
                UpdatedAt=sa.func.current_timestamp(),
            )
        )
        conn.execute(sa.insert(log).values(RequestType="chat", DurationMs=120))
    engine.dispose()


async def test_existing_tables_are_adopted_and_their_rows_kept(tmp_path: Path) -> None:
    url = empty_database(tmp_path)
    legacy_database(url)
    db = Database(url)
    assert await db.connect()
    try:
        [state] = await storage(db).load_user_states()
        assert (state.user_id, state.offense_count, state.user_notes, state.toxicity_score) == (
            42,
            2,
            "[2026-01-02 13:00] plays GTA",
            0.0,
        )
        assert await storage(db).get_recent_memories(42) == []
    finally:
        await db.close()
    assert query(url, "SELECT RequestType, DurationMs FROM LlmLog_legacy") == [("chat", 120)]
    engine = create_engine_for(resolve_database_url(url), 1)
    try:
        with engine.connect() as conn:
            columns = {column["name"].casefold() for column in sa.inspect(conn).get_columns("UserMemory")}
    finally:
        engine.dispose()
    assert {"guildid", "slotkey", "supersededat"} <= columns  # Babelfish reflects names in lower case
    assert query(url, "SELECT version_num FROM alembic_version") == [(head_revision(),)]
