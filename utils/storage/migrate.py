"""Bringing the schema to head once, however many processes start together.

Several bot processes (shards, clusters) share one database. Each used to run Alembic at
every connect with nothing between them: two processes upgrading an old schema at the same
time could both try to add the same column. The upgrade now runs inside one database-wide
lock that the database itself grants — an exclusive application lock on SQL Server
(`sp_getapplock`, released with the transaction), an immediate write transaction on SQLite
— and checks the revision again once it holds the lock, so exactly one process migrates
and the others find the schema at head and carry on.

A process started with DB_MIGRATE_ON_START=false never migrates: it only compares the
database's revision with the code's and says what to run when they differ
(`python3 bot.py migrate`, which compose runs as a one-shot service before the bots).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from utils.paths import MIGRATIONS_DIR
from utils.storage._transactions import roll_back
from utils.storage.locks import take_application_lock
from utils.storage.schema import metadata
from utils.wording import plural

logger = logging.getLogger(__name__)

LOCK_RESOURCE = "BreehaviorMonitor.schema"
LOCK_TIMEOUT_MS = 120_000
"""How long a process waits for another one's migration (a big UserMemory can take a while to alter)."""


class SchemaBehind(RuntimeError):
    """The database's schema is not the one this code needs, and this process may not migrate it."""


class MigrationFailed(RuntimeError):
    """The database answered, and bringing its schema to head failed (a statement the server refused, the lock)."""


LEGACY_SUFFIX = "_legacy"
"""What the first revision appends to the name of an old table whose columns it cannot adopt (LlmLog → LlmLog_legacy)."""


@dataclass(frozen=True)
class SchemaState:
    before: str | None
    after: str | None
    head: str
    adopted: tuple[str, ...] = ()
    """Tables the database already held when Alembic had never touched it: an old deployment's, not an empty database."""
    kept_as: tuple[tuple[str, str], ...] = ()
    """(old name, new name) of each old table the upgrade set aside because its columns do not match."""

    @property
    def migrated(self) -> bool:
        return self.before != self.after

    def describe(self) -> str:
        if self.migrated and self.adopted:
            kept = "".join(f"; its old {old} is kept, renamed {new}" for old, new in self.kept_as)
            return (
                f"adopted an existing database ({plural(len(self.adopted), 'table')}: {', '.join(self.adopted)}) "
                f"and brought its schema to {self.after} (head){kept}"
            )
        if self.migrated:
            return f"schema migrated from {self.before or 'an empty database'} to {self.after} (head)"
        return f"schema at {self.after} (head), nothing to do"


def _tables(conn: sa.Connection) -> set[str]:
    """The database's tables now, Alembic's own bookkeeping aside (a fresh inspector: the upgrade changed them).

    Named as the schema spells them: Babelfish reports every name in lower case."""
    return {_spelled(name) for name in sa.inspect(conn).get_table_names() if name.lower() != "alembic_version"}


def _spelled(name: str) -> str:
    known = {table.lower(): table for table in metadata.tables}
    if name.lower().endswith(LEGACY_SUFFIX):
        base = name[: -len(LEGACY_SUFFIX)]
        return known.get(base.lower(), base) + LEGACY_SUFFIX
    return known.get(name.lower(), name)


def alembic_config(url: sa.URL | str | None = None) -> Config:
    """Alembic configuration pointing at this project's migrations (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        rendered = url.render_as_string(hide_password=False) if isinstance(url, sa.URL) else url
        cfg.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    return cfg


def head_revision() -> str:
    """The revision this code needs (the newest file under migrations/versions)."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head() or ""


def current_revision(conn: sa.Connection) -> str | None:
    """The revision the database is at (None for a database Alembic never touched)."""
    return MigrationContext.configure(conn).get_current_revision()


def _take_lock(conn: sa.Connection) -> None:
    """Hold the database-wide migration lock until ``conn``'s transaction ends.

    SQL Server: an exclusive application lock owned by the transaction (another process's
    `sp_getapplock` waits up to LOCK_TIMEOUT_MS, then fails with a status below 0).
    SQLite: BEGIN IMMEDIATE takes the one write lock of the file at once; other processes
    wait on their busy timeout (set on every connection) instead of failing.
    """
    if conn.dialect.name == "mssql":
        status = take_application_lock(conn, LOCK_RESOURCE, LOCK_TIMEOUT_MS)
        if status < 0:
            raise MigrationFailed(
                f"another process held the migration lock for {LOCK_TIMEOUT_MS // 1000} s (sp_getapplock status {status})"
            )
    elif conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def migrate_to_head(engine: sa.Engine, *, before_lock: Callable[[], None] | None = None) -> SchemaState:
    """Upgrade to head under the lock; a process that waited for another one's upgrade finds nothing to do.

    ``before_lock`` runs between the unlocked look at the revision and taking the lock: the
    window where several processes have all seen an old schema (tests hold it open).
    """
    head = head_revision()
    with engine.connect() as conn:
        before = current_revision(conn)
        conn.rollback()
        if before == head:
            return SchemaState(before, before, head)
    if before_lock is not None:
        before_lock()
    with engine.connect() as conn:
        try:
            _take_lock(conn)
            before = current_revision(conn)
            found = _tables(conn) if before is None else set()
            if before != head:
                _upgrade(conn, before, head)
            after = current_revision(conn)
            set_aside = sorted(name for name in _tables(conn) - found if name.lower().endswith(LEGACY_SUFFIX))
            conn.commit()
        except BaseException:
            roll_back(conn)
            raise
    kept_as = tuple((name[: -len(LEGACY_SUFFIX)], name) for name in set_aside)
    state = SchemaState(before, after, head, adopted=tuple(sorted(found)), kept_as=kept_as)
    if state.migrated:
        logger.info("Database %s.", state.describe())
    return state


def _upgrade(conn: sa.Connection, before: str | None, head: str) -> None:
    """Alembic's upgrade on ``conn``; a failure is a :class:`MigrationFailed` naming both revisions and the first line."""
    cfg = alembic_config()
    cfg.attributes["connection"] = conn
    try:
        command.upgrade(cfg, "head")
    except Exception as exc:
        first = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or [type(exc).__name__])[0][:300]
        raise MigrationFailed(f"upgrading the schema from {before or 'an empty database'} to {head} failed: {first}") from exc


def require_head(engine: sa.Engine, *, read_only: bool = False) -> SchemaState:
    """Check, never change: raise :class:`SchemaBehind` with what to run when the schema is not at head.

    ``read_only``: a tool's dry run on a server (nothing may change there, and a server's schema
    cannot be upgraded in a throw-away copy the way a SQLite file's is).
    """
    head = head_revision()
    with engine.connect() as conn:
        found = current_revision(conn)
    if found != head:
        where = f"at {found}" if found else "empty (no schema yet)"
        why = (
            "a dry run changes nothing"
            if read_only
            else "DB_MIGRATE_ON_START is false, so run `python3 bot.py migrate` once (compose: the migrate service) "
            "and this process picks it up"
        )
        raise SchemaBehind(f"the database schema is {where} and this bot needs {head}; {why}")
    return SchemaState(found, found, head)
