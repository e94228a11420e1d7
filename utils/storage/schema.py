"""Table definitions shared by the storage functions and the Alembic migrations' autogenerate check.

Types are chosen so that SQL Server gets BIGINT / NVARCHAR / DATETIME2 / BIT and
SQLite gets types it auto-numbers and stores faithfully. Times are stored as naive
UTC (DATETIME2 has no zone); :class:`UtcDateTime` converts at the boundary so the
rest of the code only ever sees aware UTC datetimes.

Every column has a snake_case ``key`` equal to the field of its record
(`utils.storage.records`), so rows become records by key and adding a column
means editing this table and that record only. The SQL names never change
(existing SQL Server deployments).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import mssql
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

metadata = sa.MetaData()

MEMORY_TEXT_MAX = 500
TOPICS_MAX = 200
IMPORTANCE_MAX = 10
SOURCE_MAX = 20
SLOT_KEY_MAX = 40
PROFILE_MAX = 500
EXCERPT_MAX = 2000
ERROR_MAX = 1000
EMBEDDING_MODEL_MAX = 200
WAY_MAX = 20
ENDPOINT_MAX = 200
PROCESS_ID_MAX = 64
CASE_EXCERPT_MAX = 300
CASE_REASON_MAX = 500

Embedding = sa.LargeBinary().with_variant(mssql.VARBINARY("max"), "mssql")
"""A memory's embedding as float32 bytes: VARBINARY(MAX) on SQL Server, BLOB on SQLite."""

IdType = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
"""BIGINT IDENTITY on SQL Server; INTEGER PRIMARY KEY (rowid, auto-numbered) on SQLite."""


class utcnow(FunctionElement):  # noqa: N801 - reads like the SQL function it renders
    """Server-side 'now' in UTC: SYSUTCDATETIME() on SQL Server, CURRENT_TIMESTAMP on SQLite."""

    type = sa.DateTime()
    inherit_cache = True


@compiles(utcnow)
def _utcnow_default(element: utcnow, compiler: object, **kw: object) -> str:
    return "CURRENT_TIMESTAMP"


@compiles(utcnow, "mssql")
def _utcnow_mssql(element: utcnow, compiler: object, **kw: object) -> str:
    return "SYSUTCDATETIME()"


class byte_length(FunctionElement):  # noqa: N801 - reads like the SQL function it renders
    """Bytes in a binary value: DATALENGTH() on SQL Server (LEN() trims and counts characters), LENGTH() on SQLite."""

    type = sa.Integer()
    inherit_cache = True


@compiles(byte_length)
def _byte_length_default(element: byte_length, compiler: Any, **kw: Any) -> str:
    return f"length({compiler.process(element.clauses, **kw)})"


@compiles(byte_length, "mssql")
def _byte_length_mssql(element: byte_length, compiler: Any, **kw: Any) -> str:
    return f"DATALENGTH({compiler.process(element.clauses, **kw)})"


def cut_utf16(text: str, units: int) -> str:
    """Cut ``text`` to ``units`` UTF-16 code units: how SQL Server measures NVARCHAR(n).

    An emoji is one Python character but two units, so a plain ``text[:n]`` can still
    overflow the column (SQL Server 2019+ then refuses the whole statement). Measured
    by the codec, not char by char: this runs for every string bound to the database.
    """
    if len(text) * 2 <= units:
        return text
    encoded = text.encode("utf-16-le", "surrogatepass")
    if len(encoded) <= units * 2:
        return text
    cut = encoded[: units * 2]
    if 0xD800 <= int.from_bytes(cut[-2:], "little") <= 0xDBFF:
        cut = cut[:-2]
    return cut.decode("utf-16-le", "surrogatepass")


class BoundedUnicode(sa.TypeDecorator[str]):
    """NVARCHAR(n) that cuts what it is given to fit, so an over-long value never fails a write."""

    impl = sa.Unicode
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: sa.Dialect) -> str | None:
        if value is None or self.impl.length is None:
            return value
        return cut_utf16(value, self.impl.length)


class TopicList(sa.TypeDecorator[tuple[str, ...]]):
    """Topics as a tuple in Python, comma-separated NVARCHAR(n) in the table, cut at a tag boundary.

    Converting in the column type is what lets a row become a record by key alone.
    A plain string (a LIKE pattern, an already joined value) is bound as it is.
    """

    impl = sa.Unicode
    cache_ok = True

    def process_bind_param(self, value: object, dialect: sa.Dialect) -> str | None:
        if value is None:
            return None
        if isinstance(value, str):
            return cut_utf16(value, self.impl.length or len(value))
        return join_topics(value, self.impl.length or TOPICS_MAX)  # type: ignore[arg-type]

    def process_result_value(self, value: str | None, dialect: sa.Dialect) -> tuple[str, ...]:
        return split_topics(value)


def join_topics(topics: Iterable[str], units: int = TOPICS_MAX) -> str:
    """Topics are stored comma-separated, cut to the column at a tag boundary."""
    joined = ""
    for topic in topics:
        candidate = f"{joined},{topic}" if joined else topic
        if cut_utf16(candidate, units) != candidate:
            break
        joined = candidate
    return joined


def split_topics(raw: str | None) -> tuple[str, ...]:
    return tuple(t for t in (raw or "").split(",") if t)


class UtcDateTime(sa.TypeDecorator[datetime]):
    """DATETIME2 holding naive UTC; accepts and returns aware UTC datetimes."""

    impl = sa.DateTime
    cache_ok = True

    def load_dialect_impl(self, dialect: sa.Dialect) -> sa.types.TypeEngine[datetime]:
        if dialect.name == "mssql":
            return dialect.type_descriptor(mssql.DATETIME2())
        return dialect.type_descriptor(sa.DateTime())

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is not None:
            value = value.astimezone(UTC).replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class ChangeSequence(sa.TypeDecorator[int]):
    """A database-wide, ever-growing change number: ROWVERSION on SQL Server (the server stamps every
    update), BIGINT on SQLite (the writer sets it to the next number under the one write lock)."""

    impl = sa.BigInteger
    cache_ok = True

    def load_dialect_impl(self, dialect: sa.Dialect) -> sa.types.TypeEngine[int]:
        if dialect.name == "mssql":
            return dialect.type_descriptor(mssql.ROWVERSION(convert_int=True))  # type: ignore[arg-type]  # ints, as converted
        return dialect.type_descriptor(sa.BigInteger())

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> int:
        if isinstance(value, bytes | bytearray):
            return int.from_bytes(value, "big")
        return int(value or 0)


def _surrogate_id() -> sa.Column[int]:
    """``Id``, numbered by the database (IDENTITY on SQL Server): the key of a table of items or events."""
    return sa.Column("Id", IdType, primary_key=True, autoincrement=True, key="id")


def _member_key() -> sa.Column[int]:
    """``UserId`` as the key of a table with one row per member: a Discord id, never numbered by the database."""
    return sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False, key="user_id")


def _stamped(name: str, key: str) -> sa.Column[datetime]:
    """A UTC time the database stamps when the row is written, so no caller's clock decides it."""
    return sa.Column(name, UtcDateTime, nullable=False, server_default=utcnow(), key=key)


user_state = sa.Table(
    "UserState",
    metadata,
    _member_key(),
    sa.Column("OffenseCount", sa.Integer, nullable=False, server_default="0", key="offense_count"),
    sa.Column("Immune", sa.Boolean, nullable=False, server_default=sa.false(), key="immune"),
    sa.Column("OffTopicCount", sa.Integer, nullable=False, server_default="0", key="off_topic_count"),
    sa.Column("BaselineCoherence", sa.Float, nullable=False, server_default="0.85", key="baseline_coherence"),
    sa.Column("ToxicityScore", sa.Float, nullable=False, server_default="0", key="toxicity_score"),
    sa.Column("UserNotes", sa.UnicodeText, nullable=True, key="user_notes"),
    sa.Column("Warned", sa.Boolean, nullable=False, server_default=sa.false(), key="warned"),
    sa.Column("LastOffenseAt", UtcDateTime, nullable=True, key="last_offense_at"),
    _stamped("UpdatedAt", "updated_at"),
)

llm_log = sa.Table(
    "LlmLog",
    metadata,
    _surrogate_id(),
    sa.Column("Kind", BoundedUnicode(40), nullable=False, key="kind"),
    sa.Column("UserId", sa.BigInteger, nullable=True, key="user_id"),
    sa.Column("Model", BoundedUnicode(100), nullable=False, key="model"),
    sa.Column("LatencyMs", sa.Integer, nullable=False, key="latency_ms"),
    sa.Column("Success", sa.Boolean, nullable=False, key="success"),
    sa.Column("PromptTokens", sa.Integer, nullable=True, key="prompt_tokens"),
    sa.Column("CompletionTokens", sa.Integer, nullable=True, key="completion_tokens"),
    sa.Column("RequestExcerpt", BoundedUnicode(EXCERPT_MAX), nullable=True, key="request_excerpt"),
    sa.Column("ResponseExcerpt", BoundedUnicode(EXCERPT_MAX), nullable=True, key="response_excerpt"),
    sa.Column("Error", BoundedUnicode(ERROR_MAX), nullable=True, key="error"),
    _stamped("CreatedAt", "created_at"),
    sa.Column("Way", BoundedUnicode(WAY_MAX), nullable=True, key="way"),
    sa.Index("IX_LlmLog_CreatedAt", "created_at"),
    sa.Index("IX_LlmLog_UserId", "user_id"),
)

user_memory = sa.Table(
    "UserMemory",
    metadata,
    _surrogate_id(),
    sa.Column("UserId", sa.BigInteger, nullable=False, key="user_id"),
    sa.Column("Memory", BoundedUnicode(MEMORY_TEXT_MAX), nullable=False, key="memory"),
    sa.Column("Topics", TopicList(TOPICS_MAX), nullable=False, key="topics"),
    sa.Column("Importance", BoundedUnicode(IMPORTANCE_MAX), nullable=False, key="importance"),
    sa.Column("ExpiresAt", UtcDateTime, nullable=False, key="expires_at"),
    sa.Column("Source", BoundedUnicode(SOURCE_MAX), nullable=False, key="source"),
    _stamped("CreatedAt", "created_at"),
    sa.Column("GuildId", sa.BigInteger, nullable=True, key="guild_id"),
    sa.Column("SlotKey", BoundedUnicode(SLOT_KEY_MAX), nullable=True, key="slot_key"),
    sa.Column("SupersededAt", UtcDateTime, nullable=True, key="superseded_at"),
    sa.Column("Embedding", Embedding, nullable=True, key="embedding"),
    sa.Column("EmbeddingModel", BoundedUnicode(EMBEDDING_MODEL_MAX), nullable=True, key="embedding_model"),
    sa.Index("IX_UserMemory_UserId", "user_id"),
    sa.Index("IX_UserMemory_ExpiresAt", "expires_at"),
    sqlite_autoincrement=True,
)
"""SQLite AUTOINCREMENT: a deleted memory's id is never handed out again (SQL Server IDENTITY never reuses),
so `/memory forget 5` cannot hit a memory the member has not seen yet."""

memory_preference = sa.Table(
    "MemoryPreference",
    metadata,
    _member_key(),
    sa.Column("OptedOut", sa.Boolean, nullable=False, server_default=sa.false(), key="opted_out"),
    sa.Column("PausedUntil", UtcDateTime, nullable=True, key="paused_until"),
    _stamped("UpdatedAt", "updated_at"),
    sa.Column("WriteVersion", sa.BigInteger, nullable=False, server_default="0", key="write_version"),
    sa.Column("EraseEpoch", sa.BigInteger, nullable=False, server_default="0", key="erase_epoch"),
    sa.Column("ChangeSeq", ChangeSequence, nullable=False, key="change_seq"),
    sa.Index("IX_MemoryPreference_ChangeSeq", "change_seq"),
)
"""One row per member who has a say or a history: their opt-out and pause, and the member's *control row*
for several processes — ``WriteVersion`` (every write of the member's memory claims it), ``EraseEpoch``
(every erasure, opt-out and pause moves it) and ``ChangeSeq`` (a database-wide order of changes that the
processes poll: ROWVERSION on SQL Server, a counter taken under SQLite's one writer)."""

memory_audit = sa.Table(
    "MemoryAudit",
    metadata,
    _surrogate_id(),
    sa.Column("Action", BoundedUnicode(30), nullable=False, key="action"),
    sa.Column("UserId", sa.BigInteger, nullable=False, key="user_id"),
    sa.Column("MemoryId", sa.BigInteger, nullable=True, key="memory_id"),
    sa.Column("Source", BoundedUnicode(SOURCE_MAX), nullable=True, key="source"),
    sa.Column("Actor", BoundedUnicode(40), nullable=False, key="actor"),
    _stamped("CreatedAt", "created_at"),
    sa.Index("IX_MemoryAudit_UserId", "user_id"),
)

profile_history = sa.Table(
    "ProfileHistory",
    metadata,
    _surrogate_id(),
    sa.Column("UserId", sa.BigInteger, nullable=False, key="user_id"),
    sa.Column("PreviousProfile", BoundedUnicode(PROFILE_MAX), nullable=True, key="previous_profile"),
    _stamped("ChangedAt", "changed_at"),
    sa.Index("IX_ProfileHistory_UserId", "user_id"),
)

notes_backup = sa.Table(
    "NotesBackup",
    metadata,
    _member_key(),
    sa.Column("Notes", sa.UnicodeText, nullable=True, key="notes"),
    _stamped("BackedUpAt", "backed_up_at"),
)


llm_log_member = sa.Table(
    "LlmLogMember",
    metadata,
    sa.Column("LogId", IdType, sa.ForeignKey(llm_log.c.id, ondelete="CASCADE"), primary_key=True, key="log_id"),
    sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False, key="user_id"),
    sa.Index("IX_LlmLogMember_UserId", "user_id"),
)
"""The other members whose words an `LlmLog` row holds: the authors of a monitor batch, the channel context of a
chat call. Forgetting any of them blanks the row's excerpts, as it does for the row's own `UserId`."""

bot_process = sa.Table(
    "BotProcess",
    metadata,
    sa.Column("ProcessId", BoundedUnicode(PROCESS_ID_MAX), primary_key=True, key="process_id"),
    sa.Column("SeenChangeSeq", sa.BigInteger, nullable=False, server_default="0", key="seen_change_seq"),
    _stamped("SeenAt", "seen_at"),
)
"""Each running bot process and the newest member change it has acted on: an erasure's receipt says whether the
other processes have dropped what it took back, or will at their next poll."""

llm_tool_way = sa.Table(
    "LlmToolWay",
    metadata,
    sa.Column("Endpoint", BoundedUnicode(ENDPOINT_MAX), primary_key=True, key="endpoint"),
    sa.Column("Model", BoundedUnicode(100), primary_key=True, key="model"),
    sa.Column("Way", BoundedUnicode(WAY_MAX), nullable=True, key="way"),
    sa.Column("Refused", BoundedUnicode(100), nullable=False, server_default="", key="refused"),
    _stamped("UpdatedAt", "updated_at"),
)
"""Which way of getting tool arguments each model answers, so a restart does not probe the server again."""


moderation_case = sa.Table(
    "ModerationCase",
    metadata,
    _surrogate_id(),
    sa.Column("GuildId", sa.BigInteger, nullable=False, key="guild_id"),
    sa.Column("CaseNumber", sa.Integer, nullable=False, key="number"),
    sa.Column("UserId", sa.BigInteger, nullable=False, key="user_id"),
    sa.Column("Action", BoundedUnicode(20), nullable=False, key="action"),
    sa.Column("Category", BoundedUnicode(100), nullable=False, server_default="", key="category"),
    sa.Column("Reason", BoundedUnicode(CASE_REASON_MAX), nullable=False, key="reason"),
    sa.Column("Excerpt", BoundedUnicode(CASE_EXCERPT_MAX), nullable=True, key="excerpt"),
    sa.Column("State", BoundedUnicode(20), nullable=False, key="state"),
    sa.Column("DecidedBy", BoundedUnicode(40), nullable=False, key="decided_by"),
    sa.Column("ChannelId", sa.BigInteger, nullable=True, key="channel_id"),
    sa.Column("MessageId", sa.BigInteger, nullable=True, key="message_id"),
    sa.Column("TimeoutSeconds", sa.Integer, nullable=True, key="timeout_seconds"),
    sa.Column("Offenses", sa.Integer, nullable=False, server_default="1", key="offenses"),
    _stamped("CreatedAt", "created_at"),
    sa.Column("ExpiresAt", UtcDateTime, nullable=True, key="expires_at"),
    sa.Column("UndoneAt", UtcDateTime, nullable=True, key="undone_at"),
    sa.Column("UndoneBy", BoundedUnicode(40), nullable=True, key="undone_by"),
    sa.Index("UX_ModerationCase_GuildId_CaseNumber", "guild_id", "number", unique=True),
    sa.Index("IX_ModerationCase_GuildId_UserId", "guild_id", "user_id"),
    sa.Index("IX_ModerationCase_UserId", "user_id"),
    sqlite_autoincrement=True,
)
"""Every warning and timeout the monitor decided, as a case numbered per server: what, why, about which message,
and what became of it (acted, observed only, proposed to the moderators and then confirmed, dismissed or
expired; undone by a moderator). ``Excerpt`` is the member's words, screened; an erasure blanks it and keeps
the case."""

guild_setting = sa.Table(
    "GuildSetting",
    metadata,
    sa.Column("GuildId", sa.BigInteger, primary_key=True, autoincrement=False, key="guild_id"),
    sa.Column("Name", BoundedUnicode(40), primary_key=True, key="name"),
    sa.Column("Value", BoundedUnicode(400), nullable=True, key="value"),
    sa.Column("ChangedBy", BoundedUnicode(40), nullable=False, key="changed_by"),
    _stamped("UpdatedAt", "updated_at"),
    sa.Column("ChangeSeq", sa.BigInteger, nullable=False, server_default="0", key="change_seq"),
    sa.Index("IX_GuildSetting_ChangeSeq", "change_seq"),
)
"""A server's own value of a monitor or chat setting (NULL: back to the `.env` value, every server's default).
``ChangeSeq`` orders the changes, which every process polls as it polls members' control rows; writers take one
application lock, so the numbers commit in order and a poll never steps past one still being written."""


def record_columns(table: sa.Table, record_type: type) -> list[sa.Label[object]]:
    """The columns of ``table`` that ``record_type`` has fields for, labelled by key, so that
    ``record_type(**row._mapping)`` builds the record: one mapping for every table."""
    names = [f.name for f in dataclasses.fields(record_type)]
    return [table.c[name].label(name) for name in names if name in table.c]


def record_values(record: object, table: sa.Table, *, without: tuple[str, ...] = ()) -> dict[str, object]:
    """The record's fields that are columns of ``table`` (by key), for an INSERT or UPDATE."""
    return {
        f.name: getattr(record, f.name)
        for f in dataclasses.fields(record)  # type: ignore[arg-type]
        if f.name in table.c and f.name not in without
    }
