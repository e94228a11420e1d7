"""Copying every table of one database into another, ids kept: SQLite to SQL Server, back, or file to file.

Rows travel through SQLAlchemy Core with the tables of `utils.storage.schema`, so each column's
type converts on the way out and on the way in (aware UTC times, embeddings as bytes, topics,
text over 2,000 characters through the FreeTDS settings of `create_engine_for`). Ids are written
as they are: SQL Server takes them under `SET IDENTITY_INSERT`, which SQLAlchemy issues for an
insert that names the IDENTITY column. `ChangeSeq` is ROWVERSION on SQL Server and cannot be
written there: the server stamps each copied row instead, and the processes that poll it start
fresh on the new database anyway.

The target is brought to head first and must be empty: a copy merged into a database in use
would mix two members' histories under the same ids. Everything is written in one transaction,
so a failure leaves the target as empty as it was; the source is read page by page in primary-key
order (keyset), one read transaction, which on SQLite is one snapshot.

`BotProcess` is not copied: its rows are the processes running on the source, not data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from utils.storage import processes
from utils.storage.engine import create_engine_for
from utils.storage.migrate import MigrationFailed, migrate_to_head
from utils.storage.schema import ChangeSequence, bot_process, metadata, user_memory
from utils.wording import plural

PAGE_ROWS = 1000
"""Rows read per page of the source."""
SERVER_PARAMETERS = 2000
"""Parameters one INSERT may carry on SQL Server (it refuses more than 2,100): rows per statement follow from it."""

COPIED_TABLES: tuple[sa.Table, ...] = tuple(table for table in metadata.sorted_tables if table is not bot_process)
"""Parents before children (`LlmLog` before `LlmLogMember`)."""
NEVER_REUSED = user_memory
"""The table whose ids are never handed out twice (`/memory forget 5` must not hit a newer memory): its
counter is carried over even past the highest id copied."""
SQLITE_SEQUENCE = sa.table("sqlite_sequence", sa.column("name", sa.String), sa.column("seq", sa.BigInteger))


class CopyRefused(Exception):
    """Why the copy did not start or did not finish, in one line; the target holds nothing of it."""


@dataclass(frozen=True)
class TableCount:
    table: str
    source: int
    target: int


def copy_database(
    source_url: sa.URL,
    target_url: sa.URL,
    *,
    alive_since: datetime | None = None,
    page_rows: int = PAGE_ROWS,
    progress: Callable[[str, int], None] | None = None,
) -> list[TableCount]:
    """Copy every table of ``source_url`` into ``target_url`` (migrated to head, empty); returns the counts per table.

    ``alive_since``: a bot process seen on the source since then is running, and the copy
    refuses (what it writes after the copy would be lost). ``progress(table, rows)`` after each page.
    """
    if _same_database(source_url, target_url):
        raise CopyRefused("the target is the configured database itself: give another one with --to")
    source = create_engine_for(source_url, 1)
    target = create_engine_for(target_url, 1)
    try:
        for engine, which in ((source, "source"), (target, "target")):
            try:
                migrate_to_head(engine)
            except MigrationFailed as exc:
                raise CopyRefused(f"the {which} database: {exc}") from None
        if alive_since is not None:
            _refuse_running(source, alive_since)
        with source.connect() as reader, target.connect() as writer:
            _read_snapshot(reader)
            writer.begin()
            try:
                _refuse_filled(writer)
                counts = [_copy_table(reader, writer, table, page_rows, progress) for table in COPIED_TABLES]
                _carry_counter(reader, writer)
                wrong = [c for c in counts if c.source != c.target]
                if wrong:
                    said = ", ".join(f"{c.table} {c.source} → {c.target}" for c in wrong)
                    raise CopyRefused(f"the counts differ after the copy ({said}); nothing was kept")
                writer.commit()
            except BaseException:
                writer.rollback()
                raise
            finally:
                reader.rollback()
        return counts
    finally:
        source.dispose()
        target.dispose()


def _read_snapshot(reader: sa.Connection) -> None:
    """Begin the reads' one transaction. SQLite's driver begins one only before a write, so every page would
    otherwise see the file as it is then; an explicit BEGIN makes every page (and the counts) read one snapshot."""
    reader.begin()
    if reader.dialect.name == "sqlite":
        reader.exec_driver_sql("BEGIN")


def _same_database(first: sa.URL, second: sa.URL) -> bool:
    if first.get_backend_name() == second.get_backend_name() == "sqlite":
        return (
            bool(first.database and second.database)
            and Path(first.database or "").resolve() == Path(second.database or "").resolve()
        )
    return first.render_as_string(hide_password=False) == second.render_as_string(hide_password=False)


def running_bots(engine: sa.Engine, alive_since: datetime) -> int:
    """Bot processes that said they were alive on this database since ``alive_since`` (0 before its first start)."""
    with engine.connect() as conn:
        if not sa.inspect(conn).has_table(bot_process.name):
            return 0
        running, _behind = processes.others_behind(conn, "", 0, alive_since)
    return running


def _refuse_running(source: sa.Engine, alive_since: datetime) -> None:
    running = running_bots(source, alive_since)
    if running:
        seconds = round((datetime.now(UTC) - alive_since).total_seconds())
        raise CopyRefused(
            f"{running} bot process(es) ran on the source in the last {seconds} s: stop the bot first "
            "(what it writes after the copy would not be in the target)"
        )


def _refuse_filled(writer: sa.Connection) -> None:
    filled = [
        f"{table.name} {plural(rows, 'row')}"
        for table in COPIED_TABLES
        if (rows := writer.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())
    ]
    if filled:
        raise CopyRefused(
            f"the target already holds data ({', '.join(filled)}): copy-db fills an empty database only; "
            "give a new file or an empty database"
        )


def copied_columns(table: sa.Table, dialect: sa.Dialect) -> list[sa.Column[Any]]:
    """The columns written to the target: all but a ROWVERSION, which SQL Server stamps itself."""
    return [c for c in table.columns if not (dialect.name == "mssql" and isinstance(c.type, ChangeSequence))]


def _copy_table(
    reader: sa.Connection,
    writer: sa.Connection,
    table: sa.Table,
    page_rows: int,
    progress: Callable[[str, int], None] | None,
) -> TableCount:
    columns = copied_columns(table, writer.dialect)
    copied = 0
    for page in _pages(reader, table, page_rows):
        rows = [{c.key: row._mapping[c] for c in columns} for row in page]
        for statement, parameters in insert_statements(table, rows, writer.dialect):
            writer.execute(statement, parameters)
        copied += len(rows)
        if progress is not None:
            progress(table.name, copied)
    source_rows = reader.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
    target_rows = writer.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
    if source_rows != copied:
        raise CopyRefused(f"{table.name}: read {plural(copied, 'row')} but the source counts {source_rows}; is the bot stopped?")
    return TableCount(table.name, int(source_rows), int(target_rows))


def _pages(reader: sa.Connection, table: sa.Table, page_rows: int) -> Iterator[Sequence[sa.Row[Any]]]:
    """The source's rows in primary-key order, a page at a time, each page starting after the last key seen."""
    key = list(table.primary_key.columns)
    last: tuple[Any, ...] | None = None
    while True:
        page = reader.execute(page_query(table, page_rows, last)).all()
        if not page:
            return
        yield page
        if len(page) < page_rows:
            return
        last = tuple(page[-1]._mapping[c] for c in key)


def page_query(table: sa.Table, page_rows: int, last: Sequence[Any] | None) -> sa.Select[Any]:
    """One page of ``table`` in primary-key order, after the key ``last`` (None: the first page)."""
    key = list(table.primary_key.columns)
    query = sa.select(table).order_by(*key).limit(page_rows)
    return query if last is None else query.where(after_key(key, last))


def insert_statements(table: sa.Table, rows: list[dict[str, Any]], dialect: sa.Dialect) -> Iterator[tuple[sa.Insert, Any]]:
    """(statement, parameters) writing ``rows``: on SQL Server one INSERT of many VALUES per SERVER_PARAMETERS (one
    round trip, not one per row), elsewhere one executemany."""
    if dialect.name != "mssql":
        yield sa.insert(table), rows
        return
    per_statement = max(1, SERVER_PARAMETERS // max(1, len(rows[0]) if rows else 1))
    for start in range(0, len(rows), per_statement):
        yield sa.insert(table).values(rows[start : start + per_statement]), None


def after_key(key: Sequence[sa.Column[Any]], last: Sequence[Any]) -> sa.ColumnElement[bool]:
    """Rows whose (composite) key sorts after ``last``: `(a > x) OR (a = x AND b > y)`, which T-SQL can run
    (it has no row-value comparison)."""
    return sa.or_(*(sa.and_(*(key[j] == last[j] for j in range(i)), key[i] > last[i]) for i in range(len(key))))


def _last_id_handed_out(conn: sa.Connection, table: sa.Table) -> int:
    """The highest id the database has ever given ``table`` (deleted rows included)."""
    highest: int | None = conn.execute(sa.select(sa.func.max(table.c.id))).scalar()
    if conn.dialect.name == "sqlite":
        counter: Any = conn.execute(sa.select(SQLITE_SEQUENCE.c.seq).where(SQLITE_SEQUENCE.c.name == table.name)).scalar()
    elif conn.dialect.name == "mssql":
        counter = conn.execute(sa.select(sa.func.IDENT_CURRENT(table.name))).scalar()
    else:
        counter = None
    return max(int(highest or 0), int(counter or 0))


def _carry_counter(reader: sa.Connection, writer: sa.Connection) -> None:
    """The target hands out no id the source already had given (a memory erased just before the copy included)."""
    wanted = _last_id_handed_out(reader, NEVER_REUSED)
    if wanted <= _last_id_handed_out(writer, NEVER_REUSED):
        return
    if writer.dialect.name == "sqlite":
        row = SQLITE_SEQUENCE.c.name == NEVER_REUSED.name
        if writer.execute(sa.update(SQLITE_SEQUENCE).where(row).values(seq=wanted)).rowcount == 0:
            writer.execute(sa.insert(SQLITE_SEQUENCE).values(name=NEVER_REUSED.name, seq=wanted))
    elif writer.dialect.name == "mssql":  # an IDENTITY moves up to the highest id inserted: one row there, gone again
        placeholder = {
            "id": wanted,
            "user_id": 0,
            "memory": "",
            "topics": (),
            "importance": "",
            "expires_at": datetime.now(UTC),
            "source": "",
        }
        writer.execute(sa.insert(NEVER_REUSED).values(placeholder))
        writer.execute(sa.delete(NEVER_REUSED).where(NEVER_REUSED.c.id == wanted))
