"""An existing deployment's database (tables the old bot created itself) is adopted, not rejected."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from old_deployment import empty_database
from settings_factory import SettingsFactory
from shared_database import ON_SERVER, SERVER_URL, drop_every_table, query
from storage_calls import storage

import bot
from utils.storage.engine import Database, create_engine_for
from utils.storage.migrate import head_revision, migrate_to_head
from utils.storage.records import LlmCallRecord, MemoryBatch, NewMemory, UserStateChange
from utils.storage.url import resolve_database_url


def legacy_database(url: str, *, tables: tuple[str, ...] = ("UserState", "LlmLog", "UserMemory")) -> None:
    """The old bot's tables: UserState without the new columns, its own LlmLog, the first UserMemory.

    ``tables`` names the ones an older deployment had (the first bot made only UserState)."""
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
    meta.create_all(engine, tables=[meta.tables[name] for name in tables])
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
        if "LlmLog" in tables:
            conn.execute(sa.insert(log).values(RequestType="chat", DurationMs=120))
    engine.dispose()


@pytest.fixture(autouse=True)
def _fresh_schema_afterwards() -> Iterator[None]:
    """On a server run the next test gets a new schema, not the old bot's adopted tables (their types differ)."""
    yield
    if ON_SERVER:
        drop_every_table(SERVER_URL)


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


NEW_MEMBERS = (7, 8, 9)


async def test_members_the_old_bot_never_saw_are_written_into_its_adopted_tables(tmp_path: Path) -> None:
    """The old bot's columns have no defaults: every write that makes a new member's row gives each value itself."""
    url = empty_database(tmp_path)
    legacy_database(url)
    db = Database(url)
    assert await db.connect()
    now = datetime.now(UTC)
    remembered = NewMemory(NEW_MEMBERS[0], "plays chess on Sundays", ("chess",), "medium", now + timedelta(days=7), "chat")
    try:
        await storage(db).apply_memory_batch(MemoryBatch(NEW_MEMBERS[0], inserts=[remembered], profile="Plays chess."))
        await storage(db).apply_memory_batch(MemoryBatch(NEW_MEMBERS[1], profile="Speaks Dutch."))
        rude = UserStateChange(NEW_MEMBERS[2], {"offense_count": 1}, lines=(("[2026-01-01 10:03] rude", 0),))
        await storage(db).save_user_states([rude])
        await storage(db).insert_llm_logs([LlmCallRecord("chat", "m", 5, True, request_excerpt="hello", user_id=NEW_MEMBERS[0])])
        states = {state.user_id: state for state in await storage(db).load_user_states()}
    finally:
        await db.close()
    assert set(NEW_MEMBERS) | {42} == set(states)
    assert (states[7].offense_count, states[7].immune, states[7].baseline_coherence) == (0, False, 0.85)
    assert states[9].offense_count == 1
    assert [m for (m,) in query(url, "SELECT Memory FROM UserMemory WHERE UserId = ?", 7)] == ["plays chess on Sundays"]


def new_style_log_database(url: str) -> None:
    """A deployment whose LlmLog already has the new columns (Kind …) but which Alembic never stamped."""
    engine = create_engine_for(resolve_database_url(url), 1)
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "CREATE TABLE LlmLog (Id INTEGER PRIMARY KEY, Kind NVARCHAR(40) NOT NULL, Model NVARCHAR(100) NOT NULL, "
            "LatencyMs INTEGER NOT NULL, Success BIT NOT NULL, CreatedAt DATETIME NOT NULL)"
        )
    engine.dispose()


HEAD = head_revision()
ADOPTIONS = [
    (
        lambda url: legacy_database(url),
        f"adopted an existing database (3 tables: LlmLog, UserMemory, UserState) and brought its schema to {HEAD} (head); "
        "its old LlmLog is kept, renamed LlmLog_legacy",
    ),
    (
        lambda url: legacy_database(url, tables=("UserState",)),
        f"adopted an existing database (1 table: UserState) and brought its schema to {HEAD} (head)",
    ),
    (
        lambda url: legacy_database(url, tables=("UserState", "LlmLog")),
        f"adopted an existing database (2 tables: LlmLog, UserState) and brought its schema to {HEAD} (head); "
        "its old LlmLog is kept, renamed LlmLog_legacy",
    ),
    (
        new_style_log_database,
        f"adopted an existing database (1 table: LlmLog) and brought its schema to {HEAD} (head)",
    ),
    (lambda url: None, f"schema migrated from an empty database to {HEAD} (head)"),
]


@pytest.mark.parametrize(("prepare", "said"), ADOPTIONS, ids=["old-bot", "first-bot", "no-memory-yet", "new-log", "empty"])
async def test_migrate_says_it_adopted_an_old_deployments_database_and_names_what_it_set_aside(
    tmp_path: Path, make_settings: SettingsFactory, capsys: pytest.CaptureFixture[str], prepare: object, said: str
) -> None:
    """`python3 bot.py migrate` on an old deployment's database is not "migrated from an empty database"."""
    url = empty_database(tmp_path)
    prepare(url)  # type: ignore[operator]
    assert await bot.run_migrate(make_settings(db_connection_string=url)) == 0
    assert capsys.readouterr().out == f"Database {said}.\n"
    engine = create_engine_for(resolve_database_url(url), 1)
    try:
        state = migrate_to_head(engine)
    finally:
        engine.dispose()
    assert state.describe() == f"schema at {HEAD} (head), nothing to do", "the second run has nothing to adopt"
