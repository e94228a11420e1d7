"""The storage engine: a pooled SQLAlchemy engine, reconnects, error mapping and one public :meth:`Database.run`.

SQLAlchemy 2 Core on a pooled synchronous engine, one code path for SQLite and SQL
Server (pyodbc). The SQL itself lives in the table-group modules next to this one
(`memories`, `members`, `llm_log`, `notes`) as plain functions of a connection,
marked :func:`reads` or :func:`writes`; ``await db.run(fn, *args)`` runs one in a
transaction on a small thread pool owned by the engine, so no driver call blocks the
event loop, and SQLite writers wait their turn in an asyncio queue instead of
holding a pool thread a read needs. Alembic migrations are applied at connect.

A database that cannot be reached does not stop the bot: :meth:`Database.connect`
returns ``False``, logs one warning, and a background task keeps retrying; callers
get :class:`DatabaseUnavailable` meanwhile and degrade (memory off, state kept in RAM).
What cannot get better by waiting (no ODBC driver installed) is a
:class:`DatabasePermanentError` with one clear line, and is not retried.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal, TypeVar

import sqlalchemy as sa

from utils.storage._transactions import roll_back
from utils.storage.errors import (
    DatabaseError,
    DatabasePermanentError,
    DatabaseUnavailable,
    is_connection_error,
    one_line,
    permanent_reason,
)
from utils.storage.kinds import watch_server_kind
from utils.storage.locks import LockNotGranted, RaceLost
from utils.storage.migrate import (
    MigrationFailed,
    SchemaBehind,
    SchemaState,
    migrate_to_head,
    require_head,
)
from utils.storage.odbc import for_driver
from utils.storage.url import resolve_database_url

logger = logging.getLogger(__name__)

T = TypeVar("T")
ConnectFailure = Literal["unreachable", "migration", "schema_behind", "permanent"]

ACCESS = "__storage_access__"


def reads(fn: Callable[..., T]) -> Callable[..., T]:
    """Mark a storage function that only reads: it runs beside other reads and writes."""
    setattr(fn, ACCESS, "read")
    return fn


def writes(fn: Callable[..., T]) -> Callable[..., T]:
    """Mark a storage function that writes: on SQLite it waits for the one writer's turn."""
    setattr(fn, ACCESS, "write")
    return fn


def is_write(fn: Callable[..., Any]) -> bool:
    target = fn.func if isinstance(fn, functools.partial) else fn
    return getattr(target, ACCESS, "read") == "write"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    # A deleted row's bytes are overwritten, not left in free pages (FAST would leave freelist pages as they were):
    # what a member forgets is gone from the file, not only from its tables.
    cursor.execute("PRAGMA secure_delete=ON")
    cursor.close()


def sqlite_path(url: sa.URL) -> Path | None:
    """The file an SQLite URL names (None for in-memory or another backend)."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def _sqlite_snapshot(path: Path) -> sqlite3.Connection:
    """An in-memory copy of the SQLite file at ``path``, read through `mode=ro` (the file is never written)."""
    source = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
    copy = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        source.backup(copy)
    finally:
        source.close()
    return copy


def create_engine_for(url: sa.URL, pool_size: int, *, read_only: bool = False) -> sa.Engine:
    """A pooled engine; SQLite files get WAL and foreign keys, SQL Server pre-ping.

    Read-only SQLite is one in-memory snapshot of the file (read with `mode=ro`), which
    the migrations can bring up to date without touching the file: a dry run on an old
    deployment sees today's schema and changes no byte.
    """
    path = sqlite_path(url)
    if read_only and path is not None:
        snapshot = _sqlite_snapshot(path)
        return sa.create_engine("sqlite://", creator=lambda: snapshot, poolclass=sa.pool.StaticPool)
    if url.get_backend_name() == "sqlite":
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(
            url,
            poolclass=sa.pool.QueuePool,
            pool_size=pool_size,
            max_overflow=0,
            connect_args={"check_same_thread": False, "timeout": 30},
        )
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    url, options = server_url_and_options(url)
    engine = sa.create_engine(url, pool_size=pool_size, max_overflow=2, pool_pre_ping=True, pool_recycle=1800, **options)
    if url.get_backend_name() == "mssql":
        watch_server_kind(engine)
    return engine


LOGIN_TIMEOUT_SECONDS = 15
"""How long one ODBC login may take: a server that never answers costs a bounded wait (the driver's own
default can be longer than the doctor's deadline, and a login blocks its database thread until it ends)."""


def server_url_and_options(url: sa.URL) -> tuple[sa.URL, dict[str, Any]]:
    """The URL and engine options for a database server: pyodbc's login timeout (its ``timeout`` connect argument),
    and for FreeTDS the connection string in its words and no `setinputsizes` (FreeTDS answers HY090 "Invalid string
    or buffer length" to a bound text over 2,000 characters sized that way)."""
    if url.get_driver_name() != "pyodbc":
        return url, {}
    options: dict[str, Any] = {"connect_args": {"timeout": LOGIN_TIMEOUT_SECONDS}}
    said = for_driver(url)
    if said.freetds:
        url = sa.URL.create("mssql+pyodbc", query={"odbc_connect": said.odbc})
        options["use_setinputsizes"] = False
    return url, options


class Database:
    """The engine: connect, reconnect, map errors, and :meth:`run` storage functions; see the module docstring."""

    def __init__(
        self,
        url: str | sa.URL = "",
        *,
        reconnect_seconds: float = 30.0,
        pool_size: int = 4,
        read_only: bool = False,
        migrate: bool = True,
    ) -> None:
        self.url = url if isinstance(url, sa.URL) else resolve_database_url(url)
        self.read_only = read_only
        """Open without migrating and (SQLite) with `mode=ro`: tools' dry runs change nothing and create nothing."""
        self.migrate = migrate
        """Bring the schema to head at connect (under the database-wide lock); False: only check that it is at head."""
        self.schema: SchemaState | None = None
        """The schema revision found (and reached) by the last connect."""
        self._reconnect_seconds = reconnect_seconds
        self._pool_size = pool_size
        self._engine: sa.Engine | None = None
        self._executor = ThreadPoolExecutor(max_workers=pool_size, thread_name_prefix="db")
        self._write_lock = threading.Lock()
        self._write_turn = asyncio.Lock()
        """SQLite has one writer: writers wait for their turn here, so they never sit in a pool thread a read needs."""
        self._available = False
        self._reconnect_task: asyncio.Task[None] | None = None
        self._closed = False
        self._on_reconnect: list[Callable[[], Any]] = []
        self.last_error: str | None = None
        """Why the last :meth:`connect` failed, for tools that report it in one line."""
        self.last_failure: ConnectFailure | None = None
        """What kind of failure that was: the doctor's advice differs for each."""
        self._side_files: list[Path] = []
        """WAL files SQLite made for a read-only open that were not there before: removed again at close."""

    # ------------------------------------------------------------------ lifecycle
    @property
    def available(self) -> bool:
        return self._available

    @property
    def dialect_name(self) -> str:
        return self.url.get_backend_name()

    @property
    def engine(self) -> sa.Engine | None:
        """The pooled engine once connected (tests listen to its events)."""
        return self._engine

    def on_reconnect(self, callback: Callable[[], Any]) -> None:
        """Call ``callback`` (sync or async) each time the database comes back after an outage."""
        self._on_reconnect.append(callback)

    async def connect(self) -> bool:
        """Open the pool and apply migrations. ``False`` (and background retries) if unreachable.

        A configuration that can never work (no ODBC driver, a read-only open of a missing
        file) logs one ERROR line and is not retried.
        """
        try:
            await self._in_thread(self._open)
        except SchemaBehind as exc:
            self.last_error, self.last_failure = str(exc), "schema_behind"
            logger.warning(
                "Database not ready: %s; memory is off until then (checked every %.0f s).", exc, self._reconnect_seconds
            )
            self._start_reconnecting()
            return False
        except MigrationFailed as exc:
            self.last_error, self.last_failure = str(exc), "migration"
            logger.error(
                "Database schema upgrade failed: %s. Memory is off until it succeeds (tried again every %.0f s); "
                "`python3 bot.py migrate` shows the whole error.",
                exc,
                self._reconnect_seconds,
            )
            self._start_reconnecting()
            return False
        except Exception as exc:  # noqa: BLE001 - any driver error means "not reachable now"
            permanent = permanent_reason(exc, self.url, read_only=self.read_only)
            if permanent is not None:
                self.last_error, self.last_failure = permanent, "permanent"
                logger.error("%s", permanent)
                return False
            self.last_error, self.last_failure = one_line(exc), "unreachable"
            logger.warning("Database unreachable (%s); memory is off until it comes back.", self.last_error)
            self._start_reconnecting()
            return False
        self.last_error = self.last_failure = None
        self._available = True
        logger.info("Database ready (%s%s).", self.dialect_name, ", read-only" if self.read_only else "")
        return True

    async def close(self) -> None:
        """Stop reconnecting and release the pool; closing twice is harmless."""
        if self._closed:
            return
        self._closed = True
        if self._reconnect_task is not None:
            self._reconnect_task.cancel()
            await asyncio.gather(self._reconnect_task, return_exceptions=True)
        if self._engine is not None:
            await self._in_thread(self._engine.dispose)
        self._executor.shutdown(wait=True)
        self._available = False
        for side in self._side_files:
            side.unlink(missing_ok=True)

    def _open(self) -> None:
        path = sqlite_path(self.url)
        if self.read_only and path is not None and not path.is_file():
            raise DatabasePermanentError(f"no database file at {path}")
        if self.read_only and path is not None and self._engine is None:
            sides = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
            self._side_files = [side for side in sides if not side.exists()]
        if self._engine is None:
            self._engine = create_engine_for(self.url, self._pool_size, read_only=self.read_only)
        if self.read_only and path is None:
            self.schema = require_head(self._engine, read_only=True)  # tables a dry run reads must be there
            return
        with self._write_lock:
            self.schema = migrate_to_head(self._engine) if self.migrate else require_head(self._engine)

    async def ping(self) -> bool:
        """Whether the database answers a trivial query; never migrates, so it can run beside the bot (Docker HEALTHCHECK)."""

        def probe() -> None:
            if self._engine is None:
                self._engine = create_engine_for(self.url, 1, read_only=self.read_only)
            with self._engine.connect() as conn:
                conn.execute(sa.select(sa.literal(1))).scalar_one()

        try:
            await self._in_thread(probe)
        except Exception as exc:  # noqa: BLE001 - any driver error means "not answering"
            self.last_error = permanent_reason(exc, self.url, read_only=self.read_only) or one_line(exc)
            return False
        return True

    def _start_reconnecting(self) -> None:
        if self._closed or (self._reconnect_task is not None and not self._reconnect_task.done()):
            return
        self._available = False
        self._reconnect_task = asyncio.get_running_loop().create_task(self._reconnect_loop(), name="db-reconnect")

    async def _reconnect_loop(self) -> None:
        while not self._closed:
            await asyncio.sleep(self._reconnect_seconds)
            try:
                await self._in_thread(self._open)
            except Exception as exc:  # noqa: BLE001
                logger.debug("Database still unreachable: %s", one_line(exc))
                continue
            self._available = True
            logger.warning("Database is back; memory is on again.")
            for callback in self._on_reconnect:
                result = callback()
                if asyncio.iscoroutine(result):
                    await result
            return

    async def forget_deleted_bytes(self) -> bool:
        """After an erasure: SQLite copies the write-ahead log into the file and empties it, so the page images
        that still held what was deleted (the WAL keeps whole pages, secure deletion or not) leave the disk.

        A reader still on an older snapshot keeps the log busy; then the bytes go at SQLite's next
        checkpoint instead (within its next 1,000 pages of writes) and this returns False.
        A database server keeps its own log (docs/sql-server.md): nothing to do here.
        """
        if self.dialect_name != "sqlite" or self.read_only or not self._available or self._engine is None:
            return False
        engine = self._engine

        def checkpoint() -> bool:
            with self._write_lock, engine.connect() as conn:
                busy, _log, _copied = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()
                conn.commit()
                return not busy

        try:
            async with self._write_turn:
                return await self._in_thread(checkpoint)
        except sa.exc.DBAPIError as exc:
            logger.debug("The checkpoint after an erasure waits for SQLite's next one: %s", one_line(exc))
            return False

    def _file_vanished(self) -> Path | None:
        """The SQLite file, if it was removed under the running bot (writes would go to an unlinked inode)."""
        path = sqlite_path(self.url)
        if path is None or self._engine is None or path.exists():
            return None
        return path

    def _lost_the_file(self, path: Path) -> None:
        """Drop the pool on the vanished file and reconnect (recreating the directory and the schema)."""
        logger.error(
            "The database file %s was removed under the running bot; nothing is written until it is recreated "
            "(writes wait in memory and are retried).",
            path,
        )
        engine, self._engine = self._engine, None
        if engine is not None:
            engine.dispose()
        self._available = False
        self._start_reconnecting()

    # ------------------------------------------------------------------ running storage functions
    async def _in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``fn(conn, *args, **kwargs)`` in one transaction on the pool and return what it returns.

        ``fn`` is a storage function marked :func:`reads` or :func:`writes`. Connection
        loss and transient errors (locks, timeouts) raise DatabaseUnavailable, which
        callers retry later; a statement the database rejects for good raises
        DatabaseError, so one bad row cannot block a retry queue forever.
        """
        if not self._available or self._engine is None:
            raise DatabaseUnavailable("database is not connected")
        write = is_write(fn)
        if write and self.read_only:
            raise DatabaseError(f"{getattr(fn, '__name__', fn)} writes, and this database was opened read-only")
        if write and (vanished := self._file_vanished()) is not None:
            self._lost_the_file(vanished)
            raise DatabaseUnavailable(f"the database file {vanished} was removed")
        engine = self._engine
        serialise = self.dialect_name == "sqlite" and (write or self.read_only)

        def job() -> T:
            if serialise:
                with self._write_lock:
                    return in_transaction(engine, fn, *args, **kwargs)
            return in_transaction(engine, fn, *args, **kwargs)

        for attempt in range(RACE_RETRIES):
            try:
                return await self._job(job, serialise)
            except RaceLost as lost:
                logger.debug("Running %s again: %s", getattr(fn, "__name__", fn), lost)
                await asyncio.sleep(random.uniform(0, RACE_BACKOFF_SECONDS * 2**attempt))
        raise DatabaseUnavailable(f"{getattr(fn, '__name__', fn)} lost {RACE_RETRIES} races with other processes in a row")

    async def _job(self, job: Callable[[], T], serialise: bool) -> T:
        """Run one transaction on the pool and map the driver's errors to the storage ones."""
        try:
            if serialise:
                async with self._write_turn:
                    return await self._in_thread(job)
            return await self._in_thread(job)
        except LockNotGranted as exc:
            raise DatabaseUnavailable(str(exc)) from exc
        except (sa.exc.OperationalError, sa.exc.InterfaceError) as exc:
            if exc.connection_invalidated or is_connection_error(exc):
                logger.warning("Lost the database (%s); reconnecting in the background.", one_line(exc))
                self._start_reconnecting()
            raise DatabaseUnavailable(one_line(exc)) from exc
        except sa.exc.DBAPIError as exc:
            if exc.connection_invalidated:
                self._start_reconnecting()
                raise DatabaseUnavailable(one_line(exc)) from exc
            raise DatabaseError(one_line(exc)) from exc


RACE_RETRIES = 5
RACE_BACKOFF_SECONDS = 0.005
"""The first random wait before running a transaction again that lost a race (it doubles each time)."""


def in_transaction(engine: sa.Engine, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(conn, *args, **kwargs)`` in one transaction: committed when it returns, rolled back when it raises.

    The error raised is always ``fn``'s own, even where the server already ended the transaction
    and the rollback fails too (`utils.storage._transactions`).
    """
    with engine.connect() as conn:
        conn.begin()
        try:
            result = fn(conn, *args, **kwargs)
        except BaseException:
            roll_back(conn)
            raise
        conn.commit()
        return result
