"""The storage suite: every test runs on SQLite and, when MSSQL_TEST_URL names one, on a real SQL Server.

`docker compose --profile tests run --rm tests` runs this file inside the bot's image
against the compose file's SQL Server, so the SQL Server path is one command away.
The server's test database is emptied before each test: never point MSSQL_TEST_URL at
a database whose data you want to keep.
"""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
import pytest_asyncio
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from shared_database import drop_every_table
from storage_calls import storage

from utils.memory.store import prune_expired_in_batches
from utils.storage.engine import Database, DatabaseUnavailable, create_engine_for
from utils.storage.kinds import sql_kind
from utils.storage.migrate import alembic_config
from utils.storage.records import (
    LlmCallRecord,
    MemoryBatch,
    MemoryRecord,
    MemoryScope,
    NewMemory,
    UserStateRecord,
)
from utils.storage.schema import (
    ERROR_MAX,
    EXCERPT_MAX,
    llm_log,
    memory_audit,
    metadata,
    notes_backup,
    user_memory,
    user_state,
)
from utils.storage.url import resolve_database_url

MSSQL_TEST_URL = os.environ.get("MSSQL_TEST_URL", "").strip()
BACKENDS = [
    "sqlite",
    pytest.param(
        "mssql",
        marks=pytest.mark.skipif(
            not MSSQL_TEST_URL, reason="MSSQL_TEST_URL is not set (`docker compose --profile tests run --rm tests` sets it)"
        ),
    ),
]

ALICE = 123456789012345678
"""Discord ids are 64-bit snowflakes: BIGINT on SQL Server."""
BOB = 223456789012345678
NOW = datetime.now(UTC)
"""Real time: the cap and the pruning compare expiries with the clock."""
DAY = timedelta(days=1)


def reset_sql_server(url: sa.URL) -> None:
    """Drop every table, so each test starts from an empty database like a fresh SQLite file."""
    drop_every_table(MSSQL_TEST_URL)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def db_url(backend: str, tmp_path: Path) -> sa.URL:
    if backend == "sqlite":
        return sa.URL.create("sqlite", database=str(tmp_path / "store.db"))
    url = resolve_database_url(MSSQL_TEST_URL)
    reset_sql_server(url)
    return url


@pytest_asyncio.fixture
async def db(db_url: sa.URL) -> AsyncIterator[Database]:
    database = Database(db_url, reconnect_seconds=0.05)
    assert await database.connect(), database.last_error
    yield database
    await database.close()


@pytest.fixture
def engine(db_url: sa.URL) -> Iterator[sa.Engine]:
    """A second, plain engine on the same database: what an operator would see."""
    plain = create_engine_for(db_url, 2)
    yield plain
    plain.dispose()


def rows(engine: sa.Engine, table: sa.Table, *where: Any) -> list[sa.Row[Any]]:
    with engine.connect() as conn:
        return list(conn.execute(sa.select(table).where(*where).order_by(*table.primary_key.columns)))


def memory(user_id: int, text: str, *, expires_in: timedelta = 30 * DAY, importance: str = "medium", guild_id: int | None = None,
           slot_key: str | None = None, source: str = "chat") -> NewMemory:  # fmt: skip
    return NewMemory(user_id, text, ("topic",), importance, NOW + expires_in, source, guild_id, slot_key)


async def insert(db: Database, new: NewMemory, *, at: datetime) -> int:
    """One memory learned at ``at`` (its CreatedAt)."""
    (memory_id,) = await storage(db).apply_memory_batch(MemoryBatch(new.user_id, inserts=[new], cap=500), now=at)
    return memory_id


def texts(memories: list[MemoryRecord]) -> list[str]:
    return [m.memory for m in memories]


# ---------------------------------------------------------------------- UserState
async def test_user_state_upsert_and_load(db: Database, engine: sa.Engine) -> None:
    offended = datetime(2026, 2, 27, 8, 30, 15, 123456, tzinfo=UTC)
    line = "[2026-02-27 08:30] Plays chess ♟ and Go — 囲碁."
    alice = UserStateRecord(ALICE, offense_count=2, immune=True, baseline_coherence=0.7, toxicity_score=0.25,
                            user_notes=line, warned=True, last_offense_at=offended)  # fmt: skip
    bob = UserStateRecord(BOB)
    await storage(db).save_user_states([alice, bob])
    assert sorted(await storage(db).load_user_states(), key=lambda s: s.user_id) == [alice, bob]

    long_notes = "[2026-02-28 09:00] " + "é" * 3900
    changed = UserStateRecord(ALICE, offense_count=3, user_notes=long_notes)
    await storage(db).save_user_states([changed])
    assert len(rows(engine, user_state)) == 2
    assert sorted(await storage(db).load_user_states(), key=lambda s: s.user_id) == [changed, bob]
    assert await storage(db).get_user_notes(ALICE) == long_notes
    assert await storage(db).get_user_notes(999) == ""


async def test_the_state_flush_keeps_the_profile_memory_wrote(db: Database) -> None:
    """The profile part of UserNotes is memory's: a monitor flush (note lines) never undoes it, nor the reverse."""
    await storage(db).save_user_states([UserStateRecord(ALICE, user_notes="[2026-01-01 10:00] was rude")])
    assert await storage(db).set_user_profile(ALICE, "Plays chess.")
    await storage(db).save_user_states([UserStateRecord(ALICE, offense_count=1, user_notes="[2026-01-01 10:00] was rude")])
    assert await storage(db).get_user_notes(ALICE) == "Plays chess.\n[2026-01-01 10:00] was rude"
    assert await storage(db).set_user_profile(ALICE, "Plays Go.")
    assert await storage(db).get_user_notes(ALICE) == "Plays Go.\n[2026-01-01 10:00] was rude"
    assert await storage(db).get_profile_history(ALICE) == [("", ANY), ("Plays chess.", ANY)]
    assert await storage(db).get_user_notes(999) == ""


# ---------------------------------------------------------------------- LlmLog
async def test_llm_log_rows_are_cut_to_their_columns(db: Database, engine: sa.Engine) -> None:
    await storage(db).insert_llm_logs(
        [
            LlmCallRecord("k" * 60, "m" * 150, 1234, False, 10, 20, "q" * 3000, "r" * 2500, "e" * 1500, NOW, ALICE),
            LlmCallRecord("chat", "gpt-4o-mini", 5, True),
        ]
    )
    first, second = rows(engine, llm_log)
    assert (len(first.Kind), len(first.Model)) == (40, 100)
    assert (len(first.RequestExcerpt), len(first.ResponseExcerpt), len(first.Error)) == (EXCERPT_MAX, EXCERPT_MAX, ERROR_MAX)
    assert (first.UserId, first.LatencyMs, bool(first.Success), first.PromptTokens, first.CreatedAt) == (
        ALICE,
        1234,
        False,
        10,
        NOW,
    )
    assert (second.RequestExcerpt, second.Error, second.UserId, bool(second.Success)) == (None, None, None, True)


# ---------------------------------------------------------------------- UserMemory reads
async def test_recent_memories_newest_first_live_and_in_scope(db: Database) -> None:
    await insert(db, memory(ALICE, "plays in guild ten", guild_id=10, expires_in=DAY), at=NOW - 5 * DAY)
    await insert(db, memory(ALICE, "plays in guild twenty", guild_id=20), at=NOW - 4 * DAY)
    await insert(db, memory(ALICE, "said in a DM"), at=NOW - 3 * DAY)
    await insert(db, memory(ALICE, "long expired", expires_in=-DAY), at=NOW - 9 * DAY)
    old = await insert(db, memory(ALICE, "old rank goal", slot_key="rank_goal"), at=NOW - 2 * DAY)
    await storage(db).apply_memory_batch(MemoryBatch(ALICE, supersede_ids=[old]), now=NOW - DAY)
    await insert(db, memory(BOB, "bob's own memory"), at=NOW)

    everything = await storage(db).get_recent_memories(ALICE, None, now=NOW)
    assert texts(everything) == ["said in a DM", "plays in guild twenty", "plays in guild ten"]
    assert {m.user_id for m in everything} == {ALICE}
    assert texts(await storage(db).get_recent_memories(ALICE, 2, now=NOW)) == ["said in a DM", "plays in guild twenty"]
    assert texts(await storage(db).get_recent_memories(ALICE, None, scope=MemoryScope(True, 10), now=NOW)) == [
        "plays in guild ten"
    ]
    assert texts(await storage(db).get_recent_memories(ALICE, None, scope=MemoryScope(True, None), now=NOW)) == ["said in a DM"]
    assert texts(await storage(db).get_recent_memories(ALICE, None, now=NOW + 2 * DAY)) == [
        "said in a DM",
        "plays in guild twenty",
    ]
    (dm,) = await storage(db).get_recent_memories(ALICE, 1, now=NOW)
    assert (dm.created_at, dm.expires_at, dm.topics, dm.source) == (NOW - 3 * DAY, NOW + 30 * DAY, ("topic",), "chat")


async def test_save_memory_cuts_to_columns_and_keeps_the_cap(db: Database) -> None:
    for i in range(4):
        await storage(db).save_memory(
            ALICE, f"memory {i} " + "x" * 600, ["t" * 150, "s" * 60, "short"], "low", NOW + DAY * (i + 1), "chat", cap=3
        )
    kept = await storage(db).get_recent_memories(ALICE, None, now=NOW)
    assert len(kept) == 3
    assert {len(m.memory) for m in kept} == {500}
    assert all(m.topics == ("t" * 150,) for m in kept)


# ---------------------------------------------------------------------- UserMemory writes
async def test_apply_memory_batch_touches_only_its_member(db: Database, engine: sa.Engine) -> None:
    a1 = await insert(db, memory(ALICE, "alice one"), at=NOW - 3 * DAY)
    a2 = await insert(db, memory(ALICE, "alice two", slot_key="main_game"), at=NOW - 2 * DAY)
    a3 = await insert(db, memory(ALICE, "alice three", importance="low"), at=NOW - DAY)
    b1 = await insert(db, memory(BOB, "bob one"), at=NOW - 3 * DAY)
    b2 = await insert(db, memory(BOB, "bob two"), at=NOW - 2 * DAY)

    batch = MemoryBatch(
        ALICE,
        actor="member",
        forget_ids=[a1, b1],
        supersede_ids=[a2, b2],
        refreshes=[
            NewMemory(ALICE, "alice three, said again", ("topic", "again"), "high", NOW + 60 * DAY, "chat", memory_id=a3),
            NewMemory(ALICE, "hijacked", ("x",), "high", NOW + 60 * DAY, "chat", memory_id=b2),
        ],
        inserts=[memory(ALICE, "alice four", slot_key="main_game")],
    )
    (a4,) = await storage(db).apply_memory_batch(batch, now=NOW)

    live = await storage(db).get_recent_memories(ALICE, None, now=NOW)
    assert texts(live) == ["alice four", "alice three, said again"]
    assert (live[1].importance, live[1].expires_at, live[1].topics) == ("high", NOW + 60 * DAY, ("topic", "again"))
    superseded = rows(engine, user_memory, user_memory.c.id == a2)[0]
    assert superseded.SupersededAt == NOW
    assert rows(engine, user_memory, user_memory.c.id == a1) == []
    bobs = rows(engine, user_memory, user_memory.c.user_id == BOB)
    assert [(r.Id, r.Memory, r.SupersededAt) for r in bobs] == [(b1, "bob one", None), (b2, "bob two", None)]
    audit = [(r.Action, r.MemoryId, r.Actor) for r in rows(engine, memory_audit, memory_audit.c.actor == "member")]
    assert sorted(audit) == sorted([("forgotten", a1, "member"), ("superseded", a2, "member"),
                                    ("refreshed", a3, "member"), ("saved", a4, "member")])  # fmt: skip


async def test_prune_expired_memories_in_batches(db: Database, engine: sa.Engine) -> None:
    for i in range(5):
        await insert(db, memory(ALICE if i % 2 else BOB, f"expired {i}", expires_in=-timedelta(minutes=i + 1)), at=NOW - DAY)
    await insert(db, memory(ALICE, "still live"), at=NOW - DAY)
    await insert(db, memory(BOB, "bob still live"), at=NOW - DAY)
    deletes: list[sa.Delete] = []
    sa.event.listen(
        db._engine, "before_execute", lambda conn, stmt, *args: deletes.append(stmt) if isinstance(stmt, sa.Delete) else None
    )

    assert await prune_expired_in_batches(db, now=NOW, batch_rows=2) == 5
    assert len(deletes) == 3, "5 expired rows in batches of 2"
    assert sorted(r.Memory for r in rows(engine, user_memory)) == ["bob still live", "still live"]
    assert len(rows(engine, memory_audit, memory_audit.c.action == "pruned_expired")) == 5
    assert await prune_expired_in_batches(db, now=NOW, batch_rows=2) == 0


async def test_prune_excess_keeps_live_by_importance_and_earlier_values_apart(db: Database, engine: sa.Engine) -> None:
    high_old = await insert(db, memory(ALICE, "high old", importance="high"), at=NOW - 5 * DAY)
    medium_old = await insert(db, memory(ALICE, "medium old"), at=NOW - 5 * DAY)
    low_old = await insert(db, memory(ALICE, "low old", importance="low"), at=NOW - 4 * DAY)
    low_new = await insert(db, memory(ALICE, "low new", importance="low"), at=NOW - DAY)
    replaced = await insert(db, memory(ALICE, "high but superseded", importance="high", slot_key="home"), at=NOW - DAY)
    await storage(db).apply_memory_batch(MemoryBatch(ALICE, supersede_ids=[replaced]), now=NOW - DAY)
    bobs = [await insert(db, memory(BOB, f"bob {i}", importance="low"), at=NOW - DAY) for i in range(4)]

    assert await storage(db).prune_excess_memories(ALICE, 3) == 1
    kept = {r.Id for r in rows(engine, user_memory, user_memory.c.user_id == ALICE)}
    assert kept == {high_old, medium_old, low_new, replaced}, "an earlier value does not count against the live cap"
    pruned = {r.MemoryId for r in rows(engine, memory_audit, memory_audit.c.action == "pruned_cap")}
    assert pruned == {low_old}
    assert [r.Id for r in rows(engine, user_memory, user_memory.c.user_id == BOB)] == bobs
    assert await storage(db).prune_excess_memories(ALICE, 3) == 0


async def test_a_slot_keeps_its_three_latest_earlier_values_and_the_cap_bounds_them_all(db: Database, engine: sa.Engine) -> None:
    homes = ["Berlin", "Lyon", "Madrid", "Porto", "Paris"]
    ids = []
    for step, city in enumerate(homes):
        new_id = await insert(db, memory(ALICE, f"Lives in {city}", slot_key="home"), at=NOW - (10 - step) * DAY)
        if ids:
            await storage(db).apply_memory_batch(MemoryBatch(ALICE, supersede_ids=[ids[-1]]), now=NOW - (10 - step) * DAY)
        ids.append(new_id)
    assert await storage(db).prune_excess_memories(ALICE, 50) == 1, "five values: the live one and three earlier stay"
    history = await storage(db).get_fact_history(ALICE)
    assert texts(history) == ["Lives in Paris", "Lives in Porto", "Lives in Madrid", "Lives in Lyon"]
    assert [m.superseded_at is None for m in history] == [True, False, False, False]
    assert history[1].superseded_at == NOW - 6 * DAY, "Porto held until Paris was learned"

    for slot in ("main", "rank", "team"):  # three more facts with one earlier value each: six earlier values in all
        old = await insert(db, memory(ALICE, f"old {slot}", slot_key=slot), at=NOW - 3 * DAY)
        await insert(db, memory(ALICE, f"new {slot}", slot_key=slot), at=NOW - 2 * DAY)
        await storage(db).apply_memory_batch(MemoryBatch(ALICE, supersede_ids=[old]), now=NOW - 2 * DAY)
    assert await storage(db).prune_excess_memories(ALICE, 4) == 2, "at most the cap's worth of earlier values: the oldest go"
    earlier = {
        r.Memory for r in rows(engine, user_memory, user_memory.c.user_id == ALICE, user_memory.c.superseded_at.is_not(None))
    }
    assert earlier == {"old main", "old rank", "old team", "Lives in Porto"}


async def test_fact_history_is_the_members_own_slotted_rows_in_scope(db: Database) -> None:
    old = await insert(db, memory(ALICE, "Mains Sage", slot_key="main", guild_id=7), at=NOW - 3 * DAY)
    await insert(db, memory(ALICE, "Mains Jett", slot_key="main", guild_id=7), at=NOW - DAY)
    await storage(db).apply_memory_batch(MemoryBatch(ALICE, supersede_ids=[old]), now=NOW - DAY)
    await insert(db, memory(ALICE, "No slot here"), at=NOW - DAY)
    await insert(db, memory(ALICE, "Mains Reyna elsewhere", slot_key="main", guild_id=8), at=NOW - DAY)
    await insert(db, memory(ALICE, "Expired value", slot_key="rank", expires_in=-DAY), at=NOW - 9 * DAY)
    await insert(db, memory(BOB, "Mains Omen", slot_key="main"), at=NOW - DAY)

    assert texts(await storage(db).get_fact_history(ALICE, scope=MemoryScope(True, 7))) == ["Mains Jett", "Mains Sage"]
    assert sorted(texts(await storage(db).get_fact_history(ALICE))) == ["Mains Jett", "Mains Reyna elsewhere", "Mains Sage"]
    assert texts(await storage(db).get_recent_memories(ALICE, None)) == ["Mains Reyna elsewhere", "No slot here", "Mains Jett"]


async def test_a_memory_replaced_in_words_joins_the_slot_of_what_replaced_it(db: Database, engine: sa.Engine) -> None:
    old = await insert(db, memory(ALICE, "Works at a bakery"), at=NOW - 3 * DAY)
    batch = MemoryBatch(
        ALICE, supersede_ids=[old], slot_of_replaced={old: "job"}, inserts=[memory(ALICE, "Works at a bank", slot_key="job")]
    )
    await storage(db).apply_memory_batch(batch, now=NOW - DAY)
    (row,) = rows(engine, user_memory, user_memory.c.id == old)
    assert (row.SlotKey, row.SupersededAt) == ("job", NOW - DAY)
    keyed = await insert(db, memory(ALICE, "Plays on EU servers", slot_key="region"), at=NOW - 3 * DAY)
    await storage(db).apply_memory_batch(MemoryBatch(ALICE, supersede_ids=[keyed], slot_of_replaced={keyed: "job"}), now=NOW)
    assert rows(engine, user_memory, user_memory.c.id == keyed)[0].SlotKey == "region", "a slot it held stays its own"


# ---------------------------------------------------------------------- notes migration support
async def test_notes_migration_is_compare_and_set_and_rolls_back(db: Database, engine: sa.Engine) -> None:
    legacy = "[2026-02-01 10:00] plays GTA\n[2026-02-02 11:00] likes trains  \n" + "[2026-02-03 12:00] 好き\n" * 400
    assert len(legacy) > 4000, "long enough that an ODBC driver would send it as NTEXT unless bound as NVARCHAR(max)"
    with engine.begin() as conn:  # as the old bot left them: the monitor's flush now bounds what it writes
        conn.execute(sa.insert(user_state), [{"user_id": ALICE, "user_notes": legacy}, {"user_id": BOB, "user_notes": None}])
    assert await storage(db).get_all_user_notes() == {ALICE: legacy, BOB: None}
    await insert(db, memory(ALICE, "learned in chat"), at=NOW - DAY)
    observed = NOW - 3 * DAY
    migrated = [(observed, memory(ALICE, "plays GTA", importance="low", source="migration"))]

    assert not await storage(db).migrate_user_notes(ALICE, "stale notes", "Plays GTA.", migrated, now=NOW)
    assert await storage(db).get_user_notes(ALICE) == legacy and await storage(db).get_notes_backups() == {}

    assert await storage(db).migrate_user_notes(ALICE, legacy, "Plays GTA.", migrated, now=NOW)
    assert await storage(db).get_user_notes(ALICE) == "Plays GTA."
    assert await storage(db).get_notes_backups() == {ALICE: legacy}
    (row,) = rows(engine, user_memory, user_memory.c.source == "migration")
    assert (row.Memory, row.CreatedAt, row.Importance) == ("plays GTA", observed, "low")
    assert not await storage(db).migrate_user_notes(ALICE, "Plays GTA.", "Again.", now=NOW), (
        "a backed-up member is never migrated twice"
    )

    with engine.begin() as conn:
        conn.execute(sa.insert(notes_backup).values(user_id=BOB, notes="erased member's old notes", backed_up_at=NOW))
    assert await storage(db).rollback_notes_migration() == (1, 1)
    assert await storage(db).get_all_user_notes() == {ALICE: legacy, BOB: None}
    assert texts(await storage(db).get_recent_memories(ALICE, None, now=NOW)) == ["learned in chat"]
    assert rows(engine, notes_backup) == []


# ---------------------------------------------------------------------- outages and migrations
def unreachable_url(backend: str, tmp_path: Path) -> sa.URL:
    if backend == "sqlite":
        return sa.URL.create("sqlite", database=str(tmp_path))
    url = resolve_database_url(MSSQL_TEST_URL)
    odbc = url.query.get("odbc_connect")
    if isinstance(odbc, str):
        return url.update_query_dict({"odbc_connect": re.sub(r"(?i)SERVER=[^;]*", "SERVER=127.0.0.1,1", odbc)})
    return url.set(host="127.0.0.1", port=1)


async def test_unreachable_database_degrades_instead_of_crashing(backend: str, tmp_path: Path) -> None:
    db = Database(unreachable_url(backend, tmp_path), reconnect_seconds=60)
    assert await db.connect() is False
    assert not db.available and db.last_error
    assert await db.ping() is False
    with pytest.raises(DatabaseUnavailable):
        await storage(db).load_user_states()
    with pytest.raises(DatabaseUnavailable):
        await storage(db).save_memory(ALICE, "lost?", ["t"], "low", NOW + DAY, "chat")
    await db.close()


def babelfish_differences(conn: sa.Connection, wanted: sa.MetaData) -> list[str]:
    """What Babelfish can say of a schema, against ``wanted``: tables, columns (nullability, type family), indexes
    by their columns, foreign keys from `sys.foreign_keys`. Its reflection lower-cases names, renames indexes with an
    internal suffix, reports no primary keys and has no INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS (which Alembic's
    comparison reads), so the comparison is made on what survives all of that."""
    inspector = sa.inspect(conn)
    found = {name.casefold(): name for name in inspector.get_table_names()}
    differences = [f"missing table {t.name}" for t in wanted.tables.values() if t.name.casefold() not in found]
    differences += [f"extra table {n}" for n in found if n not in {t.casefold() for t in wanted.tables} | {"alembic_version"}]
    for table in wanted.tables.values():
        if table.name.casefold() not in found:
            continue
        columns = {c["name"].casefold(): c for c in inspector.get_columns(found[table.name.casefold()])}
        for column in table.columns:
            seen = columns.pop(column.name.casefold(), None)
            if seen is None:
                differences.append(f"missing column {table.name}.{column.name}")
            elif seen["nullable"] != column.nullable and not column.primary_key:
                differences.append(f"nullability of {table.name}.{column.name}")
            elif seen["type"]._type_affinity is not column.type.dialect_impl(conn.dialect)._type_affinity:
                differences.append(f"type of {table.name}.{column.name}: {seen['type']!r}")
        differences += [f"extra column {table.name}.{name}" for name in columns]
        indexed = {
            tuple(str(c).casefold() for c in i["column_names"]) for i in inspector.get_indexes(found[table.name.casefold()])
        }
        for index in table.indexes:
            if tuple(c.name.casefold() for c in index.columns) not in indexed:
                differences.append(f"missing index {index.name}")
    keys = conn.exec_driver_sql(
        "SELECT LOWER(OBJECT_NAME(k.parent_object_id)), LOWER(COL_NAME(c.parent_object_id, c.parent_column_id)), "
        "LOWER(OBJECT_NAME(k.referenced_object_id)) FROM sys.foreign_keys k "
        "JOIN sys.foreign_key_columns c ON c.constraint_object_id = k.object_id"
    ).all()
    wanted_keys = {
        (t.name.casefold(), fk.parent.name.casefold(), fk.column.table.name.casefold())
        for t in wanted.tables.values()
        for fk in t.foreign_keys
    }
    differences += [f"foreign key {k}" for k in wanted_keys ^ {tuple(k) for k in keys}]
    return differences


async def test_alembic_builds_exactly_the_schema_in_metadata(db: Database, engine: sa.Engine) -> None:
    assert await db.ping()
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with engine.connect() as conn:
        if sql_kind(conn) == "babelfish":
            assert MigrationContext.configure(conn).get_current_revision() == head
            assert babelfish_differences(conn, metadata) == []
            drifted = sa.MetaData()
            for table in metadata.tables.values():
                table.to_metadata(drifted)
            drifted.tables["UserState"].append_column(sa.Column("Extra", sa.Integer))
            assert babelfish_differences(conn, drifted) == ["missing column UserState.Extra"], "it can see drift"
            return
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert context.get_current_revision() == head
        assert compare_metadata(context, metadata) == []
        assert set(sa.inspect(conn).get_table_names()) == set(metadata.tables) | {"alembic_version"}

        drifted = sa.MetaData()
        for table in metadata.tables.values():
            table.to_metadata(drifted)
        drifted.tables["UserState"].append_column(sa.Column("Extra", sa.Integer))
        assert [diff[0] for diff in compare_metadata(context, drifted)] == ["add_column"], "the comparison can see drift"
