"""Storage: the only module that speaks SQL.

SQLAlchemy 2 Core on a pooled synchronous engine, one code path for SQLite and SQL
Server (pyodbc). Every call runs on a small thread pool owned by this class, so no
driver call blocks the event loop. Alembic migrations are applied at connect.

A database that cannot be reached does not stop the bot: :meth:`Database.connect`
returns ``False``, logs one warning, and a background task keeps retrying; callers
get :class:`DatabaseUnavailable` meanwhile and degrade (memory off, state kept in RAM).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from breehavior.storage.records import (
    IMPORTANCE_RANK,
    AuditEntry,
    AuditRecord,
    LlmCallRecord,
    MemoryBatch,
    MemoryPreferenceRecord,
    MemoryRecord,
    MemoryScope,
    NewMemory,
    UserStateRecord,
)
from breehavior.storage.schema import (
    ERROR_MAX,
    EXCERPT_MAX,
    IMPORTANCE_MAX,
    MEMORY_TEXT_MAX,
    SLOT_KEY_MAX,
    SOURCE_MAX,
    TOPICS_MAX,
    cut_utf16,
    llm_log,
    memory_audit,
    memory_preference,
    notes_backup,
    profile_history,
    user_memory,
    user_state,
)
from breehavior.storage.url import PROJECT_ROOT, resolve_database_url

logger = logging.getLogger(__name__)

T = TypeVar("T")

MIGRATIONS_DIR = PROJECT_ROOT / "migrations"
PRUNE_BATCH_ROWS = 2000
BULK_CHUNK_ROWS = 50_000
CAP_BATCH_MEMBERS = 200
DELETE_CHUNK_IDS = 1000
"""SQL Server takes at most 2100 bound parameters per statement; id lists stay well under it."""


class DatabaseError(RuntimeError):
    """A statement failed for good (bad data, a constraint): retrying it will not help."""


class DatabaseUnavailable(DatabaseError):
    """The database cannot be used right now; the caller should degrade, keep what it has, and retry later."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def join_topics(topics: Iterable[str]) -> str:
    """Topics are stored comma-separated, cut to the column at a tag boundary."""
    joined = ""
    for topic in topics:
        candidate = f"{joined},{topic}" if joined else topic
        if cut_utf16(candidate, TOPICS_MAX) != candidate:
            break
        joined = candidate
    return joined


def split_topics(raw: str | None) -> tuple[str, ...]:
    return tuple(t for t in (raw or "").split(",") if t)


def alembic_config(url: sa.URL | str | None = None) -> Config:
    """Alembic configuration pointing at this project's migrations (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        rendered = url.render_as_string(hide_password=False) if isinstance(url, sa.URL) else url
        cfg.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    return cfg


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def create_engine_for(url: sa.URL, pool_size: int) -> sa.Engine:
    """A pooled engine; SQLite files get WAL and foreign keys, SQL Server pre-ping."""
    if url.get_backend_name() == "sqlite":
        if url.database and url.database != ":memory:":
            Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(
            url,
            poolclass=sa.pool.QueuePool,
            pool_size=pool_size,
            max_overflow=0,
            connect_args={"check_same_thread": False, "timeout": 30},
        )
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(url, pool_size=pool_size, max_overflow=2, pool_pre_ping=True, pool_recycle=1800)


def _cut(value: str | None, size: int) -> str | None:
    return None if value is None else value[:size]


def _memory_from_row(row: sa.Row[Any]) -> MemoryRecord:
    return MemoryRecord(
        id=row.Id,
        user_id=row.UserId,
        memory=row.Memory,
        topics=split_topics(row.Topics),
        importance=row.Importance,
        expires_at=row.ExpiresAt,
        source=row.Source,
        created_at=row.CreatedAt,
        guild_id=row.GuildId,
        slot_key=row.SlotKey,
        superseded_at=row.SupersededAt,
    )


def _live(now: datetime) -> sa.ColumnElement[bool]:
    return sa.and_(user_memory.c.ExpiresAt > now, user_memory.c.SupersededAt.is_(None))


def _scope_filter(scope: MemoryScope) -> sa.ColumnElement[bool]:
    if not scope.restricted:
        return sa.true()
    if scope.guild_id is None:
        return user_memory.c.GuildId.is_(None)
    return user_memory.c.GuildId == scope.guild_id


def _beyond_cap(rows: Sequence[sa.Row[Any]], cap: int) -> list[sa.Row[Any]]:
    """The rows of one member that do not fit under ``cap``: superseded first, then low importance, then oldest."""
    keep_order = sorted(
        rows,
        key=lambda r: (r.SupersededAt is None, IMPORTANCE_RANK.get(r.Importance, 0), r.CreatedAt, r.Id),
        reverse=True,
    )
    return keep_order[cap:]


class Database:
    """Async facade over a pooled SQLAlchemy engine; see the module docstring."""

    def __init__(self, url: str | sa.URL = "", *, reconnect_seconds: float = 30.0, pool_size: int = 4) -> None:
        self.url = url if isinstance(url, sa.URL) else resolve_database_url(url)
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

    # ------------------------------------------------------------------ lifecycle
    @property
    def available(self) -> bool:
        return self._available

    @property
    def dialect_name(self) -> str:
        return self.url.get_backend_name()

    def on_reconnect(self, callback: Callable[[], Any]) -> None:
        """Call ``callback`` (sync or async) each time the database comes back after an outage."""
        self._on_reconnect.append(callback)

    async def connect(self) -> bool:
        """Open the pool and apply migrations. ``False`` (and background retries) if unreachable."""
        try:
            await self._in_thread(self._open)
        except Exception as exc:  # noqa: BLE001 - any driver error means "not reachable now"
            self.last_error = _one_line(exc)
            logger.warning("Database unreachable (%s); memory is off until it comes back.", self.last_error)
            self._start_reconnecting()
            return False
        self._available = True
        logger.info("Database ready (%s).", self.dialect_name)
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

    def _open(self) -> None:
        if self._engine is None:
            self._engine = create_engine_for(self.url, self._pool_size)
        with self._write_lock, self._engine.begin() as conn:
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

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
                logger.debug("Database still unreachable: %s", _one_line(exc))
                continue
            self._available = True
            logger.warning("Database is back; memory is on again.")
            for callback in self._on_reconnect:
                result = callback()
                if asyncio.iscoroutine(result):
                    await result
            return

    async def _in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def _run(self, work: Callable[[sa.Connection], T], *, write: bool = False) -> T:
        """Run ``work`` in a transaction on the pool.

        Connection loss and transient errors (locks, timeouts) raise DatabaseUnavailable,
        which callers retry later; a statement the database rejects for good raises
        DatabaseError, so one bad row cannot block a retry queue forever.
        """
        if not self._available or self._engine is None:
            raise DatabaseUnavailable("database is not connected")
        engine = self._engine

        def job() -> T:
            if write and self.dialect_name == "sqlite":
                with self._write_lock, engine.begin() as conn:
                    return work(conn)
            with engine.begin() as conn:
                return work(conn)

        try:
            if write and self.dialect_name == "sqlite":
                async with self._write_turn:
                    return await self._in_thread(job)
            return await self._in_thread(job)
        except (sa.exc.OperationalError, sa.exc.InterfaceError) as exc:
            if exc.connection_invalidated or _is_connection_error(exc):
                logger.warning("Lost the database (%s); reconnecting in the background.", _one_line(exc))
                self._start_reconnecting()
            raise DatabaseUnavailable(_one_line(exc)) from exc
        except sa.exc.DBAPIError as exc:
            if exc.connection_invalidated:
                self._start_reconnecting()
                raise DatabaseUnavailable(_one_line(exc)) from exc
            raise DatabaseError(_one_line(exc)) from exc

    # ------------------------------------------------------------------ UserState
    async def load_user_states(self) -> list[UserStateRecord]:
        def work(conn: sa.Connection) -> list[UserStateRecord]:
            rows = conn.execute(sa.select(user_state)).all()
            return [
                UserStateRecord(
                    user_id=r.UserId,
                    offense_count=r.OffenseCount,
                    immune=bool(r.Immune),
                    off_topic_count=r.OffTopicCount,
                    baseline_coherence=r.BaselineCoherence,
                    toxicity_score=r.ToxicityScore,
                    user_notes=r.UserNotes or "",
                    warned=bool(r.Warned),
                    last_offense_at=r.LastOffenseAt,
                )
                for r in rows
            ]

        return await self._run(work)

    async def save_user_states(self, states: Sequence[UserStateRecord]) -> None:
        """Upsert many members' state in one transaction (UPDATE, then INSERT where missing)."""
        if not states:
            return
        now = utc_now()

        def work(conn: sa.Connection) -> None:
            for s in states:
                values = {
                    "OffenseCount": s.offense_count,
                    "Immune": s.immune,
                    "OffTopicCount": s.off_topic_count,
                    "BaselineCoherence": s.baseline_coherence,
                    "ToxicityScore": s.toxicity_score,
                    "UserNotes": s.user_notes or None,
                    "Warned": s.warned,
                    "LastOffenseAt": s.last_offense_at,
                    "UpdatedAt": now,
                }
                updated = conn.execute(sa.update(user_state).where(user_state.c.UserId == s.user_id).values(**values))
                if updated.rowcount == 0:
                    conn.execute(sa.insert(user_state).values(UserId=s.user_id, **values))

        await self._run(work, write=True)

    async def get_user_notes(self, user_id: int) -> str:
        def work(conn: sa.Connection) -> str:
            value = conn.execute(sa.select(user_state.c.UserNotes).where(user_state.c.UserId == user_id)).scalar()
            return value or ""

        return await self._run(work)

    # ------------------------------------------------------------------ LlmLog
    async def insert_llm_logs(self, records: Sequence[LlmCallRecord]) -> None:
        if not records:
            return
        rows = [
            {
                "Kind": r.kind[:40],
                "UserId": r.user_id,
                "Model": r.model[:100],
                "LatencyMs": r.latency_ms,
                "Success": r.success,
                "PromptTokens": r.prompt_tokens,
                "CompletionTokens": r.completion_tokens,
                "RequestExcerpt": _cut(r.request_excerpt, EXCERPT_MAX),
                "ResponseExcerpt": _cut(r.response_excerpt, EXCERPT_MAX),
                "Error": _cut(r.error, ERROR_MAX),
                "CreatedAt": r.created_at or utc_now(),
            }
            for r in records
        ]
        await self._run(lambda conn: conn.execute(sa.insert(llm_log), rows), write=True)

    # ------------------------------------------------------------------ UserMemory: reads
    async def get_recent_memories(
        self,
        user_id: int,
        limit: int | None = 5,
        *,
        scope: MemoryScope = MemoryScope.GLOBAL,
        now: datetime | None = None,
    ) -> list[MemoryRecord]:
        """Live memories of one member, newest first (all of them when ``limit`` is None).

        Expired and superseded rows are never returned. Retrieval calls this once per
        member with ``limit=None`` and ranks in Python: one round trip per message.
        """
        moment = now or utc_now()
        query = (
            sa.select(user_memory)
            .where(user_memory.c.UserId == user_id, _live(moment), _scope_filter(scope))
            .order_by(user_memory.c.CreatedAt.desc(), user_memory.c.Id.desc())
        )
        if limit is not None:
            query = query.limit(limit)

        def work(conn: sa.Connection) -> list[MemoryRecord]:
            return [_memory_from_row(r) for r in conn.execute(query)]

        return await self._run(work)

    # ------------------------------------------------------------------ UserMemory: writes
    async def save_memory(
        self,
        user_id: int,
        memory: str,
        topics: Sequence[str],
        importance: str,
        expires_at: datetime,
        source: str,
        *,
        guild_id: int | None = None,
        slot_key: str | None = None,
        cap: int = 50,
    ) -> int:
        """Insert one memory (cut to its columns) and enforce the member's cap; returns its id.

        The plan's raw write, kept for scripts and tests: it applies no dedup, trust or
        redaction. The bot itself writes through `MemoryStore`, which plans a batch
        with those rules and hands it to :meth:`apply_memory_batch`.
        """
        batch = MemoryBatch(
            user_id=user_id,
            inserts=[NewMemory(user_id, memory, tuple(topics), importance, expires_at, source, guild_id, slot_key)],
            cap=cap,
        )
        return (await self.apply_memory_batch(batch))[0]

    async def apply_memory_batch(self, batch: MemoryBatch, *, now: datetime | None = None) -> list[int]:
        """Apply forgets, supersessions, refreshes and inserts of one member, audit them, enforce the cap.

        Everything is scoped to ``batch.user_id`` in SQL, so an id of another member is
        simply not touched. Returns the ids of the inserted rows, in order.
        """
        moment = now or utc_now()

        def work(conn: sa.Connection) -> list[int]:
            audit: list[AuditEntry] = list(batch.audit)
            owned = user_memory.c.UserId == batch.user_id
            if batch.forget_ids:
                audit += self._forget_sync(conn, batch.user_id, batch.actor, user_memory.c.Id.in_(batch.forget_ids))
            if batch.supersede_ids:
                old = conn.execute(
                    sa.select(user_memory.c.Id, user_memory.c.Source).where(
                        owned, user_memory.c.Id.in_(batch.supersede_ids), user_memory.c.SupersededAt.is_(None)
                    )
                ).all()
                if old:
                    conn.execute(
                        sa.update(user_memory)
                        .where(owned, user_memory.c.Id.in_([o.Id for o in old]))
                        .values(SupersededAt=moment)
                    )
                audit += [AuditEntry("superseded", batch.user_id, batch.actor, o.Id, o.Source) for o in old]
            for refresh in batch.refreshes:
                changes: dict[str, Any] = {
                    "Memory": refresh.memory,
                    "Topics": join_topics(refresh.topics),
                    "ExpiresAt": refresh.expires_at,
                    "Importance": refresh.importance,
                }
                if refresh.source is not None:
                    changes["Source"] = refresh.source
                if refresh.slot_key is not None:
                    changes["SlotKey"] = refresh.slot_key
                done = conn.execute(
                    sa.update(user_memory).where(owned, user_memory.c.Id == refresh.memory_id).values(**changes)
                )
                if done.rowcount:
                    audit.append(AuditEntry("refreshed", batch.user_id, batch.actor, refresh.memory_id))
            inserted: list[int] = []
            for new in batch.inserts:
                new_id = self._insert_memory(conn, batch.user_id, new, moment)
                inserted.append(new_id)
                audit.append(AuditEntry("saved", batch.user_id, batch.actor, new_id, new.source[:SOURCE_MAX]))
            if batch.inserts:
                audit += self._prune_excess_sync(conn, batch.user_id, batch.cap, moment)
            self._write_audit(conn, audit, moment)
            return inserted

        return await self._run(work, write=True)

    @staticmethod
    def _insert_memory(conn: sa.Connection, user_id: int, new: NewMemory, created_at: datetime) -> int:
        """Insert one memory of ``user_id`` (cut to its columns); returns its id."""
        result = conn.execute(
            sa.insert(user_memory).values(
                UserId=user_id,
                Memory=new.memory[:MEMORY_TEXT_MAX],
                Topics=join_topics(new.topics),
                Importance=new.importance[:IMPORTANCE_MAX],
                ExpiresAt=new.expires_at,
                Source=new.source[:SOURCE_MAX],
                CreatedAt=created_at,
                GuildId=new.guild_id,
                SlotKey=_cut(new.slot_key, SLOT_KEY_MAX),
            )
        )
        return int(result.inserted_primary_key[0])

    async def prune_excess_memories(self, user_id: int, max_memories: int = 50) -> int:
        """Keep at most ``max_memories`` rows for a member: superseded first, then low importance, then oldest."""
        moment = utc_now()

        def work(conn: sa.Connection) -> int:
            pruned = self._prune_excess_sync(conn, user_id, max_memories, moment)
            self._write_audit(conn, pruned, moment)
            return len(pruned)

        return await self._run(work, write=True)

    @staticmethod
    def _prune_excess_sync(conn: sa.Connection, user_id: int, cap: int, now: datetime) -> list[AuditEntry]:
        rows = conn.execute(
            sa.select(
                user_memory.c.Id,
                user_memory.c.Importance,
                user_memory.c.CreatedAt,
                user_memory.c.Source,
                user_memory.c.SupersededAt,
            ).where(user_memory.c.UserId == user_id, user_memory.c.ExpiresAt > now)
        ).all()
        if len(rows) <= cap:
            return []
        doomed = _beyond_cap(rows, cap)
        ids = [r.Id for r in doomed]
        for start in range(0, len(ids), DELETE_CHUNK_IDS):
            chunk = ids[start : start + DELETE_CHUNK_IDS]
            conn.execute(sa.delete(user_memory).where(user_memory.c.UserId == user_id, user_memory.c.Id.in_(chunk)))
        return [AuditEntry("pruned_cap", user_id, "system", r.Id, r.Source) for r in doomed]

    async def prune_expired_memories(self, *, now: datetime | None = None, batch_rows: int = PRUNE_BATCH_ROWS) -> int:
        """Delete every expired memory, in small batches so chat keeps its share of the database.

        Batches walk the table in Id order from where the last one stopped (keyset), so
        each is a short range read whose deletes share pages; restarting from the
        lowest Id every batch rescanned the live rows each time (quadratic).
        """
        moment = now or utc_now()

        def one_batch(after: int) -> Callable[[sa.Connection], tuple[int, int]]:
            query = (
                sa.select(user_memory.c.Id, user_memory.c.UserId, user_memory.c.Source)
                .where(user_memory.c.ExpiresAt <= moment, user_memory.c.Id > after)
                .order_by(user_memory.c.Id)
                .limit(batch_rows)
            )

            def work(conn: sa.Connection) -> tuple[int, int]:
                rows = conn.execute(query).all()
                if not rows:
                    return 0, after
                conn.execute(sa.delete(user_memory).where(user_memory.c.Id.in_([r.Id for r in rows])))
                self._write_audit(
                    conn, [AuditEntry("pruned_expired", r.UserId, "system", r.Id, r.Source) for r in rows], moment
                )
                return len(rows), rows[-1].Id

            return work

        total, after = 0, 0
        while True:
            deleted, after = await self._run(one_batch(after), write=True)
            total += deleted
            if deleted < batch_rows:
                return total
            await asyncio.sleep(0)

    @staticmethod
    def _forget_sync(
        conn: sa.Connection, user_id: int, actor: str, which: sa.ColumnElement[bool], *, with_old_versions: bool = True
    ) -> list[AuditEntry]:
        """Delete a member's rows matching ``which`` and (by default) the superseded versions of their slots.

        Deletes by predicate rather than by a list of ids, so erasing a member with
        thousands of rows stays within SQL Server's 2100-parameter limit.
        """
        owned = user_memory.c.UserId == user_id
        columns = (user_memory.c.Id, user_memory.c.Source, user_memory.c.SlotKey)
        gone = conn.execute(sa.select(*columns).where(owned, which)).all()
        slots = {g.SlotKey for g in gone if g.SlotKey}
        if with_old_versions and slots:
            which = sa.or_(which, sa.and_(user_memory.c.SlotKey.in_(slots), user_memory.c.SupersededAt.is_not(None)))
            gone = conn.execute(sa.select(*columns).where(owned, which)).all()
        if gone:
            conn.execute(sa.delete(user_memory).where(owned, which))
        return [AuditEntry("forgotten", user_id, actor, g.Id, g.Source) for g in gone]

    # ------------------------------------------------------------------ memory control (see, forget, opt out)
    async def get_all_memories(self, user_id: int) -> list[MemoryRecord]:
        """Every row stored for a member — live, superseded or expired-not-yet-pruned — oldest first."""
        query = sa.select(user_memory).where(user_memory.c.UserId == user_id).order_by(user_memory.c.Id)
        return await self._run(lambda conn: [_memory_from_row(r) for r in conn.execute(query)])

    async def forget_memories(
        self, user_id: int, *, actor: str, since: datetime | None = None, scope: MemoryScope = MemoryScope.GLOBAL
    ) -> int:
        """Delete a member's memories (within ``scope``), or only those learned since ``since``; returns how many.

        With ``since``, rows that something learned in the window superseded are live
        again: taking back the new value brings back the old one.
        """
        which = _scope_filter(scope) if since is None else sa.and_(_scope_filter(scope), user_memory.c.CreatedAt >= since)
        moment = utc_now()

        def work(conn: sa.Connection) -> int:
            if since is not None:
                conn.execute(
                    sa.update(user_memory)
                    .where(user_memory.c.UserId == user_id, _scope_filter(scope), user_memory.c.SupersededAt >= since)
                    .values(SupersededAt=None)
                )
            audit = self._forget_sync(conn, user_id, actor, which, with_old_versions=since is None)
            self._write_audit(conn, audit, moment)
            return len(audit)

        return await self._run(work, write=True)

    async def erase_member(self, user_id: int, *, actor: str, action: str) -> int:
        """Remove everything remembered about a member in one transaction; returns the memories deleted.

        Memories (superseded ones too), the profile, its history and any notes backup
        go; the excerpts of their LlmLog rows are blanked. The audit keeps what happened, never the content.
        """
        moment = utc_now()

        def work(conn: sa.Connection) -> int:
            audit = self._forget_sync(conn, user_id, actor, sa.true())
            conn.execute(sa.delete(profile_history).where(profile_history.c.UserId == user_id))
            conn.execute(sa.delete(notes_backup).where(notes_backup.c.UserId == user_id))
            conn.execute(
                sa.update(user_state).where(user_state.c.UserId == user_id).values(UserNotes=None, UpdatedAt=moment)
            )
            conn.execute(
                sa.update(llm_log).where(llm_log.c.UserId == user_id).values(RequestExcerpt=None, ResponseExcerpt=None)
            )
            self._write_audit(conn, [*audit, AuditEntry(action, user_id, actor)], moment)
            return len(audit)

        return await self._run(work, write=True)

    async def record_profile_change(self, user_id: int, previous: str) -> None:
        """Keep the profile as it was before a change, so `/memory forget recent` can restore it."""
        await self._run(
            lambda conn: conn.execute(
                sa.insert(profile_history).values(UserId=user_id, PreviousProfile=previous[:500], ChangedAt=utc_now())
            ),
            write=True,
        )

    async def take_back_profile(self, user_id: int, since: datetime) -> str | None:
        """The profile as it was at ``since`` if it changed after that (history rows consumed), else None."""

        def work(conn: sa.Connection) -> str | None:
            window = sa.and_(profile_history.c.UserId == user_id, profile_history.c.ChangedAt >= since)
            first = conn.execute(
                sa.select(profile_history.c.PreviousProfile).where(window).order_by(profile_history.c.Id).limit(1)
            ).first()
            if first is None:
                return None
            conn.execute(sa.delete(profile_history).where(window))
            return first.PreviousProfile or ""

        return await self._run(work, write=True)

    async def get_profile_history(self, user_id: int) -> list[tuple[str, datetime]]:
        """Earlier profiles of a member with when each was replaced, oldest first (for export)."""
        query = (
            sa.select(profile_history.c.PreviousProfile, profile_history.c.ChangedAt)
            .where(profile_history.c.UserId == user_id)
            .order_by(profile_history.c.Id)
        )
        return await self._run(lambda conn: [(r.PreviousProfile or "", r.ChangedAt) for r in conn.execute(query)])

    async def get_notes_backup(self, user_id: int) -> str | None:
        """The notes a migration replaced, if one did (for export)."""
        query = sa.select(notes_backup.c.Notes).where(notes_backup.c.UserId == user_id)
        return await self._run(lambda conn: conn.execute(query).scalar())

    async def load_memory_preferences(self) -> list[MemoryPreferenceRecord]:
        def work(conn: sa.Connection) -> list[MemoryPreferenceRecord]:
            rows = conn.execute(sa.select(memory_preference)).all()
            return [MemoryPreferenceRecord(r.UserId, bool(r.OptedOut), r.PausedUntil) for r in rows]

        return await self._run(work)

    async def save_memory_preference(self, pref: MemoryPreferenceRecord, *, audit: AuditEntry | None = None) -> None:
        moment = utc_now()
        values = {"OptedOut": pref.opted_out, "PausedUntil": pref.paused_until, "UpdatedAt": moment}

        def work(conn: sa.Connection) -> None:
            updated = conn.execute(
                sa.update(memory_preference).where(memory_preference.c.UserId == pref.user_id).values(**values)
            )
            if updated.rowcount == 0:
                conn.execute(sa.insert(memory_preference).values(UserId=pref.user_id, **values))
            if audit is not None:
                self._write_audit(conn, [audit], moment)

        await self._run(work, write=True)

    async def get_audit(self, user_id: int) -> list[AuditRecord]:
        query = sa.select(memory_audit).where(memory_audit.c.UserId == user_id).order_by(memory_audit.c.Id)
        return await self._run(
            lambda conn: [AuditRecord(r.Action, r.MemoryId, r.Source, r.Actor, r.CreatedAt) for r in conn.execute(query)]
        )

    # ------------------------------------------------------------------ tools: health check, notes migration (scripts/)
    async def ping(self) -> bool:
        """Whether the database answers a trivial query; never migrates, so it can run beside the bot (Docker HEALTHCHECK)."""

        def probe() -> None:
            if self._engine is None:
                self._engine = create_engine_for(self.url, 1)
            with self._engine.connect() as conn:
                conn.execute(sa.select(sa.literal(1))).scalar_one()

        try:
            await self._in_thread(probe)
        except Exception as exc:  # noqa: BLE001 - any driver error means "not answering"
            self.last_error = _one_line(exc)
            return False
        return True

    async def get_all_user_notes(self) -> dict[int, str | None]:
        """Every member's raw ``UserNotes`` by id (NULL stays None): what the one-time migration reads."""
        query = sa.select(user_state.c.UserId, user_state.c.UserNotes).order_by(user_state.c.UserId)
        return await self._run(lambda conn: {r.UserId: r.UserNotes for r in conn.execute(query)})

    async def get_notes_backups(self) -> dict[int, str | None]:
        """The notes kept by the migration before it overwrote them, by member id."""
        query = sa.select(notes_backup.c.UserId, notes_backup.c.Notes).order_by(notes_backup.c.UserId)
        return await self._run(lambda conn: {r.UserId: r.Notes for r in conn.execute(query)})

    async def migrate_user_notes(
        self,
        user_id: int,
        old_notes: str,
        profile: str,
        memories: Sequence[tuple[datetime, NewMemory]] = (),
        *,
        actor: str = "migration",
        cap: int = 50,
        now: datetime | None = None,
    ) -> bool:
        """Replace a member's legacy notes by ``profile``, keeping the old notes in NotesBackup first.

        One transaction: the backup, the new profile and the migrated memories (each
        ``(observed_at, memory)``, stored with the time it was observed) land together or
        not at all. Compare-and-set: ``False`` and nothing written when the member already
        has a backup or their notes are no longer ``old_notes`` (the bot changed them
        meanwhile), so the caller never overwrites what it did not read. (SQL Server's
        ``=`` ignores trailing spaces and, in the default collation, case; the bot only
        ever appends lines, which the check sees.)
        """
        moment = now or utc_now()

        def work(conn: sa.Connection) -> bool:
            backed_up = conn.execute(sa.select(notes_backup.c.UserId).where(notes_backup.c.UserId == user_id)).first()
            if backed_up is not None:
                return False
            updated = conn.execute(
                sa.update(user_state)
                .where(user_state.c.UserId == user_id, user_state.c.UserNotes == old_notes)
                .values(UserNotes=profile, UpdatedAt=moment)
            )
            if updated.rowcount == 0:
                return False
            conn.execute(sa.insert(notes_backup).values(UserId=user_id, Notes=old_notes, BackedUpAt=moment))
            audit: list[AuditEntry] = []
            for observed_at, new in memories:
                new_id = self._insert_memory(conn, user_id, new, observed_at)
                audit.append(AuditEntry("saved", user_id, actor, new_id, new.source[:SOURCE_MAX]))
            if memories:
                audit += self._prune_excess_sync(conn, user_id, cap, moment)
            self._write_audit(conn, audit, moment)
            return True

        return await self._run(work, write=True)

    async def rollback_notes_migration(self, *, source: str = "migration", actor: str = "migration") -> tuple[int, int]:
        """Put every backed-up member's old notes back, byte for byte, and drop their ``source`` memories.

        One transaction. A member whose notes were erased since (NULL: they asked to be
        forgotten) gets nothing back; their backup is dropped all the same. Returns
        ``(restored, dropped)``.
        """
        moment = utc_now()

        def work(conn: sa.Connection) -> tuple[int, int]:
            restored = dropped = 0
            audit: list[AuditEntry] = []
            for backup in conn.execute(sa.select(notes_backup.c.UserId, notes_backup.c.Notes)).all():
                put_back = conn.execute(
                    sa.update(user_state)
                    .where(user_state.c.UserId == backup.UserId, user_state.c.UserNotes.is_not(None))
                    .values(UserNotes=backup.Notes, UpdatedAt=moment)
                )
                if put_back.rowcount:
                    restored += 1
                    audit += self._forget_sync(conn, backup.UserId, actor, user_memory.c.Source == source)
                else:
                    dropped += 1
                conn.execute(sa.delete(notes_backup).where(notes_backup.c.UserId == backup.UserId))
            self._write_audit(conn, audit, moment)
            return restored, dropped

        return await self._run(work, write=True)

    # ------------------------------------------------------------------ MemoryAudit
    async def write_audit(self, entries: Sequence[AuditEntry]) -> None:
        if entries:
            moment = utc_now()
            await self._run(lambda conn: self._write_audit(conn, entries, moment), write=True)

    @staticmethod
    def _write_audit(conn: sa.Connection, entries: Sequence[AuditEntry], now: datetime) -> None:
        if not entries:
            return
        conn.execute(
            sa.insert(memory_audit),
            [
                {
                    "Action": e.action[:30],
                    "UserId": e.user_id,
                    "MemoryId": e.memory_id,
                    "Source": _cut(e.source, SOURCE_MAX),
                    "Actor": e.actor[:40],
                    "CreatedAt": now,
                }
                for e in entries
            ],
        )

    # ------------------------------------------------------------------ bulk work (seeding, imports, maintenance)
    async def bulk_insert_memories(self, records: Sequence[MemoryRecord], *, chunk_rows: int = BULK_CHUNK_ROWS) -> int:
        """Insert many memory rows as they are, in one transaction of executemany chunks; returns how many.

        For seeding benchmark data and imports: the records' ids are ignored (the database
        numbers the rows) and nothing is deduplicated, capped or audited — the memory
        service does that for what members say.
        """
        rows = [
            {
                "UserId": r.user_id,
                "Memory": r.memory[:MEMORY_TEXT_MAX],
                "Topics": join_topics(r.topics),
                "Importance": r.importance[:IMPORTANCE_MAX],
                "ExpiresAt": r.expires_at,
                "Source": r.source[:SOURCE_MAX],
                "CreatedAt": r.created_at,
                "GuildId": r.guild_id,
                "SlotKey": _cut(r.slot_key, SLOT_KEY_MAX),
                "SupersededAt": r.superseded_at,
            }
            for r in records
        ]

        def work(conn: sa.Connection) -> int:
            for start in range(0, len(rows), chunk_rows):
                conn.execute(sa.insert(user_memory), rows[start : start + chunk_rows])
            return len(rows)

        return await self._run(work, write=True) if rows else 0

    async def count_memories(self, *, now: datetime | None = None) -> tuple[int, int]:
        """``(live, expired)`` row counts of the whole UserMemory table (superseded rows are neither)."""
        moment = now or utc_now()
        expired = user_memory.c.ExpiresAt <= moment
        query = sa.select(
            sa.func.coalesce(sa.func.sum(sa.case((_live(moment), 1), else_=0)), 0),
            sa.func.coalesce(sa.func.sum(sa.case((expired, 1), else_=0)), 0),
        ).select_from(user_memory)
        live, gone = await self._run(lambda conn: conn.execute(query).one())
        return int(live), int(gone)

    async def prune_all_excess_memories(
        self, max_memories: int = 50, *, batch_members: int = CAP_BATCH_MEMBERS, now: datetime | None = None
    ) -> int:
        """Enforce the per-member cap for every member, ``batch_members`` members per transaction.

        Same order as :meth:`prune_excess_memories` (superseded, then low importance, then
        oldest go first), audited as ``pruned_cap``. One short transaction per batch and
        a yield between batches keep chat answering while it runs; returns rows deleted.
        """
        moment = now or utc_now()
        members_over = (
            sa.select(user_memory.c.UserId)
            .where(user_memory.c.ExpiresAt > moment)
            .group_by(user_memory.c.UserId)
            .having(sa.func.count() > max_memories)
            .order_by(user_memory.c.UserId)
        )
        over = await self._run(lambda conn: list(conn.execute(members_over).scalars()))

        def one_batch(members: list[int]) -> Callable[[sa.Connection], int]:
            def work(conn: sa.Connection) -> int:
                rows = conn.execute(
                    sa.select(
                        user_memory.c.Id,
                        user_memory.c.UserId,
                        user_memory.c.Importance,
                        user_memory.c.CreatedAt,
                        user_memory.c.Source,
                        user_memory.c.SupersededAt,
                    ).where(user_memory.c.UserId.in_(members), user_memory.c.ExpiresAt > moment)
                ).all()
                by_member: dict[int, list[sa.Row[Any]]] = {}
                for row in rows:
                    by_member.setdefault(row.UserId, []).append(row)
                doomed = [r for member_rows in by_member.values() for r in _beyond_cap(member_rows, max_memories)]
                for start in range(0, len(doomed), DELETE_CHUNK_IDS):
                    chunk = [r.Id for r in doomed[start : start + DELETE_CHUNK_IDS]]
                    conn.execute(sa.delete(user_memory).where(user_memory.c.Id.in_(chunk)))
                self._write_audit(conn, [AuditEntry("pruned_cap", r.UserId, "system", r.Id, r.Source) for r in doomed], moment)
                return len(doomed)

            return work

        total = 0
        for start in range(0, len(over), batch_members):
            total += await self._run(one_batch(over[start : start + batch_members]), write=True)
            await asyncio.sleep(0)
        return total


def _is_connection_error(exc: sa.exc.DBAPIError) -> bool:
    text = str(exc.orig).lower()
    return any(word in text for word in ("unable to open", "connection", "disk i/o", "communication link"))


def _one_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]
