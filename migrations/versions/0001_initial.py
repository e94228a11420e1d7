"""Initial schema: UserState, LlmLog, UserMemory and the memory-control tables.

Existing deployments of the bot already have some of these tables (the old code
created UserState, LlmLog and, once memory was added, UserMemory itself). So this
revision adopts what it finds: a missing table is created, an existing one gets
only its missing columns and indexes, and an old LlmLog whose columns do not match
is kept as LlmLog_legacy. Offline (`--sql`) it renders the plain CREATE statements.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from utils.storage.schema import IdType, UtcDateTime, utcnow

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


_EXISTING: dict[str, sa.engine.Inspector] = {}
"""Tables the database already had when this revision started (empty offline)."""


def _existing() -> dict[str, sa.engine.Inspector]:
    if op.get_context().as_sql:
        return {}
    inspector = sa.inspect(op.get_bind())
    return dict.fromkeys(inspector.get_table_names(), inspector)


def create_table(name: str, *columns: sa.Column) -> None:
    """CREATE TABLE, or ADD COLUMN for each column an existing table of that name lacks."""
    inspector = _EXISTING.get(name)
    if inspector is None:
        op.create_table(name, *columns)
        return
    present = {c["name"].lower() for c in inspector.get_columns(name)}
    with op.batch_alter_table(name) as batch:
        for column in columns:
            if column.name.lower() not in present:
                batch.add_column(column)


def create_index(name: str, table: str, columns: list[str]) -> None:
    """CREATE INDEX unless the table already has it: by name, or an index on the same columns.

    Babelfish reports an index under an internal name (ours plus a suffix), so the name alone
    would miss it there and the CREATE would fail on an index that exists.
    """
    inspector = _EXISTING.get(table)
    if inspector is not None:
        wanted = [c.lower() for c in columns]
        for index in inspector.get_indexes(table):
            known = str(index["name"]).lower()
            if known == name.lower() or [str(c).lower() for c in index["column_names"]] == wanted:
                return
    op.create_index(name, table, columns)


def _rename_table(old: str, new: str) -> None:
    """Keep a table's rows under a new name.

    On T-SQL engines a copy then a drop: Babelfish's sp_rename finds no table by name (SQL Server's
    would), and an archived legacy table needs its rows, not its indexes.
    """
    if op.get_context().dialect.name == "mssql":
        op.execute(f"SELECT * INTO [{new}] FROM [{old}]")
        op.drop_table(old)
    else:
        op.rename_table(old, new)


def upgrade() -> None:
    _EXISTING.clear()
    _EXISTING.update(_existing())
    legacy_log = _EXISTING.get("LlmLog")
    if legacy_log is not None and "kind" not in {c["name"].lower() for c in legacy_log.get_columns("LlmLog")}:
        _rename_table("LlmLog", "LlmLog_legacy")
        del _EXISTING["LlmLog"]
    create_table(
        "UserState",
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
    create_table(
        "LlmLog",
        sa.Column("Id", IdType, primary_key=True, autoincrement=True),
        sa.Column("Kind", sa.Unicode(40), nullable=False),
        sa.Column("UserId", sa.BigInteger, nullable=True),
        sa.Column("Model", sa.Unicode(100), nullable=False),
        sa.Column("LatencyMs", sa.Integer, nullable=False),
        sa.Column("Success", sa.Boolean, nullable=False),
        sa.Column("PromptTokens", sa.Integer, nullable=True),
        sa.Column("CompletionTokens", sa.Integer, nullable=True),
        sa.Column("RequestExcerpt", sa.Unicode(2000), nullable=True),
        sa.Column("ResponseExcerpt", sa.Unicode(2000), nullable=True),
        sa.Column("Error", sa.Unicode(1000), nullable=True),
        sa.Column("CreatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    )
    create_index("IX_LlmLog_CreatedAt", "LlmLog", ["CreatedAt"])
    create_index("IX_LlmLog_UserId", "LlmLog", ["UserId"])
    create_table(
        "UserMemory",
        sa.Column("Id", IdType, primary_key=True, autoincrement=True),
        sa.Column("UserId", sa.BigInteger, nullable=False),
        sa.Column("Memory", sa.Unicode(500), nullable=False),
        sa.Column("Topics", sa.Unicode(200), nullable=False),
        sa.Column("Importance", sa.Unicode(10), nullable=False),
        sa.Column("ExpiresAt", UtcDateTime, nullable=False),
        sa.Column("Source", sa.Unicode(20), nullable=False),
        sa.Column("CreatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
        sa.Column("GuildId", sa.BigInteger, nullable=True),
        sa.Column("SlotKey", sa.Unicode(40), nullable=True),
        sa.Column("SupersededAt", UtcDateTime, nullable=True),
    )
    create_index("IX_UserMemory_UserId", "UserMemory", ["UserId"])
    create_index("IX_UserMemory_ExpiresAt", "UserMemory", ["ExpiresAt"])
    create_table(
        "MemoryPreference",
        sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("OptedOut", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("PausedUntil", UtcDateTime, nullable=True),
        sa.Column("UpdatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    )
    create_table(
        "MemoryAudit",
        sa.Column("Id", IdType, primary_key=True, autoincrement=True),
        sa.Column("Action", sa.Unicode(30), nullable=False),
        sa.Column("UserId", sa.BigInteger, nullable=False),
        sa.Column("MemoryId", sa.BigInteger, nullable=True),
        sa.Column("Source", sa.Unicode(20), nullable=True),
        sa.Column("Actor", sa.Unicode(40), nullable=False),
        sa.Column("CreatedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    )
    create_index("IX_MemoryAudit_UserId", "MemoryAudit", ["UserId"])
    create_table(
        "ProfileHistory",
        sa.Column("Id", IdType, primary_key=True, autoincrement=True),
        sa.Column("UserId", sa.BigInteger, nullable=False),
        sa.Column("PreviousProfile", sa.Unicode(500), nullable=True),
        sa.Column("ChangedAt", UtcDateTime, nullable=False, server_default=utcnow()),
    )
    create_index("IX_ProfileHistory_UserId", "ProfileHistory", ["UserId"])
    create_table(
        "NotesBackup",
        sa.Column("UserId", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("Notes", sa.UnicodeText, nullable=True),
        sa.Column("BackedUpAt", UtcDateTime, nullable=False, server_default=utcnow()),
    )


def downgrade() -> None:
    for table in ("NotesBackup", "ProfileHistory", "MemoryAudit", "MemoryPreference", "UserMemory", "LlmLog", "UserState"):
        op.drop_table(table)
