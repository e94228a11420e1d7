"""`ModerationCase`: every warning and timeout of the behaviour monitor as a case numbered per server.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-04
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from utils.storage.schema import IdType, UtcDateTime, utcnow

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # SQLite AUTOINCREMENT, as UserMemory: a case id (in a button's custom_id) is never handed out twice.
    kwargs: dict[str, Any] = {"sqlite_autoincrement": True}
    op.create_table(
        "ModerationCase",
        sa.Column("Id", IdType, primary_key=True, autoincrement=True),
        sa.Column("GuildId", sa.BigInteger, nullable=False),
        sa.Column("CaseNumber", sa.Integer, nullable=False),
        sa.Column("UserId", sa.BigInteger, nullable=False),
        sa.Column("Action", sa.Unicode(20), nullable=False),
        sa.Column("Category", sa.Unicode(100), nullable=False, server_default=""),
        sa.Column("Reason", sa.Unicode(500), nullable=False),
        sa.Column("Excerpt", sa.Unicode(300), nullable=True),
        sa.Column("State", sa.Unicode(20), nullable=False),
        sa.Column("DecidedBy", sa.Unicode(40), nullable=False),
        sa.Column("ChannelId", sa.BigInteger, nullable=True),
        sa.Column("MessageId", sa.BigInteger, nullable=True),
        sa.Column("TimeoutSeconds", sa.Integer, nullable=True),
        sa.Column("Offenses", sa.Integer, nullable=False, server_default="1"),
        sa.Column("CreatedAt", UtcDateTime(), nullable=False, server_default=utcnow()),
        sa.Column("ExpiresAt", UtcDateTime(), nullable=True),
        sa.Column("UndoneAt", UtcDateTime(), nullable=True),
        sa.Column("UndoneBy", sa.Unicode(40), nullable=True),
        **kwargs,
    )
    op.create_index("UX_ModerationCase_GuildId_CaseNumber", "ModerationCase", ["GuildId", "CaseNumber"], unique=True)
    op.create_index("IX_ModerationCase_GuildId_UserId", "ModerationCase", ["GuildId", "UserId"])
    op.create_index("IX_ModerationCase_UserId", "ModerationCase", ["UserId"])


def downgrade() -> None:
    op.drop_index("IX_ModerationCase_UserId", table_name="ModerationCase")
    op.drop_index("IX_ModerationCase_GuildId_UserId", table_name="ModerationCase")
    op.drop_index("UX_ModerationCase_GuildId_CaseNumber", table_name="ModerationCase")
    op.drop_table("ModerationCase")
