"""`GuildSetting`: a server's own values of the monitor's and chat's settings, polled by every process.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from utils.storage.schema import UtcDateTime, utcnow

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "GuildSetting",
        sa.Column("GuildId", sa.BigInteger, nullable=False, autoincrement=False),
        sa.Column("Name", sa.Unicode(40), nullable=False),
        sa.Column("Value", sa.Unicode(400), nullable=True),
        sa.Column("ChangedBy", sa.Unicode(40), nullable=False),
        sa.Column("UpdatedAt", UtcDateTime(), nullable=False, server_default=utcnow()),
        sa.Column("ChangeSeq", sa.BigInteger, nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("GuildId", "Name"),
    )
    op.create_index("IX_GuildSetting_ChangeSeq", "GuildSetting", ["ChangeSeq"])


def downgrade() -> None:
    op.drop_index("IX_GuildSetting_ChangeSeq", table_name="GuildSetting")
    op.drop_table("GuildSetting")
