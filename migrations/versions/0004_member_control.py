"""The member's control row, for several bot processes on one database.

`MemoryPreference` gains `WriteVersion` (claimed by every write of the member's
memory), `EraseEpoch` (moved by every erasure, opt-out and pause) and `ChangeSeq`
(the order in which processes see changes: ROWVERSION on SQL Server, a counter on
SQLite), indexed so a poll for "what changed since N" is a short range read.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mssql

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    on_sql_server = op.get_context().dialect.name == "mssql"
    if on_sql_server and _on_babelfish():
        # Babelfish refuses a ROWVERSION column unless this session allows it (its values are transaction ids,
        # not SQL Server's counter: `utils.storage.control` polls accordingly). Set here, no operator has to.
        op.execute("EXEC sp_babelfish_configure 'escape_hatch_rowversion', 'ignore'")
    sequence: sa.Column[object] = sa.Column("ChangeSeq", mssql.ROWVERSION(), nullable=False)
    if not on_sql_server:
        sequence = sa.Column("ChangeSeq", sa.BigInteger(), nullable=False, server_default="0")
    with op.batch_alter_table("MemoryPreference") as batch:
        batch.add_column(sa.Column("WriteVersion", sa.BigInteger(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("EraseEpoch", sa.BigInteger(), nullable=False, server_default="0"))
        batch.add_column(sequence)
    op.create_index("IX_MemoryPreference_ChangeSeq", "MemoryPreference", ["ChangeSeq"])


def _on_babelfish() -> bool:
    """Whether the T-SQL engine is Babelfish for PostgreSQL (offline, for a SQL script: no)."""
    if op.get_context().as_sql:
        return False
    return op.get_bind().exec_driver_sql("SELECT CAST(SERVERPROPERTY('Babelfish') AS int)").scalar() == 1


def downgrade() -> None:
    op.drop_index("IX_MemoryPreference_ChangeSeq", table_name="MemoryPreference")
    with op.batch_alter_table("MemoryPreference") as batch:
        batch.drop_column("ChangeSeq")
        batch.drop_column("EraseEpoch")
        batch.drop_column("WriteVersion")
