"""Who an LlmLog row is about beyond its own member, and which bot processes have seen which change.

- `LlmLogMember` (LogId, UserId): the other members whose words a row holds (a monitor batch's
  authors, a chat call's channel context), so forgetting any of them blanks that row too.
- `BotProcess` (ProcessId): each running process and the newest member change it has acted on,
  so an erasure's receipt can say whether the other processes have dropped what it took back.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from utils.storage.schema import IdType, UtcDateTime, utcnow

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "LlmLogMember",
        sa.Column("LogId", IdType, sa.ForeignKey("LlmLog.Id", ondelete="CASCADE"), nullable=False),
        sa.Column("UserId", sa.BigInteger, nullable=False, autoincrement=False),
        sa.PrimaryKeyConstraint("LogId", "UserId"),
    )
    op.create_index("IX_LlmLogMember_UserId", "LlmLogMember", ["UserId"])
    op.create_table(
        "BotProcess",
        sa.Column("ProcessId", sa.Unicode(64), nullable=False),
        sa.Column("SeenChangeSeq", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("SeenAt", UtcDateTime(), nullable=False, server_default=utcnow()),
        sa.PrimaryKeyConstraint("ProcessId"),
    )


def downgrade() -> None:
    op.drop_table("BotProcess")
    op.drop_index("IX_LlmLogMember_UserId", table_name="LlmLogMember")
    op.drop_table("LlmLogMember")
