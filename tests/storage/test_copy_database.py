"""`copy-db`: every table into another database with ids kept, the counts checked, and never into one holding data.

The source is an SQLite file on purpose: the default database an owner moves away from. The
target is the suite's database (another SQLite file, or the server MSSQL_TEST_URL names), and
the round trip comes back into a third SQLite file, so on a server run SQLite → SQL Server →
SQLite is compared row for row. The SQLite files are opened through SQLAlchemy only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from database_seed import LONG_NOTES, seed_every_table
from shared_database import ON_SERVER

from utils.storage.copy import COPIED_TABLES, CopyRefused, copied_columns, copy_database, insert_statements, page_query
from utils.storage.engine import create_engine_for
from utils.storage.migrate import migrate_to_head
from utils.storage.schema import ChangeSequence, bot_process, memory_preference, user_memory, user_state
from utils.storage.url import resolve_database_url


def seeded_source(folder: Path, members: int = 5, memories_per_member: int = 4) -> tuple[sa.URL, int]:
    url = sa.URL.create("sqlite", database=str(folder / "source.db"))
    engine = create_engine_for(url, 1)
    try:
        migrate_to_head(engine)
        last = seed_every_table(engine, members, memories_per_member)["last_memory_id"]
    finally:
        engine.dispose()
    return url, last


def every_row(url: sa.URL, *, without_change_seq: bool) -> dict[str, list[dict[str, Any]]]:
    engine = create_engine_for(url, 1)
    try:
        with engine.connect() as conn:
            found = {}
            for table in COPIED_TABLES:
                columns = [c for c in table.columns if not (without_change_seq and c.key == "change_seq")]
                rows = conn.execute(sa.select(*columns).order_by(*table.primary_key.columns)).all()
                found[table.name] = [{c.key: row._mapping[c] for c in columns} for row in rows]
            return found
    finally:
        engine.dispose()


def test_round_trip_keeps_every_row_ids_times_bytes_and_long_text(tmp_path: Path, database_url: str) -> None:
    source, _last = seeded_source(tmp_path)
    middle = resolve_database_url(database_url)
    back = sa.URL.create("sqlite", database=str(tmp_path / "back.db"))

    there = copy_database(source, middle)
    home = copy_database(middle, back)

    expected = {name: len(rows) for name, rows in every_row(source, without_change_seq=True).items()}
    assert {c.table: (c.source, c.target) for c in there} == {name: (n, n) for name, n in expected.items()}
    assert {c.table: (c.source, c.target) for c in home} == {name: (n, n) for name, n in expected.items()}
    assert all(expected.values()), f"every table had rows to carry: {expected}"
    original = every_row(source, without_change_seq=ON_SERVER)  # a server stamps its own ROWVERSION
    assert every_row(middle, without_change_seq=ON_SERVER) == original
    assert every_row(back, without_change_seq=ON_SERVER) == original
    notes = [row["user_notes"] for row in original[user_state.name]]
    assert LONG_NOTES in notes and len(LONG_NOTES) == 4000
    assert any(isinstance(row["embedding"], bytes) for row in original[user_memory.name])
    assert any("🎸" in row["memory"] for row in original[user_memory.name])


def test_a_new_memory_on_the_target_never_gets_an_id_the_source_handed_out(tmp_path: Path, database_url: str) -> None:
    """The source's highest memory was erased just before the copy: the target must not hand its id out again."""
    source, last = seeded_source(tmp_path)
    target = resolve_database_url(database_url)
    copy_database(source, target)
    engine = create_engine_for(target, 1)
    try:
        with engine.begin() as conn:
            assert conn.execute(sa.select(sa.func.max(user_memory.c.id))).scalar_one() < last
            assert conn.execute(sa.select(sa.func.count()).where(user_memory.c.id == last)).scalar_one() == 0
            new_id = conn.execute(
                sa.insert(user_memory).values(
                    user_id=1, memory="new", topics=(), importance="low", expires_at=sa.func.now(), source="chat"
                )
            ).inserted_primary_key[0]
    finally:
        engine.dispose()
    assert new_id > last


def test_refuses_a_target_holding_data_and_leaves_it_as_it_was(tmp_path: Path, database_url: str) -> None:
    source, _last = seeded_source(tmp_path)
    target = resolve_database_url(database_url)
    copy_database(source, target)
    before = every_row(target, without_change_seq=False)
    with pytest.raises(CopyRefused, match=r"already holds data \(.*UserMemory 19.*copy-db fills an empty database only"):
        copy_database(source, target)
    assert every_row(target, without_change_seq=False) == before


def test_refuses_a_target_holding_one_member_row_only(tmp_path: Path, database_url: str) -> None:
    source, _last = seeded_source(tmp_path)
    target = resolve_database_url(database_url)
    engine = create_engine_for(target, 1)
    try:
        migrate_to_head(engine)
        with engine.begin() as conn:
            conn.execute(sa.insert(user_state).values(user_id=77))
    finally:
        engine.dispose()
    with pytest.raises(CopyRefused, match=r"UserState 1 row\)"):
        copy_database(source, target)


@pytest.mark.parametrize(
    ("seconds_ago", "refused"),
    [(0, True), (10, True), (25, True), (45, False), (3600, False)],
    ids=["now", "10s", "25s", "45s", "an-hour"],
)
def test_refuses_while_a_bot_runs_on_the_source(tmp_path: Path, database_url: str, seconds_ago: int, refused: bool) -> None:
    """A bot process heartbeats every 10 s; one seen in the last 30 s is running, an older row is a killed one's."""
    from datetime import UTC, datetime, timedelta

    source, _last = seeded_source(tmp_path, members=1, memories_per_member=1)
    engine = create_engine_for(source, 1)
    now = datetime.now(UTC)
    try:
        with engine.begin() as conn:
            conn.execute(
                sa.insert(bot_process).values(process_id="abc", seen_change_seq=1, seen_at=now - timedelta(seconds=seconds_ago))
            )
    finally:
        engine.dispose()
    target = resolve_database_url(database_url)
    if refused:
        with pytest.raises(CopyRefused, match="stop the bot first"):
            copy_database(source, target, alive_since=now - timedelta(seconds=30))
    else:
        counts = copy_database(source, target, alive_since=now - timedelta(seconds=30))
        assert {c.table: c.target for c in counts}[user_state.name] == 1


def test_refuses_to_copy_a_database_onto_itself(tmp_path: Path) -> None:
    source, _last = seeded_source(tmp_path, members=1, memories_per_member=1)
    same = sa.URL.create("sqlite", database=str(tmp_path / "." / "source.db"))
    with pytest.raises(CopyRefused, match="the configured database itself"):
        copy_database(source, same)


@pytest.mark.parametrize("page_rows", [1, 2, 3, 1000], ids=["1", "2", "3", "1000"])
def test_every_page_size_copies_every_row_once(tmp_path: Path, page_rows: int) -> None:
    """Keyset paging over single and composite keys (`LlmLogMember`, `LlmToolWay`): no row skipped or read twice."""
    source, _last = seeded_source(tmp_path, members=3, memories_per_member=3)
    target = sa.URL.create("sqlite", database=str(tmp_path / f"target-{page_rows}.db"))
    counts = copy_database(source, target, page_rows=page_rows)
    assert all(c.source == c.target > 0 for c in counts), counts
    assert every_row(target, without_change_seq=False) == every_row(source, without_change_seq=False)


def test_a_server_target_is_not_sent_the_rowversion_column() -> None:
    from sqlalchemy.dialects import mssql, sqlite

    assert "change_seq" not in {c.key for c in copied_columns(memory_preference, mssql.dialect())}
    assert "change_seq" in {c.key for c in copied_columns(memory_preference, sqlite.dialect())}
    assert bot_process not in COPIED_TABLES


@pytest.mark.parametrize("table", COPIED_TABLES, ids=[t.name for t in COPIED_TABLES])
def test_every_statement_a_copy_sends_a_server_is_tsql(table: sa.Table) -> None:
    """The offline T-SQL proof of the copy's reads and writes, table by table (a server run proves them for real)."""
    from tsql_check import mssql_sql, sql_server_2019, tsql_problems

    dialect = sql_server_2019()
    key = list(table.primary_key.columns)
    columns = copied_columns(table, dialect)
    rows = [{c.key: None for c in columns} for _ in range(300)]
    statements = [
        mssql_sql(page_query(table, 1000, None)),
        mssql_sql(page_query(table, 1000, [1] * len(key))),
        mssql_sql(sa.select(sa.func.count()).select_from(table)),
        *(mssql_sql(statement) for statement, _parameters in insert_statements(table, rows, dialect)),
    ]
    for sql in statements:
        assert tsql_problems(sql) == [], sql
    assert statements[0].startswith("SELECT TOP ") and " ORDER BY " in statements[0]
    inserts = statements[3:]
    assert all(sql.count("?") <= 2000 for sql in inserts), "SQL Server takes at most 2,100 parameters"
    assert sum(sql.count("), (") + 1 for sql in inserts) == len(rows), "every row in exactly one statement"
    rowversions = [c.name for c in table.columns if isinstance(c.type, ChangeSequence)]
    assert all(name not in " ".join(inserts) for name in rowversions), "a ROWVERSION column is stamped by the server"


def test_the_id_counter_statements_are_tsql() -> None:
    from tsql_check import mssql_sql, tsql_problems

    for statement in (
        sa.select(sa.func.IDENT_CURRENT(user_memory.name)),
        sa.select(sa.func.max(user_memory.c.id)),
        sa.delete(user_memory).where(user_memory.c.id == 5),
    ):
        sql = mssql_sql(statement)
        assert tsql_problems(sql) == [], sql


def test_the_source_is_read_as_one_snapshot_while_something_writes_it(tmp_path: Path) -> None:
    """A memory written between two pages is not half in the copy: every page and every count read one snapshot."""
    from datetime import UTC, datetime

    source, _last = seeded_source(tmp_path, members=2, memories_per_member=3)
    writer = create_engine_for(source, 1)
    written: list[str] = []

    def write_between_pages(table: str, _rows: int) -> None:
        if not written:
            with writer.begin() as conn:
                conn.execute(
                    sa.insert(user_memory).values(
                        user_id=5, memory="late", topics=(), importance="low", expires_at=datetime.now(UTC), source="chat"
                    )
                )
            written.append(table)

    target = sa.URL.create("sqlite", database=str(tmp_path / "target.db"))
    try:
        counts = copy_database(source, target, page_rows=1, progress=write_between_pages)
    finally:
        writer.dispose()
    assert written, "a memory was written during the copy"
    assert {c.table: c.target for c in counts}[user_memory.name] == 5
    assert len(every_row(source, without_change_seq=False)[user_memory.name]) == 6
