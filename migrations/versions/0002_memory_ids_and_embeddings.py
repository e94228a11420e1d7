"""UserMemory: ids never reused on SQLite, and room for an embedding per memory.

- SQLite hands a deleted row's id to the next insert unless the table says
  AUTOINCREMENT, so `/memory forget 5` could hit a memory the member never saw. The
  table is rebuilt (batch mode, rows and ids kept) with AUTOINCREMENT, and its
  sequence starts above every id the audit ever recorded, so even an id deleted
  before this revision is not handed out again. SQL Server's IDENTITY never reuses.
- `Embedding` (float32 bytes; VARBINARY(MAX) on SQL Server) and `EmbeddingModel`
  (which model made it), both nullable: retrieval fills them in the background.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mssql

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

EMBEDDING = sa.LargeBinary().with_variant(mssql.VARBINARY("max"), "mssql")


def upgrade() -> None:
    sqlite = op.get_context().dialect.name == "sqlite"
    kwargs: dict[str, Any] = {"recreate": "always", "table_kwargs": {"sqlite_autoincrement": True}} if sqlite else {}
    with op.batch_alter_table("UserMemory", **kwargs) as batch:
        batch.add_column(sa.Column("Embedding", EMBEDDING, nullable=True))
        batch.add_column(sa.Column("EmbeddingModel", sa.Unicode(200), nullable=True))
    if sqlite and not op.get_context().as_sql:
        op.execute(
            "INSERT INTO sqlite_sequence (name, seq) SELECT 'UserMemory', 0 "
            "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'UserMemory')"
        )
        op.execute(
            "UPDATE sqlite_sequence SET seq = MAX(seq, "
            "COALESCE((SELECT MAX(Id) FROM UserMemory), 0), COALESCE((SELECT MAX(MemoryId) FROM MemoryAudit), 0)) "
            "WHERE name = 'UserMemory'"
        )


def downgrade() -> None:
    with op.batch_alter_table("UserMemory") as batch:
        batch.drop_column("EmbeddingModel")
        batch.drop_column("Embedding")
