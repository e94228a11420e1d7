"""Table definitions shared by `Database` and the Alembic migrations' autogenerate check.

Types are chosen so that SQL Server gets BIGINT / NVARCHAR / DATETIME2 / BIT and
SQLite gets types it auto-numbers and stores faithfully. Times are stored as naive
UTC (DATETIME2 has no zone); :class:`UtcDateTime` converts at the boundary so the
rest of the code only ever sees aware UTC datetimes.
"""

from __future__ import annotations

from datetime import UTC, datetime

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


user_state = sa.Table(
    "UserState",
    metadata,
    sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("OffenseCount", sa.Integer, nullable=False, server_default="0"),
    sa.Column("Immune", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("OffTopicCount", sa.Integer, nullable=False, server_default="0"),
    sa.Column("BaselineCoherence", sa.Float, nullable=False, server_default="0.85"),
    sa.Column("ToxicityScore", sa.Float, nullable=False, server_default="0"),
    sa.Column("UserNotes", sa.UnicodeText, nullable=True),
    sa.Column("Warned", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("LastOffenseAt", UtcDateTime, nullable=True),
    sa.Column("UpdatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
)

llm_log = sa.Table(
    "LlmLog",
    metadata,
    sa.Column("Id", IdType, primary_key=True, autoincrement=True),
    sa.Column("Kind", BoundedUnicode(40), nullable=False),
    sa.Column("UserId", sa.BigInteger, nullable=True),
    sa.Column("Model", BoundedUnicode(100), nullable=False),
    sa.Column("LatencyMs", sa.Integer, nullable=False),
    sa.Column("Success", sa.Boolean, nullable=False),
    sa.Column("PromptTokens", sa.Integer, nullable=True),
    sa.Column("CompletionTokens", sa.Integer, nullable=True),
    sa.Column("RequestExcerpt", BoundedUnicode(EXCERPT_MAX), nullable=True),
    sa.Column("ResponseExcerpt", BoundedUnicode(EXCERPT_MAX), nullable=True),
    sa.Column("Error", BoundedUnicode(ERROR_MAX), nullable=True),
    sa.Column("CreatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    sa.Index("IX_LlmLog_CreatedAt", "CreatedAt"),
    sa.Index("IX_LlmLog_UserId", "UserId"),
)

user_memory = sa.Table(
    "UserMemory",
    metadata,
    sa.Column("Id", IdType, primary_key=True, autoincrement=True),
    sa.Column("UserId", sa.BigInteger, nullable=False),
    sa.Column("Memory", BoundedUnicode(MEMORY_TEXT_MAX), nullable=False),
    sa.Column("Topics", BoundedUnicode(TOPICS_MAX), nullable=False),
    sa.Column("Importance", BoundedUnicode(IMPORTANCE_MAX), nullable=False),
    sa.Column("ExpiresAt", UtcDateTime, nullable=False),
    sa.Column("Source", BoundedUnicode(SOURCE_MAX), nullable=False),
    sa.Column("CreatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    sa.Column("GuildId", sa.BigInteger, nullable=True),
    sa.Column("SlotKey", BoundedUnicode(SLOT_KEY_MAX), nullable=True),
    sa.Column("SupersededAt", UtcDateTime, nullable=True),
    sa.Index("IX_UserMemory_UserId", "UserId"),
    sa.Index("IX_UserMemory_ExpiresAt", "ExpiresAt"),
)

memory_preference = sa.Table(
    "MemoryPreference",
    metadata,
    sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("OptedOut", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("PausedUntil", UtcDateTime, nullable=True),
    sa.Column("UpdatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
)

memory_audit = sa.Table(
    "MemoryAudit",
    metadata,
    sa.Column("Id", IdType, primary_key=True, autoincrement=True),
    sa.Column("Action", BoundedUnicode(30), nullable=False),
    sa.Column("UserId", sa.BigInteger, nullable=False),
    sa.Column("MemoryId", sa.BigInteger, nullable=True),
    sa.Column("Source", BoundedUnicode(SOURCE_MAX), nullable=True),
    sa.Column("Actor", BoundedUnicode(40), nullable=False),
    sa.Column("CreatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    sa.Index("IX_MemoryAudit_UserId", "UserId"),
)

profile_history = sa.Table(
    "ProfileHistory",
    metadata,
    sa.Column("Id", IdType, primary_key=True, autoincrement=True),
    sa.Column("UserId", sa.BigInteger, nullable=False),
    sa.Column("PreviousProfile", BoundedUnicode(PROFILE_MAX), nullable=True),
    sa.Column("ChangedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    sa.Index("IX_ProfileHistory_UserId", "UserId"),
)

notes_backup = sa.Table(
    "NotesBackup",
    metadata,
    sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("Notes", sa.UnicodeText, nullable=True),
    sa.Column("BackedUpAt", UtcDateTime, nullable=False, server_default=utcnow()),
)
